package unwinnable

import (
	"github.com/arbiter-chess/arbiter/chess"
)

// The lone-king construction: when the loser has nothing but its king and
// the winner has a queen, a rook or a pawn, a mate is built directly
// instead of searched for. The plan is a back-rank mate: the loser's king
// walks to an edge square e, the winner's king to the square two steps
// inside from e (facing it), a queen or rook (promoted first from the most
// advanced pawn when there is none, once the loser's king could not be
// forced to take it: see promotionTaken) waits on a square from which it can
// reach the edge line through e, and checks along that line when the loser's
// king stands on e. Every ply generates only the moves the plan wants (the
// loser's king steps, the winner's king steps, the heavy piece's moves, one
// pawn push) instead of every legal move. At every position with the winner
// to move, the checks by its queens and rooks (and checking promotions) that
// may leave no flight square are tried for a mate. A line it finds is a
// witness like any other; when it fails, the dives take over.
//
// Legality: the loser has only its king, so the winner is never in check and
// none of its pieces is pinned: every move of a winner's piece to a square
// not holding its own piece or the loser's king is legal, except a king
// step next to the loser's king. The loser's king steps are tested for
// attacks with the king itself removed from the board.

const (
	lonePlies = 96 // longest line of the construction
	loneTries = 2  // target squares tried
	loneMoves = 64 // candidate moves per ply
)

// loneTarget is the mating configuration.
type loneTarget struct {
	e    chess.Square   // where the loser's king is mated
	k    chess.Square   // where the winner's king stands, two steps inside
	line chess.Bitboard // the edge line through e
	in   int            // square offset pointing inside
	// ld counts the loser king's steps to e around the pawns and the
	// squares next to k; wd the winner king's steps to k around the pawns
	// and the squares the loser's pawns attack.
	ld, wd kingDist
}

// kingDist holds the numbers of king steps to a square over a set of free
// squares (the square itself need not be free), 16 more than the plain
// distance for the squares no path reaches. They are all computed at once:
// a lookup is then a load, without a branch.
type kingDist struct {
	d [64]int8
}

// init computes the distances to s over free.
func (k *kingDist) init(s chess.Square, free chess.Bitboard) {
	s &= 63
	if free == ^chess.Bitboard(0) {
		// Nothing in the way: the plain king distances.
		k.d = distRows[s]
		return
	}
	// Breadth-first, ring by ring, over the unreachable distances.
	const fileA, fileH chess.Bitboard = 0x0101010101010101, 0x8080808080808080
	k.d = farRows[s]
	k.d[s] = 0
	front := s.Bitboard()
	seen := front
	for n := int8(1); ; n++ {
		x := front | front<<1&^fileA | front>>1&^fileH
		x |= x<<8 | x>>8
		if front = x & free &^ seen; front == 0 {
			return
		}
		seen |= front
		for b := front; b != 0; {
			k.d[b.PopFirst()] = n
		}
	}
}

// distRows holds the king distances from each square, farRows 16 more.
var distRows, farRows = func() (t, f [64][64]int8) {
	for a := range 64 {
		for b := range 64 {
			t[a][b] = int8(dist(chess.Square(a), chess.Square(b)))
			f[a][b] = 16 + t[a][b]
		}
	}
	return
}()

// at returns the number of king steps from x to the square, or 16 more
// than the plain distance when no path over free squares leads there.
func (k *kingDist) at(x chess.Square) int {
	return int(k.d[x&63])
}

// fill starts t.ld and t.wd.
func (t *loneTarget) fill(p *chess.Position, w chess.Color) {
	pawns := p.PiecesOfType(chess.Pawn)
	var lpAtt chess.Bitboard
	for b := p.Pieces(w.Other(), chess.Pawn); b != 0; {
		lpAtt |= chess.PawnAttacks(w.Other(), b.PopFirst())
	}
	t.ld.init(t.e, ^(pawns | chess.KingAttacks(t.k)))
	t.wd.init(t.k, ^(pawns | lpAtt))
}

