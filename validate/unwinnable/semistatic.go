package unwinnable

import "github.com/arbiter-chess/arbiter/chess"

// The semi-static analysis (§4.4 of the research notes, our own formulation).
//
// For every piece on the board (named by the square it stands on now) it
// computes reach: a set of squares that holds every square the piece can
// ever stand on, in any continuation. Together with clear[c], a set holding
// every square that can ever be free of pieces of colour c, the sets are
// grown from the current position until one full round of the rules below
// changes nothing. The soundness argument is an induction over any legal
// continuation that passes no terminal position before its end (a mating
// line never does): if every position so far lies inside the final sets,
// the next one does too, because each rule, evaluated on the final sets and
// on the present position only, admits the move (the stalemate rule below
// holds for every position but the last one, see decide):
//
//   - a knight, bishop, rook, queen or king steps to t only if t is in
//     clear[own colour] (sliders as chains of single steps: each square a
//     slide passes is empty then, hence in clear; a stop on the way is
//     covered as well);
//   - a king never steps onto a square attacked by a pinned-down enemy
//     piece: one that can never move and whose square can never be free of
//     its colour (so it is never captured); pawn, knight and king attacks do
//     not depend on the board, slider attacks are taken one step deep;
//   - a pawn pushes to t only if t is in clear of both colours (the double
//     step puts the passed square in reach as well, which also covers en
//     passant), captures onto t only if a non-king enemy piece can reach t,
//     and one that can reach the last rank may become anything anywhere;
//   - two pawns facing each other on a file, neither of which can leave
//     the file, keep their order while both live: the white one stays below
//     the black one's square (which only goes down) unless the black one can
//     be captured (some white piece other than the facing pawn can reach a
//     square of its reach), and vice versa;
//   - the square of a piece is clear of its colour if the piece can move at
//     all or an enemy piece can reach it (capture);
//   - castling (rights still held) puts the king's and the rook's target
//     squares in their reach when every square the move needs empty can be
//     empty of both colours;
//   - the stalemate rule: when every piece of colour a other than its king
//     can never move (reach = its own square; such a piece has no legal
//     move in any position inside the sets, since every legal move would be
//     admitted by the rules above), the enemy king b never steps onto a
//     square x unless a's king, standing on some square k of its reach not
//     next to x, has a step to a square that is in clear[a], not attacked by
//     a pinned-down non-king piece of b and not next to x. Otherwise a would
//     have no legal move after that step: stalemate (the game is over, no
//     mate follows) or mate by b, which can only be the last move of a line.
//     The kings' own attacks are left out here: b's king is the piece
//     moving.
//
// Deciding (see decide): R = reach of the loser's king. A mate needs a
// square of R that a winner's piece can attack and whose neighbours in R can
// all be attacked or blocked at once. This covers D3's "no visitors" and
// "bishops of one colour" rules, and also positions where a piece can check
// but nothing can ever take the flight squares away. Because the stalemate
// rule may fail for the last move, the winner's king may then stand one
// step outside its reach; such a last step gives check only by discovery,
// so decide adds the squares one step from those squares of its reach that
// lie on a line from the mate square towards a square a winner's slider can
// reach. Positions with a legal en passant capture are skipped.

const (
	fileA chess.Bitboard = 0x0101010101010101
	fileH chess.Bitboard = fileA << 7
	rank1 chess.Bitboard = 0xFF
	rank8 chess.Bitboard = 0xFF << 56
	full  chess.Bitboard = ^chess.Bitboard(0)
)

func stepN(b chess.Bitboard) chess.Bitboard  { return b << 8 }
func stepS(b chess.Bitboard) chess.Bitboard  { return b >> 8 }
func stepE(b chess.Bitboard) chess.Bitboard  { return (b &^ fileH) << 1 }
func stepW(b chess.Bitboard) chess.Bitboard  { return (b &^ fileA) >> 1 }
func stepNE(b chess.Bitboard) chess.Bitboard { return (b &^ fileH) << 9 }
func stepNW(b chess.Bitboard) chess.Bitboard { return (b &^ fileA) << 7 }
func stepSE(b chess.Bitboard) chess.Bitboard { return (b &^ fileH) >> 7 }
func stepSW(b chess.Bitboard) chess.Bitboard { return (b &^ fileA) >> 9 }

