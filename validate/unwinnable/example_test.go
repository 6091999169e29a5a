package unwinnable_test

import (
	"fmt"

	"github.com/arbiter-chess/arbiter/chess"
	"github.com/arbiter-chess/arbiter/validate/unwinnable"
)

// A time forfeit with Black to move: could White, who made the last move,
// still have mated? With king and queen against a lone king, yes.
func ExampleAnalyze() {
	p, _ := chess.ParseFEN("7k/8/6K1/8/8/8/8/Q7 b - - 0 60")
	r := unwinnable.Analyze(&p, chess.White, unwinnable.Options{})
	fmt.Println(r.Verdict, r.WitnessSAN)
	// Output: winnable 60...Kg8 61.Qg7#
}

// Blocked pawns and kings only: a dead position although both sides have
// pawns (FIDE 5.2.2), so a flag fall here is a draw.
func ExampleDead() {
	p, _ := chess.ParseFEN("8/2k5/8/1p1p2p1/1P1P2P1/8/2K5/8 w - - 0 50")
	dead, determined, white, _ := unwinnable.Dead(&p, unwinnable.Options{})
	fmt.Println(dead, determined, white.Method)
	// Output: true true semistatic
}

// The cheap per-ply material test.
func ExampleCannotMateByMaterial() {
	p, _ := chess.ParseFEN("8/3k4/2q5/8/8/K1N5/8/8 b - - 0 1")
	fmt.Println(unwinnable.CannotMateByMaterial(&p, chess.White), unwinnable.CannotMateByMaterial(&p, chess.Black))
	// Output: true false
}
