package report

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"sort"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/arbiter-chess/arbiter/chess"
)

// Deterministic sample rows shared by the round-trip tests, the DuckDB
// sample output and the benchmarks.

var sampleSANs = []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6", "c3", "O-O", "h3", "Nb8", "d4", "Nbd7", "exd5", "Qxd5+", "e8=Q#"}

var sampleFEN = "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"

// sampleGame fills r (after Reset) with game i of a synthetic run: tags
// are present or absent, known or unknown in a pattern that covers every
// null case.
func sampleGame(i int, r *GameRow) {
	r.Reset()
	r.GameID = int64(i)
	r.SourceFile = "lichess_db_standard_rated_2013-01.pgn.zst"
	r.SourceOffset = int64(i) * 1234
	r.SourceLine = int64(i)*21 + 1
	tag := func(n, v string) { r.SetTag([]byte(n), []byte(v)) }
	tag("Event", "Rated Blitz game")
	tag("Site", fmt.Sprintf("https://lichess.org/g%07d", i))
	tag("Date", "2013.01.01")
	if i%7 != 3 {
		tag("Round", "-")
	}
	tag("White", fmt.Sprintf("player%d", i%101))
	tag("Black", fmt.Sprintf("player%d", (i*7)%101))
	tag("Result", []string{"1-0", "0-1", "1/2-1/2", "*"}[i%4])
	switch i % 5 {
	case 0:
		tag("UTCDate", "2013.01.01")
	case 1:
		tag("UTCDate", "????.??.??") // unknown: NULL, not kept
	case 2:
		tag("UTCDate", "2013.02.30") // impossible: NULL, kept in tags
	case 3:
		tag("UTCDate", fmt.Sprintf("2013.01.%02d", 1+i%28))
	}
	if i%3 != 0 {
		tag("UTCTime", fmt.Sprintf("%02d:%02d:%02d", i%24, i%60, (i*7)%60))
	}
	switch i % 6 {
	case 0:
		tag("WhiteElo", "?")
	case 1:
		tag("WhiteElo", "1500")
	case 2:
		tag("WhiteElo", "abc") // kept in tags
	default:
		tag("WhiteElo", fmt.Sprint(800+i%2500))
	}
	tag("BlackElo", fmt.Sprint(1000+(i*13)%2000))
	if i%4 == 0 {
		tag("WhiteRatingDiff", fmt.Sprintf("%+d", i%30-15))
		tag("BlackRatingDiff", fmt.Sprintf("%+d", 15-i%30))
	}
	if i%10 == 0 {
		tag("WhiteTitle", "GM")
	}
	if i%11 == 0 {
		tag("BlackTitle", "BOT")
	}
	tag("ECO", fmt.Sprintf("C%02d", i%100))
	tag("Opening", "Ruy Lopez: Morphy Defense")
	switch i % 4 {
	case 1:
		tag("EventDate", "2013.??.??") // partial: text only
	case 2:
		tag("EventDate", "2013.01.05")
	}
	if i%3 == 0 {
		r.OpeningECO, r.OpeningName = "C42", "Petrov's Defense"
		r.OpeningPly.Set(4)
	}
	if i%10 == 9 {
		r.DuplicateOf.Set(int64(i - 9))
		r.SameTags.Set(i%20 == 9)
	}
	tag("Termination", []string{"Normal", "Time forfeit", "Abandoned"}[i%3])
	tag("TimeControl", "300+0")
	if i%9 == 0 {
		tag("Variant", "Standard")
	}
	if i%13 == 0 {
		tag("SetUp", "1")
		tag("FEN", sampleFEN)
	}
	if i%2 == 0 {
		tag("Annotator", "Arbiter ü") // non-ASCII survives
	}
	if i%8 == 0 {
		tag("Event", "duplicate, ignored")
		tag("Custom", "x")
		tag("Custom", "second, ignored")
	}
	plies := i % 90
	r.Movetext = append(r.Movetext[:0], "1. e4 e5 2. Nf3"...)
	r.PliesReplayed = int32(plies) // sampleMoves writes plies rows for game i
	r.PliesRecorded = int32(plies + i%2)
	r.EndKind = []EndKind{EndNone, EndCheckmate, EndStalemate, EndDeadPosition, EndFivefoldRepetition, EndSeventyFiveMoveRule}[i%6]
	if r.EndKind != EndNone {
		r.EndPly.Set(int32(plies))
		r.ResultByRules = []string{ResultWhiteWins, ResultDraw}[i%2]
		r.ResultOK.Set(i%3 != 0)
	}
	if i%5 == 1 {
		r.FirstErrorPly.Set(int32(i % 40))
	}
	if i%12 == 0 {
		r.ThreefoldPly.Set(40)
		r.ThreefoldClaim.Set(41)
	}
	if i%17 == 0 {
		r.FiftyPly.Set(120)
		r.SeventyFivePly.Set(170)
		r.FivefoldPly.Set(80)
		r.DeadPly.Set(200)
	}
	r.FinalFEN = append(r.FinalFEN[:0], sampleFEN...)
	r.NotationLanguage = "en"
	r.ErrorCount = int32(i % 3)
	r.WarningCount = int32(i % 2)
	r.InfoCount = int32(i % 5)
	r.Audited = i%9 != 0
	r.UncheckedPlies = int32(i % 2)
	if i%4 != 0 {
		r.WhiteCanMate.Set(i%2 == 0)
		r.BlackCanMate.Set(i%3 == 0)
	}
}