func diagSteps(b chess.Bitboard) chess.Bitboard {
	return stepNE(b) | stepNW(b) | stepSE(b) | stepSW(b)
}
func orthoSteps(b chess.Bitboard) chess.Bitboard {
	return stepN(b) | stepS(b) | stepE(b) | stepW(b)
}

// kingSteps is diagSteps(b) | orthoSteps(b): the steps east and west, and
// one rank up and down from those and from b.
func kingSteps(b chess.Bitboard) chess.Bitboard {
	x := stepE(b) | stepW(b)
	y := x | b
	return x | y<<8 | y>>8
}

func knightSteps(b chess.Bitboard) chess.Bitboard {
	const notAB = ^(fileA | fileA<<1)
	const notGH = ^(fileH | fileH>>1)
	return (b&^fileH)<<17 | (b&^fileA)<<15 | (b&notGH)<<10 | (b&notAB)<<6 |
		(b&^fileA)>>17 | (b&^fileH)>>15 | (b&notAB)>>10 | (b&notGH)>>6
}

// forward returns the squares one step ahead for pawns of colour c.
func forward(c chess.Color, b chess.Bitboard) chess.Bitboard {
	if c == chess.White {
		return stepN(b)
	}
	return stepS(b)
}

// pawnCaptures returns the squares pawns of colour c on b attack.
func pawnCaptures(c chess.Color, b chess.Bitboard) chess.Bitboard {
	if c == chess.White {
		return stepNE(b) | stepNW(b)
	}
	return stepSE(b) | stepSW(b)
}

// ray extends attacks of sliders standing on b along one direction, through
// squares that can be empty.
func ray(b, empty chess.Bitboard, step func(chess.Bitboard) chess.Bitboard) chess.Bitboard {
	x := step(b)
	for {
		y := x | step(x&empty)
		if y == x {
			return x
		}
		x = y
	}
}

type ssPiece struct {
	sq        chess.Square
	color     chess.Color
	kind      chess.PieceType
	reach     chess.Bitboard
	allowed   chess.Bitboard // squares a pawn may push to (facing pairs)
	universal bool           // a pawn that may promote: anything, anywhere
	facing    int8           // of a white pawn: the nearest black pawn above it on its file (index), or -1
}

// semistatic is the scratch space of the reachability analysis.
type semistatic struct {
	pc    [32]ssPiece
	n     int
	clear [2]chess.Bitboard
	// Of the last round: squares attacked by pinned-down pieces of each
	// colour, and the squares the stalemate rule keeps each king off.
	permAtt [2]chess.Bitboard
	kingAtt [2]chess.Bitboard // attacks of a king that can never move
	forbid  [2]chess.Bitboard
	castle  [4]ssCastle
	ncastle int
}

// ssCastle is a castling right: king and rook squares, their targets, and
// the squares that must be empty (other than the king's and the rook's).
type ssCastle struct {
	king, rook, kt, rt chess.Square
	path               chess.Bitboard
}

// castling adds the target squares of castling to the reach r of a king or
// rook still standing on its castling square, when every square the move
// needs empty can be empty of both colours.
func (s *semistatic) castling(q *ssPiece, r, both chess.Bitboard) chess.Bitboard {
	for _, c := range s.castle[:s.ncastle] {
		if c.path&^both != 0 {
			continue
		}
		if q.kind == chess.King && q.sq == c.king {
			r |= c.kt.Bitboard()
		}
		if q.kind == chess.Rook && q.sq == c.rook {
			r |= c.rt.Bitboard()
		}
	}
	return r
}

// unwinnable reports whether the reachability analysis proves that w can
// never mate in p. False means "not proven".
func (s *semistatic) unwinnable(p *chess.Position, w chess.Color) bool {
	if p.HasLegalEnPassant() || hasOpenPawn(p, w) {
		return false
	}
	if !s.run(p) {
		return false
	}
	return s.decide(w)
}

