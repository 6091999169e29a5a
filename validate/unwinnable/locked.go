package unwinnable

import "github.com/arbiter-chess/arbiter/chess"

// Move classes of the helpmate search for closed pawn structures. Such
// positions need lines that the classes of classify punish or leave deep:
// pawns of both sides advance, a king takes the pawn that blocks an enemy
// pawn, the loser promotes (often to a minor piece) and gives the new piece
// up to a blocked pawn of the winner, which changes file and runs. The
// search uses these classes at nodes where both sides have pawns and the
// winner has only its king and pawns, and at every node where both sides
// have pawns once lockedLate percent of the node budget are spent (the
// classes of classify settle most other positions before that). Like
// classify, they only reorder moves and change depths: no move is skipped,
// so a search without cuts is still exhaustive.

// lockedLate is the share of the node budget (in percent) after which the
// helpmate search uses the closed-structure classes at every node where
// both sides have pawns.
const lockedLate = 80

// lockedClasses reports whether the helpmate search should classify the
// moves of p with classifyLocked.
func (a *Analyzer) lockedClasses(p *chess.Position) bool {
	pw := p.Pieces(a.w, chess.Pawn)
	if pw == 0 || p.Pieces(a.l, chess.Pawn) == 0 {
		return false
	}
	return p.ByColor(a.w) == pw|p.Pieces(a.w, chess.King) || a.nodes*100 > a.opt.NodeBudget*lockedLate
}

// classifyLocked sets the class of each move in f.ml for position p:
// promotions (to any piece) and the winner's captures first, every other
// pawn push rewarded (a pawn has at most six of them, so the rewards along
// a line stay finite), the loser's king rewarded for a step toward the
// target corner, the winner's direct checks searched early; the rest is
// normal (the loser's captures are not punished here).
func (a *Analyzer) classifyLocked(p *chess.Position, f *frame) {
	stm := p.SideToMove()
	occ := p.Occupied()
	lk := p.KingSquare(a.l)
	for i := 0; i < f.ml.N; i++ {
		m := f.ml.Moves[i]
		from, to := m.From(), m.To()
		pt := p.PieceAt(from).Type()
		capture := m.IsEnPassant() || (!m.IsCastle() && occ.Has(to))
		c := classNormal
		switch {
		case m.IsPromotion():
			c = classFirst
		case capture:
			if stm == a.w {
				c = classFirst
			}
		case pt == chess.Pawn:
			c = classReward
		case pt == chess.King && stm == a.l:
			if dist(to, a.h.corner) < dist(from, a.h.corner) {
				c = classReward
			}
		}
		if c == classNormal && stm == a.w && givesDirectCheck(p, m, pt, lk, occ) {
			c = classCheck
		}
		f.class[i] = c
	}
}