// sampleMove fills r (after Reset) with ply p (1-based) of game g.
func sampleMove(g, p int, withFEN bool, r *MoveRow) {
	r.Reset()
	k := g*131 + p
	r.GameID = int64(g)
	r.Ply = int32(p)
	r.MoveNumber = int32((p + 1) / 2)
	r.Color = SideWhite
	if p%2 == 0 {
		r.Color = SideBlack
	}
	r.SAN = mustIndex(chess.SANIndex, sampleSANs[k%len(sampleSANs)])
	r.Piece = "PNBRQK"[k%6]
	r.From = uint8(k % 64)
	r.To = uint8((k * 7) % 64)
	for { // a move some piece can make
		if _, ok := chess.UCIIndex([]byte(squareNames[r.From] + squareNames[r.To])); ok {
			break
		}
		r.To = (r.To + 1) % 64
	}
	if k%5 == 0 {
		r.Captured = "PNBRQ"[k%5]
	}
	if k%23 == 0 {
		r.Promotion = "NBRQ"[k%4]
		r.From, r.To = uint8(48+k%8), uint8(56+k%8) // from the seventh rank to the eighth
	}
	uci := squareNames[r.From] + squareNames[r.To]
	if r.Promotion != 0 {
		uci += string(rune(r.Promotion | 0x20))
	}
	if k%19 == 0 {
		uci = "e1h1" // Chess960 castling
	}
	r.UCI = mustIndex(chess.UCIIndex, uci)
	r.IsCheck = k%11 == 0
	r.IsMate = k%97 == 0
	if g%3 != 0 {
		r.ClockMS.Set(int64(300000 - p*1500))
		r.EMTMS.Set(int64(1500 + k%700))
	}
	if k%4 == 0 {
		r.EvalCP.Set(int32(k%600 - 300))
	} else if k%29 == 0 {
		r.EvalMate.Set(int32(k%9 - 4))
	}
	if k%31 == 0 {
		r.NAGs = append(r.NAGs, 1, int32(k%255))
	}
	if k%37 == 0 {
		r.Comment.SetString("[%clk 0:04:59] a nice move ♞")
	}
	r.HalfmoveClock = int32(k % 50)
	r.RepetitionCount = int32(1 + k%3)
	r.Zobrist = uint64(k) * 0x9E3779B97F4A7C15 // many have the top bit set
	if withFEN {
		r.FEN = append(r.FEN, sampleFEN...)
	}
}

// sampleFindings returns the findings of games 0..games-1: g%4 for game g,
// each from sampleFinding.
func sampleFindings(games int) []FindingRow {
	var out []FindingRow
	for g := 0; g < games; g++ {
		for j := 0; j < g%4; j++ {
			var r FindingRow
			sampleFinding(g, j, &r)
			out = append(out, r)
		}
	}
	return out
}