// hasOpenPawn reports whether w has a pawn that can step forward now and
// has no pawn and no king of either colour ahead of it on its file. Such a pawn nearly always has the last rank in
// its reach, which makes it universal and the decision negative, so the
// fixpoint is not worth computing (skipping it only gives up a proof).
func hasOpenPawn(p *chess.Position, w chess.Color) bool {
	pawns := p.PiecesOfType(chess.Pawn) | p.PiecesOfType(chess.King)
	for b := p.Pieces(w, chess.Pawn); b != 0; {
		s := b.PopFirst()
		ahead := fileA << uint(s.File())
		if w == chess.White {
			ahead &= full << uint(s+1)
		} else {
			ahead &= full >> uint(64-s)
		}
		if ahead&pawns == 0 && forward(w, s.Bitboard())&p.Occupied() == 0 {
			return true
		}
	}
	return false
}

// run computes the fixpoint. It reports false for positions it does not handle.
func (s *semistatic) run(p *chess.Position) bool {
	occ := p.Occupied()
	if occ.Count() > len(s.pc) {
		return false
	}
	s.n = 0
	for b := occ; b != 0; {
		sq := b.PopFirst()
		pc := p.PieceAt(sq)
		s.pc[s.n] = ssPiece{sq: sq, color: pc.Color(), kind: pc.Type(), reach: sq.Bitboard(), allowed: full}
		s.n++
	}
	// The facing pawns (see facingPairs) stand where they stand: find
	// them once.
	for i := 0; i < s.n; i++ {
		wp := &s.pc[i]
		wp.facing = -1
		if wp.kind != chess.Pawn || wp.color != chess.White {
			continue
		}
		for k := 0; k < s.n; k++ {
			q := &s.pc[k]
			if q.kind == chess.Pawn && q.color == chess.Black && q.sq.File() == wp.sq.File() && q.sq > wp.sq {
				if wp.facing < 0 || q.sq < s.pc[wp.facing].sq {
					wp.facing = int8(k)
				}
			}
		}
	}
	s.clear[chess.White] = ^p.ByColor(chess.White)
	s.clear[chess.Black] = ^p.ByColor(chess.Black)
	s.ncastle = 0
	for _, c := range []chess.Color{chess.White, chess.Black} {
		for _, kside := range []bool{true, false} {
			rook := p.CastlingRook(c, kside)
			if rook == chess.NoSquare {
				continue
			}
			king := p.KingSquare(c)
			back := chess.Square(0)
			if c == chess.Black {
				back = 56
			}
			kt, rt := back+2, back+3 // c1, d1
			if kside {
				kt, rt = back+6, back+5 // g1, f1
			}
			path := chess.Between(king, kt) | kt.Bitboard() | chess.Between(rook, rt) | rt.Bitboard()
			s.castle[s.ncastle] = ssCastle{king: king, rook: rook, kt: kt, rt: rt, path: path &^ king.Bitboard() &^ rook.Bitboard()}
			s.ncastle++
		}
	}

	for round := 0; round < 1000; round++ {
		var reachAll, reachNK [2]chess.Bitboard
		permAtt := &s.permAtt
		*permAtt = [2]chess.Bitboard{}
		s.kingAtt = [2]chess.Bitboard{}
		for i := 0; i < s.n; i++ {
			q := &s.pc[i]
			reachAll[q.color] |= q.reach
			if q.kind != chess.King {
				reachNK[q.color] |= q.reach
			}
		}
		changed := false
		for i := 0; i < s.n; i++ {
			q := &s.pc[i]
			bb := q.sq.Bitboard()
			if s.clear[q.color]&bb == 0 && (q.reach != bb || reachAll[q.color.Other()]&bb != 0) {
				s.clear[q.color] |= bb
				changed = true
			}
		}
		for i := 0; i < s.n; i++ {
			q := &s.pc[i]
			bb := q.sq.Bitboard()
			if q.reach != bb || s.clear[q.color]&bb != 0 {
				continue
			}
			switch q.kind {
			case chess.Pawn:
				permAtt[q.color] |= pawnCaptures(q.color, bb)
			case chess.Knight:
				permAtt[q.color] |= knightSteps(bb)
			case chess.Bishop:
				permAtt[q.color] |= diagSteps(bb)
			case chess.Rook:
				permAtt[q.color] |= orthoSteps(bb)
			case chess.Queen:
				permAtt[q.color] |= kingSteps(bb)
			case chess.King:
				s.kingAtt[q.color] = kingSteps(bb)
			}
		}
		s.facingPairs()
		s.stalemateRule() // before the kings' attacks join permAtt
		permAtt[chess.White] |= s.kingAtt[chess.White]
		permAtt[chess.Black] |= s.kingAtt[chess.Black]
		both := s.clear[chess.White] & s.clear[chess.Black]
		for i := 0; i < s.n; i++ {
			q := &s.pc[i]
			if q.universal {
				continue
			}
			own := s.clear[q.color]
			r := q.reach
			switch q.kind {
			case chess.Knight:
				r = flood(r, own, knightSteps)
			case chess.Bishop:
				r = flood(r, own, diagSteps)
			case chess.Rook:
				r = flood(r, own, orthoSteps)
			case chess.Queen:
				r = flood(r, own, kingSteps)
			case chess.King:
				r = flood(r, own&^permAtt[q.color.Other()]&^s.forbid[q.color], kingSteps)
			case chess.Pawn:
				r = s.pawnReach(q, both, own&reachNK[q.color.Other()])
				if r&(rank1|rank8) != 0 {
					q.universal = true
					r = full
				}
			}
			if q.kind == chess.King || q.kind == chess.Rook {
				r = s.castling(q, r, both)
			}
			if r != q.reach {
				q.reach = r
				changed = true
			}
		}
		if !changed {
			return true
		}
	}
	return false
}

