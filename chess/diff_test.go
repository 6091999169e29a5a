package chess

import (
	"math/rand/v2"
	"slices"
	"testing"

	oracle "github.com/corentings/chess/v2"
)

// oracleMoves returns the legal moves of the oracle library in fen, as
// sorted UCI strings, or false if it cannot read the position.
func oracleMoves(fen string) (moves []string, ok bool) {
	defer func() {
		if recover() != nil { // it panics beyond 218 moves
			moves, ok = nil, false
		}
	}()
	opt, err := oracle.FEN(fen)
	if err != nil {
		return nil, false
	}
	g := oracle.NewGame(opt)
	pos := g.Position()
	valid := pos.ValidMoves()
	out := make([]string, 0, len(valid))
	for i := range valid {
		out = append(out, oracle.UCINotation{}.Encode(pos, &valid[i]))
	}
	slices.Sort(out)
	return out, true
}

// TestDifferential compares legal move sets with github.com/corentings/chess/v2
// on the standard-chess perft positions and along random games from them.
// The oracle has no Chess960, so positions with castling rights that are not
// standard are skipped, and so are positions it cannot handle by design
// (not exactly one king per side, or the side not to move in check).
func TestDifferential(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	compared, skipped := 0, 0
	for _, start := range testPositions(t, 9) {
		if start.Chess960() {
			continue
		}
		randomWalk(start, 12, rng, func(p *Position, _ Move) {
			if p.Pieces(White, King).Count() != 1 || p.Pieces(Black, King).Count() != 1 {
				skipped++
				return
			}
			q := *p
			q.side ^= 1
			if q.InCheck() {
				skipped++
				return
			}
			fen := p.FEN()
			want, ok := oracleMoves(fen)
			if !ok {
				skipped++
				return
			}
			var ml MoveList
			p.LegalMoves(&ml)
			if got := uciList(p, &ml); !slices.Equal(got, want) {
				t.Fatalf("%s:\n ours   %v\n oracle %v", fen, got, want)
			}
			compared++
		})
	}
	t.Logf("%d positions compared, %d skipped", compared, skipped)
}
