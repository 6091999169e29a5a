package audit

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
)

var dupTestdata = filepath.Join("..", "testdata", "duplicates")

// runDup runs an audit of inputs with the given duplicate options and
// -jobs, games and findings tables only.
func runDup(t *testing.T, jobs int, dup DuplicateOptions, inputs ...string) (string, *Result) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "out")
	var tables [numTables]bool
	tables[TableGames], tables[TableFindings] = true, true
	res, err := Run(context.Background(), Config{Inputs: inputs, OutDir: out, Jobs: jobs, Progress: "never",
		Writer: writerForTests(), Tables: tables, Duplicates: dup})
	if err != nil {
		t.Fatal(err)
	}
	if left, _ := filepath.Glob(filepath.Join(out, "_manifest", ".fp*")); len(left) > 0 {
		t.Errorf("temporary fingerprint runs were not removed: %v", left)
	}
	return out, res
}

// dupRows reads the games table's duplicate_of as row numbers (-1 for
// NULL) and the findings' game ids as row numbers too: the tests' files
// are small enough to name games by their row.
func dupRows(t *testing.T, out string) (dupOf []int64, row map[int64]int64) {
	t.Helper()
	games := readTable(t, out, "games")
	row = map[int64]int64{}
	for i, id := range int64s(t, games, "game_id") {
		row[id] = int64(i)
	}
	for _, d := range int64s(t, games, "duplicate_of") {
		if d >= 0 {
			r, ok := row[d]
			if !ok {
				t.Fatalf("duplicate_of %d names no game", d)
			}
			d = r
		}
		dupOf = append(dupOf, d)
	}
	return dupOf, row
}

// bools reads a nullable boolean column (NULL as -1, false 0, true 1).
func bools(t *testing.T, recs []arrow.RecordBatch, name string) []int {
	t.Helper()
	var out []int
	for _, r := range recs {
		c := r.Column(r.Schema().FieldIndices(name)[0]).(*array.Boolean)
		for i := 0; i < c.Len(); i++ {
			switch {
			case c.IsNull(i):
				out = append(out, -1)
			case c.Value(i):
				out = append(out, 1)
			default:
				out = append(out, 0)
			}
		}
	}
	return out
}

// TestDuplicatesTestdata: testdata/duplicates (built from TWIC games of the
// corpus, see its README) gives exactly the expected duplicate_of and
// same_tags, with every fingerprint in memory and with a budget so small
// that every few games spill to a run; one duplicate_game finding per
// duplicate, naming its first occurrence.
func TestDuplicatesTestdata(t *testing.T) {
	wantDup := []int64{-1, -1, 0, 1, 0, -1, 5, -1, -1, 7, 1, -1, -1}
	wantSame := []int{-1, -1, 1, 0, 1, -1, 1, -1, -1, 0, 1, -1, -1}
	for _, mem := range []int64{0, 2 * 64} {
		out, res := runDup(t, 2, DuplicateOptions{MemBytes: mem}, dupTestdata)
		games := readTable(t, out, "games")
		got, row := dupRows(t, out)
		if !equal(got, wantDup) {
			t.Errorf("mem %d: duplicate_of %v, want %v", mem, got, wantDup)
		}
		if got := bools(t, games, "same_tags"); !equal(got, wantSame) {
			t.Errorf("mem %d: same_tags %v, want %v", mem, got, wantSame)
		}
		findings := readTable(t, out, "findings")
		kinds, ids, msgs := strs(t, findings, "kind"), int64s(t, findings, "game_id"), strs(t, findings, "message")
		for i := range ids {
			ids[i] = row[ids[i]]
		}
		var dups []int64
		for i, k := range kinds {
			if k != KindDuplicateGame {
				continue
			}
			dups = append(dups, ids[i])
			first := wantDup[ids[i]]
			var firstID int64
			for id, r := range row {
				if r == first {
					firstID = id
				}
			}
			if !strings.Contains(msgs[i], "as game "+itoa(int(firstID))+" (") {
				t.Errorf("game %d: %q does not name game %d", ids[i], msgs[i], first)
			}
		}
		if want := []int64{2, 3, 4, 6, 9, 10}; !equal(dups, want) {
			t.Errorf("mem %d: duplicate_game findings on %v, want %v", mem, dups, want)
		}
		if k := res.Stats.ByKind[KindDuplicateGame]; k == nil || k.Count != 6 {
			t.Errorf("mem %d: summary counts %+v", mem, k)
		}
		// The message names the first occurrence's file and line.
		for i, k := range kinds {
			if k == KindDuplicateGame && ids[i] == 10 && !strings.Contains(msgs[i], "event-a.pgn:26)") {
				t.Errorf("game 10: %q", msgs[i])
			}
		}
	}
	// Off: no finding, no column set.
	out, _ := runDup(t, 1, DuplicateOptions{Off: true}, dupTestdata)
	for _, d := range int64s(t, readTable(t, out, "games"), "duplicate_of") {
		if d != -1 {
			t.Fatal("duplicate_of set with the detection off")
		}
	}
}

