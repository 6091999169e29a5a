package unwinnable

import "github.com/arbiter-chess/arbiter/chess"

// The constructive helpmate stage: greedy lines ("dives") from the root,
// each following at every ply the legal move with the best score for a
// simple plan (see the package documentation, step 5b, scoreWinner,
// scoreLoser, cornerWinnerScores and cornerLoserScores). At every position with the winner to move,
// each move that may give check and may leave the loser's king without a
// flight square is tried for a mate in one. Once a capture leaves the loser
// with its king and pawns, or a promotion gives the winner a queen or a
// rook, the lone-king construction (lone.go) is tried from there. A move into a dead end (no legal move without the winner's
// mate, or no mating material left) is taken back: the ply plays its next
// best move instead. A dive proves nothing when it fails; a mate it finds
// is returned as the witness (and checked like every other one).
//
// Variants: 0 follows the generic plan, 1 and 2 the corner plan at the
// nearest and the second-nearest corner (the corner plan is always used
// when the winner has only minor pieces); later variants alternate the two
// plans and add more noise to the scores, so that each takes another line.
// The dives count a node per ply and per move tried for a mate.

const (
	maxDivePly = 160
	divePlies  = 120  // length of one dive (half that for the first ones)
	firstDives = 3    // dives before the small search
	diveTries  = 48   // dive variants
	diveNodes  = 4000 // node cap of the dives
	// Node cap of the lone-king construction within a dive.
	loneDiveNodes = 50
)

// maxTried is how many moves into a repeated position a dive ply skips.
const maxTried = 4

// The hashes of a dive's line are counted by their diveCountBits low bits
// (Analyzer.diveCount): a uint8 is enough, a line has at most maxDivePly+1.
const (
	diveCountBits = 10
	diveCountMask = 1<<diveCountBits - 1
)

var pieceValue = [7]int{0, 1, 3, 3, 5, 9, 0}

// dives runs the dives of variants from..to-1 until one finds a mate or
// the node count reaches stop. next is the first variant not finished.
// The first firstDives variants are half as long unless full is set.
func (a *Analyzer) dives(root *chess.Position, from, to, stop int, full bool) (found bool, next int) {
	a.limit = stop
	v := from
	for ; v < to && a.nodes < stop; v++ {
		plies := divePlies
		if v < firstDives && !full {
			plies = divePlies / 2
		}
		if a.dive(root, plies, v) {
			return true, v
		}
	}
	if a.nodes >= stop && v > from {
		v-- // the last one was cut short
	}
	return false, v
}

