package chess

import "strings"

// Result is the result of a game as a PGN record gives it: one of the
// four results of the PGN standard (8.2.6), or none.
type Result uint8

// The results. NoResult is the zero value: nothing recorded, or a text
// that spells no result.
const (
	NoResult   Result = iota
	WhiteWins         // "1-0"
	BlackWins         // "0-1"
	Draw              // "1/2-1/2"
	Unfinished        // "*": unfinished, unknown, or no game played (double forfeit)
)

// String returns the standard spelling ("1-0", "0-1", "1/2-1/2", "*"), or
// "" for NoResult.
func (r Result) String() string {
	switch r {
	case WhiteWins:
		return "1-0"
	case BlackWins:
		return "0-1"
	case Draw:
		return "1/2-1/2"
	case Unfinished:
		return "*"
	}
	return ""
}

// ResultSpelling says how a text spelled a result. Callers decide from it
// what the text means where it stands: a forfeit is a result at the end of
// a movetext but a glyph inside it, and a double forfeit is a result for a
// tournament but no result of a game played.
type ResultSpelling uint8

// The spellings.
const (
	// NotResult: the text spells no result.
	NotResult ResultSpelling = iota
	// StandardSpelling: "1-0", "0-1", "1/2-1/2" or "*".
	StandardSpelling
	// OtherSpelling: another spelling of a win or a draw: "½-½", "1/2",
	// "½", "1:0", "0:1", "1/2:1/2", "0.5-0.5", "0,5-0,5", "0.5:0.5",
	// "0,5:0,5"; dashes and the minus sign for '-'; and, as a tag's value
	// only, "=" and "draw".
	OtherSpelling
	// ForfeitSpelling: a win by forfeit: "+/-" (White wins) and "-/+"
	// (Black wins); as a tag's value also "+:-", "+--", "-:+", "--+".
	ForfeitSpelling
	// DoubleForfeitSpelling: neither side played and neither scores:
	// "0-0"; as a tag's value also "-/-" and "--". The Result is
	// Unfinished.
	DoubleForfeitSpelling
)

// ParseResult reads a result written as a tag's value or in a table. It
// ignores white space around the text and spaces inside it ("1 - 0"), and
// reads every spelling of ResultSpelling. Anything else gives (NoResult,
// NotResult).
func ParseResult(s string) (Result, ResultSpelling) {
	switch s { // the common spellings first, without work
	case "1-0":
		return WhiteWins, StandardSpelling
	case "0-1":
		return BlackWins, StandardSpelling
	case "1/2-1/2":
		return Draw, StandardSpelling
	case "*":
		return Unfinished, StandardSpelling
	}
	s = strings.TrimSpace(s)
	r, sp, _ := lookupResult(s)
	if sp == NotResult && needsCanon(s) {
		var buf [maxResultLen + 4]byte
		if c, ok := canonResult(buf[:0], s); ok {
			r, sp, _ = lookupResult(string(c))
			if sp == StandardSpelling {
				sp = OtherSpelling
			}
		}
	}
	return r, sp
}

// ParseResultToken reads a token of a PGN movetext as a result. It reads
// the spellings a movetext uses ("1-0", "½-½", "+/-", "0-0", ...) but not
// those that are a result only as a tag's value ("=", "draw", "+:-",
// "--", ...: in a movetext they are glyphs, words or null moves). A token
// holds no white space. It is cheap for the tokens it rejects.
func ParseResultToken(tok []byte) (Result, ResultSpelling) {
	switch len(tok) {
	case 1:
		if tok[0] == '*' {
			return Unfinished, StandardSpelling
		}
		return NoResult, NotResult
	case 3, 7:
		if r, sp, inMovetext := lookupResult(string(tok)); inMovetext {
			return r, sp
		}
	}
	if len(tok) < 2 || len(tok) > 24 {
		return NoResult, NotResult
	}
	ascii := true
	for _, c := range tok {
		if c >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return NoResult, NotResult // the ASCII spellings are all above
	}
	var buf [maxResultLen + 4]byte
	c, ok := canonResult(buf[:0], tok)
	if !ok {
		return NoResult, NotResult
	}
	r, sp, inMovetext := lookupResult(string(c))
	if !inMovetext {
		return NoResult, NotResult
	}
	if sp == StandardSpelling {
		sp = OtherSpelling
	}
	return r, sp
}

// maxResultLen is the length of the longest spelling in lookupResult.
const maxResultLen = 7

// lookupResult is the table of spellings, in ASCII with '-' for every dash
// and "1/2" for '½'. inMovetext says whether a movetext token may spell
// the result so.
func lookupResult(s string) (r Result, sp ResultSpelling, inMovetext bool) {
	switch s {
	case "1-0":
		return WhiteWins, StandardSpelling, true
	case "0-1":
		return BlackWins, StandardSpelling, true
	case "1/2-1/2":
		return Draw, StandardSpelling, true
	case "*":
		return Unfinished, StandardSpelling, true
	case "1:0":
		return WhiteWins, OtherSpelling, true
	case "0:1":
		return BlackWins, OtherSpelling, true
	case "1/2", "1/2:1/2", "0.5-0.5", "0,5-0,5", "0.5:0.5", "0,5:0,5":
		return Draw, OtherSpelling, true
	case "=", "draw":
		return Draw, OtherSpelling, false
	case "+/-":
		return WhiteWins, ForfeitSpelling, true
	case "-/+":
		return BlackWins, ForfeitSpelling, true
	case "+:-", "+--":
		return WhiteWins, ForfeitSpelling, false
	case "-:+", "--+":
		return BlackWins, ForfeitSpelling, false
	case "0-0":
		return Unfinished, DoubleForfeitSpelling, true
	case "-/-", "--":
		return Unfinished, DoubleForfeitSpelling, false
	}
	return NoResult, NotResult, false
}

// needsCanon reports whether s has a byte canonResult would change.
func needsCanon(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x80 || c == ' ' {
			return true
		}
	}
	return false
}

// canonResult appends t to dst with '½' written "1/2", the dashes U+2010
// to U+2015 and the minus sign U+2212 written '-', and spaces left out. It
// reports false as soon as the text is longer than any spelling.
func canonResult[T string | []byte](dst []byte, t T) ([]byte, bool) {
	for i := 0; i < len(t); {
		if len(dst) > maxResultLen {
			return dst, false
		}
		c := t[i]
		switch {
		case c == ' ':
			i++
		case c == 0xC2 && i+1 < len(t) && t[i+1] == 0xBD: // ½
			dst = append(dst, '1', '/', '2')
			i += 2
		case c == 0xE2 && i+2 < len(t) && t[i+1] == 0x80 && t[i+2] >= 0x90 && t[i+2] <= 0x95: // ‐ ‑ ‒ – — ―
			dst = append(dst, '-')
			i += 3
		case c == 0xE2 && i+2 < len(t) && t[i+1] == 0x88 && t[i+2] == 0x92: // − minus sign
			dst = append(dst, '-')
			i += 3
		default:
			dst = append(dst, c)
			i++
		}
	}
	return dst, len(dst) <= maxResultLen
}
