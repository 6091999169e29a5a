package report

import (
	"bytes"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
)

// writeBlocks writes the moves of games in blocks of blockGames games, one
// batch per block, building the batches on `workers` goroutines and writing
// them in block order on one writer goroutine, the way the pipeline does.
func writeBlocks(t *testing.T, dir string, games, blockGames, workers int) TableStats {
	t.Helper()
	mem := checkedMem(t)
	w := newWriter(t, dir, MovesTable(true), WriterOptions{RowGroupRows: 3000, PartRows: 7000, Allocator: mem})
	type result struct {
		block int
		rec   arrow.RecordBatch
	}
	blocks := make(chan int)
	results := make(chan result)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b := NewMovesBuilder(mem, true)
			defer b.Release()
			var r MoveRow
			for blk := range blocks {
				for g := blk * blockGames; g < (blk+1)*blockGames && g < games; g++ {
					for p := 1; p <= g%90; p++ {
						sampleMove(g, p, true, &r)
						if err := b.Append(&r); err != nil {
							t.Error(err)
						}
					}
				}
				results <- result{blk, b.Flush()}
			}
		}()
	}
	nblocks := (games + blockGames - 1) / blockGames
	go func() {
		for i := 0; i < nblocks; i++ {
			blocks <- i
		}
		close(blocks)
		wg.Wait()
		close(results)
	}()
	// The writer: restore input order, write, release.
	pending := map[int]arrow.RecordBatch{}
	next := 0
	for res := range results {
		pending[res.block] = res.rec
		for rec, ok := pending[next]; ok; rec, ok = pending[next] {
			if err := w.Write(rec); err != nil {
				t.Error(err)
			}
			rec.Release()
			delete(pending, next)
			next++
		}
	}
	st, err := w.Close()
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func TestParallelWorkersMatchSequential(t *testing.T) {
	seq, par := t.TempDir(), t.TempDir()
	a := writeBlocks(t, seq, 700, 37, 1)
	b := writeBlocks(t, par, 700, 37, 4)
	if a.Rows != b.Rows || len(a.Parts) != len(b.Parts) || len(a.Parts) < 3 {
		t.Fatalf("stats differ: %+v vs %+v", a, b)
	}
	for _, p := range a.Parts {
		x, _ := os.ReadFile(filepath.Join(seq, p))
		y, _ := os.ReadFile(filepath.Join(par, p))
		if len(x) == 0 || !bytes.Equal(x, y) {
			t.Errorf("%s: parallel build differs from sequential", p)
		}
	}
}
