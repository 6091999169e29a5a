package chess

import (
	"fmt"
	"testing"

	"github.com/arbiter-chess/arbiter/internal/corpus"
)

// ntGameFiles are the real games replayed by the round-trip tests.
var ntGameFiles = []string{
	"shakmaty-bench-twic1599_1000k.pgn",
	"shakmaty-bench-lichess_db_1000k.pgn",
}

// TestReplayRealGames replays the real games in English SAN: every token
// must read as MoveOK, and writing the move back must give the token
// (modulo annotation glyphs). After every ply, every legal move must round
// trip through SAN in every language, UCI and long algebraic notation
// (every ply with -long, every 8th ply otherwise).
func TestReplayRealGames(t *testing.T) {
	for _, name := range ntGameFiles {
		t.Run(name, func(t *testing.T) {
			data := ntReadShared(t, "games/"+name)
			games := ntSplitGames(data)
			var nGames, nPlies, nRoundTrips, checkDiffs int
			every := 8
			if long() {
				every = 1
			}
			for gi, g := range games {
				p, ok := ntStartOf(t, g)
				if !ok {
					continue
				}
				nGames++
				for ply, tok := range g.tokens {
					if (ply+gi)%every == 0 {
						nRoundTrips += ntRoundTripAll(t, &p, fmt.Sprintf("%s game %d ply %d", name, gi+1, ply))
					}
					pm := p.ParseMove(tok, English)
					if pm.Status != MoveOK {
						t.Fatalf("game %d ply %d: %q: %v %v (%s) in %s", gi+1, ply, tok, pm.Status, pm.Reason, pm.Explain(&p, tok), p.FEN())
					}
					san := p.SAN(pm.Move)
					want := ntStripGlyphs(tok)
					if san != want {
						if ntStripCheck(san) != ntStripCheck(want) {
							t.Fatalf("game %d ply %d: SAN %q, token %q in %s", gi+1, ply, san, tok, p.FEN())
						}
						checkDiffs++
					}
					if pm.IsSAN(English) && san != string(tok) {
						t.Errorf("game %d ply %d: %q: IsSAN but the SAN is %q", gi+1, ply, tok, san)
					}
					if pm.Notes&^(Annotated) != 0 && san == want {
						t.Errorf("game %d ply %d: %q: unexpected notes %v", gi+1, ply, tok, pm.Notes)
					}
					p.Play(pm.Move)
					if pm.Check != p.InCheck() {
						t.Fatalf("game %d ply %d: %q: Check %v, but in check after it: %v", gi+1, ply, tok, pm.Check, p.InCheck())
					}
					nPlies++
				}
			}
			t.Logf("%d games, %d plies, %d legal moves each read back in %d notations (SAN in every language, UCI, two long forms), %d check-mark differences", nGames, nPlies, nRoundTrips, len(Languages)+3, checkDiffs)
			if nGames == 0 || nPlies == 0 {
				t.Fatal("no games replayed")
			}
		})
	}
}

// ntRoundTripAll checks that every legal move of p reads back from its SAN in
// every language, its UCI form and two long algebraic forms. It returns
// the number of legal moves.
func ntRoundTripAll(t *testing.T, p *Position, where string) int {
	t.Helper()
	var ml MoveList
	p.LegalMoves(&ml)
	var buf [32]byte
	for _, m := range ml.Slice() {
		for _, lang := range Languages {
			tok := p.AppendSANLang(buf[:0], m, lang)
			pm := p.ParseMove(tok, lang)
			if pm.Status != MoveOK || pm.Move != m {
				t.Fatalf("%s: %s SAN %q of %s read as %v %s (%s) in %s", where, lang, tok, p.UCI(m), pm.Status, p.UCI(pm.Move), pm.Explain(p, tok), p.FEN())
			}
			allowed := NoteFlags(0)
			if lang != English {
				allowed = ZeroCastling | PromotionNoEquals // FIDE style
			}
			if pm.Notes&^allowed != 0 {
				t.Fatalf("%s: %s SAN %q of %s has notes %v in %s", where, lang, tok, p.UCI(m), pm.Notes, p.FEN())
			}
		}
		q := *p
		q.Play(m)
		if q.InCheck() != p.givesCheck(m) {
			t.Fatalf("%s: givesCheck(%s) = %v in %s", where, p.UCI(m), p.givesCheck(m), p.FEN())
		}
		uci := p.AppendUCI(buf[:0], m)
		if pm := p.ParseMove(uci, English); pm.Status != MoveOK || pm.Move != m {
			t.Fatalf("%s: UCI %q read as %v %s (%s) in %s", where, uci, pm.Status, p.UCI(pm.Move), pm.Explain(p, uci), p.FEN())
		}
		for _, dash := range []bool{false, true} {
			lang := Languages[int(m)%len(Languages)]
			long := ntLongAlgebraic(p, m, lang, dash)
			if pm := p.ParseMove(long, lang); pm.Status != MoveOK || pm.Move != m {
				t.Fatalf("%s: long form %q (%s) read as %v %s (%s) in %s", where, long, lang, pm.Status, p.UCI(pm.Move), pm.Explain(p, long), p.FEN())
			}
		}
	}
	return ml.N
}

// TestLegalFromsMatchesMovegen: the fast path of ParseMove and SAN
// (legalFroms) finds exactly the from-squares of LegalMovesTo, for every
// piece type and target square, on game positions (every 8th ply, every
// ply with -long) and on the perft suite positions.
func TestLegalFromsMatchesMovegen(t *testing.T) {
	var positions int
	check := func(p *Position, where string) {
		positions++
		var ml MoveList
		for pt := Pawn; pt <= King; pt++ {
			for to := A1; to <= H8; to++ {
				got, ok := p.legalFroms(pt, to)
				if !ok {
					return
				}
				p.LegalMovesTo(&ml, pt, to.Bitboard())
				var want Bitboard
				for _, m := range ml.Slice() {
					if !m.IsCastle() && m.To() == to {
						want |= m.From().Bitboard()
					}
				}
				if got != want {
					t.Fatalf("%s: %s to %s: legalFroms %s, LegalMovesTo %s in %s", where, pt, to, ntSquares(got), ntSquares(want), p.FEN())
				}
			}
		}
	}
	fens, names, _ := ntPerftSuiteFENs(t)
	for i, fen := range fens {
		e, err := ParseEPD(fen)
		if err != nil {
			t.Fatal(err)
		}
		check(&e.Position, names[i])
	}
	ntSampledPlies(t, func(p *Position, _ []byte, name string, _, _ int) { check(p, name) })
	t.Logf("%d positions x 6 piece types x 64 squares", positions)
}

// ntSampledPlies replays the corpus games of ntGameFiles (those present)
// and calls f on every eighth ply (every ply with ARBITER_LONG), spread
// over the games: with the position before the move, the move's token, the
// file's name, the index i (ply plus game number) that picked it, a
// multiple of every.
func ntSampledPlies(t *testing.T, f func(p *Position, tok []byte, name string, i, every int)) {
	t.Helper()
	every := 8
	if long() {
		every = 1
	}
	for _, name := range ntGameFiles {
		if !corpus.Has("games/" + name) {
			t.Logf("games/%s absent from the shared corpus: its plies are left out", name)
			continue
		}
		for gi, g := range ntSplitGames(ntReadShared(t, "games/"+name)) {
			p, ok := ntStartOf(t, g)
			if !ok {
				continue
			}
			for ply, tok := range g.tokens {
				if (ply+gi)%every == 0 {
					f(&p, tok, name, ply+gi, every)
				}
				p.Play(p.ParseMove(tok, English).Move)
			}
		}
	}
}
