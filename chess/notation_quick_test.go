package chess

import (
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/arbiter-chess/arbiter/internal/fentest"
)

// quickCase is a token and the language it is read in.
type quickCase struct {
	tok  []byte
	lang Language
}

// quickTokens returns the tokens parseQuick is asked about in p: the SAN
// of every legal move in each of langs, read in that language, with its
// check mark removed, replaced by '+' or '#', with its capture mark removed
// or added and with its from-file or from-rank added; castling written
// O-O and O-O-O, whether legal or not; with all, also the tokens of
// quickShapes.
func quickTokens(p *Position, langs []Language, all bool) []quickCase {
	var toks []quickCase
	var ml MoveList
	p.LegalMoves(&ml)
	var buf [32]byte
	for _, m := range ml.Slice() {
		for _, lang := range langs {
			san := strings.TrimRight(string(p.AppendSANLang(buf[:0], m, lang)), "+#")
			forms := []string{san, strings.Replace(san, "x", "", 1)}
			if !strings.Contains(san, "x") && len(san) >= 3 {
				forms = append(forms, san[:len(san)-2]+"x"+san[len(san)-2:])
			}
			if len(san) >= 3 && san[0] >= 'A' && san[0] <= 'Z' {
				sq := san[len(san)-2:]
				from := m.From().String()
				forms = append(forms, san[:1]+from[:1]+sq, san[:1]+from[1:]+sq)
			}
			for _, f := range forms {
				for _, suffix := range []string{"", "+", "#"} {
					toks = append(toks, quickCase{[]byte(f + suffix), lang})
				}
			}
		}
	}
	for _, c := range []string{"O-O", "O-O-O"} {
		for _, suffix := range []string{"", "+", "#"} {
			toks = append(toks, quickCase{[]byte(c + suffix), English}, quickCase{[]byte(c + suffix), Russian})
		}
	}
	if all {
		toks = append(toks, quickShapes()...)
	}
	return toks
}

// quickShapes returns every token of the shapes parseQuick reads, for
// the letters of every language, on every square, with no mark, '+' or '#',
// read in English, German and French, whose letters differ (and in a
// language out of range).
var quickShapes = sync.OnceValue(func() []quickCase {
	var toks []quickCase
	for s := A1; s <= H8; s++ {
		sq := s.String()
		var forms []string
		forms = append(forms, sq)
		for f := 'a'; f <= 'h'; f++ {
			forms = append(forms, string(f)+"x"+sq, string(f)+sq)
		}
		for _, l := range "KQRBNPSLTDCAOZ" {
			forms = append(forms, string(l)+sq, string(l)+"x"+sq)
			for f := 'a'; f <= 'h'; f++ {
				forms = append(forms, string(l)+string(f)+sq)
			}
			for r := '1'; r <= '8'; r++ {
				forms = append(forms, string(l)+string(r)+sq)
			}
		}
		for _, f := range forms {
			for _, suffix := range []string{"", "+", "#"} {
				for _, l := range []Language{English, German, French, numLanguages} {
					toks = append(toks, quickCase{[]byte(f + suffix), l})
				}
			}
		}
	}
	return toks
})

// quickAgree checks that ParseMove (its quick path), the general path
// (parseFast, resolveFast) and the reference path give the same answer on
// every case in p; it returns the number of cases read as a legal move.
func quickAgree(t *testing.T, p *Position, cases []quickCase) int {
	t.Helper()
	n := 0
	for _, c := range cases {
		quick, general, ref := p.ParseMove(c.tok, c.lang), p.parseGeneral(c.tok, c.lang), p.parseReference(c.tok, c.lang)
		if quick != ref || general != ref {
			t.Fatalf("%q (language %d) in %s:\nquick     %+v\ngeneral   %+v\nreference %+v", c.tok, c.lang, p.FEN(), quick, general, ref)
		}
		if quick.Status == MoveOK {
			n++
		}
	}
	return n
}

