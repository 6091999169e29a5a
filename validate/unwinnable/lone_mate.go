package unwinnable

import (
	"iter"

	"github.com/arbiter-chess/arbiter/chess"
)

// The lone-king mate's last steps: where the heavy pieces may stand
// (badnessMap), the checks that may mate, and how far a pawn is from
// promoting (see lone.go).

// badnessMap holds loneBadness for every square a heavy piece may move to,
// computed from the squares it looks at: a rook or queen on x attacks y
// exactly when one on y attacks x (the squares between are the same), so a
// few attack sets from want, mates and the loser's king replace one per
// destination. The badness (at most 2*9+4+1) is held bit-sliced: bit i of
// the badness of s is bit s of bits[i].
type badnessMap struct {
	bits [5]chess.Bitboard
}

// init fills m for a piece of type pt (queen or rook) that has left its
// square: occ is the occupancy without it and without the loser's king lk.
func (m *badnessMap) init(pt chess.PieceType, occ chess.Bitboard, lk chess.Square, want, mates chess.Bitboard) {
	att := func(s chess.Square) chess.Bitboard {
		x := chess.RookAttacks(s, occ)
		if pt == chess.Queen {
			x |= chess.BishopAttacks(s, occ)
		}
		return x
	}
	// add adds x (the squares to add to) times 1<<i.
	add := func(x chess.Bitboard, i int) {
		for ; i < len(m.bits) && x != 0; i++ {
			c := m.bits[i] & x
			m.bits[i] ^= x
			x = c
		}
	}
	var toMates chess.Bitboard
	for b := mates; b != 0; {
		toMates |= att(b.PopFirst())
	}
	m.bits = [5]chess.Bitboard{^toMates | mates}
	for b := want; b != 0; {
		add(att(b.PopFirst()), 1)
	}
	add(att(lk), 2)
}

// least returns the squares of set (not empty) with the least badness.
func (m *badnessMap) least(set chess.Bitboard) chess.Bitboard {
	for i := len(m.bits) - 1; i >= 0; i-- {
		if x := set &^ m.bits[i]; x != 0 {
			set = x
		}
	}
	return set
}

// at returns loneBadness for the piece moved to s.
func (m *badnessMap) at(s chess.Square) int {
	return int(m.bits[0]>>s&1) | int(m.bits[1]>>s&1)<<1 | int(m.bits[2]>>s&1)<<2 |
		int(m.bits[3]>>s&1)<<3 | int(m.bits[4]>>s&1)<<4
}

// loneBadness rates a heavy piece of type pt on s (lower is better): it
// should not check, not cover e or the squares the loser's king wants to
// step on, and should be one move from a check along the edge line: the
// rule of bareBadness, with the piece's attacks worked out from s.
func loneBadness(pt chess.PieceType, s chess.Square, occ chess.Bitboard, lk chess.Square, want, mates chess.Bitboard) int {
	occ &^= lk.Bitboard()
	att := chess.RookAttacks(s, occ)
	if pt == chess.Queen {
		att |= chess.BishopAttacks(s, occ)
	}
	return bareBadness(att, s, lk, want, mates)
}

// loneMate tries the winner's checks by queens and rooks, and checking
// promotions, that may leave the loser's king without a flight square, and
// reports a mate (copied to a.mateLine).
func (a *Analyzer) loneMate(p *chess.Position, lk chess.Square, occ, heavy chess.Bitboard, ply int) bool {
	w := a.w
	own := p.ByColor(w)
	occNoKing := occ &^ lk.Bitboard()
	around := chess.KingAttacks(lk)
	// Attacks of every winner's piece (through the king's square).
	var att chess.Bitboard
	for b := own; b != 0; {
		s := b.PopFirst()
		att |= chess.PieceAttacks(w, p.PieceAt(s).Type(), s, occNoKing)
	}
	flights := around &^ att &^ p.ByColor(a.l)
	try := func(m chess.Move) bool {
		cc := *p
		cc.Play(m)
		a.nodes++
		if !cc.HasLegalMove() && cc.InCheck() { // every move tried checks
			a.line[ply] = m
			a.mateLen = ply + 1
			copy(a.mateLine[:ply+1], a.line[:ply+1])
			return true
		}
		return false
	}
	for m := range heavyChecks(p, w, lk, occ, heavy, flights) {
		from, to := m.From(), m.To()
		if around.Has(to) && p.AttackersTo(to, w, occNoKing&^from.Bitboard()|to.Bitboard())&^from.Bitboard() == 0 {
			continue // the loser's king takes the undefended checker
		}
		if try(m) {
			return true
		}
	}
	for b := p.Pieces(w, chess.Pawn) & relRank(w, 6); b != 0; {
		from := b.PopFirst()
		to := forward(w, from.Bitboard()).First()
		if occ.Has(to) {
			continue
		}
		for _, pr := range [2]chess.PieceType{chess.Queen, chess.Rook} {
			if chess.PieceAttacks(w, pr, to, occ&^from.Bitboard()).Has(lk) && try(chess.NewPromotion(from, to, pr)) {
				return true
			}
		}
	}
	return false
}

// heavyChecks yields the moves of w's queens and rooks in heavy that check
// the king on lk (with the board occupied as occ) from a square whose
// attacks, through the king, cover every square of flights: the checks
// that may mate, each still to be confirmed by the caller. The order is
// fixed (by square of the piece, then of its destination), so that the
// constructions that use it find the same mates.
func heavyChecks(p *chess.Position, w chess.Color, lk chess.Square, occ, heavy, flights chess.Bitboard) iter.Seq[chess.Move] {
	return func(yield func(chess.Move) bool) {
		own := p.ByColor(w)
		occNoKing := occ &^ lk.Bitboard()
		bish := chess.BishopAttacks(lk, occ)
		rook := chess.RookAttacks(lk, occ)
		for b := heavy; b != 0; {
			from := b.PopFirst()
			pt := p.PieceAt(from).Type()
			checks := rook
			if pt == chess.Queen {
				checks |= bish
			}
			// The checking squares whose attacks, once the piece has
			// left from, cover every flight: a queen or rook on to
			// attacks f exactly when one on f attacks to (the squares
			// between are the same), so they are the checking squares
			// attacked from every flight, a lookup per flight instead
			// of one per checking square.
			dests := chess.PieceAttacks(w, pt, from, occ) & checks &^ own
			occFrom := occNoKing &^ from.Bitboard()
			for f := flights; f != 0 && dests != 0; {
				dests &= chess.PieceAttacks(w, pt, f.PopFirst(), occFrom)
			}
			for d := dests; d != 0; {
				if !yield(chess.NewMove(from, d.PopFirst())) {
					return
				}
			}
		}
	}
}

// promotionDistance is the number of pushes w's most advanced pawn that can
// step forward needs to promote (8 when none can).
func promotionDistance(p *chess.Position, w chess.Color) int {
	occ := p.Occupied()
	d := 8
	for b := p.Pieces(w, chess.Pawn); b != 0; {
		s := b.PopFirst()
		if occ&forward(w, s.Bitboard()) != 0 {
			continue
		}
		d = min(d, 7-(s.Rank()^int(w)*7))
	}
	return d
}

// relRank is rank r counted from w's side (0 = w's first rank).
func relRank(w chess.Color, r int) chess.Bitboard {
	return chess.RankBB(r ^ int(w)*7)
}
