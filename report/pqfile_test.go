//go:build !arbiter_reference

// The tests of partFile, the fast path of pqfile.go (left out of the
// reference build, where pqarrow writes every part).

package report

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// batchesOf appends rows to b and returns the batches flushed every
// batchRows rows (the caller releases them).
func batchesOf[R any](t *testing.T, b appender[R], rows []R, batchRows int) []arrow.RecordBatch {
	t.Helper()
	var recs []arrow.RecordBatch
	for i := range rows {
		if err := b.Append(&rows[i]); err != nil {
			t.Fatal(err)
		}
		if b.Len() == batchRows {
			recs = append(recs, b.Flush())
		}
	}
	return append(recs, b.Flush())
}

// writeParts writes recs to table under a new folder, through partFile or
// (viaPqarrow) pqarrow.FileWriter, and returns the part files by name.
func writeParts(t *testing.T, table Table, opts WriterOptions, recs []arrow.RecordBatch, viaPqarrow bool) map[string][]byte {
	t.Helper()
	dir := t.TempDir()
	w := newWriter(t, dir, table, opts)
	w.viaPqarrow = viaPqarrow
	for _, rec := range recs {
		if err := w.Write(rec); err != nil {
			t.Fatal(err)
		}
	}
	st, err := w.Close()
	if err != nil {
		t.Fatal(err)
	}
	if w.viaPqarrow != viaPqarrow {
		t.Fatalf("%s: written through pqarrow: %v", table.Name, w.viaPqarrow)
	}
	parts := map[string][]byte{}
	for _, p := range st.Parts {
		b, err := os.ReadFile(filepath.Join(dir, p))
		if err != nil {
			t.Fatal(err)
		}
		parts[p] = b
	}
	return parts
}

// samplePlayers returns players with and without their optional values.
func samplePlayers(n int) []PlayerRow {
	rows := make([]PlayerRow, n)
	for i := range rows {
		r := &rows[i]
		r.SourceFile, r.SourceLine, r.StartRank, r.Name = "event.trf", int64(14+i), int32(i+1), "Player"
		r.Points, r.Rank, r.Edition = float64(i)/2, int32(i+1), "FIDE C.07 2026"
		r.TieBreakOrder = []string{"PTS", "BH/C1"}[:i%3%2+i%3/2]
		r.TieBreakValues = []float64{r.Points, 7.25}[:len(r.TieBreakOrder)]
		if i%3 != 1 {
			r.Title, r.Federation = "FM", "SWE"
			r.FideID.Set(int64(1000 + i))
			r.Rating.Set(int16(2000 + i))
			r.AOB.Set(8.5)
		}
	}
	return rows
}

