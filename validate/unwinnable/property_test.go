package unwinnable

import (
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/arbiter-chess/arbiter/chess"
)

// bruteMate reports whether winner can mate within plies half-moves from p
// (full width; the last winner move must give check). nodes caps the work:
// ok is false when the cap was hit.
func bruteMate(p *chess.Position, winner chess.Color, plies int, nodes *int) (mate, ok bool) {
	*nodes--
	if *nodes < 0 {
		return false, false
	}
	var ml chess.MoveList
	p.LegalMoves(&ml)
	if ml.N == 0 {
		return p.SideToMove() != winner && p.InCheck(), true
	}
	if plies == 0 {
		return false, true
	}
	ok = true
	for _, m := range ml.Slice() {
		c := *p
		c.Play(m)
		if plies == 1 && !c.InCheck() {
			continue
		}
		mt, o := bruteMate(&c, winner, plies-1, nodes)
		if mt {
			return true, true
		}
		ok = ok && o
	}
	return false, ok
}

// randomWalk plays n random legal moves from p (fewer if the game ends).
func randomWalk(p chess.Position, n int, rng *rand.Rand) chess.Position {
	var ml chess.MoveList
	for i := 0; i < n; i++ {
		p.LegalMoves(&ml)
		if ml.N == 0 {
			break
		}
		p.Play(ml.Moves[rng.IntN(ml.N)])
	}
	return p
}

// TestProperty: on positions from random walks (from the start position and
// from test vectors), every Winnable witness replays to the winner's mate,
// every Unwinnable answer survives a brute-force helpmate search, and Dead
// agrees with the two one-sided answers.
func TestProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	starts := []chess.Position{chess.StartPosition()}
	lines, ok := readLines(t, filepath.Join("testdata", "test-vector-sample.txt"))
	if ok {
		for _, v := range parseVectors(t, lines) {
			starts = append(starts, parseFEN(t, v.fen))
		}
	}
	rounds := 400
	if long() {
		rounds = 4000
	}
	a := NewAnalyzer(Options{NodeBudget: 20_000})
	var win, unw, und, brute int
	for i := 0; i < rounds; i++ {
		s := starts[rng.IntN(len(starts))]
		p := randomWalk(s, rng.IntN(60), rng)
		dead, det, wr, br := a.Dead(&p)
		if det && dead != (wr.Verdict == Unwinnable && br.Verdict == Unwinnable) {
			t.Errorf("%s: Dead=%v inconsistent with %v/%v", p.FEN(), dead, wr.Verdict, br.Verdict)
		}
		for _, c := range []chess.Color{chess.White, chess.Black} {
			r := wr
			if c == chess.Black {
				r = br
			}
			switch r.Verdict {
			case Winnable:
				win++
				if err := CheckWitness(&p, c, r.Witness); err != nil {
					t.Errorf("%s %v: %v", p.FEN(), c, err)
				}
			case Unwinnable:
				unw++
				nodes := 300_000
				if mate, _ := bruteMate(&p, c, 5, &nodes); mate {
					t.Errorf("%s: %v proven unwinnable (%s) but brute force mates", p.FEN(), c, r.Method)
				}
				brute++
			default:
				und++
			}
		}
	}
	t.Logf("%d positions: %d winnable (witness verified), %d unwinnable (brute-force checked), %d undetermined",
		rounds, win, unw, und)
}

// FuzzAnalyze: any FEN the chess package accepts must be analysed without
// panicking, and every Winnable answer must carry a valid witness.
func FuzzAnalyze(f *testing.F) {
	for _, s := range []string{
		"k7/8/8/8/8/8/1n4K1/8 w - - 0 1",
		"8/2k5/8/1p1p2p1/1P1P2P1/8/2K5/8 w - - 0 1",
		"7b/1k5B/7b/8/1p1p1p1p/1PpP1P1P/2P3K1/N7 b - - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"4k3/8/8/8/8/8/4R3/4K3 w - - 0 1",
		"k7/1Q6/8/8/8/8/8/7K b - - 0 1",
	} {
		f.Add(s)
	}
	a := NewAnalyzer(Options{NodeBudget: 2_000, TTBits: 12})
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := chess.ParseFEN(fen)
		if err != nil {
			return
		}
		for _, c := range []chess.Color{chess.White, chess.Black} {
			r := a.Analyze(&p, c)
			if r.Verdict == Winnable {
				if err := CheckWitness(&p, c, r.Witness); err != nil {
					t.Fatalf("%s %v: %v", fen, c, err)
				}
			}
			if r.Invalid && r.Verdict != Undetermined {
				t.Fatalf("%s: invalid but %v", fen, r.Verdict)
			}
		}
	})
}
