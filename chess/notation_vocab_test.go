package chess

import (
	"math/rand/v2"
	"testing"
)

func TestSANVocab(t *testing.T) {
	vocab := SANVocabulary()
	checkVocab(t, vocab, SANIndex)
	if got, want := len(vocab), 42019; got != want {
		t.Errorf("%d SAN strings, want %d (stored indices depend on the vocabulary)", got, want)
	}
	for _, s := range []string{"e4", "exd5", "e8=Q", "exf8=N#", "Nf3", "Ngf3", "N1f3", "Ng1f3", "Qh4xe1+", "O-O", "O-O-O#", "Kxe2", "--", "a2", "hxg7"} {
		if i, ok := SANIndex([]byte(s)); !ok || vocab[i] != s {
			t.Errorf("SANIndex(%q) = %d, %v", s, i, ok)
		}
	}
	for _, s := range []string{"", "e9", "Nf9", "e8", "exe5", "Kgf3", "Pe4", "Bb1b2", "Nb1b2", "0-0", "e4!", "Nf3 ", "Qh4xe1+#x", "\x00", "e4\x00"} {
		if i, ok := SANIndex([]byte(s)); ok {
			t.Errorf("SANIndex(%q) = %d, want none", s, i)
		}
	}
}

func TestUCIVocab(t *testing.T) {
	// 1,456 queen-like steps, 336 knight jumps, 2 x 22 x 4 promotions and
	// the null move.
	vocab := UCIVocabulary()
	if got, want := len(vocab), 1456+336+176+1; got != want {
		t.Fatalf("%d UCI strings, want %d", got, want)
	}
	checkVocab(t, vocab, UCIIndex)
	for _, bad := range []string{"", "e2", "e2e2", "a1b3x", "e2e4q", "e7e8k", "i1a1", "a9a1", "a1c2 ", "e7e8\x00", "e7e8Q"} {
		if i, ok := UCIIndex([]byte(bad)); ok {
			t.Errorf("UCIIndex(%q) = %d, want none", bad, i)
		}
	}
	if i, ok := NewPromotion(52, 60, Queen).UCIIndex(false); !ok || vocab[i] != "e7e8q" {
		t.Errorf("e7e8q: index %d, %v", i, ok)
	}
	if i, ok := NullMove.UCIIndex(false); !ok || vocab[i] != "0000" {
		t.Errorf("null move: index %d, %v", i, ok)
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
// and looks up the SAN and the UCI of every legal move met on the way;
// Move.UCIIndex must give the index of the text AppendUCI writes.
func TestMoveVocabsHoldEveryMove(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	starts := []string{
		StartFEN,
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
		// many queens and knights: every kind of disambiguation
		"1Q2Q3/Q7/2N1N3/1N3N2/1N3N2/2N1N3/k3Q2K/4Q3 w - - 0 1",
		"r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1",
	}
	uci := UCIVocabulary()
	var ml MoveList
	var buf []byte
	moves := 0
	for g := 0; g < 400; g++ {
		p, err := ParseFEN(starts[g%len(starts)])
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
				if _, ok := SANIndex(buf); !ok {
					t.Fatalf("%s: SAN %s not in the vocabulary", p.FEN(), buf)
				}
				buf = p.AppendUCI(buf[:0], m)
				i, ok := UCIIndex(buf)
				if !ok || uci[i] != string(buf) {
					t.Fatalf("%s: UCI %s not in the vocabulary", p.FEN(), buf)
				}
				if j, ok := m.UCIIndex(p.Chess960()); !ok || j != i {
					t.Fatalf("%s: %s: Move.UCIIndex %d, %v; want %d", p.FEN(), buf, j, ok, i)
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
	san, uci := SANVocabulary(), UCIVocabulary()
	f.Fuzz(func(t *testing.T, b []byte) {
		if i, ok := SANIndex(b); ok && san[i] != string(b) {
			t.Fatalf("SANIndex(%q) = %d (%q)", b, i, san[i])
		}
		if i, ok := UCIIndex(b); ok && uci[i] != string(b) {
			t.Fatalf("UCIIndex(%q) = %d (%q)", b, i, uci[i])
		}
	})
}
