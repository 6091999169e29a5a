//go:build arbiter_reference

package chess

// parseQuick is the quick path of notation_quick.go switched off: every
// token takes the general path.
func (p *Position) parseQuick(tok []byte, lang Language) ParsedMove { return p.parseGeneral(tok, lang) }
