package unwinnable

import "github.com/arbiter-chess/arbiter/chess"

// The blocker construction: when the winner has nothing but its king and
// one minor piece, a mate needs the loser's king in a corner with one of
// its own men on a square next to it. The construction names the squares
// of such a mate (a cornerPattern) and runs dives (dive.go) whose scores
// drive each piece to its square: the loser's king to the corner c, the
// loser's man nearest to it (in moves of its own kind) to the blocking
// square x, the winner's king to k, from where it covers the two other
// flight squares, and the minor piece to a square from which it can check
// the corner (a bishop where no loser's man can block the check, and off
// the corner's diagonal until then: there it would keep the king out, or
// pin the man in between). The other men of the loser stay out of the
// way; nobody captures or checks. The dives' mate-in-one probe, at every
// position with the winner to move, finds the mate once everything
// stands; a line it finds is a witness like any other, and a construction
// that fails proves nothing. The generic corner plan of the dives gives every man the same
// vague goal (next to the corner), so that the blocker and the winner's
// king seldom meet on matching squares. The construction runs after the
// dives' first three (short) variants and before the others: on random
// positions it mates most, but among the final positions of real games the
// dives mate most within a few dozen nodes, and run before every dive it
// cost more nodes than it saved; run after all of them, the hard positions
// paid for many nodes of dives first.
//
// For the corner h8 the patterns are: blocker on g8 with the winner's king
// on g6 or h6 (covering g7 and h7), and blocker on h7 with the king on f7 or
// f8 (covering g7 and g8); the other corners are mirror images. A bishop
// mates only in the corners of its colour, checking along the long
// diagonal; a knight checks from the two squares a knight's move away.

const (
	maxPatterns = 16  // 4 corners, 4 patterns each
	cornerPlies = 60  // length of one blocker dive
	cornerNodes = 600 // node cap of the construction
	cornerDiveN = 4   // patterns tried (the cheapest ones)
	farAway     = 64  // a distance that stands for "cannot get there"
)

// cornerPattern names the squares of a corner mate: the loser's king on c,
// a loser's man on x, the winner's king on k, and the minor piece checking
// from one of checks.
type cornerPattern struct {
	c, x, k chess.Square
	checks  chess.Bitboard
	cost    int // estimated moves to set it up (for the order)
	// ld counts the loser king's steps to c around the squares next to k.
	ld kingDist
}

// knightDist[a][b] is the number of knight moves from a to b on an empty
// board.
var knightDist = func() (t [64][64]int8) {
	for a := range 64 {
		for b := range 64 {
			t[a][b] = farAway
		}
		t[a][a] = 0
		front := chess.Square(a).Bitboard()
		seen := front
		for d := int8(1); front != 0; d++ {
			var next chess.Bitboard
			for b := front; b != 0; {
				next |= chess.KnightAttacks(b.PopFirst())
			}
			front = next &^ seen
			seen |= front
			for b := front; b != 0; {
				t[a][b.PopFirst()] = d
			}
		}
	}
	return
}()

// loneMinor reports whether w has nothing but its king and one knight or
// one bishop.
func loneMinor(p *chess.Position, w chess.Color) bool {
	minor := p.Pieces(w, chess.Knight) | p.Pieces(w, chess.Bishop)
	return minor != 0 && !minor.More() && p.ByColor(w) == minor|p.Pieces(w, chess.King)
}

