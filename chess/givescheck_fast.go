//go:build !arbiter_reference

package chess

// This file is a fast path over GivesCheck (movegen.go), which plays the
// move and asks InCheck: built with the arbiter_reference tag,
// givescheck_reference.go replaces it. TestGivesCheckAgrees compares both.

// givesCheck reports whether the legal move m gives check.
func (p *Position) givesCheck(m Move) bool {
	us := p.SideToMove()
	them := us.Other()
	kb := p.Pieces(them, King)
	if kb == 0 {
		return false
	}
	ksq := kb.First()
	from, to := m.From(), m.To()
	fromBB, toBB := from.Bitboard(), to.Bitboard()
	occ := p.Occupied()
	pawns := p.Pieces(us, Pawn)
	knights := p.Pieces(us, Knight)
	diag := p.Pieces(us, Bishop) | p.Pieces(us, Queen)
	orth := p.Pieces(us, Rook) | p.Pieces(us, Queen)
	switch m.Kind() {
	case FlagCastle:
		kingTo := CastleKingTarget(m)
		rookTo := NewSquare(5, kingTo.Rank())
		if kingTo.File() == 2 {
			rookTo = NewSquare(3, kingTo.Rank())
		}
		occ = occ&^fromBB&^toBB | kingTo.Bitboard() | rookTo.Bitboard()
		orth = orth&^toBB | rookTo.Bitboard()
	default:
		pt := p.PieceAt(from).Type()
		if m.IsPromotion() {
			pt = m.Promotion()
		}
		occ = occ&^fromBB | toBB
		pawns &^= fromBB
		knights &^= fromBB
		diag &^= fromBB
		orth &^= fromBB
		switch pt {
		case Pawn:
			pawns |= toBB
		case Knight:
			knights |= toBB
		case Bishop:
			diag |= toBB
		case Rook:
			orth |= toBB
		case Queen:
			diag |= toBB
			orth |= toBB
		}
		if m.IsEnPassant() {
			occ &^= NewSquare(to.File(), from.Rank()).Bitboard()
		}
	}
	return PawnAttacks(them, ksq)&pawns != 0 ||
		KnightAttacks(ksq)&knights != 0 ||
		diagonalRays[ksq]&diag != 0 && BishopAttacks(ksq, occ)&diag != 0 ||
		(fileMask(ksq.File())|rankMask(ksq.Rank()))&orth != 0 && RookAttacks(ksq, occ)&orth != 0
}

// diagonalRays holds, for each square, the squares on its two diagonals.
var diagonalRays = func() (rays [64]Bitboard) {
	for s := 0; s < 64; s++ {
		for t := 0; t < 64; t++ {
			df, dr := t&7-s&7, t>>3-s>>3
			if t != s && (df == dr || df == -dr) {
				rays[s] |= Bitboard(1) << uint(t)
			}
		}
	}
	return rays
}()
