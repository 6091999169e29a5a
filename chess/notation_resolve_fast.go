//go:build !arbiter_reference

package chess

// This file is a fast path over resolveSlow (notation_move.go): built with
// the arbiter_reference tag, notation_resolve_reference.go replaces it and
// every move is resolved by generating the legal moves. TestParseQuickAgrees
// and FuzzParseMove compare ParseMove with the reference reader.

// resolveFast handles the common case without generating moves: the
// pieces of the named kind whose pattern reaches the target are tested for
// legality one by one. It reports false when it cannot decide (no single
// king, castling written as a king move, coordinates of a king, a
// promotion sign that does not fit, or no legal move), and the caller
// falls back on resolveSlow, which also explains the failures.
func (p *Position) resolveFast(s *moveSyntax, pm *ParsedMove) bool {
	pt := s.piece
	to := s.to
	if s.coord {
		pc := p.PieceAt(NewSquare(int(s.fromFile), int(s.fromRank)))
		if pc == NoPiece || pc.Color() != p.SideToMove() {
			return false
		}
		pt = pc.Type()
	}
	if pt == King && (s.coord || s.fromFile >= 0) {
		return false // may be castling (e1g1, Ke1g1)
	}
	lastRank := to.Rank() == 7-7*int(p.SideToMove())
	if pt == Pawn && lastRank != (s.promo != NoPieceType) || s.promoBad || pt != Pawn && s.promo != NoPieceType {
		return false
	}
	all, ok := p.legalFroms(pt, to)
	if !ok {
		return false
	}
	froms := all
	if s.fromFile >= 0 {
		froms &= fileMask(int(s.fromFile))
	}
	if s.fromRank >= 0 {
		froms &= rankMask(int(s.fromRank))
	}
	switch {
	case froms == 0:
		return false
	case froms.More():
		s.baseInto(pm)
		pm.Status, pm.Candidates = MoveAmbiguous, froms
		return true
	}
	from := froms.First()
	var m Move
	switch {
	case pt != Pawn:
		m = NewMove(from, to)
	case lastRank:
		m = NewPromotion(from, to, s.promo)
	case to == p.EnPassantSquare() && from.File() != to.File():
		m = NewEnPassant(from, to)
	default:
		m = NewMove(from, to)
	}
	p.finish(m, s, all, pm)
	return true
}
