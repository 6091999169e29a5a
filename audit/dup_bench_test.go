package audit

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/klauspost/compress/zstd"

	"github.com/arbiter-chess/arbiter/internal/cputime"
)

// dupBenchInput writes the benchmark's input to dir: the Lichess games
// of the corpus, TWIC's, and the Lichess games again (so that a third of
// the games are duplicates), as plain PGN that pgn-extract reads too.
func dupBenchInput(b *testing.B, dir string) (string, int64) {
	b.Helper()
	lichess := filepath.Join(shared, "games", "lichess-jishanshaikh4-37k.pgn.zst")
	twic := filepath.Join(shared, "games", "shakmaty-bench-twic1599_1000k.pgn")
	if _, err := os.Stat(lichess); err != nil {
		b.Skip("shared corpus absent")
	}
	path := filepath.Join(dir, "dup-bench.pgn")
	out, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	defer out.Close()
	copyZst := func() {
		f, err := os.Open(lichess)
		if err != nil {
			b.Fatal(err)
		}
		defer f.Close()
		zr, err := zstd.NewReader(f, zstd.WithDecoderMaxWindow(1<<31))
		if err != nil {
			b.Fatal(err)
		}
		defer zr.Close()
		if _, err := io.Copy(out, zr); err != nil {
			b.Fatal(err)
		}
		out.WriteString("\n")
	}
	copyZst()
	t, err := os.ReadFile(twic)
	if err != nil {
		b.Fatal(err)
	}
	out.Write(t)
	out.WriteString("\n")
	copyZst()
	st, _ := out.Stat()
	return path, st.Size()
}

// BenchmarkDuplicates measures the duplicate detection against
// pgn-extract -D (duplicate suppression) on the same input, in the same
// run: each iteration runs, in turn, pgn-extract -D, arbiter's audit
// (games and findings tables) with the detection, and the same audit
// without it, and the benchmark reports the medians of the ratios: the
// audit's CPU time with the detection over without it, and the audit's
// wall time with the detection over pgn-extract's (which only hashes the
// games, judging nothing). Skipped without the corpus or pgn-extract
// (apt-get install pgn-extract).
func BenchmarkDuplicates(b *testing.B) {
	const pgnExtract = "/usr/games/pgn-extract"
	if _, err := os.Stat(pgnExtract); err != nil {
		b.Skip("pgn-extract absent (apt-get install pgn-extract)")
	}
	dir := b.TempDir()
	in, size := dupBenchInput(b, dir)
	var tables [numTables]bool
	tables[TableGames], tables[TableFindings] = true, true
	audit := func(dup bool) (wall, cpu time.Duration, dups int64) {
		out := filepath.Join(dir, "out")
		c0, t0 := cputime.Now(), time.Now()
		res, err := Run(context.Background(), Config{Inputs: []string{in}, OutDir: out, Jobs: 2, Progress: "never",
			Tables: tables, Writer: writerForTests(), Duplicates: DuplicateOptions{Off: !dup}})
		if err != nil {
			b.Fatal(err)
		}
		if k := res.Stats.ByKind[KindDuplicateGame]; k != nil {
			dups = k.Count
		}
		return time.Since(t0), cputime.Now() - c0, dups
	}
	extract := func() (wall, cpu time.Duration) {
		cmd := exec.Command(pgnExtract, "-D", "-s", "-o", filepath.Join(dir, "unique.pgn"), in)
		t0 := time.Now()
		if err := cmd.Run(); err != nil {
			b.Fatal(err)
		}
		return time.Since(t0), cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	var cpuRatio, wallRatio []float64
	var found int64
	b.SetBytes(size)
	b.ResetTimer()
	for range b.N {
		pw, _ := extract()
		dw, dc, n := audit(true)
		_, nc, _ := audit(false)
		found = n
		cpuRatio = append(cpuRatio, float64(dc)/float64(nc))
		wallRatio = append(wallRatio, float64(dw)/float64(pw))
	}
	b.StopTimer()
	slices.Sort(cpuRatio)
	slices.Sort(wallRatio)
	b.ReportMetric(cpuRatio[len(cpuRatio)/2], "cpu-dup/cpu-nodup")
	b.ReportMetric(wallRatio[len(wallRatio)/2], "wall-audit/wall-pgn-extract-D")
	b.ReportMetric(float64(found), "duplicates")
	b.ReportMetric(0, "ns/op")
}
