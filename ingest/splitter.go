package ingest

import (
	"bytes"
	"encoding/binary"
)

// The splitter decides where games begin. It sees the stream one line at a
// time (a line may be cut only for over-long lines of skipped data) and
// keeps a small state: whether it is inside a {comment}, the variation
// depth, and what the current game has seen so far.
//
// A new game starts:
//   - at a tag line (first non-blank byte '[' followed by a tag pair) after
//     movetext, garbage or a result;
//   - at a tag line inside a tag section when the tag name was already seen
//     in that section and a blank line came before it, or the tag is
//     "Event" (tag-only games separated by blank lines);
//   - after a result token at variation depth 0 (1-0, 0-1, 1/2-1/2, *, and
//     non-standard spellings other than 0-0 and +/-), at the next movetext
//     line or move token, so that movetext-only files with one game per
//     line split. A result written with ':' ("1:0", "0.5:0.5", "½:½")
//     counts only when nothing but white space follows it on its line:
//     elsewhere the splitter reads it as an ordinary token (the parser
//     still sees it). Such results end the movetext of the files that use
//     them, while telling one apart from the clock times of a Lichess line
//     ("[%clk 0:03:00]", a hundred and fifty ':' a line) in the middle of
//     the line would cost fastLine a fifth of the splitter's time;
//   - at a line starting with "1." (not "1...") after a blank line, when the
//     current game already has moves at depth 0 and no result (games with
//     neither tags nor results, separated by blank lines);
//   - inside an unterminated {comment}, at a tag line that follows a blank
//     line (so that one missing '}' cannot swallow the rest of a file).
//
// Garbage: between games, a line whose first token looks like neither
// movetext nor a tag starts a garbage range that lasts until the next line
// that starts a game. After a blank line inside movetext the same test is
// applied.
//
// Movetext is read by movetext, byte by byte, which is the reference. A
// long line holding comments may instead be read by fastLine with a few
// searches; it accepts only lines where its outcome is movetext's, so the
// games found never depend on how long a comment is (the tests compare
// the two readings, see noFastLine).

// Splitter states.
const (
	stNone        = iota // before the first game
	stTags               // tag section, no movetext yet
	stMoves              // movetext
	stAfterResult        // after a result token at depth 0
	stGarbage            // garbage range
)

type event struct {
	pos       int // buffer index where the new segment starts
	kind      int // segGame or segGarbage
	line, col int
}

type splitter struct {
	st         int
	inBrace    bool
	braceBlank bool // a blank line was seen inside the open {comment}
	midLine    bool // the next scanLine call continues a cut line
	skipRest   bool // the rest of the current line is ignored (; comment, garbage, % line)
	depth      int
	blank      bool // the previous line was blank
	sawMove    bool
	nnames     int
	names      [64]uint64
	line       int   // number of the line being scanned
	lineStart  int64 // absolute offset of its first byte
	ev         []event
	tagRun     int // quick tag lines since the last other line
	tagCache   [24]nameCache
	fastLines  int // lines read by fastLine (tests check that it ran)
	// partial: the data handed to scan ends inside a line that is longer
	// than the reader's buffer. The splitter then reads only what it can
	// decide without the rest of the line: it stops before a token that
	// may go on past the data (and before a line whose start it cannot
	// judge yet), and scan returns where it stopped.
	partial bool
	// nlAbs is the stream offset of the '\n' ending the line being read
	// when nlFound; otherwise no '\n' stands before nlSearched (see lineEnd).
	nlFound    bool
	nlAbs      int64
	nlSearched int64
	// cut: the data handed to scan ends inside a line that the reader
	// cannot hold and was cut anywhere (a token may be split). A cut line
	// that starts like a tag pair is taken for one, so that the game it
	// starts is the one skipped as too large, not the game before it.
	cut bool
}

// Byte classes for movetext scanning.
const (
	clTok = iota
	clSpace
	clLBrace
	clSemi
	clLParen
	clRParen
)

var class = func() (t [256]uint8) {
	for _, c := range []byte{' ', '\t', '\r', '\n', '\f', '\v', 0x1a, '}'} {
		t[c] = clSpace
	}
	t['{'] = clLBrace
	t[';'] = clSemi
	t['('] = clLParen
	t[')'] = clRParen
	return t
}()

