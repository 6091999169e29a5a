package report

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// appender is what every table builder offers.
type appender[R any] interface {
	Append(*R) error
	Len() int
	Flush() arrow.RecordBatch
	Release()
}

// writeRows appends rows to b, flushing a batch to w every batchRows rows,
// and closes w. It returns the written stats.
func writeRows[R any](t testing.TB, b appender[R], w *TableWriter, rows []R, batchRows int) TableStats {
	t.Helper()
	flush := func() {
		rec := b.Flush()
		defer rec.Release()
		if err := w.Write(rec); err != nil {
			t.Fatal(err)
		}
	}
	for i := range rows {
		if err := b.Append(&rows[i]); err != nil {
			t.Fatal(err)
		}
		if b.Len() == batchRows {
			flush()
		}
	}
	flush()
	st, err := w.Close()
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func checkedMem(t *testing.T) *memory.CheckedAllocator {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	t.Cleanup(func() { mem.AssertSize(t, 0) })
	return mem
}

func newWriter(t testing.TB, dir string, table Table, opts WriterOptions) *TableWriter {
	t.Helper()
	opts.NoSync = true
	w, err := NewTableWriter(dir, table, opts)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func checkSchema(t *testing.T, got, want *arrow.Schema) {
	t.Helper()
	if got.NumFields() != want.NumFields() {
		t.Fatalf("read back %d columns, want %d:\n%s", got.NumFields(), want.NumFields(), got)
	}
	for i, f := range want.Fields() {
		g := got.Field(i)
		if g.Name != f.Name || !arrow.TypeEqual(g.Type, f.Type) || g.Nullable != f.Nullable {
			t.Errorf("column %d: read back %s %s nullable=%v, want %s %s nullable=%v",
				i, g.Name, g.Type, g.Nullable, f.Name, f.Type, f.Nullable)
		}
	}
}

func compareRows[R any](t *testing.T, got, want []R) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("read back %d rows, want %d", len(got), len(want))
	}
	bad := 0
	for i := range want {
		normalize(&got[i])
		normalize(&want[i])
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Errorf("row %d:\n got %+v\nwant %+v", i, got[i], want[i])
			if bad++; bad == 3 {
				t.FailNow()
			}
		}
	}
}

func TestRoundTripGames(t *testing.T) {
	mem := checkedMem(t)
	dir := t.TempDir()
	want := make([]GameRow, 2000)
	for i := range want {
		sampleGame(i, &want[i])
	}
	b := NewGamesBuilder(mem)
	defer b.Release()
	st := writeRows(t, b, newWriter(t, dir, GamesTable(), WriterOptions{RowGroupRows: 700, Allocator: mem}), want, 333)
	if st.Rows != 2000 || st.RowGroups != 3 || len(st.Parts) != 1 {
		t.Errorf("stats = %+v", st)
	}
	// unchecked reader: see the DELTA_BINARY_PACKED note in TestRoundTripMoves
	schema, recs := readDir(t, memory.DefaultAllocator, dir+"/games")
	defer releaseAll(recs)
	checkSchema(t, schema, GamesSchema())
	got := gamesFrom(recs)
	compareRows(t, got, want)

	// Spot checks of the tag routing, independent of the builder.
	g2 := got[2] // WhiteElo "abc", UTCDate "2013.02.30": NULL and kept in tags
	if g2.WhiteElo.Valid || g2.UTCDate.Valid || tagValue(&g2, "WhiteElo") != "abc" || tagValue(&g2, "UTCDate") != "2013.02.30" {
		t.Errorf("game 2: elo %+v date %+v tags %q", g2.WhiteElo, g2.UTCDate, g2.Tags())
	}
	g1 := got[1] // UTCDate "????.??.??": NULL and not kept
	if g1.UTCDate.Valid || tagValue(&g1, "UTCDate") != "" || g1.WhiteElo != (OptInt16{1500, true}) {
		t.Errorf("game 1: %+v %+v %q", g1.UTCDate, g1.WhiteElo, g1.Tags())
	}
	g0 := got[0]
	if string(g0.Event.V) != "Rated Blitz game" || tagValue(&g0, "Custom") != "x" || g0.UTCDate.V != 15706 {
		t.Errorf("game 0: event %q custom %q date %d", g0.Event.V, tagValue(&g0, "Custom"), g0.UTCDate.V)
	}
}

func tagValue(r *GameRow, name string) string {
	for _, t := range r.Tags() {
		if string(t.Name) == name {
			return string(t.Value)
		}
	}
	return ""
}

func releaseAll(recs []arrow.RecordBatch) {
	for _, r := range recs {
		r.Release()
	}
}

