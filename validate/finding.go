package validate

import "github.com/arbiter-chess/arbiter/chess"

// Severity ranks a finding.
type Severity uint8

// Severities, least severe first.
const (
	Info Severity = iota
	Warning
	Error
)

// String returns "info", "warning" or "error".
func (s Severity) String() string { return [...]string{"info", "warning", "error"}[s] }

// Kinds of findings. The README's findings reference lists each with its
// article and severity.
const (
	KindIllegalMove          = "illegal_move"
	KindAmbiguousMove        = "ambiguous_move"
	KindUnreadableMove       = "unreadable_move"
	KindCheckmate            = "checkmate"
	KindStalemate            = "stalemate"
	KindThreefold            = "threefold_repetition"
	KindThreefoldClaim       = "threefold_claimable"
	KindFiftyMove            = "fifty_move_rule"
	KindFivefold             = "fivefold_repetition"
	KindSeventyFive          = "seventyfive_move_rule"
	KindDeadPosition         = "dead_position"
	KindMovesAfterEnd        = "moves_after_game_end"
	KindResultMismatch       = "result_mismatch"
	KindUnwinnableWin        = "unwinnable_win"
	KindMinorPieceWin        = "minor_piece_win"
	KindUnwinnableUnknown    = "unwinnability_undetermined"
	KindDeadUnknown          = "dead_position_undetermined"
	KindInvalidStart         = "invalid_start_position"
	KindUnreachableStart     = "unreachable_start_position"
	KindVariantNotAudited    = "variant_not_audited"
	KindCheckMark            = "check_mark"
	KindMissingResult        = "missing_result"
	KindNullMove             = "null_move"
	KindSetUpMissing         = "setup_tag_missing"
	KindPositionProblem      = "position_problem"
	KindPositionUndetermined = "position_undetermined"
)

// Finding is one thing the Laws have to say about a game.
type Finding struct {
	Kind     string
	Severity Severity
	Article  string // FIDE Laws 2023 article, e.g. "9.2"
	Ply      int    // 1-based ply of the move concerned; 0 = the start position; -1 = the game as a whole
	Color    chess.Color
	SAN      string // the move as written, when the finding is about a move
	FEN      string // the position before the move, or the position concerned
	Witness  string // a helpmate line proving a position is not dead, in SAN
	Message  string // one line for a human
	Line     int    // source line of the move (or of the game), 0 when unknown
	Count    int    // a number the message states: the moves with a wrong check mark (check_mark)
}

// MoveNumber returns the move number of the finding's ply for a game that
// starts with firstMove and side to move first (ply 1 is the first move).
func MoveNumber(ply int, firstMove int, first chess.Color) int {
	if ply <= 0 {
		return firstMove
	}
	half := ply - 1
	if first == chess.Black {
		half++
	}
	return firstMove + half/2
}