// TestPartFileMatchesPqarrow checks that partFile writes every table byte
// for byte as pqarrow.FileWriter does (schema, stored Arrow schema, pages,
// statistics, page index), with row groups and parts cut inside batches.
func TestPartFileMatchesPqarrow(t *testing.T) {
	mem := checkedMem(t)
	var games []GameRow
	for i := 0; i < 700; i++ {
		var r GameRow
		sampleGame(i, &r)
		games = append(games, r)
	}
	findings := sampleFindings(300)
	positions := make([]PositionRow, 500)
	for i := range positions {
		samplePosition(i, &positions[i])
	}
	cases := []struct {
		name  string
		table Table
		recs  func() []arrow.RecordBatch
	}{
		{"games", GamesTable(), func() []arrow.RecordBatch {
			b := NewGamesBuilder(mem)
			defer b.Release()
			return batchesOf(t, b, games, 97)
		}},
		{"moves", MovesTable(false), func() []arrow.RecordBatch {
			b := NewMovesBuilder(mem, false)
			defer b.Release()
			return batchesOf(t, b, sampleMoves(400, false), 1500)
		}},
		{"moves_fen", MovesTable(true), func() []arrow.RecordBatch {
			b := NewMovesBuilder(mem, true)
			defer b.Release()
			return batchesOf(t, b, sampleMoves(150, true), 1000)
		}},
		{"findings", FindingsTable(), func() []arrow.RecordBatch {
			b := NewFindingsBuilder(mem)
			defer b.Release()
			return batchesOf(t, b, findings, 61)
		}},
		{"positions", PositionsTable(), func() []arrow.RecordBatch {
			b := NewPositionsBuilder(mem)
			defer b.Release()
			return batchesOf(t, b, positions, 128)
		}},
		{"players", PlayersTable(), func() []arrow.RecordBatch {
			b := NewPlayersBuilder(mem)
			defer b.Release()
			return batchesOf(t, b, samplePlayers(40), 7)
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			recs := c.recs()
			defer releaseAll(recs)
			// now starts the helper's share of flushPages at once (the
			// pqarrow path has none), late starts it after the writer
			// has begun, never takes the work and never starts it, and
			// declined leaves the pages to the close: the bytes must not
			// change.
			now := Helper(func(work func() error) (func() error, bool) {
				errc := make(chan error, 1)
				go func() { errc <- work() }()
				return func() error { return <-errc }, true
			})
			late := Helper(func(work func() error) (func() error, bool) {
				start, errc := make(chan struct{}), make(chan error, 1)
				go func() { <-start; errc <- work() }()
				return func() error { close(start); return <-errc }, true
			})
			never := Helper(func(func() error) (func() error, bool) { return func() error { return nil }, true })
			declined := Helper(func(func() error) (func() error, bool) { return nil, false })
			for _, opts := range []WriterOptions{
				{Allocator: mem},
				{Allocator: mem, RowGroupRows: 211, PartRows: 1000},
				{Allocator: mem, Helper: now},
				{Allocator: mem, RowGroupRows: 211, PartRows: 1000, Helper: now},
				{Allocator: mem, RowGroupRows: 211, PartRows: 1000, Helper: late},
				{Allocator: mem, RowGroupRows: 211, PartRows: 1000, Helper: never},
				{Allocator: mem, RowGroupRows: 211, PartRows: 1000, Helper: declined},
			} {
				direct := writeParts(t, c.table, opts, recs, false)
				want := writeParts(t, c.table, opts, recs, true)
				if len(direct) != len(want) {
					t.Fatalf("%d parts, pqarrow wrote %d", len(direct), len(want))
				}
				for name, b := range want {
					if !bytes.Equal(direct[name], b) {
						t.Errorf("%s (rows %d, helper %v): %d bytes differ from pqarrow's %d", name, opts.RowGroupRows, opts.Helper != nil, len(direct[name]), len(b))
					}
				}
			}
		})
	}
}

// dictBatch returns a batch of one nullable dictionary column holding
// vals (nil: NULL) over dictionary dict.
func dictBatch(t *testing.T, mem memory.Allocator, sc *arrow.Schema, dict []string, vals []*int8) arrow.RecordBatch {
	t.Helper()
	da := stringArray(mem, dict)
	defer da.Release()
	d := array.NewDictionaryBuilderWithDict(mem, sc.Field(0).Type.(*arrow.DictionaryType), da).(*array.BinaryDictionaryBuilder)
	defer d.Release()
	for _, v := range vals {
		if v == nil {
			d.AppendNull()
		} else if err := d.AppendString(dict[*v]); err != nil {
			t.Fatal(err)
		}
	}
	a := d.NewArray()
	defer a.Release()
	return array.NewRecordBatch(sc, []arrow.Array{a}, int64(a.Len()))
}

func stringArray(mem memory.Allocator, vs []string) arrow.Array {
	b := array.NewStringBuilder(mem)
	defer b.Release()
	b.AppendValues(vs, nil)
	return b.NewArray()
}