// dive plays one greedy line of at most plies half-moves from root. variant
// selects the plan and the noise (see above). It reports a mate (line in
// a.mateLine[:a.mateLen]).
func (a *Analyzer) dive(root *chess.Position, plies, variant int) bool {
	plies = min(plies, maxDivePly, maxPly-2)
	seen := &a.diveSeen // every entry is written before it is read
	// The hashes in seen[:filled] are counted in a.diveCount (the line
	// may have been longer before a take-back: those after ply only make
	// divePick look once more).
	count, filled := &a.diveCount, 0
	clear(count[:])
	corner := chess.NoSquare
	noise := uint32(15)
	if variant >= 3 {
		noise = 127
	}
	a.frames[0].pos = *root
	// The lone-king construction (lone.go) takes over once a capture has
	// left the loser with its king and pawns, or a promotion has given the
	// winner a queen or a rook, when the winner has a queen or a rook and
	// no minor piece (its plan ignores them). It is tried once per dive,
	// for at most loneDiveNodes nodes; at the root it ran already.
	loneTried := a.loneDive(root)
	// The bare-king construction (bare.go) is tried the same way once a
	// capture has left the loser its king and pawns, and again whenever
	// the loser has lost another pawn or a promotion has given the winner
	// a queen or a rook (fewer obstacles, a new piece); a failed attempt
	// gives its nodes back, so that the dive goes on as without it.
	// bareTried is the bareStage of the last attempt, 0 before any (at the
	// root it ran already).
	bareTried := 0
	if loserKP(root, a.l) {
		bareTried = bareStage(root, a.w, a.l)
	}
	// The move picked at the last ply, and how many moves of ply deadPly
	// led to dead ends.
	picked, deadPly, nDead := 0, -1, 0
	for ply := 0; ply < plies; ply++ {
		if a.nodes >= a.limit {
			return false
		}
		p := &a.frames[ply].pos
		f := &a.frames[ply]
		if loserKP(p, a.l) && bareStage(p, a.w, a.l) > bareTried {
			bareTried = bareStage(p, a.w, a.l)
			if p.Pieces(a.w, chess.Queen)|p.Pieces(a.w, chess.Rook)|p.Pieces(a.w, chess.Pawn) != 0 {
				if n := a.nodes; a.bareAt(p, ply, 2) {
					return true
				} else {
					a.nodes = n
				}
			}
		}
		if !loneTried && a.loneDive(p) {
			loneTried = true
			limit := a.limit
			a.limit = min(limit, a.nodes+loneDiveNodes)
			found := a.loneKingAt(p, ply)
			a.limit = limit
			if found {
				return true
			}
			if a.nodes >= a.limit {
				return false
			}
		}
		a.nodes++
		if ply < filled {
			count[seen[ply]&diveCountMask]--
		} else {
			filled = ply + 1
		}
		seen[ply] = p.Hash()
		count[seen[ply]&diveCountMask]++
		p.LegalMoves(&f.ml)
		if f.ml.N == 0 && a.terminal(p, ply) {
			return true
		}
		if f.ml.N == 0 || cannotMate(p, a.w, a.l) {
			// A dead end (a stalemate, the winner mated, or no mating
			// material left): take the move into p back and play the
			// next best one of the previous ply, whose scores are still
			// in a.scores.
			if ply == 0 {
				return false
			}
			if deadPly != ply-1 {
				deadPly, nDead = ply-1, 0
			}
			nDead++
			a.scores[picked] = deadScore
			if picked = a.divePick(ply-1, seen[:ply], -1, nDead); picked < 0 {
				return false
			}
			ply--
			continue
		}
		ctx := diveContext{lk: p.KingSquare(a.l), wk: p.KingSquare(a.w), occ: p.Occupied(), pawnT: chess.NoSquare}
		winnerToMove := p.SideToMove() == a.w
		ctx.heavy = p.Pieces(a.w, chess.Queen)|p.Pieces(a.w, chess.Rook)|p.Pieces(a.w, chess.Pawn) != 0
		if a.pat == nil && (!ctx.heavy || variant == 1 || variant == 2 || variant >= 3 && variant&1 == 0) {
			if corner == chess.NoSquare {
				corner = diveCorner(p, a.w, ctx.lk, variant)
			}
			ctx.cornerPlan, ctx.corner = true, corner
			if p.Pieces(a.w, chess.Knight) == 0 && p.Pieces(a.w, chess.Bishop) != 0 {
				ctx.diag = chess.BishopAttacks(corner, 0)
			}
		}
		generic := a.pat == nil && !ctx.cornerPlan
		// The attack maps: every plan needs them with the winner to move;
		// with the loser to move only the generic one does, for the
		// loser's pieces other than its king and pawns.
		if winnerToMove || generic && !loserKP(p, a.l) {
			ctx.attacks(p, a.w, winnerToMove)
		}
		if generic {
			ctx.pawnT = divePawnTarget(p, a.w)
		}
		if winnerToMove {
			lf := a.leafFilter(p)
			if a.mateInOne(p, f, &ctx, &lf, ply) {
				return true
			}
		} else {
			ctx.promo = !ctx.heavy && needsPromotion(p, a.w)
		}
		// Pick the best move whose position is not already on the line.
		// Later variants add noise of up to noise/16 points to the scores.
		seed := uint32(variant)*40503 + uint32(ply)*97
		var best int
		switch {
		case a.pat != nil:
			best = a.patternScores(p, &ctx, f, winnerToMove, seed, noise)
		case ctx.cornerPlan && winnerToMove:
			best = a.cornerWinnerScores(p, &ctx, f, seed, noise)
		case ctx.cornerPlan:
			best = a.cornerLoserScores(p, &ctx, f, seed, noise)
		case winnerToMove:
			best = a.scoreWinner(p, &ctx, f, seed, noise)
		default:
			best = a.scoreLoser(p, &ctx, f, seed, noise)
		}
		if picked = a.divePick(ply, seen[:ply+1], best, 0); picked < 0 {
			return false
		}
	}
	return false
}

