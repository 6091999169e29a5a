package ingest

// The splitter's fast paths: runs of simple tag lines, and movetext lines
// holding comments read with a few vectorised searches. Each is a layer
// over the general scan (splitter.go) and must leave the splitter as the
// general scan would; -tags arbiter_reference switches them off (see
// fastPaths).

import (
	"bytes"
	"encoding/binary"
	"math/bits"
)

// nameCache remembers the start `Name "` of a tag line that passed the
// name scan, so that the line at the same place of the next tag section
// (files repeat the same tags in the same order) is recognised with three
// word comparisons instead of a byte loop.
type nameCache struct {
	w    [3]uint64 // the bytes of `Name "`, little-endian, zero-padded
	m    [3]uint64 // masks of those bytes
	n    int       // name length, 0 for an empty entry
	key  uint64    // the splitter's nameKey of the name
	name string    // the tokenizer's internTagName of the name
}

// maxCachedName is the longest name cached: `Name "` fits in the 24
// bytes that match compares ("TerminationDetails" of TCEC has 18).
const maxCachedName = 22

// nameWindow is the number of bytes after the '[' that match reads.
const nameWindow = 24

// match returns the name length when w (nameWindow bytes or more, from
// the byte after the '[') starts with the cached `Name "`, or 0.
func (c *nameCache) match(w []byte) int {
	w = w[:nameWindow]
	if binary.LittleEndian.Uint64(w[0:8])&c.m[0] != c.w[0] || binary.LittleEndian.Uint64(w[8:16])&c.m[1] != c.w[1] ||
		binary.LittleEndian.Uint64(w[16:24])&c.m[2] != c.w[2] {
		return 0
	}
	return c.n
}

// set fills the entry from w (nameWindow bytes or more, from the byte
// after the '['), where a name of n bytes (1 to maxCachedName) and ` "`
// begin.
func (c *nameCache) set(w []byte, n int) {
	w = w[:nameWindow]
	l := uint(n + 2) // bytes compared
	for k := range c.m {
		switch {
		case l >= 8:
			c.m[k] = ^uint64(0)
			l -= 8
		default:
			c.m[k] = 1<<(8*l) - 1
			l = 0
		}
		c.w[k] = binary.LittleEndian.Uint64(w[8*k:]) & c.m[k]
	}
	c.n = n
}

// noFastLine makes fastLine decline every line, so that movetext reads all
// movetext (set by tests that compare the two readings).
var noFastLine bool

// fastLine handles a movetext line holding {comments} (the bulk of Lichess
// and engine files) with a few vectorised searches instead of movetext's
// byte loop, and leaves the splitter in the state movetext would leave it
// in. b[j:e] is the line from its first token; the splitter is in stMoves.
//
// It declines (returns false, and movetext reads the line) when the line
// is short, when the variation depth is not 0, when a comment is left
// open, when its first comment fills two thirds of it or more (a move and
// an engine's output, as in TCEC files: movetext skips the comment with
// one search and reads the rest byte by byte, where the searches below
// would read the whole line many times), when it holds ';', '(' or ')'
// (inside comments too), or when something that may be a result token
// stands before its last token (see mayHoldResult; such a result would
// start a game in the middle of the line). What is left is exact:
//   - the last token, when it follows the last comment and is a result
//     (isSplitResult), ends the game: stAfterResult;
//   - s.sawMove becomes true when a token outside the comments starts
//     with a letter, as in movetext (letterToken, run only while
//     s.sawMove is false; the first segment, "1. e4", settles it at once
//     in the usual line).
func (s *splitter) fastLine(b []byte, j, e int) bool {
	l := b[j:e]
	if len(l) < 256 || s.depth != 0 || noFastLine {
		return false // short lines: the byte loop is cheaper than many searches
	}
	firstOpen := bytes.IndexByte(l, '{')
	if firstOpen < 0 {
		return false
	}
	firstClose := bytes.IndexByte(l[firstOpen+1:], '}')
	if firstClose < 0 {
		return false // the first comment is left open
	}
	firstClose += firstOpen + 1
	if 3*(firstClose-firstOpen) > 2*len(l) {
		return false // one long comment: movetext is cheaper
	}
	// the last brace must be a '}' (no comment left open)
	lastClose := len(l) - 1
	for l[lastClose] != '}' {
		if l[lastClose] == '{' {
			return false
		}
		lastClose--
	}
	if bytes.IndexByte(l, ';') >= 0 || bytes.IndexByte(l, '(') >= 0 || bytes.IndexByte(l, ')') >= 0 {
		return false
	}
	// the last token, after the last comment: the bytes there are tokens
	// and white space only ('{', '}', ';', '(' and ')' are excluded)
	end := len(l)
	for end > 0 && isSpace(l[end-1]) {
		end--
	}
	start := end
	for start > lastClose+1 && !isSpace(l[start-1]) {
		start--
	}
	// any result token before it sends the line to movetext
	if mayHoldResult(l[:start]) {
		return false
	}
	if start < end && mayStartResult(l[start]) && isSplitResult(l[start:end]) {
		s.st = stAfterResult
	}
	if !s.sawMove {
		s.sawMove = letterToken(l, firstOpen)
	}
	s.fastLines++
	return true
}

