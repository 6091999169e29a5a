package chess

// ParseMove reads one move token written in language lang (the piece
// letters of Appendix C.3) and finds the legal move it names.
//
// It reads short algebraic (Nf3, Sf3, exd5, ed5, e:d5, N1f3, Ngf3), long
// algebraic (Ng1f3, Ng1-f3, Lb2xe5, e2e4, e2-e4), coordinates (UCI g1f3,
// e7e8q, standard-chess castling e1g1 and Chess960 king-takes-rook e1h1),
// castling (0-0, O-O, o-o, 0-0-0, O-O-O, with '-', en or em dashes, O also
// as the Cyrillic or Greek letter),
// captures with 'x', ':', '×' or no sign, en passant suffixes (e.p., ep),
// promotions (d8D, d8=Q, exf8S, e8(Q), e8/Q, e7e8q), check and mate signs
// (+, #, ++) and trailing annotation glyphs (!, ?, !!, ??, !?, ?!), which
// are ignored. Lower-case piece letters are read where they cannot be a
// file (nf3); where they can ("bc4" in English), the pawn reading is tried
// first and the piece reading when the pawn reading names no legal move.
//
// The result's Status says whether the token names one legal move
// (MoveOK), a move that is not legal now (MoveIllegal, with a Reason and
// the Candidates that could have made it), several legal moves
// (MoveAmbiguous, with their from-squares) or nothing (MoveUnreadable).
// Notes record minor departures from standard notation.
//
// On success ParseMove does not allocate. tok is not retained.
func (p *Position) ParseMove(tok []byte, lang Language) ParsedMove {
	return p.parseQuick(tok, lang)
}

// parseGeneral is ParseMove for every token: it reads tok with parseFast
// or parse and resolves what it read. parseQuick, which ParseMove is,
// answers the common tokens itself and leaves the others to parseGeneral.
func (p *Position) parseGeneral(tok []byte, lang Language) ParsedMove {
	return p.parseWith(tok, lang, true)
}

// parseReference is ParseMove on the reference paths only: parse reads
// every token and resolveSlow resolves every move. It is what ParseMove
// is when built with the arbiter_reference tag; the differential tests
// (TestParseQuickAgrees, FuzzParseMove) compare ParseMove with it.
func (p *Position) parseReference(tok []byte, lang Language) ParsedMove {
	return p.parseWith(tok, lang, false)
}

// parseWith is parseGeneral, or parseReference when fast is false.
func (p *Position) parseWith(tok []byte, lang Language, fast bool) (pm ParsedMove) {
	var s moveSyntax
	if !(fast && s.parseFast(tok, lang)) && !s.parse(tok, lang, false) {
		return ParsedMove{Status: MoveUnreadable, Reason: s.reason, From: NoSquare, To: NoSquare}
	}
	p.resolve(&s, &pm, fast)
	if pm.Status != MoveOK && s.alt != NoPieceType {
		var s2 moveSyntax
		if s2.parse(tok, lang, true) {
			var pm2 ParsedMove
			if p.resolve(&s2, &pm2, fast); pm2.Status == MoveOK {
				return pm2
			}
		}
	}
	return pm
}

// resolve finds the legal move fitting s and writes it into *pm, with
// resolveFast first when fast is set. (The result is written in place,
// down to finish, rather than returned: a ParsedMove built with narrow
// stores and copied back up with wide loads through each call stalls the
// processor on every move.)
func (p *Position) resolve(s *moveSyntax, pm *ParsedMove, fast bool) {
	switch {
	case s.castle != 0:
		*pm = p.resolveCastle(s)
	case fast && p.resolveFast(s, pm):
	default:
		*pm = p.resolveSlow(s)
	}
}

