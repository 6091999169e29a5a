package ingest

import "strings"

// Result is a game result, one of the four PGN results or none.
type Result uint8

// The results. ResultNone means no result token was found (or the text was
// not recognised); ResultUnknown is "*" (game unfinished or result unknown).
const (
	ResultNone Result = iota
	ResultWhiteWins
	ResultBlackWins
	ResultDraw
	ResultUnknown
)

// String returns the standard PGN spelling ("1-0", "0-1", "1/2-1/2", "*"),
// or "" for ResultNone.
func (r Result) String() string {
	switch r {
	case ResultWhiteWins:
		return "1-0"
	case ResultBlackWins:
		return "0-1"
	case ResultDraw:
		return "1/2-1/2"
	case ResultUnknown:
		return "*"
	}
	return ""
}

// Kinds of result spellings, returned by classifyResult.
const (
	resNotResult   = iota
	resStandard    // 1-0 0-1 1/2-1/2 *
	resVariant     // ½-½, 1:0, 0.5-0.5, dashes ...
	resForfeit     // +/- -/+ (only at the end of movetext)
	resDoubleForfe // 0-0 (only at the end of movetext, see ParseGame)
)

// NormalizeResult maps a result spelling to a Result. standard is true only
// for the four PGN spellings. Recognised non-standard spellings: "½-½",
// "1/2", "½", "1:0", "0:1", "½:½", "1/2:1/2", "0.5-0.5", "0,5-0,5",
// "0.5:0.5", the same with en dash, em dash, minus sign and other dashes,
// "+/-" and "-/+" (forfeits: white / black wins) and "0-0" (double
// forfeit: ResultUnknown). Leading and trailing white space is
// ignored. An unrecognised text gives (ResultNone, false).
func NormalizeResult(s string) (Result, bool) {
	s = strings.TrimSpace(s)
	r, kind := classifyResult([]byte(s))
	return r, kind == resStandard
}

// classifyResult recognises a complete token as a result. It is cheap for
// the tokens it rejects (move numbers, moves).
func classifyResult(t []byte) (Result, int) {
	switch len(t) {
	case 1:
		if t[0] == '*' {
			return ResultUnknown, resStandard
		}
		return ResultNone, resNotResult
	case 3:
		switch string(t) {
		case "1-0":
			return ResultWhiteWins, resStandard
		case "0-1":
			return ResultBlackWins, resStandard
		case "1:0":
			return ResultWhiteWins, resVariant
		case "0:1":
			return ResultBlackWins, resVariant
		case "+/-":
			return ResultWhiteWins, resForfeit
		case "-/+":
			return ResultBlackWins, resForfeit
		case "0-0":
			return ResultUnknown, resDoubleForfe
		case "1/2":
			return ResultDraw, resVariant
		}
	case 7:
		switch string(t) {
		case "1/2-1/2":
			return ResultDraw, resStandard
		case "1/2:1/2", "0.5-0.5", "0,5-0,5", "0.5:0.5", "0,5:0,5":
			return ResultDraw, resVariant
		}
	}
	if len(t) < 2 || len(t) > 24 {
		return ResultNone, resNotResult
	}
	// Only spellings with non-ASCII bytes remain (½, dashes, minus sign).
	ascii := true
	for _, c := range t {
		if c >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return ResultNone, resNotResult
	}
	var buf [32]byte
	n := 0
	for i := 0; i < len(t); {
		if n > len(buf)-4 {
			return ResultNone, resNotResult
		}
		c := t[i]
		switch {
		case c == 0xC2 && i+1 < len(t) && t[i+1] == 0xBD: // ½
			n += copy(buf[n:], "1/2")
			i += 2
		case c == 0xE2 && i+2 < len(t) && t[i+1] == 0x80 && t[i+2] >= 0x90 && t[i+2] <= 0x95: // ‐ ‑ ‒ – — ―
			buf[n] = '-'
			n++
			i += 3
		case c == 0xE2 && i+2 < len(t) && t[i+1] == 0x88 && t[i+2] == 0x92: // − minus sign
			buf[n] = '-'
			n++
			i += 3
		default:
			buf[n] = c
			n++
			i++
		}
	}
	switch string(buf[:n]) {
	case "1-0", "1:0":
		return ResultWhiteWins, resVariant
	case "0-1", "0:1":
		return ResultBlackWins, resVariant
	case "1/2-1/2", "1/2:1/2", "1/2", "0.5-0.5", "0,5-0,5", "0.5:0.5":
		return ResultDraw, resVariant
	case "+/-":
		return ResultWhiteWins, resForfeit
	case "-/+":
		return ResultBlackWins, resForfeit
	case "0-0":
		return ResultUnknown, resDoubleForfe
	}
	return ResultNone, resNotResult
}

// mayStartResult reports whether byte c can begin a result spelling that
// ends a game unambiguously (used by the splitter; 0-0 and +/- are not
// included: they are results only at the end of movetext).
func mayStartResult(c byte) bool {
	return c == '1' || c == '0' || c == '*' || c == 0xC2
}

// isSplitResult reports whether token t is a result that ends a game
// wherever it stands (everything but the double-forfeit and forfeit marks,
// which are ambiguous with castling and evaluation glyphs).
func isSplitResult(t []byte) bool {
	_, k := classifyResult(t)
	return k == resStandard || k == resVariant
}