// stalemateRule sets forbid (see the rules above): when every piece of
// colour a other than its king can never move, the enemy king never steps
// onto a square x after which a's king, standing on a square of its reach
// not next to x, has no step within its reach (plus one plain step) that is
// not next to x either.
func (s *semistatic) stalemateRule() {
	s.forbid = [2]chess.Bitboard{}
	var kr [2]chess.Bitboard
	var mobile [2]bool
	for i := 0; i < s.n; i++ {
		q := &s.pc[i]
		if q.kind == chess.King {
			kr[q.color] = q.reach
		} else if q.universal || q.reach != q.sq.Bitboard() {
			mobile[q.color] = true
		}
	}
	for a := chess.White; a <= chess.Black; a++ {
		if mobile[a] {
			continue
		}
		s.forbid[a.Other()] = stalemateSquares(kr[a], s.clear[a]&^s.permAtt[a.Other()])
	}
}

// stalemateSquares returns the squares x such that no square of steps
// outside near(x) (x and its neighbours) is one step from a square of ka
// outside near(x):
//
//	kingSteps(ka &^ near(x)) & steps &^ near(x) == 0.
//
// Let k1 = kingSteps(ka) & steps. A square of k1 three or more steps from x
// lies outside near(x), and so do its neighbours, one of which is in ka:
// x fails. So only the squares within two steps of every square of k1 can
// pass. Of those, a square x whose near(x) misses ka passes exactly when
// k1 lies in near(x); the others get the full test.
func stalemateSquares(ka, steps chess.Bitboard) chess.Bitboard {
	k1 := kingSteps(ka) & steps
	in1, in2 := ^chess.Bitboard(0), ^chess.Bitboard(0)
	for b := k1; b != 0 && in2 != 0; {
		y := b.PopFirst()
		in1 &= kingNear[y]
		in2 &= kingNear2[y]
	}
	touch := kingSteps(ka) | ka // the squares x with near(x) meeting ka
	f := in1 &^ touch
	for b := in2 & touch; b != 0; {
		x := b.PopFirst()
		near := kingNear[x]
		if kingSteps(ka&^near)&steps&^near == 0 {
			f |= x.Bitboard()
		}
	}
	return f
}

// kingNear and kingNear2 hold, by square, the squares at most one and at
// most two king steps from it.
var kingNear, kingNear2 = func() (n1, n2 [64]chess.Bitboard) {
	for x := range 64 {
		b := chess.Square(x).Bitboard()
		n1[x] = kingSteps(b) | b
		n2[x] = kingSteps(n1[x]) | n1[x]
	}
	return
}()

// flood closes r under step onto squares of allowed.
func flood(r, allowed chess.Bitboard, step func(chess.Bitboard) chess.Bitboard) chess.Bitboard {
	for {
		x := r | step(r)&allowed
		if x == r {
			return r
		}
		r = x
	}
}

