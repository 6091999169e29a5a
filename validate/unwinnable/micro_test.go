package unwinnable

import (
	"testing"

	"github.com/arbiter-chess/arbiter/chess"
)

func BenchmarkMicroLegalMoves(b *testing.B) {
	p := parseFEN(b, "r1b2rk1/pp4pp/2n5/4p3/4p1qP/3B2P1/P1P2K2/3R3R w - - 0 21")
	var ml chess.MoveList
	for i := 0; i < b.N; i++ {
		p.LegalMoves(&ml)
	}
}

func BenchmarkMicroPlay(b *testing.B) {
	p := parseFEN(b, "r1b2rk1/pp4pp/2n5/4p3/4p1qP/3B2P1/P1P2K2/3R3R w - - 0 21")
	var ml chess.MoveList
	p.LegalMoves(&ml)
	for i := 0; i < b.N; i++ {
		c := p
		c.Play(ml.Moves[i%ml.N])
	}
}

func BenchmarkMicroKingMoves(b *testing.B) {
	p := parseFEN(b, "r1b2rk1/pp4pp/2n5/4p3/4p1qP/3B2P1/P1P2K2/3R3R w - - 0 21")
	var ml chess.MoveList
	for i := 0; i < b.N; i++ {
		p.LegalMovesTo(&ml, chess.King, ^chess.Bitboard(0))
	}
}
