package unwinnable

import (
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/arbiter-chess/arbiter/chess"
)

// smallBudgetCases are typical final positions of real games that the
// caller analyses with a small budget (package validate uses 3,000 nodes):
// the side named first can mate.
var smallBudgetCases = []string{
	"w 5Q2/6K1/4k3/7P/8/8/8/8 b - - 0 72",
	"w 8/8/7k/8/8/1NK5/N7/8 w - - 21 76",
	"b 8/5p2/1b4p1/6k1/2K5/8/8/q7 b - - 0 58",
	"b 6k1/8/3K4/3n4/5n2/4r3/8/3q4 b - - 3 72",
	"b 6k1/6pp/5pb1/7r/8/4K3/8/8 b - - 0 59",
	"b 3r4/8/8/4p3/2K5/5k2/8/7n w - - 0 63",
	"b 8/8/4p3/4bk1p/7P/5K2/8/8 w - - 0 58",
	"b 3k4/4P3/3P4/1B1K4/8/7p/7P/8 b - - 0 50",
	"w 4k3/5pp1/2N1p2p/2N1P3/1K3P2/8/1P1n2PP/8 b - - 2 36",
}

// TestSmallBudget: with the budget package validate uses, these plainly
// winnable endgames are answered Winnable with a valid witness.
func TestSmallBudget(t *testing.T) {
	a := NewAnalyzer(Options{NodeBudget: 3000, NoSAN: true})
	for _, c := range smallBudgetCases {
		w := chess.White
		if c[0] == 'b' {
			w = chess.Black
		}
		p := parseFEN(t, c[2:])
		r := a.Analyze(&p, w)
		if r.Verdict != Winnable {
			t.Errorf("%s %v: got %v by %s after %d nodes, want winnable", c[2:], w, r.Verdict, r.Method, r.Nodes)
			continue
		}
		if err := CheckWitness(&p, w, r.Witness); err != nil {
			t.Errorf("%s %v: %v", c[2:], w, err)
		}
		t.Logf("%s %v: %s, %d nodes, %d plies", c[2:], w, r.Method, r.Nodes, len(r.Witness))
	}
}

// TestDives runs the dives alone on the Lichess sample (every 10th
// position, all under -long): every line they report must be a witness.
func TestDives(t *testing.T) {
	every := 10
	if long() {
		every = 1
	}
	ps := loadPositions(t, "lichess-30K-games.txt", every)
	a := NewAnalyzer(Options{NoSAN: true})
	found, nodes := 0, 0
	for i := range ps {
		p := &ps[i]
		w := p.SideToMove().Other()
		a.w, a.l = w, w.Other()
		a.nodes = 0
		if ok, _ := a.dives(p, 0, diveTries, 1<<30, false); ok {
			found++
			if err := CheckWitness(p, w, a.mateLine[:a.mateLen]); err != nil {
				t.Errorf("%s: %v", p.FEN(), err)
			}
		}
		nodes += a.nodes
	}
	t.Logf("%d positions: dives found %d mates, mean %.1f nodes", len(ps), found, float64(nodes)/float64(len(ps)))
}

// TestMayCheck: the leaf filter never misses a checking move (a missed one
// would only lose mates, but the filter promises none is missed).
func TestMayCheck(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	starts := []chess.Position{chess.StartPosition()}
	if lines, ok := readLines(t, filepath.Join("testdata", "test-vector-sample.txt")); ok {
		for _, v := range parseVectors(t, lines) {
			starts = append(starts, parseFEN(t, v.fen))
		}
	}
	a := NewAnalyzer(Options{TTBits: 10})
	var ml chess.MoveList
	checks := 0
	for i := 0; i < 3000; i++ {
		p := randomWalk(starts[rng.IntN(len(starts))], rng.IntN(40), rng)
		if !validPosition(&p) {
			continue
		}
		a.w, a.l = p.SideToMove(), p.SideToMove().Other()
		lf := a.leafFilter(&p)
		p.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			if p.GivesCheck(m) {
				checks++
				if !lf.mayCheck(&p, m) {
					t.Fatalf("%s: %s gives check, mayCheck says no", p.FEN(), p.UCI(m))
				}
			}
		}
	}
	if checks == 0 {
		t.Fatal("no checking move met")
	}
}

// BenchmarkDives times the first dives alone on the Lichess sample.
func BenchmarkDives(b *testing.B) {
	ps := loadPositions(b, "lichess-30K-games.txt", 1)
	a := NewAnalyzer(Options{NoSAN: true})
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		for j := range ps {
			p := &ps[j]
			w := p.SideToMove().Other()
			a.w, a.l = w, w.Other()
			a.nodes = 0
			a.dives(p, 0, firstDives, 1<<30, false)
			n++
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(n), "µs/pos")
	b.ReportMetric(0, "ns/op")
}

// refDiveScore rates move m of p for the corner plan (higher is better);
// check tells whether the winner's move may give check. It is the plain
// statement of what cornerWinnerScores and cornerLoserScores compute.
func (a *Analyzer) refDiveScore(p *chess.Position, ctx *diveContext, m chess.Move, check bool) int {
	if m.IsCastle() {
		return -5
	}
	from, to := m.From(), m.To()
	pt := p.PieceAt(from).Type()
	capt := chess.NoPieceType
	if m.IsEnPassant() {
		capt = chess.Pawn
	} else if ctx.occ.Has(to) {
		capt = p.PieceAt(to).Type()
	}
	return a.refCornerScore(p, ctx, m, pt, capt, check)
}

