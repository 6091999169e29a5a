package chess

import "sort"

// Perft returns the number of legal move sequences of length depth from p
// (the leaf count of the move tree), the standard correctness test for a
// move generator. Perft(p, 0) is 1.
func Perft(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return perft(p, depth)
}

// perft takes its position by value: a pointer would make the escape
// analysis move every child position to the heap (the function is recursive).
func perft(p Position, depth int) uint64 {
	if depth == 1 {
		return uint64(p.CountLegalMoves())
	}
	var ml MoveList
	p.LegalMoves(&ml)
	var n uint64
	for _, m := range ml.Moves[:ml.N] {
		q := p
		q.Play(m)
		n += perft(q, depth-1)
	}
	return n
}

// DivideEntry is one line of Divide: a legal move and the perft count below it.
type DivideEntry struct {
	Move  Move
	UCI   string
	Nodes uint64
}

// Divide returns, for each legal move in p, the perft count of depth-1 after
// it, sorted by UCI text: the usual tool to locate a move generator bug by
// comparing with another program.
func Divide(p Position, depth int) []DivideEntry {
	var ml MoveList
	p.LegalMoves(&ml)
	out := make([]DivideEntry, 0, ml.N)
	for _, m := range ml.Moves[:ml.N] {
		q := p
		q.Play(m)
		out = append(out, DivideEntry{Move: m, UCI: p.UCI(m), Nodes: Perft(q, depth-1)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].UCI < out[j].UCI })
	return out
}
