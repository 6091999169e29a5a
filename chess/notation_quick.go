//go:build !arbiter_reference

package chess

// This file holds ParseMove's quick path: the token shapes of nearly every
// ply of real games read, resolved and checked without the general path
// (parseGeneral, notation_move.go). Built with the arbiter_reference tag,
// notation_quick_reference.go replaces it and every token takes the
// general path. TestParseQuickAgrees and FuzzParseMove check that both
// give the same answer on every token.

// quickSpec records what a token read by parseQuick writes besides the
// piece and the target square.
type quickSpec uint8

const (
	specCapture quickSpec = 1 << iota // 'x'
	specFile                          // a from-file
	specRank                          // a from-rank
)

// parseQuick is ParseMove. It reads and resolves itself the tokens that
// make up nearly every ply of real games: a pawn push (e4), a pawn capture
// (exd5), a piece move (Nf3, Nxf3), a piece move with a file or rank
// (Nbd7, N1f3) and castling (O-O, O-O-O), each with at most one '+' or
// '#', naming exactly one legal move that is neither en passant nor a
// promotion, with a single king of the side to move; without the general
// path's chain of calls (moveSyntax, legalFroms, checkersAndPinned,
// finish, givesCheck). For anything else it returns what parseGeneral
// returns. TestParseQuickAgrees and FuzzParseMove check that both give the
// same answer on every token.
func (p *Position) parseQuick(tok []byte, lang Language) ParsedMove {
	// The token: [piece letter][file, rank or 'x' | file 'x'] square [+ or #].
	n := len(tok)
	if n < 2 {
		return p.parseGeneral(tok, lang)
	}
	mark := NoCheckMark
	switch tok[n-1] {
	case '+':
		mark, n = CheckPlus, n-1
	case '#':
		mark, n = CheckMate, n-1
	}
	switch string(tok[:n]) {
	case "O-O":
		return p.parseCastleQuick(tok, lang, true, mark)
	case "O-O-O":
		return p.parseCastleQuick(tok, lang, false, mark)
	}
	if n < 2 || n > 4 {
		return p.parseGeneral(tok, lang)
	}
	tf, tr := tok[n-2]-'a', tok[n-1]-'1'
	if tf > 7 || tr > 7 {
		return p.parseGeneral(tok, lang)
	}
	to := Square(tr<<3 | tf)
	letters := &letterTable[English]
	if lang < numLanguages {
		letters = &letterTable[lang]
	}
	pt := Pawn
	var spec quickSpec
	within := ^Bitboard(0) // the from-squares the written file or rank allows
	if n > 2 {
		switch c := tok[0]; {
		case c-'A' < 26:
			pt = PieceType(letters[c])
			if pt == NoPieceType || pt == Pawn {
				return p.parseGeneral(tok, lang)
			}
			if n == 4 {
				switch d := tok[1]; {
				case d == 'x':
					spec = specCapture
				case d-'a' < 8:
					if pt == King {
						return p.parseGeneral(tok, lang) // may be castling (Kef1 in Chess960)
					}
					spec, within = specFile, fileMask(int(d-'a'))
				case d-'1' < 8:
					spec, within = specRank, rankMask(int(d-'1'))
				default:
					return p.parseGeneral(tok, lang)
				}
			}
		case c-'a' < 8 && n == 4 && tok[1] == 'x':
			spec, within = specCapture|specFile, fileMask(int(c-'a'))
		default:
			return p.parseGeneral(tok, lang)
		}
	}

	// The candidates: the side to move's pieces of type pt that reach `to`
	// by their pattern.
	us := p.side & 1
	them := us ^ 1
	ours, theirs := p.byColor[us], p.byColor[them]
	kings := p.byType[King] & ours
	if kings == 0 || kings.More() || ours.Has(to) {
		return p.parseGeneral(tok, lang)
	}
	occ := p.byType[NoPieceType]
	toBB := to.Bitboard()
	mine := p.byType[pt] & ours
	capture := theirs.Has(to)
	var cands Bitboard
	switch pt {
	case Pawn:
		if to == p.ep || toBB&(Rank1|Rank8) != 0 {
			return p.parseGeneral(tok, lang) // en passant, a promotion or no pawn move
		}
		if capture {
			cands = pawnAttacks[them][to] & mine
			break
		}
		one, two := int(to)-8, int(to)-16
		if us == Black {
			one, two = int(to)+8, int(to)+16
		}
		if mine.Has(Square(one)) {
			cands = Square(one).Bitboard()
		} else if to.Rank() == 3+int(us) && !occ.Has(Square(one)) && mine.Has(Square(two)) {
			cands = Square(two).Bitboard()
		}
	case Knight:
		cands = knightAttacks[to] & mine
	case Bishop:
		cands = BishopAttacks(to, occ) & mine
	case Rook:
		cands = RookAttacks(to, occ) & mine
	case Queen:
		cands = (BishopAttacks(to, occ) | RookAttacks(to, occ)) & mine
	case King:
		cands = kingAttacks[to] & mine
	}
	froms := cands & within
	if froms == 0 {
		return p.parseGeneral(tok, lang)
	}

	// Legality: the king must not be attacked once the move is made. all
	// collects the legal candidates (for the disambiguation notes).
	ksq := kings.First()
	var all Bitboard
	if pt == King {
		// the king's own square removed so that it cannot shield itself
		if p.attacked(to, them, occ&^kings) {
			return p.parseGeneral(tok, lang)
		}
		all = cands
	} else {
		enemy := theirs &^ toBB // a captured piece attacks no more
		if (pawnAttacks[us][ksq]&p.byType[Pawn]|knightAttacks[ksq]&p.byType[Knight]|kingAttacks[ksq]&p.byType[King])&enemy != 0 {
			return p.parseGeneral(tok, lang) // in check by a leaper that the move does not take
		}
		diag := bishopRays[ksq] & (p.byType[Bishop] | p.byType[Queen]) & enemy
		orth := rookRays[ksq] & (p.byType[Rook] | p.byType[Queen]) & enemy
		if diag|orth == 0 {
			all = cands // no slider on the king's lines: every candidate is legal
		} else {
			for b := cands; b != 0; {
				from := b.PopFirst()
				occ2 := occ&^from.Bitboard() | toBB
				if (diag == 0 || BishopAttacks(ksq, occ2)&diag == 0) && (orth == 0 || RookAttacks(ksq, occ2)&orth == 0) {
					all |= from.Bitboard()
				}
			}
		}
	}
	froms &= all
	if froms == 0 || froms.More() {
		return p.parseGeneral(tok, lang)
	}
	from := froms.First()
	fromBB := froms

	// The notes (as finish writes them for such a token).
	var notes NoteFlags
	if capture && spec&specCapture == 0 {
		notes |= CaptureMarkMissing
	} else if !capture && spec&specCapture != 0 {
		notes |= CaptureMarkWrong
	}
	switch {
	case pt == Pawn:
		if capture && spec&specFile == 0 {
			notes |= PawnFileMissing
		} else if !capture && spec&specFile != 0 {
			notes |= OverSpecified
		}
	case spec&(specFile|specRank) != 0:
		switch disambiguation(all, from) {
		case needNone:
			notes |= OverSpecified
		case needFile:
			if spec&specRank != 0 {
				notes |= RankDisambiguation
			}
		}
	}

	// Check: what givesCheck finds, with the piece sets after the move.
	// (givesCheck's and kingEscapes's update of the sets is written out
	// here rather than shared through a helper: the call, which the
	// compiler does not inline, made the replay measurably slower.)
	m := NewMove(from, to)
	check := false
	if ek := p.byType[King] & theirs; ek != 0 {
		esq := ek.First()
		after := ours &^ fromBB
		occ2 := occ&^fromBB | toBB
		leapers := (pawnAttacks[them][esq]&p.byType[Pawn] | knightAttacks[esq]&p.byType[Knight]) & after
		diag := (p.byType[Bishop] | p.byType[Queen]) & after
		orth := (p.byType[Rook] | p.byType[Queen]) & after
		switch pt {
		case Pawn:
			leapers |= pawnAttacks[them][esq] & toBB
		case Knight:
			leapers |= knightAttacks[esq] & toBB
		case Bishop:
			diag |= toBB
		case Rook:
			orth |= toBB
		case Queen:
			diag |= toBB
			orth |= toBB
		}
		check = leapers != 0 ||
			bishopRays[esq]&diag != 0 && BishopAttacks(esq, occ2)&diag != 0 ||
			rookRays[esq]&orth != 0 && RookAttacks(esq, occ2)&orth != 0
	}
	if check {
		switch mark {
		case NoCheckMark:
			notes |= CheckMarkMissing
		case CheckPlus:
			if !p.kingEscapes(m, pt) && p.matesAfter(m) {
				notes |= MateMarkMissing
			}
		default:
			if p.kingEscapes(m, pt) || !p.matesAfter(m) {
				notes |= CheckMarkWrong
			}
		}
	} else if mark != NoCheckMark {
		notes |= CheckMarkWrong
	}
	return ParsedMove{Move: m, Status: MoveOK, CheckMark: mark, Notes: notes, Check: check, Piece: pt, From: NoSquare, To: to}
}

