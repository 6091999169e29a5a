package unwinnable

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-chess/arbiter/chess"
	"github.com/arbiter-chess/arbiter/internal/cputime"
)

// finalCall is one call of package validate on the final position of a
// real game: the side analysed and the options it used.
type finalCall struct {
	pos    chess.Position
	winner chess.Color
	opt    Options
}

// The files of final-position calls: every call package validate made on
// the final positions of 37,221 Lichess games (lichessFinals), and of the
// TWIC sample and TCEC seasons 1-14 of shared/corpus/games (twicTcecFinals:
// engine and master games, mostly minor pieces and pawns).
const (
	lichessFinals  = "lichess-finals.txt"
	twicTcecFinals = "twic-tcec-finals.txt"
)

// loadFinals reads testdata/lichess-finals.txt.
func loadFinals(tb testing.TB) []finalCall {
	return loadFinalsFile(tb, lichessFinals)
}

// loadFinalsFile reads a file of testdata holding calls of package validate
// on final positions, as lines "FEN;color;budget". Budget 3000 is the
// dead-position test (no SAN), 20000 the result check (SAN witness wanted).
func loadFinalsFile(tb testing.TB, name string) []finalCall {
	lines, ok := readLines(tb, filepath.Join("testdata", name))
	if !ok {
		tb.Fatalf("testdata/%s missing", name)
	}
	calls := make([]finalCall, 0, len(lines))
	for _, l := range lines {
		f := strings.Split(l, ";")
		if len(f) != 3 {
			tb.Fatalf("bad line %q", l)
		}
		c := finalCall{pos: parseFEN(tb, f[0])}
		switch f[1] {
		case "white":
			c.winner = chess.White
		case "black":
			c.winner = chess.Black
		default:
			tb.Fatalf("bad colour in %q", l)
		}
		b, err := strconv.Atoi(f[2])
		if err != nil {
			tb.Fatalf("bad budget in %q", l)
		}
		c.opt = Options{NodeBudget: b, NoSAN: b <= 3000}
		calls = append(calls, c)
	}
	return calls
}

// BenchmarkAnalyzeFinals replays the calls of package validate on the final
// positions of real games (Lichess), each with its own budget and options.
func BenchmarkAnalyzeFinals(b *testing.B) {
	benchFinals(b, loadFinals(b))
}

// BenchmarkAnalyzeTwicTcecFinals is BenchmarkAnalyzeFinals on the calls of
// testdata/twic-tcec-finals.txt.
func BenchmarkAnalyzeTwicTcecFinals(b *testing.B) {
	benchFinals(b, loadFinalsFile(b, twicTcecFinals))
}

