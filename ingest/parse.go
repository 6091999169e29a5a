package ingest

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"slices"
)

// ParseOptions configure ParseGame. The zero value keeps variations.
type ParseOptions struct {
	// MainLineOnly skips variations cheaply (their moves are not stored;
	// MoveToken.Variations still counts them).
	MainLineOnly bool
	// MaxNesting caps variation depth (default 256). Deeper variations are
	// skipped and the game gets ErrNestingTooDeep; its main line is kept.
	MaxNesting int
	// MaxMoves caps the move tokens stored for one game, main line and
	// variations together (default 65536; a real game has a few hundred
	// plies, an annotated one a few thousand). Further moves are not stored
	// and the game gets ErrGameTooLarge: memory stays proportional to the
	// cap, not to hostile input.
	MaxMoves int
}

// DefaultMaxMoves is the cap used when ParseOptions.MaxMoves is 0.
const DefaultMaxMoves = 1 << 16

// DefaultMaxNesting is the variation depth cap used when
// ParseOptions.MaxNesting is 0.
const DefaultMaxNesting = 256

// ParseGame tokenizes one game into g, reusing g's slices: once g has
// grown to the sizes a file needs, parsing allocates nothing per move token
// (tags cost one string allocation per game). It does not interpret chess:
// move tokens are handed on as written.
//
// The returned error is g.Err: nil, or a *SyntaxError when the game could
// not be read completely; g then still holds everything read. ParseGame
// never panics on any input and runs in time linear in len(raw.Data).
func ParseGame(raw RawGame, file string, opts ParseOptions, g *Game) error {
	if opts.MaxNesting <= 0 {
		opts.MaxNesting = DefaultMaxNesting
	}
	if opts.MaxMoves <= 0 {
		opts.MaxMoves = DefaultMaxMoves
	}
	g.reset(raw, file)
	data := raw.Data
	p := parser{g: g, opts: opts, nlPos: -1, rawLine: raw.Line, rawCol: raw.Col, rawOff: raw.Offset, line: raw.Line, lineStart: -(max(raw.Col, 1) - 1), varParent: -1}
	if !validUTF8(data) {
		var mapped, undef int
		page, decode, keepUTF8 := "Windows-1252", decodeCP1252, true
		if looksCP1251(data) {
			page, decode, keepUTF8 = "Windows-1251", decodeCP1251, false
		}
		g.conv, mapped, undef = transcode(g.conv[:0], data, decode, keepUTF8)
		data = g.conv
		g.Transcoded = true
		p.d = data
		p.note(NoteEncoding, fmt.Sprintf("%d byte(s) not UTF-8, read as %s", mapped, page), 0)
		if undef > 0 {
			p.note(NoteEncodingUndefined, fmt.Sprintf("%d byte(s) undefined in %s replaced by U+FFFD", undef, page), 0)
		}
	}
	p.d = data
	if raw.Encoding != EncodingUTF8 {
		g.Transcoded = true
		p.note(NoteEncoding, "the input is "+raw.Encoding.String()+", read as UTF-8", 0)
	}
	if bytes.HasPrefix(data, bom) {
		p.i = 3
		p.note(NoteBOM, "UTF-8 byte order mark skipped", 0)
	}
	if raw.Truncated {
		err := ErrTruncated
		if raw.Limited {
			err = ErrInputLimit
		}
		p.fail(err, len(data))
		p.cut = true
	}
	p.run()
	p.finish()
	return g.Err
}

func (g *Game) reset(raw RawGame, file string) {
	g.File, g.Index, g.Offset, g.Line = file, raw.Index, raw.Offset, raw.Line
	g.Tags = g.Tags[:0]
	g.Moves = g.Moves[:0]
	g.PreComment, g.PostComment = nil, nil
	g.ResultToken, g.Result = "", ResultNone
	g.Variations = g.Variations[:0]
	g.VarMoves = g.VarMoves[:0]
	g.Notes = g.Notes[:0]
	g.Transcoded = false
	g.Err = nil
	g.text = g.text[:0]
	g.tagArena = g.tagArena[:0]
	g.tagSpans = g.tagSpans[:0]
	g.frames = g.frames[:0]
}

