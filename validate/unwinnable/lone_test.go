package unwinnable

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/chess"
	"github.com/arbiter-chess/arbiter/internal/fentest"
)

// randomLonePosition places a king and the given pieces for the winner
// (FEN letters, upper case = White) and a king with the given pawns for
// the loser on random squares; ok is false when the result is not a legal
// position.
func randomLonePosition(rng *rand.Rand, pieces string, stm byte) (chess.Position, bool) {
	var board [64]byte
	put := func(c byte) {
		for {
			s := rng.IntN(64)
			if board[s] != 0 {
				continue
			}
			if (c == 'P' || c == 'p') && (s < 8 || s >= 56) {
				continue
			}
			board[s] = c
			return
		}
	}
	put('K')
	put('k')
	for i := 0; i < len(pieces); i++ {
		put(pieces[i])
	}
	var b strings.Builder
	b.WriteString(fentest.Placement(&board))
	b.WriteString(" " + string(stm) + " - - 0 1")
	p, err := chess.ParseFEN(b.String())
	if err != nil || !validPosition(&p) {
		return p, false
	}
	return p, true
}

// constructionRounds runs build (a construction for White) on rounds
// random positions of the material sets (randomLonePosition, either side
// to move, those with a legal move), checks every mate line it reports
// with CheckWitness and, with cleanFail, that a failed attempt reports no
// line, and returns the positions tried and the mates built.
func constructionRounds(t *testing.T, rng *rand.Rand, sets []string, rounds int, build func(*Analyzer, *chess.Position) bool, cleanFail bool) (tried, found int) {
	t.Helper()
	a := NewAnalyzer(Options{TTBits: 10})
	for i := 0; i < rounds; i++ {
		set := sets[i%len(sets)]
		stm := byte('w')
		if rng.IntN(2) == 1 {
			stm = 'b'
		}
		p, ok := randomLonePosition(rng, set, stm)
		if !ok || !p.HasLegalMove() {
			continue
		}
		tried++
		a.w, a.l = chess.White, chess.Black
		a.nodes, a.limit, a.mateLen = 0, 1<<30, -1
		if build(a, &p) {
			found++
			if err := CheckWitness(&p, chess.White, a.mateLine[:a.mateLen]); err != nil {
				t.Fatalf("%s: %v", p.FEN(), err)
			}
		} else if cleanFail && a.mateLen != -1 {
			t.Fatalf("%s: failed attempt left a mate line", p.FEN())
		}
	}
	return tried, found
}

// TestLoneWitness: on random positions of a lone king (or king and pawns)
// against queens, rooks, pawns and minor pieces, every line the lone-king
// construction reports replays legally to the winner's mate (it builds its
// moves without the move generator for the winner, so this checks its
// legality argument), and it succeeds on most of them.
func TestLoneWitness(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	sets := []string{"Q", "R", "P", "QP", "RP", "PP", "RB", "QN", "RRP", "PPP", "QBPP", "Pp", "Qpp", "RPpp", "PPppp", "Rp"}
	tried, found := constructionRounds(t, rng, sets, 6000, (*Analyzer).loneKing, false)
	t.Logf("%d positions, %d mates built", tried, found)
	if found < tried/2 {
		t.Errorf("only %d of %d positions mated", found, tried)
	}
}

// TestLonePlay: lonePlay plays the best candidate in place, skips a
// winner's move that stalemates (taking it back), and leaves the position
// unchanged when every candidate stalemates.
func TestLonePlay(t *testing.T) {
	cases := []struct {
		fen   string
		cands []string // UCI moves, best first
		want  string   // move played, "" for none
	}{
		{"k7/7Q/1K6/8/8/8/8/8 w - - 0 1", []string{"h7c7", "h7h6"}, "h7h6"}, // Qc7 stalemates
		{"k7/7Q/1K6/8/8/8/8/8 w - - 0 1", []string{"h7h6", "h7c7"}, "h7h6"},
		{"k7/7Q/1K6/8/8/8/8/8 w - - 0 1", []string{"h7c7"}, ""},
		{"k7/7Q/1K6/8/8/8/8/8 b - - 0 1", []string{"a8b8"}, "a8b8"},   // the loser: no test
		{"k7/7p/1K6/8/8/8/8/2Q5 w - - 0 1", []string{"c1c7"}, "c1c7"}, // no king step, a pawn move
	}
	a := NewAnalyzer(Options{TTBits: 10})
	a.w, a.l = chess.White, chess.Black
	for _, c := range cases {
		p := parseFEN(t, c.fen)
		before := p
		var cand []chess.Move
		var score []int
		for i, u := range c.cands {
			m, ok := p.ParseUCI(u)
			if !ok {
				t.Fatalf("%s: bad move %s", c.fen, u)
			}
			cand = append(cand, m)
			score = append(score, 10-i)
		}
		var wAtt chess.Bitboard
		played := a.lonePlay(&p, 0, cand, score, &wAtt, false)
		if c.want == "" {
			if played || p != before {
				t.Errorf("%s %v: played %v, position %s", c.fen, c.cands, played, p.FEN())
			}
			continue
		}
		want := before
		m, _ := want.ParseUCI(c.want)
		want.Play(m)
		if !played || a.line[0] != m || p != want {
			t.Errorf("%s %v: played %v %v, want %s", c.fen, c.cands, played, a.line[0], c.want)
		}
		if lk := p.KingSquare(chess.Black); before.SideToMove() == chess.White && wAtt != attacksOf(&p, chess.White, p.Occupied()&^lk.Bitboard()) {
			t.Errorf("%s %v: winner's attacks %x after the move", c.fen, c.cands, wAtt)
		}
	}
}

