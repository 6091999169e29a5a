//go:build arbiter_reference

package chess

// resolveFast is the fast path of notation_resolve_fast.go switched off:
// it decides nothing, and resolveSlow resolves every move.
func (p *Position) resolveFast(s *moveSyntax, pm *ParsedMove) bool { return false }