// Scores of the moves a dive ply has set aside: tried (played into a
// position already on the line) and deadScore (played into a dead end).
const (
	triedScore int32 = -1 << 30
	deadScore  int32 = -1 << 31
)

// divePick plays into a.frames[ply+1].pos the move of a.frames[ply] with
// the best score in a.scores whose position is not already on the line
// (seen, the hashes of the line up to ply), and returns its index. After
// maxTried repeats, or when every move left repeats, it takes a repeating
// one. best, when not negative, is the index of the best score (the first
// one); nDead moves are marked as dead ends. It returns -1 when every move
// is.
func (a *Analyzer) divePick(ply int, seen []uint64, best, nDead int) int {
	p, f := &a.frames[ply].pos, &a.frames[ply]
	child := &a.frames[ply+1].pos
	scores := &a.scores
	nt, first := 0, -1
	for {
		if best < 0 {
			bs := triedScore
			for i := 0; i < f.ml.N; i++ {
				if s := scores[i]; s > bs {
					best, bs = i, s
				}
			}
		}
		if best < 0 {
			best = first // every move repeats: go round once more
			if best < 0 {
				return -1
			}
		}
		if nt == 0 {
			first = best
		}
		*child = *p
		child.Play(f.ml.Moves[best])
		h := child.Hash()
		rep := false
		// Only the positions since the last capture or pawn move can
		// repeat: those before it had other pieces or pawns. None can
		// when no hash of the line has the low bits of h.
		if a.diveCount[h&diveCountMask] != 0 {
			for j, lo := ply-1, max(0, ply+1-child.HalfmoveClock()); j >= lo; j -= 2 {
				if seen[j] == h {
					rep = true
					break
				}
			}
		}
		if !rep || nt == maxTried || nt >= f.ml.N-nDead-1 {
			a.line[ply] = f.ml.Moves[best]
			return best
		}
		scores[best] = triedScore
		best = -1
		nt++
	}
}

// bareStage measures how far p has come for the bare-king construction
// (see dive): it grows by one with each pawn the loser l has lost, and by
// 16 while the winner w has a queen or a rook. It is at least 0 and at most
// 32.
func bareStage(p *chess.Position, w, l chess.Color) int {
	s := 16 - p.Pieces(l, chess.Pawn).Count()
	if p.Pieces(w, chess.Queen)|p.Pieces(w, chess.Rook) != 0 {
		s += 16
	}
	return s
}

// loneDive reports whether a dive hands p over to the lone-king
// construction: the loser has its king and pawns, the winner a queen or a
// rook and no minor piece.
func (a *Analyzer) loneDive(p *chess.Position) bool {
	return loserKP(p, a.l) && p.Pieces(a.w, chess.Queen)|p.Pieces(a.w, chess.Rook) != 0 &&
		p.Pieces(a.w, chess.Knight)|p.Pieces(a.w, chess.Bishop) == 0
}

// loserKP reports whether l has nothing but its king and pawns.
func loserKP(p *chess.Position, l chess.Color) bool {
	return p.ByColor(l) == p.Pieces(l, chess.King)|p.Pieces(l, chess.Pawn)
}