func sampleFinding(g, j int, r *FindingRow) {
	r.Reset()
	r.GameID = int64(g)
	r.Kind = []string{"illegal_move", "missed_fivefold", "wrong_result", "threefold_available"}[j%4]
	r.Severity = []Severity{SeverityError, SeverityWarning, SeverityInfo}[j%3]
	if j%4 != 2 {
		r.Ply.Set(int32(j + 1))
		r.MoveNumber.Set(int32(j/2 + 1))
		r.Color = SideWhite + Side(j%2)
		r.SAN.SetString("Nxe5")
		r.FEN.SetString(sampleFEN)
	}
	if j%3 != 1 {
		r.Article = "9.2"
	}
	r.Message = fmt.Appendf(r.Message[:0], "finding %d of game %d", j, g)
	if j%5 == 0 {
		r.Witness.SetString("1. Kf2 Kf7 2. Ke3 Qxe3#")
	}
	r.SourceFile = "games.pgn"
	if j%6 != 5 {
		r.SourceLine.Set(int64(g*20 + j))
	}
	if g%10 == 3 && j == 1 { // a TRF finding without a game
		r.GameID, r.NoGame, r.CheckID, r.SourceFile = 0, true, "T2", "event.trf"
	} else if g%10 == 7 && j == 0 { // a TRF finding about a game
		r.CheckID, r.SourceFile = "P4", "event.trf"
	}
}

func samplePosition(i int, r *PositionRow) {
	r.Reset()
	r.PositionID = int64(i)
	r.SourceFile = "positions.epd"
	r.SourceLine = int64(i + 1)
	r.FEN = append(r.FEN, sampleFEN...)
	r.Valid = i%4 != 0
	if !r.Valid {
		r.Problems = append(r.Problems, "two white kings", "pawn on rank 1")
		return
	}
	r.SideToMove = SideWhite + Side(i%2)
	r.InCheck.Set(i%3 == 0)
	r.Checkmate.Set(false)
	r.Stalemate.Set(false)
	if i%5 != 0 {
		r.Dead.Set(i%7 == 0)
		r.WhiteCanMate.Set(true)
		r.BlackCanMate.Set(i%2 == 0)
	}
	r.LegalMoves.Set(int32(20 + i%20))
}

// Reading back.

