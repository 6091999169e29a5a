package unwinnable

import "github.com/arbiter-chess/arbiter/chess"

// Move classes of the helpmate search (§4.3 of the research notes). They
// only change the order of the moves and the depth a move uses up; no move
// is ever skipped, so a search that finishes without a cut is a proof.
const (
	classFirst  uint8 = iota // a rewarded move searched before the others
	classCheck               // a normal move (by cost) searched early: a direct check
	classReward              // costs no depth
	classNormal              // costs one unit, none right after a rewarded move
	classPunish              // costs three units
)

const (
	punishCost   = 3
	rewardPlyCap = 400 // rewards stop this deep into a line
)

// frame is the per-ply scratch space of the search.
type frame struct {
	pos   chess.Position
	ml    chess.MoveList
	class [256]uint8
}

// ttEntry records a position searched for the current winner.
//   - done (valid for the whole query, gen >= Analyzer.qgen): every line
//     from the position ends in a terminal or material-dead position or in
//     another done position, with no cut: the winner cannot mate from there.
//   - otherwise (valid for the query; gen tells the iteration): the position
//     was entered with depth (2*units + a bonus after a rewarded move); a
//     later visit with no more depth is skipped, which counts as a cut unless
//     the entry is from the current iteration (see search).
type ttEntry struct {
	key   uint64
	gen   uint32
	depth int16
	done  bool
}

func (a *Analyzer) storeProven(hash uint64) {
	key := hash ^ a.wKey
	e := &a.tt[key&a.ttMask]
	*e = ttEntry{key: key, gen: a.igen, done: true, depth: 1<<15 - 1}
}

// dropEntry removes the entry of the position with the given hash (if the
// slot holds it), so that the next search expands it again.
func (a *Analyzer) dropEntry(hash uint64) {
	key := hash ^ a.wKey
	if e := &a.tt[key&a.ttMask]; e.key == key {
		*e = ttEntry{}
	}
}

// nextIteration starts a new search iteration (or closure search): entries
// of earlier iterations no longer count as repeats within it.
func (a *Analyzer) nextIteration() {
	a.igen++
	if a.igen == 0 { // wrapped: old entries could look current
		clear(a.tt)
		a.igen = 1
		a.qgen = 1
	}
	a.cut = false
	a.abort = false
}

// heuristics holds the per-query targets of the move classification.
type heuristics struct {
	corner   chess.Square // where the loser's king should go
	wkTarget chess.Square // where the winner's king should go
}

func (h *heuristics) init(p *chess.Position, w chess.Color) {
	l := w.Other()
	wb := p.Pieces(w, chess.Bishop)
	dark := wb&darkSquares != 0 || (wb == 0 && p.Pieces(l, chess.Bishop)&lightSquares != 0)
	// Corners on the winner's far rank: for White a8 (light) and h8 (dark);
	// for Black a1 (dark) and h1 (light).
	if w == chess.White {
		if dark {
			h.corner, h.wkTarget = chess.H8, chess.F6
		} else {
			h.corner, h.wkTarget = chess.A8, chess.C6
		}
	} else {
		if dark {
			h.corner, h.wkTarget = chess.A1, chess.C3
		} else {
			h.corner, h.wkTarget = chess.H1, chess.F3
		}
	}
}

// dist is the king distance between two squares.
func dist(a, b chess.Square) int { return int(distTable[a&63][b&63]) }

var distTable = func() (t [64][64]uint8) {
	for a := range 64 {
		for b := range 64 {
			df, dr := a%8-b%8, a/8-b/8
			t[a][b] = uint8(max(df, -df, dr, -dr))
		}
	}
	return
}()