// letterToken reports whether a token outside the comments of line l
// starts with a letter (movetext's rule for s.sawMove). The comments of l
// all close, the first one opens at l[open], and l holds no ';', '(' or
// ')': the segments between comments hold tokens and white space (a stray
// '}' is white space, as in movetext). The segments are read in order and
// the search stops at the first letter that starts a token.
func letterToken(l []byte, open int) bool {
	p := 0 // start of the segment l[p:open]
	for {
		inTok := false
		for _, c := range l[p:open] {
			if class[c] != clTok {
				inTok = false
				continue
			}
			if !inTok && isLetter(c) {
				return true
			}
			inTok = true
		}
		if open == len(l) {
			return false
		}
		// skip the comment; its '}' exists (the caller checked)
		p = open + 2 + bytes.IndexByte(l[open+1:], '}')
		open = len(l)
		if k := bytes.IndexByte(l[p:], '{'); k >= 0 {
			open = p + k
		}
	}
}

// mayHoldResult reports whether l (the line up to its last token, comments
// included) may hold a token that isSplitResult accepts, outside or inside
// comments. It never misses one; a false alarm only costs fastLine's
// decline. Every such spelling holds one of: "1/2" ('/'), '½' (0xC2),
// '-' between digits ("1-0", "0-1", "0.5-0.5", "0,5-0,5", "1/2-1/2"), a
// dash or the minus sign after a digit or '½' (0xE2), or a lone '*' —
// except the spellings with ':' and neither '/' nor '½' ("1:0", "0:1",
// "0.5:0.5", "0,5:0,5"), which movetext takes for a result only at the end
// of the line: there they are fastLine's last token.
func mayHoldResult(l []byte) bool {
	return resultCandidate(l, '-') || resultCandidate(l, '/') || resultCandidate(l, '*') ||
		resultCandidate(l, 0xC2) || resultCandidate(l, 0xE2)
}

// nonSpace reports whether b holds a byte other than white space (isSpace:
// a stray '}' is not white space here).
func nonSpace(b []byte) bool {
	for _, c := range b {
		if !isSpace(c) {
			return true
		}
	}
	return false
}

// resultCandidate reports whether l holds byte c as part of something that
// may be a result token: "1-0", "0-1", "0.5-0.5" (a digit on both sides of
// '-'), "1/2", a lone '*' (no token byte on either side), '½', or a dash
// (U+2010..U+2015) or the minus sign (U+2212) after a digit or '½'.
func resultCandidate(l []byte, c byte) bool {
	from := 0
	for {
		k := bytes.IndexByte(l[from:], c)
		if k < 0 {
			return false
		}
		k += from
		from = k + 1
		switch c {
		case '-':
			if k > 0 && k+1 < len(l) && isDigit(l[k-1]) && isDigit(l[k+1]) {
				return true
			}
		case '/':
			if k > 0 && k+1 < len(l) && l[k-1] == '1' && l[k+1] == '2' {
				return true
			}
		case '*':
			if (k == 0 || class[l[k-1]] != clTok) && (k+1 == len(l) || class[l[k+1]] != clTok) {
				return true
			}
		case 0xC2:
			if k+1 < len(l) && l[k+1] == 0xBD {
				return true
			}
		case 0xE2:
			if k > 0 && k+2 < len(l) && (isDigit(l[k-1]) || l[k-1] == 0xBD) &&
				(l[k+1] == 0x80 && l[k+2] >= 0x90 && l[k+2] <= 0x95 || l[k+1] == 0x88 && l[k+2] == 0x92) {
				return true
			}
		}
	}
}

