package unwinnable

import (
	"math/rand/v2"
	"testing"

	"github.com/arbiter-chess/arbiter/chess"
)

// runCornerDives runs the blocker construction alone on p for winner and
// returns the mate it found (nil when none).
func runCornerDives(t *testing.T, a *Analyzer, p *chess.Position, winner chess.Color, nodes int) []chess.Move {
	t.Helper()
	a.w, a.l = winner, winner.Other()
	a.nodes = 0
	if !a.cornerDives(p, nodes) {
		return nil
	}
	return a.mateLine[:a.mateLen]
}

// TestCornerDives: final positions of real games with a lone minor piece
// that the generic dives do not mate within their share of the budget
// (the first was undetermined at budget 3,000); the blocker construction
// mates them within its node cap, with witnesses that replay.
func TestCornerDives(t *testing.T) {
	tests := []struct {
		fen    string
		winner chess.Color
	}{
		{"8/8/3k4/7K/4n3/8/4B3/8 w - - 1 80", chess.White},        // K+B v K+N
		{"8/3n4/8/8/2N1k1K1/8/8/8 b - - 35 75", chess.White},      // K+N v K+N
		{"8/1Kb5/8/3B1k2/8/8/8/8 w - - 0 55", chess.White},        // K+B v K+B
		{"8/k7/P1K5/b7/8/8/8/8 w - - 11 56", chess.Black},         // K+B v K+P
		{"8/7p/6p1/8/8/8/4K1pk/6B1 b - - 3 55", chess.White},      // K+B v K+3P
		{"7k/7p/p7/1pK5/5N2/n7/7r/8 b - - 1 53", chess.White},     // K+N v K+R+N+3P
		{"8/Q2nk3/8/8/8/1P4P1/P4P1P/6K1 w - - 1 36", chess.Black}, // K+N v K+Q+5P
		// The knight blocks a1 from a2, where it attacks c3: the bishop
		// checks from b2, next to the corner (TCEC).
		{"8/4B3/8/1k6/3K4/8/8/2n5 b - - 0 116", chess.White},
		// The bishop on the long diagonal pins the knight on f3 to h1:
		// it steps off so that the king and the knight can take their
		// squares.
		{"8/8/3k4/8/6nK/5B2/8/8 w - - 5 82", chess.White},
	}
	a := NewAnalyzer(Options{})
	for _, tc := range tests {
		p := parseFEN(t, tc.fen)
		line := runCornerDives(t, a, &p, tc.winner, cornerNodes)
		if line == nil {
			t.Errorf("%s %v: no mate within %d nodes", tc.fen, tc.winner, cornerNodes)
			continue
		}
		if err := CheckWitness(&p, tc.winner, line); err != nil {
			t.Errorf("%s %v: %v", tc.fen, tc.winner, err)
		}
	}
}

// TestAnalyzeCorner: the pipeline hands positions with a lone minor piece
// that the dives leave to the blocker construction.
func TestAnalyzeCorner(t *testing.T) {
	p := parseFEN(t, "8/8/3k4/7K/4n3/8/4B3/8 w - - 1 80")
	a := NewAnalyzer(Options{NodeBudget: 3000})
	r := a.Analyze(&p, chess.White)
	if r.Verdict != Winnable || r.Method != MethodCorner {
		t.Fatalf("got %v by %s after %d nodes, want winnable by %s", r.Verdict, r.Method, r.Nodes, MethodCorner)
	}
	if err := CheckWitness(&p, chess.White, r.Witness); err != nil {
		t.Fatal(err)
	}
}

// TestCornerDivesRandom: on random positions with a lone minor piece
// against a king and a minor piece, every mate the construction claims is
// a legal line, and it finds some.
func TestCornerDivesRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 7))
	a := NewAnalyzer(Options{})
	found, tried := 0, 0
	for _, pieces := range []string{"Bn", "Nn", "Bb", "Nb", "Bp", "Nr"} {
		for range 150 {
			p, ok := randomLonePosition(rng, pieces, "wb"[rng.IntN(2)])
			if !ok || !p.HasLegalMove() {
				continue
			}
			tried++
			line := runCornerDives(t, a, &p, chess.White, cornerNodes)
			if line == nil {
				continue
			}
			found++
			if err := CheckWitness(&p, chess.White, line); err != nil {
				t.Fatalf("%s: %v", p.FEN(), err)
			}
		}
	}
	t.Logf("%d positions, %d mated", tried, found)
	if found < tried/2 {
		t.Errorf("only %d of %d positions mated", found, tried)
	}
}