type parser struct {
	g         *Game
	opts      ParseOptions
	rawLine   int
	rawCol    int
	rawOff    int64
	d         []byte
	i         int
	line      int
	lineStart int // index in d of the current line's first byte

	depth       int // open variations kept as structure
	varParent   int // index in g.Variations of the innermost open variation, -1 = main line
	sawMove     bool
	afterRes    bool
	pending     int // resDoubleForfe or resForfeit waiting for the end of movetext
	pendTok     []byte
	pendPos     int
	recovered   Result
	recTok      []byte
	sink        commentSink
	lastEnd     int  // end of the last token or comment (for the missing-result note)
	nestFailed  bool // a nested-brace match failed: read the rest flat
	remark      bool // skipVariation skips a remark after the result
	cut         bool // the stream was cut inside the game (RawGame.Truncated)
	suppressed  int  // notes over MaxNotes
	nmoves      int  // move tokens stored
	nlPos       int  // index of the next '\n' at or after the last tag (cache)
	nlTrim      int  // that line's end without trailing blanks
	movesCapped bool // MaxMoves reached
	tagBuf      tagSpan
	// d[rawLo:rawHi] holds the tag lines read in place by quickTags
	// (tagRef.inData)
	rawLo, rawHi int
}

func (p *parser) col(pos int) int { return pos - p.lineStart + 1 }

func (p *parser) note(code, msg string, pos int) {
	if len(p.g.Notes) >= MaxNotes {
		p.suppressed++
		return
	}
	p.g.Notes = append(p.g.Notes, Note{Code: code, Message: msg, Line: p.lineOf(pos), Col: p.colOf(pos)})
}

// MaxNotes caps the notes kept for one game (hostile input could otherwise
// produce one per byte); the excess is counted in a final
// "notes_suppressed" note.
const MaxNotes = 200

// lineOf returns the line of pos; pos is at or after the current line's
// start in normal use, or 0 for game-level notes.
func (p *parser) lineOf(pos int) int {
	if pos >= p.lineStart {
		return p.line
	}
	return p.rawLine
}

func (p *parser) colOf(pos int) int {
	if pos >= p.lineStart {
		return pos - p.lineStart + 1
	}
	return max(p.rawCol, 1)
}

// posOf computes the line and column of d[pos] by counting line ends
// backwards from the current position (used only for rare notes).
func (p *parser) posOf(pos int) (line, col int) {
	if pos >= p.lineStart {
		return p.line, pos - p.lineStart + 1
	}
	seg := p.d[pos:p.lineStart]
	line = p.line - bytes.Count(seg, []byte{'\n'})
	start := bytes.LastIndexByte(p.d[:pos], '\n') + 1
	if line == p.rawLine {
		return line, pos + max(p.rawCol, 1)
	}
	return line, pos - start + 1
}

// fail records err at pos: the first one becomes g.Err, later ones notes.
func (p *parser) fail(err error, pos int) {
	p.failAt(err, pos, p.lineOf(pos), p.colOf(pos))
}

func (p *parser) failAt(err error, pos, line, col int) {
	if p.cut && (err == ErrUnterminatedComment || err == ErrUnterminatedVariation) {
		return // the stream was cut inside the game: that is the error
	}
	if p.g.Err != nil {
		if len(p.g.Notes) >= MaxNotes {
			p.suppressed++
			return
		}
		p.g.Notes = append(p.g.Notes, Note{Code: NoteError, Message: err.Error(), Line: line, Col: col})
		return
	}
	p.g.Err = &SyntaxError{File: p.g.File, Game: p.g.Index, Line: line, Column: col, Offset: p.rawOff + int64(pos), Err: err}
}

// cur returns the move list of the innermost open line.
func (p *parser) cur() *[]MoveToken {
	if p.depth == 0 {
		return &p.g.Moves
	}
	return &p.g.scratch[p.depth-1]
}

func (p *parser) lastMove() *MoveToken {
	l := p.cur()
	if len(*l) == 0 {
		return nil
	}
	return &(*l)[len(*l)-1]
}

// newlines accounts for the line ends in d[from:to].
func (p *parser) newlines(from, to int) {
	seg := p.d[from:to]
	if n := bytes.Count(seg, []byte{'\n'}); n > 0 {
		p.line += n
		p.lineStart = from + bytes.LastIndexByte(seg, '\n') + 1
	}
}

