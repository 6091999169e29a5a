package chess

import (
	"math/rand/v2"
	"testing"
)

// TestRookAttacks compares the kindergarten rook attacks with the ray
// walk on every square and a million random occupancies (sparse and dense).
func TestRookAttacks(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for i := range 1 << 20 {
		occ := Bitboard(rng.Uint64())
		switch i % 3 {
		case 1:
			occ &= Bitboard(rng.Uint64())
		case 2:
			a, b := rng.Uint64(), rng.Uint64()
			occ &= Bitboard(a & b)
		}
		s := Square(i & 63)
		if got, want := RookAttacks(s, occ), slowSliderAttacks(s, occ, &rookDirs); got != want {
			t.Fatalf("%v occ %#x: %#x, want %#x", s, uint64(occ), uint64(got), uint64(want))
		}
	}
}