// chooseLoneTarget sets t.e, t.k, t.line and t.in to the edge square that
// the two kings reach soonest, and reports whether there is one: extra is
// the number of winner's moves needed before its king can walk (pawn pushes
// to promotion). With narrow, only the squares of each edge line between
// the files (or ranks) of the two kings and one beyond are looked at
// (where the cost is least), unless all of those are left out: the
// bare-king construction does not need the very best target, and it
// chooses one again and again.
func chooseLoneTarget(t *loneTarget, p *chess.Position, w chess.Color, lk, wk chess.Square, extra int, banned chess.Bitboard, narrow bool) bool {
	own := p.ByColor(w)&^p.Pieces(w, chess.King) | p.Pieces(w.Other(), chess.Pawn)
	heavy := p.Pieces(w, chess.Queen) | p.Pieces(w, chess.Rook)
	toL, toW := &distTable[lk&63], &distTable[wk&63] // the kings' distances
	bc := 1 << 30
	for side := 0; side < 4; side++ {
		var line chess.Bitboard
		in := 0
		// The kings' distances to the line (the winner's to the line two
		// steps inside) bound those to any square of it.
		var de, dk int
		switch side {
		case 0:
			line, in = chess.RankBB(0), 8
			de, dk = lk.Rank(), abs(wk.Rank()-2)
		case 1:
			line, in = chess.RankBB(7), -8
			de, dk = 7-lk.Rank(), abs(wk.Rank()-5)
		case 2:
			line, in = chess.FileBB(0), 1
			de, dk = lk.File(), abs(wk.File()-2)
		default:
			line, in = chess.FileBB(7), -1
			de, dk = 7-lk.File(), abs(wk.File()-5)
		}
		if dk += extra; 4*max(de, dk)+de+dk >= bc {
			continue
		}
		// The squares of the line whose k holds one of the pieces in own,
		// shifted onto the line: they are left out with those of e.
		var ownK chess.Bitboard
		if in > 0 {
			ownK = own >> (2 * in)
		} else {
			ownK = own << (-2 * in)
		}
		cand := line &^ (own | ownK | banned)
		if narrow {
			var window chess.Bitboard
			if in == 8 || in == -8 {
				lo, hi := max(min(lk.File(), wk.File())-1, 0), min(max(lk.File(), wk.File())+1, 7)
				window = chess.Bitboard(0xFF>>(7-hi)&(0xFF<<lo)) * fileA
			} else {
				lo, hi := max(min(lk.Rank(), wk.Rank())-1, 0), min(max(lk.Rank(), wk.Rank())+1, 7)
				window = full >> (8 * (7 - hi)) & (full << (8 * lo))
			}
			if cand&window != 0 {
				cand &= window
			}
		}
		for b := cand; b != 0; {
			e := b.PopFirst()
			k := e + chess.Square(2*in)
			de, dk := int(toL[e&63]), int(toW[k&63])+extra
			c := 4*max(de, dk) + de + dk
			if c >= bc {
				continue // the heavy pieces only add to it
			}
			// A heavy piece whose rank or file lies between the loser's
			// king and e cuts it off: it has to move away first.
			for b := heavy; b != 0; {
				h := b.PopFirst()
				if between(h.Rank(), lk.Rank(), e.Rank()) || between(h.File(), lk.File(), e.File()) {
					c += 3
				}
			}
			if c < bc {
				t.e, t.k, t.line, t.in, bc = e, k, line, in, c
			}
		}
	}
	return bc < 1<<30
}

// between reports whether x lies between a and b, b included.
func between(x, a, b int) bool {
	return a < x && x <= b || b <= x && x < a
}

// loneKing runs the construction from root. It reports a mate (line in
// a.mateLine[:a.mateLen]).
func (a *Analyzer) loneKing(root *chess.Position) bool {
	return a.loneKingAt(root, 0)
}

// loneKingAt runs the construction from p, reached at ply ply0 of a line
// whose moves are in a.line[:ply0] (a dive that has just taken the loser's
// last piece); a mate it finds is that line continued.
func (a *Analyzer) loneKingAt(root *chess.Position, ply0 int) bool {
	w, l := a.w, a.l
	if root.ByColor(l) != root.Pieces(l, chess.King)|root.Pieces(l, chess.Pawn) {
		return false
	}
	heavyPieces := func(p *chess.Position) chess.Bitboard {
		return p.Pieces(w, chess.Queen) | p.Pieces(w, chess.Rook)
	}
	if heavyPieces(root) == 0 {
		// Pawns only: one must be able to step forward or capture.
		pawns := root.Pieces(w, chess.Pawn)
		open := forward(w, pawns) &^ root.Occupied() // the king may step aside
		open |= forward(w, pawns) & root.Pieces(l, chess.King)
		var capt chess.Bitboard
		for b := pawns; b != 0; {
			capt |= chess.PawnAttacks(w, b.PopFirst())
		}
		if open == 0 && capt&root.Pieces(l, chess.Pawn) == 0 {
			return false
		}
	}
	return tryTargets(loneTries, func(banned chess.Bitboard) (chess.Square, bool) {
		return a.loneLine(root, banned, ply0)
	})
}