// pawnReach closes a pawn's reach under pushes onto squares in empty (and
// its allowed set) and captures onto squares in capt.
func (s *semistatic) pawnReach(q *ssPiece, empty, capt chess.Bitboard) chess.Bitboard {
	c := q.color
	start := chess.Bitboard(0xFF00)
	if c == chess.Black {
		start = 0xFF << 48
	}
	empty &= q.allowed
	r := q.reach
	for {
		one := forward(c, r) & empty
		two := forward(c, forward(c, r&start)&empty) & empty
		x := r | one | two | pawnCaptures(c, r)&capt
		if two != 0 {
			x |= forward(c, r&start) & empty // the square passed over
		}
		if x == r {
			return r
		}
		r = x
	}
}

// facingPairs sets the allowed push squares of pawns facing an enemy pawn
// on their file (see the rules above).
func (s *semistatic) facingPairs() {
	for i := 0; i < s.n; i++ {
		q := &s.pc[i]
		if q.kind == chess.Pawn {
			q.allowed = full
		}
	}
	for i := 0; i < s.n; i++ {
		wp := &s.pc[i]
		if wp.kind != chess.Pawn || wp.color != chess.White || wp.universal {
			continue
		}
		file := fileA << uint(wp.sq.File())
		// The nearest black pawn above on the same file.
		j := int(wp.facing)
		if j < 0 {
			continue
		}
		bp := &s.pc[j]
		if bp.universal || wp.reach&^file != 0 || bp.reach&^file != 0 {
			continue
		}
		// While both stand on the file, neither can pass the other. The
		// white pawn can only get past the black one if the black one is
		// captured (or leaves the file, excluded here), and vice versa.
		if !s.touched(j, i) {
			wp.allowed &= ^(full << uint(bp.sq.Rank()*8)) // ranks below the black pawn
		}
		if !s.touched(i, j) {
			bp.allowed &= full << uint(wp.sq.Rank()*8+8) // ranks above the white pawn
		}
	}
}

// touched reports whether some enemy piece of piece i other than piece
// except can reach a square of i's reach.
func (s *semistatic) touched(i, except int) bool {
	q := &s.pc[i]
	for k := 0; k < s.n; k++ {
		e := &s.pc[k]
		if k != except && e.color != q.color && e.reach&q.reach != 0 {
			return true
		}
	}
	return false
}

// decide applies the decision rule to the fixpoint for winner w. At a mate
// the loser's king stands on some m of its reach R, checked by a winner's
// piece other than the king (so m is in that piece's attack set), and every
// square f next to m that is in R is either attacked by the winner (in some
// attack set of a winner's piece, or next to the winner's king standing on
// a square of its reach not next to m) or occupied by a loser's piece that
// can reach f, a different piece for each f. (Squares next to m outside R
// need nothing: the king can never stand there.) If no m qualifies, there
// is no mate. Attack sets are over-approximations: a slider's rays run
// through every square that can ever be empty and through R (the king
// itself moves out of the line when fleeing).
func (s *semistatic) decide(w chess.Color) bool {
	l := w.Other()
	var kr, wk chess.Bitboard
	var blockers [16]chess.Bitboard
	nb := 0
	for i := 0; i < s.n; i++ {
		q := &s.pc[i]
		switch {
		case q.kind == chess.King && q.color == l:
			kr = q.reach
		case q.kind == chess.King:
			wk = q.reach
		case q.color == l:
			if nb == len(blockers) {
				return false
			}
			blockers[nb] = q.reach
			nb++
		}
	}
	empty := s.clear[chess.White]&s.clear[chess.Black] | kr
	var att chess.Bitboard // every square the winner's pieces may ever attack
	for i := 0; i < s.n; i++ {
		q := &s.pc[i]
		if q.color != w || q.kind == chess.King {
			continue
		}
		if q.universal {
			return false
		}
		switch q.kind {
		case chess.Pawn:
			att |= pawnCaptures(w, q.reach)
		case chess.Knight:
			att |= knightSteps(q.reach)
		case chess.Bishop:
			att |= diagRays(q.reach, empty)
		case chess.Rook:
			att |= orthoRays(q.reach, empty)
		case chess.Queen:
			att |= diagRays(q.reach, empty) | orthoRays(q.reach, empty)
		}
	}
	// The stalemate rule holds for every position of a line but the last:
	// the mating move itself may be a step of the winner's king to a square
	// it keeps the king off (a discovered check, so from a square on a line
	// from the mate square to a square a winner's slider can reach).
	var diagS, orthoS chess.Bitboard // squares the winner's sliders can reach
	for i := 0; i < s.n; i++ {
		q := &s.pc[i]
		if q.color == w && (q.kind == chess.Bishop || q.kind == chess.Queen) {
			diagS |= q.reach
		}
		if q.color == w && (q.kind == chess.Rook || q.kind == chess.Queen) {
			orthoS |= q.reach
		}
	}
	for cand := kr & att; cand != 0; {
		m := cand.PopFirst()
		mb := m.Bitboard()
		around := kingSteps(mb)
		flights := around & kr &^ att
		ks := wk
		if s.forbid[w] != 0 {
			// Rays through the king's own squares too: it stands in the
			// line until the last move.
			var from chess.Bitboard
			if d := diagRays(mb, empty|wk); d&diagS != 0 {
				from |= d
			}
			if o := orthoRays(mb, empty|wk); o&orthoS != 0 {
				from |= o
			}
			ks |= kingSteps(wk&from) & s.clear[w] &^ s.permAtt[l]
		}
		if mateSquarePossible(flights, ks&^around&^mb, blockers[:nb]) {
			return false
		}
	}
	return true
}