// legalFroms returns the squares of the side to move's pieces of type pt
// that have a legal move to `to` (castling not included). It reports false
// when the side to move does not have exactly one king, where legality
// follows other rules (see LegalMoves).
func (p *Position) legalFroms(pt PieceType, to Square) (Bitboard, bool) {
	us := p.SideToMove()
	them := us.Other()
	kings := p.Pieces(us, King)
	if kings == 0 || kings.More() {
		return 0, false
	}
	if p.ByColor(us).Has(to) {
		return 0, true
	}
	occ := p.Occupied()
	mine := p.Pieces(us, pt)
	var cands Bitboard
	switch pt {
	case Pawn:
		cands = p.pawnFroms(to)
	case Knight:
		cands = KnightAttacks(to) & mine
	case Bishop:
		cands = BishopAttacks(to, occ) & mine
	case Rook:
		cands = RookAttacks(to, occ) & mine
	case Queen:
		cands = (BishopAttacks(to, occ) | RookAttacks(to, occ)) & mine
	case King:
		cands = KingAttacks(to) & mine
	}
	if cands == 0 {
		return 0, true
	}
	toBB := to.Bitboard()
	if pt == King {
		// the king must not stand on an attacked square, its own square
		// removed so that it cannot shield itself
		if p.AttackersTo(to, them, occ&^kings)&^toBB != 0 {
			return 0, true
		}
		return cands, true
	}
	ksq := kings.First()
	if pt != Pawn || to != p.EnPassantSquare() {
		// Out of check, a move is illegal only when it takes a pinned
		// piece off its line (checkersAndPinned needs no magics). In
		// check, and for en passant (two pawns leave a line), each
		// candidate is tested in full below.
		if checkers, pinned := p.checkersAndPinned(ksq, us, occ); checkers == 0 {
			froms := cands &^ pinned
			for b := cands & pinned; b != 0; {
				from := b.PopFirst()
				if lineBB[ksq][from].Has(to) {
					froms |= from.Bitboard()
				}
			}
			return froms, true
		}
	}
	var froms Bitboard
	for b := cands; b != 0; {
		from := b.PopFirst()
		occ2 := occ&^from.Bitboard() | toBB
		gone := toBB
		if pt == Pawn && to == p.EnPassantSquare() && from.File() != to.File() {
			victim := NewSquare(to.File(), from.Rank()).Bitboard()
			occ2 &^= victim
			gone |= victim
		}
		if p.AttackersTo(ksq, them, occ2)&^gone == 0 {
			froms |= from.Bitboard()
		}
	}
	return froms, true
}

// pawnFroms returns the side to move's pawns that can move to `to` by the
// pawn's pattern (a push to an empty square, a double step from the
// second rank over an empty square, a capture of an opponent's piece or en
// passant), pins and checks ignored.
func (p *Position) pawnFroms(to Square) Bitboard {
	us := p.SideToMove()
	them := us.Other()
	pawns := p.Pieces(us, Pawn)
	pc := p.PieceAt(to)
	if pc != NoPiece {
		if pc.Color() == them {
			return PawnAttacks(them, to) & pawns
		}
		return 0
	}
	var src Bitboard
	if to == p.EnPassantSquare() {
		src = PawnAttacks(them, to) & pawns
	}
	dir := 8
	if us == Black {
		dir = -8
	}
	if one := int(to) - dir; one >= 0 && one < 64 {
		if pawns.Has(Square(one)) {
			src |= Square(one).Bitboard()
		} else if to.Rank() == 3+int(us) && !p.Occupied().Has(Square(one)) && pawns.Has(Square(one-dir)) {
			src |= Square(one - dir).Bitboard()
		}
	}
	return src
}

// resolveSlow finds the legal move fitting s among the generated legal
// moves, and explains why when there is none.
func (p *Position) resolveSlow(s *moveSyntax) ParsedMove {
	var ml MoveList
	p.LegalMovesTo(&ml, s.piece, s.to.Bitboard())
	var (
		found      Move
		nfound     int
		froms      Bitboard
		castle     Move
		promoFroms Bitboard // fitting moves that differ only in the promotion written
	)
	for _, m := range ml.Moves[:ml.N] {
		from := m.From()
		if s.fromFile >= 0 && from.File() != int(s.fromFile) || s.fromRank >= 0 && from.Rank() != int(s.fromRank) {
			continue
		}
		if m.IsCastle() {
			castle = m
			continue
		}
		if m.IsPromotion() {
			if s.promo != m.Promotion() {
				promoFroms |= from.Bitboard()
				continue
			}
		} else if s.promo != NoPieceType {
			promoFroms |= from.Bitboard()
			continue
		}
		found = m
		nfound++
		froms |= from.Bitboard()
	}
	switch {
	case nfound == 1:
		var pm ParsedMove
		p.finish(found, s, sameKindFroms(p, &ml, found), &pm)
		return pm
	case nfound > 1:
		pm := s.base()
		pm.Status, pm.Candidates = MoveAmbiguous, froms
		return pm
	case castle != NullMove:
		var pm ParsedMove
		p.finish(castle, s, 0, &pm)
		return pm
	case promoFroms != 0:
		pm := s.base()
		pm.Status, pm.Reason, pm.Candidates = MoveIllegal, WrongPromotion, promoFroms
		return pm
	}
	return p.diagnose(s)
}