// simpleTagLine handles the common line `[Name "value"]` (a tag pair
// closing the line) without the general tag scanner. It returns false for
// anything else.
func (s *splitter) simpleTagLine(l []byte, i int, base int64) bool {
	n := len(l)
	for n > 0 && (l[n-1] == '\r' || l[n-1] == ' ' || l[n-1] == '\t') {
		n--
	}
	if n < 5 || l[n-1] != ']' || l[n-2] != '"' {
		return false
	}
	k := 1
	for k < n && tagNameByte[l[k]] {
		k++
	}
	if k == 1 || k+1 >= n || l[k] != ' ' || l[k+1] != '"' || l[1] == '%' || l[1] == '\\' {
		return false
	}
	// Quotes inside the value are not looked for: the line is a tag line
	// either way (ParseGame reads the value exactly).
	s.tagName(l[1:k], i, base)
	return true
}

// quickTags handles a run of lines `[Name "value"]\n` (the tag section
// of generated files) as scanLine would, one after the other, without
// returning to scan between them. Each is a line that simpleTagLine
// accepts (a name, one space and a quote, and the line ends with `"]`
// right before its '\n', after that quote; quotes inside the value do
// not matter), and is handled as simpleTagLine handles it, so only the
// line end is searched for, eight bytes at a time; the name is recognised
// with word comparisons when the previous tag section had it at the same
// place (see nameCache). It returns the index after the last line
// handled: i when the line at i is not of that form (scanLine then
// handles it). It stops after a line that starts a game, so that scan
// hands the event on before reading further.
func (s *splitter) quickTags(b []byte, i int, base int64) int {
	for i+1+nameWindow <= len(b) && b[i] == '[' {
		var c *nameCache
		if s.tagRun < len(s.tagCache) {
			c = &s.tagCache[s.tagRun]
		}
		var k int
		var key uint64
		if c != nil && c.n > 0 {
			if n := c.match(b[i+1:]); n > 0 {
				k, key = i+1+n, c.key
			}
		}
		if k == 0 {
			if k = simpleTagName(b, i, len(b)); k == 0 {
				break
			}
			key = nameKey(b[i+1 : k])
			if c != nil && k-i-1 <= maxCachedName {
				c.set(b[i+1:], k-i-1)
				c.key = key
			} else if c != nil {
				c.n = 0
			}
		}
		// the line end, and `"]` before it after the opening quote at k+1
		e := newlineFrom(b, k+2)
		if e >= len(b) || e < k+4 || b[e-2] != '"' || b[e-1] != ']' {
			break
		}
		s.tagRun++
		if s.st != stTags || s.blank || key == keyEvent {
			// tagKey may start a game: the event takes the line's number
			// and column
			s.lineStart = base + int64(i)
			s.tagKey(key, i, base)
			s.blank = false
			s.line++
			i = e + 1
			if len(s.ev) > 0 {
				break
			}
			continue
		}
		// tagKey's outcome when no game can start: the name is recorded
		// (s.blank is false already)
		if s.nnames < len(s.names) {
			s.names[s.nnames] = key
			s.nnames++
		}
		s.line++
		i = e + 1
	}
	return i
}

// simpleTagName reads the name of the tag line whose '[' is at b[i], byte
// by byte, in the form of the fast paths: a name, one space and the opening
// quote before limit, the name not starting with '%' or '\\'. It returns
// the index just after the name, or 0 when the line is not of that form.
func simpleTagName(b []byte, i, limit int) int {
	k := i + 1
	for k < limit && tagNameByte[b[k]] {
		k++
	}
	if k == i+1 || k+2 >= limit || b[k] != ' ' || b[k+1] != '"' || b[i+1] == '%' || b[i+1] == '\\' {
		return 0
	}
	return k
}

// newlineFrom returns the index of the first '\n' in d at or after i, or
// len(d). Tag lines are short, so the search reads eight bytes at a time
// in the caller's loop instead of paying for a call to bytes.IndexByte.
func newlineFrom(d []byte, i int) int {
	const lo, hi = 0x0101010101010101, 0x8080808080808080
	for ; i+8 <= len(d); i += 8 {
		a := binary.LittleEndian.Uint64(d[i:]) ^ lo*'\n'
		// the lowest flagged byte is the first '\n' (higher ones may be
		// false positives from the borrow)
		if t := (a - lo) &^ a & hi; t != 0 {
			return i + bits.TrailingZeros64(t)>>3
		}
	}
	for i < len(d) && d[i] != '\n' {
		i++
	}
	return i
}
