//go:build !arbiter_reference

package chess

import (
	"math/rand/v2"
	"testing"
)

// TestParseFastAgrees (a test of the fast path, left out of the reference
// build, where parseFast reads nothing) checks that parseFast, wherever it accepts a token,
// gives exactly what parse gives, in every language: on every token of the
// shapes it reads, with and without check signs, and on random tokens
// built from the bytes such tokens are made of.
func TestParseFastAgrees(t *testing.T) {
	var toks []string
	squares := []string{}
	for s := Square(0); s < 64; s++ {
		squares = append(squares, s.String())
	}
	letters := "KQRBNPSLTDCAOZ"
	for _, sq := range squares {
		toks = append(toks, sq)
		for f := 'a'; f <= 'h'; f++ {
			toks = append(toks, string(f)+"x"+sq, string(f)+sq)
		}
		for _, l := range letters {
			toks = append(toks, string(l)+sq, string(l)+"x"+sq)
			for f := 'a'; f <= 'h'; f++ {
				toks = append(toks, string(l)+string(f)+sq)
			}
			for r := '1'; r <= '8'; r++ {
				toks = append(toks, string(l)+string(r)+sq)
			}
		}
	}
	rng := rand.New(rand.NewPCG(9, 10))
	alphabet := []byte("abcdefgh12345678xKQRBNPSLTDCAOZ+#-=:!? 09ij")
	for i := 0; i < 200000; i++ {
		b := make([]byte, 1+rng.IntN(6))
		for k := range b {
			b[k] = alphabet[rng.IntN(len(alphabet))]
		}
		toks = append(toks, string(b))
	}
	accepted := 0
	for _, tok := range toks {
		for _, suffix := range []string{"", "+", "#", "++", "+#", "!"} {
			b := []byte(tok + suffix)
			for l := Language(0); l < numLanguages; l++ {
				var fast, slow moveSyntax
				if !fast.parseFast(b, l) {
					continue
				}
				accepted++
				if !slow.parse(b, l, false) {
					t.Fatalf("%q in language %d: parseFast reads it, parse does not", b, l)
				}
				if fast != slow {
					t.Fatalf("%q in language %d: parseFast %+v, parse %+v", b, l, fast, slow)
				}
			}
		}
	}
	if accepted < 10000 {
		t.Fatalf("parseFast accepted only %d tokens", accepted)
	}
	t.Logf("%d token readings compared", accepted)
}
