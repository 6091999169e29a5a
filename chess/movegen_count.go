//go:build !arbiter_reference

package chess

// This file holds the counting twins of the move generator: they count the
// legal moves from destination sets without building the list. Built with
// the arbiter_reference tag, movegen_count_reference.go replaces them with
// counts of LegalMoves' list. TestGenReference and the perft tests check
// that both count alike.

// countLegalMovesUpTo is CountLegalMovesUpTo: the king's safe squares,
// castling, then each kind of piece, counted from destination sets.
func (p *Position) countLegalMovesUpTo(limit int) int {
	us := p.side
	them := us ^ 1
	own := p.byColor[us]
	occ := p.byType[NoPieceType]
	kings := p.byType[King] & own
	if kings == 0 || kings.More() {
		return min(p.countLegalMoves(), limit)
	}
	ksq := kings.First() & 63
	n := 0
	if d := kingAttacks[ksq] &^ own; d != 0 {
		if n = p.safeSquares(d, them, occ^kings).Count(); n >= limit {
			return limit
		}
	}
	checkers, pinned := p.checkersAndPinned(ksq, us, occ)
	if checkers.More() {
		return n
	}
	// Castling can be the only legal move (king and rook boxed in).
	if checkers == 0 && p.castle&(3<<(2*us)) != 0 {
		if p.castleMove(ksq, true, ^Bitboard(0)) != NullMove {
			n++
		}
		if p.castleMove(ksq, false, ^Bitboard(0)) != NullMove {
			n++
		}
		if n >= limit {
			return limit
		}
	}
	checkMask := ^Bitboard(0)
	if checkers != 0 {
		checkMask = betweenBB[ksq][checkers.First()] | checkers
	}
	mask := checkMask &^ own
	for b := p.byType[Knight] & own &^ pinned; b != 0; {
		if n += (knightAttacks[b.PopFirst()] & mask).Count(); n >= limit {
			return limit
		}
	}
	empty := ^occ
	pawns := p.byType[Pawn] & own
	free := pawns &^ pinned
	enemy := p.byColor[them]
	rank3 := Rank3
	if us == Black {
		rank3 = Rank6
	}
	const promo = Rank1 | Rank8
	push1 := shiftUp(free, us) & empty
	push2 := shiftUp(push1&rank3, us) & empty & mask
	capL := shiftUp(free&^FileA, us) >> 1 & enemy & mask
	capR := shiftUp(free&^FileH, us) << 1 & enemy & mask
	push1 &= mask
	if n += push2.Count() + (push1 &^ promo).Count() + (capL &^ promo).Count() + (capR &^ promo).Count() +
		4*((push1&promo).Count()+(capL&promo).Count()+(capR&promo).Count()); n >= limit {
		return limit
	}
	queens := p.byType[Queen]
	for b := (p.byType[Bishop] | queens) & own; b != 0; {
		from := b.PopFirst()
		d := BishopAttacks(from, occ) & mask
		if pinned.Has(from) {
			d &= lineBB[ksq][from]
		}
		if n += d.Count(); n >= limit {
			return limit
		}
	}
	for b := (p.byType[Rook] | queens) & own; b != 0; {
		from := b.PopFirst()
		d := RookAttacks(from, occ) & mask
		if pinned.Has(from) {
			d &= lineBB[ksq][from]
		}
		if n += d.Count(); n >= limit {
			return limit
		}
	}
	for b := pawns & pinned; b != 0; {
		from := b.PopFirst()
		one := shiftUp(from.Bitboard(), us) & empty
		two := shiftUp(one&rank3, us) & empty
		d := (one | two | pawnAttacks[us][from]&enemy) & mask & lineBB[ksq][from]
		if n += (d &^ promo).Count() + 4*(d&promo).Count(); n >= limit {
			return limit
		}
	}
	if p.epLegal {
		for c := pawnAttacks[them][p.ep] & pawns; c != 0; {
			if p.epCaptureLegal(c.PopFirst(), p.ep) {
				n++
			}
		}
	}
	return min(n, limit)
}

// countLegalMoves is CountLegalMoves: the fast path of Perft.
func (p *Position) countLegalMoves() int {
	us := p.side
	them := us ^ 1
	own := p.byColor[us]
	occ := p.byType[NoPieceType]
	kings := p.byType[King] & own
	if kings == 0 || kings.More() {
		var ml MoveList
		p.genPseudo(&ml, allTypes, ^Bitboard(0))
		return ml.N
	}
	ksq := kings.First()
	checkers, pinned := p.checkersAndPinned(ksq, us, occ)

	n := 0
	if d := kingAttacks[ksq&63] &^ own; d != 0 {
		n = p.safeSquares(d, them, occ^kings).Count()
	}
	if checkers == 0 && p.castle&(3<<(2*us)) != 0 {
		if p.castleMove(ksq, true, ^Bitboard(0)) != NullMove {
			n++
		}
		if p.castleMove(ksq, false, ^Bitboard(0)) != NullMove {
			n++
		}
	}
	if checkers.More() {
		return n
	}
	checkMask := ^Bitboard(0)
	if checkers != 0 {
		checkMask = betweenBB[ksq][checkers.First()] | checkers
	}
	mask := checkMask &^ own

	for b := p.byType[Knight] & own &^ pinned; b != 0; {
		n += (knightAttacks[b.PopFirst()] & mask).Count()
	}
	queens := p.byType[Queen]
	for b := (p.byType[Bishop] | queens) & own; b != 0; {
		from := b.PopFirst()
		d := BishopAttacks(from, occ) & mask
		if pinned.Has(from) {
			d &= lineBB[ksq][from]
		}
		n += d.Count()
	}
	for b := (p.byType[Rook] | queens) & own; b != 0; {
		from := b.PopFirst()
		d := RookAttacks(from, occ) & mask
		if pinned.Has(from) {
			d &= lineBB[ksq][from]
		}
		n += d.Count()
	}

	// Pawns.
	enemy := p.byColor[them]
	empty := ^occ
	pawns := p.byType[Pawn] & own
	free := pawns &^ pinned
	rank3 := Rank3
	if us == Black {
		rank3 = Rank6
	}
	const promo = Rank1 | Rank8
	push1 := shiftUp(free, us) & empty
	push2 := shiftUp(push1&rank3, us) & empty
	capL := shiftUp(free&^FileA, us) >> 1 & enemy
	capR := shiftUp(free&^FileH, us) << 1 & enemy
	push1 &= mask
	capL &= mask
	capR &= mask
	n += (push2 & mask).Count() +
		(push1 &^ promo).Count() + (capL &^ promo).Count() + (capR &^ promo).Count() +
		4*((push1&promo).Count()+(capL&promo).Count()+(capR&promo).Count())
	for b := pawns & pinned; b != 0; {
		from := b.PopFirst()
		one := shiftUp(from.Bitboard(), us) & empty
		two := shiftUp(one&rank3, us) & empty
		d := (one | two | pawnAttacks[us][from]&enemy) & mask & lineBB[ksq][from]
		n += (d &^ promo).Count() + 4*(d&promo).Count()
	}
	if p.epLegal {
		for c := pawnAttacks[them][p.ep] & pawns; c != 0; {
			if p.epCaptureLegal(c.PopFirst(), p.ep) {
				n++
			}
		}
	}
	return n
}
