package ingest

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
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
		case c >= '0' && c <= '9':
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
		case c == '{' && p.depth == 0 && len(p.g.Moves) > 0 && !p.afterRes && i+18 <= n &&
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
		case c|0x20 >= 'a' && c|0x20 <= 'z' && !p.afterRes && p.pending == 0 && p.nmoves < p.opts.MaxMoves:
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

// delimBit is delim as 0/1, for branch-free lookups.
var delimBit = func() (t [256]uint8) {
	for c, ok := range delim {
		if ok {
			t[c] = 1
		}
	}
	return t
}()

// tokenEnd returns the index of the first delimiter after d[i] (or len(d)).
// Move tokens are short and of every length, so the first eight bytes are
// looked up without branches (a loop would mispredict its exit).
func tokenEnd(d []byte, i int) int {
	if i+8 <= len(d) {
		w := d[i : i+8 : i+8]
		m := uint(delimBit[w[1]])<<1 | uint(delimBit[w[2]])<<2 | uint(delimBit[w[3]])<<3 |
			uint(delimBit[w[4]])<<4 | uint(delimBit[w[5]])<<5 | uint(delimBit[w[6]])<<6 |
			uint(delimBit[w[7]])<<7
		if m != 0 {
			return i + bits.TrailingZeros(m)
		}
		i += 7
	}
	j := i + 1
	for j < len(d) && !delim[d[j]] {
		j++
	}
	return j
}

// plainMove reports whether the token d[i:j] (starting with a letter) is a
// plain move: no suffix glyph or trailing dot, not "e.p."/"ep", not a "Z0"
// null move, not a promotion written "e8(Q)".
func plainMove(d []byte, i, j int) bool {
	c, last := d[i], d[j-1]
	return last != '!' && last != '?' && last != '.' &&
		!(j-i >= 2 && (c == 'e' && (d[i+1] == 'p' || d[i+1] == '.') || c == 'Z' && d[i+1] == '0')) &&
		!(j+2 < len(d) && d[j] == '(' && d[j+2] == ')')
}

