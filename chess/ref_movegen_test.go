package chess

// The move generator as it was before the generator was rewritten for
// speed (commit 13e128c), kept as the reference of TestGenReference: the
// new generator must produce the same moves in the same order.

func (p *Position) refcheckersAndPinned(ksq Square, us Color, occ Bitboard) (checkers, pinned Bitboard) {
	them := p.byColor[us^1]
	// The enemy king counts too (kings side by side only happen in
	// impossible positions) so that this agrees with Checkers.
	checkers = (pawnAttacks[us][ksq]&p.byType[Pawn] | knightAttacks[ksq]&p.byType[Knight] | kingAttacks[ksq]&p.byType[King]) & them
	snipers := (rookRays[ksq]&(p.byType[Rook]|p.byType[Queen]) |
		bishopRays[ksq]&(p.byType[Bishop]|p.byType[Queen])) & them
	for snipers != 0 {
		s := snipers.PopFirst()
		b := betweenBB[ksq][s] & occ
		if b == 0 {
			checkers |= s.Bitboard()
		} else if !b.More() {
			pinned |= b
		}
	}
	return checkers, pinned & p.byColor[us]
}
func (p *Position) refepCaptureLegal(from, ep Square) bool {
	c := p.side
	k := p.byType[King] & p.byColor[c]
	if k == 0 || k.More() {
		return true
	}
	victim := epVictim(from, ep)
	occ := p.byType[NoPieceType] ^ from.Bitboard() ^ victim.Bitboard() | ep.Bitboard()
	return p.refAttackersTo(k.First(), c^1, occ)&^victim.Bitboard() == 0
}
func (p *Position) refLegalMoves(ml *MoveList) {
	ml.N = 0
	p.refgenLegal(ml, allTypes, ^Bitboard(0))
}

// refLegalMovesTo sets ml to the legal moves of pieces of type pt (NoPieceType:
// any piece) whose destination is in to. Castling counts as a king move and
// matches when to holds the king's destination (g- or c-file) or the
// castling rook's square. It is the fast path for reading SAN.
func (p *Position) refLegalMovesTo(ml *MoveList, pt PieceType, to Bitboard) {
	ml.N = 0
	types := uint8(allTypes)
	if pt != NoPieceType {
		if pt > King {
			return
		}
		types = 1 << pt
	}
	p.refgenLegal(ml, types, to)
}

// refaddPawnMoves adds the pawn moves landing on dests, each coming from to-delta.
func refaddPawnMoves(ml *MoveList, dests Bitboard, delta Square) {
	for promo := dests & (Rank1 | Rank8); promo != 0; {
		to := promo.PopFirst()
		from := to - delta
		ml.Add(NewPromotion(from, to, Queen))
		ml.Add(NewPromotion(from, to, Rook))
		ml.Add(NewPromotion(from, to, Bishop))
		ml.Add(NewPromotion(from, to, Knight))
	}
	for d := dests &^ (Rank1 | Rank8); d != 0; {
		to := d.PopFirst()
		ml.Add(NewMove(to-delta, to))
	}
}

// refaddMoves adds from -> each square of dests.
func refaddMoves(ml *MoveList, from Square, dests Bitboard) {
	for dests != 0 {
		ml.Add(NewMove(from, dests.PopFirst()))
	}
}