func (s *splitter) resetGame() {
	s.depth = 0
	s.sawMove = false
	s.nnames = 0
	s.inBrace = false
	s.braceBlank = false
}

func (s *splitter) emit(pos int, kind int, base int64) {
	s.ev = append(s.ev, event{pos: pos, kind: kind, line: s.line, col: int(base+int64(pos)-s.lineStart) + 1})
}

func (s *splitter) seen(k uint64) bool {
	for _, x := range s.names[:s.nnames] {
		if x == k {
			return true
		}
	}
	return false
}

// scan processes the lines of b[i:limit] until one of them produces an
// event (a segment start) or limit is reached, and returns where it stopped.
func (s *splitter) scan(b []byte, i, limit int, base int64) int {
	for i < limit {
		if b[i] == '[' && !s.midLine && !s.inBrace {
			if e := s.quickTags(b[:limit], i, base); e > i {
				i = e
				if len(s.ev) > 0 {
					break
				}
				continue
			}
		}
		e := s.lineEnd(b, i, limit, base)
		s.tagRun = 0
		next := s.scanLine(b, i, e, base)
		if next == i {
			break // partial: nothing more can be decided before more data
		}
		i = next
		if len(s.ev) > 0 {
			break
		}
	}
	return i
}

// lineEnd returns the index after the '\n' that ends the line holding
// b[i], or limit when there is none before it. The search is made once
// per line: a long line of many games is scanned a game at a time.
func (s *splitter) lineEnd(b []byte, i, limit int, base int64) int {
	at, lim := base+int64(i), base+int64(limit)
	if s.nlFound && s.nlAbs >= at {
		if s.nlAbs < lim {
			return int(s.nlAbs-base) + 1
		}
		return limit
	}
	from := i
	if !s.nlFound && s.nlSearched > at && s.nlSearched <= lim {
		from = int(s.nlSearched - base) // no '\n' before it
	}
	if k := bytes.IndexByte(b[from:limit], '\n'); k >= 0 {
		s.nlFound, s.nlAbs = true, base+int64(from+k)
		return from + k + 1
	}
	s.nlFound, s.nlSearched = false, lim
	return limit
}

// scanLine processes b[i:e], one line (ending with '\n' unless it is the
// last line, a cut one or, with s.partial, the start of a long one).
// Events are appended to s.ev. It returns where it stopped: e, or before
// e when a game started in the middle of the line (after its first
// token: the caller hands the event on, then scan goes on from there) or
// when, with s.partial, the rest depends on data not yet read; i when,
// with s.partial, the line's start cannot be judged yet.
func (s *splitter) scanLine(b []byte, i, e int, base int64) int {
	nl := e > i && b[e-1] == '\n'
	// fast path: a line starting with a simple tag pair (whose test needs
	// the line's end)
	if fastPaths && !s.midLine && !s.inBrace && b[i] == '[' && !s.partial {
		lineEnd := e
		if nl {
			lineEnd--
		}
		s.lineStart = base + int64(i)
		if s.simpleTagLine(b[i:lineEnd], i, base) {
			s.blank = false
			s.endLine(nl)
			return e
		}
	}
	stop, started := s.scanLineSlow(b, i, e, nl, base)
	if !started {
		return i
	}
	if stop == e {
		s.endLine(nl)
	} else {
		s.midLine = true
	}
	return stop
}

