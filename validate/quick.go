package validate

import (
	"github.com/arbiter-chess/arbiter/chess"
	"github.com/arbiter-chess/arbiter/validate/unwinnable"
)

// Quick proofs of unwinnability, cheap enough for every game's final
// position. They only ever answer "proven: winner cannot mate"; false means
// "not proven here" and the caller decides whether the exact (and much
// dearer) analysis of package unwinnable is worth running.

// maxForced caps the forced moves followed.
const maxForced = 64

// quickUnwinnable reports whether it can prove cheaply that winner cannot
// checkmate in p: by following forced moves (a forced cycle, or a forced
// line into a terminal position that is not winner's mate) or by material.
// (A bounded search of every line, tried here before, proved nothing on
// the final positions of 37,000 Lichess games and cost more than the
// replay of a short game: positions it could prove go to package
// unwinnable, which proves them too.)
// forced says whether p has at most one legal move: if not, only the
// material argument applies.
func (j *Judge) quickUnwinnable(p *chess.Position, winner chess.Color, forced bool) bool {
	if !forced {
		return unwinnable.CannotMateByMaterial(p, winner)
	}
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
	return false
}

// lockedPawns reports whether some pawn of each side is blocked head-on by
// an enemy pawn: the structures in which dead positions with pawns arise.
func lockedPawns(p *chess.Position) bool {
	w := p.Pieces(chess.White, chess.Pawn)
	b := p.Pieces(chess.Black, chess.Pawn)
	return (w<<8)&b != 0
}

// closedPawns reports whether no pawn can advance (a piece stands on the
// square in front of each) and some pawns block each other head-on: the
// only structures behind which queens and rooks can be walled in for good,
// as in D3-Chess's composed dead positions.
func closedPawns(p *chess.Position) bool {
	occ := p.Occupied()
	w := p.Pieces(chess.White, chess.Pawn)
	b := p.Pieces(chess.Black, chess.Pawn)
	return lockedPawns(p) && (w<<8)&^occ == 0 && (b>>8)&^occ == 0
}