// TestParseQuickAgrees: ParseMove's fast paths (parseQuick, parseFast,
// resolveFast) give what the reference path gives on every token, on the perft suites' positions, on odd and impossible
// positions (no king, two kings, the side not to move in check, kings side
// by side) and on real game positions (every 8th ply, every ply with
// -long; the SAN in English and one other language).
func TestParseQuickAgrees(t *testing.T) {
	legal, positions := 0, 0
	for i, p := range testPositions(t, 16) {
		legal += quickAgree(t, &p, quickTokens(&p, Languages[:], i%32 == 0))
		positions++
	}
	odd := []string{
		"4k3/8/8/8/8/8/4R3/4K3 w - - 0 1",        // Black (not to move) in check
		"4k3/4Q3/8/8/8/8/8/4K3 b - - 0 1",        // in check by a queen next to the king
		"8/8/8/3kK3/8/8/8/8 w - - 0 1",           // kings side by side
		"4k3/8/8/8/8/8/3PPP2/8 w - - 0 1",        // no white king
		"4k3/8/8/8/8/8/3P1P2/2K1K3 w - - 0 1",    // two white kings
		"2k1k3/8/8/8/8/8/3N4/4K3 w - - 0 1",      // two black kings
		"r3k2r/8/8/1B6/8/8/8/R3K2R b KQkq - 0 1", // pinned nothing, castling rights
		"4k3/8/8/1b6/8/3N4/8/1K2R3 w - - 0 1",    // pins and discovered checks
		"3qk3/8/8/8/8/8/3R4/3K1n2 w - - 0 1",     // in check by a knight, pinned rook
		"4k3/4r3/8/8/4B3/8/8/4K3 w - - 0 1",      // pinned bishop
		"7k/8/8/8/3q4/8/1P6/K7 w - - 0 1",        // pawn on the pin line
		"k7/8/8/3Pp3/8/8/8/3K4 w - e6 0 1",       // en passant
		"r1b1k2r/ppp2ppp/8/3pP3/1b6/2N5/PPP2PPP/R1BQK2R w KQkq d6 0 1",
		"4k3/P7/8/8/8/8/7p/4K3 w - - 0 1", // promotions
		"KKKKKKKK/8/8/8/8/8/8/kkkkkkkk w - - 0 1",
		"8/8/8/8/8/8/8/8 w - - 0 1",
	}
	odd = append(odd, ntFuzzSeedFENs...)
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 150; i++ {
		odd = append(odd, randomFEN(rng))
	}
	for _, fen := range odd {
		p, err := ParseFEN(fen)
		if err != nil {
			continue
		}
		legal += quickAgree(t, &p, quickTokens(&p, Languages[:], true))
		positions++
	}
	ntSampledPlies(t, func(p *Position, tok []byte, _ string, i, every int) {
		legal += quickAgree(t, p, append(quickTokens(p, []Language{English, Languages[i/every%len(Languages)]}, i%(256*every) == 0), quickCase{tok, English}))
		positions++
	})
	t.Logf("%d positions, %d legal moves read", positions, legal)
	if legal < 100000 {
		t.Fatalf("only %d tokens read as legal moves", legal)
	}
}

// randomFEN returns a random placement of a few pieces (zero to three
// kings a side), either side to move, no castling rights.
func randomFEN(rng *rand.Rand) string {
	var board [64]byte
	put := func(c byte) {
		for {
			s := rng.IntN(64)
			if board[s] == 0 {
				board[s] = c
				return
			}
		}
	}
	for _, c := range []byte("Kk") {
		for k := []int{0, 1, 1, 1, 2, 3}[rng.IntN(6)]; k > 0; k-- {
			put(c)
		}
	}
	for k := 2 + rng.IntN(14); k > 0; k-- {
		put("PNBRQpnbrq"[rng.IntN(10)])
	}
	var b strings.Builder
	b.WriteString(fentest.Placement(&board))
	if rng.IntN(2) == 0 {
		b.WriteString(" w - - 0 1")
	} else {
		b.WriteString(" b - - 0 1")
	}
	return b.String()
}