// benchFinals runs the calls, each with its own budget and options.
func benchFinals(b *testing.B, calls []finalCall) {
	a := NewAnalyzer(Options{})
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cputime.Now()
	n := 0
	for i := 0; i < b.N; i++ {
		for j := range calls {
			c := &calls[j]
			a.SetOptions(c.opt)
			a.Analyze(&c.pos, c.winner)
			n++
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1e3/float64(n), "µs/call")
	b.ReportMetric(float64((cputime.Now()-cpu0).Nanoseconds())/1e3/float64(n), "cpu-µs/call")
	b.ReportMetric(0, "ns/op")
}

// undeterminedFinals lists the calls of the finals files that were
// undetermined when the files were made (the others were all winnable).
var undeterminedFinals = map[string]bool{
	"8/p7/k1p1p3/P1P1P1p1/1K4P1/8/8/8 b - - 8 51;white;3000": true,
}

// TestFinals runs the calls of BenchmarkAnalyzeFinals and
// BenchmarkAnalyzeTwicTcecFinals, checks every witness and reports the
// answers and the time per call.
func TestFinals(t *testing.T) {
	for _, name := range []string{lichessFinals, twicTcecFinals} {
		t.Run(strings.TrimSuffix(name, ".txt"), func(t *testing.T) { testFinals(t, name) })
	}
}

// testFinals runs the calls of one finals file. Every answer must stay what
// it was when the file was made: winnable, except the calls of
// undeterminedFinals, which may only become decided.
func testFinals(t *testing.T, name string) {
	calls := loadFinalsFile(t, name)
	a := NewAnalyzer(Options{})
	times := make([]time.Duration, 0, len(calls))
	counts := map[string]int{}
	verdicts := map[Verdict]int{}
	var nodes int
	for i := range calls {
		c := &calls[i]
		a.SetOptions(c.opt)
		start := time.Now()
		r := a.Analyze(&c.pos, c.winner)
		times = append(times, time.Since(start))
		nodes += r.Nodes
		verdicts[r.Verdict]++
		counts[r.Verdict.String()+"/"+r.Method]++
		col := "white"
		if c.winner == chess.Black {
			col = "black"
		}
		if key := fmt.Sprintf("%s;%s;%d", c.pos.FEN(), col, c.opt.NodeBudget); r.Verdict != Winnable && !undeterminedFinals[key] {
			t.Errorf("%s: %v by %s, was winnable", key, r.Verdict, r.Method)
		}
		switch r.Verdict {
		case Winnable:
			if err := CheckWitness(&c.pos, c.winner, r.Witness); err != nil {
				t.Errorf("%s %v: %v", c.pos.FEN(), c.winner, err)
			}
			if !c.opt.NoSAN && r.WitnessSAN == "" && len(r.Witness) > 0 {
				t.Errorf("%s %v: no SAN witness", c.pos.FEN(), c.winner)
			}
		case Undetermined:
			t.Logf("undetermined (%d nodes): %s %v", r.Nodes, c.pos.FEN(), c.winner)
		}
	}
	slices.Sort(times)
	var sum time.Duration
	for _, d := range times {
		sum += d
	}
	n := len(times)
	t.Logf("%d calls: %d winnable, %d unwinnable, %d undetermined", n, verdicts[Winnable], verdicts[Unwinnable], verdicts[Undetermined])
	t.Logf("time: total %.1f ms, mean %.2f µs, p50 %.2f µs, p99 %.1f µs, max %.1f µs; mean nodes %.1f",
		us(sum)/1e3, us(sum)/float64(n), us(times[n/2]), us(times[n*99/100]), us(times[n-1]), float64(nodes)/float64(n))
	t.Logf("answers: %s", fmt.Sprint(counts))
}

// TestHardFinals: final positions of real games that once exhausted the
// node budget although plainly winnable; the constructions now mate them
// within a few hundred nodes, at both budgets package validate uses.
func TestHardFinals(t *testing.T) {
	tests := []struct {
		fen      string
		winner   chess.Color
		method   string
		maxNodes int
	}{
		// Rook pawn and bishop of the wrong colour, the loser's king next
		// to the promotion square: a queen promoted with check there would
		// have to be taken, so the winner's king steps first and the
		// loser's king walks off (lone.go).
		{"k7/P7/3K4/8/3B4/8/8/8 b - - 40 109", chess.White, MethodLone, 50},
		// King and bishop against king and knight: the knight blocks the
		// corner, the bishop checks from where the knight cannot
		// interpose (corner.go).
		{"8/4B3/8/1k6/3K4/8/8/2n5 b - - 0 116", chess.White, MethodCorner, 300},
		// The same material: the bishop leaves the corner's diagonal,
		// where it pins the knight, so that the king can enter.
		{"8/8/3k4/8/6nK/5B2/8/8 w - - 5 82", chess.White, MethodCorner, 300},
	}
	a := NewAnalyzer(Options{})
	for _, tc := range tests {
		for _, budget := range []int{3000, 20000} {
			p := parseFEN(t, tc.fen)
			a.SetOptions(Options{NodeBudget: budget, NoSAN: budget <= 3000})
			r := a.Analyze(&p, tc.winner)
			if r.Verdict != Winnable || r.Method != tc.method || r.Nodes > tc.maxNodes {
				t.Errorf("%s %v (budget %d): %v by %s after %d nodes, want winnable by %s within %d",
					tc.fen, tc.winner, budget, r.Verdict, r.Method, r.Nodes, tc.method, tc.maxNodes)
				continue
			}
			if err := CheckWitness(&p, tc.winner, r.Witness); err != nil {
				t.Errorf("%s %v: %v", tc.fen, tc.winner, err)
			}
		}
	}
}

// TestFinalsDump writes, when ARBITER_FINALS_DUMP names a directory, one
// line "verdict method nodes witness-length" per call of each finals file
// to DIR/<file>.answers. Run at two commits, the files compare every
// answer (the verdicts must agree; nodes, methods and witnesses may move):
//
//	ARBITER_FINALS_DUMP=/tmp/old go test -run TestFinalsDump ./validate/unwinnable/
//	(check out the new commit)
//	ARBITER_FINALS_DUMP=/tmp/new go test -run TestFinalsDump ./validate/unwinnable/
//	paste /tmp/old/lichess-finals.txt.answers /tmp/new/lichess-finals.txt.answers | awk '$1 != $5'
func TestFinalsDump(t *testing.T) {
	dir := os.Getenv("ARBITER_FINALS_DUMP")
	if dir == "" {
		t.Skip("ARBITER_FINALS_DUMP not set")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{lichessFinals, twicTcecFinals} {
		calls := loadFinalsFile(t, name)
		f, err := os.Create(filepath.Join(dir, name+".answers"))
		if err != nil {
			t.Fatal(err)
		}
		w := bufio.NewWriter(f)
		a := NewAnalyzer(Options{})
		for i := range calls {
			c := &calls[i]
			a.SetOptions(c.opt)
			r := a.Analyze(&c.pos, c.winner)
			fmt.Fprintf(w, "%v %s %d %d\n", r.Verdict, r.Method, r.Nodes, len(r.Witness))
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
	}
}
