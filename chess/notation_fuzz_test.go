package chess

import (
	"os"
	"path/filepath"
	"testing"
)

// ntFuzzSeedFENs are positions the fuzzers start from.
var ntFuzzSeedFENs = []string{
	ntStartFEN,
	"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
	"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
	"4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1",
	"8/4P3/8/8/8/8/k7/4K3 w - - 0 1",
	"4k3/8/8/8/8/8/8/1R4KR w HB - 0 1",
	"4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1",
	"8/8/8/8/8/8/8/8 w - - 0 1",
	"KKKKKKKK/8/8/8/8/8/8/kkkkkkkk w - - 0 1",
}

// FuzzParseMove: ParseMove never panics; every move it accepts is legal,
// and its SAN in the same language reads back as the same move; parseFast
// reads a token only as parse does, and ParseMove (its fast paths) gives
// what the reference path gives.
func FuzzParseMove(f *testing.F) {
	toks := []string{
		"e4", "Nf3", "Sf3", "exd5", "ed5", "e:d5", "exf6 e.p.", "exf6ep", "d8D", "e8=Q", "e8(Q)", "e8/Q", "exf8S",
		"O-O", "0-0-0", "o-o", "0–0", "Ng1-f3", "Lb2xe5", "e2e4", "e2-e4", "e1h1", "e1g1", "e7e8q", "Qxf7#", "Qxf7++",
		"Nf3!?", "e4‼", "♘f3", "nf3", "bc4", "N1d2", "Nbd2", "Qa1b2", "--", "Z0", "1-0", "", "x", "e", "e.p.", "+",
		"Кf3", "Крe2", "крe1-e2", "Фd1xd8+", "e8Ф", "e8=(Ф)", "Ιf3", "Ρe2", "ρe1", "Цe2", "Оb5", "e7e8Δ", "Кр", "\xd0",
	}
	// real tokens from the FIDE sample game
	if data, err := os.ReadFile(filepath.Join("testdata", "notation", "fide-appendix-c-sample-game.pgn")); err == nil {
		for _, g := range ntSplitGames(data) {
			for _, tok := range g.tokens {
				toks = append(toks, string(tok))
			}
		}
	}
	for i, tok := range toks {
		f.Add(ntFuzzSeedFENs[i%len(ntFuzzSeedFENs)], []byte(tok), uint8(i%int(numLanguages)))
	}
	f.Fuzz(func(t *testing.T, fen string, tok []byte, lang uint8) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		l := Language(lang % uint8(numLanguages))
		var fast, slow moveSyntax
		if fast.parseFast(tok, l) && (!slow.parse(tok, l, false) || fast != slow) {
			t.Fatalf("%q: parseFast %+v, parse %+v", tok, fast, slow)
		}
		if quick, ref := p.ParseMove(tok, l), p.parseReference(tok, l); quick != ref {
			t.Fatalf("%q in %s: ParseMove %+v, reference path %+v", tok, fen, quick, ref)
		}
		pm := p.ParseMove(tok, l)
		_ = pm.Explain(&p, tok)
		_ = pm.Notes.String()
		_ = pm.Reason.String()
		if pm.Status != MoveOK {
			if pm.Move != NullMove {
				t.Fatalf("%q in %s: status %v with move %v", tok, fen, pm.Status, pm.Move)
			}
			return
		}
		if !p.IsLegal(pm.Move) {
			t.Fatalf("%q in %s: accepted illegal move %s", tok, fen, p.UCI(pm.Move))
		}
		san := p.AppendSANLang(nil, pm.Move, l)
		if back := p.ParseMove(san, l); back.Status != MoveOK || back.Move != pm.Move {
			t.Fatalf("%q in %s: SAN %q reads back as %v %s", tok, fen, san, back.Status, p.UCI(back.Move))
		}
	})
}

// FuzzParseEPD: ParseEPD never panics, and what it reads is written and
// read back unchanged.
func FuzzParseEPD(f *testing.F) {
	for _, s := range []string{
		`1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id "BK.01";`,
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 ;D1 21 ;D2 528",
		"8/8/8/8/8/8/8/K1k5 w - - hmvc 12; fmvn 40;",
		`8/R6p/p5pk/1p3r2/8/8/3r4/4RK2 w - - pv f1g1; c0 "bm g5g2; am g5f5;`,
		`4k3/8/8/8/8/8/8/4K3 w - - c1 "say \"hi\" \\ ok"; noop; am Ke2 Kd2`,
		`6Qk/5Q1P/6QP/8/8/8/8/K7 b - - 0 1; class mate-now-corner; gate-prone`,
		ntStartFEN,
		"",
		"413/8/8/8/8/8/8/413 b A - 000\"", // an opcode looking like a clock
		"8/8/8/8/8/8/8/8 b A - A\"\"\"",   // an unterminated string after a closed one
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		e, err := ParseEPD(line)
		if err != nil {
			return
		}
		_ = e.Position.Problems()
		ntCheckEPDRoundTrip(t, e)
	})
}

// FuzzProblems: Problems never panics on any position ParseFEN accepts.
func FuzzProblems(f *testing.F) {
	for _, fen := range ntFuzzSeedFENs {
		f.Add(fen)
	}
	f.Add("8/8/3Pk3/8/8/8/B7/4R2K b - - 0 1")
	f.Add("4k3/8/8/8/8/8/8/4K3 w K e6 0 1")
	f.Fuzz(func(t *testing.T, fen string) {
		probs, err := FENProblems(fen)
		if err != nil {
			return
		}
		for _, pr := range probs {
			if pr.Code == "" || pr.Message == "" {
				t.Fatalf("%s: empty problem %#v", fen, pr)
			}
		}
	})
}