// mainLine stores the plain move d[i:j] on the main line (outside
// variations, before the result) and reads on while the movetext keeps the
// common shape of generated files: plain moves, move numbers ("12." or
// "12...") and Lichess clock comments ("{ [%clk 0:03:00] }") separated by
// single spaces on one line. It returns the index where run goes on; the
// result is what run's own cases would produce.
func (p *parser) mainLine(i, j int) int {
	n := len(p.d)
	d := p.d[:n:n] // one value for length and capacity spares a register
	ms := p.g.Moves
	k0 := len(ms)
	// limit: the loop stops reading moves when the stored ones reach it,
	// MaxMoves or the capacity (the next move is then appended by a later
	// call)
	limit := min(cap(ms), k0+p.opts.MaxMoves-p.nmoves)
	line, col1 := p.line, p.lineStart-1
	// next indexes moveNumbers with the number the next move would have,
	// once one was read
	next := noMoveNumber
	var m *MoveToken
	if k := len(ms); k < cap(ms) {
		ms = ms[:k+1]
		m = &ms[k]
		m.setPlain(d[i:j:j], line, i-col1)
	} else {
		ms = append(ms, MoveToken{Text: d[i:j:j], Line: line, Col: i - col1, ClockMS: -1, EmtMS: -1})
		m = &ms[len(ms)-1]
	}
	for {
		i = j
		// The bytes after the move, up to the next move's first eight, are
		// read through one window of fixed length (a ply takes at most 35
		// of them: a space, the clock comment and a space, a move number of
		// three digits with "..." and a space, and the move's word), so
		// that constant or masked indexes need no bounds checks. The last
		// bytes of the game are left to run.
		if n-i < plyWindow {
			break
		}
		w := d[i : i+plyWindow : i+plyWindow]
		if w[0] != ' ' {
			break
		}
		k := 1 // w[k:] follows the move and its clock comment
		if w[1] == '{' {
			// "{ [%clk h:mm:ss] }": "{ [%clk " and "h:mm:ss]" read as
			// words, then " }"
			x := binary.LittleEndian.Uint64(w[9:])
			if binary.LittleEndian.Uint64(w[1:]) != clkOpen ||
				x&0xff00_00ff_0000_ff00 != 0x5d00_003a_0000_3a00 || binary.LittleEndian.Uint16(w[17:]) != clkClose || !clockDigits(x) {
				i++
				break
			}
			m.ClockMS = clockMS(x)
			if w[19] != ' ' {
				i += 19
				break
			}
			k = 20
		}
		i += k
		u := binary.LittleEndian.Uint64(w[k&31:])
		if c := byte(u); c-'1' <= 8 {
			// a move number "12." or "12..." and an optional space, as in
			// run, of at most three digits; one starting with '0'
			// ("0.5-0.5") is left to run. The one that follows the last
			// (see moveNumbers) is compared as a word; e is the number's
			// length.
			var e int
			if uint(next) < uint(len(moveNumbers)) && u&moveNumbers[next].mask == moveNumbers[next].word {
				e = int(moveNumbers[next].len)
			} else {
				// the digits, then the dots in r
				e = bits.TrailingZeros64(nonDigits(u)) >> 3
				if e > 3 {
					break
				}
				r := u >> (e * 8 & 63)
				if byte(r) != '.' {
					break
				}
				next = moveNumberIndex(u, e, byte(r>>8) == '.')
				e++
				if byte(r>>8) == '.' {
					if byte(r>>16) != '.' {
						break
					}
					e += 2
				}
				if byte(u>>(e*8&63)) == ' ' {
					e++
				} else {
					next = noMoveNumber // not spelt as in moveNumbers
				}
			}
			// (e is at most 8, and k+e at most 28)
			k += e
			i += e
			u = binary.LittleEndian.Uint64(w[k&31:])
		}
		if c := byte(u); c|0x20 < 'a' || c|0x20 > 'z' || len(ms) >= limit {
			break
		}
		// the move's end: the first byte after its first that is not a
		// letter, a digit or one of "+,-./:" must be a space within the
		// word (so it is where tokenEnd stops, and "e8(Q)" is ruled out),
		// and the byte before it not a '.'; y holds both in its low bytes
		// (for t = 8, no space: the byte shifted in is 0)
		t := bits.TrailingZeros64(nonMoveBytes(u)&^0x80) >> 3
		if y := u >> ((t - 1) * 8 & 63); byte(y>>8) != ' ' || byte(y) == '.' {
			break
		}
		j = i + t
		// plainMove's other conditions: not "e.p."/"ep", not "Z0" (a
		// last '!' or '?' is not a move byte, a last '.' was tested)
		if c2 := uint16(u); c2 == 'e'|'p'<<8 || c2 == 'e'|'.'<<8 || c2 == 'Z'|'0'<<8 {
			break
		}
		// store it in the next slot, below limit and so below cap(ms)
		ms = ms[:len(ms)+1]
		m = &ms[len(ms)-1]
		u8 := w[k&31 : k&31+8]
		m.setPlain(u8[:t:t], line, i-col1)
		next++ // the other side's move follows
	}
	p.g.Moves = ms
	p.nmoves += len(ms) - k0
	p.sawMove = true
	// the end of the last move, or of its clock comment (a move stored
	// here has a clock only if the loop read one)
	lm := &ms[len(ms)-1]
	p.lastEnd = lm.Col + col1 + len(lm.Text)
	if lm.ClockMS >= 0 {
		p.lastEnd += 19
	}
	return i
}

// setPlain sets every field of a reused move slot for the plain move text
// at line:col.
func (m *MoveToken) setPlain(text []byte, line, col int) {
	m.Text, m.Comment = text, nil
	m.Line, m.Col = line, col
	m.ClockMS, m.EmtMS = -1, -1
	m.EvalCP, m.EvalMate, m.Variations = 0, 0, 0
	m.NAGs, m.NumNAGs = [4]uint8{}, 0
	m.HasEvalCP, m.HasEvalMate, m.EnPassantMark, m.DrawOffer, m.Null = false, false, false, false, false
}

