package chess

import "math/bits"

// Legal move generation with check and pin masks: the king steps only to
// squares the opponent does not attack (computed without the king on the
// board, so that it cannot hide behind itself); in check, other pieces may
// only capture the single checker or block its line; a pinned piece may only
// move along the line through its king. En passant, which removes two pieces
// from a rank, is checked by testing the resulting occupancy directly.

const allTypes = 1<<Pawn | 1<<Knight | 1<<Bishop | 1<<Rook | 1<<Queen | 1<<King

// castleTargets returns the squares king and rook stand on after castling
// by colour c on the king side (kingSide) or the queen side.
func castleTargets(c Color, kingSide bool) (kingTo, rookTo Square) {
	kingTo, rookTo = C1, D1
	if kingSide {
		kingTo, rookTo = G1, F1
	}
	if c == Black {
		kingTo += 56
		rookTo += 56
	}
	return
}

// CastleKingTarget returns the square the king lands on when m (a castling
// move, king -> rook square) is played: the g- or c-file of its back rank.
func CastleKingTarget(m Move) Square {
	kt, _ := castleTargetsOf(m)
	return kt
}

// castleTargetsOf returns king and rook destinations of castling move m.
func castleTargetsOf(m Move) (kingTo, rookTo Square) {
	from, to := m.From(), m.To()
	c := White
	if from.Rank() == 7 {
		c = Black
	}
	return castleTargets(c, to > from)
}

// castlePath describes castling with the rook on one square and the king
// on another of the same back rank.
type castlePath struct {
	empty    Bitboard // squares that must be empty (king and rook paths and targets, without king and rook)
	kingPath Bitboard // squares the king passes and lands on (start excluded), which must not be attacked
	targets  Bitboard // the king's destination and the rook's square: what LegalMovesTo matches
}

// castlePaths is indexed by rook square, then king square (back ranks only).
var castlePaths = castlePathTable()

func castlePathTable() (castlePaths [64][64]castlePath) {
	for c := White; c <= Black; c++ {
		for kf := 0; kf < 8; kf++ {
			for rf := 0; rf < 8; rf++ {
				if kf == rf {
					continue
				}
				k, r := NewSquare(kf, 7*int(c)), NewSquare(rf, 7*int(c))
				kt, rt := castleTargets(c, rf > kf)
				kr := k.Bitboard() | r.Bitboard()
				castlePaths[r][k] = castlePath{
					empty:    (betweenBB[k][kt] | kt.Bitboard() | betweenBB[r][rt] | rt.Bitboard()) &^ kr,
					kingPath: betweenBB[k][kt] | kt.Bitboard(),
					targets:  kt.Bitboard() | r.Bitboard(),
				}
			}
		}
	}
	return castlePaths
}

// shiftUp moves every square of b one rank forward for colour c.
func shiftUp(b Bitboard, c Color) Bitboard {
	if c == White {
		return b << 8
	}
	return b >> 8
}

