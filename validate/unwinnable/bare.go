package unwinnable

import "github.com/arbiter-chess/arbiter/chess"

// The bare-king construction: the cheapest way to a mate for the commonest
// final positions of real games, a bare king (or a king and pawns) against
// a queen, a rook or pawns, whatever else the winner has. It builds the
// back-rank mate of the lone-king construction (lone.go) with less
// planning: the loser's king walks by plain king distance to an edge
// square e, the winner's king to the square two steps inside, facing it,
// and the queens and rooks keep off the loser king's way and within one
// move of a check along the edge line; without a queen or rook, a pawn
// promotes first. Only the winner's king, queens, rooks and the pawn it
// pushes move, and only the loser's king: the other men stay where they
// are. It works on the real position at every ply, so every move it plays
// is legal by construction (see bareLine), and a line it finds is a
// witness like any other.
//
// It runs first, before the lone-king construction, and in the dives (see
// dive); it takes nothing from the later steps: when it fails, the caller
// sets the node count back to what it was, so that the rest of the
// pipeline runs exactly as it would have without it (an answer can only
// change from Undetermined to Winnable, with a witness).

const (
	barePlies = 48 // longest line of the construction
	bareTries = 3  // target squares tried
)

// noMove is the zero move (a1 to a1), never a legal one.
const noMove chess.Move = 0

// bareKing runs the construction from root when the loser has nothing but
// its king and pawns and the winner has a queen, a rook or a pawn, and
// reports a mate (line in a.mateLine[:a.mateLen]).
func (a *Analyzer) bareKing(root *chess.Position) bool {
	w, l := a.w, a.l
	if !loserKP(root, l) || root.Pieces(w, chess.Queen)|root.Pieces(w, chess.Rook)|root.Pieces(w, chess.Pawn) == 0 {
		return false
	}
	return a.bareAt(root, 0, bareTries)
}

// bareAt runs the construction from root, reached at ply ply0 of a line
// whose moves are in a.line[:ply0], with up to tries targets (bareTries
// at the root, fewer in the dives, which try it again later): a failed
// attempt bans its first target square and the squares next to it.
func (a *Analyzer) bareAt(root *chess.Position, ply0, tries int) bool {
	if bareStuck(root, a.w, a.l) {
		return false
	}
	return a.bareTries(root, ply0, tries)
}

// bareTries is bareAt without the bareStuck test.
func (a *Analyzer) bareTries(root *chess.Position, ply0, tries int) bool {
	return tryTargets(tries, func(banned chess.Bitboard) (chess.Square, bool) {
		return a.bareLine(root, ply0, banned)
	})
}

// bareStuck reports that every attempt of the construction from p fails
// (w to mate, l with its king and pawns): w has no queen or rook, and each
// of its pawns has a man other than l's king somewhere on its way to
// promotion. Those attempts end at the winner's first move: until the
// winner has a queen or rook the construction finds no mate (only
// bareWinner does), and its first winner's move is barePush's, which
// finds no pawn with a free way, since the only move before it, a step of
// l's king to an empty square, changes no other man (barePush does not
// count the king as an obstacle). bareAt skips them: a failed attempt
// gives its nodes back, and leaves nothing else that is read before being
// written again (a.line beyond its ply, a.lone's scratch), so that
// skipping it changes no answer, node count or witness.
func bareStuck(p *chess.Position, w, l chess.Color) bool {
	if p.Pieces(w, chess.Queen)|p.Pieces(w, chess.Rook) != 0 {
		return false
	}
	// The squares behind an obstacle (on its file, from w's side): a
	// pawn there has the obstacle on its way.
	blockers := p.Occupied() &^ p.Pieces(l, chess.King)
	var behind chess.Bitboard
	if w == chess.White {
		behind = blockers >> 8
		behind |= behind >> 8
		behind |= behind >> 16
		behind |= behind >> 32
	} else {
		behind = blockers << 8
		behind |= behind << 8
		behind |= behind << 16
		behind |= behind << 32
	}
	return p.Pieces(w, chess.Pawn)&^behind == 0
}