// classify sets the class of each move in f.ml for position p.
func (a *Analyzer) classify(p *chess.Position, f *frame, ply int) {
	if ply < rewardPlyCap && a.lockedClasses(p) {
		a.classifyLocked(p, f) // closed pawn structures (locked.go)
		return
	}
	stm := p.SideToMove()
	n := f.ml.N
	if ply >= rewardPlyCap {
		for i := 0; i < n; i++ {
			f.class[i] = classNormal
		}
		return
	}
	occ := p.Occupied()
	if stm == a.w {
		// When the winner needs a promoted blocker, the loser's pawns must
		// run: their paths are to be cleared, not blocked, and they are
		// not to be captured.
		lk := p.KingSquare(a.l)
		var path, lpawns chess.Bitboard
		if needsPromotion(p, a.w) {
			lpawns = p.Pieces(a.l, chess.Pawn)
			for b := forward(a.l, lpawns); b != 0; b = forward(a.l, b) {
				path |= b
			}
		}
		for i := 0; i < n; i++ {
			m := f.ml.Moves[i]
			from, to := m.From(), m.To()
			c := classNormal
			pt := p.PieceAt(from).Type()
			switch {
			case lpawns&to.Bitboard() != 0:
				c = classPunish
			case path.Has(from) && !path.Has(to):
				c = classReward
			case m.IsPromotion():
				if pr := m.Promotion(); pr == chess.Queen || pr == chess.Knight {
					c = classFirst
				}
			case m.IsEnPassant() || (!m.IsCastle() && occ.Has(to)):
				c = classFirst
			case pt == chess.Pawn:
				if rr := to.Rank() ^ int(stm)*7; rr >= 4 {
					c = classReward
				}
			case pt == chess.King:
				if !m.IsCastle() && dist(to, a.h.wkTarget) < dist(from, a.h.wkTarget) {
					c = classReward
				}
			case pt == chess.Knight:
				if dist(to, a.h.corner) < dist(from, a.h.corner) {
					c = classReward
				}
			}
			if c == classNormal && givesDirectCheck(p, m, pt, lk, occ) {
				c = classCheck
			}
			f.class[i] = c
		}
		return
	}
	promo := needsPromotion(p, a.w)
	corner := a.h.corner
	for i := 0; i < n; i++ {
		m := f.ml.Moves[i]
		from, to := m.From(), m.To()
		pt := p.PieceAt(from).Type()
		c := classNormal
		capture := m.IsEnPassant() || (!m.IsCastle() && occ.Has(to))
		switch {
		case m.IsCastle():
			if promo {
				c = classPunish
			}
		case pt == chess.King:
			if dist(to, corner) < dist(from, corner) {
				c = classFirst
			} else if promo || capture {
				c = classPunish
			}
		case capture:
			c = classPunish
		case pt == chess.Pawn:
			// The winner may need a promoted blocker (or the pawn is a
			// blocker on the way): pushes and under-promotions are rewarded.
			if promo {
				c = classReward
				if m.Promotion() == chess.Queen {
					c = classPunish
				}
			}
		default:
			// A piece heading for the corner may become a blocker.
			if d := dist(to, corner); d < dist(from, corner) && (d <= 2 || promo) {
				c = classReward
			} else if promo {
				c = classPunish
			}
		}
		f.class[i] = c
	}
}

// givesDirectCheck reports whether the piece moved by m (of type pt) attacks
// the king on lk from its destination (discovered checks are not seen).
func givesDirectCheck(p *chess.Position, m chess.Move, pt chess.PieceType, lk chess.Square, occ chess.Bitboard) bool {
	if m.IsCastle() {
		return false
	}
	to := m.To()
	if pr := m.Promotion(); pr != chess.NoPieceType {
		pt = pr
	}
	occ = occ&^m.From().Bitboard() | to.Bitboard()
	var att chess.Bitboard
	switch pt {
	case chess.Pawn:
		att = chess.PawnAttacks(p.SideToMove(), to)
	case chess.Knight:
		att = chess.KnightAttacks(to)
	case chess.Bishop:
		att = chess.BishopAttacks(to, occ)
	case chess.Rook:
		att = chess.RookAttacks(to, occ)
	case chess.Queen:
		att = chess.BishopAttacks(to, occ) | chess.RookAttacks(to, occ)
	}
	return att.Has(lk)
}