// parseCastleQuick is parseQuick for castling written O-O or O-O-O
// (kingSide tells which) with the check mark mark: what the general path
// gives when the castling is legal, without reading the token again,
// generating or explaining; else what the general path gives.
func (p *Position) parseCastleQuick(tok []byte, lang Language, kingSide bool, mark CheckMark) ParsedMove {
	us := p.side & 1
	kings := p.byType[King] & p.byColor[us]
	if kings == 0 || kings.More() {
		return p.parseGeneral(tok, lang)
	}
	ksq := kings.First()
	rook := p.CastlingRook(us, kingSide)
	if rook == NoSquare || p.attacked(ksq, us^1, p.byType[NoPieceType]) {
		return p.parseGeneral(tok, lang)
	}
	m := p.castleMove(ksq, kingSide, rook.Bitboard())
	if m == NullMove {
		return p.parseGeneral(tok, lang)
	}
	to := NewSquare(2, 7*int(us))
	if kingSide {
		to = NewSquare(6, 7*int(us))
	}
	var notes NoteFlags
	check := p.givesCheck(m)
	if check {
		switch mark {
		case NoCheckMark:
			notes |= CheckMarkMissing
		case CheckPlus:
			if p.matesAfter(m) {
				notes |= MateMarkMissing
			}
		default:
			if !p.matesAfter(m) {
				notes |= CheckMarkWrong
			}
		}
	} else if mark != NoCheckMark {
		notes |= CheckMarkWrong
	}
	return ParsedMove{Move: m, Status: MoveOK, CheckMark: mark, Notes: notes, Check: check, Piece: King, From: NoSquare, To: to}
}