// plyWindow is the number of bytes mainLine reads after a move: the 35 a
// ply takes at most, rounded up so that a word read at an index masked
// with 31 stays inside.
const plyWindow = 40

// moveNumber is the spelling of a move number with its space, "12. "
// before a white move or "12... " before a black one, as a little-endian
// word: x starts with it when x&mask == word.
type moveNumber struct {
	word, mask uint64
	len        uint8
}

// moveNumbers holds the spellings of the move numbers 1 to 999, white's
// and black's for each, in the order of the moves: once mainLine has read
// a number, the next move's is known (the index plus one per move), and a
// file that writes every number so (Lichess) has each compared as one
// word instead of being read digit by digit. The comparison is exact: a
// text that starts with such a spelling reads digit by digit to the same
// length. A file that omits black's numbers (TWIC) has the white ones
// compared so; any other text is read digit by digit, and sets the index
// anew.
var moveNumbers = func() (t [2 * 999]moveNumber) {
	for k := range t {
		s := strconv.Itoa(k/2+1) + ". "
		if k%2 == 1 {
			s = strconv.Itoa(k/2+1) + "... "
		}
		var b [8]byte
		copy(b[:], s)
		t[k] = moveNumber{word: binary.LittleEndian.Uint64(b[:]), mask: 1<<(8*len(s)) - 1, len: uint8(len(s))}
	}
	return t
}()

// noMoveNumber is an index past moveNumbers: no number is expected.
const noMoveNumber = len(moveNumbers)

// moveNumberIndex returns the index in moveNumbers of the number whose e
// digits (1 to 3, the first not '0') start x, before a black move when
// black is set.
func moveNumberIndex(x uint64, e int, black bool) int {
	y := x - 0x3030_3030_3030_3030 // the digits' values in the low bytes
	n := int(byte(y))
	for k := 1; k < e; k++ {
		n = n*10 + int(byte(y>>(8*k)))
	}
	k := 2 * (n - 1)
	if black {
		k++
	}
	return k
}

// nonDigits returns the high bit of each byte of x that is not an ASCII
// digit: adding 0x46 sets it from ':' on (up to 0xB9), adding 0x50 leaves
// it clear below '0' and above 0xAF. Only the lowest bit set is exact (a
// byte above a non-digit may take its carry).
func nonDigits(x uint64) uint64 {
	return (x + 0x4646_4646_4646_4646 | ^(x + 0x5050_5050_5050_5050)) & 0x8080_8080_8080_8080
}

// clkOpen is "{ [%clk " and clkClose " }" as little-endian words.
const (
	clkOpen  = 0x206b6c63_255b207b
	clkClose = 0x7d20
)

// nonMoveBytes returns the high bit of each byte of x that is not an ASCII
// letter, digit or one of "+,-./:" (none of them a delimiter). Only the
// lowest bit set is exact: a byte of 0x80 or more may carry into the next
// byte's bit.
func nonMoveBytes(x uint64) uint64 {
	const high = 0x8080_8080_8080_8080
	l := x | 0x2020_2020_2020_2020                                       // letters to lower case
	letter := (l + 0x1f1f_1f1f_1f1f_1f1f) &^ (l + 0x0505_0505_0505_0505) // 'a' to 'z'
	sym := (x + 0x5555_5555_5555_5555) &^ (x + 0x4545_4545_4545_4545)    // '+' to ':'
	return (^(letter | sym) | x) & high
}

// clockMS reads the word "h:mm:ss]" (digits checked by clockDigits) as
// milliseconds. With the separators masked out, y*10 + y>>8 holds the
// minutes in byte 2 and the seconds in byte 5 (no byte exceeds 99).
func clockMS(x uint64) int64 {
	y := (x - 0x0030_3000_3030_0030) & 0x00ff_ff00_ffff_00ff // digits to values
	t := y*10 + y>>8
	return int64(byte(y))*3_600_000 + int64(byte(t>>16))*60_000 + int64(byte(t>>40))*1000
}