// terminal handles a position without legal moves: a mate by the winner
// ends the search successfully (the line is copied to a.mateLine).
func (a *Analyzer) terminal(p *chess.Position, ply int) bool {
	if p.SideToMove() == a.l && p.InCheck() {
		a.mateLen = ply
		copy(a.mateLine[:ply], a.line[:ply])
		return true
	}
	return false
}

// leaf evaluates a position where the depth has run out: only a mate on
// the board counts. It is closed if terminal or material-dead; otherwise
// it is a depth cut. Most leaves are settled without generating every move.
func (a *Analyzer) leaf(p *chess.Position, f *frame, ply int) (found, closed bool) {
	if p.SideToMove() == a.l && p.InCheck() {
		p.LegalMoves(&f.ml)
		if f.ml.N == 0 {
			return a.terminal(p, ply), true
		}
		a.cut = true
		return false, false
	}
	if cannotMate(p, a.w, a.l) {
		return false, true
	}
	// Not a mate. (A stalemate here would be a closed leaf; counting it as a
	// cut only weakens the proof, and saves generating the moves.)
	a.cut = true
	return false, false
}

// search looks for a helpmate: a line from p in which both sides cooperate
// and the winner mates. depth is the remaining depth in cost units;
// prevReward tells whether the move into p was rewarded. found reports a
// mate (the line is in a.mateLine[:a.mateLen]). A depth or node cut
// anywhere sets a.cut. closed reports that the tree below p needed no cut and
// no repeat skip (other than of done positions): then p is proven and stored
// as done.
//
// Why an iteration without any cut proves the position unwinnable: the
// positions entered in it form a set S closed under legal moves, except for
// terminal, material-dead and done positions (all without a mate from
// them), because every entered position was either expanded (each child
// entered, or skipped as a repeat of a position of S) or is one of those.
// A mating line from the root would stay in S and end in a mate, which
// would have been seen. Skipping a position searched in an earlier
// iteration (which saves the deeper iterations most of their work) is
// therefore counted as a cut.
func (a *Analyzer) search(p *chess.Position, depth, ply int, prevReward bool) (found, closed bool) {
	a.nodes++
	if a.nodes > a.limit {
		a.abort = true
		a.cut = true
		return false, false
	}
	f := &a.frames[ply]
	if depth <= 0 || ply >= maxPly-1 {
		return a.leaf(p, f, ply)
	}
	p.LegalMoves(&f.ml)
	if f.ml.N == 0 {
		return a.terminal(p, ply), true
	}
	if cannotMate(p, a.w, a.l) {
		return false, true
	}
	eff := int16(min(2*depth, 1<<14))
	if prevReward {
		eff++
	}
	key := p.Hash() ^ a.wKey
	e := &a.tt[key&a.ttMask]
	if e.key == key && e.gen >= a.qgen {
		if e.done {
			return false, true
		}
		if e.depth >= eff {
			// Searched before with no less depth. A repeat within this
			// iteration is not a cut; one from an earlier iteration is.
			if e.gen != a.igen {
				a.cut = true
			}
			return false, false
		}
	}
	if depth >= ssMinDepth && a.ssPrune(p) {
		*e = ttEntry{key: key, gen: a.igen, depth: 1<<15 - 1, done: true}
		return false, true
	}
	if !(e.done && e.gen >= a.qgen) {
		*e = ttEntry{key: key, gen: a.igen, depth: eff}
	}

	a.classify(p, f, ply)
	closed = true
	n := f.ml.N
	var disc leafFilter
	for pass := classFirst; pass <= classPunish; pass++ {
		for i := 0; i < n; i++ {
			if f.class[i] != pass {
				continue
			}
			cost := 0
			switch pass {
			case classNormal, classCheck:
				if !prevReward {
					cost = 1
				}
			case classPunish:
				cost = punishCost
			}
			m := f.ml.Moves[i]
			if depth-cost <= 0 || ply+1 >= maxPly-1 {
				// The child is a leaf: only a mate or a material-dead
				// position counts there, and every other leaf is a cut.
				// Most moves cannot produce either: skip them unplayed.
				if !disc.ready {
					disc = a.leafFilter(p)
				}
				if !disc.mayClose(p, m) {
					a.cut = true
					closed = false
					continue
				}
			}
			child := &a.frames[ply+1].pos
			*child = *p
			child.Play(m)
			a.line[ply] = m
			fd, cl := a.search(child, depth-cost, ply+1, pass == classFirst || pass == classReward)
			if fd {
				return true, true
			}
			if a.abort {
				return false, false
			}
			if !cl {
				closed = false
			}
		}
	}
	e = &a.tt[key&a.ttMask]
	switch {
	case closed:
		*e = ttEntry{key: key, gen: a.igen, depth: eff, done: true}
	case !(e.done && e.gen >= a.qgen):
		*e = ttEntry{key: key, gen: a.igen, depth: eff}
	}
	return false, closed
}

