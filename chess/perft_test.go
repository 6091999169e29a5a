package chess

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-chess/arbiter/internal/corpus"
	"github.com/arbiter-chess/arbiter/internal/cputime"
)

var (
	longFlag   = flag.Bool("long", false, "run perft suites to every depth they list (see -perftlimit)")
	perftLimit = flag.Uint64("perftlimit", 0, "with -long, skip depths whose node count exceeds this (0: none; random.perft to depth 6 is 4.3e12 nodes)")
)

// sharedRef returns the path of a file of the shared corpus's reference/
// folder, or skips the test when it is absent.
func sharedRef(t testing.TB, rel ...string) string {
	t.Helper()
	return corpus.Require(t, "reference/"+path.Join(rel...))
}

// perftCase is one position of a perft suite with its known node counts.
type perftCase struct {
	id     string
	fen    string
	counts map[int]uint64 // depth -> nodes
	line   int
}

// loadPerftSuite reads either suite format: EPD lines "FEN ;D1 20 ;D2 400"
// (Ethereal, sunfish) or blocks of "id", "epd FEN" and "perft D N" lines
// (python-chess, scalachess, shakmaty).
func loadPerftSuite(t testing.TB, path string) []perftCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []perftCase
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "id "):
			cases = append(cases, perftCase{id: strings.TrimSpace(line[3:]), counts: map[int]uint64{}, line: n})
		case strings.HasPrefix(line, "epd "):
			if len(cases) == 0 || cases[len(cases)-1].fen != "" {
				cases = append(cases, perftCase{counts: map[int]uint64{}, line: n})
			}
			cases[len(cases)-1].fen = strings.TrimSpace(line[4:])
		case strings.HasPrefix(line, "perft "):
			var d int
			var c uint64
			if _, err := fmt.Sscanf(line, "perft %d %d", &d, &c); err != nil || len(cases) == 0 {
				t.Fatalf("%s:%d: bad perft line %q", path, n, line)
			}
			cases[len(cases)-1].counts[d] = c
		case strings.Contains(line, ";"):
			parts := strings.Split(line, ";")
			pc := perftCase{id: fmt.Sprintf("line-%d", n), fen: strings.TrimSpace(parts[0]), counts: map[int]uint64{}, line: n}
			for _, op := range parts[1:] {
				op = strings.TrimSpace(op)
				var d int
				var c uint64
				if _, err := fmt.Sscanf(op, "D%d %d", &d, &c); err != nil {
					t.Fatalf("%s:%d: bad operation %q", path, n, op)
				}
				pc.counts[d] = c
			}
			cases = append(cases, pc)
		default:
			t.Fatalf("%s:%d: unrecognised line %q", path, n, line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

// runPerftSuite checks every position of a suite at every listed depth whose
// node count is at most limit (all depths with -long). It returns the
// number of positions and of nodes checked.
func runPerftSuite(t *testing.T, path string, limit uint64) {
	cases := loadPerftSuite(t, path)
	if len(cases) == 0 {
		t.Fatalf("%s: no positions", path)
	}
	start := time.Now()
	var nodes uint64
	checked := 0
	maxDepth := 0
	for _, c := range cases {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Errorf("%s:%d %s: %v", path, c.line, c.id, err)
			continue
		}
		depths := make([]int, 0, len(c.counts))
		for d := range c.counts {
			depths = append(depths, d)
		}
		sort.Ints(depths)
		for _, d := range depths {
			want := c.counts[d]
			if long() && *perftLimit > 0 && want > *perftLimit {
				break
			}
			if !long() && want > limit && d != depths[0] {
				break
			}
			if !long() && want > 20*limit {
				break
			}
			got := Perft(p, d)
			nodes += got
			if got != want {
				t.Errorf("%s:%d %s %q perft(%d) = %d, want %d", path, c.line, c.id, c.fen, d, got, want)
				break
			}
			maxDepth = max(maxDepth, d)
		}
		checked++
	}
	el := time.Since(start)
	t.Logf("%s: %d positions, depths up to %d, %d nodes in %v (%.1f M nodes/s)",
		filepath.Base(path), checked, maxDepth, nodes, el.Round(time.Millisecond), float64(nodes)/el.Seconds()/1e6)
}

func TestPerftLocal(t *testing.T) {
	// Suites copied into testdata so that perft runs without the shared corpus.
	t.Run("tricky", func(t *testing.T) { runPerftSuite(t, filepath.Join("testdata", "tricky.perft"), 2_000_000) })
	t.Run("chess960-100", func(t *testing.T) { runPerftSuite(t, filepath.Join("testdata", "chess960-100.perft"), 200_000) })
}

