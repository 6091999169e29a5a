package report

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/file"
)

func listDir(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

// rowGroupRows returns the row count of every row group of a part.
func rowGroupRows(t *testing.T, path string) []int64 {
	t.Helper()
	pf, err := file.OpenParquetFile(path, false)
	if err != nil {
		t.Fatalf("open %s: %v", path, err)
	}
	defer pf.Close()
	var n []int64
	for i := 0; i < pf.NumRowGroups(); i++ {
		n = append(n, pf.MetaData().RowGroup(i).NumRows())
	}
	return n
}

func TestRowGroupsAndPartsByRows(t *testing.T) {
	mem := checkedMem(t)
	dir := t.TempDir()
	rows := sampleMoves(120, false)[:3500]
	b := NewMovesBuilder(mem, false)
	defer b.Release()
	st := writeRows(t, b, newWriter(t, dir, MovesTable(false), WriterOptions{RowGroupRows: 1000, PartRows: 2500, Allocator: mem}), rows, 300)
	wantParts := []string{"moves/part-00000.parquet", "moves/part-00001.parquet"}
	if !slices.Equal(st.Parts, wantParts) || st.Rows != 3500 || st.RowGroups != 4 {
		t.Errorf("stats = %+v", st)
	}
	if got := listDir(t, dir+"/moves"); !slices.Equal(got, []string{"part-00000.parquet", "part-00001.parquet"}) {
		t.Errorf("folder holds %q", got)
	}
	if got := rowGroupRows(t, dir+"/moves/part-00000.parquet"); !slices.Equal(got, []int64{1000, 1000, 500}) {
		t.Errorf("part 0 row groups = %v", got)
	}
	if got := rowGroupRows(t, dir+"/moves/part-00001.parquet"); !slices.Equal(got, []int64{1000}) {
		t.Errorf("part 1 row groups = %v", got)
	}
	var size int64
	for _, p := range st.Parts {
		fi, err := os.Stat(filepath.Join(dir, p))
		if err != nil {
			t.Fatal(err)
		}
		size += fi.Size()
	}
	if size != st.Bytes {
		t.Errorf("stats bytes %d, files hold %d", st.Bytes, size)
	}
}

func TestRowGroupsAndPartsByBytes(t *testing.T) {
	mem := checkedMem(t)
	dir := t.TempDir()
	rows := sampleMoves(400, true) // ~17 k rows
	// Incompressible comments, so that pages fill up (the byte count sees
	// a column's data once a 1 MiB page is cut).
	rng := rand.New(rand.NewPCG(1, 2))
	raw := make([]byte, 256)
	for i := range rows {
		for j := range raw {
			raw[j] = byte(rng.Uint32())
		}
		rows[i].Comment.Set(hex.AppendEncode(nil, raw))
	}
	b := NewMovesBuilder(mem, true)
	defer b.Release()
	opts := WriterOptions{RowGroupRows: 1 << 20, RowGroupBytes: 1 << 20, PartBytes: 2 << 20, Allocator: mem}
	st := writeRows(t, b, newWriter(t, dir, MovesTable(true), opts), rows, 500)
	t.Logf("%+v", st)
	if len(st.Parts) < 2 || st.RowGroups < 4 {
		t.Fatalf("byte limits did not cut: %+v", st)
	}
	var total int64
	for _, p := range st.Parts {
		rg := rowGroupRows(t, filepath.Join(dir, p))
		for _, n := range rg {
			total += n
		}
		fi, _ := os.Stat(filepath.Join(dir, p))
		// A part ends at the first row group boundary past PartBytes, so it
		// may exceed it by up to one row group.
		if fi.Size() > opts.PartBytes+4*opts.RowGroupBytes {
			t.Errorf("%s: %d bytes", p, fi.Size())
		}
	}
	if total != int64(len(rows)) {
		t.Errorf("parts hold %d rows, want %d", total, len(rows))
	}
}

func TestEmptyTableHasOneValidPart(t *testing.T) {
	mem := checkedMem(t)
	dir := t.TempDir()
	for _, table := range Tables(true) {
		w := newWriter(t, dir, table, WriterOptions{Allocator: mem})
		st, err := w.Close()
		if err != nil {
			t.Fatal(err)
		}
		if len(st.Parts) != 1 || st.Rows != 0 || st.RowGroups != 0 {
			t.Errorf("%s: stats %+v", table.Name, st)
		}
		schema, recs := readDir(t, mem, filepath.Join(dir, table.Name))
		checkSchema(t, schema, table.Schema)
		for _, r := range recs {
			if r.NumRows() != 0 {
				t.Errorf("%s: %d rows", table.Name, r.NumRows())
			}
		}
		releaseAll(recs)
	}
}

func TestAbandonedWriterLeavesOnlyCompleteParts(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	dir := t.TempDir()
	b := NewMovesBuilder(mem, false)
	w := newWriter(t, dir, MovesTable(false), WriterOptions{RowGroupRows: 500, PartRows: 1000, Allocator: mem})
	rows := sampleMoves(60, false)[:1700]
	for i := range rows {
		if err := b.Append(&rows[i]); err != nil {
			t.Fatal(err)
		}
	}
	rec := b.Flush()
	if err := w.Write(rec); err != nil {
		t.Fatal(err)
	}
	rec.Release()
	b.Release()

	// The "process" stops here: part 0 is complete and published, part 1
	// is still being written under a hidden temporary name.
	names := listDir(t, dir+"/moves")
	if !slices.Equal(names, []string{".part-00001.parquet.tmp", "part-00000.parquet"}) {
		t.Fatalf("folder mid-run holds %q", names)
	}
	if m, _ := filepath.Glob(dir + "/moves/*.parquet"); len(m) != 1 {
		t.Errorf("*.parquet matches %q", m)
	}
	if got := rowGroupRows(t, dir+"/moves/part-00000.parquet"); !slices.Equal(got, []int64{500, 500}) {
		t.Errorf("published part row groups = %v", got)
	}

	// A new run refuses to mix with the old parts, but clears the stale
	// temporary file.
	if _, err := NewTableWriter(dir, MovesTable(false), WriterOptions{NoSync: true}); !errors.Is(err, ErrOutputExists) {
		t.Errorf("reopen: err = %v, want ErrOutputExists", err)
	}
	if names := listDir(t, dir+"/moves"); !slices.Equal(names, []string{"part-00000.parquet"}) {
		t.Errorf("after reopen the folder holds %q", names)
	}

	// Abort frees the buffered row group.
	w.Abort()
	mem.AssertSize(t, 0)

	// Overwrite starts afresh.
	w2, err := NewTableWriter(dir, MovesTable(false), WriterOptions{NoSync: true, Overwrite: true})
	if err != nil {
		t.Fatal(err)
	}
	if names := listDir(t, dir+"/moves"); len(names) != 0 {
		t.Errorf("overwrite left %q", names)
	}
	if _, err := w2.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestAbortRemovesTemp(t *testing.T) {
	mem := checkedMem(t)
	dir := t.TempDir()
	b := NewGamesBuilder(mem)
	defer b.Release()
	w := newWriter(t, dir, GamesTable(), WriterOptions{Allocator: mem})
	var r GameRow
	sampleGame(3, &r)
	if err := b.Append(&r); err != nil {
		t.Fatal(err)
	}
	rec := b.Flush()
	defer rec.Release()
	if err := w.Write(rec); err != nil {
		t.Fatal(err)
	}
	w.Abort()
	if names := listDir(t, dir+"/games"); len(names) != 0 {
		t.Errorf("after Abort the folder holds %q", names)
	}
	if err := w.Write(rec); err == nil {
		t.Error("Write after Abort succeeded")
	}
}

func TestForeignParquetIsNotRemoved(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(dir+"/games", 0o755)
	os.WriteFile(dir+"/games/mine.parquet", []byte("x"), 0o644)
	_, err := NewTableWriter(dir, GamesTable(), WriterOptions{Overwrite: true, NoSync: true})
	if !errors.Is(err, ErrOutputExists) || !strings.Contains(err.Error(), "mine.parquet") {
		t.Errorf("err = %v", err)
	}
	if _, err := os.Stat(dir + "/games/mine.parquet"); err != nil {
		t.Error(err)
	}
}

func TestWriteRejectsWrongSchema(t *testing.T) {
	mem := checkedMem(t)
	b := NewMovesBuilder(mem, true)
	defer b.Release()
	rec := b.Flush()
	defer rec.Release()
	w := newWriter(t, t.TempDir(), MovesTable(false), WriterOptions{Allocator: mem})
	defer w.Abort()
	if err := w.Write(rec); err == nil {
		t.Error("a moves batch with fen was accepted by a moves writer without fen")
	}
}

func TestOptionsValidate(t *testing.T) {
	for _, o := range []WriterOptions{{RowGroupRows: -1}, {PartRows: -5}} {
		if _, err := NewTableWriter(t.TempDir(), GamesTable(), o); err == nil {
			t.Errorf("%+v accepted", o)
		}
	}
}

// writeSample writes the same sample batches of every table into dir.
func writeSample(t *testing.T, dir string, games int, withFEN bool) map[string]TableStats {
	t.Helper()
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	opts := WriterOptions{RowGroupRows: 4000, PartRows: 10000, Allocator: mem, NoSync: true}
	stats := map[string]TableStats{}
	gr := make([]GameRow, games)
	var fr []FindingRow
	for i := range gr {
		sampleGame(i, &gr[i])
		for j := 0; j < i%4; j++ {
			var f FindingRow
			sampleFinding(i, j, &f)
			fr = append(fr, f)
		}
	}
	pr := make([]PositionRow, games/10)
	for i := range pr {
		samplePosition(i, &pr[i])
	}
	{
		b := NewGamesBuilder(mem)
		w, err := NewTableWriter(dir, GamesTable(), opts)
		if err != nil {
			t.Fatal(err)
		}
		stats["games"] = writeRows(t, b, w, gr, 1000)
		b.Release()
	}
	{
		b := NewMovesBuilder(mem, withFEN)
		w, err := NewTableWriter(dir, MovesTable(withFEN), opts)
		if err != nil {
			t.Fatal(err)
		}
		stats["moves"] = writeRows(t, b, w, sampleMoves(games, withFEN), 3000)
		b.Release()
	}
	{
		b := NewFindingsBuilder(mem)
		w, err := NewTableWriter(dir, FindingsTable(), opts)
		if err != nil {
			t.Fatal(err)
		}
		stats["findings"] = writeRows(t, b, w, fr, 1000)
		b.Release()
	}
	{
		b := NewPositionsBuilder(mem)
		w, err := NewTableWriter(dir, PositionsTable(), opts)
		if err != nil {
			t.Fatal(err)
		}
		stats["positions"] = writeRows(t, b, w, pr, 1000)
		b.Release()
	}
	return stats
}

func TestDeterministicOutput(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	sa := writeSample(t, a, 600, true)
	sb := writeSample(t, b, 600, true)
	n := 0
	for table, st := range sa {
		if !slices.Equal(st.Parts, sb[table].Parts) {
			t.Fatalf("%s: parts %q vs %q", table, st.Parts, sb[table].Parts)
		}
		for _, p := range st.Parts {
			x, err1 := os.ReadFile(filepath.Join(a, p))
			y, err2 := os.ReadFile(filepath.Join(b, p))
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			if !bytes.Equal(x, y) {
				t.Errorf("%s differs between two runs", p)
			}
			n++
		}
	}
	if n < 5 {
		t.Errorf("compared only %d files", n)
	}
}

func TestParquetMetadata(t *testing.T) {
	dir := t.TempDir()
	stats := writeSample(t, dir, 600, true)
	plain, delta, noStats := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, tb := range Tables(true) {
		for _, c := range tb.plain {
			plain[tb.Name+"."+c] = true
		}
		for _, c := range tb.delta {
			delta[tb.Name+"."+c] = true
		}
		for _, c := range tb.noStats() {
			noStats[tb.Name+"."+c] = true
		}
	}
	for table, st := range stats {
		for _, p := range st.Parts {
			pf, err := file.OpenParquetFile(filepath.Join(dir, p), false)
			if err != nil {
				t.Fatal(err)
			}
			md := pf.MetaData()
			if cb := md.GetCreatedBy(); strings.Contains(cb, "20") && strings.Contains(cb, ":") {
				t.Errorf("%s: created_by looks like a time: %q", p, cb)
			}
			for i := 0; i < md.NumRowGroups(); i++ {
				rg := md.RowGroup(i)
				if i < md.NumRowGroups()-1 && rg.NumRows() != 4000 {
					t.Errorf("%s row group %d: %d rows, want 4000", p, i, rg.NumRows())
				}
				for c := 0; c < rg.NumColumns(); c++ {
					cc, err := rg.ColumnChunk(c)
					if err != nil {
						t.Fatal(err)
					}
					path := cc.PathInSchema().String()
					top := strings.SplitN(path, ".", 2)[0]
					key := table + "." + top
					if cc.Compression() != compress.Codecs.Zstd {
						t.Errorf("%s %s: codec %v", p, path, cc.Compression())
					}
					if ok, err := cc.StatsSet(); ok == noStats[key] || err != nil {
						t.Errorf("%s %s: statistics %v, want %v (%v)", p, path, ok, !noStats[key], err)
					}
					if _, ok := rg.ColumnIndexLocation(c); ok == noStats[key] {
						t.Errorf("%s %s: column index %v, want %v", p, path, ok, !noStats[key])
					}
					if delta[key] && !slices.Contains(cc.Encodings(), parquet.Encodings.DeltaBinaryPacked) {
						t.Errorf("%s %s: encodings %v, want DELTA_BINARY_PACKED", p, path, cc.Encodings())
					}
					if _, ok := rg.OffsetIndexLocation(c); !ok {
						t.Errorf("%s %s: no offset index", p, path)
					}
					if plain[key] && cc.HasDictionaryPage() {
						t.Errorf("%s %s: dictionary-encoded, want plain", p, path)
					}
					if (top == "kind" || top == "severity") && !cc.HasDictionaryPage() {
						t.Errorf("%s %s: not dictionary-encoded", p, path)
					}
				}
			}
			pf.Close()
		}
	}
}

// Chunked writers share a table folder: each names its parts after its
// chunk, leaves the others' files alone, and the names sort in chunk order.
func TestChunkedWriters(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "moves"), 0o755); err != nil {
		t.Fatal(err)
	}
	// Leftovers of an earlier run are cleared by PrepareTable only.
	for _, f := range []string{"part-00000.parquet", ".part-00007-000.parquet.tmp"} {
		if err := os.WriteFile(filepath.Join(dir, "moves", f), []byte("old"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := PrepareTable(dir, MovesTable(false), true); err != nil {
		t.Fatal(err)
	}
	rows := sampleMoves(60, false)
	if len(rows) < 900 {
		t.Fatalf("only %d sample rows", len(rows))
	}
	// Both writers are open at once, each with a part in progress.
	var ws [2]*TableWriter
	var bs [2]*MovesBuilder
	for i := range ws {
		w, err := NewTableWriter(dir, MovesTable(false), WriterOptions{Chunked: true, Stem: fmt.Sprintf("%05d", i*3), PartRows: 500, NoSync: true})
		if err != nil {
			t.Fatal(err)
		}
		ws[i], bs[i] = w, NewMovesBuilder(nil, false)
		defer bs[i].Release()
	}
	for off := 0; off < 900; off += 100 {
		for i := range ws {
			for k := off; k < off+100; k++ {
				if err := bs[i].Append(&rows[k]); err != nil {
					t.Fatal(err)
				}
			}
			rec := bs[i].Flush()
			err := ws[i].Write(rec)
			rec.Release()
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	var total int64
	for i := range ws {
		st, err := ws[i].Close()
		if err != nil {
			t.Fatal(err)
		}
		total += st.Rows
	}
	if total != 1800 {
		t.Fatalf("rows %d", total)
	}
	want := []string{"part-00000-000.parquet", "part-00000-001.parquet", "part-00003-000.parquet", "part-00003-001.parquet"}
	if got := listDir(t, filepath.Join(dir, "moves")); !slices.Equal(got, want) {
		t.Fatalf("folder holds %q, want %q", got, want)
	}
}