// bareTarget chooses the target of the construction in p (see
// chooseLoneTarget), not on the banned squares, and reports whether there
// is one. The winner's men that do not move (pawns, knights, bishops) keep
// the loser's king off the squares they attack, so no target is taken
// there.
func bareTarget(t *loneTarget, p *chess.Position, w chess.Color, banned chess.Bitboard) bool {
	occ := p.Occupied()
	static := pawnCaptures(w, p.Pieces(w, chess.Pawn))
	for b := p.Pieces(w, chess.Knight); b != 0; {
		static |= chess.KnightAttacks(b.PopFirst())
	}
	for b := p.Pieces(w, chess.Bishop); b != 0; {
		static |= chess.BishopAttacks(b.PopFirst(), occ)
	}
	extra := 0
	if p.Pieces(w, chess.Queen)|p.Pieces(w, chess.Rook) == 0 {
		extra = promotionDistance(p, w)
	}
	return chooseLoneTarget(t, p, w, p.KingSquare(w.Other()), p.KingSquare(w), extra, static|banned, true)
}

// bareLine plays the construction from root, reached at ply ply0 of a line
// whose moves are in a.line[:ply0] (a dive that has just taken the loser's
// last man), with a target off the banned squares, until a.limit nodes.
// It reports a mate (that line continued), or else the first target square
// it used (NoSquare when it had none, ran out of nodes or failed in a way
// no other target changes: no pawn push at the root). Without a queen
// or rook, the winner first pushes its most advanced pawn that can step
// forward to promotion (the loser's king keeps off its way), and chooses
// the target again with the new piece.
//
// The loser's pawns never move: they are obstacles, and the loser's king
// must always have a step (else the attempt ends).
//
// Legality: the loser has nothing but its king and pawns, which cannot
// pin, so no winner's man is pinned, and the winner is never in check (its
// king never steps next to the loser's king or onto a square a loser's
// pawn attacks; an attempt that starts with the winner in check ends at
// once): a queen's or rook's move to a square it attacks that holds
// neither a man of its own nor the loser's king is legal, so is a pawn's
// step to an empty square, and so is such a king step to a square that
// holds no man of its own. The loser's king steps only to empty squares
// that the winner does not attack with the king taken off the board (so
// that no slider attacks through it).
func (a *Analyzer) bareLine(root *chess.Position, ply0 int, banned chess.Bitboard) (chess.Square, bool) {
	w, l := a.w, a.l
	p := *root
	var t loneTarget
	if !bareTarget(&t, &p, w, banned) {
		return chess.NoSquare, false
	}
	first := t.e
	heavy := p.Pieces(w, chess.Queen)|p.Pieces(w, chess.Rook) != 0
	seen := &a.lone.seen
	// The winner's attacks through the loser's king, worked out at the
	// loser's plies: the king's step to an empty square leaves them as
	// they are (the other men stay, and the square it leaves and the one
	// it takes are both left out), so the winner's next ply has them too.
	var att chess.Bitboard
	for i := 0; i < barePlies && ply0+i < maxPly-2; i++ {
		ply := ply0 + i
		if a.nodes >= a.limit {
			return chess.NoSquare, false // the node limit: no more tries
		}
		a.nodes++
		seen[i] = p.Hash()
		for j, lo := i-4, max(0, i-p.HalfmoveClock()); j >= lo; j -= 2 {
			if seen[j] == seen[i] {
				return first, false // going round in circles
			}
		}
		lk, wk := p.KingSquare(l), p.KingSquare(w)
		occ := p.Occupied()
		var m chess.Move
		switch {
		case p.SideToMove() == l:
			// The loser's king: the step nearest to e, off the way of
			// the winner's pawns while it has no queen or rook.
			// The winner's attacks through the king: those bareSafe
			// worked out for the winner's move just played (every
			// winner's move but a mating one passes it last).
			att = a.lone.bareAtt
			if i == 0 {
				att = attacksOf(&p, w, occ&^lk.Bitboard())
			}
			steps := chess.KingAttacks(lk) &^ att &^ occ
			if steps == 0 {
				return first, false // stalemate (a mate is found by the winner's move)
			}
			if !heavy {
				var path chess.Bitboard
				for b := forward(w, p.Pieces(w, chess.Pawn)); b != 0; b = forward(w, b) {
					path |= b
				}
				if steps&^path != 0 {
					steps &^= path
				}
			}
			m = chess.NewMove(lk, nearest(steps, t.e, dist(lk, t.e)-1))
		case i == 0 && p.InCheck():
			// By a pawn. Only at the root: the construction never puts
			// the winner in check (see above), so later plies need not
			// ask.
			return first, false
		case !heavy:
			if m = a.barePush(&p, lk, occ, ply); m == noMove {
				if i == 0 {
					// barePush does not look at the target: every
					// other one would end here too.
					return chess.NoSquare, false
				}
				return first, false
			}
		default:
			var mate bool
			m, mate = a.bareWinner(&p, &t, lk, wk, occ, att, i > 0, ply)
			if mate {
				return first, true
			}
			if m == noMove {
				return first, false
			}
		}
		a.line[ply] = m
		p.Play(m)
		if !heavy && p.Pieces(w, chess.Queen)|p.Pieces(w, chess.Rook) != 0 {
			// Promoted: the target again, for the new piece.
			if heavy = true; !bareTarget(&t, &p, w, banned) {
				return first, false
			}
		}
	}
	return first, false
}

