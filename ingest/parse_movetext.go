package ingest

import (
	"bytes"
	"fmt"
	"strconv"
)

// glyphSuffix returns the length of the trailing run of '!' and '?'.
func glyphSuffix(t []byte) int {
	k := 0
	for k < len(t) && k < 3 && (t[len(t)-1-k] == '!' || t[len(t)-1-k] == '?') {
		k++
	}
	return k
}

// glyphNAG maps annotation glyphs to NAG numbers.
func glyphNAG(t []byte) (uint8, bool) {
	switch string(t) {
	case "!":
		return 1, true
	case "?":
		return 2, true
	case "!!":
		return 3, true
	case "??":
		return 4, true
	case "!?":
		return 5, true
	case "?!":
		return 6, true
	case "□":
		return 7, true
	case "=":
		return 10, true
	case "∞":
		return 13, true
	case "+=", "⩲":
		return 14, true
	case "=+", "⩱":
		return 15, true
	case "±":
		return 16, true
	case "∓":
		return 17, true
	case "+-", "+/-":
		return 18, true
	case "-+", "-/+":
		return 19, true
	}
	return 0, false
}

func (p *parser) addNAG(v uint8, pos int) {
	m := p.lastMove()
	if m == nil {
		p.note(NoteNAG, fmt.Sprintf("NAG %d before any move ignored", v), pos)
		return
	}
	if m.NumNAGs >= uint8(len(m.NAGs)) {
		p.note(NoteNAG, fmt.Sprintf("more than %d NAGs on one move: %d dropped", len(m.NAGs), v), pos)
		return
	}
	m.NAGs[m.NumNAGs] = v
	m.NumNAGs++
}

func (p *parser) nag() {
	d := p.d
	t0 := p.i
	j := t0 + 1
	for j < len(d) && d[j] >= '0' && d[j] <= '9' {
		j++
	}
	p.i = j
	if j == t0+1 {
		p.note(NoteUnexpectedChar, "'$' without a number skipped", t0)
		return
	}
	if p.afterRes && p.depth == 0 {
		p.note(NoteTokenAfterResult, "NAG after the result ignored", t0)
		return
	}
	p.resolvePending(false)
	v, err := strconv.Atoi(string(d[t0+1 : j]))
	if err != nil || v > 255 {
		p.note(NoteNAG, "NAG out of range: "+clip(d[t0:j]), t0)
		return
	}
	p.addNAG(uint8(v), t0)
}

// resultToken handles a token that spells a result.
func (p *parser) resultToken(r Result, kind int, tok []byte, pos int) {
	if p.depth > 0 {
		if kind == resStandard || kind == resVariant {
			p.recovered, p.recTok = r, tok
			p.note(NoteResultInVariation, "result "+string(tok)+" inside a variation ignored", pos)
			return
		}
		if kind == resForfeit {
			v, _ := glyphNAG(tok)
			p.addNAG(v, pos)
			return
		}
		// 0-0 in a variation: castling
		p.appendPlain(tok, pos)
		return
	}
	if p.afterRes {
		p.note(NoteTokenAfterResult, "second result "+string(tok)+" ignored", pos)
		return
	}
	p.resolvePending(false)
	switch kind {
	case resStandard, resVariant:
		p.setResult(r, tok, kind, pos)
	case resForfeit:
		p.pending, p.pendTok, p.pendPos = kind, tok, pos
	case resDoubleForfe:
		// castling unless it ends the movetext (see finish)
		p.appendPlain(tok, pos)
		p.pending, p.pendTok, p.pendPos = kind, tok, pos
	}
}

// moveRoom counts a move about to be stored; past ParseOptions.MaxMoves it
// reports ErrGameTooLarge once and returns false.
func (p *parser) moveRoom(pos int) bool {
	if p.nmoves < p.opts.MaxMoves {
		p.nmoves++
		return true
	}
	if !p.movesCapped {
		p.movesCapped = true
		p.fail(fmt.Errorf("%w: more than %d move tokens", ErrGameTooLarge, p.opts.MaxMoves), pos)
	}
	return false
}

func (p *parser) appendPlain(tok []byte, pos int) {
	if !p.moveRoom(pos) {
		return
	}
	l := p.cur()
	*l = append(*l, MoveToken{Text: tok, Line: p.line, Col: pos - p.lineStart + 1, ClockMS: -1, EmtMS: -1})
	p.sawMove = true
}

func (p *parser) setResult(r Result, tok []byte, kind int, pos int) {
	p.g.Result = r
	p.g.ResultToken = resultString(tok)
	p.afterRes = true
	switch kind {
	case resVariant:
		p.note(NoteResultSpelling, "result written "+string(tok)+", read as "+r.String(), pos)
	case resForfeit:
		p.note(NoteForfeit, "result "+string(tok)+" read as a forfeit: "+r.String(), pos)
	case resDoubleForfe:
		p.note(NoteDoubleForfeit, "result 0-0 read as a double forfeit: *", pos)
	}
}

func resultString(tok []byte) string {
	switch string(tok) {
	case "1-0":
		return "1-0"
	case "0-1":
		return "0-1"
	case "1/2-1/2":
		return "1/2-1/2"
	case "*":
		return "*"
	}
	return string(tok)
}

// resolvePending settles a tentative 0-0 or +/-: atEnd means the movetext
// ended right after it.
func (p *parser) resolvePending(atEnd bool) {
	if p.pending == 0 {
		return
	}
	kind, tok, pos := p.pending, p.pendTok, p.pendPos
	p.pending = 0
	switch kind {
	case resForfeit:
		if atEnd {
			r, _ := classifyResult(tok)
			p.setResult(r, tok, kind, pos)
			return
		}
		v, _ := glyphNAG(tok)
		p.addNAG(v, pos)
	case resDoubleForfe:
		if !atEnd || len(p.g.Moves) == 0 {
			return
		}
		// 0-0 ends the movetext: a double forfeit when it is the only token
		// or the Result tag says so; castling otherwise.
		tagRes := p.tagResult()
		if len(p.g.Moves) == 1 || tagRes == "0-0" {
			p.g.Moves = p.g.Moves[:len(p.g.Moves)-1]
			p.setResult(ResultUnknown, tok, resDoubleForfe, pos)
		}
	}
}

func (p *parser) tagResult() string {
	g := p.g
	for _, t := range g.tagSpans {
		if t.name == "Result" {
			v := g.tagArena
			if t.inData {
				v = p.d
			}
			return string(bytes.TrimSpace(v[t.vs:t.ve]))
		}
	}
	return ""
}
