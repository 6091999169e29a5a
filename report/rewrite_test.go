package report

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// TestRewritePart: rewriting a part without changes gives the same bytes
// (same row groups, pages, statistics, metadata); a fix that changes a
// column's values changes only those.
func TestRewritePart(t *testing.T) {
	dir := t.TempDir()
	want := make([]GameRow, 2000)
	for i := range want {
		sampleGame(i, &want[i])
	}
	opts := WriterOptions{RowGroupRows: 700, NoSync: true}
	b := NewGamesBuilder(nil)
	defer b.Release()
	// One batch per row group, as the rewrite reads them: the encoders
	// cut some pages by batch, so only then are the bytes the same.
	st := writeRows(t, b, newWriter(t, dir, GamesTable(), opts), want, 700)
	if len(st.Parts) != 1 || st.RowGroups != 3 {
		t.Fatalf("stats %+v", st)
	}
	path := filepath.Join(dir, st.Parts[0])
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	size, err := RewritePart(path, GamesTable(), opts, func(r arrow.RecordBatch) (arrow.RecordBatch, error) { return r, nil })
	if err != nil {
		t.Fatal(err)
	}
	after, _ := os.ReadFile(path)
	if !bytes.Equal(before, after) || size != int64(len(after)) {
		t.Fatalf("identity rewrite: %d bytes, were %d (size %d)", len(after), len(before), size)
	}

	// Mark every game a duplicate of game 0, as the audit does with the
	// duplicates it learns late.
	idx := GamesSchema().FieldIndices("duplicate_of")[0]
	_, err = RewritePart(path, GamesTable(), opts, func(r arrow.RecordBatch) (arrow.RecordBatch, error) {
		bl := array.NewInt64Builder(memory.DefaultAllocator)
		defer bl.Release()
		for range r.NumRows() {
			bl.Append(0)
		}
		a := bl.NewArray()
		defer a.Release()
		cols := append([]arrow.Array(nil), r.Columns()...)
		cols[idx] = a
		return array.NewRecordBatch(r.Schema(), cols, r.NumRows()), nil
	})
	if err != nil {
		t.Fatal(err)
	}
	schema, recs := readDir(t, memory.DefaultAllocator, filepath.Join(dir, "games"))
	defer releaseAll(recs)
	checkSchema(t, schema, GamesSchema())
	got := gamesFrom(recs)
	for i := range want {
		want[i].DuplicateOf = OptInt64{0, true}
	}
	compareRows(t, got, want)
	if left, _ := filepath.Glob(filepath.Join(dir, "games", ".*")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}