// refCornerScore rates move m when the winner has only minor pieces: the
// loser's king goes to the target corner, the loser's other pieces gather
// around it as blockers (its pawns promote to new ones when the winner needs
// that), the winner's king and pieces close in, and nothing is captured.
func (a *Analyzer) refCornerScore(p *chess.Position, ctx *diveContext, m chess.Move, pt, capt chess.PieceType, check bool) int {
	from, to := m.From(), m.To()
	c := ctx.corner
	if p.SideToMove() == a.w {
		s := 0
		if capt != chess.NoPieceType {
			switch {
			case ctx.heavy:
				s += 40 + 10*pieceValue[capt]
			case capt == chess.Queen:
				// A queen next to the corner can always interpose
				// on the bishop's line or take the checker: a bad blocker.
				s += 40 + 10*pieceValue[capt]
			default:
				s -= 10 + 5*pieceValue[capt] // blockers are needed
			}
		}
		if pr := m.Promotion(); pr != chess.NoPieceType {
			if pr == chess.Queen {
				return 1000
			}
			return -20
		}
		switch pt {
		case chess.Pawn:
			s += 15 + (to.Rank()^int(a.w)*7)*2
		case chess.King:
			s += 6 * (abs(dist(from, c)-2) - abs(dist(to, c)-2))
		default:
			s += 4 * (abs(dist(from, c)-3) - abs(dist(to, c)-3))
			if ctx.lAtt.Has(to) && !ctx.wAtt2.Has(to) {
				s -= 30
			}
		}
		if check {
			s += 3
		}
		return s
	}
	if capt != chess.NoPieceType {
		return -60 - 10*pieceValue[capt]
	}
	if pt == chess.King {
		return 15 * (dist(from, c) - dist(to, c))
	}
	s := 0
	// Keep the bishop's checking line into the corner open.
	if ctx.diag.Has(from) && !ctx.diag.Has(to) {
		s += 12
	} else if ctx.diag.Has(to) {
		s -= 15
	}
	if pt == chess.Pawn {
		if ctx.promo {
			switch m.Promotion() {
			case chess.NoPieceType:
				return s + 12
			case chess.Queen:
				return s - 10
			}
			return s + 30
		}
		return s + 2*(dist(from, c)-dist(to, c))
	}
	s += 5 * (dist(from, c) - dist(to, c))
	switch {
	case to == c:
		s -= 20 // the king's square
	case dist(to, c) == 1:
		s += 10
	}
	if dist(to, ctx.lk) == 1 {
		s += 3
	}
	return s
}

// TestCornerScores: cornerWinnerScores and cornerLoserScores give every
// move of the final positions of real games the score of refDiveScore
// (times 16, plus the noise), and pick the first best one.
func TestCornerScores(t *testing.T) {
	calls := loadFinals(t)
	a := NewAnalyzer(Options{TTBits: 10})
	rng := rand.New(rand.NewPCG(9, 10))
	f := &a.frames[0]
	moves := 0
	for _, c := range calls {
		p := c.pos
		a.w, a.l = c.winner, c.winner.Other()
		p.LegalMoves(&f.ml)
		if f.ml.N == 0 || !validPosition(&p) {
			continue
		}
		winnerToMove := p.SideToMove() == a.w
		ctx := diveContext{lk: p.KingSquare(a.l), wk: p.KingSquare(a.w), occ: p.Occupied()}
		ctx.attacks(&p, a.w, winnerToMove)
		ctx.heavy = p.Pieces(a.w, chess.Queen)|p.Pieces(a.w, chess.Rook)|p.Pieces(a.w, chess.Pawn) != 0
		ctx.promo = !winnerToMove && !ctx.heavy && needsPromotion(&p, a.w)
		ctx.cornerPlan, ctx.corner = true, diveCorner(&p, a.w, ctx.lk, rng.IntN(3))
		if p.Pieces(a.w, chess.Knight) == 0 && p.Pieces(a.w, chess.Bishop) != 0 {
			ctx.diag = chess.BishopAttacks(ctx.corner, 0)
		}
		for i := 0; i < f.ml.N; i++ {
			f.class[i] = uint8(rng.IntN(2))
		}
		seed, noise := rng.Uint32(), uint32(15)
		if rng.IntN(2) == 0 {
			noise = 127
		}
		var best int
		if winnerToMove {
			best = a.cornerWinnerScores(&p, &ctx, f, seed, noise)
		} else {
			best = a.cornerLoserScores(&p, &ctx, f, seed, noise)
		}
		wantBest, bs := -1, triedScore
		for i := 0; i < f.ml.N; i++ {
			m := f.ml.Moves[i]
			want := int32(a.refDiveScore(&p, &ctx, m, winnerToMove && f.class[i] != 0)*16) + diveNoise(i, seed, noise)
			if a.scores[i] != want {
				t.Fatalf("%s %v: %v scored %d, want %d", p.FEN(), a.w, m, a.scores[i], want)
			}
			if want > bs {
				wantBest, bs = i, want
			}
			moves++
		}
		if best != wantBest {
			t.Fatalf("%s %v: best %d, want %d", p.FEN(), a.w, best, wantBest)
		}
	}
	t.Logf("%d moves compared", moves)
}