// leafFilter tells which moves of a position can lead to a leaf that is
// not a cut (see leaf): a mate needs a check by the winner, a material-dead
// position needs a capture or a promotion (cannotMate depends only on the
// material, which was not dead before the move).
type leafFilter struct {
	ready  bool
	winner bool           // the winner is to move
	lk     chess.Square   // the loser's king
	disc   chess.Bitboard // winner's pieces whose move may uncover a check
	occ    chess.Bitboard
	checks [7]chess.Bitboard // by piece type: squares from which it checks lk
}

func (a *Analyzer) leafFilter(p *chess.Position) leafFilter {
	lf := leafFilter{ready: true, winner: p.SideToMove() == a.w, occ: p.Occupied()}
	if !lf.winner {
		return lf
	}
	lf.lk = p.KingSquare(a.l)
	own := p.ByColor(a.w)
	bish := chess.BishopAttacks(lf.lk, lf.occ)
	rook := chess.RookAttacks(lf.lk, lf.occ)
	lf.checks = [7]chess.Bitboard{
		chess.Pawn:   chess.PawnAttacks(a.l, lf.lk),
		chess.Knight: chess.KnightAttacks(lf.lk),
		chess.Bishop: bish,
		chess.Rook:   rook,
		chess.Queen:  bish | rook,
	}
	q := p.Pieces(a.w, chess.Queen)
	diag := (p.Pieces(a.w, chess.Bishop) | q) & chess.BishopAttacks(lf.lk, 0)
	orth := (p.Pieces(a.w, chess.Rook) | q) & chess.RookAttacks(lf.lk, 0)
	for b := diag | orth; b != 0; {
		s := b.PopFirst()
		between := chess.Between(s, lf.lk) & lf.occ
		if between != 0 && !between.More() && between&own != 0 {
			lf.disc |= between
		}
	}
	return lf
}

// mayCheck reports whether the winner's move m of p may give check (it
// never misses one).
func (lf *leafFilter) mayCheck(p *chess.Position, m chess.Move) bool {
	from := m.From()
	if m.IsPromotion() || m.IsEnPassant() || m.IsCastle() || lf.disc.Has(from) {
		return true
	}
	pt := p.PieceAt(from).Type()
	if lf.checks[pt].Has(m.To()) {
		return true
	}
	// A slider moving away from the king along a line through it.
	return pt >= chess.Bishop && pt <= chess.Queen && chess.Line(from, lf.lk) != 0 &&
		givesDirectCheck(p, m, pt, lf.lk, lf.occ)
}

// mayClose reports whether playing m can lead to a leaf that is not a cut.
func (lf *leafFilter) mayClose(p *chess.Position, m chess.Move) bool {
	if m.IsPromotion() || m.IsEnPassant() || m.IsCastle() || lf.occ.Has(m.To()) {
		return true
	}
	return lf.winner && lf.mayCheck(p, m)
}