// refgenLegal appends the legal moves of the piece types in the bit set types
// (bit t for PieceType t) whose destination is in target.
func (p *Position) refgenLegal(ml *MoveList, types uint8, target Bitboard) {
	us := p.side
	them := us ^ 1
	own := p.byColor[us]
	occ := p.byType[NoPieceType]
	kings := p.byType[King] & own
	if kings == 0 || kings.More() {
		p.refgenPseudo(ml, types, target)
		return
	}
	ksq := kings.First()
	checkers, pinned := p.refcheckersAndPinned(ksq, us, occ)

	if types&(1<<King) != 0 {
		for d := p.refunattacked(kingAttacks[ksq]&^own&target, them, occ^kings); d != 0; {
			ml.Add(NewMove(ksq, d.PopFirst()))
		}
		if checkers == 0 && p.castle&(3<<(2*us)) != 0 {
			p.refgenCastling(ml, ksq, target)
		}
	}
	if checkers.More() {
		return
	}
	checkMask := ^Bitboard(0)
	if checkers != 0 {
		checkMask = betweenBB[ksq][checkers.First()] | checkers
	}
	mask := checkMask & target &^ own

	if types&(1<<Knight) != 0 {
		for b := p.byType[Knight] & own &^ pinned; b != 0; {
			from := b.PopFirst()
			refaddMoves(ml, from, knightAttacks[from]&mask)
		}
	}
	if types&(1<<Bishop|1<<Queen) != 0 {
		var diag Bitboard
		if types&(1<<Bishop) != 0 {
			diag |= p.byType[Bishop]
		}
		if types&(1<<Queen) != 0 {
			diag |= p.byType[Queen]
		}
		for b := diag & own; b != 0; {
			from := b.PopFirst()
			d := refBishopAttacks(from, occ) & mask
			if pinned.Has(from) {
				d &= lineBB[ksq][from]
			}
			refaddMoves(ml, from, d)
		}
	}
	if types&(1<<Rook|1<<Queen) != 0 {
		var orth Bitboard
		if types&(1<<Rook) != 0 {
			orth |= p.byType[Rook]
		}
		if types&(1<<Queen) != 0 {
			orth |= p.byType[Queen]
		}
		for b := orth & own; b != 0; {
			from := b.PopFirst()
			d := refRookAttacks(from, occ) & mask
			if pinned.Has(from) {
				d &= lineBB[ksq][from]
			}
			refaddMoves(ml, from, d)
		}
	}
	if types&(1<<Pawn) != 0 {
		p.refgenPawns(ml, ksq, pinned, checkMask, target)
	}
}

// refgenPawns appends the legal pawn moves landing on target; pinned and
// checkMask come from refgenLegal.
func (p *Position) refgenPawns(ml *MoveList, ksq Square, pinned, checkMask, target Bitboard) {
	mask := checkMask & target
	us := p.side
	own := p.byColor[us]
	enemy := p.byColor[us^1]
	empty := ^p.byType[NoPieceType]
	pawns := p.byType[Pawn] & own
	free := pawns &^ pinned

	var up, left, right Square // deltas: one step, capture towards the a-file, towards the h-file
	rank3 := Rank3
	if us == White {
		up, left, right = 8, 7, 9
	} else {
		up, left, right = -8, -9, -7
		rank3 = Rank6
	}
	push1 := shiftUp(free, us) & empty
	push2 := shiftUp(push1&rank3, us) & empty
	refaddPawnMoves(ml, push1&mask, up)
	for d := push2 & mask; d != 0; {
		to := d.PopFirst()
		ml.Add(NewMove(to-2*up, to))
	}
	capL := shiftUp(free&^FileA, us) >> 1
	capR := shiftUp(free&^FileH, us) << 1
	refaddPawnMoves(ml, capL&enemy&mask, left)
	refaddPawnMoves(ml, capR&enemy&mask, right)

	for b := pawns & pinned; b != 0; {
		from := b.PopFirst()
		one := shiftUp(from.Bitboard(), us) & empty
		two := shiftUp(one&rank3, us) & empty
		d := (one | two | pawnAttacks[us][from]&enemy) & mask & lineBB[ksq][from]
		for d != 0 {
			to := d.PopFirst()
			if to.Rank() == 0 || to.Rank() == 7 {
				refaddPawnMoves(ml, to.Bitboard(), to-from)
			} else {
				ml.Add(NewMove(from, to))
			}
		}
	}

	// En passant removes two pawns from one rank, which pin masks cannot
	// describe: test the resulting occupancy directly. That test also
	// settles every check (by the victim or through the vacated squares).
	if p.ep != NoSquare && target.Has(p.ep) {
		for c := pawnAttacks[us^1][p.ep] & pawns; c != 0; {
			from := c.PopFirst()
			if p.refepCaptureLegal(from, p.ep) {
				ml.Add(NewEnPassant(from, p.ep))
			}
		}
	}
}

// refgenCastling appends the legal castling moves (the king is not in check).
func (p *Position) refgenCastling(ml *MoveList, ksq Square, target Bitboard) {
	for side := 0; side < 2; side++ {
		if m := p.refcastleMove(ksq, side == 0, target); m != NullMove {
			ml.Add(m)
		}
	}
}