// mateInOne tries every move of p (winner to move, moves in f.ml) that may
// give check and reports a mate (copied to a.mateLine). It sets f.class[i]
// to 1 for the moves that may give check, 0 for the others.
//
// A move is played only if it may leave the king without a flight square:
// the squares next to it that hold no loser's piece and are attacked by no
// winner's piece now (the moved piece's old attacks included, so this only
// errs towards playing) must all be attacked by the moved piece from its
// new square, and the checking square, if next to the king, must be
// attacked by a second winner's piece. Discovered checks, castling,
// en passant and promotions are always played.
func (a *Analyzer) mateInOne(p *chess.Position, f *frame, ctx *diveContext, lf *leafFilter, ply int) bool {
	child := &a.frames[ply+1].pos
	around := chess.KingAttacks(ctx.lk)
	flights := around &^ p.ByColor(a.l) &^ ctx.wAtt1
	occNoKing := ctx.occ &^ ctx.lk.Bitboard()
	moves := f.ml.Moves[:f.ml.N]
	class := f.class[:len(moves)]
	for i, m := range moves {
		from, to := m.From(), m.To()
		if m.Kind() == chess.FlagNormal && !lf.disc.Has(from) {
			// lf.mayCheck without its last case, a slider moving away from
			// the king along a line through it, which checks only if the
			// king was in check already (never with the winner to move).
			pt := p.PieceAt(from).Type()
			if !lf.checks[pt].Has(to) {
				class[i] = 0
				continue
			}
			class[i] = 1
			if flights&^chess.PieceAttacks(a.w, pt, to, occNoKing&^from.Bitboard()) != 0 {
				continue
			}
			if around.Has(to) && !ctx.wAtt2.Has(to) && !(pt == chess.Pawn && ctx.wAtt1.Has(to)) {
				continue
			}
		} else {
			class[i] = 1
		}
		*child = *p
		child.Play(m)
		a.nodes++
		if child.InCheck() && !child.HasLegalMove() {
			a.line[ply] = m
			a.mateLen = ply + 1
			copy(a.mateLine[:ply+1], a.line[:ply+1])
			return true
		}
	}
	return false
}

// diveContext holds what the scores of a dive ply need of its position.
type diveContext struct {
	lk, wk chess.Square // the kings of the loser and the winner
	occ    chess.Bitboard
	promo  bool // needsPromotion, with the loser to move
	heavy  bool // the winner has a queen, rook or pawn
	// With only pawns besides the king: where the winner's king should go
	// (the piece blocking its most advanced pawn, or that pawn); else NoSquare.
	pawnT      chess.Square
	cornerPlan bool // the corner plan (always when the winner has only minor pieces)
	corner     chess.Square
	diag       chess.Bitboard // with bishops only: the diagonal through the corner
	// Squares attacked by the loser's pieces, and by at least one and at
	// least two of the winner's (x-rays and pins ignored); filled only as
	// far as the plan needs them (see dive).
	lAtt, wAtt1, wAtt2 chess.Bitboard
}

// attacks fills wAtt1 and wAtt2, and lAtt when loser is set, piece type by
// piece type.
func (ctx *diveContext) attacks(p *chess.Position, w chess.Color, loser bool) {
	ctx.wAtt1, ctx.wAtt2 = sideAttacks(p, w, ctx.occ)
	if loser {
		ctx.lAtt, _ = sideAttacks(p, w.Other(), ctx.occ)
	}
}

// sideAttacks returns the squares attacked by at least one (a1) and at least
// two (a2) pieces of colour c (x-rays and pins ignored).
func sideAttacks(p *chess.Position, c chess.Color, occ chess.Bitboard) (a1, a2 chess.Bitboard) {
	const fileA, fileH chess.Bitboard = 0x0101010101010101, 0x8080808080808080
	pawns := p.Pieces(c, chess.Pawn)
	var left, right chess.Bitboard
	if c == chess.White {
		left, right = (pawns&^fileA)<<7, (pawns&^fileH)<<9
	} else {
		left, right = (pawns&^fileA)>>9, (pawns&^fileH)>>7
	}
	a1, a2 = left|right, left&right
	for b := p.Pieces(c, chess.Knight); b != 0; {
		x := chess.KnightAttacks(b.PopFirst())
		a2 |= a1 & x
		a1 |= x
	}
	// A queen's diagonal and straight attacks are disjoint: adding them
	// one after the other counts each square once for it.
	q := p.Pieces(c, chess.Queen)
	for b := p.Pieces(c, chess.Bishop) | q; b != 0; {
		x := chess.BishopAttacks(b.PopFirst(), occ)
		a2 |= a1 & x
		a1 |= x
	}
	for b := p.Pieces(c, chess.Rook) | q; b != 0; {
		x := chess.RookAttacks(b.PopFirst(), occ)
		a2 |= a1 & x
		a1 |= x
	}
	for b := p.Pieces(c, chess.King); b != 0; {
		x := chess.KingAttacks(b.PopFirst())
		a2 |= a1 & x
		a1 |= x
	}
	return a1, a2
}