func sampleMoves(games int, withFEN bool) []MoveRow {
	var rows []MoveRow
	for g := 0; g < games; g++ {
		for p := 1; p <= g%90; p++ {
			var r MoveRow
			sampleMove(g, p, withFEN, &r)
			rows = append(rows, r)
		}
	}
	return rows
}

func TestRoundTripMoves(t *testing.T) {
	for _, withFEN := range []bool{false, true} {
		t.Run(map[bool]string{false: "nofen", true: "fen"}[withFEN], func(t *testing.T) {
			mem := checkedMem(t)
			dir := t.TempDir()
			want := sampleMoves(300, withFEN)
			b := NewMovesBuilder(mem, withFEN)
			defer b.Release()
			st := writeRows(t, b, newWriter(t, dir, MovesTable(withFEN), WriterOptions{RowGroupRows: 5000, PartRows: 12000, Allocator: mem}), want, 4096)
			if st.Rows != int64(len(want)) || len(st.Parts) != (len(want)+11999)/12000 {
				t.Errorf("stats = %+v for %d rows", st, len(want))
			}
			// Read back with an unchecked allocator: arrow-go v18.8.0's
			// DELTA_BINARY_PACKED decoder (reader side) keeps a 64-byte
			// block past Release. The writer's allocations stay checked.
			schema, recs := readDir(t, memory.DefaultAllocator, dir+"/moves")
			defer releaseAll(recs)
			checkSchema(t, schema, MovesSchema(withFEN))
			got := movesFrom(recs, withFEN)
			compareRows(t, got, want)
		})
	}
}

func TestRoundTripFindings(t *testing.T) {
	mem := checkedMem(t)
	dir := t.TempDir()
	want := sampleFindings(200)
	b := NewFindingsBuilder(mem)
	defer b.Release()
	writeRows(t, b, newWriter(t, dir, FindingsTable(), WriterOptions{Allocator: mem}), want, 50)
	// unchecked reader: see the DELTA_BINARY_PACKED note in TestRoundTripMoves
	schema, recs := readDir(t, memory.DefaultAllocator, dir+"/findings")
	defer releaseAll(recs)
	checkSchema(t, schema, FindingsSchema())
	compareRows(t, findingsFrom(recs), want)
}

func TestRoundTripPositions(t *testing.T) {
	mem := checkedMem(t)
	dir := t.TempDir()
	want := make([]PositionRow, 500)
	for i := range want {
		samplePosition(i, &want[i])
	}
	b := NewPositionsBuilder(mem)
	defer b.Release()
	writeRows(t, b, newWriter(t, dir, PositionsTable(), WriterOptions{Allocator: mem}), want, 128)
	schema, recs := readDir(t, mem, dir+"/positions")
	defer releaseAll(recs)
	checkSchema(t, schema, PositionsSchema())
	got := positionsFrom(recs)
	compareRows(t, got, want)
	if got[0].Valid || len(got[0].Problems) != 2 || got[1].Problems != nil || got[0].SideToMove != SideNone {
		t.Errorf("position 0/1: %+v / %+v", got[0], got[1])
	}
}

func TestInvalidUTF8IsRepaired(t *testing.T) {
	mem := checkedMem(t)
	dir := t.TempDir()
	b := NewMovesBuilder(mem, false)
	defer b.Release()
	var r MoveRow
	sampleMove(1, 1, false, &r)
	r.Comment.Set([]byte("caf\xe9 \xff\xfe ok \xe2\x99")) // Latin-1 é, junk, truncated rune
	writeRows(t, b, newWriter(t, dir, MovesTable(false), WriterOptions{Allocator: mem}), []MoveRow{r}, 10)
	_, recs := readDir(t, mem, dir+"/moves")
	defer releaseAll(recs)
	got := movesFrom(recs, false)[0].Comment
	if want := "caf\uFFFD \uFFFD ok \uFFFD"; string(got.V) != want {
		t.Errorf("comment = %q, want %q", got.V, want)
	}
}