// TestLoneWinnerReduced: on random positions of a lone king (and pawns)
// against queens and rooks, the reduced candidate list of loneWinner (each
// heavy piece's best move only) has the same first best move, with the same
// score, as the full list.
func TestLoneWinnerReduced(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	sets := []string{"Q", "R", "QR", "RR", "QQ", "Qp", "RPpp", "QRR"}
	a := NewAnalyzer(Options{TTBits: 10})
	a.w, a.l = chess.White, chess.Black
	firstBest := func(cand []chess.Move, score []int) (chess.Move, int) {
		bi := 0
		for i := range cand {
			if score[i] > score[bi] {
				bi = i
			}
		}
		return cand[bi], score[bi]
	}
	compared, reducedLists := 0, 0
	for i := 0; i < 4000; i++ {
		p, ok := randomLonePosition(rng, sets[i%len(sets)], 'w')
		if !ok || p.InCheck() {
			continue
		}
		lk, wk := p.KingSquare(chess.Black), p.KingSquare(chess.White)
		var tg loneTarget
		if !chooseLoneTarget(&tg, &p, chess.White, lk, wk, 0, 0, false) {
			continue
		}
		tg.fill(&p, chess.White)
		occ := p.Occupied()
		heavy := p.Pieces(chess.White, chess.Queen) | p.Pieces(chess.White, chess.Rook)
		for _, withHeavy := range []bool{false, true} {
			var c1, c2 [loneMoves]chess.Move
			var s1, s2 [loneMoves]int
			n1, reduced := a.loneWinner(&p, &tg, lk, wk, occ, heavy, withHeavy, false, c1[:], s1[:])
			n2, full := a.loneWinner(&p, &tg, lk, wk, occ, heavy, withHeavy, true, c2[:], s2[:])
			if full {
				t.Fatalf("%s: the full list reported as reduced", p.FEN())
			}
			if (n1 == 0) != (n2 == 0) {
				t.Fatalf("%s: %d reduced candidates, %d full", p.FEN(), n1, n2)
			}
			if n1 == 0 {
				continue
			}
			if reduced {
				reducedLists++
			}
			compared++
			m1, b1 := firstBest(c1[:n1], s1[:n1])
			m2, b2 := firstBest(c2[:n2], s2[:n2])
			if m1 != m2 || b1 != b2 {
				t.Fatalf("%s (heavy %v): reduced list picks %v (%d), full list %v (%d)", p.FEN(), withHeavy, m1, b1, m2, b2)
			}
		}
	}
	t.Logf("%d lists compared, %d reduced", compared, reducedLists)
	if reducedLists < 1000 {
		t.Errorf("only %d reduced lists", reducedLists)
	}
}

// TestKingDist: kingDist.at gives the number of king steps over free
// squares (16 more than the plain distance when there is no path), asked
// in any order, for random sets of free squares including the full board.
func TestKingDist(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for i := 0; i < 3000; i++ {
		free := ^chess.Bitboard(0)
		if i%3 != 0 {
			for range rng.IntN(20) {
				free &^= chess.Square(rng.IntN(64)).Bitboard()
			}
		}
		s := chess.Square(rng.IntN(64))
		// Reference: breadth-first search square by square.
		var want [64]int
		for x := range want {
			want[x] = -1
		}
		want[s] = 0
		queue := []chess.Square{s}
		for len(queue) > 0 {
			x := queue[0]
			queue = queue[1:]
			for b := chess.KingAttacks(x) & free; b != 0; {
				y := b.PopFirst()
				if want[y] < 0 {
					want[y] = want[x] + 1
					queue = append(queue, y)
				}
			}
		}
		var k kingDist
		k.init(s, free)
		for _, x := range rng.Perm(64) {
			w := want[x]
			if w < 0 {
				w = 16 + dist(chess.Square(x), s)
			}
			if got := k.at(chess.Square(x)); got != w {
				t.Fatalf("free %#x, to %v: at(%v) = %d, want %d", uint64(free), s, chess.Square(x), got, w)
			}
		}
	}
}
