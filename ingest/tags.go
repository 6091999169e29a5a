package ingest

import "bytes"

// Tag is one tag pair, in the order found.
type Tag struct {
	Name  string
	Value string
}

// Flags describing how a tag pair departed from the standard syntax.
const (
	tagUnquoted       = 1 << iota // [Name value]
	tagUnescapedQuote             // a '"' inside the value that is not escaped
	tagMissingBracket             // no closing ']' on the line
	tagBadEscape                  // the closing quote was escaped (e.g. a value ending in '\')
	tagUnterminated               // no closing quote at all: the value runs to the end of the line
)

// tagSpan is one tag pair found on a line.
type tagSpan struct {
	name     []byte
	value    []byte // raw bytes between the quotes (escapes not processed)
	end      int    // index just after the tag pair (after ']')
	escapes  bool   // value contains a backslash: run unescapeTag
	flags    uint8
	nameFrom int // index of the name in the line
}

// isTagNameByte reports bytes allowed in a tag name. The PGN standard allows
// letters, digits and '_'; real files use more (e.g. "White-Elo", "Lichess.URL").
func isTagNameByte(c byte) bool { return tagNameByte[c] }

var tagNameByte = func() (t [256]bool) {
	for c := '!'; c < 256; c++ {
		t[c] = c != '"' && c != '[' && c != ']' && c != '{' && c != '}' && c != 0x7f
	}
	return t
}()

// scanTag reads one tag pair from line, which starts with '[' and runs to
// the end of its line (the '\n' excluded). The value ends at a '"' that is
// not escaped and is followed, after optional spaces, by ']' or by the end
// of the line; any other '"' is taken literally (files written without
// escaping). When no such quote exists the value ends at the last quote
// followed by ']' (so `[Event "Tournament \"]` reads as `Tournament \`), or
// else at the end of the line. ok is false when the line is not a tag pair
// at all (no name, or a name not followed by a value).
func scanTag(line []byte) (t tagSpan, ok bool) {
	ok = scanTagInto(line, &t)
	return t, ok
}

// scanTagInto is scanTag filling *t (no copy of the result).
func scanTagInto(line []byte, t *tagSpan) bool {
	*t = tagSpan{}
	n := len(line) // trailing spaces are skipped where they matter, not trimmed up front
	i := 1
	for i < n && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	s := i
	for i < n && isTagNameByte(line[i]) {
		i++
	}
	if i == s || line[s] == '%' || line[s] == '\\' {
		return false
	}
	t.name, t.nameFrom = line[s:i], s
	for i < n && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r') {
		i++
	}
	if i == n {
		return false
	}
	if line[i] != '"' {
		// unquoted value: up to the next ']'
		k := bytes.IndexByte(line[i:], ']')
		if k < 0 {
			return false
		}
		t.value = trimSpace(line[i : i+k])
		t.end = i + k + 1
		t.flags |= tagUnquoted
		return true
	}
	vs := i + 1
	p := vs
	for {
		q := bytes.IndexByte(line[p:], '"')
		if q < 0 {
			break
		}
		q += p
		// count the backslashes just before the quote
		bs := 0
		for k := q - 1; k >= vs && line[k] == '\\'; k-- {
			bs++
		}
		if bs > 0 {
			t.escapes = true
		}
		if bs%2 == 1 {
			p = q + 1
			continue
		}
		k := q + 1
		for k < n && (line[k] == ' ' || line[k] == '\t' || line[k] == '\r') {
			k++
		}
		if k < n && line[k] == ']' {
			t.value, t.end = line[vs:q], k+1
			return true
		}
		if k == n {
			t.value, t.end = line[vs:q], n
			t.flags |= tagMissingBracket
			return true
		}
		t.flags |= tagUnescapedQuote
		p = q + 1
	}
	// No usable closing quote. Take the last quote followed by ']'.
	for n > vs && (line[n-1] == '\r' || line[n-1] == ' ' || line[n-1] == '\t') {
		n--
	}
	for k := n - 1; k > vs; k-- {
		if line[k] != ']' {
			continue
		}
		j := k - 1
		for j >= vs && (line[j] == ' ' || line[j] == '\t') {
			j--
		}
		if j >= vs && line[j] == '"' {
			t.value, t.end = line[vs:j], k+1
			t.flags |= tagBadEscape
			t.flags &^= tagUnescapedQuote
			return true
		}
		break
	}
	end := n
	if n > vs && line[n-1] == ']' {
		end = n - 1
	}
	t.value, t.end = line[vs:end], n
	t.flags |= tagUnterminated
	return true
}

// unescapeTag appends value to dst with \" and \\ replaced by " and \.
// Other backslashes are kept.
func unescapeTag(dst, v []byte) []byte {
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c == '\\' && i+1 < len(v) && (v[i+1] == '"' || v[i+1] == '\\') {
			i++
			c = v[i]
		}
		dst = append(dst, c)
	}
	return dst
}

// commonTagNames are the tag names returned without allocating.
var commonTagNames = []string{
	"Event", "Site", "Date", "Round", "White", "Black", "Result",
	"WhiteElo", "BlackElo", "WhiteTitle", "BlackTitle", "WhiteRatingDiff", "BlackRatingDiff",
	"UTCDate", "UTCTime", "ECO", "Opening", "Variation", "Termination", "TimeControl",
	"FEN", "SetUp", "Variant", "PlyCount", "EventDate", "Annotator", "Time",
	"WhiteFideId", "BlackFideId", "WhiteTeam", "BlackTeam", "Board", "Mode",
	"StudyName", "ChapterName", "GameId", "Link", "WhiteType", "BlackType",
	"EventType", "EventRounds", "EventCountry", "Source", "SourceDate", "Remark",
}

// internTab maps (length, first byte, second-last byte) to candidate names.
var internTab = func() (t [2048][2]string) {
	for _, n := range commonTagNames {
		k := internKey([]byte(n))
		switch {
		case t[k][0] == "":
			t[k][0] = n
		case t[k][1] == "":
			t[k][1] = n
		default:
			panic("ingest: internTab collision for " + n)
		}
	}
	return t
}()

func internKey(b []byte) int {
	n := len(b)
	return (n&15)<<7 | int(b[0]&15)<<3 | int(b[n-2]&7)
}

// internTagName returns a string for a tag name, without allocating for
// the common names ("" when the name is not a common one).
func internTagName(b []byte) string {
	if len(b) < 2 || len(b) > 15 {
		return ""
	}
	c := &internTab[internKey(b)]
	if c[0] == string(b) {
		return c[0]
	}
	if c[1] == string(b) {
		return c[1]
	}
	return ""
}