// TestDuplicatesShortRule: with -dup-min-plies 0 the short games are
// compared by their moves alone, so the coincidental ones match.
func TestDuplicatesShortRule(t *testing.T) {
	out, _ := runDup(t, 1, DuplicateOptions{MinPlies: -1}, dupTestdata)
	got, _ := dupRows(t, out)
	want := []int64{-1, -1, 0, 1, 0, -1, 5, -1, 7, 7, 1, -1, 7}
	if !equal(got, want) {
		t.Errorf("duplicate_of %v, want %v", got, want)
	}
}

func equal[T comparable](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// spillCorpus are the inputs of the spill tests: the shared corpus (its
// translated files repeat games in other notations) when present.
func spillCorpus(t *testing.T, long bool) []string {
	var in []string
	for _, sub := range []string{"i18n", "edge"} {
		p := filepath.Join(shared, sub)
		if _, err := os.Stat(p); err != nil {
			t.Skip("shared corpus absent")
		}
		in = append(in, p)
	}
	if long {
		return append(in, filepath.Join(shared, "games"))
	}
	return append(in, filepath.Join(shared, "games", "shakmaty-bench-lichess_db_1000k.pgn"),
		filepath.Join(shared, "games", "shakmaty-bench-twic1599_1000k.pgn"), sample, dupTestdata)
}

// TestDuplicatesSpillSameTables: a memory budget of a few dozen
// fingerprints, which spills hundreds of runs and learns most duplicates
// only at the end, gives the same games rows and the same findings as
// the in-memory path, and byte-identical tables for -jobs 1 and -jobs 2.
// ARBITER_LONG=1 runs it on the whole games corpus too.
func TestDuplicatesSpillSameTables(t *testing.T) {
	in := spillCorpus(t, longTests())
	mem, res := runDup(t, 2, DuplicateOptions{}, in...)
	tiny := DuplicateOptions{MemBytes: 40 * 64}
	spill1, _ := runDup(t, 1, tiny, in...)
	spill2, res2 := runDup(t, 2, tiny, in...)
	n := res.Stats.ByKind[KindDuplicateGame]
	if n == nil || n.Count < 10 {
		t.Fatalf("too few duplicates to test: %+v", n)
	}
	t.Logf("%d games, %d duplicates", res.Summary.Games, n.Count)
	if m := res2.Stats.ByKind[KindDuplicateGame]; m == nil || m.Count != n.Count {
		t.Fatalf("spilled: %+v duplicates, in memory %d", m, n.Count)
	}
	// The same rows, part by part.
	a, b := readTable(t, mem, "games"), readTable(t, spill1, "games")
	if len(a) != len(b) {
		t.Fatalf("games parts: %d in memory, %d spilled", len(a), len(b))
	}
	for i := range a {
		if !array.RecordEqual(a[i], b[i]) {
			t.Fatalf("games part %d differs between the in-memory and the spilled run", i)
		}
	}
	// The findings are never rewritten: the same bytes.
	sameFiles(t, mem, spill1, "findings")
	// -jobs 1 and 2 with spills: the same bytes for both tables.
	sameFiles(t, spill1, spill2, "games")
	sameFiles(t, spill1, spill2, "findings")
}

func sameFiles(t *testing.T, dir1, dir2, table string) {
	t.Helper()
	a, _ := filepath.Glob(filepath.Join(dir1, table, "*.parquet"))
	b, _ := filepath.Glob(filepath.Join(dir2, table, "*.parquet"))
	if len(a) != len(b) || len(a) == 0 {
		t.Fatalf("table %s: %d and %d parts", table, len(a), len(b))
	}
	for i := range a {
		da, _ := os.ReadFile(a[i])
		db, _ := os.ReadFile(b[i])
		if !bytes.Equal(da, db) {
			t.Fatalf("table %s part %s differs", table, filepath.Base(a[i]))
		}
	}
}

// TestPatchGames: patchGames sets the three columns of the rows given and
// leaves every other value as it was.
func TestPatchGames(t *testing.T) {
	out, _ := runDup(t, 1, DuplicateOptions{}, dupTestdata)
	recs := readTable(t, out, "games")
	rec := recs[0]
	ps := []gamePatch{{row: 0, dupOf: 42, sameTags: true, addWarning: 1}, {row: 5, dupOf: 7, addWarning: 0}}
	got, err := patchGames(rec, ps, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer got.Release()
	d, s, w := int64s(t, []arrow.RecordBatch{got}, "duplicate_of"), bools(t, []arrow.RecordBatch{got}, "same_tags"), int64s(t, []arrow.RecordBatch{got}, "warning_count")
	d0, s0, w0 := int64s(t, recs[:1], "duplicate_of"), bools(t, recs[:1], "same_tags"), int64s(t, recs[:1], "warning_count")
	for i := range d {
		switch i {
		case 0:
			if d[i] != 42 || s[i] != 1 || w[i] != w0[i]+1 {
				t.Errorf("row 0: %d %d %d", d[i], s[i], w[i])
			}
		case 5:
			if d[i] != 7 || s[i] != 0 || w[i] != w0[i] {
				t.Errorf("row 5: %d %d %d", d[i], s[i], w[i])
			}
		default:
			if d[i] != d0[i] || s[i] != s0[i] || w[i] != w0[i] {
				t.Errorf("row %d changed", i)
			}
		}
	}
	if _, err := patchGames(rec, []gamePatch{{row: 99}}, nil); err == nil {
		t.Error("a row beyond the batch was accepted")
	}
}
