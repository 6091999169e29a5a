package report

import (
	"math/rand/v2"
	"testing"

	"github.com/arbiter-chess/arbiter/chess"
)

func TestUCIVocab(t *testing.T) {
	// 1,456 queen-like steps, 336 knight jumps, 2 x 22 x 4 promotions and
	// the null move.
	if got, want := len(uciVocab), 1456+336+176+1; got != want {
		t.Fatalf("%d UCI strings, want %d", got, want)
	}
	seen := map[string]bool{}
	for i, u := range uciVocab {
		if seen[u] {
			t.Fatalf("%q twice", u)
		}
		seen[u] = true
		if j, ok := uciIndex([]byte(u)); !ok || int(j) != i {
			t.Errorf("uciIndex(%q) = %d, %v; want %d", u, j, ok, i)
		}
	}
	for _, bad := range []string{"", "e2", "e2e2", "a1b3x", "e2e4q", "e7e8k", "i1a1", "a9a1", "a1c2 ", "e7e8\x00", "e7e8Q"} {
		if i, ok := uciIndex([]byte(bad)); ok {
			t.Errorf("uciIndex(%q) = %d, want none", bad, i)
		}
	}
	if i := uciIndexOf(52, 60, 'Q'); i < 0 || uciVocab[i] != "e7e8q" {
		t.Errorf("uciIndexOf(e7, e8, Q) = %d", i)
	}
}

// TestUCIVocabHoldsEveryMove plays random games, standard and Chess960, and
// looks up the UCI of every legal move met on the way.
func TestUCIVocabHoldsEveryMove(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var ml chess.MoveList
	var buf []byte
	moves := 0
	for g := 0; g < 300; g++ {
		p := chess.StartPosition()
		if g%2 == 1 {
			var err error
			if p, err = chess.ParseFEN("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"); err != nil {
				t.Fatal(err)
			}
			p.SetChess960(true)
		}
		for ply := 0; ply < 200; ply++ {
			p.LegalMoves(&ml)
			if ml.N == 0 {
				break
			}
			for _, m := range ml.Slice() {
				buf = p.AppendUCI(buf[:0], m)
				if i, ok := uciIndex(buf); !ok || uciVocab[i] != string(buf) {
					t.Fatalf("%s: move %s not in the UCI vocabulary", p.FEN(), buf)
				}
				moves++
			}
			p.Play(ml.Moves[rng.IntN(ml.N)])
		}
	}
	t.Logf("%d moves looked up", moves)
}