// clockDigits reports whether the word "h:mm:ss]" (as read by mainLine)
// holds digits where the digits go, with minutes and seconds tens at most 5.
func clockDigits(x uint64) bool {
	// per digit byte: adding tooBig sets the high bit above the largest
	// digit allowed, adding notSmall sets it from '0' on; no byte carries
	// into the next once the digit bytes are known to be ASCII
	const digits = 0x0080_8000_8080_0080
	const tooBig = 0x0046_4a00_464a_0046 // 0x80-'9'-1 or 0x80-'5'-1
	const notSmall = 0x0050_5000_5050_0050
	return (x|(x+tooBig)|^(x+notSmall))&digits == 0
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

// comment reads a {comment} at p.i.
func (p *parser) comment() {
	d := p.d
	open := p.i
	s := open + 1
	// fast path: a Lichess clock comment "{ [%clk 0:03:00] }"
	if s+18 <= len(d) && binary.LittleEndian.Uint64(d[s:])&0x00ffffffffffffff == clkPrefix {
		if ms, end, ok := fastClock(d, s+7); ok {
			if m := p.lastMove(); m != nil && !(p.afterRes && p.depth == 0) {
				m.ClockMS = ms
				p.i = end
				p.lastEnd = end
				return
			}
		}
	}
	var hasOpen, hasNL bool
	e := -1
	if k := bytes.IndexByte(d[s:], '}'); k >= 0 {
		e = s + k
		body := d[s:e]
		if len(body) <= 16 {
			for _, c := range body {
				hasOpen = hasOpen || c == '{'
				hasNL = hasNL || c == '\n'
			}
		} else {
			hasOpen = bytes.IndexByte(body, '{') >= 0
			hasNL = bytes.IndexByte(body, '\n') >= 0
		}
	}
	if e < 0 {
		openLine, openCol := p.line, p.col(open)
		p.i = len(d)
		p.lastEnd = p.i
		p.newlines(s, len(d))
		p.failAt(ErrUnterminatedComment, open, openLine, openCol)
		p.attachComment(d[s:], s)
		return
	}
	if hasOpen && !p.nestFailed {
		// '{' inside: read as nested when the braces balance before the game
		// ends. After one failure the rest of the game is read flat, which
		// keeps the work linear.
		depth := 0
		p.nestFailed = true
		for j := s; j < len(d); j++ {
			if d[j] == '{' {
				depth++
			} else if d[j] == '}' {
				if depth == 0 {
					if j != e {
						p.note(NoteNestedComment, "comment with nested braces", open)
						hasNL = true
					}
					e = j
					p.nestFailed = false
					break
				}
				depth--
			}
		}
	}
	p.i = e + 1
	p.lastEnd = p.i
	p.attachComment(d[s:e], s)
	if hasNL {
		p.newlines(s, e)
	}
}

// fastClock reads "h:mm:ss] }" at d[i:] (the tail of a comment holding only
// a clock) and returns the clock and the index after '}'.
// clkPrefix is " [%clk " as a little-endian word (7 bytes).
var clkPrefix = binary.LittleEndian.Uint64([]byte(" [%clk \x00"))

func fastClock(d []byte, i int) (ms int64, end int, ok bool) {
	if i+10 <= len(d) {
		// "h:mm:ss] }" read as one word plus two bytes
		x := binary.LittleEndian.Uint64(d[i:])
		if x&0xff00_00ff_0000_ff00 == 0x5d00_003a_0000_3a00 && d[i+8] == ' ' && d[i+9] == '}' {
			y := x - 0x0030_3000_3030_0030 // digits to values (the ':' and ']' bytes are ignored)
			h, m1, m2, s1, s2 := byte(y), byte(y>>16), byte(y>>24), byte(y>>40), byte(y>>48)
			if h <= 9 && m1 <= 5 && m2 <= 9 && s1 <= 5 && s2 <= 9 {
				return ((int64(h)*60+int64(m1*10+m2))*60 + int64(s1*10+s2)) * 1000, i + 10, true
			}
		}
	}
	var v int64
	parts := 0
	for i < len(d) {
		c := d[i]
		if c >= '0' && c <= '9' {
			v = v*10 + int64(c-'0')
			if v > 1e9 {
				return 0, 0, false
			}
			i++
			continue
		}
		if c == ':' {
			ms = ms*60 + v
			v = 0
			parts++
			i++
			continue
		}
		break
	}
	if parts < 1 || parts > 2 || i+2 >= len(d) || d[i] != ']' || d[i+1] != ' ' || d[i+2] != '}' {
		return 0, 0, false
	}
	return (ms*60 + v) * 1000, i + 3, true
}

// attachComment gives comment text to the last move of the current line,
// or to the pre-comment of the game or variation.
func (p *parser) attachComment(body []byte, pos int) {
	g := p.g
	if p.afterRes && p.depth == 0 {
		g.PostComment = p.join(g.PostComment, trimSpace(body))
		return
	}
	m := p.lastMove()
	if m == nil {
		t := trimSpace(body)
		if p.depth == 0 {
			g.PreComment = p.join(g.PreComment, t)
		} else {
			v := &g.Variations[p.varParent]
			v.PreComment = p.join(v.PreComment, t)
		}
		return
	}
	p.sink = commentSink{}
	text := splitCommands(body, &p.sink, &g.text)
	s := &p.sink
	if s.hasClock {
		m.ClockMS = s.clockMS
	}
	if s.hasEmt {
		m.EmtMS = s.emtMS
	}
	if s.hasCP {
		m.EvalCP, m.HasEvalCP = s.evalCP, true
	}
	if s.hasMate {
		m.EvalMate, m.HasEvalMate = s.evalMate, true
	}
	if s.bad {
		p.note(NoteBadCommand, "unreadable comment command kept as text", pos)
	}
	m.Comment = p.join(m.Comment, text)
}

// join returns a followed by b (space-separated), copying into the arena
// only when both are non-empty. When a already ends the arena (an earlier
// join), b is appended in place, so that many comments on one move cost
// linear time.
func (p *parser) join(a, b []byte) []byte {
	if len(b) == 0 {
		return a
	}
	if len(a) == 0 {
		return b
	}
	t := &p.g.text
	n := len(*t)
	if n >= len(a) && &(*t)[n-len(a)] == &a[0] {
		start := n - len(a)
		*t = append(*t, ' ')
		*t = append(*t, b...)
		return (*t)[start:len(*t):len(*t)]
	}
	start := n
	*t = append(*t, a...)
	*t = append(*t, ' ')
	*t = append(*t, b...)
	return (*t)[start:len(*t):len(*t)]
}

// openVariation handles '(' at p.i: a draw offer "(=)" or a variation.
func (p *parser) openVariation() {
	d := p.d
	pos := p.i
	if pos+2 < len(d) && d[pos+1] == '=' && d[pos+2] == ')' {
		p.i += 3
		if m := p.lastMove(); m != nil {
			m.DrawOffer = true
		}
		p.note(NoteDrawOffer, "draw offer (=)", pos)
		return
	}
	if p.afterRes && p.depth == 0 {
		p.note(NoteTokenAfterResult, "variation after the result skipped", pos)
		p.remark = true // a remark such as "1-0 (time)": left open, it is no error
		p.skipVariation(0)
		p.remark = false
		return
	}
	p.resolvePending(false)
	if m := p.lastMove(); m != nil {
		m.Variations++
	}
	if p.opts.MainLineOnly || p.depth >= p.opts.MaxNesting {
		p.skipVariation(p.depth)
		return
	}
	g := p.g
	anchor := len(*p.cur()) - 1
	g.Variations = append(g.Variations, Variation{Parent: p.varParent, Anchor: anchor, Depth: p.depth + 1, Line: p.line, Col: p.col(pos)})
	g.frames = append(g.frames, frame{varIdx: p.varParent})
	p.varParent = len(g.Variations) - 1
	p.depth++
	if len(g.scratch) < p.depth {
		g.scratch = append(g.scratch, nil)
	}
	g.scratch[p.depth-1] = g.scratch[p.depth-1][:0]
	p.i++
}

// closeVariation handles ')' at p.i.
func (p *parser) closeVariation() {
	if p.depth == 0 {
		p.note(NoteUnexpectedChar, "stray ')' skipped", p.i)
		p.i++
		return
	}
	p.i++
	p.resolvePending(false)
	p.popVariation()
}

func (p *parser) popVariation() {
	g := p.g
	v := &g.Variations[p.varParent]
	v.Start = len(g.VarMoves)
	g.VarMoves = append(g.VarMoves, g.scratch[p.depth-1]...)
	v.End = len(g.VarMoves)
	p.varParent = g.frames[len(g.frames)-1].varIdx
	g.frames = g.frames[:len(g.frames)-1]
	p.depth--
}

// skipVariation skips the variation opening at p.i without storing it,
// iteratively (no recursion), minding comments. base is the depth of
// variations kept as structure around it.
func (p *parser) skipVariation(base int) {
	d := p.d
	n := len(d)
	open := p.i
	openLine, openCol := p.line, p.col(open)
	depth := 1
	tooDeep := base+1 > p.opts.MaxNesting
	if tooDeep {
		p.fail(fmt.Errorf("%w: more than %d levels", ErrNestingTooDeep, p.opts.MaxNesting), open)
	}
	j := open + 1
	for j < n {
		switch d[j] {
		case '(':
			depth++
			if base+depth > p.opts.MaxNesting && !tooDeep {
				tooDeep = true
				p.fail(fmt.Errorf("%w: more than %d levels", ErrNestingTooDeep, p.opts.MaxNesting), j)
			}
		case ')':
			depth--
			if depth == 0 {
				p.i = j + 1
				return
			}
		case '{':
			k := bytes.IndexByte(d[j+1:], '}')
			if k < 0 {
				p.newlines(j, n)
				p.fail(ErrUnterminatedComment, j)
				j = n
				continue
			}
			p.newlines(j, j+1+k)
			j += k + 1
		case ';':
			k := bytes.IndexByte(d[j:], '\n')
			if k < 0 {
				j = n
				continue
			}
			j += k - 1
		case '\n':
			p.line++
			p.lineStart = j + 1
		}
		j++
	}
	p.i = n
	if p.remark {
		p.note(NoteTokenAfterResult, "'(' after the result not closed", open)
		return
	}
	p.failAt(ErrUnterminatedVariation, open, openLine, openCol)
}

// tag reads a tag pair at p.i ('[').
func (p *parser) tag() {
	d := p.d
	pos := p.i
	if p.quickTags(pos) {
		return
	}
	// the end of the line, cached: many tags on one long line must not
	// search for it again each time
	if p.nlPos < pos {
		p.nlPos = len(d)
		if k := bytes.IndexByte(d[pos:], '\n'); k >= 0 {
			p.nlPos = pos + k
		}
		// and the line's end without trailing blanks
		p.nlTrim = p.nlPos
		for p.nlTrim > pos && (d[p.nlTrim-1] == '\r' || d[p.nlTrim-1] == ' ' || d[p.nlTrim-1] == '\t') {
			p.nlTrim--
		}
	}
	e := p.nlPos
	if p.nlTrim > pos && p.simpleTag(d[pos:p.nlTrim], pos) {
		return
	}
	t := &p.tagBuf
	if !scanTagInto(d[pos:e], t) {
		// not a tag pair: skip to ']' on this line
		k := bytes.IndexByte(d[pos:e], ']')
		if k < 0 {
			k = e - pos - 1
		}
		p.note(NoteUnexpectedChar, "'[' not starting a tag pair skipped: "+clip(d[pos:pos+k+1]), pos)
		p.i = pos + k + 1
		return
	}
	p.i = pos + t.end
	p.lastEnd = p.i
	if p.sawMove || p.afterRes {
		p.note(NoteTagAfterMovetext, "tag pair after the movetext began: "+string(t.name), pos)
	}
	if t.flags != 0 {
		p.note(NoteTagSyntax, tagFlagText(t.flags)+" in tag "+string(t.name), pos)
	}
	g := p.g
	ref := tagRef{name: internTagName(t.name)}
	if ref.name == "" {
		ref.ns = len(g.tagArena)
		g.tagArena = append(g.tagArena, t.name...)
		ref.ne = len(g.tagArena)
	}
	ref.vs = len(g.tagArena)
	if t.escapes {
		g.tagArena = unescapeTag(g.tagArena, t.value)
	} else {
		g.tagArena = append(g.tagArena, t.value...)
	}
	ref.ve = len(g.tagArena)
	g.tagSpans = append(g.tagSpans, ref)
}

// simpleTag handles the common line `[Name "value"]` (nothing else on the
// line, no quote or backslash in the value); it returns false otherwise.
func (p *parser) simpleTag(l []byte, pos int) bool {
	n := len(l) // l ends at the last non-blank byte of the line
	if n < 5 || l[n-1] != ']' || l[n-2] != '"' {
		return false
	}
	k := 1
	for k < n && tagNameByte[l[k]] {
		k++
	}
	if k == 1 || k+1 >= n-2 || l[k] != ' ' || l[k+1] != '"' || l[1] == '%' || l[1] == '\\' {
		return false
	}
	v := l[k+2 : n-2]
	if hasQuoteOrBackslash(v) {
		return false
	}
	p.addTag(l[1:k], v, pos, pos+n)
	return true
}

// quickTags reads the tag lines from pos on that have the common form
// `[Name "value"]` (no quote, backslash or control byte in the value;
// nothing but blanks after the ']'), one after the other while the next
// line starts with '[', without returning to run between them. Each line
// is read in one pass, without looking for its end first: the name
// (recognised with word comparisons when the previous game had it at the
// same place, see nameCache), then the value up to the first '"', '\\'
// or control byte (eight bytes at a time), which must be the closing
// quote followed by ']' and the line end (after optional blanks). Such a
// line is one that simpleTag accepts, and it is stored as simpleTag
// stores it; the line ends and blanks skipped here are what run would
// skip. It returns false when the line at pos is not of that form
// (simpleTag then decides); otherwise p.i is after the last tag pair
// read, or at the start of the next line when that line starts with '['
// but is not of the form.
func (p *parser) quickTags(pos int) bool {
	d := p.d
	n := len(d)
	g := p.g
	found := false
	// the first tag lines of the game are read in place (see tagRef)
	inPlace := len(g.tagSpans) == 0
	if inPlace {
		p.rawLo = pos
	}
	for {
		// the name: as at the same place of the previous game (see
		// nameCache), or byte by byte
		var c *nameCache
		if r := len(g.tagSpans); r < len(g.tagCache) && pos+1+nameWindow <= n {
			c = &g.tagCache[r]
		}
		var k int
		var intern string
		if c != nil && c.n > 0 {
			if m := c.match(d[pos+1:]); m > 0 {
				k, intern = pos+1+m, c.name
			}
		}
		if k == 0 {
			if k = simpleTagName(d, pos, n); k == 0 {
				break
			}
			intern = internTagName(d[pos+1 : k])
			if c != nil && k-pos-1 <= maxCachedName {
				c.set(d[pos+1:], k-pos-1)
				c.name = intern
			} else if c != nil {
				c.n = 0
			}
		}
		q := valueEnd(d, k+2)
		// `"]` and the line end, or blanks before it, or the end of the game
		e := q + 2
		if q+4 <= n && binary.LittleEndian.Uint32(d[q:])&0xffffff == '"'|']'<<8|'\n'<<16 {
			// the common case
		} else {
			if q+1 >= n || d[q] != '"' || d[q+1] != ']' {
				break
			}
			for e < n && (d[e] == ' ' || d[e] == '\r' || d[e] == '\t') {
				e++
			}
			if e < n && d[e] != '\n' {
				break
			}
		}
		// stored as addTagInterned does, or in place
		if p.sawMove || p.afterRes {
			p.note(NoteTagAfterMovetext, "tag pair after the movetext began: "+string(d[pos+1:k]), pos)
		}
		g.tagSpans = append(g.tagSpans, tagRef{})
		ref := &g.tagSpans[len(g.tagSpans)-1]
		ref.name = intern
		if inPlace {
			ref.ns, ref.ne, ref.vs, ref.ve, ref.inData = pos+1, k, k+2, q, true
			p.rawHi = q
		} else {
			if intern == "" {
				ref.ns = len(g.tagArena)
				g.tagArena = append(g.tagArena, d[pos+1:k]...)
				ref.ne = len(g.tagArena)
			}
			ref.vs = len(g.tagArena)
			g.tagArena = append(g.tagArena, d[k+2:q]...)
			ref.ve = len(g.tagArena)
		}
		p.i, p.lastEnd = q+2, q+2
		found = true
		if e+1 >= n || d[e+1] != '[' {
			break
		}
		// the line end, as run reads it
		pos = e + 1
		p.i = pos
		p.line++
		p.lineStart = pos
	}
	return found
}

// valueEnd returns the index of the first '"', '\\' or control byte
// (below 0x20, '\n' among them) in d at or after i, or len(d) when there
// is none in the whole words (eight bytes) from i: a line that close to
// the end of the game is left to simpleTag.
func valueEnd(d []byte, i int) int {
	const lo, hi = 0x0101010101010101, 0x8080808080808080
	for ; i+8 <= len(d); i += 8 {
		x := binary.LittleEndian.Uint64(d[i:])
		// x^0x02 maps '"' to 0x20 and the control bytes among themselves,
		// so that its bytes below 0x21 are exactly those; x^'\\' has a
		// zero byte for each backslash. The lowest flagged byte is the
		// first match (higher ones may be false positives from the
		// borrow).
		y, z := x^lo*0x02, x^lo*'\\'
		if t := ((y-lo*0x21)&^y | (z-lo)&^z) & hi; t != 0 {
			return i + bits.TrailingZeros64(t)>>3
		}
	}
	return len(d)
}

// addTag stores a tag pair whose value needs no unescaping; end is the
// index after it.
func (p *parser) addTag(name, value []byte, pos, end int) {
	p.addTagInterned(name, internTagName(name), value, pos, end)
}

// addTagInterned is addTag with internTagName(name) already known.
func (p *parser) addTagInterned(name []byte, intern string, value []byte, pos, end int) {
	p.i = end
	p.lastEnd = end
	if p.sawMove || p.afterRes {
		p.note(NoteTagAfterMovetext, "tag pair after the movetext began: "+string(name), pos)
	}
	g := p.g
	// The span is filled in place: a tagRef built aside and appended is
	// copied with wide loads that stall on its narrow stores.
	g.tagSpans = append(g.tagSpans, tagRef{})
	ref := &g.tagSpans[len(g.tagSpans)-1]
	ref.name = intern
	if intern == "" {
		ref.ns = len(g.tagArena)
		g.tagArena = append(g.tagArena, name...)
		ref.ne = len(g.tagArena)
	}
	ref.vs = len(g.tagArena)
	g.tagArena = append(g.tagArena, value...)
	ref.ve = len(g.tagArena)
}

// hasQuoteOrBackslash reports whether v contains '"' or '\\', eight bytes
// at a time.
func hasQuoteOrBackslash(v []byte) bool {
	const lo, hi = 0x0101010101010101, 0x8080808080808080
	const q, bs = lo * '"', lo * '\\'
	i := 0
	for ; i+8 <= len(v); i += 8 {
		x := binary.LittleEndian.Uint64(v[i:])
		a, b := x^q, x^bs
		if ((a-lo)&^a|(b-lo)&^b)&hi != 0 {
			return true
		}
	}
	for ; i < len(v); i++ {
		if v[i] == '"' || v[i] == '\\' {
			return true
		}
	}
	return false
}

func tagFlagText(f uint8) string {
	var parts []byte
	add := func(s string) {
		if len(parts) > 0 {
			parts = append(parts, ", "...)
		}
		parts = append(parts, s...)
	}
	if f&tagUnquoted != 0 {
		add("unquoted value")
	}
	if f&tagUnescapedQuote != 0 {
		add("unescaped quote")
	}
	if f&tagMissingBracket != 0 {
		add("missing ']'")
	}
	if f&tagBadEscape != 0 {
		add("escaped closing quote")
	}
	if f&tagUnterminated != 0 {
		add("unterminated value")
	}
	return string(parts)
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
