//go:build arbiter_reference

package chess

// givesCheck is the fast path of givescheck_fast.go switched off: it plays
// the move and looks.
func (p *Position) givesCheck(m Move) bool { return p.GivesCheck(m) }