// tryTargets runs a construction (line: a mate found, or else the target
// square it used, NoSquare when it cannot be tried again) up to tries
// times, each failed target square banned with its neighbours for the
// next attempt, and reports a mate.
func tryTargets(tries int, line func(banned chess.Bitboard) (chess.Square, bool)) bool {
	var banned chess.Bitboard
	for range tries {
		e, found := line(banned)
		if found {
			return true
		}
		if e == chess.NoSquare {
			return false
		}
		banned |= e.Bitboard() | chess.KingAttacks(e)
	}
	return false
}

// loneLine runs the construction once from root (at ply ply0 of the line),
// avoiding the banned target squares. It reports a mate, or else the target
// square it used (NoSquare when the construction cannot be tried again).
func (a *Analyzer) loneLine(root *chess.Position, banned chess.Bitboard, ply0 int) (chess.Square, bool) {
	w, l := a.w, a.l
	heavyPieces := func(p *chess.Position) chess.Bitboard {
		return p.Pieces(w, chess.Queen) | p.Pieces(w, chess.Rook)
	}
	p := *root
	var t loneTarget
	haveTarget := false
	// The scratch arrays live in a.lone: every entry is written before it
	// is read, so they need no clearing.
	cand, score, seen := &a.lone.cand, &a.lone.score, &a.lone.seen
	first := chess.NoSquare
	stop := ply0 + lonePlies
	// The squares the winner attacks through the loser's king, when
	// lonePlay has found them after the winner's move (wAttOK).
	var wAtt chess.Bitboard
	wAttOK := false
	for ply := ply0; ply < stop && ply < maxPly-2; ply++ {
		if a.nodes >= a.limit {
			return chess.NoSquare, false
		}
		a.nodes++
		// A repeated position: the plan goes round in circles.
		i := ply - ply0
		seen[i] = p.Hash()
		// (Only the positions since the last capture or pawn move can
		// repeat.)
		for j, lo := i-4, max(0, i-p.HalfmoveClock()); j >= lo; j -= 2 {
			if seen[j] == seen[i] {
				return first, false
			}
		}
		lk, wk := p.KingSquare(l), p.KingSquare(w)
		occ := p.Occupied()
		heavy := heavyPieces(&p)
		if !haveTarget {
			extra := 0
			if heavy == 0 {
				extra = promotionDistance(&p, w)
			}
			if !chooseLoneTarget(&t, &p, w, lk, wk, extra, banned, false) {
				return chess.NoSquare, false
			}
			t.fill(&p, w)
			haveTarget = true
			if first == chess.NoSquare {
				first = t.e
			}
			stop = min(ply0+lonePlies, ply+2*(max(t.ld.at(lk), t.wd.at(wk))+extra)+24)
		}
		// The squares ahead of the winner's pawns: the loser's king keeps
		// off them.
		var path chess.Bitboard
		if heavy == 0 {
			for b := forward(w, p.Pieces(w, chess.Pawn)); b != 0; b = forward(w, b) {
				path |= b
			}
		}
		n, reduced := 0, false
		if p.SideToMove() == l {
			// The loser's king: towards e, off the pawns' paths, capturing
			// nothing.
			// The squares the winner attacks, through the loser's king.
			if !wAttOK {
				wAtt = attacksOf(&p, w, occ&^lk.Bitboard())
			}
			for d := chess.KingAttacks(lk) &^ p.ByColor(l) &^ wAtt; d != 0; {
				to := d.PopFirst()
				s := -10 * t.ld.at(to)
				if heavy == 0 {
					s = -10 * dist(to, t.e)
				}
				if occ.Has(to) {
					s -= 1000
				}
				if path.Has(to) {
					s -= 25
				}
				cand[n], score[n] = chess.NewMove(lk, to), s
				n++
			}
			if n == 0 && p.Pieces(l, chess.Pawn) != 0 {
				// No king step: a pawn moves instead (promoting only to a
				// knight, which can pin nothing).
				ml := &a.frames[maxPly].ml
				p.LegalMovesTo(ml, chess.Pawn, ^chess.Bitboard(0))
				for _, m := range ml.Slice() {
					if n == len(cand) {
						break
					}
					switch m.Promotion() {
					case chess.NoPieceType:
						cand[n], score[n] = m, 0
					case chess.Knight:
						cand[n], score[n] = m, -50
					default:
						continue
					}
					n++
				}
			}
			if n == 0 {
				return first, a.loneEnd(&p, ply)
			}
		} else {
			if p.InCheck() {
				return first, false // by a pawn: not in the plan
			}
			// The plan mates on the edge: probe only there.
			if edgeDist(lk) == 0 && (heavy != 0 || p.Pieces(w, chess.Pawn)&relRank(w, 6) != 0) {
				if a.loneMate(&p, lk, occ, heavy, ply) {
					return first, true
				}
			}
			n, reduced = a.loneWinner(&p, &t, lk, wk, occ, heavy, false, false, cand[:], score[:])
		}
		// Play the best candidate that does not stalemate the loser. The
		// winner's heavy pieces are only considered when its king has no
		// useful step (or has reached its square). A reduced list holds
		// the best move of each heavy piece only: when that stalemates,
		// the full list is made and played from instead.
		wAttOK = false
		played := a.lonePlay(&p, ply, cand[:n], score[:n], &wAtt, reduced)
		if !played && reduced {
			n, _ = a.loneWinner(&p, &t, lk, wk, occ, heavy, false, true, cand[:], score[:])
			played = a.lonePlay(&p, ply, cand[:n], score[:n], &wAtt, false)
		}
		if !played && p.SideToMove() == w && heavy != 0 {
			n, reduced = a.loneWinner(&p, &t, lk, wk, occ, heavy, true, false, cand[:], score[:])
			played = a.lonePlay(&p, ply, cand[:n], score[:n], &wAtt, reduced)
			if !played && reduced {
				n, _ = a.loneWinner(&p, &t, lk, wk, occ, heavy, true, true, cand[:], score[:])
				played = a.lonePlay(&p, ply, cand[:n], score[:n], &wAtt, false)
			}
		}
		if !played {
			return first, false
		}
		wAttOK = p.SideToMove() == l
		if heavy == 0 && heavyPieces(&p) != 0 {
			haveTarget = false // promoted: pick the target again
		}
	}
	return first, false
}