func isDelim(c byte) bool {
	return delim[c]
}

var delim = func() (t [256]bool) {
	for _, c := range []byte(" \t\r\n\f\v\x1a{}();$[") {
		t[c] = true
	}
	for c := 0; c < 0x20; c++ {
		t[c] = true // control bytes end a token (and are reported)
	}
	t[0x7f] = true
	return t
}()

func (p *parser) run() {
	d := p.d
	n := len(d)
	i := p.i
	for i < n {
		c := d[i]
		switch {
		case c == ' ':
			i++
			continue
		case c == '\n':
			i++
			p.line++
			p.lineStart = i
			continue
		case fastPaths && c >= '0' && c <= '9':
			// fast path for move numbers: "12." "12..." (not "0.5-0.5")
			j := i + 1
			for j < n && d[j] >= '0' && d[j] <= '9' {
				j++
			}
			if j < n && d[j] == '.' {
				k := j + 1
				for k < n && d[k] == '.' {
					k++
				}
				// a move number, unless it is the "0.5" of "0.5-0.5"
				if k == n || d[k] < '0' || d[k] > '9' || !(j == i+1 && c == '0' && d[k] == '5') {
					i = k
					continue
				}
			}
		case fastPaths && c == '{' && p.depth == 0 && len(p.g.Moves) > 0 && !p.afterRes && i+18 <= n &&
			binary.LittleEndian.Uint64(d[i+1:])&0x00ffffffffffffff == clkPrefix:
			// fast path for a Lichess clock comment "{ [%clk 0:03:00] }":
			// "h:mm:ss]" read as one word, then " }"
			x := binary.LittleEndian.Uint64(d[i+8:])
			if x&0xff00_00ff_0000_ff00 == 0x5d00_003a_0000_3a00 && d[i+16] == ' ' && d[i+17] == '}' {
				y := x - 0x0030_3000_3030_0030
				h, m1, m2, s1, s2 := byte(y), byte(y>>16), byte(y>>24), byte(y>>40), byte(y>>48)
				if h <= 9 && m1 <= 5 && m2 <= 9 && s1 <= 5 && s2 <= 9 {
					p.g.Moves[len(p.g.Moves)-1].ClockMS = ((int64(h)*60+int64(m1*10+m2))*60 + int64(s1*10+s2)) * 1000
					i += 18
					p.lastEnd = i
					continue
				}
			}
		case fastPaths && c|0x20 >= 'a' && c|0x20 <= 'z' && !p.afterRes && p.pending == 0 && p.nmoves < p.opts.MaxMoves:
			// fast path for a plain move token
			j := tokenEnd(d, i)
			if plainMove(d, i, j) {
				if p.depth == 0 {
					i = p.mainLine(i, j)
					continue
				}
				l := &p.g.scratch[p.depth-1]
				ms := *l
				if k := len(ms); k < cap(ms) {
					// reuse the slot: set every field
					ms = ms[:k+1]
					m := &ms[k]
					m.Text, m.Comment = d[i:j:j], nil
					m.Line, m.Col = p.line, i-p.lineStart+1
					m.ClockMS, m.EmtMS = -1, -1
					m.EvalCP, m.EvalMate, m.Variations = 0, 0, 0
					m.NAGs, m.NumNAGs = [4]uint8{}, 0
					m.HasEvalCP, m.HasEvalMate, m.EnPassantMark, m.DrawOffer, m.Null = false, false, false, false, false
				} else {
					ms = append(ms, MoveToken{Text: d[i:j:j], Line: p.line, Col: i - p.lineStart + 1, ClockMS: -1, EmtMS: -1})
				}
				*l = ms
				p.nmoves++
				p.sawMove = true
				p.lastEnd = j
				i = j
				continue
			}
		}
		p.i = i
		switch c {
		case '\t', '\r', '\f', '\v', 0x1a:
			p.i++
		case '{':
			p.comment()
		case ';':
			s := p.i + 1
			e := n
			if k := bytes.IndexByte(d[s:], '\n'); k >= 0 {
				e = s + k
			}
			p.i = e
			p.lastEnd = e
			p.attachComment(d[s:e], s)
		case '(':
			p.openVariation()
		case ')':
			p.closeVariation()
		case '$':
			p.nag()
		case '[':
			p.tag()
		case '%':
			if p.i == p.lineStart {
				if k := bytes.IndexByte(d[p.i:], '\n'); k >= 0 {
					p.i += k
				} else {
					p.i = n
				}
				break
			}
			p.token()
		case '}':
			p.note(NoteUnexpectedChar, "stray '}' skipped", p.i)
			p.i++
		case 0xEF:
			if p.i+2 < n && d[p.i+1] == 0xBB && d[p.i+2] == 0xBF {
				p.i += 3 // a byte order mark inside the stream (concatenated files)
				break
			}
			p.token()
		default:
			if c < 0x20 || c == 0x7f {
				// a control byte (binary data, a damaged file): skipped
				p.fail(fmt.Errorf("%w: byte %#02x", ErrUnexpectedChar, c), p.i)
				p.i++
				break
			}
			p.token()
		}
		i = p.i
	}
	p.i = i
}

