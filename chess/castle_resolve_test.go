package chess

import (
	"math/rand/v2"
	"testing"
)

// TestResolveCastleAgrees checks, along random games from the test
// positions (Chess960 ones included), that a castling token resolves to the
// move LegalMovesTo finds for the castling rook, and to no move when it
// finds none (resolveCastle asks castleMove directly).
func TestResolveCastleAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	checked := 0
	for _, start := range testPositions(t, 7) {
		randomWalk(start, 40, rng, func(p *Position, _ Move) {
			for _, side := range []struct {
				tok      string
				kingSide bool
			}{{"O-O", true}, {"O-O-O", false}} {
				want := NullMove
				if rook := p.CastlingRook(p.SideToMove(), side.kingSide); rook != NoSquare {
					var ml MoveList
					p.LegalMovesTo(&ml, King, rook.Bitboard())
					for _, m := range ml.Slice() {
						if m.IsCastle() && m.To() == rook {
							want = m
						}
					}
					checked++
				}
				pm := p.ParseMove([]byte(side.tok), English)
				if want != NullMove && (pm.Status != MoveOK || pm.Move != want) ||
					want == NullMove && pm.Status == MoveOK {
					t.Fatalf("%s: %s resolves to %v %s, LegalMovesTo finds %s", p.FEN(), side.tok, pm.Status, p.UCI(pm.Move), p.UCI(want))
				}
			}
		})
	}
	t.Logf("%d castling rights checked", checked)
}