// resolveCastle finds the castling move of s.
func (p *Position) resolveCastle(s *moveSyntax) ParsedMove {
	us := p.SideToMove()
	kingSide := s.castle == castleKingSide
	s.to = NewSquare(2, 7*int(us))
	if kingSide {
		s.to = NewSquare(6, 7*int(us))
	}
	rook := p.CastlingRook(us, kingSide)
	if rook == NoSquare {
		pm := s.base()
		pm.Status, pm.Reason = MoveIllegal, CastlingNoRight
		return pm
	}
	// What LegalMovesTo(King, rook) would find, without generating the
	// king's other moves: castling needs a single king, out of check.
	if kings := p.Pieces(us, King); kings != 0 && !kings.More() {
		ksq := kings.First()
		if checkers, _ := p.checkersAndPinned(ksq, us, p.Occupied()); checkers == 0 {
			if m := p.castleMove(ksq, kingSide, rook.Bitboard()); m != NullMove {
				var pm ParsedMove
				p.finish(m, s, 0, &pm)
				return pm
			}
		}
	}
	return p.diagnoseCastle(s, kingSide, rook)
}

// finish builds the ParsedMove of the legal move m read from s, with its
// notes. froms holds the from-squares of the legal moves of the same kind
// of piece to m's target square (for the disambiguation notes).
func (p *Position) finish(m Move, s *moveSyntax, froms Bitboard, pm *ParsedMove) {
	s.baseInto(pm)
	pm.Move = m
	if m.IsCastle() {
		if s.castle == 0 {
			pm.Notes |= CastleAsKingMove
			if s.coord {
				pm.Notes |= Coordinate
			}
		}
		if s.ep {
			pm.Notes |= EPMarkWrong
		}
	} else {
		from, to := m.From(), m.To()
		moved := p.PieceAt(from).Type()
		capture := m.IsEnPassant() || p.PieceAt(to) != NoPiece
		switch {
		case capture && (s.mark == 0 || s.mark == '-'):
			pm.Notes |= CaptureMarkMissing
		case !capture && (s.mark == 'x' || s.mark == ':'):
			pm.Notes |= CaptureMarkWrong
		}
		if s.mark == ':' {
			pm.Notes |= ColonCapture
		}
		if s.ep {
			if m.IsEnPassant() {
				pm.Notes |= EPMarked
			} else {
				pm.Notes |= EPMarkWrong
			}
		}
		hasFile, hasRank := s.fromFile >= 0, s.fromRank >= 0
		switch {
		case s.coord:
			if moved == Pawn {
				pm.Notes |= LongForm
			} else {
				pm.Notes |= Coordinate
			}
		case moved == Pawn:
			if capture {
				if !hasFile {
					pm.Notes |= PawnFileMissing
				} else if hasRank {
					pm.Notes |= LongForm
				}
			} else if hasFile && hasRank {
				pm.Notes |= LongForm
			} else if hasFile || hasRank {
				pm.Notes |= OverSpecified
			}
		case hasFile || hasRank:
			need := disambiguation(froms, m.From())
			switch {
			case hasFile && hasRank:
				if need != needBoth {
					pm.Notes |= LongForm
				}
			case need == needNone:
				pm.Notes |= OverSpecified
			case hasRank && need == needFile:
				pm.Notes |= RankDisambiguation
			}
		}
	}
	if p.givesCheck(m) {
		pm.Check = true
		switch s.check {
		case NoCheckMark:
			pm.Notes |= CheckMarkMissing
		case CheckPlus:
			if p.matesAfter(m) {
				pm.Notes |= MateMarkMissing
			}
		default:
			if !p.matesAfter(m) {
				pm.Notes |= CheckMarkWrong
			}
		}
	} else if s.check != NoCheckMark {
		pm.Notes |= CheckMarkWrong
	}
}

// Disambiguation a move of a piece needs in short algebraic (C.10).
const (
	needNone = iota
	needFile
	needRank
	needBoth
)

