package chess_test

import (
	"fmt"

	"github.com/arbiter-chess/arbiter/chess"
)

func ExampleParseFEN() {
	p, err := chess.ParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	if err != nil {
		panic(err)
	}
	fmt.Println(p.SideToMove(), p.CastlingRook(chess.White, true), p.FEN())
	_, err = chess.ParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 x")
	fmt.Println(err)
	// Output:
	// white h1 r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1
	// chess: FEN fullmove number: invalid FEN: want a number, got "x"
}

func ExamplePosition_LegalMoves() {
	p := chess.StartPosition()
	var ml chess.MoveList
	p.LegalMoves(&ml)
	fmt.Println(ml.N)
	m, ok := p.ParseUCI("e2e4")
	fmt.Println(ok, p.MovedPiece(m).Type())
	p.Play(m)
	fmt.Println(p.FEN())
	// Output:
	// 20
	// true pawn
	// rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1
}

func ExamplePosition_LegalMovesTo() {
	// Reading the SAN move "Nd2": knight moves to d2.
	p, _ := chess.ParseFEN("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1")
	var ml chess.MoveList
	p.LegalMovesTo(&ml, chess.Knight, chess.D2.Bitboard())
	for _, m := range ml.Slice() {
		fmt.Println(p.UCI(m))
	}
	// Output:
	// b1d2
	// f3d2
}

func ExamplePosition_UCI() {
	p, _ := chess.ParseFEN("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
	m, _ := p.ParseUCI("e1g1")
	fmt.Println(p.UCI(m), m.To())
	p.SetChess960(true)
	fmt.Println(p.UCI(m))
	// Output:
	// e1g1 h1
	// e1h1
}

func ExamplePerft() {
	fmt.Println(chess.Perft(chess.StartPosition(), 3))
	// Output: 8902
}