// refcastleMove returns the castling move on the king side (kingSide) or the
// queen side if it is legal and lands on target (king destination or rook
// square), NullMove otherwise. The king on ksq must not be in check.
func (p *Position) refcastleMove(ksq Square, kingSide bool, target Bitboard) Move {
	us := p.side
	idx := castleIndex(us, kingSide)
	if p.castle&(1<<idx) == 0 {
		return NullMove
	}
	r := p.castleRook[idx]
	cp := &castlePaths[r&63][ksq&63]
	if target&cp.targets == 0 || p.byType[NoPieceType]&cp.empty != 0 || p.board[r] != MakePiece(us, Rook) {
		return NullMove
	}
	// The king's path is tested without king and rook on the board: with
	// the rook gone, a piece behind it would attack the king once castled.
	occ := p.byType[NoPieceType] &^ (ksq.Bitboard() | r.Bitboard())
	for path := cp.kingPath; path != 0; {
		if p.refAttacked(path.PopFirst(), us^1, occ) {
			return NullMove
		}
	}
	return NewCastle(ksq, r)
}

// refgenPseudo appends every pseudo-legal move (no castling) for a side that
// has no king or several kings; see refLegalMoves.
func (p *Position) refgenPseudo(ml *MoveList, types uint8, target Bitboard) {
	us := p.side
	own := p.byColor[us]
	occ := p.byType[NoPieceType]
	mask := target &^ own
	for t := Knight; t <= King; t++ {
		if types&(1<<t) == 0 {
			continue
		}
		for b := p.byType[t] & own; b != 0; {
			from := b.PopFirst()
			refaddMoves(ml, from, PieceAttacks(us, t, from, occ)&mask)
		}
	}
	if types&(1<<Pawn) != 0 {
		// With no king to protect, nothing is pinned and nothing gives check;
		// ksq is unused because pinned is empty.
		p.refgenPawns(ml, 0, 0, ^Bitboard(0), target)
	}
}

// refCountLegalMovesUpTo returns the number of legal moves of the side to
// move, or limit when there are at least limit: it stops counting there,
// trying king moves first, so that "none, one or several?" costs little
// in a position with many.
func (p *Position) refCountLegalMovesUpTo(limit int) int {
	us := p.side
	them := us ^ 1
	own := p.byColor[us]
	occ := p.byType[NoPieceType]
	kings := p.byType[King] & own
	if kings == 0 || kings.More() {
		return min(p.refCountLegalMoves(), limit)
	}
	ksq := kings.First()
	occNoKing := occ ^ kings
	n := 0
	for d := kingAttacks[ksq] &^ own; d != 0; {
		if !p.refAttacked(d.PopFirst(), them, occNoKing) {
			if n++; n >= limit {
				return limit
			}
		}
	}
	checkers, pinned := p.refcheckersAndPinned(ksq, us, occ)
	if checkers.More() {
		return n
	}
	// Castling can be the only legal move (king and rook boxed in).
	if checkers == 0 && p.castle&(3<<(2*us)) != 0 {
		if p.refcastleMove(ksq, true, ^Bitboard(0)) != NullMove {
			n++
		}
		if p.refcastleMove(ksq, false, ^Bitboard(0)) != NullMove {
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
		d := refBishopAttacks(from, occ) & mask
		if pinned.Has(from) {
			d &= lineBB[ksq][from]
		}
		if n += d.Count(); n >= limit {
			return limit
		}
	}
	for b := (p.byType[Rook] | queens) & own; b != 0; {
		from := b.PopFirst()
		d := refRookAttacks(from, occ) & mask
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
			if p.refepCaptureLegal(c.PopFirst(), p.ep) {
				n++
			}
		}
	}
	return min(n, limit)
}

// (UCI text, a book, a corrupt record): it must be exactly the encoding
// refLegalMoves would produce (castling as king -> rook square, a promotion
// flag on every move to the last rank).
func (p *Position) refIsLegal(m Move) bool {
	if m == NullMove {
		return false
	}
	pc := p.board[m.From()]
	if pc == NoPiece || pc.Color() != p.side {
		return false
	}
	var ml MoveList
	p.refgenLegal(&ml, 1<<pc.Type(), m.To().Bitboard())
	for _, x := range ml.Moves[:ml.N] {
		if x == m {
			return true
		}
	}
	return false
}