// barePush returns the winner's move of the construction in p (winner to
// move, no queen or rook): the most advanced pawn whose way to promotion
// holds no man but the loser's king steps forward, promoting to a queen,
// or to a rook when a queen would leave the loser's king on lk no step.
// When the loser's king stands in its way, or the step would leave it no
// step, the winner's king steps instead (towards the pawn's next square:
// the loser's king walks off the pawn's way by itself). It returns noMove
// when no pawn has a free way, or no move is found.
func (a *Analyzer) barePush(p *chess.Position, lk chess.Square, occ chess.Bitboard, ply int) chess.Move {
	w := a.w
	from, rank := chess.NoSquare, -1
	blockers := occ &^ lk.Bitboard()
	for b := p.Pieces(w, chess.Pawn); b != 0; {
		s := b.PopFirst()
		r := s.Rank() ^ int(w)*7
		if r <= rank {
			continue
		}
		var path chess.Bitboard
		for f := forward(w, s.Bitboard()); f != 0; f = forward(w, f) {
			path |= f
		}
		if path&blockers == 0 {
			from, rank = s, r
		}
	}
	if from == chess.NoSquare {
		return noMove
	}
	to := forward(w, from.Bitboard()).First()
	if to != lk {
		if rank < 6 {
			if m := chess.NewMove(from, to); a.bareSafe(p, m, lk, ply) {
				return m
			}
		} else {
			for _, pr := range [2]chess.PieceType{chess.Queen, chess.Rook} {
				if m := chess.NewPromotion(from, to, pr); a.bareSafe(p, m, lk, ply) {
					return m
				}
			}
		}
	}
	// A king step (legal: see bareLine), the nearest to the pawn's next
	// square first.
	wk := p.KingSquare(w)
	kz := chess.KingAttacks(wk) &^ p.ByColor(w) &^ chess.KingAttacks(lk) &^ pawnCaptures(a.l, p.Pieces(a.l, chess.Pawn))
	for kz != 0 {
		best := nearest(kz, to, dist(wk, to)-1)
		if m := chess.NewMove(wk, best); a.bareSafe(p, m, lk, ply) {
			return m
		}
		kz &^= best.Bitboard()
	}
	return noMove
}