// token reads a move number, move, result or glyph token at p.i.
func (p *parser) token() {
	d := p.d
	n := len(d)
	t0 := p.i
	j := t0
	if c := d[j]; c >= '0' && c <= '9' {
		for j < n && d[j] >= '0' && d[j] <= '9' {
			j++
		}
		if j == n || (isDelim(d[j]) && d[j] != '$') {
			// a move number without a dot ("12 e4")
			p.i = j
			return
		}
		if d[j] == '.' {
			k := j
			for k < n && d[k] == '.' {
				k++
			}
			if k == n || d[k] < '0' || d[k] > '9' || !(j == t0+1 && d[t0] == '0' && d[k] == '5') {
				p.i = k // "12." "12..." "1.e4" "10.0-0-0"
				return
			}
		} else if j+2 < n && d[j] == 0xE2 && d[j+1] == 0x80 && d[j+2] == 0xA6 { // "12…"
			p.i = j + 3
			return
		}
	}
	for j < n && !delim[d[j]] {
		j++
	}
	// a promotion written "e8(Q)": the parenthesis belongs to the move
	if j+2 < n && d[j] == '(' && d[j+2] == ')' && isLetter(d[j+1]) && j > t0 && d[j-1] >= '1' && d[j-1] <= '8' {
		j += 3
		for j < n && !delim[d[j]] {
			j++
		}
	}
	p.i = j
	p.lastEnd = j
	tok := d[t0:j]
	c0 := tok[0]
	if isLetter(c0) && !p.afterRes && p.pending == 0 {
		last := tok[len(tok)-1]
		if last != '!' && last != '?' && last != '.' && !(c0 == 'e' && len(tok) >= 2 && (tok[1] == 'p' || tok[1] == '.')) &&
			!(c0 == 'Z' && len(tok) == 2 && tok[1] == '0') {
			// the common case: a plain move
			if !p.moveRoom(t0) {
				return
			}
			l := p.cur()
			*l = append(*l, MoveToken{Text: tok, Line: p.line, Col: t0 - p.lineStart + 1, ClockMS: -1, EmtMS: -1})
			p.sawMove = true
			return
		}
	}
	// results and result-like tokens
	if c0 == '1' || c0 == '0' || c0 == '*' || c0 == 0xC2 || c0 == '+' || c0 == '-' {
		if r, kind := classifyResult(tok); kind != resNotResult {
			p.resultToken(r, kind, tok, t0)
			return
		}
	}
	if p.afterRes && p.depth == 0 {
		p.note(NoteTokenAfterResult, "token after the result ignored: "+clip(tok), t0)
		return
	}
	p.resolvePending(false)
	if !isLetter(c0) {
		// glyph-only tokens
		if nag, ok := glyphNAG(tok); ok {
			p.addNAG(nag, t0)
			return
		}
		switch string(tok) {
		case "+", "#", "++":
			p.note(NoteDetachedSuffix, "detached '"+string(tok)+"' ignored", t0)
			return
		}
		if allDots(tok) {
			return // "..." or "…" of "12. ..."
		}
	} else if c0 == 'e' && len(tok) <= 8 {
		// "e.p." standing alone, possibly with the check mark or a glyph
		// that belongs to the move ("exf6 e.p.+")
		base := tok
		for len(base) > 2 && (base[len(base)-1] == '+' || base[len(base)-1] == '#' || base[len(base)-1] == '!' || base[len(base)-1] == '?') {
			base = base[:len(base)-1]
		}
		switch string(base) {
		case "e.p.", "ep", "e.p":
			if m := p.lastMove(); m != nil {
				m.EnPassantMark = true
				if k := glyphSuffix(tok); k > 0 {
					if v, ok := glyphNAG(tok[len(tok)-k:]); ok {
						p.addNAG(v, t0)
					}
				}
			}
			return
		}
	}
	// a move: split off suffix glyphs and a glued "e.p."
	var nags [2]uint8
	nn := 0
	ep := false
	if len(tok) > 4 && bytes.HasSuffix(tok, []byte("e.p.")) {
		tok = tok[:len(tok)-4]
		ep = true
	}
	if k := glyphSuffix(tok); k > 0 && k < len(tok) {
		if v, ok := glyphNAG(tok[len(tok)-k:]); ok {
			nags[0] = v
			nn = 1
			tok = tok[:len(tok)-k]
		}
	}
	if !p.moveRoom(t0) {
		return
	}
	l := p.cur()
	*l = append(*l, MoveToken{Text: tok, Line: p.line, Col: t0 - p.lineStart + 1, ClockMS: -1, EmtMS: -1, EnPassantMark: ep})
	m := &(*l)[len(*l)-1]
	if nn > 0 {
		m.NAGs[0] = nags[0]
		m.NumNAGs = 1
	}
	if len(tok) == 2 && (tok[0] == '-' && tok[1] == '-' || tok[0] == 'Z' && tok[1] == '0') {
		m.Null = true
		p.note(NoteNullMove, "null move "+string(tok), t0)
	}
	if ep {
		p.note(NoteEnPassantMark, "e.p. mark", t0)
	}
	p.sawMove = true
}

