package report

import (
	"fmt"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// The tables of a tournament upload (a FIDE TRF file given with the
// games): written only when the run has a TRF input.
const (
	PlayersTableName  = "players"
	PairingsTableName = "pairings"
)

var (
	f64 = arrow.PrimitiveTypes.Float64
	// f64ListType and strListType have non-nullable elements named like
	// Parquet's, as nagsType and problemsType.
	f64ListType = arrow.ListOfField(arrow.Field{Name: "element", Type: f64})
	strListType = arrow.ListOfField(arrow.Field{Name: "element", Type: str})
)

var playersFields = []arrow.Field{
	req("source_file", str), // the TRF input (the PGN of the player's first game without TRF)
	req("source_line", i64), // line of the player's 001 record (of that game)
	opt("event", str),       // the event's name: record 012, or the games' Event tag
	req("start_rank", i32),
	req("name", str),
	opt("title", str),
	opt("sex", str),
	opt("federation", str),
	opt("fide_id", i64),
	opt("rating", i16),
	opt("birth_date", str),
	req("points", f64),
	opt("declared_points", f64),
	req("rank", i32),
	opt("declared_rank", i32),
	opt("points_by_rules", f64),
	opt("rank_by_rules", i32),
	req("tiebreak_order", strListType),
	req("tiebreak_values", f64ListType),
	opt("tiebreak_values_by_rules", f64ListType),
	req("tiebreak_source", str),
	req("bh", f64),
	req("bh_c1", f64),
	req("bh_c2", f64),
	req("bh_m1", f64),
	req("bh_m2", f64),
	req("fb", f64),
	opt("aob", f64),
	req("sb", f64),
	req("sb_c1", f64),
	req("sb_c2", f64),
	req("win", i32),
	req("won", i32),
	req("bpg", i32),
	req("bwg", i32),
	req("rep", i32),
	req("ps", f64),
	req("ps_c1", f64),
	req("ks", f64),
	req("de", i32),
	opt("aro", i32),
	opt("aro_c1", i32),
	opt("tpr", i32),
	opt("ptp", i32),
	req("rated_games", i32),
	req("edition", str),
}

var playersTable = Table{
	Name:   PlayersTableName,
	Schema: newSchema(PlayersTableName, playersFields...),
	plain:  []string{"source_line", "start_rank", "name", "fide_id", "birth_date"},
}

// PlayersTable returns the players table: one row per player of each TRF
// input, in the order of the recomputed standings.
//
//	source_file string, source_line int64   the TRF and the player's 001 record;
//	                          without TRF the PGN and first line of the
//	                          player's first game
//	start_rank int32, name string
//	title, sex, federation string            as in the TRF, NULL when blank
//	fide_id int64, rating int16              NULL when 0 or blank (unrated)
//	birth_date string                        as written, NULL when blank
//	points double             recomputed from the results as reported
//	declared_points double    columns 81-84, NULL when blank
//	rank int32                recomputed (C.07; tied players share it)
//	declared_rank int32       columns 86-89, NULL when blank
//	points_by_rules, rank_by_rules           after the results the Laws give
//	                          (games whose result the audit fixes); NULL when
//	                          no result changes
//	tiebreak_order list<string>              the ranking criteria, PTS first
//	tiebreak_values list<double>             their values (undefined ones as 0)
//	tiebreak_values_by_rules list<double>    the same after the results the Laws
//	                          give; NULL when no result changes
//	tiebreak_source string    where the order came from: flag -tiebreaks,
//	                          TRF record 212 or 202, default for Swiss
//	                          events or for round robins
//	bh, bh_c1, bh_c2, bh_m1, bh_m2, fb double     Buchholz and its cuts, Fore Buchholz
//	aob double                average of opponents' Buchholz, NULL when undefined
//	sb, sb_c1, sb_c2 double   Sonneborn-Berger and its cuts
//	win, won, bpg, bwg, rep int32            games won (WIN, WON), games with Black
//	de int32                  direct encounter order in its points group, 0 = not separated
//	ps, ps_c1, ks double      progressive score, Koya
//	aro, aro_c1, tpr, ptp int32              rating averages and performances, NULL when undefined
//	rated_games int32         games rated under B.02 §5.1
//	edition string            the C.07 edition the tie-breaks follow
func PlayersTable() Table { return playersTable }

// PlayersSchema returns the Arrow schema of the players table.
func PlayersSchema() *arrow.Schema { return playersTable.Schema }

var pairingsFields = []arrow.Field{
	req("source_file", str), // the TRF input (the PGN without TRF)
	req("source_line", i64), // line of the White player's (or bye's) 001 record (of the game)
	opt("event", str),       // the event's name, as in the players table
	req("round", i32),
	req("board", i32),
	req("white_start_rank", i32), // the player, for a bye
	req("white", str),
	opt("black_start_rank", i32), // NULL for a bye
	opt("black", str),
	req("kind", str), // game | forfeit | short | bye | unplayed
	opt("result", str),
	req("codes", str),
	opt("game_id", i64),
	opt("game_result", str),
	opt("result_by_rules", str),
	req("rated", boolean),
	req("rated_reason", str),
	opt("match_method", str),
}

var pairingsTable = Table{
	Name:   PairingsTableName,
	Schema: newSchema(PairingsTableName, pairingsFields...),
	plain:  []string{"source_line", "game_id"},
}

// PairingsTable returns the pairings table: one row per pairing or bye of
// each round of each TRF input, in round and board order.
//
//	source_file string, source_line int64   the TRF and the White player's record;
//	                          without TRF the PGN and the game's first line
//	                          (for an unplayed round, the player's first game)
//	round, board int32        board from the matched game's Round tag ("r.b"),
//	                          else the order in the round
//	white_start_rank int32, white string     for a bye: the player
//	black_start_rank int32, black string     NULL for a bye
//	kind string               game | forfeit | short (less than one move) | bye |
//	                          unplayed (standings from games alone: a round
//	                          in which the player has no game)
//	result string             as reported in the TRF, from White's side: 1-0,
//	                          0-1, 1/2-1/2; +-, -+, -- for forfeits; the bye
//	                          code (U, F, H, Z); NULL for an unknown code
//	codes string              the TRF result codes of White and Black, e.g. "1/0"
//	game_id int64             the matched game of the games table, NULL when none
//	game_result string        its Result tag, from the TRF's White's side
//	result_by_rules string    the result the Laws give for it, NULL when they
//	                          do not fix one
//	rated bool, rated_reason string          rated under B.02 §5.1, and why
//	match_method string       how the game's players were found: fide_id, name
//	                          or name_fuzzy for the PGN's White/Black
func PairingsTable() Table { return pairingsTable }

// PairingsSchema returns the Arrow schema of the pairings table.
func PairingsSchema() *arrow.Schema { return pairingsTable.Schema }

// PlayerRow is one row of the players table.
type PlayerRow struct {
	SourceFile     string
	SourceLine     int64
	Event          string // "" is NULL
	StartRank      int32
	Name           string
	Title          string // "" is NULL
	Sex            string // "" is NULL
	Federation     string // "" is NULL
	FideID         OptInt64
	Rating         OptInt16
	BirthDate      string // "" is NULL
	Points         float64
	DeclaredPoints OptFloat64
	Rank           int32
	DeclaredRank   OptInt32
	PointsByRules  OptFloat64
	RankByRules    OptInt32
	TieBreakOrder  []string
	TieBreakValues []float64
	// TieBreakValuesByRules are written when PointsByRules is set.
	TieBreakValuesByRules []float64
	TieBreakSource        string

	BH, BHC1, BHC2, BHM1, BHM2, FB float64
	AOB                            OptFloat64
	SB, SBC1, SBC2                 float64
	Win, Won, BPG, BWG, REP        int32
	PS, PSC1, KS                   float64
	DE                             int32
	ARO, AROC1, TPR, PTP           OptInt32
	RatedGames                     int32
	Edition                        string
}

// Reset clears r, keeping its slices for reuse.
func (r *PlayerRow) Reset() {
	order, values, byRules := r.TieBreakOrder[:0], r.TieBreakValues[:0], r.TieBreakValuesByRules[:0]
	*r = PlayerRow{TieBreakOrder: order, TieBreakValues: values, TieBreakValuesByRules: byRules}
}

// PairingRow is one row of the pairings table.
type PairingRow struct {
	SourceFile     string
	SourceLine     int64
	Event          string // "" is NULL
	Round          int32
	Board          int32
	WhiteStartRank int32
	White          string
	BlackStartRank OptInt32 // NULL for a bye
	Black          string   // "" is NULL
	Kind           string   // game, forfeit, short, bye or unplayed
	Result         string   // "" is NULL
	Codes          string
	GameID         OptInt64
	GameResult     string // "" is NULL
	ResultByRules  string // "" is NULL
	Rated          bool
	RatedReason    string
	MatchMethod    string // "" is NULL
}

// Reset clears r.
func (r *PairingRow) Reset() { *r = PairingRow{} }

// PlayersBuilder turns PlayerRows into record batches of the players table.
// It is owned by one goroutine.
type PlayersBuilder struct {
	batch
	sourceFile, event               strCol
	sourceLine                      i64Col
	startRank                       i32Col
	name, title, sex, federation    strCol
	fideID                          i64Col
	rating                          i16Col
	birthDate                       strCol
	points, declaredPoints          f64Col
	rank, declaredRank              i32Col
	pointsByRules                   f64Col
	rankByRules                     i32Col
	order                           strListCol
	values, valuesByRules           f64ListCol
	orderSource                     strCol
	bh, bhC1, bhC2, bhM1, bhM2, fb  f64Col
	aob, sb, sbC1, sbC2             f64Col
	win, won, bpg, bwg, rep         i32Col
	ps, psC1, ks                    f64Col
	de, aro, aroC1, tpr, ptp, rated i32Col
	edition                         strCol
}

// NewPlayersBuilder returns a builder for the players table that allocates
// from mem (nil means memory.DefaultAllocator). Release it when done.
func NewPlayersBuilder(mem memory.Allocator) *PlayersBuilder {
	b := new(PlayersBuilder)
	b.init(mem, PlayersTable(),
		"source_file", &b.sourceFile,
		"source_line", &b.sourceLine,
		"event", &b.event,
		"start_rank", &b.startRank,
		"name", &b.name,
		"title", &b.title,
		"sex", &b.sex,
		"federation", &b.federation,
		"fide_id", &b.fideID,
		"rating", &b.rating,
		"birth_date", &b.birthDate,
		"points", &b.points,
		"declared_points", &b.declaredPoints,
		"rank", &b.rank,
		"declared_rank", &b.declaredRank,
		"points_by_rules", &b.pointsByRules,
		"rank_by_rules", &b.rankByRules,
		"tiebreak_order", &b.order,
		"tiebreak_values", &b.values,
		"tiebreak_values_by_rules", &b.valuesByRules,
		"tiebreak_source", &b.orderSource,
		"bh", &b.bh,
		"bh_c1", &b.bhC1,
		"bh_c2", &b.bhC2,
		"bh_m1", &b.bhM1,
		"bh_m2", &b.bhM2,
		"fb", &b.fb,
		"aob", &b.aob,
		"sb", &b.sb,
		"sb_c1", &b.sbC1,
		"sb_c2", &b.sbC2,
		"win", &b.win,
		"won", &b.won,
		"bpg", &b.bpg,
		"bwg", &b.bwg,
		"rep", &b.rep,
		"ps", &b.ps,
		"ps_c1", &b.psC1,
		"ks", &b.ks,
		"de", &b.de,
		"aro", &b.aro,
		"aro_c1", &b.aroC1,
		"tpr", &b.tpr,
		"ptp", &b.ptp,
		"rated_games", &b.rated,
		"edition", &b.edition,
	)
	return b
}

// Append adds one row. It returns an error wrapping ErrInvalidRow, and
// appends nothing, when the name or the edition is empty or the tie-break
// order and its values differ in length; or ErrBatchFull.
func (b *PlayersBuilder) Append(r *PlayerRow) error {
	if r.Name == "" || r.Edition == "" || len(r.TieBreakOrder) != len(r.TieBreakValues) ||
		r.PointsByRules.Valid && len(r.TieBreakOrder) != len(r.TieBreakValuesByRules) {
		return fmt.Errorf("%w: player %d: name %q, edition %q, %d tie-breaks and %d values",
			ErrInvalidRow, r.StartRank, r.Name, r.Edition, len(r.TieBreakOrder), len(r.TieBreakValues))
	}
	nb := len(r.SourceFile) + len(r.Event) + len(r.Name) + len(r.Title) + len(r.Sex) + len(r.Federation) + len(r.BirthDate) + len(r.Edition) + len(r.TieBreakSource)
	for _, s := range r.TieBreakOrder {
		nb += len(s)
	}
	if err := b.room(nb); err != nil {
		return err
	}
	b.addUTF8(&b.sourceFile, bytesOf(r.SourceFile))
	b.sourceLine.add(r.SourceLine)
	b.addOptString(&b.event, r.Event)
	b.startRank.add(r.StartRank)
	b.addUTF8(&b.name, bytesOf(r.Name))
	b.addOptString(&b.title, r.Title)
	b.addOptString(&b.sex, r.Sex)
	b.addOptString(&b.federation, r.Federation)
	addOpt(&b.fideID, r.FideID)
	addOpt(&b.rating, r.Rating)
	b.addOptString(&b.birthDate, r.BirthDate)
	b.points.add(r.Points)
	addOpt(&b.declaredPoints, r.DeclaredPoints)
	b.rank.add(r.Rank)
	addOpt(&b.declaredRank, r.DeclaredRank)
	addOpt(&b.pointsByRules, r.PointsByRules)
	addOpt(&b.rankByRules, r.RankByRules)
	for _, s := range r.TieBreakOrder {
		b.addUTF8(&b.order.elems, bytesOf(s))
	}
	b.order.end(b.order.elems.rows())
	b.values.add(r.TieBreakValues)
	if r.PointsByRules.Valid {
		b.valuesByRules.add(r.TieBreakValuesByRules)
	} else {
		b.valuesByRules.null()
	}
	b.addUTF8(&b.orderSource, bytesOf(r.TieBreakSource))
	b.bh.add(r.BH)
	b.bhC1.add(r.BHC1)
	b.bhC2.add(r.BHC2)
	b.bhM1.add(r.BHM1)
	b.bhM2.add(r.BHM2)
	b.fb.add(r.FB)
	addOpt(&b.aob, r.AOB)
	b.sb.add(r.SB)
	b.sbC1.add(r.SBC1)
	b.sbC2.add(r.SBC2)
	b.win.add(r.Win)
	b.won.add(r.Won)
	b.bpg.add(r.BPG)
	b.bwg.add(r.BWG)
	b.rep.add(r.REP)
	b.ps.add(r.PS)
	b.psC1.add(r.PSC1)
	b.ks.add(r.KS)
	b.de.add(r.DE)
	addOpt(&b.aro, r.ARO)
	addOpt(&b.aroC1, r.AROC1)
	addOpt(&b.tpr, r.TPR)
	addOpt(&b.ptp, r.PTP)
	b.rated.add(r.RatedGames)
	b.addUTF8(&b.edition, bytesOf(r.Edition))
	b.n++
	return nil
}

// addOptString appends s, or NULL when it is empty.
func (b *batch) addOptString(s *strCol, v string) {
	if v == "" {
		s.null()
	} else {
		b.addUTF8(s, bytesOf(v))
	}
}

// PairingsBuilder turns PairingRows into record batches of the pairings
// table. It is owned by one goroutine.
type PairingsBuilder struct {
	batch
	sourceFile, event          strCol
	sourceLine                 i64Col
	round, board               i32Col
	whiteRank                  i32Col
	white                      strCol
	blackRank                  i32Col
	black, kind, result, codes strCol
	gameID                     i64Col
	gameResult, resultByRules  strCol
	rated                      boolCol
	ratedReason, matchMethod   strCol
}

// NewPairingsBuilder returns a builder for the pairings table that
// allocates from mem (nil means memory.DefaultAllocator). Release it when
// done.
func NewPairingsBuilder(mem memory.Allocator) *PairingsBuilder {
	b := new(PairingsBuilder)
	b.init(mem, PairingsTable(),
		"source_file", &b.sourceFile,
		"source_line", &b.sourceLine,
		"event", &b.event,
		"round", &b.round,
		"board", &b.board,
		"white_start_rank", &b.whiteRank,
		"white", &b.white,
		"black_start_rank", &b.blackRank,
		"black", &b.black,
		"kind", &b.kind,
		"result", &b.result,
		"codes", &b.codes,
		"game_id", &b.gameID,
		"game_result", &b.gameResult,
		"result_by_rules", &b.resultByRules,
		"rated", &b.rated,
		"rated_reason", &b.ratedReason,
		"match_method", &b.matchMethod,
	)
	return b
}

func validPairingKind(k string) bool {
	switch k {
	case "game", "forfeit", "short", "bye", "unplayed":
		return true
	}
	return false
}

// Append adds one row. It returns an error wrapping ErrInvalidRow, and
// appends nothing, when the kind is not game, forfeit, short, bye or
// unplayed or the
// result by rules is not a PGN result; or ErrBatchFull.
func (b *PairingsBuilder) Append(r *PairingRow) error {
	if !validPairingKind(r.Kind) {
		return fmt.Errorf("%w: round %d board %d: pairing kind %q", ErrInvalidRow, r.Round, r.Board, r.Kind)
	}
	if !validResult(r.ResultByRules) {
		return fmt.Errorf("%w: round %d board %d: result by rules %q", ErrInvalidRow, r.Round, r.Board, r.ResultByRules)
	}
	if err := b.room(len(r.SourceFile) + len(r.White) + len(r.Black) + len(r.Kind) + len(r.Result) + len(r.Codes) +
		len(r.GameResult) + len(r.ResultByRules) + len(r.RatedReason) + len(r.MatchMethod)); err != nil {
		return err
	}
	b.addUTF8(&b.sourceFile, bytesOf(r.SourceFile))
	b.sourceLine.add(r.SourceLine)
	b.addOptString(&b.event, r.Event)
	b.round.add(r.Round)
	b.board.add(r.Board)
	b.whiteRank.add(r.WhiteStartRank)
	b.addUTF8(&b.white, bytesOf(r.White))
	addOpt(&b.blackRank, r.BlackStartRank)
	b.addOptString(&b.black, r.Black)
	b.kind.addString(r.Kind)
	b.addOptString(&b.result, r.Result)
	b.addUTF8(&b.codes, bytesOf(r.Codes))
	addOpt(&b.gameID, r.GameID)
	b.addOptString(&b.gameResult, r.GameResult)
	addOptStr(&b.resultByRules, r.ResultByRules)
	b.rated.add(r.Rated)
	b.addUTF8(&b.ratedReason, bytesOf(r.RatedReason))
	b.addOptString(&b.matchMethod, r.MatchMethod)
	b.n++
	return nil
}
