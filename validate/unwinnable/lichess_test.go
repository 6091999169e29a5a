package unwinnable

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-chess/arbiter/chess"
	"github.com/arbiter-chess/arbiter/internal/cputime"
)

// fenOf strips the game id (the last field) from a corpus line "FEN id".
func fenOf(line string) string {
	f := strings.Fields(line)
	if len(f) >= 7 {
		f = f[:6]
	} else if len(f) == 5 { // FEN without clocks plus id
		f = f[:4]
	}
	return strings.Join(f, " ")
}

func loadPositions(tb testing.TB, name string, every int) []chess.Position {
	lines, ok := readLines(tb, sharedPath(name))
	if !ok {
		tb.Skip(name + " not found")
	}
	var ps []chess.Position
	for i, l := range lines {
		if i%every != 0 {
			continue
		}
		ps = append(ps, parseFEN(tb, fenOf(l)))
	}
	return ps
}

// BenchmarkAnalyzeLichess30K analyses the final positions of 30,000 Lichess
// games for the side that made the last move (the winner of a timeout).
func BenchmarkAnalyzeLichess30K(b *testing.B) {
	ps := loadPositions(b, "lichess-30K-games.txt", 1)
	a := NewAnalyzer(Options{NoSAN: true, TTBits: *ttBits, NodeBudget: *speedBudget})
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cputime.Now()
	n := 0
	for i := 0; i < b.N; i++ {
		for j := range ps {
			p := &ps[j]
			a.Analyze(p, p.SideToMove().Other())
			n++
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(n), "µs/pos")
	b.ReportMetric(float64((cputime.Now()-cpu0).Nanoseconds())/1e3/float64(n), "cpu-µs/pos")
	b.ReportMetric(0, "ns/op")
}

// TestLichess30K checks every answer on the Lichess sample and reports the
// time per query (all 30,000 positions under -long, every 10th otherwise).
func TestLichess30K(t *testing.T) {
	every := 10
	if long() {
		every = 1
	}
	ps := loadPositions(t, "lichess-30K-games.txt", every)
	a := NewAnalyzer(Options{NoSAN: true, TTBits: *ttBits, NodeBudget: *speedBudget})
	times := make([]time.Duration, 0, len(ps))
	counts := map[string]int{}
	var nodes int
	for i := range ps {
		p := &ps[i]
		w := p.SideToMove().Other()
		start := time.Now()
		r := a.Analyze(p, w)
		times = append(times, time.Since(start))
		nodes += r.Nodes
		counts[r.Verdict.String()+"/"+r.Method]++
		if r.Verdict == Winnable {
			if err := CheckWitness(p, w, r.Witness); err != nil {
				t.Errorf("%s: %v", p.FEN(), err)
			}
		}
	}
	slices.Sort(times)
	var sum time.Duration
	for _, d := range times {
		sum += d
	}
	n := len(times)
	t.Logf("%d positions: mean %.1f µs, p50 %.1f µs, p99 %.1f µs, max %.1f µs, mean nodes %.1f",
		n, us(sum)/float64(n), us(times[n/2]), us(times[n*99/100]), us(times[n-1]), float64(nodes)/float64(n))
	t.Logf("answers: %s", fmt.Sprint(counts))
}

func us(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e3 }

// TestUnfair: in each final position of a Lichess game lost on time where the
// opponent could not mate (D3's list for May 2022), the side not to move must
// never be found Winnable (that would contradict the list; a witness would be
// reported) and should be proven Unwinnable. Every 50th line normally, all
// 88,387 under -long.
func TestUnfair(t *testing.T) {
	every := 50
	if long() {
		every = 1
	}
	lines, ok := readLines(t, sharedPath("unfair-2022-05.txt.zst"))
	if !ok {
		t.Skip("unfair-2022-05.txt.zst not found")
	}
	a := NewAnalyzer(Options{NodeBudget: 1_000_000})
	var total, unw, und, win int
	var elapsed time.Duration
	methods := map[string]int{}
	for i, l := range lines {
		if i%every != 0 {
			continue
		}
		p := parseFEN(t, fenOf(l))
		w := p.SideToMove().Other()
		start := time.Now()
		r := a.Analyze(&p, w)
		elapsed += time.Since(start)
		total++
		methods[r.Method]++
		switch r.Verdict {
		case Unwinnable:
			unw++
		case Undetermined:
			und++
			if und <= 20 {
				t.Logf("undetermined: %s", l)
			}
		case Winnable:
			win++
			if err := CheckWitness(&p, w, r.Witness); err != nil {
				t.Errorf("%s: bad witness: %v", l, err)
			} else {
				t.Errorf("%s: %v can mate, contradicting the list: %s", l, w, r.WitnessSAN)
			}
		}
	}
	t.Logf("%d positions: %d unwinnable (%.3f%%), %d undetermined, %d winnable; mean %.1f µs; methods %v",
		total, unw, 100*float64(unw)/float64(total), und, win, us(elapsed)/float64(total), methods)
	if float64(unw) < 0.995*float64(total) {
		t.Errorf("unwinnable share %.3f%% below 99.5%%", 100*float64(unw)/float64(total))
	}
}