// TestPartFileDictionaryChanges checks the path where a dictionary column's
// dictionary changes from batch to batch (the writer falls back to plain
// strings, as pqarrow does) and the fallback to pqarrow for a column type
// partFile does not write.
func TestPartFileDictionaryChanges(t *testing.T) {
	mem := checkedMem(t)
	i := func(v int8) *int8 { return &v }
	table := Table{Name: "t", Schema: newSchema("t", opt("c", vocab))}
	a := dictBatch(t, mem, table.Schema, []string{"x", "y"}, []*int8{i(0), nil, i(1), i(1)})
	defer a.Release()
	b := dictBatch(t, mem, table.Schema, []string{"y", "z", "x"}, []*int8{i(1), i(2), nil})
	defer b.Release()
	recs := []arrow.RecordBatch{a, b, a}
	direct := writeParts(t, table, WriterOptions{Allocator: mem}, recs, false)
	want := writeParts(t, table, WriterOptions{Allocator: mem}, recs, true)
	if !bytes.Equal(direct["t/part-00000.parquet"], want["t/part-00000.parquet"]) {
		t.Error("a changing dictionary is written unlike pqarrow")
	}
	dir := t.TempDir()
	w := newWriter(t, dir, table, WriterOptions{Allocator: mem})
	for _, r := range recs {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := w.Close(); err != nil {
		t.Fatal(err)
	}
	_, got := readDir(t, mem, filepath.Join(dir, "t"))
	defer releaseAll(got)
	var s []string
	for _, r := range got {
		for k := 0; k < int(r.NumRows()); k++ {
			s = append(s, r.Column(0).ValueStr(k))
		}
	}
	if want := "x (null) y y z x (null) x (null) y y"; join(s) != want {
		t.Errorf("read back %q, want %q", join(s), want)
	}

	st := Table{Name: "s", Schema: newSchema("s", req("s", arrow.StructOf(arrow.Field{Name: "a", Type: i32})))}
	w = newWriter(t, t.TempDir(), st, WriterOptions{Allocator: mem})
	if _, err := w.Close(); err != nil || !w.viaPqarrow {
		t.Errorf("struct column: err %v, through pqarrow %v", err, w.viaPqarrow)
	}
}

func join(s []string) string {
	var b bytes.Buffer
	for i, v := range s {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(v)
	}
	return b.String()
}

// TestPartFileRejectsHiddenValues checks that NULL strings and lists that
// cover values (allowed by Arrow, never made by the builders) are refused
// rather than written misaligned.
func TestPartFileRejectsHiddenValues(t *testing.T) {
	mem := checkedMem(t)
	strs := array.NewData(str, 2, []*memory.Buffer{
		memory.NewBufferBytes([]byte{0b01}),
		memory.NewBufferBytes(arrow.Int32Traits.CastToBytes([]int32{0, 1, 3})),
		memory.NewBufferBytes([]byte("abc")),
	}, nil, 1, 0)
	defer strs.Release()
	elems := array.NewData(i32, 3, []*memory.Buffer{nil, memory.NewBufferBytes(arrow.Int32Traits.CastToBytes([]int32{1, 2, 3}))}, nil, 0, 0)
	defer elems.Release()
	lists := array.NewData(nagsType, 2, []*memory.Buffer{
		memory.NewBufferBytes([]byte{0b01}),
		memory.NewBufferBytes(arrow.Int32Traits.CastToBytes([]int32{0, 1, 3})),
	}, []arrow.ArrayData{elems}, 1, 0)
	defer lists.Release()
	for _, c := range []struct {
		f arrow.Field
		d arrow.ArrayData
	}{{opt("s", str), strs}, {opt("l", nagsType), lists}} {
		table := Table{Name: "t", Schema: newSchema("t", c.f)}
		a := array.MakeFromData(c.d)
		rec := array.NewRecordBatch(table.Schema, []arrow.Array{a}, 2)
		a.Release()
		w := newWriter(t, t.TempDir(), table, WriterOptions{Allocator: mem})
		err := w.Write(rec)
		rec.Release()
		w.Abort()
		if !errors.Is(err, errUnsupported) {
			t.Errorf("%s: %v", c.f.Name, err)
		}
	}
}

// TestPartFileDictionaryStatistics: a dictionary column with statistics
// (which Table.noStats never asks for) is left to pqarrow, which computes
// them; partFile writes dictionary indices as they are.
func TestPartFileDictionaryStatistics(t *testing.T) {
	sc := newSchema("t", opt("piece", vocab))
	for _, c := range []struct {
		stats bool
		want  error
	}{{true, errUnsupported}, {false, nil}} {
		props := parquet.NewWriterProperties(parquet.WithStats(true), parquet.WithStatsFor("piece", c.stats))
		var buf bytes.Buffer
		pf, err := newPartFile(&buf, sc, props, pqarrow.DefaultWriterProps())
		if !errors.Is(err, c.want) || (c.want == nil && err != nil) {
			t.Errorf("statistics %v: err %v, want %v", c.stats, err, c.want)
		}
		if pf != nil {
			if err := pf.Close(); err != nil {
				t.Error(err)
			}
		}
	}
}
