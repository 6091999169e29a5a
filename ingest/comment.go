package ingest

import (
	"bytes"
	"math"
)

// Comment commands: [%clk h:mm:ss(.f)], [%emt h:mm:ss(.f)] and
// [%eval cp | #n]. Other commands ([%csl ...], [%cal ...], ...) are kept in the
// comment text unchanged.

// commentSink receives the commands found in one comment.
type commentSink struct {
	clockMS, emtMS int64
	evalCP         int32
	evalMate       int32
	hasCP, hasMate bool
	hasClock       bool
	hasEmt         bool
	bad            bool // a known command with an unreadable value
}

// isSpace reports PGN white space (also form feed, vertical tab and the DOS
// end-of-file mark 0x1A).
func isSpace(c byte) bool { return spaceTab[c] }

var spaceTab = func() (t [256]bool) {
	for _, c := range []byte{' ', '\n', '\r', '\t', '\f', '\v', 0x1a} {
		t[c] = true
	}
	return t
}()

func trimSpace(b []byte) []byte {
	i, j := 0, len(b)
	for i < j && isSpace(b[i]) {
		i++
	}
	for j > i && isSpace(b[j-1]) {
		j--
	}
	return b[i:j]
}

// splitCommands extracts [%clk], [%emt] and [%eval] from comment body c.
// It returns the remaining text, trimmed; when commands were removed from
// the middle of the text, the pieces are joined with one space into arena
// (the returned slice then points into the arena). The bool result is false
// when c has no command at all (the fast path).
func splitCommands(c []byte, s *commentSink, arena *[]byte) []byte {
	k := findCmd(c)
	if k < 0 {
		return trimSpace(c)
	}
	var first []byte // first kept piece, aliased while it is the only one
	pieces := 0
	start := len(*arena)
	keep := func(p []byte) {
		p = trimSpace(p)
		if len(p) == 0 {
			return
		}
		switch pieces {
		case 0:
			first = p
		case 1:
			*arena = append(*arena, first...)
			*arena = append(*arena, ' ')
			*arena = append(*arena, p...)
		default:
			*arena = append(*arena, ' ')
			*arena = append(*arena, p...)
		}
		pieces++
	}
	i := 0
	for k >= 0 {
		k += i
		keep(c[i:k])
		end := bytes.IndexByte(c[k:], ']')
		if end < 0 {
			keep(c[k:])
			i = len(c)
			break
		}
		end += k
		cmd := c[k+2 : end]
		if !applyCommand(cmd, s) {
			keep(c[k : end+1])
		}
		i = end + 1
		k = findCmd(c[i:])
	}
	keep(c[i:])
	switch pieces {
	case 0:
		return nil
	case 1:
		return first
	}
	return (*arena)[start:len(*arena):len(*arena)]
}

// findCmd returns the index of the first "[%" in c, or -1.
func findCmd(c []byte) int {
	from := 0
	for {
		k := bytes.IndexByte(c[from:], '%')
		if k < 0 {
			return -1
		}
		k += from
		if k > 0 && c[k-1] == '[' {
			return k - 1
		}
		from = k + 1
	}
}

// applyCommand reads one command body (without "[%" and "]"). It returns
// false for commands it does not know, which stay in the comment text.
func applyCommand(cmd []byte, s *commentSink) bool {
	n := 0
	for n < len(cmd) && (cmd[n] >= 'a' && cmd[n] <= 'z' || cmd[n] >= 'A' && cmd[n] <= 'Z') {
		n++
	}
	name, arg := cmd[:n], trimSpace(cmd[n:])
	switch string(name) {
	case "clk":
		v, ok := parseClock(arg)
		if !ok {
			s.bad = true
			return false
		}
		s.clockMS, s.hasClock = v, true
	case "emt":
		v, ok := parseClock(arg)
		if !ok {
			s.bad = true
			return false
		}
		s.emtMS, s.hasEmt = v, true
	case "eval":
		if !parseEval(arg, s) {
			s.bad = true
			return false
		}
	default:
		return false
	}
	return true
}

// parseClock reads "h:mm:ss", "h:mm:ss.f", "m:ss" or "s(.f)" (a trailing
// fraction has up to 3 significant digits) into milliseconds.
func parseClock(b []byte) (int64, bool) {
	if len(b) == 0 || len(b) > 32 {
		return 0, false
	}
	var total int64
	parts := 0
	i := 0
	for {
		j := i
		var v int64
		for j < len(b) && b[j] >= '0' && b[j] <= '9' {
			v = v*10 + int64(b[j]-'0')
			j++
			if v > 1e9 {
				return 0, false
			}
		}
		if j == i {
			return 0, false
		}
		total = total*60 + v
		parts++
		if parts > 3 {
			return 0, false
		}
		if j == len(b) {
			return total * 1000, true
		}
		switch b[j] {
		case ':':
			i = j + 1
			continue
		case '.', ',':
			ms := int64(0)
			digits := 0
			j++
			for j < len(b) && b[j] >= '0' && b[j] <= '9' {
				if digits < 3 {
					ms = ms*10 + int64(b[j]-'0')
				}
				digits++
				j++
			}
			if digits == 0 || j != len(b) {
				return 0, false
			}
			for d := digits; d < 3; d++ {
				ms *= 10
			}
			return total*1000 + ms, true
		}
		return 0, false
	}
}

// parseEval reads "0.17", "-1.5", "+3", "#3", "#-2" (an optional ",depth"
// suffix is ignored) into centipawns or mate-in-n.
func parseEval(b []byte, s *commentSink) bool {
	if k := bytes.IndexByte(b, ','); k >= 0 {
		b = trimSpace(b[:k])
	}
	if len(b) == 0 {
		return false
	}
	if b[0] == '#' {
		v, ok := parseSignedInt(b[1:])
		if !ok || v > math.MaxInt32 || v < math.MinInt32 {
			return false
		}
		s.evalMate, s.hasMate = int32(v), true
		return true
	}
	neg := false
	switch b[0] {
	case '-':
		neg = true
		b = b[1:]
	case '+':
		b = b[1:]
	}
	var ip int64
	i := 0
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		ip = ip*10 + int64(b[i]-'0')
		if ip > 1e7 {
			return false
		}
		i++
	}
	digits := i
	frac := int64(0) // in thousandths of a pawn
	if i < len(b) && b[i] == '.' {
		i++
		scale := int64(100)
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			frac += int64(b[i]-'0') * scale
			scale /= 10
			digits++
			i++
		}
	}
	if i != len(b) || digits == 0 {
		return false
	}
	// centipawns, rounded half away from zero
	cp := ip*100 + (frac+5)/10
	if neg {
		cp = -cp
	}
	s.evalCP, s.hasCP = int32(cp), true
	return true
}

func parseSignedInt(b []byte) (int64, bool) {
	neg := false
	if len(b) > 0 && (b[0] == '-' || b[0] == '+') {
		neg = b[0] == '-'
		b = b[1:]
	}
	if len(b) == 0 || len(b) > 10 {
		return 0, false
	}
	var v int64
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int64(c-'0')
	}
	if neg {
		v = -v
	}
	return v, true
}