func TestPerftShared(t *testing.T) {
	for _, s := range []struct {
		path  []string
		limit uint64
	}{
		{[]string{"ethereal", "standard.epd"}, 2_000_000},
		{[]string{"sunfish", "perftsuite.epd"}, 2_000_000},
		{[]string{"ethereal", "fischer.epd"}, 100_000},
		{[]string{"python-chess", "tricky.perft"}, 2_000_000},
		{[]string{"python-chess", "chess960.perft"}, 30_000},
		{[]string{"python-chess", "random.perft"}, 30_000},
		{[]string{"scalachess", "tricky.perft"}, 2_000_000},
		{[]string{"scalachess", "chess960.perft"}, 30_000},
		{[]string{"shakmaty", "tricky.perft"}, 2_000_000},
	} {
		t.Run(strings.Join(s.path, "/"), func(t *testing.T) {
			runPerftSuite(t, sharedRef(t, s.path...), s.limit)
		})
	}
}

func TestPerftStart(t *testing.T) {
	want := []uint64{1, 20, 400, 8902, 197281, 4865609, 119060324}
	maxD := 5
	if long() {
		maxD = 6
	}
	for d := 0; d <= maxD; d++ {
		if got := Perft(StartPosition(), d); got != want[d] {
			t.Errorf("perft(%d) = %d, want %d", d, got, want[d])
		}
	}
}

func TestDivide(t *testing.T) {
	p, _ := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	div := Divide(p, 2)
	if len(div) != 48 {
		t.Fatalf("%d moves, want 48", len(div))
	}
	var sum uint64
	for i, e := range div {
		sum += e.Nodes
		if i > 0 && div[i-1].UCI >= e.UCI {
			t.Errorf("not sorted: %s before %s", div[i-1].UCI, e.UCI)
		}
		if e.UCI != p.UCI(e.Move) {
			t.Errorf("UCI %s != %s", e.UCI, p.UCI(e.Move))
		}
	}
	if sum != 2039 {
		t.Errorf("sum %d, want 2039", sum)
	}
	for _, e := range div {
		if e.UCI == "e1g1" && e.Nodes != 43 {
			t.Errorf("e1g1: %d, want 43", e.Nodes)
		}
	}
}

func benchPerft(b *testing.B, fen string, depth int) {
	p, err := ParseFEN(fen)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var nodes uint64
	cpu0 := cputime.Now()
	for b.Loop() {
		nodes += Perft(p, depth)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	// On a busy machine wall time overstates the cost; report CPU time too
	// (the process is single-threaded here apart from the runtime).
	if cpu := cputime.Now() - cpu0; cpu > 0 {
		b.ReportMetric(float64(nodes)/cpu.Seconds(), "nodes/cpu-s")
	}
}

func BenchmarkPerftStart(b *testing.B) {
	benchPerft(b, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5)
}

func BenchmarkPerftKiwipete(b *testing.B) {
	benchPerft(b, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4)
}

var benchFENs = []string{
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
}

func BenchmarkLegalMoves(b *testing.B) {
	ps := make([]Position, len(benchFENs))
	for i, f := range benchFENs {
		ps[i], _ = ParseFEN(f)
	}
	b.ReportAllocs()
	var ml MoveList
	i := 0
	for b.Loop() {
		ps[i&3].LegalMoves(&ml)
		i++
	}
}

func BenchmarkPlay(b *testing.B) {
	p, _ := ParseFEN(benchFENs[1])
	var ml MoveList
	p.LegalMoves(&ml)
	b.ReportAllocs()
	i := 0
	var sink uint64
	for b.Loop() {
		q := p
		q.Play(ml.Moves[i%ml.N])
		sink += q.Hash()
		i++
	}
	_ = sink
}

func BenchmarkHash(b *testing.B) {
	p, _ := ParseFEN(benchFENs[1])
	b.ReportAllocs()
	var sink uint64
	for b.Loop() {
		sink += p.computeHash()
	}
	_ = sink
}

func BenchmarkParseFEN(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(benchFENs[1])))
	for b.Loop() {
		if _, err := ParseFEN(benchFENs[1]); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFEN(b *testing.B) {
	p, _ := ParseFEN(benchFENs[1])
	b.ReportAllocs()
	buf := make([]byte, 0, 128)
	for b.Loop() {
		buf = p.AppendFEN(buf[:0])
	}
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// long reports whether the slow tests run: -long, or ARBITER_LONG set in
// the environment. The variable is read here, while a test runs, and not
// when the flag is declared, so that go test's cache keys on it (a read
// during package initialisation is not recorded, and a cached short run
// would stand for a long one).
func long() bool { return *longFlag || os.Getenv("ARBITER_LONG") != "" }
