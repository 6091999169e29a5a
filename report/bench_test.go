package report

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/arbiter-chess/arbiter/internal/cputime"
)

// The benchmarks process benchRows rows per operation in three stages, so
// that the results read as ratios measured in the same run:
//
//	Fill   generate the sample rows only (the baseline to subtract)
//	Build  Fill + Append to a builder + Flush every batchRows rows
//	Write  Build + TableWriter.Write (zstd, stats, page index) + Close
//
// Run: go test ./report -run '^$' -bench . -benchtime 3x

const (
	benchMoveRows = 1 << 20
	benchGameRows = 100_000
	batchRows     = 64 << 10
)

type stage int

const (
	fill stage = iota
	build
	write
)

// cpuTime is the process's CPU time so far.
func cpuTime() time.Duration { return cputime.Now() }

// reportRows reports wall rows/s and CPU ns per row (including GC and
// every goroutine) since cpu0.
func reportRows(b *testing.B, rows int, cpu0 time.Duration) {
	n := float64(rows) * float64(b.N)
	b.ReportMetric(n/b.Elapsed().Seconds(), "rows/s")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/row")
	b.ReportMetric(float64(cpuTime()-cpu0)/n, "cpu-ns/row")
}

func partBytes(b *testing.B, dir string) int64 {
	var n int64
	filepath.WalkDir(dir, func(_ string, d os.DirEntry, _ error) error {
		if fi, err := d.Info(); err == nil && !d.IsDir() {
			n += fi.Size()
		}
		return nil
	})
	return n
}

func benchMoves(b *testing.B, st stage, withFEN bool) {
	benchMovesOpts(b, st, withFEN, WriterOptions{})
}

func benchMovesOpts(b *testing.B, st stage, withFEN bool, opts WriterOptions) {
	b.ReportAllocs()
	mem := memory.DefaultAllocator
	var r MoveRow
	var size int64
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		dir := b.TempDir()
		var mb *MovesBuilder
		var w *TableWriter
		if st >= build {
			mb = NewMovesBuilder(mem, withFEN)
		}
		if st == write {
			var err error
			opts.NoSync = true
			if w, err = NewTableWriter(dir, MovesTable(withFEN), opts); err != nil {
				b.Fatal(err)
			}
		}
		flush := func() {
			rec := mb.Flush()
			if w != nil {
				if err := w.Write(rec); err != nil {
					b.Fatal(err)
				}
			}
			rec.Release()
		}
		g, p := 0, 1
		for n := 0; n < benchMoveRows; n++ {
			sampleMove(g, p, withFEN, &r)
			if p++; p > 20+g%80 {
				g, p = g+1, 1
			}
			if mb == nil {
				continue
			}
			if err := mb.Append(&r); err != nil {
				b.Fatal(err)
			}
			if mb.Len() == batchRows {
				flush()
			}
		}
		if mb != nil {
			flush()
			mb.Release()
		}
		if w != nil {
			if _, err := w.Close(); err != nil {
				b.Fatal(err)
			}
			size = partBytes(b, dir)
		}
	}
	reportRows(b, benchMoveRows, cpu0)
	if size > 0 {
		b.ReportMetric(float64(size)/benchMoveRows, "file-B/row")
	}
}

func BenchmarkMoves(b *testing.B) {
	b.Run("Fill", func(b *testing.B) { benchMoves(b, fill, false) })
	b.Run("Build", func(b *testing.B) { benchMoves(b, build, false) })
	b.Run("Write", func(b *testing.B) { benchMoves(b, write, false) })
	b.Run("FillFEN", func(b *testing.B) { benchMoves(b, fill, true) })
	b.Run("BuildFEN", func(b *testing.B) { benchMoves(b, build, true) })
	b.Run("WriteFEN", func(b *testing.B) { benchMoves(b, write, true) })
	b.Run("WriteZstd1", func(b *testing.B) { benchMovesOpts(b, write, false, WriterOptions{ZstdLevel: 1}) })
}