// disambiguation returns what must be written to tell a move from `from`
// from the other legal moves of the same kind of piece to the same square,
// whose from-squares are in froms (C.10: file, else rank, else both).
func disambiguation(froms Bitboard, from Square) int {
	others := froms &^ from.Bitboard()
	switch {
	case others == 0:
		return needNone
	case others&fileMask(from.File()) == 0:
		return needFile
	case others&rankMask(from.Rank()) == 0:
		return needRank
	}
	return needBoth
}

// sameKindFroms returns the from-squares of the moves in ml (castling
// excepted) made by the same kind of piece as m, to the same square.
func sameKindFroms(p *Position, ml *MoveList, m Move) Bitboard {
	pt := p.PieceAt(m.From()).Type()
	var froms Bitboard
	for _, x := range ml.Moves[:ml.N] {
		if x.To() == m.To() && !x.IsCastle() && p.PieceAt(x.From()).Type() == pt {
			froms |= x.From().Bitboard()
		}
	}
	return froms
}

func fileMask(f int) Bitboard { return Bitboard(0x0101010101010101) << uint(f&7) }
func rankMask(r int) Bitboard { return Bitboard(0xFF) << (8 * uint(r&7)) }

// matesAfter reports whether m (legal, giving check) mates.
func (p *Position) matesAfter(m Move) bool {
	q := *p
	q.Play(m)
	return !q.HasLegalMove()
}

// diagnose explains why no legal move fits s (not castling).
func (p *Position) diagnose(s *moveSyntax) ParsedMove {
	pm := s.base()
	pm.Status = MoveIllegal
	us := p.SideToMove()
	them := us.Other()
	to := s.to
	pt := s.piece
	if s.promoBad {
		pm.Reason = WrongPromotion
		return pm
	}
	if s.fromFile >= 0 && s.fromRank >= 0 {
		from := NewSquare(int(s.fromFile), int(s.fromRank))
		pc := p.PieceAt(from)
		if pc == NoPiece {
			pm.Reason = NoPieceOnFrom
			return pm
		}
		if pc.Color() != us || pt != NoPieceType && pc.Type() != pt {
			pm.Reason = WrongPieceOnFrom
			return pm
		}
		pt = pc.Type()
		if pt == King && from.Rank() == to.Rank() && p.castleLike(from, to) {
			return p.diagnoseCastle(s, to.File() > from.File(), p.CastlingRook(us, to.File() > from.File()))
		}
	}
	if pt == King && s.fromFile < 0 && s.fromRank < 0 {
		if k := p.KingSquare(us); k != NoSquare && k.Rank() == to.Rank() && p.castleLike(k, to) {
			return p.diagnoseCastle(s, to.File() > k.File(), p.CastlingRook(us, to.File() > k.File()))
		}
	}
	if s.promo != NoPieceType && pt == Pawn && to.Rank() != 7-7*int(us) {
		pm.Reason = WrongPromotion
		return pm
	}
	mine := p.Pieces(us, pt)
	if s.fromFile >= 0 {
		mine &= fileMask(int(s.fromFile))
	}
	if s.fromRank >= 0 {
		mine &= rankMask(int(s.fromRank))
	}
	occ := p.Occupied()
	var cands Bitboard
	switch pt {
	case Pawn:
		cands = p.pawnSources(to) & mine
	case Knight:
		cands = KnightAttacks(to) & mine
	case Bishop:
		cands = BishopAttacks(to, occ) & mine
	case Rook:
		cands = RookAttacks(to, occ) & mine
	case Queen:
		cands = (BishopAttacks(to, occ) | RookAttacks(to, occ)) & mine
	case King:
		cands = KingAttacks(to) & mine
	}
	pm.Candidates = cands
	if cands == 0 {
		pm.Reason = NoPieceCanReach
		return pm
	}
	if p.ByColor(us).Has(to) {
		pm.Reason = DestinationOccupied
		return pm
	}
	if s.promo == NoPieceType && pt == Pawn && to.Rank() == 7-7*int(us) {
		pm.Reason = WrongPromotion
		return pm
	}
	ksq := p.KingSquare(us)
	if ksq == NoSquare || pt == King {
		pm.Reason = LeavesKingInCheck
		return pm
	}
	checkers := p.Checkers()
	pinned := true
	for b := cands; b != 0; {
		from := b.PopFirst()
		occ2 := occ&^from.Bitboard() | to.Bitboard()
		if pt == Pawn && to == p.EnPassantSquare() && from.File() != to.File() {
			occ2 &^= NewSquare(to.File(), from.Rank()).Bitboard()
		}
		if p.AttackersTo(ksq, them, occ2)&^to.Bitboard()&^checkers == 0 {
			pinned = false
		}
	}
	if pinned {
		pm.Reason = Pinned
	} else {
		pm.Reason = LeavesKingInCheck
	}
	return pm
}