func TestAppendRejectsInvalidRows(t *testing.T) {
	mem := checkedMem(t)
	mb := NewMovesBuilder(mem, false)
	defer mb.Release()
	mutate := []func(*MoveRow){
		func(r *MoveRow) { r.Color = SideNone },
		func(r *MoveRow) { r.Piece = 'X' },
		func(r *MoveRow) { r.Piece = 'p' },
		func(r *MoveRow) { r.From = 64 },
		func(r *MoveRow) { r.Captured = 'K' },
		func(r *MoveRow) { r.Promotion = 'P' },
	}
	for i, m := range mutate {
		var r MoveRow
		sampleMove(2, 3, false, &r)
		m(&r)
		if err := mb.Append(&r); !errors.Is(err, ErrInvalidRow) {
			t.Errorf("case %d: err = %v", i, err)
		}
	}
	if mb.Len() != 0 {
		t.Errorf("rejected rows were appended: %d", mb.Len())
	}
	gb := NewGamesBuilder(mem)
	defer gb.Release()
	var g GameRow
	sampleGame(1, &g)
	g.EndKind = "resignation"
	if err := gb.Append(&g); !errors.Is(err, ErrInvalidRow) {
		t.Errorf("end kind: err = %v", err)
	}
	g.EndKind, g.ResultByRules = EndNone, "1-1"
	if err := gb.Append(&g); !errors.Is(err, ErrInvalidRow) {
		t.Errorf("result: err = %v", err)
	}
	fb := NewFindingsBuilder(mem)
	defer fb.Release()
	var f FindingRow
	sampleFinding(1, 1, &f)
	f.Severity = "fatal"
	if err := fb.Append(&f); !errors.Is(err, ErrInvalidRow) {
		t.Errorf("severity: err = %v", err)
	}
	if gb.Len()+fb.Len() != 0 {
		t.Error("rejected rows were appended")
	}
	// Flushing an empty builder gives an empty batch of the right schema.
	rec := mb.Flush()
	defer rec.Release()
	if rec.NumRows() != 0 || !rec.Schema().Equal(MovesSchema(false)) {
		t.Errorf("empty flush: %d rows, schema %s", rec.NumRows(), rec.Schema())
	}
}

func TestRowReuseKeepsNoStaleValues(t *testing.T) {
	// A reused row must not leak values from the previous game.
	var r GameRow
	sampleGame(0, &r) // many tags, including Custom and Annotator
	sampleGame(1, &r)
	var fresh GameRow
	sampleGame(1, &fresh)
	normalize(&r)
	normalize(&fresh)
	if !reflect.DeepEqual(r, fresh) {
		t.Errorf("reused row differs:\n got %+v\nwant %+v", r, fresh)
	}
	var m, fm MoveRow
	sampleMove(0, 31, false, &m) // NAGs and comment set
	sampleMove(0, 2, false, &m)
	sampleMove(0, 2, false, &fm)
	normalize(&m)
	normalize(&fm)
	if !reflect.DeepEqual(m, fm) {
		t.Errorf("reused move differs:\n got %+v\nwant %+v", m, fm)
	}
}

// A movetext written into MovetextBuffer is appended where it stands; one
// that outgrows the buffer, or needs UTF-8 repair, is copied; rows with
// their own movetext mix with them; every value reads back as written.
func TestGamesMovetextBuffer(t *testing.T) {
	b := NewGamesBuilder(nil)
	defer b.Release()
	long := strings.Repeat("1. e4 e5 ", 40)
	tests := []struct {
		name   string
		room   int
		text   string // appended to the buffer, or set as the row's own when room < 0
		want   string
		inTail bool // the value is still in the buffer when appended
	}{
		{"in the buffer", 32, "1. e4 e5 2. Nf3", "1. e4 e5 2. Nf3", true},
		{"own movetext", -1, "1. d4", "1. d4", false},
		{"empty", 8, "", "", false},
		{"outgrows the buffer", 4, long, long, false},
		{"invalid UTF-8", 32, "1. e4 \xff\xfe", "1. e4 \uFFFD", true},
		{"after a copy", 64, "12... Kd7 13. Qe2", "12... Kd7 13. Qe2", true},
	}
	var row GameRow
	for i, tc := range tests {
		row.Reset()
		row.GameID = int64(i)
		if tc.room < 0 {
			row.Movetext = append(row.Movetext, tc.text...)
		} else {
			mt := b.MovetextBuffer(tc.room)
			if cap(mt) < tc.room || len(mt) != 0 {
				t.Fatalf("%s: buffer len %d cap %d, want room for %d", tc.name, len(mt), cap(mt), tc.room)
			}
			row.Movetext = append(mt, tc.text...)
			if inTail := len(row.Movetext) > 0 && &row.Movetext[0] == &b.movetext.d[b.movetext.dn]; inTail != tc.inTail {
				t.Fatalf("%s: value in the buffer %v, want %v", tc.name, inTail, tc.inTail)
			}
		}
		if err := b.Append(&row); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		row.Movetext = nil
	}
	rec := b.Flush()
	defer rec.Release()
	col := rec.Column(rec.Schema().FieldIndices("movetext")[0]).(*array.String)
	for i, tc := range tests {
		if got := col.Value(i); got != tc.want {
			t.Errorf("%s: movetext %q, want %q", tc.name, got, tc.want)
		}
	}
}
