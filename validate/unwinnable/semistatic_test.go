package unwinnable

import (
	"math/rand/v2"
	"testing"

	"github.com/arbiter-chess/arbiter/chess"
)

// TestSemistaticRules checks the reachability analysis alone on positions
// of D3's test vectors (labels from test-vector.txt) that need the
// stalemate rule or castling rights, and on winnable ones it must not
// prove.
func TestSemistaticRules(t *testing.T) {
	cases := []struct {
		fen          string
		white, black bool // proven unwinnable for White, for Black
	}{
		// The stalemate rule: the side that can only move its king.
		{"1k6/b1b5/7p/5p1P/5p2/5PpK/6P1/8 w - -", true, true},
		{"k1b5/1p1pB3/1P1P4/2K5/8/8/8/8 b - -", true, true},
		{"8/1p6/1Pp5/k1P5/p1P5/P1K5/3B4/8 w - -", true, true},
		{"k1b5/1p1p4/1P1P4/B7/8/2B5/8/K7 w - -", true, true},
		{"8/8/7p/5p1P/5p1K/4bPp1/5bPb/4bkb1 b - -", true, true},
		// Castling rights (that can never be used).
		{"2k5/8/8/3B4/2Bp1p1p/1BpP1P1P/2P1BPBP/3BKBNR w K -", true, true},
		// Winnable (labels WB, W-, -B): nothing may be proven.
		{"6k1/6P1/6K1/8/8/8/8/8 w - -", false, true}, // D23
		{"k1b5/1p1p4/1P1P1K2/8/8/B7/8/1b6 w - -", false, false},
		{"k1b5/1p1pK3/1P1P4/8/8/8/bB6/8 b - -", false, false},
		{"k1b5/1p1p4/1P1Pb3/B7/8/8/8/K7 w - -", false, false},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false, false},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false, false},
	}
	var s semistatic
	for _, c := range cases {
		p := parseFEN(t, c.fen)
		for _, w := range []chess.Color{chess.White, chess.Black} {
			want := c.white
			if w == chess.Black {
				want = c.black
			}
			if got := s.unwinnable(&p, w); got != want {
				t.Errorf("%s %v: semistatic %v, want %v", c.fen, w, got, want)
			}
		}
	}
}

// TestStalemateSquares: stalemateSquares gives the squares of its
// definition, tested square by square, on random sets of every density.
func TestStalemateSquares(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	randomSet := func() chess.Bitboard {
		var b chess.Bitboard
		switch rng.IntN(4) {
		case 0: // a few squares
			for range rng.IntN(6) {
				b |= chess.Square(rng.IntN(64)).Bitboard()
			}
		case 1: // a block
			r0, f0 := rng.IntN(8), rng.IntN(8)
			r1, f1 := r0+rng.IntN(8-r0), f0+rng.IntN(8-f0)
			for r := r0; r <= r1; r++ {
				for f := f0; f <= f1; f++ {
					b |= chess.NewSquare(f, r).Bitboard()
				}
			}
		default:
			b = chess.Bitboard(rng.Uint64() & rng.Uint64())
			if rng.IntN(2) == 0 {
				b = ^b
			}
		}
		return b
	}
	for i := 0; i < 20000; i++ {
		ka, steps := randomSet(), randomSet()
		var want chess.Bitboard
		for x := chess.Square(0); x < 64; x++ {
			near := kingSteps(x.Bitboard()) | x.Bitboard()
			if kingSteps(ka&^near)&steps&^near == 0 {
				want |= x.Bitboard()
			}
		}
		if got := stalemateSquares(ka, steps); got != want {
			t.Fatalf("ka %#x steps %#x: got %#x, want %#x", uint64(ka), uint64(steps), uint64(got), uint64(want))
		}
	}
}