func benchGames(b *testing.B, st stage) {
	b.ReportAllocs()
	mem := memory.DefaultAllocator
	// Pre-build a few distinct rows: sampleGame formats strings, which would
	// dominate the baseline.
	var rows [64]GameRow
	for i := range rows {
		sampleGame(i, &rows[i])
		rows[i].Movetext = append(rows[i].Movetext[:0], "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4 15. Nb1 h6 16. Bh4 c5 17. dxe5 Nxe4 18. Bxe7 Qxe7 19. exd6 Qf6 20. Nbd2 Nxd6 21. Nc4 Nxc4 22. Bxc4 Nb6 23. Ne5 Rae8 24. Bxf7+ Rxf7 25. Nxf7 Rxe1+ 26. Qxe1 Kxf7 27. Qe3 Qg5 28. Qxg5 hxg5 29. b3 Ke6 30. a3 Kd6"...)
	}
	var size int64
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		dir := b.TempDir()
		var gb *GamesBuilder
		var w *TableWriter
		if st >= build {
			gb = NewGamesBuilder(mem)
		}
		if st == write {
			var err error
			if w, err = NewTableWriter(dir, GamesTable(), WriterOptions{NoSync: true}); err != nil {
				b.Fatal(err)
			}
		}
		flush := func() {
			rec := gb.Flush()
			if w != nil {
				if err := w.Write(rec); err != nil {
					b.Fatal(err)
				}
			}
			rec.Release()
		}
		for n := 0; n < benchGameRows; n++ {
			r := &rows[n%len(rows)]
			r.GameID = int64(n)
			if gb == nil {
				continue
			}
			if err := gb.Append(r); err != nil {
				b.Fatal(err)
			}
			if gb.Len() == 1000 {
				flush()
			}
		}
		if gb != nil {
			flush()
			gb.Release()
		}
		if w != nil {
			if _, err := w.Close(); err != nil {
				b.Fatal(err)
			}
			size = partBytes(b, dir)
		}
	}
	reportRows(b, benchGameRows, cpu0)
	if size > 0 {
		b.ReportMetric(float64(size)/benchGameRows, "file-B/row")
	}
}

func BenchmarkGames(b *testing.B) {
	b.Run("Fill", func(b *testing.B) { benchGames(b, fill) })
	b.Run("Build", func(b *testing.B) { benchGames(b, build) })
	b.Run("Write", func(b *testing.B) { benchGames(b, write) })
}

// TestMovesAppendDoesNotAllocate checks that, once a builder has been
// sized by a first batch, appending a row allocates nothing (amortized:
// AllocsPerRun rounds down, so fewer than one allocation per row passes,
// as the rare growth of a nested list builder does).
func TestMovesAppendDoesNotAllocate(t *testing.T) {
	mem := checkedMem(t)
	mb := NewMovesBuilder(mem, true)
	defer mb.Release()
	var r MoveRow
	for p := 1; p <= 2000; p++ {
		sampleMove(p/80, 1+p%80, true, &r)
		mb.Append(&r)
	}
	mb.Flush().Release()
	sampleMove(5, 37, true, &r)
	r.NAGs = append(r.NAGs[:0], 3)
	r.Comment.SetString("a comment")
	if n := testing.AllocsPerRun(1000, func() { mb.Append(&r) }); n != 0 {
		t.Errorf("MovesBuilder.Append allocates %.2f times per row", n)
	}
	mb.Flush().Release()

	gb := NewGamesBuilder(mem)
	defer gb.Release()
	var g GameRow
	for i := 0; i < 500; i++ {
		sampleGame(i, &g)
		gb.Append(&g)
	}
	gb.Flush().Release()
	sampleGame(8, &g) // tags, duplicates, a start FEN
	if n := testing.AllocsPerRun(300, func() { gb.Append(&g) }); n != 0 {
		t.Errorf("GamesBuilder.Append allocates %.2f times per row", n)
	}
	gb.Flush().Release()
}
