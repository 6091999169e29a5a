//go:build arbiter_reference

package chess

// The counting twins of movegen_count.go switched off: the moves are
// generated and counted.

func (p *Position) countLegalMoves() int {
	var ml MoveList
	p.LegalMoves(&ml)
	return ml.N
}

func (p *Position) countLegalMovesUpTo(limit int) int {
	return min(p.countLegalMoves(), limit)
}