// attacksOf returns the squares attacked by the pieces of colour c
// (sideAttacks without the squares attacked twice).
func attacksOf(p *chess.Position, c chess.Color, occ chess.Bitboard) chess.Bitboard {
	a := menAttacks(p, c, occ)
	for b := p.Pieces(c, chess.King); b != 0; {
		a |= chess.KingAttacks(b.PopFirst())
	}
	return a
}

// kingRoute holds the king-step distances of the winner's king to a
// square t around the pawns, for the given pawns of both sides.
type kingRoute struct {
	ok     bool // d is started
	w      chess.Color
	t      chess.Square
	wp, lp chess.Bitboard // the pawns of the winner and of the loser
	// d counts the steps around the winner's pawns and the squares the
	// loser's pawns attack.
	d kingDist
}

// kingRoute returns the route of the winner's king to t in p, started
// again only when t or the pawns have changed.
func (a *Analyzer) kingRoute(p *chess.Position, t chess.Square) *kingDist {
	r := &a.route
	wp, lp := p.Pieces(a.w, chess.Pawn), p.Pieces(a.l, chess.Pawn)
	if !r.ok || r.w != a.w || r.t != t || r.wp != wp || r.lp != lp {
		r.ok, r.w, r.t, r.wp, r.lp = true, a.w, t, wp, lp
		r.d.init(t, ^(wp | pawnCaptures(a.l, lp)))
	}
	return &r.d
}

// pawnTarget returns, when w has only its king and pawns, the square the
// king should head for: the piece blocking w's most advanced pawn, or that
// pawn. NoSquare otherwise.
func pawnTarget(p *chess.Position, w chess.Color) chess.Square {
	wp := p.Pieces(w, chess.Pawn)
	if wp == 0 || p.ByColor(w) != wp|p.Pieces(w, chess.King) {
		return chess.NoSquare
	}
	return leadPawnTarget(p, w, wp)
}

// leadPawnTarget returns the piece blocking the most advanced of w's pawns
// wp (not empty), or that pawn when nothing blocks it.
func leadPawnTarget(p *chess.Position, w chess.Color, wp chess.Bitboard) chess.Square {
	var s chess.Square
	if w == chess.White {
		s = wp.Last()
	} else {
		s = wp.First()
	}
	if ahead := forward(w, s.Bitboard()); ahead&p.ByColor(w.Other()) != 0 {
		return ahead.First()
	}
	return s
}

// divePawnTarget is pawnTarget for the dives: also when w has minor
// pieces besides its pawns (which cannot mate without help), its king goes
// for the piece blocking its most advanced pawn.
func divePawnTarget(p *chess.Position, w chess.Color) chess.Square {
	wp := p.Pieces(w, chess.Pawn)
	if wp == 0 || p.Pieces(w, chess.Queen)|p.Pieces(w, chess.Rook) != 0 {
		return chess.NoSquare
	}
	return leadPawnTarget(p, w, wp)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// edgeDist is the distance of s to the nearest edge of the board.
func edgeDist(s chess.Square) int { return int(edgeTable[s&63]) }

var edgeTable = func() (t [64]uint8) {
	for s := range 64 {
		f, r := s%8, s/8
		t[s] = uint8(min(f, 7-f, r, 7-r))
	}
	return
}()

// specialScore returns the score every plan of the winner gives a castling
// or a promotion (a queen first), and false for the other moves.
func specialScore(m chess.Move) (int, bool) {
	switch m.Kind() {
	case chess.FlagCastle:
		return -5, true
	case chess.FlagPromotion:
		if m.Promotion() == chess.Queen {
			return 1000, true
		}
		return -20, true
	}
	return 0, false
}

// keepScore stores the score of move i of a dive ply (s*16 plus the noise)
// in scores and returns the best move and score so far (the first of the
// highest).
func keepScore(scores []int32, i, s int, seed, noise uint32, best int, bs int32) (int, int32) {
	sc := int32(s*16) + diveNoise(i, seed, noise)
	scores[i] = sc
	if sc > bs {
		return i, sc
	}
	return best, bs
}
