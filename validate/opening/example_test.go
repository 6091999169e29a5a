package opening_test

import (
	"fmt"

	"github.com/arbiter-chess/arbiter/chess"
	"github.com/arbiter-chess/arbiter/validate/opening"
)

// A game that reaches the Petrov by another move order is named by its
// position.
func Example() {
	b := opening.Lichess()
	p := chess.StartPosition()
	w := b.Start(p.Hash())
	for i, san := range []string{"Nf3", "Nf6", "e4", "e5", "Nc3"} {
		pm := p.ParseMove([]byte(san), chess.English)
		p.Play(pm.Move)
		if !w.Next(pm.Move, p.Hash(), i+1) {
			break
		}
	}
	e, ply, _ := w.Result()
	fmt.Printf("%s %s, ply %d\n", e.ECO, e.Name, ply)
	// Output: C42 Petrov's Defense: Three Knights Game, ply 5
}
