package ingest

import "github.com/arbiter-chess/arbiter/chess"

// Result is a game result, one of the four PGN results or none: the
// legality core's chess.Result, which holds the spellings.
type Result = chess.Result

// The results. ResultNone means no result token was found (or the text was
// not recognised); ResultUnknown is "*" (game unfinished or result unknown).
const (
	ResultNone      = chess.NoResult
	ResultWhiteWins = chess.WhiteWins
	ResultBlackWins = chess.BlackWins
	ResultDraw      = chess.Draw
	ResultUnknown   = chess.Unfinished
)

// Kinds of result spellings, returned by classifyResult.
const (
	resNotResult   = iota
	resStandard    // 1-0 0-1 1/2-1/2 *
	resVariant     // ½-½, 1:0, 0.5-0.5, dashes ...
	resForfeit     // +/- -/+ (only at the end of movetext)
	resDoubleForfe // 0-0 (only at the end of movetext, see ParseGame)
)

// NormalizeResult maps a result spelling to a Result (see chess.ParseResult
// for the spellings). standard is true only for the four PGN spellings.
// "0-0" (double forfeit) gives ResultUnknown. Leading and trailing white
// space is ignored. An unrecognised text gives (ResultNone, false).
func NormalizeResult(s string) (Result, bool) {
	r, sp := chess.ParseResult(s)
	return r, sp == chess.StandardSpelling
}

// classifyResult recognises a complete movetext token as a result (see
// chess.ParseResultToken). It is cheap for the tokens it rejects (move
// numbers, moves).
func classifyResult(t []byte) (Result, int) {
	r, sp := chess.ParseResultToken(t)
	switch sp {
	case chess.StandardSpelling:
		return r, resStandard
	case chess.OtherSpelling:
		return r, resVariant
	case chess.ForfeitSpelling:
		return r, resForfeit
	case chess.DoubleForfeitSpelling:
		return r, resDoubleForfe
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
