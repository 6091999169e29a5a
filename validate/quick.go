package validate

import (
	"github.com/arbiter-chess/arbiter/chess"
	"github.com/arbiter-chess/arbiter/validate/unwinnable"
)

// Quick proofs of unwinnability, cheap enough for every game's final
// position. They only ever answer "proven: winner cannot mate"; false means
// "not proven here" and the caller decides whether the exact (and much
// dearer) analysis of package unwinnable is worth running.

const (
	quickDepth = 7   // plies of the all-lines search
	quickNodes = 250 // nodes of the all-lines search
	maxForced  = 64  // forced moves followed
)

// quickUnwinnable reports whether it can prove cheaply that winner cannot
// checkmate in p: by following forced moves (a forced cycle, or a forced
// line into a terminal position that is not winner's mate), by material, or
// because every line of up to quickDepth plies ends in such a position.
func (j *Judge) quickUnwinnable(p *chess.Position, winner chess.Color) bool {
	q := *p
	var seen [maxForced]uint64
	for i := 0; ; i++ {
		if unwinnable.CannotMateByMaterial(&q, winner) {
			return true
		}
		q.LegalMoves(&j.ml)
		switch j.ml.N {
		case 0:
			return !(q.SideToMove() != winner && q.InCheck())
		case 1:
			if i == maxForced {
				return false
			}
			h := q.Hash()
			for _, s := range seen[:i] {
				if s == h {
					return true // a forced cycle: no mate on it
				}
			}
			seen[i] = h
			q.Play(j.ml.Moves[0])
			continue
		}
		break
	}
	nodes := quickNodes
	return j.allLinesEnd(&q, winner, quickDepth, &nodes)
}

// allLinesEnd reports whether every line from p of at most depth plies
// reaches a position where winner provably cannot mate (a terminal position
// other than winner's mate, or insufficient material), within *nodes nodes.
func (j *Judge) allLinesEnd(p *chess.Position, winner chess.Color, depth int, nodes *int) bool {
	if unwinnable.CannotMateByMaterial(p, winner) {
		return true
	}
	*nodes--
	if *nodes < 0 {
		return false
	}
	var ml chess.MoveList
	p.LegalMoves(&ml)
	if ml.N == 0 {
		return !(p.SideToMove() != winner && p.InCheck())
	}
	if depth == 0 {
		return false
	}
	for _, m := range ml.Slice() {
		c := *p
		c.Play(m)
		if !j.allLinesEnd(&c, winner, depth-1, nodes) {
			return false
		}
	}
	return true
}

// lockedPawns reports whether some pawn of each side is blocked head-on by
// an enemy pawn: the structures in which dead positions with pawns arise.
func lockedPawns(p *chess.Position) bool {
	w := p.Pieces(chess.White, chess.Pawn)
	b := p.Pieces(chess.Black, chess.Pawn)
	return (w<<8)&b != 0
}