// scanLineSlow is scanLine's general path. It returns where it stopped
// and whether it read anything (false only with s.partial, when the
// line's start cannot be judged yet).
func (s *splitter) scanLineSlow(b []byte, i, e int, nl bool, base int64) (int, bool) {
	if s.midLine {
		switch {
		case s.skipRest:
			return e, true
		case s.inBrace:
			k := bytes.IndexByte(b[i:e], '}')
			if k < 0 {
				return e, true
			}
			s.inBrace = false
			return s.movetext(b, i+k+1, e, base), true
		default:
			return s.movetext(b, i, e, base), true
		}
	}
	j := i
	if e-j >= 3 && b[j] == 0xEF && b[j+1] == 0xBB && b[j+2] == 0xBF {
		j += 3
	}
	col0 := j
	for j < e && (b[j] == ' ' || b[j] == '\t' || b[j] == '\r' || b[j] == '\f' || b[j] == '\v' || b[j] == 0x1a) {
		j++
	}
	lineEnd := e
	if nl {
		lineEnd--
	}
	if s.partial && !decidable(b, j, lineEnd) {
		return i, false
	}
	s.lineStart = base + int64(i)
	if j == e || b[j] == '\n' {
		if s.inBrace {
			s.braceBlank = true
		}
		s.blank = true
		return e, true
	}
	c := b[j]
	if s.inBrace {
		if !(s.braceBlank && c == '[' && (isTagLine(b[j:lineEnd]) || s.cut && tagPrefix(b[j:lineEnd]) != nil)) {
			s.blank = false
			k := bytes.IndexByte(b[j:e], '}')
			if k < 0 {
				return e, true
			}
			s.inBrace = false
			return s.movetext(b, j+k+1, e, base), true
		}
		// escape hatch: a tag line after a blank line ends the runaway comment
		s.inBrace = false
		s.st = stMoves
	}
	if c == '%' && j == col0 && j == i {
		s.skipRest = true
		return e, true
	}
	if c == '[' {
		if fastPaths && !s.partial && s.simpleTagLine(b[j:lineEnd], i, base) {
			s.blank = false
			return e, true
		}
		t, ok := scanTag(b[j:lineEnd])
		if ok && !(s.cut && t.flags&tagCutFlags != 0) {
			return s.tagLine(b, i, j, e, lineEnd, t, base), true
		}
		if name := tagPrefix(b[j:lineEnd]); s.cut && name != nil {
			// a tag pair too long to hold: it starts (or goes on with)
			// a game, whose rest is skipped as too large
			s.tagName(name, i, base)
			s.blank = false
			s.skipRest = true
			return e, true
		}
	}
	wasBlank := s.blank
	s.blank = false
	switch s.st {
	case stNone, stGarbage:
		if !looksLikeMovetext(b[j:lineEnd]) {
			if s.st == stNone {
				s.emit(i, segGarbage, base)
			}
			s.st = stGarbage
			s.skipRest = true
			return e, true
		}
		s.emit(i, segGame, base)
		s.resetGame()
		s.st = stMoves
	case stTags:
		s.st = stMoves
	case stMoves:
		if wasBlank && s.depth == 0 {
			if !looksLikeMovetext(b[j:lineEnd]) {
				s.emit(i, segGarbage, base)
				s.st = stGarbage
				s.skipRest = true
				return e, true
			}
			if s.sawMove && startsMoveOne(b[j:lineEnd]) {
				s.emit(i, segGame, base)
				s.resetGame()
				s.st = stMoves
			}
		}
	case stAfterResult:
		// A remark in parentheses after the result ("1-0 (time)") belongs
		// to the game, also when it goes on over lines, until a line
		// starts with move 1.
		if s.depth > 0 && !startsMoveOne(b[j:lineEnd]) {
			break
		}
		if c != '{' && c != ';' && (c != '(' || s.depth > 0) {
			if !looksLikeMovetext(b[j:lineEnd]) {
				s.emit(i, segGarbage, base)
				s.st = stGarbage
				s.skipRest = true
				return e, true
			}
			s.emit(i, segGame, base)
			s.resetGame()
			s.st = stMoves
		}
	}
	if fastPaths && s.st == stMoves && !s.partial && s.fastLine(b, j, e) {
		return e, true
	}
	return s.movetext(b, j, e, base), true
}

