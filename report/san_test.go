package report

import (
	"math/rand/v2"
	"testing"

	"github.com/arbiter-chess/arbiter/chess"
)

func TestSANVocab(t *testing.T) {
	vocab, _ := sanVocabulary()
	checkVocab(t, vocab, sanIndex)
	if len(vocab) > 1<<16 {
		t.Errorf("%d strings: the dictionary page grows past what the tables should carry", len(vocab))
	}
	t.Logf("%d SAN strings", len(vocab))
	for _, s := range []string{"e4", "exd5", "e8=Q", "exf8=N#", "Nf3", "Ngf3", "N1f3", "Ng1f3", "Qh4xe1+", "O-O", "O-O-O#", "Kxe2", "--", "a2", "hxg7"} {
		if i, ok := sanIndex([]byte(s)); !ok || vocab[i] != s {
			t.Errorf("sanIndex(%q) = %d, %v", s, i, ok)
		}
	}
	for _, s := range []string{"", "e9", "Nf9", "e8", "exe5", "Kgf3", "Pe4", "Bb1b2", "Nb1b2", "0-0", "e4!", "Nf3 ", "Qh4xe1+#x", "\x00", "e4\x00"} {
		if i, ok := sanIndex([]byte(s)); ok {
			t.Errorf("sanIndex(%q) = %d, want none", s, i)
		}
	}
}

// checkVocab checks that a vocabulary holds each string once and that
// index finds every string at its place.
func checkVocab[I int16 | int32](t *testing.T, vocab []string, index func([]byte) (I, bool)) {
	t.Helper()
	seen := map[string]bool{}
	for i, s := range vocab {
		if seen[s] {
			t.Fatalf("%q twice", s)
		}
		seen[s] = true
		if j, ok := index([]byte(s)); !ok || int(j) != i {
			t.Fatalf("index(%q) = %d, %v; want %d", s, j, ok, i)
		}
	}
}

// TestMoveVocabsHoldEveryMove plays random games, standard and Chess960,
// and looks up the SAN and the UCI of every legal move met on the way.
func TestMoveVocabsHoldEveryMove(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	starts := []string{
		chess.StartFEN,
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
		// many queens and knights: every kind of disambiguation
		"1Q2Q3/Q7/2N1N3/1N3N2/1N3N2/2N1N3/k3Q2K/4Q3 w - - 0 1",
		"r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1",
	}
	var ml chess.MoveList
	var buf []byte
	moves := 0
	for g := 0; g < 400; g++ {
		p, err := chess.ParseFEN(starts[g%len(starts)])
		if err != nil {
			t.Fatal(err)
		}
		if g%len(starts) == 1 {
			p.SetChess960(true)
		}
		for ply := 0; ply < 150; ply++ {
			p.LegalMoves(&ml)
			if ml.N == 0 {
				break
			}
			for _, m := range ml.Slice() {
				buf = p.AppendSAN(buf[:0], m)
				if _, ok := sanIndex(buf); !ok {
					t.Fatalf("%s: SAN %s not in the vocabulary", p.FEN(), buf)
				}
				buf = p.AppendUCI(buf[:0], m)
				if i, ok := uciIndex(buf); !ok || uciVocab[i] != string(buf) {
					t.Fatalf("%s: UCI %s not in the vocabulary", p.FEN(), buf)
				}
				moves++
			}
			p.Play(ml.Moves[rng.IntN(ml.N)])
		}
	}
	t.Logf("%d moves looked up", moves)
}

// FuzzMoveVocab checks the SAN and UCI lookups on arbitrary bytes: either
// no index, or the index of exactly those bytes.
func FuzzMoveVocab(f *testing.F) {
	for _, s := range []string{"e4", "Nbd7", "exd8=Q+", "O-O-O#", "--", "e7e8q", "0000", "e1h1", "", "\xff\xfe", "Qh4xe1+#"} {
		f.Add([]byte(s))
	}
	vocab, _ := sanVocabulary()
	f.Fuzz(func(t *testing.T, b []byte) {
		if i, ok := sanIndex(b); ok && vocab[i] != string(b) {
			t.Fatalf("sanIndex(%q) = %d (%q)", b, i, vocab[i])
		}
		if i, ok := uciIndex(b); ok && uciVocab[i] != string(b) {
			t.Fatalf("uciIndex(%q) = %d (%q)", b, i, uciVocab[i])
		}
	})
}