// bareWinner chooses the winner's move of the bare-king construction in
// p (winner to move, the loser's king on lk). It reports a mate (tried
// with the loser's king on the edge and a second winner's man near it, the
// line then in a.mateLine), or else returns the move, noMove when it has
// none. Every move it returns is legal and leaves the loser's king a step.
// att, when known is set, holds the winner's attacks through the loser's
// king (else they are worked out when needed).
func (a *Analyzer) bareWinner(p *chess.Position, t *loneTarget, lk, wk chess.Square, occ, att chess.Bitboard, known bool, ply int) (chess.Move, bool) {
	w := a.w
	own := p.ByColor(w)
	lkZone := chess.KingAttacks(lk)
	heavy := p.Pieces(w, chess.Queen) | p.Pieces(w, chess.Rook)
	// A check by one queen or rook mates on the edge only if another man
	// covers the squares off the edge line: the winner's king two steps
	// away, a second heavy piece, or some man within two steps.
	if edgeDist(lk) == 0 && (heavy.More() || (own&^heavy)&within2[lk&63] != 0) {
		if !known {
			att = attacksOf(p, w, occ&^lk.Bitboard())
		}
		if a.bareMate(p, lk, occ, att, heavy, ply) {
			return noMove, true
		}
	}
	// The squares from which a queen or rook checks on e along the edge
	// line, with the loser's king there: the empty squares of the line,
	// not next to e, that a rook on e sees (nothing between).
	occE := occ&^lk.Bitboard() | t.e.Bitboard()
	mates := chess.RookAttacks(t.e, occE) & t.line &^ chess.KingAttacks(t.e) &^ occ
	// The squares the loser's king wants: e and its steps towards it (one
	// step nearer to e than lk).
	toE := &distTable[t.e&63]
	want := t.e.Bitboard()
	if d := int(toE[lk&63]); d > 0 {
		want |= lkZone & distRing[t.e&63][d-1]
	}
	occNoK := occ &^ lk.Bitboard()
	// The worst placed queen or rook (bareBadness), and its badness.
	worst, wb := chess.NoSquare, -1
	for b := heavy; b != 0; {
		s := b.PopFirst()
		if bad := bareBadness(pieceAttacksNoK(p, s, occNoK), s, lk, want, mates); bad > wb {
			worst, wb = s, bad
		}
	}
	// A queen or rook in the loser king's way moves first; else the king
	// steps towards its square; else a queen or rook moves to a better
	// square, or waits.
	if wb < 2 {
		// The steps nearer to k, one step nearer than wk, in square
		// order.
		if dk := dist(wk, t.k); dk > 0 {
			kz := chess.KingAttacks(wk) &^ own &^ lkZone &^ pawnCaptures(a.l, p.Pieces(a.l, chess.Pawn))
			for b := kz & distRing[t.k&63][dk-1]; b != 0; {
				if m := chess.NewMove(wk, b.PopFirst()); a.bareSafe(p, m, lk, ply) {
					return m, false
				}
			}
		}
	}
	// The heavy piece: the worst placed one, to its best square (least
	// badness, not next to the loser's king unless defended, nearest to
	// e), that leaves the loser a move.
	pt := p.PieceAt(worst).Type()
	occFrom := occNoK &^ worst.Bitboard()
	dests := chess.PieceAttacks(w, pt, worst, occ) &^ own &^ lk.Bitboard()
	for b := dests & lkZone; b != 0; {
		if s := b.PopFirst(); p.AttackersTo(s, w, occFrom|s.Bitboard())&^worst.Bitboard() == 0 {
			dests &^= s.Bitboard() // the loser's king would take it
		}
	}
	var r badnessMap
	r.init(pt, occFrom, lk, want, mates)
	for range 4 {
		if dests == 0 {
			break
		}
		// The least bad squares, and of those the nearest to e.
		best, bd := chess.NoSquare, 99
		for b := r.least(dests); b != 0; {
			if s := b.PopFirst(); int(toE[s&63]) < bd {
				best, bd = s, int(toE[s&63])
			}
		}
		if m := chess.NewMove(worst, best); a.bareSafe(p, m, lk, ply) {
			return m, false
		}
		dests &^= best.Bitboard()
	}
	return noMove, false
}

// pieceAttacksNoK returns the attacks of the queen or rook on s over occ.
func pieceAttacksNoK(p *chess.Position, s chess.Square, occ chess.Bitboard) chess.Bitboard {
	att := chess.RookAttacks(s, occ)
	if p.PieceAt(s).Type() == chess.Queen {
		att |= chess.BishopAttacks(s, occ)
	}
	return att
}

// bareBadness rates a queen or rook on s that attacks att (lower is
// better): it should not check the loser's king on lk, not cover the
// squares it wants (want), and be one move from a check along the edge
// line (mates).
func bareBadness(att chess.Bitboard, s, lk chess.Square, want, mates chess.Bitboard) int {
	bad := 2 * (att & want).Count()
	if att.Has(lk) {
		bad += 4
	}
	if att&mates == 0 || mates.Has(s) {
		bad++
	}
	return bad
}

// bareSafe reports whether the winner's move m leaves the loser's king on
// lk a step (the construction's loser moves nothing else), and keeps the
// winner's attacks after m in a.lone.bareAtt for the loser's next ply.
// A move that mates is not safe either: the construction finds its mates
// in bareMate.
func (a *Analyzer) bareSafe(p *chess.Position, m chess.Move, lk chess.Square, ply int) bool {
	att, occ := a.attacksAfter(p, m, lk)
	a.lone.bareAtt = att
	return chess.KingAttacks(lk)&^occ&^att != 0
}