// lonePlay plays on p the candidate with the best score (the first one)
// that does not stalemate the loser, and reports whether there was one.
// With firstOnly, only the best candidate is tried. After a winner's move
// it sets *wAtt to the squares the winner attacks through the loser's king
// (attacksOf), which the loser's next ply needs.
func (a *Analyzer) lonePlay(p *chess.Position, ply int, cand []chess.Move, score []int, wAtt *chess.Bitboard, firstOnly bool) bool {
	score = score[:len(cand)]
	for n := len(cand); n > 0; {
		bi, bs := 0, score[0]
		for i, s := range score[1:n] {
			if s > bs {
				bi, bs = i+1, s
			}
		}
		m := cand[bi]
		cand[bi], score[bi] = cand[n-1], score[n-1]
		n--
		// The move is played in place: a copy is needed only to take back
		// a winner's move that stalemates, which is rare.
		if p.SideToMove() != a.w {
			p.Play(m)
			a.line[ply] = m
			return true
		}
		saved := *p
		p.Play(m)
		// A step of the loser's king (a legal move: the winner's attacks
		// are taken through the king) rules the stalemate out; without
		// one, its pawns may still move.
		lk := p.KingSquare(a.l)
		att := attacksOf(p, a.w, p.Occupied()&^lk.Bitboard())
		if chess.KingAttacks(lk)&^p.ByColor(a.l)&^att == 0 && !p.HasLegalMove() && !p.InCheck() {
			*p = saved
			if firstOnly {
				return false
			}
			continue
		}
		*wAtt = att
		a.line[ply] = m
		return true
	}
	return false
}