// TestKnightDist checks the knight-move distances.
func TestKnightDist(t *testing.T) {
	tests := []struct {
		a, b chess.Square
		want int8
	}{
		{chess.A1, chess.A1, 0},
		{chess.A1, chess.B3, 1},
		{chess.A1, chess.C2, 1},
		{chess.A1, chess.B2, 4},
		{chess.A1, chess.H8, 6},
		{chess.G4, chess.H2, 1},
		{chess.D4, chess.D5, 3},
	}
	for _, tc := range tests {
		if got := knightDist[tc.a][tc.b]; got != tc.want {
			t.Errorf("knightDist(%v, %v) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestManDist checks the estimated moves of each kind of man.
func TestManDist(t *testing.T) {
	tests := []struct {
		pt   chess.PieceType
		c    chess.Color
		s, x chess.Square
		want int
	}{
		{chess.Knight, chess.Black, chess.G4, chess.H2, 1},
		{chess.Bishop, chess.Black, chess.C7, chess.A7, 2},
		{chess.Bishop, chess.Black, chess.C7, chess.B8, 1},
		{chess.Bishop, chess.Black, chess.C7, chess.A8, farAway}, // other colour
		{chess.Rook, chess.White, chess.C3, chess.H3, 1},
		{chess.Rook, chess.White, chess.C3, chess.G2, 2},
		{chess.Queen, chess.White, chess.D1, chess.H5, 1},
		{chess.Pawn, chess.Black, chess.H5, chess.H2, 3},     // pushes on its file
		{chess.Pawn, chess.White, chess.H5, chess.H2, 3 + 1}, // promotes on h8, a rook goes to h2
		{chess.Pawn, chess.White, chess.G7, chess.G8, 1},     // promotes on the square
		{chess.King, chess.White, chess.G7, chess.G8, farAway},
	}
	for _, tc := range tests {
		got := manDist(tc.pt, tc.c, tc.s, tc.x)
		if got != tc.want {
			t.Errorf("manDist(%v, %v, %v, %v) = %d, want %d", tc.pt, tc.c, tc.s, tc.x, got, tc.want)
		}
	}
}

// TestCornerPatterns checks the geometry of the patterns: a bishop's
// corners are of its colour, the blocker stands next to the corner, and
// the winner's king covers the corner's two other neighbours without
// standing next to the corner.
func TestCornerPatterns(t *testing.T) {
	for _, tc := range []struct {
		fen     string
		corners chess.Bitboard
	}{
		{"8/8/3k4/8/6nK/5B2/8/8 w", chess.A8.Bitboard() | chess.H1.Bitboard()},
		{"8/8/3k4/8/6n1/5N2/8/7K w", chess.A1.Bitboard() | chess.H1.Bitboard() | chess.A8.Bitboard() | chess.H8.Bitboard()},
		{"8/8/3k4/8/6n1/4B3/8/7K w", chess.A1.Bitboard() | chess.H8.Bitboard()},
	} {
		p := parseFEN(t, tc.fen)
		var pats [maxPatterns]cornerPattern
		n := cornerPatterns(&p, chess.White, &pats)
		if want := tc.corners.Count() * 4; n != want {
			t.Errorf("%s: %d patterns, want %d", tc.fen, n, want)
		}
		for i, pat := range pats[:n] {
			if !tc.corners.Has(pat.c) {
				t.Errorf("%s: corner %v", tc.fen, pat.c)
			}
			if i > 0 && pats[i-1].cost > pat.cost {
				t.Errorf("%s: patterns not sorted by cost", tc.fen)
			}
			around := chess.KingAttacks(pat.c)
			if !around.Has(pat.x) || dist(pat.c, pat.k) != 2 {
				t.Errorf("%s: pattern %v/%v/%v", tc.fen, pat.c, pat.x, pat.k)
			}
			if rest := around &^ pat.x.Bitboard(); rest&^chess.KingAttacks(pat.k) != 0 {
				t.Errorf("%s: king on %v leaves a flight square of %v", tc.fen, pat.k, pat.c)
			}
		}
	}
}