// manDist estimates the moves a man of type pt of colour c needs from s to
// x on an empty board (farAway when it never can). A pawn counts its pushes
// along its file, or its pushes to promotion and the moves of the best
// minor piece or rook from there.
func manDist(pt chess.PieceType, c chess.Color, s, x chess.Square) int {
	if s == x {
		return 0
	}
	line := func(att chess.Bitboard) int {
		if att.Has(x) {
			return 1
		}
		return 2
	}
	switch pt {
	case chess.Knight:
		return int(knightDist[s][x])
	case chess.Bishop:
		if darkSquares.Has(s) != darkSquares.Has(x) {
			return farAway
		}
		return line(chess.BishopAttacks(s, 0))
	case chess.Rook:
		return line(chess.RookAttacks(s, 0))
	case chess.Queen:
		return line(chess.QueenAttacks(s, 0))
	case chess.Pawn:
		rs, rx := s.Rank()^int(c)*7, x.Rank()^int(c)*7
		if s.File() == x.File() && rx > rs && rx < 7 {
			return rx - rs
		}
		q := chess.NewSquare(s.File(), 7^int(c)*7)
		d := manDist(chess.Knight, c, q, x)
		d = min(d, manDist(chess.Bishop, c, q, x), manDist(chess.Rook, c, q, x))
		return 7 - rs + d
	}
	return farAway
}

// cornerPatterns fills pats with the patterns that fit p (winner w with a
// lone minor piece), cheapest first, and returns how many there are.
func cornerPatterns(p *chess.Position, w chess.Color, pats *[maxPatterns]cornerPattern) int {
	l := w.Other()
	lk, wk := p.KingSquare(l), p.KingSquare(w)
	bishop := p.Pieces(w, chess.Bishop)
	men := p.ByColor(l) &^ p.Pieces(l, chess.King)
	n := 0
	for _, c := range [4]chess.Square{chess.A1, chess.H1, chess.A8, chess.H8} {
		if bishop != 0 && darkSquares.Has(c) != (bishop&darkSquares != 0) {
			continue
		}
		cf, cr := c.File(), c.Rank()
		df, dr := 1, 1
		if cf == 7 {
			df = -1
		}
		if cr == 7 {
			dr = -1
		}
		sq := chess.NewSquare
		e1, e2 := sq(cf+df, cr), sq(cf, cr+dr)
		for _, xk := range [4][2]chess.Square{
			{e1, sq(cf+df, cr+2*dr)}, {e1, sq(cf, cr+2*dr)},
			{e2, sq(cf+2*df, cr+dr)}, {e2, sq(cf+2*df, cr)},
		} {
			x, k := xk[0], xk[1]
			bd := farAway
			for b := men; b != 0; {
				s := b.PopFirst()
				bd = min(bd, manDist(p.PieceAt(s).Type(), l, s, x))
			}
			if bd >= farAway {
				continue
			}
			pat := cornerPattern{c: c, x: x, k: k}
			if bishop != 0 {
				pat.checks = chess.BishopAttacks(c, 0)
			} else {
				pat.checks = chess.KnightAttacks(c) &^ k.Bitboard()
			}
			pat.cost = 2*max(dist(lk, c), bd, dist(wk, k)) + dist(lk, c) + bd + dist(wk, k)
			i := n
			for ; i > 0 && pats[i-1].cost > pat.cost; i-- {
				pats[i] = pats[i-1]
			}
			pats[i] = pat
			n++
		}
	}
	return n
}

// cornerDives runs the blocker construction from root (the winner has a
// lone minor piece) until it finds a mate (line in a.mateLine[:a.mateLen])
// or the node count reaches stop: one dive for each of the cheapest
// patterns.
func (a *Analyzer) cornerDives(root *chess.Position, stop int) bool {
	var pats [maxPatterns]cornerPattern
	n := min(cornerPatterns(root, a.w, &pats), cornerDiveN)
	a.limit = stop
	defer func() { a.pat = nil }()
	for i := 0; i < n && a.nodes < stop; i++ {
		a.pat = &pats[i]
		a.pat.ld.init(a.pat.c, ^chess.KingAttacks(a.pat.k))
		if a.dive(root, cornerPlies, 0) {
			return true
		}
	}
	return false
}

