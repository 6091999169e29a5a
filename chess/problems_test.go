package chess

import (
	"bufio"
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func ntProblemCodes(probs []Problem) []string {
	var codes []string
	for _, pr := range probs {
		codes = append(codes, pr.Code)
	}
	slices.Sort(codes)
	return slices.Compact(codes)
}

// TestProblems checks every problem code on small positions, and positions
// that must pass.
func TestProblems(t *testing.T) {
	tests := []struct {
		fen   string
		codes string // sorted, comma-separated
	}{
		{ntStartFEN, ""},
		{"8/8/8/8/8/8/8/4K3 w - - 0 1", "king_count"},
		{"4k3/8/8/8/8/8/8/8 w - - 0 1", "king_count"},
		{"4k3/8/8/8/8/8/8/K3K3 w - - 0 1", "king_count"},
		{"8/8/8/8/8/8/8/8 w - - 0 1", "king_count"},
		{"4k2P/8/8/8/8/8/8/4K3 b - - 0 1", "pawn_on_back_rank"},
		{"4k3/8/8/8/8/8/8/p3K3 w - - 0 1", "pawn_on_back_rank"},
		{"4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "opponent_in_check"},
		{"4k3/8/8/8/8/8/8/4R1K1 b - - 0 1", ""},
		{"8/8/8/4k3/8/5N2/8/B3R2K b - - 0 1", "too_many_checkers"},
		{"8/8/8/4k3/8/3N1N2/8/7K b - - 0 1", "impossible_double_check"}, // two knights
		{"8/8/8/4k3/3P1P2/8/8/7K b - - 0 1", "impossible_double_check"}, // two pawns
		{"8/8/8/4k3/3P4/5N2/8/7K b - - 0 1", "impossible_double_check"}, // pawn and knight
		{"4R3/8/8/4k3/8/8/8/4Q2K b - - 0 1", "impossible_double_check"}, // one line, both sides
		{"7B/8/8/R3k3/8/8/8/7K b - - 0 1", "impossible_double_check"},   // no move uncovers either
		{"8/8/4k3/8/8/8/B7/4R2K b - - 0 1", "impossible_double_check"},  // as below without the pawn
		{"8/8/3Pk3/8/8/8/B7/4R2K b - - 0 1", ""},                        // exd6 e.p. opened two lines
		{"4k3/8/5N2/8/8/8/8/4R2K b - - 0 1", ""},                        // knight from e4: discovered
		{"4k3/8/8/1B6/8/8/8/4R2K b - - 0 1", ""},                        // bishop from e2: discovered
		{"4k3/3P4/8/8/8/8/8/4R2K b - - 0 1", ""},                        // pawn from e6 (capture) ... d7 attacks e8
		{"4k3/6N1/8/8/B7/8/8/7K b - - 0 1", "impossible_double_check"},  // knight g7 did not come from b5..d7
		{"4k3/2N5/8/8/B7/8/8/7K b - - 0 1", ""},                         // knight c7 from b5: discovered
		{"2Q1k3/8/8/8/8/8/8/4R2K b - - 0 1", ""},                        // queen c8 from e6: discovered
		{"4N3/R5k1/8/8/8/8/8/7K b - - 0 1", ""},                         // e7-e8=N or Nc7-e8: discovered
		{"1k6/3N4/8/8/8/8/8/1R5K b - - 0 1", ""},                        // knight d7 from b6: discovered
		{"1k5R/8/N7/8/8/8/8/7K b - - 0 1", "impossible_double_check"},   // knight a6 did not come from rank 8
		{"1k6/3N4/8/8/8/8/8/1R5K w - - 0 1", "opponent_in_check"},
		{"4k3/8/8/8/P7/8/PPPPPPPP/4K3 w - - 0 1", "too_many_pawns"},
		{"4k3/8/8/8/8/N7/PPPPPPPP/RNBQKBNR w - - 0 1", "too_many_pieces,too_many_promoted"},
		{"4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1", "too_many_promoted"},
		{"4k3/8/8/8/8/8/PPPPPPPP/1B1BK3 w - - 0 1", "too_many_promoted"}, // two light-squared bishops
		{"4k3/8/8/8/8/8/PPPPPPP1/1B1BK3 w - - 0 1", ""},
		{"4k3/8/8/8/8/8/PPPPPPPP/2B1KB2 w - - 0 1", ""},
		{"8/8/8/8/8/8/4k3/4K3 w - - 0 1", "kings_adjacent,opponent_in_check"},
		{"4k3/8/8/4p3/8/8/8/4K3 w - e6 0 1", ""},
		{"rnbqkbnr/pppppppp/8/8/8/P7/P1PPPPPP/RNBQKBNR w KQkq - 0 1", "pawn_captures"}, // a3 from b2: a capture, Black has all 16
		{"rnbqkbnr/pppppppp/8/8/8/P7/P1PPPPPP/RNBQKBN1 w Qkq - 0 1", "pawn_captures"},  // White's losses do not help
		{"rnbqkbn1/pppppppp/8/8/8/P7/P1PPPPPP/RNBQKBNR w KQq - 0 1", ""},               // Black lost a rook: bxa3 possible
		{"rnbqkbnr/p1pppppp/p7/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", "pawn_captures"}, // the same for Black
		{"4k3/8/8/8/8/P7/PP6/4K3 w - - 0 1", "pawn_captures"},                          // a3 came from a or b: both still stand
		{"4k3/8/8/8/P7/8/1P6/4K3 w - - 0 1", ""},                                       // a4 from a2
		{"4k3/8/8/8/8/8/P7/4K3 w - - 0 1", ""},
		{"4k3/8/8/7P/8/8/8/4K3 w - - 0 1", ""}, // h5 from e2: three captures, Black lost 15
		{"4k3/pppppppp/8/8/8/8/8/4K3 w - - 0 1", ""},
		{"r3k3/8/8/P7/8/8/8/4K3 w - - 0 1", ""},                                         // a5 may come from as far as d2
		{"rnbqkbnr/pppppppp/8/8/8/6P1/PPPPPPP1/RNBQKBNR w KQkq - 0 1", "pawn_captures"}, // g3 came from h2 by a capture
	}
	for _, tc := range tests {
		p := ntFEN(t, tc.fen)
		probs := p.Problems()
		got := strings.Join(ntProblemCodes(probs), ",")
		if got != tc.codes {
			t.Errorf("%s: problems %q, want %q (%v)", tc.fen, got, tc.codes, probs)
		}
		for _, pr := range probs {
			if pr.Message == "" {
				t.Errorf("%s: %s without message", tc.fen, pr.Code)
			}
		}
		if tc.codes == "" && probs != nil {
			t.Errorf("%s: want nil, got empty non-nil", tc.fen)
		}
	}
}

// TestFENProblems checks the problems of castling and en passant fields
// that ParseFEN drops.
func TestFENProblems(t *testing.T) {
	tests := []struct {
		fen   string
		codes string
	}{
		{ntStartFEN, ""},
		{"4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castling_without_pieces"},
		{"4k3/8/8/8/8/8/8/R3K3 w KQ - 0 1", "castling_without_pieces"},
		{"r3k3/8/8/8/8/8/8/R3K3 w Qk - 0 1", "castling_without_pieces"},
		{"4k3/8/8/8/8/8/4K3/R6R w KQ - 0 1", "castling_without_pieces"},
		{"4k3/8/8/8/8/8/8/1R4KR w HB - 0 1", ""},
		{"4k3/8/8/8/8/8/8/1R4KR w HC - 0 1", "castling_without_pieces"},
		{"4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "en_passant_invalid"},
		{"4k3/8/8/8/8/8/8/4K3 w - e3 0 1", "en_passant_invalid"},
		{"4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", "en_passant_invalid"},
		{"4k3/4n3/8/4p3/8/8/8/4K3 w - e6 0 1", "en_passant_invalid"},
		{"4k3/8/8/4p3/8/8/8/4K3 w - e6 0 1", ""},
		{"4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", ""},
		{"8/8/8/8/8/8/8/8 w KQkq e6 0 1", "castling_without_pieces,en_passant_invalid,king_count"},
	}
	for _, tc := range tests {
		probs, err := FENProblems(tc.fen)
		if err != nil {
			t.Errorf("%s: %v", tc.fen, err)
			continue
		}
		if got := strings.Join(ntProblemCodes(probs), ","); got != tc.codes {
			t.Errorf("%s: problems %q, want %q (%v)", tc.fen, got, tc.codes, probs)
		}
	}
	if _, err := FENProblems("not a fen"); err == nil {
		t.Error("FENProblems accepted a bad FEN")
	}
}

// ntPerftSuiteFENs returns the positions of the perft suites in the shared
// corpus's reference/ (those present; testdata's copies of scalachess's
// without it): EPD lines (FEN + ";D1 20 ...") and python-chess style "epd
// FEN" lines, each with a name for messages. complete reports whether
// every suite was read from the shared corpus.
func ntPerftSuiteFENs(t *testing.T) (fens, names []string, complete bool) {
	complete = true
	for _, f := range []struct {
		path  []string
		style string
	}{
		{[]string{"ethereal", "standard.epd"}, "epd"},
		{[]string{"ethereal", "fischer.epd"}, "epd"},
		{[]string{"sunfish", "perftsuite.epd"}, "epd"},
		{[]string{"sf-books", "FRC_openings.epd"}, "epd"},
		{[]string{"python-chess", "tricky.perft"}, "perft"},
		{[]string{"python-chess", "chess960.perft"}, "perft"},
		{[]string{"python-chess", "random.perft"}, "perft"},
		{[]string{"scalachess", "tricky.perft"}, "perft"},
		{[]string{"scalachess", "chess960.perft"}, "perft"},
		{[]string{"shakmaty", "tricky.perft"}, "perft"},
	} {
		rel := "reference/" + strings.Join(f.path, "/")
		data, err := os.ReadFile(ntSharedPath(rel))
		if os.IsNotExist(err) {
			// testdata holds scalachess's tricky suite and the first 100
			// positions of its Chess960 suite
			switch rel {
			case "reference/scalachess/tricky.perft":
				data, err = os.ReadFile(filepath.Join("testdata", "tricky.perft"))
			case "reference/scalachess/chess960.perft":
				data, err = os.ReadFile(filepath.Join("testdata", "chess960-100.perft"))
			default:
				t.Logf("%s absent", rel)
				complete = false
				continue
			}
			complete = false
		}
		if err != nil {
			t.Fatal(err)
		}
		id := ""
		sc := bufio.NewScanner(bytes.NewReader(data))
		for n := 1; sc.Scan(); n++ {
			line := strings.TrimSpace(sc.Text())
			if line == "" || line[0] == '#' {
				continue
			}
			name := strings.Join(f.path, "/") + ":" + strconv.Itoa(n)
			switch f.style {
			case "epd":
				fens = append(fens, line)
				names = append(names, name)
			case "perft":
				if rest, ok := strings.CutPrefix(line, "id "); ok {
					id = rest
				}
				if rest, ok := strings.CutPrefix(line, "epd "); ok {
					fens = append(fens, rest)
					names = append(names, name+" ("+id+")")
				}
			}
		}
	}
	return fens, names, complete
}

// TestPerftSuitesHaveNoProblems: every perft suite position is legal,
// except a few that cannot arise in a game, listed with the reason.
func TestPerftSuitesHaveNoProblems(t *testing.T) {
	fens, names, complete := ntPerftSuiteFENs(t)
	// Impossible positions in the suites, by piece placement. They test
	// move generators, not games; each is explained.
	known := map[string]struct{ codes, why string }{
		// shakmaty's tricky.perft, on purpose (see their ids)
		"1rrrrrk1/1PPPPPPP/8/8/8/8/8/6K1":            {"impossible_double_check", "two-pawn-checkers: pawns on f7 and h7 both check g8"},
		"2b5/1nbn4/n3n3/1kn5/n3n3/1n1n4/5RQ1/2KQ1R2": {"impossible_double_check", "two-knight-checkers: knights on b3 and d3 both check c1"},
		"1q4k1/3r1Ppp/5NP1/pP6/8/1Q6/3B4/2K2R2":      {"impossible_double_check", "two-stepper-checkers: pawn f7 and knight f6 both check g8; neither can uncover a line"},
		"kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ": {"too_many_pieces,too_many_promoted", "max-legals-too-much-material: 31 white pieces"},
		// checkers on one line through the king, from both sides: the last
		// move cannot have given both checks (neither can have crossed the king)
		"B6b/8/8/8/2K5/5k2/8/b6B":     {"impossible_double_check", "perftsuite #51: bishops a8 and h1 check f3 along one diagonal"},
		"3R4/8/q4k2/2B5/1NK5/3b4/8/8": {"impossible_double_check", "align-diag-1: queen a6 and bishop d3 check c4 along one diagonal"},
		"2Nq4/2K5/1b6/8/7R/3k4/7P/8":  {"impossible_double_check", "align-diag-2: queen d8 and bishop b6 check c7 along one diagonal"},
		"5R2/2P5/8/4k3/8/3rK2r/8/8":   {"impossible_double_check", "align-horizontal: rooks d3 and h3 check e3 along the third rank"},
		// pawn structures no game reaches: pawns off their files without
		// the captures to get there
		"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R": {"pawn_captures", "pos-4: White's b7 pawn needs a capture, Black has lost nothing; Black's a2 pawn needs five"},
		"rnbqk1nr/bb3p1p/1q2r3/2pPp3/3P4/7P/1PP1NpPP/R1BQKBNR":  {"pawn_captures", "ep-unrelated-check: White's h3 pawn came from g or h, but g2 and h2 stand"},
	}
	seen := map[string]bool{}
	for i, line := range fens {
		e, err := ParseEPD(line)
		if err != nil {
			t.Errorf("%s: %v", names[i], err)
			continue
		}
		fields := strings.Fields(line)
		fen := strings.Join(fields[:4], " ")
		probs, err := FENProblems(fen)
		if err != nil {
			t.Errorf("%s: %v", names[i], err)
			continue
		}
		if got, want := ntProblemCodes(probs), ntProblemCodes(e.Position.Problems()); !slices.Equal(got, want) {
			t.Errorf("%s: FENProblems %v, Problems %v", names[i], got, want)
		}
		codes := strings.Join(ntProblemCodes(probs), ",")
		if k, ok := known[fields[0]]; ok {
			seen[fields[0]] = true
			if codes != k.codes {
				t.Errorf("%s (%s): problems %q, want %q", names[i], k.why, codes, k.codes)
			}
			continue
		}
		if probs != nil {
			t.Errorf("%s: %s: %v", names[i], fen, probs)
		}
	}
	for placement := range known {
		if !seen[placement] && complete {
			t.Errorf("known impossible position %s not found in the suites", placement)
		}
	}
	t.Logf("%d positions checked, %d known impossible ones found", len(fens), len(seen))
}

// TestProblemsSoundOnGames: positions reached by legal moves have no
// problems. It replays the real games and, from every 8th ply (every ply with -long), walks 40
// random legal plies, trying every checking move on the way (so that
// double checks occur).
func TestProblemsSoundOnGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var positions, doubleChecks int
	stride := 8
	if long() {
		stride = 1
	}
	check := func(p *Position, where string) {
		positions++
		if p.Checkers().Count() == 2 {
			doubleChecks++
		}
		if probs := p.Problems(); probs != nil {
			t.Fatalf("%s: %s: %v", where, p.FEN(), probs)
		}
	}
	for _, name := range ntGameFiles {
		games := ntSplitGames(ntReadShared(t, "games/"+name))
		for gi, g := range games {
			p, ok := ntStartOf(t, g)
			if !ok {
				continue
			}
			for ply, tok := range g.tokens {
				pm := p.ParseMove(tok, English)
				if pm.Status != MoveOK {
					t.Fatalf("%s game %d: %q: %v", name, gi+1, tok, pm.Status)
				}
				p.Play(pm.Move)
				check(&p, name)
				if ply%stride != 0 {
					continue
				}
				q := p
				var ml MoveList
				for range 40 {
					q.LegalMoves(&ml)
					if ml.N == 0 {
						break
					}
					m := ml.Moves[rng.IntN(ml.N)]
					// every checking move is tried; half of the time one is played
					var checking Move
					for _, x := range ml.Slice() {
						if q.givesCheck(x) {
							r := q
							r.Play(x)
							check(&r, name+" checking move")
							checking = x
						}
					}
					if checking != NullMove && rng.IntN(2) == 0 {
						m = checking
					}
					q.Play(m)
					check(&q, name+" random walk")
				}
			}
		}
	}
	t.Logf("%d positions, %d double checks, no problems", positions, doubleChecks)
	if doubleChecks == 0 {
		t.Error("no double check seen")
	}
}
