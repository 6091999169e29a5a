package chess

import (
	"math/rand/v2"
	"testing"
)

// TestGivesCheckAgrees compares givesCheck (the fast path of SAN's check
// marks) with GivesCheck, which plays the move and looks, on every legal
// move along random games from the perft positions.
func TestGivesCheckAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	moves, checks := 0, 0
	for _, start := range localPerftPositions(t) {
		randomWalk(start, 200, rng, func(p *Position, _ Move) {
			var ml MoveList
			p.LegalMoves(&ml)
			for _, m := range ml.Slice() {
				want := p.GivesCheck(m)
				if got := p.givesCheck(m); got != want {
					t.Fatalf("%s: givesCheck(%s) = %v, GivesCheck %v", p.FEN(), p.UCI(m), got, want)
				}
				moves++
				if want {
					checks++
				}
			}
		})
	}
	if checks < 1000 {
		t.Fatalf("only %d checking moves among %d", checks, moves)
	}
	t.Logf("%d moves, %d checks", moves, checks)
}