// menAttacks returns the squares attacked by c's pieces and pawns, its king
// left out.
func menAttacks(p *chess.Position, c chess.Color, occ chess.Bitboard) chess.Bitboard {
	att := pawnCaptures(c, p.Pieces(c, chess.Pawn))
	for b := p.Pieces(c, chess.Knight); b != 0; {
		att |= chess.KnightAttacks(b.PopFirst())
	}
	q := p.Pieces(c, chess.Queen)
	for b := p.Pieces(c, chess.Bishop) | q; b != 0; {
		att |= chess.BishopAttacks(b.PopFirst(), occ)
	}
	for b := p.Pieces(c, chess.Rook) | q; b != 0; {
		att |= chess.RookAttacks(b.PopFirst(), occ)
	}
	return att
}

// patternScores fills a.scores (score*16 plus the noise) for the moves of
// f under the blocker plan a.pat and returns the index of the best one.
func (a *Analyzer) patternScores(p *chess.Position, ctx *diveContext, f *frame, winnerToMove bool, seed, noise uint32) (best int) {
	bs := triedScore
	var sc scorer
	if winnerToMove {
		sc = a.winnerPatternScorer(p, ctx)
	} else {
		sc = a.loserPatternScorer(p, ctx)
	}
	moves := f.ml.Moves[:f.ml.N]
	scores, class := a.scores[:len(moves)], f.class[:len(moves)]
	for i, m := range moves {
		var s int
		if winnerToMove {
			s = sc.winner(p, m, class[i] != 0)
		} else {
			s = sc.loser(p, m)
		}
		v := int32(s*16) + diveNoise(i, seed, noise)
		scores[i] = v
		if v > bs {
			best, bs = i, v
		}
	}
	return best
}

// scorer holds what the blocker plan's scores need of one position.
type scorer struct {
	pat     *cornerPattern
	w, l    chess.Color
	occ     chess.Bitboard
	wk, lk  chess.Square
	blocker chess.Square   // the loser's man heading for pat.x
	good    chess.Bitboard // the squares the minor piece may check from
	zone    chess.Bitboard // the squares the loser's other men keep off
	lAtt    chess.Bitboard // squares the loser's men (not its king) attack
	ld      *kingDist      // the loser king's steps to the corner
}

// loserPatternScorer prepares the scores of the loser's moves: the
// blocker is the man nearest (in its own moves) to pat.x.
func (a *Analyzer) loserPatternScorer(p *chess.Position, ctx *diveContext) scorer {
	pat := a.pat
	sc := scorer{pat: pat, w: a.w, l: a.l, occ: ctx.occ, wk: ctx.wk, lk: ctx.lk, blocker: chess.NoSquare}
	bd := farAway
	for b := p.ByColor(a.l) &^ p.Pieces(a.l, chess.King); b != 0; {
		s := b.PopFirst()
		if d := manDist(p.PieceAt(s).Type(), a.l, s, pat.x); d < bd {
			sc.blocker, bd = s, d
		}
	}
	sc.zone = chess.KingAttacks(pat.c) | pat.checks | pat.k.Bitboard()
	sc.ld = &pat.ld
	return sc
}

// winnerPatternScorer prepares the scores of the winner's moves.
func (a *Analyzer) winnerPatternScorer(p *chess.Position, ctx *diveContext) scorer {
	pat := a.pat
	sc := scorer{pat: pat, w: a.w, l: a.l, occ: ctx.occ, wk: ctx.wk, lk: ctx.lk}
	sc.lAtt = menAttacks(p, a.l, ctx.occ)
	// A check from next to the corner needs the king's protection.
	near := chess.KingAttacks(pat.c) &^ chess.KingAttacks(pat.k)
	sc.good = pat.checks &^ ctx.occ &^ sc.lAtt &^ near
	// A bishop's check that a loser's man can block is no mate: the
	// bishop checks from where the men cannot interpose (next to the
	// corner, protected by the king, when the blocker's moves cross the
	// diagonal).
	block := sc.lAtt | forward(a.l, p.Pieces(a.l, chess.Pawn))&^ctx.occ
	for b := sc.good; b != 0; {
		if s := b.PopFirst(); chess.Between(s, pat.c)&block != 0 {
			sc.good &^= s.Bitboard()
		}
	}
	return sc
}