// checkersAndPinned returns the enemy pieces giving check to the king of
// colour us on ksq and the pieces of colour us pinned to it, with one pass
// over the enemy sliders that see the king on an empty board.
func (p *Position) checkersAndPinned(ksq Square, us Color, occ Bitboard) (checkers, pinned Bitboard) {
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

// epCaptureLegal reports whether the side to move may capture en passant
// with the pawn on from, landing on ep: it must not leave its king attacked
// once both pawns are gone from their squares.
func (p *Position) epCaptureLegal(from, ep Square) bool {
	c := p.side
	k := p.byType[King] & p.byColor[c]
	if k == 0 || k.More() {
		return true
	}
	victim := epVictim(from, ep)
	occ := p.byType[NoPieceType] ^ from.Bitboard() ^ victim.Bitboard() | ep.Bitboard()
	return p.AttackersTo(k.First(), c^1, occ)&^victim.Bitboard() == 0
}

// computeEPLegal reports whether the side to move has a legal en passant capture.
func (p *Position) computeEPLegal() bool {
	if p.ep == NoSquare {
		return false
	}
	cands := pawnAttacks[p.side^1][p.ep] & p.byType[Pawn] & p.byColor[p.side]
	for cands != 0 {
		if p.epCaptureLegal(cands.PopFirst(), p.ep) {
			return true
		}
	}
	return false
}

// HasLegalEnPassant reports whether the side to move has a legal en passant capture.
func (p *Position) HasLegalEnPassant() bool { return p.epLegal }

// LegalMoves sets ml to all legal moves of the side to move.
//
// When the side to move has no king, or more than one, no move can leave
// "the" king in check: LegalMoves then returns every pseudo-legal move
// (castling excluded), and InCheck is false without a king. Moves that
// capture the opponent's king are generated like any capture when the
// position allows them (which only happens in impossible positions).
func (p *Position) LegalMoves(ml *MoveList) {
	ml.N = 0
	p.genLegal(ml, allTypes, ^Bitboard(0))
}

// LegalMovesTo sets ml to the legal moves of pieces of type pt (NoPieceType:
// any piece) whose destination is in to. Castling counts as a king move and
// matches when to holds the king's destination (g- or c-file) or the
// castling rook's square. It is the fast path for reading SAN.
func (p *Position) LegalMovesTo(ml *MoveList, pt PieceType, to Bitboard) {
	ml.N = 0
	types := uint8(allTypes)
	if pt != NoPieceType {
		if pt > King {
			return
		}
		types = 1 << pt
	}
	p.genLegal(ml, types, to)
}

// addSet writes the moves base|to<<6 for every square to of dests into
// moves from index n on, lowest square first, and returns the new length.
// Callers keep the length in a local variable while they generate and
// store it into the MoveList once at the end.
func addSet(moves *[MaxMoves]Move, n int, base Move, dests Bitboard) int {
	for ; dests != 0; dests &= dests - 1 {
		moves[n] = base | Move(bits.TrailingZeros64(uint64(dests)))<<6
		n++
	}
	return n
}

// addSteps writes the moves to-delta -> to for every square to of dests
// (none of them a promotion), lowest first, and returns the new length.
func addSteps(moves *[MaxMoves]Move, n int, dests Bitboard, delta int) int {
	for ; dests != 0; dests &= dests - 1 {
		to := bits.TrailingZeros64(uint64(dests))
		moves[n] = Move(to<<6 | (to - delta))
		n++
	}
	return n
}

// addPawnSet writes the pawn moves landing on dests, each coming from
// to-delta: for each promotion square the four promotions (queen, rook,
// bishop, knight), lowest square first, then the other moves.
func addPawnSet(moves *[MaxMoves]Move, n int, dests Bitboard, delta int) int {
	n = addPromotions(moves, n, dests&(Rank1|Rank8), delta)
	return addSteps(moves, n, dests&^(Rank1|Rank8), delta)
}

// addPromotions writes the four promotions of each pawn move landing on
// dests (every square on the last rank), each coming from to-delta.
func addPromotions(moves *[MaxMoves]Move, n int, dests Bitboard, delta int) int {
	for ; dests != 0; dests &= dests - 1 {
		to := bits.TrailingZeros64(uint64(dests))
		m := Move(to<<6|(to-delta)) | FlagPromotion
		moves[n] = m | Move(Queen-Knight)<<12
		moves[n+1] = m | Move(Rook-Knight)<<12
		moves[n+2] = m | Move(Bishop-Knight)<<12
		moves[n+3] = m
		n += 4
	}
	return n
}

// genLegal appends the legal moves of the piece types in the bit set types
// (bit t for PieceType t) whose destination is in target.
//
// The order of the moves is part of the contract (the dead-position dives
// of validate/unwinnable take the first of equally good moves): king
// moves, castling (king side first), knights, bishops and queens along
// diagonals, rooks and queens along lines (each piece from the lowest
// square up, its destinations from the lowest up), then pawn moves (see
// genPawns).
func (p *Position) genLegal(ml *MoveList, types uint8, target Bitboard) {
	us := p.side & 1
	them := us ^ 1
	own := p.byColor[us]
	occ := p.byType[NoPieceType]
	kings := p.byType[King] & own
	if kings == 0 || kings.More() {
		p.genPseudo(ml, types, target)
		return
	}
	ksq := kings.First() & 63
	queens := p.byType[Queen]

	checkers, pinned := p.checkersAndPinned(ksq, us, occ)

	moves := &ml.Moves
	n := ml.N

	if types&(1<<King) != 0 {
		if d := kingAttacks[ksq] &^ own & target; d != 0 {
			// the squares no enemy piece attacks, seen with the king off
			// the board (it cannot hide behind itself)
			d = p.safeSquares(d, them, occ^kings)
			n = addSet(moves, n, Move(ksq), d)
		}
		if checkers == 0 && p.castle&(3<<(2*us)) != 0 {
			if m := p.castleMove(ksq, true, target); m != NullMove {
				moves[n] = m
				n++
			}
			if m := p.castleMove(ksq, false, target); m != NullMove {
				moves[n] = m
				n++
			}
		}
	}
	if checkers.More() {
		ml.N = n
		return
	}
	checkMask := ^Bitboard(0)
	if checkers != 0 {
		checkMask = betweenBB[ksq][checkers.First()&63] | checkers
	}
	mask := checkMask & target &^ own

	if types&(1<<Knight) != 0 {
		for b := p.byType[Knight] & own &^ pinned; b != 0; b &= b - 1 {
			from := b.First() & 63
			n = addSet(moves, n, Move(from), knightAttacks[from]&mask)
		}
	}
	var diag, orth Bitboard
	if types&(1<<Bishop) != 0 {
		diag = p.byType[Bishop]
	}
	if types&(1<<Rook) != 0 {
		orth = p.byType[Rook]
	}
	if types&(1<<Queen) != 0 {
		diag |= queens
		orth |= queens
	}
	for b := diag & own; b != 0; b &= b - 1 {
		from := b.First() & 63
		d := BishopAttacks(from, occ) & mask
		if pinned.Has(from) {
			d &= lineBB[ksq][from]
		}
		n = addSet(moves, n, Move(from), d)
	}
	for b := orth & own; b != 0; b &= b - 1 {
		from := b.First() & 63
		d := RookAttacks(from, occ) & mask
		if pinned.Has(from) {
			d &= lineBB[ksq][from]
		}
		n = addSet(moves, n, Move(from), d)
	}
	if types&(1<<Pawn) != 0 {
		n = p.genPawns(moves, n, ksq, pinned, checkMask, target)
	}
	ml.N = n
}

// genPawns writes the legal pawn moves landing on target into moves from
// index n on and returns the new length; pinned and checkMask come from
// genLegal. The order: single steps, double steps, captures towards the
// a-file, captures towards the h-file (each from the lowest destination
// up, promotions first), then the moves of pinned pawns (from the lowest
// pawn up) and en passant.
func (p *Position) genPawns(moves *[MaxMoves]Move, n int, ksq Square, pinned, checkMask, target Bitboard) int {
	mask := checkMask & target
	us := p.side & 1
	own := p.byColor[us]
	enemy := p.byColor[us^1] & mask
	occ := p.byType[NoPieceType]
	pawns := p.byType[Pawn] & own
	free := pawns &^ pinned

	var push1, push2, capL, capR Bitboard
	var up, left, right int // deltas: one step, capture towards the a-file, towards the h-file
	if us == White {
		up, left, right = 8, 7, 9
		push1 = free << 8 &^ occ
		push2 = (push1 & Rank3) << 8 &^ occ & mask
		capL = (free &^ FileA) << 7 & enemy
		capR = (free &^ FileH) << 9 & enemy
	} else {
		up, left, right = -8, -9, -7
		push1 = free >> 8 &^ occ
		push2 = (push1 & Rank6) >> 8 &^ occ & mask
		capL = (free &^ FileA) >> 9 & enemy
		capR = (free &^ FileH) >> 7 & enemy
	}
	if (push1|capL|capR)&(Rank1|Rank8) == 0 {
		// No promotion (the common case): every move is one word.
		n = addSteps(moves, n, push1&mask, up)
		n = addSteps(moves, n, push2, 2*up)
		n = addSteps(moves, n, capL, left)
		n = addSteps(moves, n, capR, right)
	} else {
		n = addPawnSet(moves, n, push1&mask, up)
		n = addSteps(moves, n, push2, 2*up)
		n = addPawnSet(moves, n, capL, left)
		n = addPawnSet(moves, n, capR, right)
	}

	if pinnedPawns := pawns & pinned; pinnedPawns != 0 {
		n = p.genPinnedPawns(moves, n, ksq, pinnedPawns, mask)
	}

	// En passant removes two pawns from one rank, which pin masks cannot
	// describe: test the resulting occupancy directly. That test also
	// settles every check (by the victim or through the vacated squares).
	if p.ep != NoSquare && target.Has(p.ep) {
		for c := pawnAttacks[us^1][p.ep] & pawns; c != 0; {
			from := c.PopFirst()
			if p.epCaptureLegal(from, p.ep) {
				moves[n] = NewEnPassant(from, p.ep)
				n++
			}
		}
	}
	return n
}

// genPinnedPawns writes the moves of the pinned pawns along their pin
// lines, from the lowest pawn up; see genPawns.
func (p *Position) genPinnedPawns(moves *[MaxMoves]Move, n int, ksq Square, pinned, mask Bitboard) int {
	us := p.side
	enemy := p.byColor[us^1]
	empty := ^p.byType[NoPieceType]
	rank3 := Rank3
	if us == Black {
		rank3 = Rank6
	}
	for b := pinned; b != 0; {
		from := b.PopFirst()
		one := shiftUp(from.Bitboard(), us) & empty
		two := shiftUp(one&rank3, us) & empty
		d := (one | two | pawnAttacks[us][from]&enemy) & mask & lineBB[ksq][from]
		for ; d != 0; d &= d - 1 {
			to := d.First()
			if to.Rank() == 0 || to.Rank() == 7 {
				n = addPromotions(moves, n, to.Bitboard(), int(to-from))
			} else {
				moves[n] = NewMove(from, to)
				n++
			}
		}
	}
	return n
}

// castleMove returns the castling move on the king side (kingSide) or the
// queen side if it is legal and lands on target (king destination or rook
// square), NullMove otherwise. The king on ksq must not be in check.
func (p *Position) castleMove(ksq Square, kingSide bool, target Bitboard) Move {
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
	if p.safeSquares(cp.kingPath, us^1, occ) != cp.kingPath {
		return NullMove
	}
	return NewCastle(ksq, r)
}

// genPseudo appends every pseudo-legal move (no castling) for a side that
// has no king or several kings; see LegalMoves.
func (p *Position) genPseudo(ml *MoveList, types uint8, target Bitboard) {
	us := p.side
	own := p.byColor[us]
	occ := p.byType[NoPieceType]
	mask := target &^ own
	moves := &ml.Moves
	n := ml.N
	for t := Knight; t <= King; t++ {
		if types&(1<<t) == 0 {
			continue
		}
		for b := p.byType[t] & own; b != 0; b &= b - 1 {
			from := b.First()
			n = addSet(moves, n, Move(from), PieceAttacks(us, t, from, occ)&mask)
		}
	}
	if types&(1<<Pawn) != 0 {
		// With no king to protect, nothing is pinned and nothing gives check;
		// ksq is unused because pinned is empty.
		n = p.genPawns(moves, n, 0, 0, ^Bitboard(0), target)
	}
	ml.N = n
}

// HasLegalMove reports whether the side to move has at least one legal
// move. It stops at the first one found, trying king moves first.
func (p *Position) HasLegalMove() bool { return p.CountLegalMovesUpTo(1) > 0 }

// CountLegalMovesUpTo returns the number of legal moves of the side to
// move, or limit when there are at least limit: it stops counting there,
// so that "none, one or several?" costs little in a position with many.
func (p *Position) CountLegalMovesUpTo(limit int) int { return p.countLegalMovesUpTo(limit) }

// CountLegalMoves returns the number of legal moves of the side to move:
// the length of the list LegalMoves would produce, counted without
// building the list (the fast path of Perft; see movegen_count.go).
func (p *Position) CountLegalMoves() int { return p.countLegalMoves() }

// GivesCheck reports whether the legal move m puts the opponent in check.
func (p *Position) GivesCheck(m Move) bool {
	q := *p
	q.Play(m)
	return q.InCheck()
}

// IsCheckmate reports whether the side to move is in check and has no legal move.
func (p *Position) IsCheckmate() bool { return p.InCheck() && !p.HasLegalMove() }

// IsStalemate reports whether the side to move is not in check and has no legal move.
func (p *Position) IsStalemate() bool { return !p.InCheck() && !p.HasLegalMove() }

// IsLegal reports whether m is a legal move in p. m may come from anywhere
// (UCI text, a book, a corrupt record): it must be exactly the encoding
// LegalMoves would produce (castling as king -> rook square, a promotion
// flag on every move to the last rank).
func (p *Position) IsLegal(m Move) bool {
	if m == NullMove {
		return false
	}
	pc := p.board[m.From()]
	if pc == NoPiece || pc.Color() != p.side {
		return false
	}
	var ml MoveList
	p.genLegal(&ml, 1<<pc.Type(), m.To().Bitboard())
	for _, x := range ml.Moves[:ml.N] {
		if x == m {
			return true
		}
	}
	return false
}

// safeSquares returns the squares of targets (not empty) that no piece of
// colour by attacks with the board occupied as occ. A single square is
// tested directly; for several, the attacks of the enemy pieces are
// gathered, skipping the sliders whose empty-board rays miss every target.
func (p *Position) safeSquares(targets Bitboard, by Color, occ Bitboard) Bitboard {
	if targets&(targets-1) == 0 {
		if p.attacked(targets.First(), by, occ) {
			return 0
		}
		return targets
	}
	them := p.byColor[by&1]
	pawns := p.byType[Pawn] & them
	var att Bitboard
	if by == White {
		att = (pawns&^FileH)<<9 | (pawns&^FileA)<<7
	} else {
		att = (pawns&^FileA)>>9 | (pawns&^FileH)>>7
	}
	for b := p.byType[King] & them; b != 0; b &= b - 1 {
		att |= kingAttacks[b.First()&63]
	}
	for b := p.byType[Knight] & them; b != 0; b &= b - 1 {
		att |= knightAttacks[b.First()&63]
	}
	queens := p.byType[Queen]
	for b := (p.byType[Bishop] | queens) & them; b != 0; b &= b - 1 {
		if s := b.First() & 63; bishopRays[s]&targets != 0 {
			att |= BishopAttacks(s, occ)
		}
	}
	for b := (p.byType[Rook] | queens) & them; b != 0; b &= b - 1 {
		if s := b.First() & 63; rookRays[s]&targets != 0 {
			att |= RookAttacks(s, occ)
		}
	}
	return targets &^ att
}