// attacksAfter returns the squares the winner attacks after its move m in
// p (through the loser's king on lk), and the occupied squares then,
// without playing m. m is a king step, a queen's or rook's move or a
// pawn's step (possibly taking a loser's pawn), so after it the winner's
// men attack what they attacked from where they stand, over the new
// occupancy, but for the moved man, which attacks from its new square as
// what it has become.
func (a *Analyzer) attacksAfter(p *chess.Position, m chess.Move, lk chess.Square) (att, occ chess.Bitboard) {
	w := a.w
	from, to := m.From(), m.To()
	occ = p.Occupied()&^from.Bitboard() | to.Bitboard()
	occNoK := occ &^ lk.Bitboard()
	pt := p.PieceAt(from).Type()
	if m.IsPromotion() {
		pt = m.Promotion()
	}
	att = chess.PieceAttacks(w, pt, to, occNoK)
	rest := p.ByColor(w) &^ from.Bitboard()
	att |= pawnCaptures(w, p.Pieces(w, chess.Pawn)&rest)
	for b := p.Pieces(w, chess.Knight) & rest; b != 0; {
		att |= chess.KnightAttacks(b.PopFirst())
	}
	q := p.Pieces(w, chess.Queen) & rest
	for b := p.Pieces(w, chess.Bishop)&rest | q; b != 0; {
		att |= chess.BishopAttacks(b.PopFirst(), occNoK)
	}
	for b := p.Pieces(w, chess.Rook)&rest | q; b != 0; {
		att |= chess.RookAttacks(b.PopFirst(), occNoK)
	}
	if wk := p.KingSquare(w); wk != from {
		att |= chess.KingAttacks(wk)
	}
	return att, occ
}

// bareMate tries the checks by queens and rooks that may leave the loser's
// king on lk without a flight square (att: the winner's attacks through
// the king now) and reports a mate (copied to a.mateLine). With a bare
// king, a check mates exactly when the king has no step to a square the
// winner does not attack (through the king): no other man can take the
// checker or interpose. With pawns, the move generator decides.
func (a *Analyzer) bareMate(p *chess.Position, lk chess.Square, occ, att, heavy chess.Bitboard, ply int) bool {
	around := chess.KingAttacks(lk)
	lp := p.Pieces(a.l, chess.Pawn)
	for m := range heavyChecks(p, a.w, lk, occ, heavy, around&^att&^lp) {
		a.nodes++
		var mate bool
		if lp == 0 {
			att2, _ := a.attacksAfter(p, m, lk)
			mate = around&^att2 == 0
		} else {
			c := *p
			c.Play(m)
			mate = !c.HasLegalMove()
		}
		if mate {
			// Checked (the piece on to attacks lk) with no flight.
			a.line[ply] = m
			a.mateLen = ply + 1
			copy(a.mateLine[:ply+1], a.line[:ply+1])
			return true
		}
	}
	return false
}

// within2 holds, by square, the squares at most two king steps from it.
var within2 = withinSteps(2)

// withinSteps returns, by square, the squares at most d king steps from
// it (plain distance).
func withinSteps(d int) (t [64]chess.Bitboard) {
	for s := range t {
		for k := 0; k <= d; k++ {
			t[s] |= distRing[s][k]
		}
	}
	return
}

// distRing holds, by square s and distance d, the squares d king steps
// from s (plain distance).
var distRing = func() (t [64][8]chess.Bitboard) {
	for a := range 64 {
		for b := range 64 {
			t[a][dist(chess.Square(a), chess.Square(b))] |= chess.Square(b).Bitboard()
		}
	}
	return
}()

// nearest returns the square of set (not empty) nearest to t by plain
// king distance, the first in square order among the nearest; none of set
// is nearer than lo steps (a lower bound, which only saves rings: next to
// a square at distance d, the nearest can be at d-1).
func nearest(set chess.Bitboard, t chess.Square, lo int) chess.Square {
	ring := &distRing[t&63]
	for d := max(lo, 0); d < len(ring); d++ {
		if x := set & ring[d]; x != 0 {
			return x.First()
		}
	}
	return set.First() // not reached: set is not empty
}
