package validate

import (
	"strings"

	"github.com/arbiter-chess/arbiter/chess"
	"github.com/arbiter-chess/arbiter/validate/opening"
)

// Token is one move of the main line as written in the source.
type Token struct {
	Text          []byte // the move token, e.g. "Nf3+", "Sf3", "0-0", "e2-e4"
	Line, Col     int    // where it stands in the source (1-based; 0 = unknown)
	EnPassantMark bool   // an "e.p." token followed the move
}

// Game is what the judge needs to know of a game.
type Game struct {
	FEN         string // the FEN tag ("" when absent)
	HasFEN      bool   // a FEN tag is present
	SetUp       string // the SetUp tag as written
	Variant     string // the Variant tag as written ("" = standard chess)
	Result      string // the Result tag as written ("" when absent)
	ResultToken string // the movetext's own result token as written ("" when absent)
	Termination string // the Termination tag as written
	Moves       []Token
	Line        int   // the game's first line in the source
	Tags        []Tag // every tag as written, for Options.Headers
}

// VariantKind says how a Variant tag is audited.
type VariantKind uint8

// Variant kinds.
const (
	VariantStandard VariantKind = iota // standard chess, also "From Position"
	VariantChess960
	VariantOther // a variant with other rules: recognised, not audited
)

// ClassifyVariant reads a Variant tag value.
func ClassifyVariant(v string) VariantKind {
	switch v { // the common spellings as written, without a copy
	case "", "Standard", "standard", "From Position":
		return VariantStandard
	case "Chess960":
		return VariantChess960
	}
	k := strings.Map(func(r rune) rune {
		switch r {
		case ' ', '-', '_', '\'':
			return -1
		}
		if r >= 'A' && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}, v)
	switch k {
	case "", "standard", "chess", "normal", "fromposition", "classical", "rapid", "blitz", "bullet", "correspondence", "?":
		return VariantStandard
	case "chess960", "960", "fischerandom", "fischerrandom", "fischerrandomchess", "frc", "chess960frc", "fischerandomchess", "freestyle", "freestylechess", "doublefrc", "dfrc", "doublechess960":
		return VariantChess960
	}
	return VariantOther
}

// EndKind is how the Laws end a game automatically.
type EndKind uint8

// Automatic ends, in order of precedence when several happen on the same ply.
const (
	EndNone EndKind = iota
	EndCheckmate
	EndStalemate
	EndDeadPosition
	EndSeventyFive
	EndFivefold
)

// String returns the end_kind column value ("" for EndNone).
func (e EndKind) String() string {
	return [...]string{"", "checkmate", "stalemate", "dead_position", "seventyfive_move_rule", "fivefold_repetition"}[e]
}

// Article returns the article of the Laws behind the end.
func (e EndKind) Article() string {
	return [...]string{"", "5.1.1", "5.2.1", "5.2.2", "9.6.2", "9.6.1"}[e]
}

// Tri is a yes / no / unknown answer.
type Tri uint8

// Tri values.
const (
	Unknown Tri = iota
	No
	Yes
)

// TriOf converts a bool.
func TriOf(b bool) Tri {
	if b {
		return Yes
	}
	return No
}

// Verdict is the per-game summary for the games table. Ply fields are -1
// when the event never happened.
type Verdict struct {
	Audited           bool // false for variants with other rules and unusable start positions
	Chess960          bool
	PliesRecorded     int
	PliesReplayed     int
	FirstMoveNumber   int
	FirstColor        chess.Color
	End               EndKind
	EndPly            int
	ResultByRules     string // "1-0", "0-1", "1/2-1/2" when the Laws fix the result; "" otherwise
	ResultOK          Tri
	FirstErrorPly     int
	ThreefoldPly      int
	ThreefoldClaimPly int
	FiftyPly          int
	FivefoldPly       int
	SeventyFivePly    int
	DeadPly           int
	Final             chess.Position // the last replayed position (when Audited)
	Language          chess.Language
	WhiteCanMate      Tri // at the final replayed position
	BlackCanMate      Tri
	Errors            int
	Warnings          int
	Infos             int
	// Opening is the last position of the game that Lichess's opening
	// list names (package opening), at ply OpeningPly; nil and -1 when
	// none is, and for games not from the standard start position.
	Opening    *opening.Entry
	OpeningPly int
}

// Ply is one replayed move, for the moves table.
type Ply struct {
	Move       chess.Move
	Piece      chess.Piece // the piece that moved
	Captured   chess.Piece // NoPiece when nothing was taken
	Check      bool
	Mate       bool
	Halfmove   int    // halfmove clock after the move
	Repetition int    // occurrences of the position after the move so far (1 = first)
	Hash       uint64 // FIDE position key after the move
	fen        span
}

type span struct{ off, n int32 }

// Report is everything the judge says about one game. Its slices are reused
// by the next call to Judge with the same Report.
type Report struct {
	Verdict  Verdict
	Findings []Finding
	Plies    []Ply
	sans     []span // sans[i]: the normalized SAN of ply i+1 (Options.SAN or Plies)
	text     []byte
	toks     []Token // the game's moves: a span with a negative offset is one of their texts
}

// SAN returns the normalized English SAN of ply i (0-based index, as into
// Plies), kept when Options.SAN or Options.Plies is set. When the game
// wrote the move so already, the slice is the game's own token: it is
// valid as long as the Game judged is not changed.
func (r *Report) SAN(i int) []byte { return r.slice(r.sans[i]) }

// SANCount returns the number of plies whose SAN was kept: the plies
// replayed, or 0 when neither Options.SAN nor Options.Plies is set.
func (r *Report) SANCount() int { return len(r.sans) }

// FEN returns the FEN after ply i, or nil when FENs were not asked for.
func (r *Report) FEN(i int) []byte { return r.slice(r.Plies[i].fen) }

func (r *Report) slice(s span) []byte {
	if s.n == 0 {
		return nil
	}
	if s.off < 0 {
		t := r.toks[-s.off-1].Text
		return t[:s.n:s.n]
	}
	return r.text[s.off : s.off+s.n : s.off+s.n]
}

// tokenSpan is the span of move i's token text as written.
func (r *Report) tokenSpan(i int) span { return span{-int32(i) - 1, int32(len(r.toks[i].Text))} }

func (r *Report) appendText(b []byte) span {
	s := span{int32(len(r.text)), int32(len(b))}
	r.text = append(r.text, b...)
	return s
}