// readDir reads every part file of a table folder in name order and
// returns the record batches; the caller releases them.
func readDir(t testing.TB, mem memory.Allocator, dir string) (*arrow.Schema, []arrow.RecordBatch) {
	t.Helper()
	parts, err := filepath.Glob(filepath.Join(dir, "*.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(parts)
	var schema *arrow.Schema
	var recs []arrow.RecordBatch
	for _, p := range parts {
		pf, err := file.OpenParquetFile(p, false, file.WithReadProps(nil))
		if err != nil {
			t.Fatalf("open %s: %v", p, err)
		}
		fr, err := pqarrow.NewFileReader(pf, pqarrow.ArrowReadProperties{BatchSize: 1 << 16}, mem)
		if err != nil {
			t.Fatalf("reader %s: %v", p, err)
		}
		rr, err := fr.GetRecordReader(context.Background(), nil, nil)
		if err != nil {
			t.Fatalf("record reader %s: %v", p, err)
		}
		schema = rr.Schema()
		kv := pf.MetaData().KeyValueMetadata()
		if v := kv.FindValue(MetaSchemaVersion); v == nil || *v != SchemaVersion {
			t.Errorf("%s: %s = %v, want %q", p, MetaSchemaVersion, v, SchemaVersion)
		}
		if v := kv.FindValue(MetaTable); v == nil || *v != filepath.Base(dir) {
			t.Errorf("%s: %s = %v, want %q", p, MetaTable, v, filepath.Base(dir))
		}
		for rr.Next() {
			rec := rr.RecordBatch()
			rec.Retain()
			recs = append(recs, rec)
		}
		if err := rr.Err(); err != nil {
			t.Fatalf("read %s: %v", p, err)
		}
		rr.Release()
		pf.Close()
	}
	return schema, recs
}

func col[T arrow.Array](rec arrow.RecordBatch, name string) T {
	idx := rec.Schema().FieldIndices(name)
	if len(idx) != 1 {
		panic("no column " + name)
	}
	return rec.Column(idx[0]).(T)
}

func optBytesAt(a *array.String, i int) (o OptBytes) {
	if a.IsValid(i) {
		o.SetString(a.Value(i))
	}
	return o
}

// optAt reads row i of a nullable column into an Opt.
func optAt[T any](a interface {
	IsValid(int) bool
	Value(int) T
}, i int) (o Opt[T]) {
	if a.IsValid(i) {
		o.Set(a.Value(i))
	}
	return o
}

// strAt reads row i of a string column, plain or dictionary-encoded.
func strAt(a arrow.Array, i int) string {
	if d, ok := a.(*array.Dictionary); ok {
		return d.Dictionary().(*array.String).Value(d.GetValueIndex(i))
	}
	return a.(*array.String).Value(i)
}

func sideAt(a arrow.Array, i int) Side {
	if a.IsNull(i) {
		return SideNone
	}
	switch v := strAt(a, i); v {
	case "white":
		return SideWhite
	case "black":
		return SideBlack
	default:
		panic("bad side " + v)
	}
}

func letterAt(a arrow.Array, i int) byte {
	if a.IsNull(i) {
		return 0
	}
	v := strAt(a, i)
	if len(v) != 1 {
		panic("bad letter " + v)
	}
	return v[0]
}

func squareAt(a arrow.Array, i int) uint8 {
	s := strAt(a, i)
	return (s[1]-'1')*8 + (s[0] - 'a')
}

// gamesFrom rebuilds GameRows from read-back batches.
func gamesFrom(recs []arrow.RecordBatch) []GameRow {
	var out []GameRow
	for _, rec := range recs {
		s := func(n string) *array.String { return col[*array.String](rec, n) }
		i16 := func(n string) *array.Int16 { return col[*array.Int16](rec, n) }
		i32 := func(n string) *array.Int32 { return col[*array.Int32](rec, n) }
		i64 := func(n string) *array.Int64 { return col[*array.Int64](rec, n) }
		b := func(n string) *array.Boolean { return col[*array.Boolean](rec, n) }
		tags := col[*array.Map](rec, "tags")
		keys, items := tags.Keys().(*array.String), tags.Items().(*array.String)
		for i := 0; i < int(rec.NumRows()); i++ {
			var r GameRow
			r.GameID = i64("game_id").Value(i)
			r.SourceFile = s("source_file").Value(i)
			r.SourceOffset = i64("source_offset").Value(i)
			r.SourceLine = i64("source_line").Value(i)
			r.Event, r.Site, r.Date = optBytesAt(s("event"), i), optBytesAt(s("site"), i), optBytesAt(s("date_text"), i)
			r.EventDate = optBytesAt(s("event_date_text"), i)
			if d := col[*array.Date32](rec, "date"); d.IsValid(i) {
				r.DateValue.Set(int32(d.Value(i)))
			}
			if d := col[*array.Date32](rec, "event_date"); d.IsValid(i) {
				r.EventDateValue.Set(int32(d.Value(i)))
			}
			if d := col[*array.Date32](rec, "utc_date"); d.IsValid(i) {
				r.UTCDate.Set(int32(d.Value(i)))
			}
			if tm := col[*array.Time32](rec, "utc_time"); tm.IsValid(i) {
				r.UTCTime.Set(int32(tm.Value(i)))
			}
			r.Round, r.White, r.Black, r.Result = optBytesAt(s("round"), i), optBytesAt(s("white"), i), optBytesAt(s("black"), i), optBytesAt(s("result"), i)
			r.WhiteElo, r.BlackElo = optAt(i16("white_elo"), i), optAt(i16("black_elo"), i)
			r.WhiteRatingDiff, r.BlackRatingDiff = optAt(i16("white_rating_diff"), i), optAt(i16("black_rating_diff"), i)
			r.WhiteTitle, r.BlackTitle = optBytesAt(s("white_title"), i), optBytesAt(s("black_title"), i)
			r.ECO, r.Opening = optBytesAt(s("eco"), i), optBytesAt(s("opening"), i)
			if a := s("opening_eco"); a.IsValid(i) {
				r.OpeningECO = a.Value(i)
			}
			if a := s("opening_name"); a.IsValid(i) {
				r.OpeningName = a.Value(i)
			}
			r.OpeningPly = optAt(i32("opening_ply"), i)
			r.Termination, r.TimeControl = optBytesAt(s("termination"), i), optBytesAt(s("time_control"), i)
			r.Variant, r.StartFEN = optBytesAt(s("variant"), i), optBytesAt(s("start_fen"), i)
			if tags.IsNull(i) {
				panic("tags is NULL")
			}
			lo, hi := tags.ValueOffsets(i)
			for j := lo; j < hi; j++ {
				r.AddTag([]byte(keys.Value(int(j))), []byte(items.Value(int(j))))
			}
			r.Movetext = []byte(s("movetext").Value(i))
			r.PliesRecorded, r.PliesReplayed = i32("plies_recorded").Value(i), i32("plies_replayed").Value(i)
			if k := s("end_kind"); k.IsValid(i) {
				r.EndKind = EndKind(k.Value(i))
			}
			r.EndPly = optAt(i32("end_ply"), i)
			if k := s("result_by_rules"); k.IsValid(i) {
				r.ResultByRules = k.Value(i)
			}
			r.ResultOK = optAt(b("result_ok"), i)
			r.FirstErrorPly = optAt(i32("first_error_ply"), i)
			r.ThreefoldPly, r.ThreefoldClaim = optAt(i32("threefold_ply"), i), optAt(i32("threefold_claim_ply"), i)
			r.FiftyPly, r.FivefoldPly = optAt(i32("fifty_ply"), i), optAt(i32("fivefold_ply"), i)
			r.SeventyFivePly, r.DeadPly = optAt(i32("seventyfive_ply"), i), optAt(i32("dead_ply"), i)
			r.FinalFEN = []byte(s("final_fen").Value(i))
			r.NotationLanguage = s("notation_language").Value(i)
			r.ErrorCount, r.WarningCount, r.InfoCount = i32("error_count").Value(i), i32("warning_count").Value(i), i32("info_count").Value(i)
			r.Audited = b("audited").Value(i)
			r.UncheckedPlies = i32("unchecked_plies").Value(i)
			r.WhiteCanMate, r.BlackCanMate = optAt(b("white_can_mate"), i), optAt(b("black_can_mate"), i)
			r.DuplicateOf, r.SameTags = optAt(i64("duplicate_of"), i), optAt(b("same_tags"), i)
			out = append(out, r)
		}
	}
	return out
}

func movesFrom(recs []arrow.RecordBatch, withFEN bool) []MoveRow {
	var out []MoveRow
	for _, rec := range recs {
		s := func(n string) *array.String { return col[*array.String](rec, n) }
		a := func(n string) arrow.Array { return col[arrow.Array](rec, n) }
		i32 := func(n string) *array.Int32 { return col[*array.Int32](rec, n) }
		i64 := func(n string) *array.Int64 { return col[*array.Int64](rec, n) }
		b := func(n string) *array.Boolean { return col[*array.Boolean](rec, n) }
		nags := col[*array.List](rec, "nags")
		nagv := nags.ListValues().(*array.Int32)
		for i := 0; i < int(rec.NumRows()); i++ {
			var r MoveRow
			r.GameID = i64("game_id").Value(i)
			r.Ply, r.MoveNumber = i32("ply").Value(i), i32("move_number").Value(i)
			r.Color = sideAt(a("color"), i)
			r.SAN = mustIndex(chess.SANIndex, strAt(a("san"), i))
			r.UCI = mustIndex(chess.UCIIndex, strAt(a("uci"), i))
			r.Piece = letterAt(a("piece"), i)
			r.From, r.To = squareAt(a("from_square"), i), squareAt(a("to_square"), i)
			r.Captured, r.Promotion = letterAt(a("captured"), i), letterAt(a("promotion"), i)
			r.IsCheck, r.IsMate = b("is_check").Value(i), b("is_mate").Value(i)
			r.ClockMS, r.EMTMS = optAt(i64("clock_ms"), i), optAt(i64("emt_ms"), i)
			r.EvalCP, r.EvalMate = optAt(i32("eval_cp"), i), optAt(i32("eval_mate"), i)
			if nags.IsValid(i) {
				lo, hi := nags.ValueOffsets(i)
				for j := lo; j < hi; j++ {
					r.NAGs = append(r.NAGs, nagv.Value(int(j)))
				}
			}
			r.Comment = optBytesAt(s("comment"), i)
			r.HalfmoveClock, r.RepetitionCount = i32("halfmove_clock").Value(i), i32("repetition_count").Value(i)
			r.Zobrist = uint64(i64("zobrist").Value(i))
			if withFEN {
				r.FEN = []byte(s("fen").Value(i))
			}
			out = append(out, r)
		}
	}
	return out
}

func findingsFrom(recs []arrow.RecordBatch) []FindingRow {
	var out []FindingRow
	for _, rec := range recs {
		s := func(n string) *array.String { return col[*array.String](rec, n) }
		for i := 0; i < int(rec.NumRows()); i++ {
			var r FindingRow
			if id := col[*array.Int64](rec, "game_id"); id.IsValid(i) {
				r.GameID = id.Value(i)
			} else {
				r.NoGame = true
			}
			r.Ply, r.MoveNumber = optAt(col[*array.Int32](rec, "ply"), i), optAt(col[*array.Int32](rec, "move_number"), i)
			r.Color = sideAt(s("color"), i)
			r.Kind, r.Severity = s("kind").Value(i), Severity(s("severity").Value(i))
			if a := s("article"); a.IsValid(i) {
				r.Article = a.Value(i)
			}
			r.Message = []byte(s("message").Value(i))
			r.SAN, r.FEN, r.Witness = optBytesAt(s("san"), i), optBytesAt(s("fen"), i), optBytesAt(s("witness"), i)
			r.SourceFile = s("source_file").Value(i)
			r.SourceLine = optAt(col[*array.Int64](rec, "source_line"), i)
			if c := s("check_id"); c.IsValid(i) {
				r.CheckID = c.Value(i)
			}
			out = append(out, r)
		}
	}
	return out
}

func positionsFrom(recs []arrow.RecordBatch) []PositionRow {
	var out []PositionRow
	for _, rec := range recs {
		b := func(n string) *array.Boolean { return col[*array.Boolean](rec, n) }
		probs := col[*array.List](rec, "problems")
		pv := probs.ListValues().(*array.String)
		for i := 0; i < int(rec.NumRows()); i++ {
			var r PositionRow
			r.PositionID = col[*array.Int64](rec, "position_id").Value(i)
			r.SourceFile = col[*array.String](rec, "source_file").Value(i)
			r.SourceLine = col[*array.Int64](rec, "source_line").Value(i)
			r.FEN = []byte(col[*array.String](rec, "fen").Value(i))
			r.Valid = b("valid").Value(i)
			if probs.IsNull(i) {
				panic("problems is NULL")
			}
			lo, hi := probs.ValueOffsets(i)
			for j := lo; j < hi; j++ {
				r.Problems = append(r.Problems, pv.Value(int(j)))
			}
			r.SideToMove = sideAt(col[*array.String](rec, "side_to_move"), i)
			r.InCheck, r.Checkmate, r.Stalemate, r.Dead = optAt(b("in_check"), i), optAt(b("checkmate"), i), optAt(b("stalemate"), i), optAt(b("dead"), i)
			r.WhiteCanMate, r.BlackCanMate = optAt(b("white_can_mate"), i), optAt(b("black_can_mate"), i)
			r.LegalMoves = optAt(col[*array.Int32](rec, "legal_moves"), i)
			out = append(out, r)
		}
	}
	return out
}

// normalize makes rows comparable with reflect.DeepEqual: empty slices
// become nil, unexported bookkeeping is dropped, and for moves the derived
// UCI is filled in.
func normalize(v any) {
	rv := reflect.ValueOf(v).Elem()
	var walk func(reflect.Value)
	walk = func(f reflect.Value) {
		switch f.Kind() {
		case reflect.Slice:
			if f.Len() == 0 && f.CanSet() {
				f.Set(reflect.Zero(f.Type()))
				return
			}
			for i := 0; i < f.Len(); i++ {
				walk(f.Index(i))
			}
		case reflect.Struct:
			for i := 0; i < f.NumField(); i++ {
				walk(f.Field(i))
			}
		}
	}
	if g, ok := v.(*GameRow); ok {
		tags := append([]Tag(nil), g.Tags()...)
		g.tags, g.ntags, g.typedSeen = tags, len(tags), 0
	}
	walk(rv)
}

// mustIndex returns the index of s in a move vocabulary; it panics when s
// is not in it (the sample rows are written so that it is).
func mustIndex[I int16 | int32](index func([]byte) (I, bool), s string) I {
	i, ok := index([]byte(s))
	if !ok {
		panic(fmt.Sprintf("%q is not in the vocabulary", s))
	}
	return i
}
