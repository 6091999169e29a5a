package chess

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTranslatedGames replays the games of the shared corpus rewritten in
// German, French, Italian, Spanish, Dutch and English piece letters and mixed styles (long
// form, 0-0, ':' or no capture sign, e.p., ++, promotion without '='), each
// in the language its [Notation] tag names, and checks that they give
// exactly the moves of the English twin file, game by game and ply by ply.
func TestTranslatedGames(t *testing.T) {
	for _, name := range []string{"twic1599-translated", "lichess-translated"} {
		t.Run(name, func(t *testing.T) {
			games := ntSplitGames(ntReadShared(t, "i18n/"+name+".pgn"))
			twins := ntSplitGames(ntReadShared(t, "i18n/"+name+".en.pgn"))
			if len(games) != len(twins) {
				t.Fatalf("%d games, %d English twins", len(games), len(twins))
			}
			perLang := map[Language]int{}
			styles := map[string]int{}
			var plies int
			var notes NoteFlags
			for gi := range games {
				g, en := games[gi], twins[gi]
				tag := g.tags["Notation"]
				lang, ok := ParseLanguage(tag)
				if !ok {
					t.Fatalf("game %d: unknown Notation tag %q", gi+1, tag)
				}
				if _, style, ok := strings.Cut(tag, "/"); ok {
					for _, s := range strings.Split(style, ",") {
						styles[s]++
					}
				}
				perLang[lang]++
				if len(g.tokens) != len(en.tokens) {
					t.Fatalf("game %d: %d tokens, English twin %d", gi+1, len(g.tokens), len(en.tokens))
				}
				p, ok := ntStartOf(t, g)
				if !ok {
					continue
				}
				for ply := range g.tokens {
					tok, want := g.tokens[ply], p.ParseMove(en.tokens[ply], English)
					pm := p.ParseMove(tok, lang)
					if want.Status != MoveOK {
						t.Fatalf("game %d ply %d: English %q: %v", gi+1, ply, en.tokens[ply], want.Explain(&p, en.tokens[ply]))
					}
					if pm.Status != MoveOK || pm.Move != want.Move {
						t.Fatalf("game %d ply %d (%s): %q read as %v %s (%s), want %s in %s",
							gi+1, ply, tag, tok, pm.Status, p.UCI(pm.Move), pm.Explain(&p, tok), p.UCI(want.Move), p.FEN())
					}
					notes |= pm.Notes
					p.Play(pm.Move)
					plies++
				}
			}
			t.Logf("%d games, %d plies; languages %v; styles %v; notes seen: %v", len(games), plies, perLang, styles, notes)
			for _, l := range []Language{English, German, French, Italian, Spanish, Dutch} {
				if perLang[l] == 0 {
					t.Errorf("no game in %v in the file", l)
				}
			}
		})
	}
}

// TestAppendixCSampleGame replays the FIDE Laws' own sample game (Appendix
// C) in German short form, without capture signs and in long form, and
// checks each against the English reference game.
func TestAppendixCSampleGame(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "notation", "fide-appendix-c-sample-game.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	games := ntSplitGames(data)
	if len(games) != 4 {
		t.Fatalf("%d games, want 4", len(games))
	}
	ref := games[3]
	for _, g := range games[:3] {
		p, q := StartPosition(), StartPosition()
		if len(g.tokens) != len(ref.tokens) {
			t.Fatalf("%s: %d tokens, want %d: %q", g.tags["Event"], len(g.tokens), len(ref.tokens), g.tokens)
		}
		for i, tok := range g.tokens {
			pm := p.ParseMove(tok, German)
			want := q.ParseMove(ref.tokens[i], English)
			if pm.Status != MoveOK || want.Status != MoveOK || pm.Move != want.Move {
				t.Fatalf("%s ply %d: %q: %s; English %q: %s", g.tags["Event"], i, tok, pm.Explain(&p, tok), ref.tokens[i], want.Explain(&q, ref.tokens[i]))
			}
			p.Play(pm.Move)
			q.Play(want.Move)
		}
		if p.FEN() != "r1bqr1k1/ppp1bppp/2nn4/6B1/8/4QN2/PPPN1PPP/1K1R1B1R b - - 9 11" || p.FEN() != q.FEN() {
			t.Errorf("%s: final position %s", g.tags["Event"], p.FEN())
		}
	}
}

// TestNationalLetters rewrites the English games of the corpus in the
// letters of each language the translated files do not cover (Portuguese,
// Hungarian, Polish, Czech, Romanian, and in the Cyrillic and Greek
// alphabets Russian, Ukrainian, Bulgarian, Serbian and Greek), piece by
// piece and promotion by promotion, and checks that each token reads as
// the English move. Every fifth token of the other alphabets is written in
// lower case.
func TestNationalLetters(t *testing.T) {
	games := ntSplitGames(ntReadShared(t, "i18n/twic1599-translated.en.pgn"))
	for _, lang := range []Language{Portuguese, Hungarian, Polish, Czech, Romanian, Russian, Ukrainian, Bulgarian, Serbian, Greek} {
		var symbol [256]string // English letter -> lang's symbol
		for pt := Knight; pt <= King; pt++ {
			symbol[English.PieceLetter(pt)] = lang.PieceSymbol(pt)
		}
		plies := 0
		for gi, g := range games {
			p, ok := ntStartOf(t, g)
			if !ok {
				continue
			}
			for ply, en := range g.tokens {
				var tok []byte
				for i, c := range en {
					if sym := symbol[c]; sym != "" && (i == 0 || en[i-1] == '=') {
						if lang.isScript() && plies%5 == 0 {
							sym = strings.ToLower(sym)
						}
						tok = append(tok, sym...)
						continue
					}
					tok = append(tok, c)
				}
				want := p.ParseMove(en, English)
				got := p.ParseMove(tok, lang)
				if want.Status != MoveOK || got.Status != MoveOK || got.Move != want.Move {
					t.Fatalf("%v game %d ply %d: %q read as %v %s, English %q is %s", lang, gi+1, ply, tok, got.Status, p.UCI(got.Move), en, p.UCI(want.Move))
				}
				p.Play(want.Move)
				plies++
			}
		}
		if plies == 0 {
			t.Fatalf("%v: no plies", lang)
		}
	}
}