func allDots(b []byte) bool {
	for i := 0; i < len(b); {
		if b[i] == '.' {
			i++
			continue
		}
		if i+2 < len(b) && b[i] == 0xE2 && b[i+1] == 0x80 && b[i+2] == 0xA6 {
			i += 3
			continue
		}
		return false
	}
	return true
}

func clip(b []byte) string {
	if len(b) > 40 {
		return string(b[:40]) + "..."
	}
	return string(b)
}

// finish settles the result and builds the tags.
func (p *parser) finish() {
	g := p.g
	// close variations left open (their moves are kept)
	if p.depth > 0 {
		for p.depth > 0 {
			v := g.Variations[p.varParent]
			p.popVariation()
			p.failAt(ErrUnterminatedVariation, 0, v.Line, v.Col)
		}
	}
	p.resolvePending(true)
	if g.Result == ResultNone {
		if p.recovered != ResultNone {
			g.Result, g.ResultToken = p.recovered, resultString(p.recTok)
			p.g.Notes = append(p.g.Notes, Note{Code: NoteResultRecovered, Message: "result " + g.ResultToken + " taken from an unclosed variation", Line: p.line, Col: 1})
		} else if !p.cut { // a cut game has lost its end: the cut is the error
			line, col := p.posOf(p.lastEnd)
			g.Notes = append(g.Notes, Note{Code: NoteMissingResult, Message: "no result at the end of the movetext", Line: line, Col: col})
		}
	}
	if p.suppressed > 0 {
		g.Notes = append(g.Notes, Note{Code: NoteSuppressed, Message: fmt.Sprintf("%d more notes not kept", p.suppressed), Line: p.line, Col: 1})
	}
	// tags: one string for the names and values in the arena, and one
	// for the tag lines read in place
	if len(g.tagSpans) > 0 {
		var s, raw string
		if len(g.tagArena) > 0 {
			s = string(g.tagArena)
		}
		if p.rawHi > p.rawLo {
			raw = string(p.d[p.rawLo:p.rawHi])
		}
		tags := slices.Grow(g.Tags[:0], len(g.tagSpans))[:len(g.tagSpans)]
		for i := range tags {
			t := &g.tagSpans[i]
			src, off := s, 0
			if t.inData {
				src, off = raw, p.rawLo
			}
			name := t.name
			if name == "" {
				name = src[t.ns-off : t.ne-off]
			}
			tags[i] = Tag{Name: name, Value: src[t.vs-off : t.ve-off]}
		}
		g.Tags = tags
	}
}