// loneEnd handles the loser's king without a move: mate or stalemate.
func (a *Analyzer) loneEnd(p *chess.Position, ply int) bool {
	if p.InCheck() && !p.HasLegalMove() {
		return a.terminal(p, ply)
	}
	return false
}

// loneWinner fills cand with the winner's candidate moves and their scores,
// and returns their number. Without withHeavy, the heavy pieces are left
// out when they stand well and the king has a step towards its square.
// Without all, the list may be reduced (reported by reduced): each heavy
// piece is represented by its best move only (the first of the best in the
// full list's order), so that the list's first best move is that of the
// full list, but not the ones after it.
func (a *Analyzer) loneWinner(p *chess.Position, t *loneTarget, lk, wk chess.Square, occ, heavy chess.Bitboard, withHeavy, all bool, cand []chess.Move, score []int) (n int, reduced bool) {
	w := a.w
	own := p.ByColor(w)
	add := func(m chess.Move, s int) {
		if n < len(cand) {
			cand[n], score[n] = m, s
			n++
		}
	}
	lkZone := chess.KingAttacks(lk)
	// King steps: towards the target square, or towards the pawn to escort
	// while there is no heavy piece.
	kt := t.k
	if heavy == 0 {
		kt = pawnTarget(p, w)
		if kt == chess.NoSquare {
			kt = t.k
		}
	}
	lpawns := p.Pieces(a.l, chess.Pawn)
	// The loser has only its king and pawns: the squares its pawns attack
	// (those next to its king are left out anyway).
	var lpAtt chess.Bitboard
	if p.ByColor(a.l) == lpawns|lk.Bitboard() {
		lpAtt = pawnCaptures(a.l, lpawns) &^ lkZone
	} else {
		lpAtt, _ = sideAttacks(p, a.l, 0) // a knight promoted on the way too
		lpAtt &^= lkZone
	}
	wkd := 0
	if heavy != 0 {
		wkd = t.wd.at(wk)
	}
	for d := chess.KingAttacks(wk) &^ own &^ lkZone &^ lk.Bitboard() &^ lpAtt; d != 0; {
		to := d.PopFirst()
		s := -60 // a last resort
		if heavy != 0 && t.wd.at(to) < wkd || heavy == 0 && dist(to, kt) < dist(wk, kt) {
			s = 100
		} else if !withHeavy && heavy != 0 {
			continue
		}
		if heavy == 0 {
			s -= 20 // pawn pushes first
		}
		add(chess.NewMove(wk, to), s)
	}
	if heavy == 0 {
		// Push the most advanced pawn that can step forward.
		pawns := p.Pieces(w, chess.Pawn)
		bestFrom, bestRank := chess.NoSquare, -1
		for b := pawns; b != 0; {
			s := b.PopFirst()
			if occ&forward(w, s.Bitboard()) != 0 {
				continue
			}
			if r := s.Rank() ^ int(w)*7; r > bestRank {
				bestFrom, bestRank = s, r
			}
		}
		if bestFrom != chess.NoSquare {
			to := forward(w, bestFrom.Bitboard()).First()
			if bestRank == 6 {
				s := 100
				if a.promotionTaken(p, bestFrom, to, lk, lkZone, occ) {
					s = -100 // the king steps first
				}
				add(chess.NewPromotion(bestFrom, to, chess.Queen), s)
				add(chess.NewPromotion(bestFrom, to, chess.Rook), s-10)
			} else {
				add(chess.NewMove(bestFrom, to), 50)
			}
			return n, false
		}
		// No pawn can step forward: a pawn capture may open a file.
		for b := pawns; b != 0; {
			from := b.PopFirst()
			for d := chess.PawnAttacks(w, from) & lpawns; d != 0; {
				to := d.PopFirst()
				if (to.Rank() ^ int(w)*7) == 7 {
					add(chess.NewPromotion(from, to, chess.Queen), 95)
				} else {
					add(chess.NewMove(from, to), 90)
				}
			}
		}
		return n, false
	}
	// The heavy pieces: wait on a square from which a check along the edge
	// line is one move away, without checking, without standing on the
	// loser's way to e, and out of reach of its king unless protected.
	occE := occ&^lk.Bitboard() | t.e.Bitboard()
	var mates chess.Bitboard // squares of the line to check e from
	for b := t.line &^ chess.KingAttacks(t.e) &^ t.e.Bitboard() &^ occ; b != 0; {
		s := b.PopFirst()
		if chess.Between(s, t.e)&occE == 0 {
			mates |= s.Bitboard()
		}
	}
	// The squares the loser's king wants to step on.
	want := t.e.Bitboard()
	kd := t.ld.at(lk)
	for d := lkZone; d != 0; {
		if to := d.PopFirst(); t.ld.at(to) < kd {
			want |= to.Bitboard()
		}
	}
	if !withHeavy && n > 0 {
		bad := false
		for b := heavy; b != 0 && !bad; {
			from := b.PopFirst()
			bad = loneBadness(p.PieceAt(from).Type(), from, occ, lk, want, mates) > 1
		}
		if !bad {
			return n, false
		}
	}
	// With at most two heavy pieces the full list cannot overflow cand
	// (8 king steps and 27 moves per queen), so a reduced list has the
	// same first best move.
	reduced = !all && heavy.Count() <= 2
	for b := heavy; b != 0; {
		from := b.PopFirst()
		pt := p.PieceAt(from).Type()
		occFrom := occ &^ from.Bitboard()
		now := loneBadness(pt, from, occ, lk, want, mates)
		var r badnessMap
		r.init(pt, occFrom&^lk.Bitboard(), lk, want, mates)
		dests := chess.PieceAttacks(w, pt, from, occ) &^ own &^ lk.Bitboard()
		// Next to the loser's king and defended by no other piece: the
		// badness is 100 more.
		var exposed chess.Bitboard
		for d := dests & lkZone; d != 0; {
			to := d.PopFirst()
			if p.AttackersTo(to, w, occFrom|to.Bitboard())&^from.Bitboard() == 0 {
				exposed |= to.Bitboard()
			}
		}
		score := func(to chess.Square) int {
			bad := r.at(to)
			if exposed.Has(to) {
				bad += 100
			}
			return 20*(now-bad) - bad - dist(to, t.e)/4
		}
		if !reduced {
			for d := dests; d != 0; {
				to := d.PopFirst()
				add(chess.NewMove(from, to), score(to))
			}
			continue
		}
		if dests == 0 {
			continue
		}
		// The score falls with the badness (by 21 a point, exposed squares
		// last) and then by one from four steps from e on: the best
		// squares are those of least badness, the nearest to e of them, and
		// the first of those in the list's order is the lowest square.
		best := dests &^ exposed
		if best == 0 {
			best = dests
		}
		best = r.least(best)
		if near := best & within3[t.e]; near != 0 {
			best = near
		}
		to := best.First()
		add(chess.NewMove(from, to), score(to))
	}
	return n, reduced
}