// refCountLegalMoves returns the number of legal moves of the side to move
// (the length of the list refLegalMoves would produce), counting destination
// sets without building the list: the fast path of Perft.
func (p *Position) refCountLegalMoves() int {
	us := p.side
	them := us ^ 1
	own := p.byColor[us]
	occ := p.byType[NoPieceType]
	kings := p.byType[King] & own
	if kings == 0 || kings.More() {
		var ml MoveList
		p.refgenPseudo(&ml, allTypes, ^Bitboard(0))
		return ml.N
	}
	ksq := kings.First()
	checkers, pinned := p.refcheckersAndPinned(ksq, us, occ)

	n := 0
	occNoKing := occ ^ kings
	for d := kingAttacks[ksq] &^ own; d != 0; {
		if !p.refAttacked(d.PopFirst(), them, occNoKing) {
			n++
		}
	}
	if checkers == 0 && p.castle&(3<<(2*us)) != 0 {
		if p.refcastleMove(ksq, true, ^Bitboard(0)) != NullMove {
			n++
		}
		if p.refcastleMove(ksq, false, ^Bitboard(0)) != NullMove {
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
		d := refBishopAttacks(from, occ) & mask
		if pinned.Has(from) {
			d &= lineBB[ksq][from]
		}
		n += d.Count()
	}
	for b := (p.byType[Rook] | queens) & own; b != 0; {
		from := b.PopFirst()
		d := refRookAttacks(from, occ) & mask
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
			if p.refepCaptureLegal(c.PopFirst(), p.ep) {
				n++
			}
		}
	}
	return n
}

// refunattacked returns the squares of targets that no piece of colour by
// attacks with the board occupied as occ. With few enemy pieces (the
// endgames that dead-position analysis explores) one pass over them is
// cheaper than testing every square; otherwise each square is tested.
func (p *Position) refunattacked(targets Bitboard, by Color, occ Bitboard) Bitboard {
	if targets == 0 {
		return 0
	}
	them := p.byColor[by]
	sliders := (p.byType[Bishop] | p.byType[Rook] | p.byType[Queen]) & them
	knights := p.byType[Knight] & them
	if (sliders | knights).Count() > targets.Count() {
		var safe Bitboard
		for b := targets; b != 0; {
			s := b.PopFirst()
			if !p.refAttacked(s, by, occ) {
				safe |= s.Bitboard()
			}
		}
		return safe
	}
	pawns := p.byType[Pawn] & them
	var att Bitboard
	if by == White {
		att = (pawns&^FileH)<<9 | (pawns&^FileA)<<7
	} else {
		att = (pawns&^FileA)>>9 | (pawns&^FileH)>>7
	}
	for b := p.byType[King] & them; b != 0; {
		att |= kingAttacks[b.PopFirst()]
	}
	for b := knights; b != 0; {
		att |= knightAttacks[b.PopFirst()]
	}
	diag := (p.byType[Bishop] | p.byType[Queen]) & them
	for b := diag; b != 0; {
		att |= refBishopAttacks(b.PopFirst(), occ)
	}
	for b := (p.byType[Rook] | p.byType[Queen]) & them; b != 0; {
		att |= refRookAttacks(b.PopFirst(), occ)
	}
	return targets &^ att
}

func (p *Position) refAttackersTo(s Square, by Color, occ Bitboard) Bitboard {
	s &= 63
	by &= 1
	them := p.byColor[by]
	return (pawnAttacks[by^1][s]&p.byType[Pawn] |
		knightAttacks[s]&p.byType[Knight] |
		kingAttacks[s]&p.byType[King] |
		refBishopAttacks(s, occ)&(p.byType[Bishop]|p.byType[Queen]) |
		refRookAttacks(s, occ)&(p.byType[Rook]|p.byType[Queen])) & them
}

func (p *Position) refAttacked(s Square, by Color, occ Bitboard) bool {
	them := p.byColor[by]
	if (pawnAttacks[by^1][s]&p.byType[Pawn]|knightAttacks[s]&p.byType[Knight]|kingAttacks[s]&p.byType[King])&them != 0 {
		return true
	}
	if refBishopAttacks(s, occ)&(p.byType[Bishop]|p.byType[Queen])&them != 0 {
		return true
	}
	return refRookAttacks(s, occ)&(p.byType[Rook]|p.byType[Queen])&them != 0
}

// refBishopAttacks and refRookAttacks walk the rays, independent of the
// lookup tables the generator uses.
func refBishopAttacks(s Square, occ Bitboard) Bitboard {
	return slowSliderAttacks(s, occ, &bishopDirs)
}

func refRookAttacks(s Square, occ Bitboard) Bitboard {
	return slowSliderAttacks(s, occ, &rookDirs)
}
