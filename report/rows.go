package report

import "unsafe"

// Opt is a nullable value: Valid false means NULL (for the booleans, for
// example "undetermined").
type Opt[T any] struct {
	V     T
	Valid bool
}

// Set stores v and marks the value present.
func (o *Opt[T]) Set(v T) { o.V, o.Valid = v, true }

// The nullable values of the rows.
type (
	OptInt16   = Opt[int16]
	OptInt32   = Opt[int32]
	OptInt64   = Opt[int64]
	OptFloat64 = Opt[float64]
	OptBool    = Opt[bool]
)

// OptBytes is a nullable string held as bytes that the row owns and reuses:
// Valid false means NULL, while Valid true with an empty V is the empty
// string.
type OptBytes struct {
	V     []byte
	Valid bool
}

// Set copies b into the row's own buffer and marks the value present; b may
// be reused by the caller afterwards.
func (o *OptBytes) Set(b []byte) { o.V, o.Valid = append(o.V[:0], b...), true }

// SetString copies s into the row's own buffer and marks the value present.
func (o *OptBytes) SetString(s string) { o.V, o.Valid = append(o.V[:0], s...), true }

// Clear marks the value NULL and keeps the buffer for reuse.
func (o *OptBytes) Clear() { o.V, o.Valid = o.V[:0], false }

// Side is a colour in a row. SideNone is NULL in nullable columns.
type Side uint8

// The sides.
const (
	SideNone Side = iota
	SideWhite
	SideBlack
)

// String returns "white", "black" or "" for SideNone.
func (s Side) String() string {
	switch s {
	case SideWhite:
		return "white"
	case SideBlack:
		return "black"
	}
	return ""
}

// Severity is the severity of a finding.
type Severity string

// The severities.
const (
	SeverityError   Severity = "error"
	SeverityWarning Severity = "warning"
	SeverityInfo    Severity = "info"
)

// EndKind is how the Laws end a game by themselves (not by a claim,
// resignation or the clock). The empty EndKind is NULL.
type EndKind string

// The end kinds stored in games.end_kind.
const (
	EndNone                EndKind = ""
	EndCheckmate           EndKind = "checkmate"             // Article 5.1.1
	EndStalemate           EndKind = "stalemate"             // Article 5.2.1
	EndDeadPosition        EndKind = "dead_position"         // Article 5.2.2
	EndFivefoldRepetition  EndKind = "fivefold_repetition"   // Article 9.6.1
	EndSeventyFiveMoveRule EndKind = "seventyfive_move_rule" // Article 9.6.2
)

// The results stored in games.result_by_rules.
const (
	ResultWhiteWins = "1-0"
	ResultBlackWins = "0-1"
	ResultDraw      = "1/2-1/2"
)

// Tag is one PGN tag pair as written.
type Tag struct {
	Name, Value []byte
}

// GameRow is one row of the games table. The pipeline reuses one GameRow
// per worker: call Reset before filling it for the next game. Byte slices
// are copied by the builder on Append, so the row may be reused
// immediately afterwards.
type GameRow struct {
	GameID       int64
	SourceFile   string
	SourceOffset int64
	SourceLine   int64

	// Tag columns. SetTag fills them from the tag pairs; they may also be
	// set directly. A NULL OptBytes is an absent tag.
	Event, Site, Date, Round, White, Black, Result OptBytes
	EventDate                                      OptBytes // the EventDate tag as written
	DateValue, EventDateValue                      OptInt32 // Date and EventDate when complete: days since 1970-01-01
	UTCDate                                        OptInt32 // days since 1970-01-01
	UTCTime                                        OptInt32 // milliseconds since midnight
	WhiteElo, BlackElo                             OptInt16
	WhiteRatingDiff, BlackRatingDiff               OptInt16
	WhiteTitle, BlackTitle, ECO, Opening           OptBytes
	Termination, TimeControl, Variant, StartFEN    OptBytes
	// OpeningECO and OpeningName name the opening by position ("" is
	// NULL), OpeningPly its ply.
	OpeningECO, OpeningName string
	OpeningPly              OptInt32
	tags                    []Tag // every other tag, in file order
	ntags                   int
	typedSeen               uint8 // typed tags met so far (SetTag)

	Movetext []byte // normalized English SAN with move numbers

	PliesRecorded  int32
	PliesReplayed  int32
	EndKind        EndKind
	EndPly         OptInt32
	ResultByRules  string // "1-0", "0-1", "1/2-1/2" or "" (NULL)
	ResultOK       OptBool
	FirstErrorPly  OptInt32
	ThreefoldPly   OptInt32
	ThreefoldClaim OptInt32 // threefold_claim_ply
	FiftyPly       OptInt32
	FivefoldPly    OptInt32
	SeventyFivePly OptInt32
	DeadPly        OptInt32

	FinalFEN         []byte
	NotationLanguage string
	ErrorCount       int32
	WarningCount     int32
	InfoCount        int32

	Audited        bool
	UncheckedPlies int32
	WhiteCanMate   OptBool
	BlackCanMate   OptBool

	// DuplicateOf is the game_id of the first occurrence of the same game
	// (NULL when this is the first); SameTags tells whether a duplicate's
	// tags are those of that first occurrence.
	DuplicateOf OptInt64
	SameTags    OptBool
}

