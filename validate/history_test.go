package validate

import (
	"math/rand/v2"
	"testing"

	"github.com/arbiter-chess/arbiter/chess"
)

// TestClaimableByMoveMatchesBruteForce compares claimableByMove with the
// plain reading of 9.2.1.1 (play every legal move and look for the result
// among the earlier positions that occurred twice, by their exact key) at
// every ply of random walks that shuffle pieces back and forth, from
// positions with castling rights, en passant chances, promotions and pins.
func TestClaimableByMoveMatchesBruteForce(t *testing.T) {
	starts := []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r3k2r/pppq1ppp/2n1bn2/3pp3/3PP3/2N1BN2/PPPQ1PPP/R3K2R w KQkq - 4 8",
		"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
		"r3k3/1P6/8/8/8/8/6p1/4K2R b Kq - 0 1",
		"4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1",
		"8/5k2/8/2N5/8/8/3K1B2/8 w - - 0 1",
		"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
	}
	rng := rand.New(rand.NewPCG(7, 11))
	j := NewJudge(Options{})
	var ml chess.MoveList
	checked, claims := 0, 0
	for walk := range 600 {
		start, err := chess.ParseFEN(starts[walk%len(starts)])
		if err != nil {
			t.Fatal(err)
		}
		j.h.reset(&start, 0)
		for range 160 {
			k := j.h.last()
			p := j.h.cur
			got, want := j.claimableByMove(&p, k, twiceBefore(&j.h, k)), bruteClaim(&j.h, &p, k)
			if got != want {
				t.Fatalf("walk %d ply %d (%s): claimableByMove %v, brute force %v", walk, k, p.FEN(), got, want)
			}
			checked++
			if got {
				claims++
			}
			p.LegalMoves(&ml)
			if ml.N == 0 {
				break
			}
			m := ml.Moves[rng.IntN(ml.N)]
			if k >= 4 && rng.IntN(10) < 7 {
				// most of the time, take back the side's previous move when
				// it is legal: positions come back
				back := j.h.ply[k-1].move
				if undo := chess.NewMove(back.To(), back.From()); !back.IsCastle() && !back.IsPromotion() && p.IsLegal(undo) {
					m = undo
				}
			}
			j.h.push(m)
		}
	}
	t.Logf("%d plies checked, %d with a claim by announced move", checked, claims)
	if claims < 1000 {
		t.Errorf("only %d claims: the walks do not repeat enough to test", claims)
	}
}

// bruteClaim reports whether some legal move of p (at ply k) makes a
// position that occurred at least twice among the plies since the last
// capture or pawn move with the same side to move.
func bruteClaim(h *history, p *chess.Position, k int) bool {
	var ml chess.MoveList
	p.LegalMoves(&ml)
	for _, m := range ml.Slice() {
		q := *p
		q.Play(m)
		for i := k - 1; i >= max(k-p.HalfmoveClock()-1, 0); i -= 2 {
			if h.ply[i].reps >= 2 && h.seek(i).Key() == q.Key() {
				return true
			}
		}
	}
	return false
}

// twiceBefore returns the twice-seen plies before ply k.
func twiceBefore(h *history, k int) []twiceSeen {
	i := len(h.twice)
	for i > 0 && h.twice[i-1].ply >= k {
		i--
	}
	return h.twice[:i]
}
