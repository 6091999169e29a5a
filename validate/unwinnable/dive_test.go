package unwinnable

import (
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/arbiter-chess/arbiter/chess"
)

// smallBudgetCases are typical final positions of real games that the
// caller analyses with a small budget (package validate uses 3,000 nodes):
// the side named first can mate.
var smallBudgetCases = []string{
	"w 5Q2/6K1/4k3/7P/8/8/8/8 b - - 0 72",
	"w 8/8/7k/8/8/1NK5/N7/8 w - - 21 76",
	"b 8/5p2/1b4p1/6k1/2K5/8/8/q7 b - - 0 58",
	"b 6k1/8/3K4/3n4/5n2/4r3/8/3q4 b - - 3 72",
	"b 6k1/6pp/5pb1/7r/8/4K3/8/8 b - - 0 59",
	"b 3r4/8/8/4p3/2K5/5k2/8/7n w - - 0 63",
	"b 8/8/4p3/4bk1p/7P/5K2/8/8 w - - 0 58",
	"b 3k4/4P3/3P4/1B1K4/8/7p/7P/8 b - - 0 50",
	"w 4k3/5pp1/2N1p2p/2N1P3/1K3P2/8/1P1n2PP/8 b - - 2 36",
}

// TestSmallBudget: with the budget package validate uses, these plainly
// winnable endgames are answered Winnable with a valid witness.
func TestSmallBudget(t *testing.T) {
	a := NewAnalyzer(Options{NodeBudget: 3000, NoSAN: true})
	for _, c := range smallBudgetCases {
		w := chess.White
		if c[0] == 'b' {
			w = chess.Black
		}
		p := parseFEN(t, c[2:])
		r := a.Analyze(&p, w)
		if r.Verdict != Winnable {
			t.Errorf("%s %v: got %v by %s after %d nodes, want winnable", c[2:], w, r.Verdict, r.Method, r.Nodes)
			continue
		}
		if err := CheckWitness(&p, w, r.Witness); err != nil {
			t.Errorf("%s %v: %v", c[2:], w, err)
		}
		t.Logf("%s %v: %s, %d nodes, %d plies", c[2:], w, r.Method, r.Nodes, len(r.Witness))
	}
}

// TestDives runs the dives alone on the Lichess sample (every 10th
// position, all under -long): every line they report must be a witness.
func TestDives(t *testing.T) {
	every := 10
	if *long {
		every = 1
	}
	ps := loadPositions(t, "lichess-30K-games.txt", every)
	a := NewAnalyzer(Options{NoSAN: true})
	found, nodes := 0, 0
	for i := range ps {
		p := &ps[i]
		w := p.SideToMove().Other()
		a.w, a.l = w, w.Other()
		a.nodes = 0
		if ok, _ := a.dives(p, 0, diveTries, 1<<30, false); ok {
			found++
			if err := CheckWitness(p, w, a.mateLine[:a.mateLen]); err != nil {
				t.Errorf("%s: %v", p.FEN(), err)
			}
		}
		nodes += a.nodes
	}
	t.Logf("%d positions: dives found %d mates, mean %.1f nodes", len(ps), found, float64(nodes)/float64(len(ps)))
}

// TestMayCheck: the leaf filter never misses a checking move (a missed one
// would only lose mates, but the filter promises none is missed).
func TestMayCheck(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	starts := []chess.Position{chess.StartPosition()}
	if lines, ok := readLines(t, filepath.Join("testdata", "test-vector-sample.txt")); ok {
		for _, v := range parseVectors(t, lines) {
			starts = append(starts, parseFEN(t, v.fen))
		}
	}
	a := NewAnalyzer(Options{TTBits: 10})
	var ml chess.MoveList
	checks := 0
	for i := 0; i < 3000; i++ {
		p := randomWalk(starts[rng.IntN(len(starts))], rng.IntN(40), rng)
		if !validPosition(&p) {
			continue
		}
		a.w, a.l = p.SideToMove(), p.SideToMove().Other()
		lf := a.leafFilter(&p)
		p.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			if p.GivesCheck(m) {
				checks++
				if !lf.mayCheck(&p, m) {
					t.Fatalf("%s: %s gives check, mayCheck says no", p.FEN(), p.UCI(m))
				}
			}
		}
	}
	if checks == 0 {
		t.Fatal("no checking move met")
	}
}

// BenchmarkDives times the first dives alone on the Lichess sample.
func BenchmarkDives(b *testing.B) {
	ps := loadPositions(b, "lichess-30K-games.txt", 1)
	a := NewAnalyzer(Options{NoSAN: true})
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		for j := range ps {
			p := &ps[j]
			w := p.SideToMove().Other()
			a.w, a.l = w, w.Other()
			a.nodes = 0
			a.dives(p, 0, firstDives, 1<<30, false)
			n++
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(n), "µs/pos")
	b.ReportMetric(0, "ns/op")
}