// castleLike reports whether a king move from -> to on one rank looks like
// castling: two or more files, or onto a rook of its own colour.
func (p *Position) castleLike(from, to Square) bool {
	d := to.File() - from.File()
	if d >= 2 || d <= -2 {
		return true
	}
	pc := p.PieceAt(to)
	return pc != NoPiece && pc == MakePiece(p.SideToMove(), Rook)
}

// pawnSources returns the squares of the side to move's pawns that could
// move to `to` by their pattern, ignoring pins and checks (a push onto an
// occupied square counts only for the DestinationOccupied diagnosis when
// that piece is the mover's own).
func (p *Position) pawnSources(to Square) Bitboard {
	us := p.SideToMove()
	them := us.Other()
	pawns := p.Pieces(us, Pawn)
	occ := p.Occupied()
	var src Bitboard
	dir := 8
	if us == Black {
		dir = -8
	}
	pc := p.PieceAt(to)
	if pc == NoPiece || pc.Color() == us {
		if one := int(to) - dir; one >= 0 && one < 64 {
			if pawns.Has(Square(one)) {
				src |= Square(one).Bitboard()
			} else if !occ.Has(Square(one)) && to.Rank() == 3+int(us) {
				if two := one - dir; pawns.Has(Square(two)) {
					src |= Square(two).Bitboard()
				}
			}
		}
	}
	if pc != NoPiece || to == p.EnPassantSquare() {
		src |= PawnAttacks(them, to) & pawns
	}
	return src
}

// diagnoseCastle explains why castling on the given side is not legal.
// rook is the castling rook's square (NoSquare: no right).
func (p *Position) diagnoseCastle(s *moveSyntax, kingSide bool, rook Square) ParsedMove {
	pm := s.base()
	pm.Status = MoveIllegal
	us := p.SideToMove()
	ksq := p.KingSquare(us)
	if rook == NoSquare || ksq == NoSquare {
		pm.Reason = CastlingNoRight
		return pm
	}
	pm.Candidates = ksq.Bitboard()
	if p.InCheck() {
		pm.Reason = CastlingInCheck
		return pm
	}
	kingTo := CastleKingTarget(NewCastle(ksq, rook))
	rookTo := NewSquare(5, kingTo.Rank())
	if !kingSide {
		rookTo = NewSquare(3, kingTo.Rank())
	}
	kr := ksq.Bitboard() | rook.Bitboard()
	occ := p.Occupied() &^ kr
	path := Between(ksq, kingTo) | kingTo.Bitboard() | Between(rook, rookTo) | rookTo.Bitboard()
	if path&occ != 0 {
		pm.Reason = CastlingBlocked
		return pm
	}
	for b := Between(ksq, kingTo) | kingTo.Bitboard(); b != 0; {
		if p.AttackersTo(b.PopFirst(), us.Other(), occ) != 0 {
			pm.Reason = CastlingThroughCheck
			return pm
		}
	}
	pm.Reason = LeavesKingInCheck
	return pm
}

// base returns a ParsedMove carrying what the token says, with no move.
func (s *moveSyntax) base() ParsedMove {
	var pm ParsedMove
	s.baseInto(&pm)
	return pm
}

// baseInto sets *pm to what base returns, field by field.
func (s *moveSyntax) baseInto(pm *ParsedMove) {
	*pm = ParsedMove{}
	pm.CheckMark, pm.Notes, pm.Piece, pm.Promotion, pm.From, pm.To = s.check, s.notes, s.piece, s.promo, NoSquare, s.to
	if s.castle != 0 {
		pm.Piece = King
	}
	if s.fromFile >= 0 && s.fromRank >= 0 {
		pm.From = NewSquare(int(s.fromFile), int(s.fromRank))
	}
}