// decidable reports whether the start of a line, b[j:end] from its first
// byte that is not white space to the end of the data read, is enough to
// judge the line as scanLineSlow does (s.partial): its first token is
// complete, and when it starts with tag pairs, they all close before the
// data ends and something that is not a tag pair follows them.
func decidable(b []byte, j, end int) bool {
	if j >= end {
		return false // blank so far
	}
	if b[j] != '[' {
		k := j
		for k < end && class[b[k]] == clTok {
			k++
		}
		return k < end
	}
	p := j
	for p < end && b[p] == '[' {
		t, ok := scanTag(b[p:end])
		if !ok || t.flags&tagCutFlags != 0 {
			return false
		}
		p += t.end
		for p < end && (b[p] == ' ' || b[p] == '\t' || b[p] == '\r') {
			p++
		}
	}
	return p < end
}

// tagCutFlags are the tolerances of scanTag that read a tag pair to the
// end of the line: on data that ends before the line does, the tag pair
// may go on.
const tagCutFlags = tagMissingBracket | tagBadEscape | tagUnterminated

// tagPrefix returns the name of what looks like the start of a tag pair
// that the data does not hold to its end: '[', a name, then white space,
// a quote or the end of the data; nil otherwise.
func tagPrefix(l []byte) []byte {
	k := 1
	for k < len(l) && tagNameByte[l[k]] {
		k++
	}
	if k == 1 || l[1] == '%' || l[1] == '\\' {
		return nil
	}
	if k < len(l) && l[k] != ' ' && l[k] != '\t' && l[k] != '"' {
		return nil
	}
	return l[1:k]
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func (s *splitter) endLine(nl bool) {
	if nl {
		s.line++
		s.midLine = false
		s.skipRest = false
	} else {
		s.midLine = true
	}
}

// nameKey is a cheap fingerprint of a tag name: its first and last (up
// to) 8 bytes and its length. Distinct names of one game that share all
// three are not told apart, which only matters for tag-only games.
func nameKey(b []byte) uint64 {
	n := len(b)
	var k uint64
	switch {
	case n >= 8:
		k = binary.LittleEndian.Uint64(b) ^ binary.LittleEndian.Uint64(b[n-8:])<<1
	case n >= 4:
		// the bytes in little-endian order, from two overlapping loads
		k = uint64(binary.LittleEndian.Uint32(b)) | uint64(binary.LittleEndian.Uint32(b[n-4:]))<<(8*(n-4))
	case n >= 2:
		k = uint64(binary.LittleEndian.Uint16(b)) | uint64(binary.LittleEndian.Uint16(b[n-2:]))<<(8*(n-2))
	case n == 1:
		k = uint64(b[0])
	}
	return k ^ uint64(n)<<58
}

var keyEvent = nameKey([]byte("Event"))

// tagName applies the game-start rules to the first tag pair of a line.
func (s *splitter) tagName(name []byte, i int, base int64) {
	s.tagKey(nameKey(name), i, base)
}

// tagKey is tagName for a name given by its nameKey.
func (s *splitter) tagKey(key uint64, i int, base int64) {
	newGame := true
	if s.st == stTags {
		newGame = (s.blank || key == keyEvent) && s.seen(key)
	}
	if newGame {
		s.emit(i, segGame, base)
		s.resetGame()
		s.st = stTags
	}
	if s.nnames < len(s.names) {
		s.names[s.nnames] = key
		s.nnames++
	}
}

// tagLine handles a line whose first non-blank byte starts tag pair t,
// and returns where it stopped (see scanLine).
func (s *splitter) tagLine(b []byte, i, j, e, lineEnd int, t tagSpan, base int64) int {
	s.tagName(t.name, i, base) // reads s.blank: a repeated tag after a blank line starts a game
	s.blank = false
	p := j + t.end
	for {
		for p < lineEnd && (b[p] == ' ' || b[p] == '\t' || b[p] == '\r') {
			p++
		}
		if p >= lineEnd || b[p] != '[' {
			break
		}
		t2, ok := scanTag(b[p:lineEnd])
		if !ok || s.cut && t2.flags&tagCutFlags != 0 {
			if s.cut && tagPrefix(b[p:lineEnd]) != nil {
				s.skipRest = true // a tag pair too long to hold: see scanLineSlow
				return e
			}
			break
		}
		if s.nnames < len(s.names) {
			s.names[s.nnames] = nameKey(t2.name)
			s.nnames++
		}
		p += t2.end
	}
	if p < lineEnd {
		return s.movetext(b, p, e, base)
	}
	return e
}

// movetext scans movetext bytes b[j:e] outside comments. It returns e, or
// where it stopped: after the first token of a game that starts in the
// middle of the line (so that the reader can end a block between the
// games of a long line), or, with s.partial, before a token that may go
// on past e.
func (s *splitter) movetext(b []byte, j, e int, base int64) int {
	for j < e {
		c := b[j]
		if c == ' ' {
			j++
			continue
		}
		switch class[c] {
		case clSpace:
			j++
		case clLBrace:
			if s.st == stTags {
				s.st = stMoves
			}
			k := bytes.IndexByte(b[j+1:e], '}')
			if k < 0 {
				s.inBrace = true
				s.braceBlank = false
				return e
			}
			j += k + 2
		case clSemi:
			if s.st == stTags {
				s.st = stMoves
			}
			s.skipRest = true
			return e
		case clLParen:
			if s.st == stTags {
				s.st = stMoves
			}
			s.depth++
			j++
		case clRParen:
			if s.depth > 0 {
				s.depth--
			}
			j++
		default:
			t0 := j
			for j < e && class[b[j]] == clTok {
				j++
			}
			c0 := c
			if s.partial && (j == e || s.depth == 0 && mayStartResult(c0) && bytes.IndexByte(b[t0:j], ':') >= 0 &&
				!nonSpace(b[j:e]) && isSplitResult(b[t0:j])) {
				// the token may go on past e, or is a result written
				// with ':' whose meaning depends on the rest of the line
				return t0
			}
			if c0 >= '0' && c0 <= '9' && b[j-1] == '.' && s.st != stAfterResult {
				// a move number ("12." "12..." "1.e4" counts as one token here)
				if s.st == stTags {
					s.st = stMoves
				}
				continue
			}
			started := false
			switch s.st {
			case stAfterResult:
				if s.depth > 0 || !isLetter(c0) && (c0 < '0' || c0 > '9') {
					continue // a remark after the result: "1-0 (time)"
				}
				s.emit(t0, segGame, base)
				s.resetGame()
				s.st = stMoves
				started = true
			case stTags:
				s.st = stMoves
			}
			if s.depth == 0 && mayStartResult(c0) && isSplitResult(b[t0:j]) && (bytes.IndexByte(b[t0:j], ':') < 0 || !nonSpace(b[j:e])) {
				s.st = stAfterResult
			} else if isLetter(c0) {
				s.sawMove = true
			}
			if started {
				return j
			}
		}
	}
	return e
}

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// isTagLine reports whether line (starting with '[') holds a tag pair.
func isTagLine(line []byte) bool {
	_, ok := scanTag(line)
	return ok
}

// startsMoveOne reports whether l starts with "1." not followed by '.'.
func startsMoveOne(l []byte) bool {
	return len(l) >= 2 && l[0] == '1' && l[1] == '.' && (len(l) == 2 || l[2] != '.')
}

// looksLikeMovetext reports whether a line whose first non-blank byte is
// l[0] can begin movetext: a comment, a variation, a NAG, a move number or
// result, a null move, or a token shaped like a move (a letter followed,
// within a few bytes, by a rank digit 1-8, or castling, or Z0).
func looksLikeMovetext(l []byte) bool {
	c := l[0]
	switch {
	case c == '{' || c == ';' || c == '(' || c == '$' || c == '*':
		return true
	case c >= '0' && c <= '9':
		return true
	case c == '-':
		return len(l) > 1 && l[1] == '-'
	case c == 0xC2:
		return len(l) > 1 && l[1] == 0xBD // ½
	case !isLetter(c):
		return false
	}
	n := 0
	for n < len(l) && n < 10 && class[l[n]] == clTok {
		n++
	}
	tok := l[:n]
	if n >= 3 && (tok[0] == 'O' || tok[0] == 'o' || tok[0] == '0') && tok[1] == '-' {
		return true
	}
	if n >= 2 && tok[0] == 'Z' && tok[1] == '0' {
		return true
	}
	for _, x := range tok[1:] {
		if x >= '1' && x <= '8' {
			return true
		}
	}
	return false
}