// mateSquarePossible reports whether the flight squares can all be taken
// away at once: some of them covered by the winner's king standing on a
// square of kingSquares (or none, if the king is elsewhere), each of the
// others occupied by a different blocker piece that can reach it.
func mateSquarePossible(flights, kingSquares chess.Bitboard, blockers []chess.Bitboard) bool {
	if matchAll(flights, blockers) {
		return true
	}
	var tried [8]chess.Bitboard
	nt := 0
	for ks := kingSquares & kingSteps(flights); ks != 0; {
		covered := kingSteps(ks.PopFirst().Bitboard()) & flights
		seen := false
		for _, t := range tried[:nt] {
			if t == covered {
				seen = true
				break
			}
		}
		if seen {
			continue
		}
		if nt < len(tried) {
			tried[nt] = covered
			nt++
		}
		if matchAll(flights&^covered, blockers) {
			return true
		}
	}
	return false
}

// matchAll reports whether every square of need can get its own blocker
// (a bipartite matching, by augmenting paths).
func matchAll(need chess.Bitboard, blockers []chess.Bitboard) bool {
	if need.Count() > len(blockers) {
		return false
	}
	var owner [16]int8 // owner[j] = index+1 of the square blocker j holds, 0 if free
	var squares [8]chess.Square
	ns := 0
	for b := need; b != 0; {
		squares[ns] = b.PopFirst()
		ns++
	}
	for i := 0; i < ns; i++ {
		var seen uint16
		if !augment(i, squares[:ns], blockers, &owner, &seen) {
			return false
		}
	}
	return true
}

func augment(i int, squares []chess.Square, blockers []chess.Bitboard, owner *[16]int8, seen *uint16) bool {
	for j, r := range blockers {
		if !r.Has(squares[i]) || *seen&(1<<j) != 0 {
			continue
		}
		*seen |= 1 << j
		if owner[j] == 0 || augment(int(owner[j])-1, squares, blockers, owner, seen) {
			owner[j] = int8(i + 1)
			return true
		}
	}
	return false
}

func diagRays(b, empty chess.Bitboard) chess.Bitboard {
	return ray(b, empty, stepNE) | ray(b, empty, stepNW) | ray(b, empty, stepSE) | ray(b, empty, stepSW)
}

func orthoRays(b, empty chess.Bitboard) chess.Bitboard {
	return ray(b, empty, stepN) | ray(b, empty, stepS) | ray(b, empty, stepE) | ray(b, empty, stepW)
}

// ssPrune reports whether the reachability analysis proves that the winner
// cannot mate from p (a node of the helpmate search). Such a position needs
// no expansion: every line through it is mate-free.
//
// A loser's pawn with an open file nearly always promotes, and its piece
// can then block every flight square, which makes the decision negative:
// such positions are not analysed here (this only gives up proofs, and
// saves the fixpoint at most nodes of open positions).
func (a *Analyzer) ssPrune(p *chess.Position) bool {
	return !hasOpenPawn(p, a.l) && a.ss.unwinnable(p, a.w)
}

// ssMinDepth is the least remaining depth at which the helpmate search asks
// the reachability analysis (a few microseconds) before expanding a node.
const ssMinDepth = 3