// loser scores a loser's move: the king to the corner, the blocker to its
// square, the other men off the corner's zone and otherwise still; no
// captures, no checks.
func (sc *scorer) loser(p *chess.Position, m chess.Move) int {
	from, to := m.From(), m.To()
	if m.IsCastle() {
		return -50
	}
	if m.IsEnPassant() {
		return -70
	}
	if sc.occ.Has(to) {
		return -60 - 10*pieceValue[p.PieceAt(to).Type()]
	}
	pt := p.PieceAt(from).Type()
	c := sc.pat.c
	if pt == chess.King {
		return 15 * (sc.ld.at(from) - sc.ld.at(to))
	}
	npt := pt
	if pr := m.Promotion(); pr != chess.NoPieceType {
		npt = pr
	}
	s := 0
	if chess.PieceAttacks(sc.l, npt, to, sc.occ&^from.Bitboard()).Has(sc.wk) {
		s -= 20
	}
	switch {
	case from == sc.blocker:
		// The blocker takes its square only after the king has passed.
		df, dt := manDist(pt, sc.l, from, sc.pat.x), manDist(npt, sc.l, to, sc.pat.x)
		if sc.lk != c {
			df, dt = max(df, 1), max(dt, 1)
		}
		s += 10 * (df - dt)
	case sc.zone.Has(to):
		s -= 8
	case npt != pt:
		s -= 3
		if npt == chess.Queen {
			s -= 7
		}
	case pt == chess.Pawn:
		s -= 2
	default:
		s += min(dist(to, c)-dist(from, c), 1) - 1
	}
	return s
}

// winner scores a winner's move (check tells whether it may give check):
// the king to its square, the minor piece to a square from which it can
// check the corner, not where the loser's men can take it; no captures but
// of a queen or a rook, no checks (the mate probe has tried them).
func (sc *scorer) winner(p *chess.Position, m chess.Move, check bool) int {
	from, to := m.From(), m.To()
	s := 0
	if sc.occ.Has(to) {
		switch p.PieceAt(to).Type() {
		case chess.Queen:
			s += 20
		case chess.Rook:
		default:
			s -= 30
		}
	}
	if check {
		s -= 30
	}
	pt := p.PieceAt(from).Type()
	if pt == chess.King {
		return s + 8*(dist(from, sc.pat.k)-dist(to, sc.pat.k))
	}
	if sc.lAtt.Has(to) && !chess.KingAttacks(sc.wk).Has(to) {
		s -= 30
	}
	// The loser's king cannot enter the corner while the piece attacks it
	// (or pins a man that stands in between): a move onto such a square
	// costs, one off it gains.
	occ := sc.occ &^ from.Bitboard() &^ p.ByColor(sc.l)
	if chess.PieceAttacks(sc.w, pt, to, occ).Has(sc.pat.c) {
		s -= 20
	}
	if sc.lk != sc.pat.c && chess.PieceAttacks(sc.w, pt, from, occ).Has(sc.pat.c) {
		s += 20
	}
	if to == sc.pat.c || to == sc.pat.x {
		s -= 20
	}
	return s + 10*(sc.minorDist(pt, from, from)-sc.minorDist(pt, to, from))
}

// minorDist estimates the moves the minor piece of type pt needs from s to
// a checking square (0: it can check in one move); from is the square it
// leaves, empty for the estimate.
func (sc *scorer) minorDist(pt chess.PieceType, s, from chess.Square) int {
	if sc.good == 0 {
		return 0
	}
	if pt == chess.Bishop {
		if chess.BishopAttacks(s, sc.occ&^from.Bitboard())&sc.good != 0 {
			return 0
		}
		return 1
	}
	d := farAway
	for b := sc.good; b != 0; {
		d = min(d, int(knightDist[s][b.PopFirst()]))
	}
	return max(d-1, 0)
}
