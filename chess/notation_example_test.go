package chess_test

import (
	"fmt"

	"github.com/arbiter-chess/arbiter/chess"
)

func ExamplePosition_ParseMove() {
	p := chess.StartPosition()
	for _, tok := range []string{"e4", "e7e5", "Sf3", "Sc6", "Lb5", "a6", "0-0"} {
		pm := p.ParseMove([]byte(tok), chess.German)
		if pm.Status != chess.MoveOK {
			fmt.Println(pm.Explain(&p, []byte(tok)))
			return
		}
		fmt.Print(p.SAN(pm.Move), ";")
		p.Play(pm.Move)
	}
	fmt.Println()
	pm := p.ParseMove([]byte("0-0"), chess.German)
	fmt.Println(pm.Status, pm.Reason)
	fmt.Println(pm.Explain(&p, []byte("0-0")))
	// Output:
	// e4;e5;Nf3;Nc6;Bb5;a6;O-O;
	// illegal pieces between king and rook
	// castling not allowed: pieces stand between the king and the rook or on their target squares (f8 and g8)
}

func ExamplePosition_AppendSANLang() {
	p := chess.StartPosition()
	m, _ := p.ParseUCI("g1f3")
	for _, lang := range chess.Languages {
		fmt.Printf("%s %s\n", lang, p.AppendSANLang(nil, m, lang))
	}
	// Output:
	// English Nf3
	// German Sf3
	// French Cf3
	// Italian Cf3
	// Spanish Cf3
	// Dutch Pf3
	// Portuguese Cf3
	// Hungarian Hf3
	// Polish Sf3
	// Czech Jf3
	// Romanian Cf3
	// Russian Кf3
	// Ukrainian Кf3
	// Bulgarian Кf3
	// Serbian Сf3
	// Greek Ιf3
}

func ExamplePosition_Problems() {
	p, _ := chess.ParseFEN("4k3/8/8/8/8/8/3K4/4R3 w - - 0 1")
	for _, pr := range p.Problems() {
		fmt.Println(pr.Code+":", pr.Message)
	}
	// Output:
	// opponent_in_check: White is to move but Black's king on e8 is in check (from e1)
}

func ExampleParseEPD() {
	e, err := chess.ParseEPD(`1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id "BK.01";`)
	if err != nil {
		panic(err)
	}
	bm, _ := e.Op("bm")
	id, _ := e.Op("id")
	fmt.Println(id, bm, e.Position.SideToMove())
	fmt.Println(e)
	// Output:
	// BK.01 Qd1+ black
	// 1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id "BK.01";
}