// promotionTaken reports whether the loser's king (on lk, lkZone its
// squares) would have to take the queen promoted from from to to: the queen
// stands next to it, nothing else defends it, and the king has no other
// step (the squares the pawn attacked from from still count as covered,
// which only errs towards waiting). The construction's loser never
// captures by choice, but a king with no other move must; the winner's
// king then steps first, towards the pawn, or the loser's king walks away.
func (a *Analyzer) promotionTaken(p *chess.Position, from, to, lk chess.Square, lkZone, occ chess.Bitboard) bool {
	if !lkZone.Has(to) {
		return false
	}
	occ = occ&^from.Bitboard()&^lk.Bitboard() | to.Bitboard()
	if p.AttackersTo(to, a.w, occ) != 0 {
		return false
	}
	att := attacksOf(p, a.w, occ) | chess.QueenAttacks(to, occ)
	return lkZone&^p.ByColor(a.l)&^att&^to.Bitboard() == 0
}

// within3 holds, by square, the squares at most three king steps from it.
var within3 = withinSteps(3)

// loneScratch holds the arrays of loneLine, kept in the Analyzer so that
// they are not cleared at every call.
type loneScratch struct {
	cand  [loneMoves]chess.Move
	score [loneMoves]int
	seen  [lonePlies]uint64
	// The winner's attacks (through the loser's king) after the last move
	// bareSafe looked at (bare.go).
	bareAtt chess.Bitboard
}
