package ingest

// The parser's fast paths: the main line of generated files read a word
// at a time, Lichess clock comments, and simple tag lines. Each is a layer
// over the general code (parse.go, parse_comment.go, parse_tags.go) and
// must give what it gives; -tags arbiter_reference switches them off (see
// fastPaths), and the tests then run on the general code alone.

import (
	"encoding/binary"
	"math/bits"
	"strconv"
)

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
