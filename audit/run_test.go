package audit

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/arbiter-chess/arbiter/ingest"
	"github.com/arbiter-chess/arbiter/plan"
	"github.com/arbiter-chess/arbiter/report"
)

var sample = filepath.Join("..", "testdata", "sample")

func runAudit(t *testing.T, jobs int, inputs ...string) (string, *Result) {
	t.Helper()
	return runAuditBlocks(t, jobs, 0, inputs...)
}

// runAuditBlocks is runAudit with the inputs cut into blocks of
// blockBytes (0: the default).
func runAuditBlocks(t *testing.T, jobs, blockBytes int, inputs ...string) (string, *Result) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "out")
	res, err := Run(context.Background(), Config{Inputs: inputs, OutDir: out, Jobs: jobs, Progress: "never",
		// Small parts and row groups so that rotation is exercised.
		Writer: writerForTests(), BlockBytes: blockBytes})
	if err != nil {
		t.Fatal(err)
	}
	return out, res
}

// readTable reads every part of a table into one record per part.
func readTable(t *testing.T, dir, table string) []arrow.RecordBatch {
	t.Helper()
	parts, _ := filepath.Glob(filepath.Join(dir, table, "*.parquet"))
	var recs []arrow.RecordBatch
	for _, p := range parts {
		rdr, err := file.OpenParquetFile(p, false)
		if err != nil {
			t.Fatal(err)
		}
		fr, err := pqarrow.NewFileReader(rdr, pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
		if err != nil {
			t.Fatal(err)
		}
		tbl, err := fr.ReadTable(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		tr := array.NewTableReader(tbl, tbl.NumRows()+1)
		for tr.Next() {
			r := tr.RecordBatch()
			r.Retain()
			recs = append(recs, r)
		}
		tr.Release()
		tbl.Release()
		rdr.Close()
	}
	return recs
}

func rows(recs []arrow.RecordBatch) int64 {
	var n int64
	for _, r := range recs {
		n += r.NumRows()
	}
	return n
}

// column returns the named column of every record concatenated as int64s
// (nulls as -1) or strings.
func int64s(t *testing.T, recs []arrow.RecordBatch, name string) []int64 {
	var out []int64
	for _, r := range recs {
		idx := r.Schema().FieldIndices(name)
		if len(idx) == 0 {
			t.Fatalf("no column %s", name)
		}
		switch c := r.Column(idx[0]).(type) {
		case *array.Int64:
			for i := 0; i < c.Len(); i++ {
				if c.IsNull(i) {
					out = append(out, -1)
				} else {
					out = append(out, c.Value(i))
				}
			}
		case *array.Int32:
			for i := 0; i < c.Len(); i++ {
				if c.IsNull(i) {
					out = append(out, -1)
				} else {
					out = append(out, int64(c.Value(i)))
				}
			}
		default:
			t.Fatalf("column %s is %T", name, c)
		}
	}
	return out
}

// strs reads a string column, plain or dictionary-encoded.
func strs(t *testing.T, recs []arrow.RecordBatch, name string) []string {
	t.Helper()
	var out []string
	for _, r := range recs {
		idx := r.Schema().FieldIndices(name)
		if len(idx) == 0 {
			t.Fatalf("no column %s", name)
		}
		switch c := r.Column(idx[0]).(type) {
		case *array.String:
			for i := 0; i < c.Len(); i++ {
				out = append(out, c.Value(i))
			}
		case *array.Dictionary:
			d := c.Dictionary().(*array.String)
			for i := 0; i < c.Len(); i++ {
				out = append(out, d.Value(c.GetValueIndex(i)))
			}
		default:
			t.Fatalf("column %s is %T", name, c)
		}
	}
	return out
}

// countGames counts the games ingest finds in the inputs.
func countGames(t *testing.T, inputs ...string) int64 {
	ins, errs := ingest.Expand(inputs)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	var n int64
	for _, in := range ins {
		r, err := ingest.Open(in, ingest.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for {
			b, err := r.Next()
			if b != nil {
				n += int64(blockGames(b))
			}
			if err != nil {
				break
			}
		}
		r.Close()
	}
	return n
}

// The tables agree with ingest and with each other, and the run is the
// same whatever the number of workers.
func TestRunSampleConsistent(t *testing.T) { checkConsistent(t, sample, 0) }

// The same with small blocks: the games and moves tables are then written
// in many chunks by several goroutines, and must still come out in input
// order and the same for any -jobs.
func TestRunSampleChunks(t *testing.T) {
	checkConsistent(t, sample, 16<<10)
	out, _ := runAuditBlocks(t, 2, 16<<10, sample)
	for _, table := range []string{"games", "moves"} {
		parts, _ := filepath.Glob(filepath.Join(out, table, "*.parquet"))
		if len(parts) < 3 {
			t.Errorf("table %s: %d parts, want one per chunk (several)", table, len(parts))
		}
	}
}

// The same over every edge-case file of the shared corpus.
func TestRunEdgeConsistent(t *testing.T) {
	edge := filepath.Join(shared, "edge")
	if _, err := os.Stat(edge); err != nil {
		t.Skip("shared corpus absent")
	}
	checkConsistent(t, edge, 0)
}

func checkConsistent(t *testing.T, input string, blockBytes int) {
	out1, res1 := runAuditBlocks(t, 1, blockBytes, input)
	out4, res4 := runAuditBlocks(t, 4, blockBytes, input)

	want := countGames(t, input)
	games := readTable(t, out1, "games")
	if got := rows(games); got != want || res1.Summary.Games != want {
		t.Fatalf("games table has %d rows, summary %d, ingest found %d", got, res1.Summary.Games, want)
	}
	// Game ids are the source number above the game's offset: they rise
	// in input order.
	ids := int64s(t, games, "game_id")
	offs := int64s(t, games, "source_offset")
	known := map[int64]bool{}
	for i, id := range ids {
		if i > 0 && id <= ids[i-1] || id&plan.MaxOffset != offs[i] {
			t.Fatalf("game_id %d at row %d (offset %d): not in input order", id, i, offs[i])
		}
		known[id] = true
	}
	// Every finding belongs to a game, and each game's error and warning
	// counts equal its findings of that severity.
	findings := readTable(t, out1, "findings")
	fid := int64s(t, findings, "game_id")
	fsev := strs(t, findings, "severity")
	errs := map[int64]int64{}
	warns := map[int64]int64{}
	for i, id := range fid {
		if !known[id] {
			t.Fatalf("finding for unknown game %d", id)
		}
		switch fsev[i] {
		case "error":
			errs[id]++
		case "warning":
			warns[id]++
		}
	}
	ec := int64s(t, games, "error_count")
	wc := int64s(t, games, "warning_count")
	for i, id := range ids {
		if ec[i] != errs[id] || wc[i] != warns[id] {
			t.Fatalf("game %d: error_count %d warning_count %d, findings say %d and %d", id, ec[i], wc[i], errs[id], warns[id])
		}
	}
	// plies_replayed sums to the moves table.
	var plies int64
	for _, p := range int64s(t, games, "plies_replayed") {
		plies += p
	}
	if m := rows(readTable(t, out1, "moves")); m != plies || res1.Summary.Plies != plies {
		t.Fatalf("moves rows %d, summary plies %d, sum of plies_replayed %d", m, res1.Summary.Plies, plies)
	}
	if rows(readTable(t, out1, "positions")) != res1.Summary.Positions {
		t.Fatalf("positions: table %d, summary %d", rows(readTable(t, out1, "positions")), res1.Summary.Positions)
	}
	// -jobs 1 and -jobs 4 write byte-identical tables.
	for ti, table := range TableNames {
		if isEventTable(ti) { // TRF inputs only
			continue
		}
		a, _ := filepath.Glob(filepath.Join(out1, table, "*.parquet"))
		b, _ := filepath.Glob(filepath.Join(out4, table, "*.parquet"))
		if len(a) != len(b) || len(a) == 0 {
			t.Fatalf("table %s: %d parts with -jobs 1, %d with -jobs 4", table, len(a), len(b))
		}
		for i := range a {
			da, _ := os.ReadFile(a[i])
			db, _ := os.ReadFile(b[i])
			if !bytes.Equal(da, db) {
				t.Fatalf("table %s part %d differs between -jobs 1 and -jobs 4", table, i)
			}
		}
	}
	if res4.Summary.Findings != res1.Summary.Findings {
		t.Fatalf("findings %d vs %d", res1.Summary.Findings, res4.Summary.Findings)
	}
}

// An unreadable input is reported, the others are processed, and the exit
// code is 2.
func TestRunBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.pgn.zst")
	if err := os.WriteFile(bad, []byte{0x28, 0xB5, 0x2F, 0xFD, 1, 2, 3, 4, 5, 6, 7, 8}, 0o644); err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(sample, "twic-extended.pgn.zst")
	out, res := runAudit(t, 2, bad, filepath.Join(dir, "missing.pgn"), good)
	if res.ExitCode != 2 || res.Summary.FailedInputs != 2 {
		t.Fatalf("exit %d, failed inputs %d", res.ExitCode, res.Summary.FailedInputs)
	}
	if got, want := rows(readTable(t, out, "games")), countGames(t, good); got != want {
		t.Fatalf("games %d, want %d from the good input", got, want)
	}
}

func TestRunFailOn(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	res, err := Run(context.Background(), Config{Inputs: []string{filepath.Join(sample, "twic-extended.pgn.zst")}, OutDir: out, FailOn: "error", Progress: "never"})
	if err != nil {
		t.Fatal(err)
	}
	if res.ExitCode != 1 {
		t.Fatalf("exit %d with errors present and -fail-on error", res.ExitCode)
	}
	if _, err := Run(context.Background(), Config{Inputs: []string{sample}, OutDir: out, FailOn: "sometimes"}); err == nil {
		t.Fatal("bad -fail-on accepted")
	}
}

// writerForTests makes small row groups and parts so that both rotate in
// the sample run, and skips fsync.
func writerForTests() report.WriterOptions {
	return report.WriterOptions{RowGroupRows: 20_000, PartRows: 100_000, NoSync: true}
}

// blockGames returns how many game rows a block makes: its games and the
// games the reader skipped.
func blockGames(b *ingest.Block) int {
	n := len(b.Games)
	for i := range b.Skipped {
		if b.Skipped[i].Index >= 0 {
			n++
		}
	}
	return n
}
