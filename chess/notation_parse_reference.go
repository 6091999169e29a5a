//go:build arbiter_reference

package chess

// parseFast is the fast path of notation_parse_fast.go switched off: it
// reads nothing, and parse reads every token.
func (s *moveSyntax) parseFast(tok []byte, lang Language) bool { return false }