// kingEscapes reports whether, once the side to move has played m (a
// legal move from parseQuick, of a piece of type pt: no castling, en
// passant or promotion), the opponent's king has a square to go to that no
// piece of the side attacks. That is the first thing HasLegalMove looks
// for, so m then does not mate; without the copy of the position, Play and
// HasLegalMove that matesAfter costs. It reports false when it finds no
// such square, or when the opponent has no king or several, and the caller
// asks matesAfter.
func (p *Position) kingEscapes(m Move, pt PieceType) bool {
	us := p.side & 1
	them := us ^ 1
	ek := p.byType[King] & p.byColor[them]
	if ek == 0 || ek.More() {
		return false
	}
	esq := ek.First()
	fromBB, toBB := m.From().Bitboard(), m.To().Bitboard()
	after := p.byColor[us] &^ fromBB
	occ := (p.byType[NoPieceType]&^fromBB | toBB) &^ ek // the king does not shield itself
	pawns := p.byType[Pawn] & after
	knights := p.byType[Knight] & after
	kings := p.byType[King] & after
	diag := (p.byType[Bishop] | p.byType[Queen]) & after
	orth := (p.byType[Rook] | p.byType[Queen]) & after
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
	case King:
		kings |= toBB
	}
	for b := kingAttacks[esq]&^p.byColor[them] | kingAttacks[esq]&toBB; b != 0; {
		e := b.PopFirst()
		if pawnAttacks[them][e]&pawns|knightAttacks[e]&knights|kingAttacks[e]&kings == 0 &&
			BishopAttacks(e, occ)&diag == 0 && RookAttacks(e, occ)&orth == 0 {
			return true
		}
	}
	return false
}