// Reset clears every field of r, keeping the byte buffers for reuse.
func (r *GameRow) Reset() {
	tags := r.tags
	keep := [...]*OptBytes{&r.Event, &r.Site, &r.Date, &r.EventDate, &r.Round, &r.White, &r.Black,
		&r.Result, &r.WhiteTitle, &r.BlackTitle, &r.ECO, &r.Opening,
		&r.Termination, &r.TimeControl, &r.Variant, &r.StartFEN}
	var bufs [len(keep)][]byte
	for i, p := range keep {
		bufs[i] = p.V[:0]
	}
	movetext, finalFEN := r.Movetext[:0], r.FinalFEN[:0]
	*r = GameRow{}
	for i, p := range keep {
		p.V = bufs[i]
	}
	r.tags, r.Movetext, r.FinalFEN = tags, movetext, finalFEN
}

// Tags returns the tags added with AddTag (or routed there by SetTag), in
// order. The slice is valid until the next Reset, AddTag or SetTag.
func (r *GameRow) Tags() []Tag { return r.tags[:r.ntags] }

// AddTag appends a tag to the tags map column, copying name and value. A
// name that is already in the map is ignored (the first occurrence wins:
// map keys must be unique for query engines). It reports whether the tag
// was added.
func (r *GameRow) AddTag(name, value []byte) bool {
	for i := 0; i < r.ntags; i++ {
		if string(r.tags[i].Name) == string(name) {
			return false
		}
	}
	if r.ntags == len(r.tags) {
		r.tags = append(r.tags, Tag{})
	}
	t := &r.tags[r.ntags]
	t.Name = append(t.Name[:0], name...)
	t.Value = append(t.Value[:0], value...)
	r.ntags++
	return true
}

// MoveRow is one row of the moves table, reused per row by the pipeline.
// Byte slices are copied by the builder on Append.
type MoveRow struct {
	GameID     int64
	Ply        int32 // 1-based
	MoveNumber int32
	Color      Side // SideWhite or SideBlack (required)
	// SAN is the move in standard algebraic notation (English letters), as
	// its index in chess.SANVocabulary (see chess.SANIndex); "--" for a
	// null move.
	SAN int32
	// UCI is the move in UCI notation, as its index in
	// chess.UCIVocabulary (see chess.UCIIndex and Move.UCIIndex); "0000"
	// for a null move.
	UCI   int16
	Piece byte // moving piece: 'P', 'N', 'B', 'R', 'Q' or 'K'
	// Null marks a null move ("--" in PGN: the turn passes): piece,
	// from_square and to_square are NULL, and Piece, From, To are ignored.
	Null      bool
	From, To  uint8
	Captured  byte // captured piece letter, 0 when none (NULL)
	Promotion byte // promotion piece letter, 0 when none (NULL)
	IsCheck   bool
	IsMate    bool
	ClockMS   OptInt64
	EMTMS     OptInt64
	EvalCP    OptInt32
	EvalMate  OptInt32
	NAGs      []int32 // NULL when empty
	Comment   OptBytes
	// HalfmoveClock is the halfmove clock after the move.
	HalfmoveClock int32
	// RepetitionCount counts the occurrences of the position after the
	// move so far (1 = first).
	RepetitionCount int32
	// Zobrist is the FIDE position key after the move; it is stored as the
	// int64 with the same bit pattern.
	Zobrist uint64
	// FEN is the position after the move; it is stored only when the
	// builder was created with withFEN.
	FEN []byte
}

// Reset clears r, keeping its buffers for reuse.
func (r *MoveRow) Reset() {
	nags, comment, fen := r.NAGs[:0], r.Comment.V[:0], r.FEN[:0]
	*r = MoveRow{NAGs: nags, FEN: fen}
	r.Comment.V = comment
}

// FindingRow is one row of the findings table, reused per row.
type FindingRow struct {
	GameID     int64
	NoGame     bool     // game_id is NULL (a finding about a TRF file alone)
	Ply        OptInt32 // NULL for game-level findings
	MoveNumber OptInt32
	Color      Side // SideNone is NULL
	Kind       string
	Severity   Severity
	Article    string // "" is NULL
	Message    []byte
	SAN        OptBytes
	FEN        OptBytes
	Witness    OptBytes
	SourceFile string
	SourceLine OptInt64
	CheckID    string // TRF check id ("T2", "P4"); "" is NULL
}

// Reset clears r, keeping its buffers for reuse.
func (r *FindingRow) Reset() {
	msg, san, fen, witness := r.Message[:0], r.SAN.V[:0], r.FEN.V[:0], r.Witness.V[:0]
	*r = FindingRow{Message: msg}
	r.SAN.V, r.FEN.V, r.Witness.V = san, fen, witness
}

// PositionRow is one row of the positions table, reused per row.
type PositionRow struct {
	PositionID   int64
	SourceFile   string
	SourceLine   int64
	FEN          []byte // as written
	Valid        bool
	Problems     []string // empty when valid
	SideToMove   Side     // SideNone is NULL
	InCheck      OptBool
	Checkmate    OptBool
	Stalemate    OptBool
	Dead         OptBool
	WhiteCanMate OptBool
	BlackCanMate OptBool
	LegalMoves   OptInt32
}

// Reset clears r, keeping its buffers for reuse.
func (r *PositionRow) Reset() {
	fen, problems := r.FEN[:0], r.Problems[:0]
	*r = PositionRow{FEN: fen, Problems: problems}
}

// bytesOf returns the bytes of s without copying; the result must not be
// modified.
func bytesOf(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }
