package validate

import (
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/chess"
)

// game builds a Game from a FEN ("" = start position) and space-separated
// move tokens.
func game(fen, moves string) *Game {
	g := &Game{FEN: fen, HasFEN: fen != "", SetUp: "1", Line: 1}
	for i, t := range strings.Fields(moves) {
		g.Moves = append(g.Moves, Token{Text: []byte(t), Line: 2, Col: i + 1})
	}
	return g
}

func judge(t *testing.T, g *Game) *Report {
	t.Helper()
	var r Report
	NewJudge(Options{Plies: true}).Judge(g, &r)
	return &r
}

func kinds(r *Report) []string {
	var ks []string
	for _, f := range r.Findings {
		ks = append(ks, f.Kind)
	}
	return ks
}

// The edge cases of research/rules-deadposition.md §3.1 and §3.2.
func TestRulesEdgeCases(t *testing.T) {
	const (
		r5  = "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1"
		r6  = "8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1"
		s1  = "7k/8/6K1/8/8/8/8/R7 w - - 149 200"
		nf3 = "Nf3 Nf6 Ng1 Ng8 "
	)
	tests := []struct {
		name, fen, moves                                                         string
		threefold, claim, fivefold, fifty, seventyfive, endPly, replayed, errPly int
		end                                                                      EndKind
	}{
		{"R1 threefold on the board", "", strings.Repeat(nf3, 2), 8, 7, -1, -1, -1, -1, 8, -1, EndNone},
		{"R2 claim by announcing 4...Ng8", "", "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1", -1, 7, -1, -1, -1, -1, 7, -1, EndNone},
		{"R3 fivefold", "", strings.Repeat(nf3, 4), 8, 7, 16, -1, -1, 16, 16, -1, EndFivefold},
		{"R3b four times only", "", strings.Repeat(nf3, 3) + "Nf3 Nf6 Ng1", 8, 7, -1, -1, -1, -1, 15, -1, EndNone},
		{"R4 e3 written after 1.e4 is no difference", "", "e4 Nf6 Nf3 Ng8 Ng1 Nf6 Nf3 Ng8 Ng1", 9, 8, -1, -1, -1, -1, 9, -1, EndNone},
		{"R5 legal en passant makes a different position", r5, "e4 Ke7 Ke2 Ke8 Ke1 Ke7 Ke2 Ke8 Ke1", -1, 9, -1, -1, -1, -1, 9, -1, EndNone},
		{"R5b third occurrence of the no-ep position", r5, "e4 Ke7 Ke2 Ke8 Ke1 Ke7 Ke2 Ke8 Ke1 Ke7 Ke2 Ke8 Ke1", 10, 9, -1, -1, -1, -1, 13, -1, EndNone},
		{"R6 illegal en passant is no difference", r6, "e4 Ka5 Kd2 Ka4 Ke1 Ka5 Kd2 Ka4 Ke1", 9, 8, -1, -1, -1, -1, 9, -1, EndNone},
		{"R7 lost castling right makes a different position", "", "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Rg1 Ng8 Rh1 Nf6 Ng1 Ng8", -1, -1, -1, -1, -1, -1, 12, -1, EndNone},
		{"R7b three times without the right", "", "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Rg1 Ng8 Rh1 Nf6 Ng1 Ng8 " + strings.Repeat(nf3, 2), 17, 16, -1, -1, -1, -1, 20, -1, EndNone},
		// The research file's F1/F2 FEN has the rook on h1 giving check to the
		// side not to move (an illegal position, see TestIllegalStart); the
		// rook stands on g1 here instead.
		{"F1 clock 99, no move", "7k/8/8/8/8/8/8/K5R1 w - - 99 120", "", -1, -1, -1, -1, -1, -1, 0, -1, EndNone},
		{"F2 clock 100", "7k/8/8/8/8/8/8/K5R1 w - - 99 120", "Rg2", -1, -1, -1, 1, -1, -1, 1, -1, EndNone},
		{"F3 mate at clock 100 is no fifty-move claim", "7k/8/6K1/8/8/8/8/R7 w - - 99 200", "Ra8#", -1, -1, -1, -1, -1, 1, 1, -1, EndCheckmate},
		{"S1 mate on the 150th ply stands", s1, "Ra8#", -1, -1, -1, 0, -1, 1, 1, -1, EndCheckmate},
		{"S2 75 moves", s1, "Rb1", -1, -1, -1, 0, 1, 1, 1, -1, EndSeventyFive},
		{"S3 stalemate on the 150th ply", "7k/8/8/8/8/8/5Q2/K7 w - - 149 200", "Qf7", -1, -1, -1, 0, -1, 1, 1, -1, EndStalemate},
		{"S4 the FEN clock counts", "7k/8/6K1/8/8/8/8/R7 w - - 140 200", "Rb1 Kg8 Rc1 Kh8 Rd1 Kg8 Re1 Kh8 Rf1 Kg8", -1, -1, -1, 0, 10, 10, 10, -1, EndSeventyFive},
		{"S5 the start is already 75 moves", "7k/8/6K1/8/8/8/8/1R6 b - - 150 200", "", -1, -1, -1, 0, 0, 0, 0, -1, EndSeventyFive},
		{"S6 capture on the 150th ply resets", "7k/8/6K1/8/8/8/r7/R7 w - - 149 200", "Rxa2", -1, -1, -1, 0, -1, -1, 1, -1, EndNone},
		{"illegal move stops the replay", "", "e4 e5 Ke3 Nc6", -1, -1, -1, -1, -1, -1, 2, 3, EndNone},
		{"moves after mate", "", "f3 e5 g4 Qh4# a3", -1, -1, -1, -1, -1, 4, 4, 5, EndCheckmate},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := judge(t, game(tc.fen, tc.moves))
			v := r.Verdict
			got := []int{v.ThreefoldPly, v.ThreefoldClaimPly, v.FivefoldPly, v.FiftyPly, v.SeventyFivePly, v.EndPly, v.PliesReplayed, v.FirstErrorPly}
			want := []int{tc.threefold, tc.claim, tc.fivefold, tc.fifty, tc.seventyfive, tc.endPly, tc.replayed, tc.errPly}
			names := []string{"threefold", "claim", "fivefold", "fifty", "seventyfive", "end", "replayed", "first error"}
			for i := range got {
				if got[i] != want[i] {
					t.Errorf("%s ply = %d, want %d (findings %v)", names[i], got[i], want[i], kinds(r))
				}
			}
			if v.End != tc.end {
				t.Errorf("end = %v, want %v", v.End, tc.end)
			}
		})
	}
}

// H1-H3: the halfmove clock after promotion, en passant and castling.
func TestHalfmoveClock(t *testing.T) {
	tests := []struct {
		name, fen, move string
		clock           int
	}{
		{"H1 promotion resets", "8/P6k/8/8/8/8/8/K7 w - - 57 80", "a8=Q", 0},
		{"H2 en passant resets", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 40 50", "exd6", 0},
		{"H3 castling does not reset", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 10 20", "O-O", 11},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := judge(t, game(tc.fen, tc.move))
			if len(r.Plies) != 1 {
				t.Fatalf("replayed %d plies, findings %v", len(r.Plies), kinds(r))
			}
			if got := r.Plies[0].Halfmove; got != tc.clock {
				t.Errorf("clock = %d, want %d", got, tc.clock)
			}
		})
	}
}

func TestResultJudgement(t *testing.T) {
	tests := []struct {
		name, fen, moves, result, term string
		ok                             Tri
		byRules                        string
		kind                           string // a finding kind that must be present ("" = none of the result kinds)
	}{
		{"mate recorded right", "", "f3 e5 g4 Qh4#", "0-1", "Normal", Yes, "0-1", ""},
		{"mate recorded wrong", "", "f3 e5 g4 Qh4#", "1-0", "Normal", No, "0-1", KindResultMismatch},
		{"stalemate recorded as a win", "7k/8/8/8/8/8/5Q2/K7 w - - 0 1", "Qf7", "1-0", "", No, "1/2-1/2", KindResultMismatch},
		{"K+N cannot win on time", "k7/8/8/8/8/8/1n4K1/8 b - - 0 1", "Kb7", "0-1", "Time forfeit", No, "1/2-1/2", KindResultMismatch},
		{"K+Q v K won on time stands", "k7/8/8/8/8/8/1q6/6K1 b - - 0 1", "Kb8", "0-1", "Time forfeit", Yes, "", ""},
		{"K+Q v K+N: the knight cannot win on time", "3k4/8/2q5/8/8/K1N5/8/8 b - - 0 1", "Kd7", "1-0", "Time forfeit", No, "1/2-1/2", KindUnwinnableWin},
		{"unfinished game", "", "e4 e5", "*", "", Yes, "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := game(tc.fen, tc.moves)
			g.Result, g.Termination = tc.result, tc.term
			r := judge(t, g)
			if r.Verdict.ResultOK != tc.ok || r.Verdict.ResultByRules != tc.byRules {
				t.Errorf("result ok %v by rules %q, want %v %q (findings %v)", r.Verdict.ResultOK, r.Verdict.ResultByRules, tc.ok, tc.byRules, kinds(r))
			}
			if tc.kind != "" && !strings.Contains(strings.Join(kinds(r), " "), tc.kind) {
				t.Errorf("findings %v lack %s", kinds(r), tc.kind)
			}
		})
	}
}

func TestVariantNotAudited(t *testing.T) {
	g := game("", "e4 d5 exd5")
	g.Variant = "Atomic"
	r := judge(t, g)
	if r.Verdict.Audited || len(r.Findings) != 1 || r.Findings[0].Kind != KindVariantNotAudited {
		t.Fatalf("atomic game: audited=%v findings=%v", r.Verdict.Audited, kinds(r))
	}
	if r.Verdict.PliesRecorded != 3 || r.Verdict.PliesReplayed != 0 {
		t.Fatalf("plies %d/%d", r.Verdict.PliesReplayed, r.Verdict.PliesRecorded)
	}
}

// A game written with German piece letters reads in German; its SAN is
// written in English.
func TestLanguageDetection(t *testing.T) {
	r := judge(t, game("", "e4 e5 Sf3 Sc6 Lb5 a6 La4 Sf6 0-0 Le7"))
	if r.Verdict.FirstErrorPly != -1 || r.Verdict.Language != chess.German {
		t.Fatalf("language %v, first error %d, findings %v", r.Verdict.Language, r.Verdict.FirstErrorPly, kinds(r))
	}
	if got := string(r.SAN(2)); got != "Nf3" {
		t.Fatalf("SAN of Sf3 = %q", got)
	}
	// The same opening (with 6. Re1 b5 7. Bb3 d6) in the letters of other
	// languages: each is read in its own language, every move legal.
	for _, tc := range []struct {
		lang  chess.Language
		moves string
	}{
		{chess.French, "e4 e5 Cf3 Cc6 Fb5 a6 Fa4 Cf6 O-O Fe7 Te1 b5 Fb3 d6"},
		{chess.Portuguese, "e4 e5 Cf3 Cc6 Bb5 a6 Ba4 Cf6 O-O Be7 Te1 b5 Bb3 d6"},
		{chess.Hungarian, "e4 e5 Hf3 Hc6 Fb5 a6 Fa4 Hf6 O-O Fe7 Be1 b5 Fb3 d6"},
		{chess.Polish, "e4 e5 Sf3 Sc6 Gb5 a6 Ga4 Sf6 O-O Ge7 We1 b5 Gb3 d6"},
		{chess.Czech, "e4 e5 Jf3 Jc6 Sb5 a6 Sa4 Jf6 O-O Se7 Ve1 b5 Sb3 d6"},
		{chess.Romanian, "e4 e5 Cf3 Cc6 Nb5 a6 Na4 Cf6 O-O Ne7 Te1 b5 Nb3 d6"},
		{chess.Russian, "e4 e5 Кf3 Кc6 Сb5 a6 Сa4 Кf6 0-0 Сe7 Лe1 b5 Сb3 d6"},
		{chess.Ukrainian, "e4 e5 Кf3 Кc6 Сb5 a6 Сa4 Кf6 0-0 Сe7 Тe1 b5 Сb3 d6"},
		{chess.Bulgarian, "e4 e5 Кf3 Кc6 Оb5 a6 Оa4 Кf6 0-0 Оe7 Тe1 b5 Оb3 d6"},
		{chess.Serbian, "e4 e5 Сf3 Сc6 Лb5 a6 Лa4 Сf6 0-0 Лe7 Тe1 b5 Лb3 d6"},
		{chess.Greek, "e4 e5 Ιf3 Ιc6 Αb5 a6 Αa4 Ιf6 0-0 Αe7 Πe1 b5 Αb3 d6"},
	} {
		r := judge(t, game("", tc.moves))
		if r.Verdict.FirstErrorPly != -1 || r.Verdict.Language != tc.lang {
			t.Errorf("%v: read as %v, first error %d, findings %v", tc.lang, r.Verdict.Language, r.Verdict.FirstErrorPly, kinds(r))
			continue
		}
		if got := string(r.SAN(10)); got != "Re1" {
			t.Errorf("%v: SAN of ply 11 = %q", tc.lang, got)
		}
	}
}

func TestNormalizeResult(t *testing.T) {
	for in, want := range map[string]string{"1-0": "1-0", "1:0": "1-0", "½-½": "1/2-1/2", "0.5-0.5": "1/2-1/2", "0–1": "0-1", "*": "*", "-/+": "0-1"} {
		if got, ok := NormalizeResult(in); !ok || got != want {
			t.Errorf("NormalizeResult(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	if _, ok := NormalizeResult("2-0"); ok {
		t.Error("2-0 accepted")
	}
}

// A start position that cannot arise in a game is reported and not
// replayed: here the side not to move is in check (the FEN of the research
// file's case F1, which python-chess accepts).
func TestIllegalStart(t *testing.T) {
	r := judge(t, game("7k/8/8/8/8/8/8/K6R w - - 99 120", "Rh2"))
	if r.Verdict.Audited || len(r.Findings) != 1 || r.Findings[0].Kind != KindInvalidStart {
		t.Fatalf("audited=%v findings=%v", r.Verdict.Audited, kinds(r))
	}
	if !strings.Contains(r.Findings[0].Message, "check") {
		t.Errorf("message %q does not say why", r.Findings[0].Message)
	}
}

// A custom start that no game can reach (Lichess "From Position" with
// fourteen bishops) is flagged, and its moves are still judged.
func TestUnreachableStartIsReplayed(t *testing.T) {
	g := game("bbbbkbbb/pppppppp/8/8/8/8/PPPPPPPP/BBBBKBBB w - - 0 1", "e4 b6 g3 Bcb7")
	r := judge(t, g)
	if !r.Verdict.Audited || r.Verdict.PliesReplayed != 4 {
		t.Fatalf("audited=%v replayed=%d findings=%v", r.Verdict.Audited, r.Verdict.PliesReplayed, kinds(r))
	}
	if r.Findings[0].Kind != KindUnreachableStart || r.Findings[0].Severity != Warning {
		t.Fatalf("first finding %+v", r.Findings[0])
	}
}

// Dead positions that a material count does not see (research file §3.3):
// a locked pawn wall (D13) and a forced capture of the only mating piece
// (D26). The game ends at the first dead ply, and what follows is reported.
func TestDeadBeyondMaterial(t *testing.T) {
	tests := []struct {
		name, fen, moves string
		dead             int
	}{
		{"D13 locked pawns", "8/2k5/8/1p1p2p1/1P1P2P1/8/2K5/8 w - - 0 1", "Kd2 Kd7", 0},
		{"D13 with a doubled pawn", "8/2k5/8/1p1p2p1/1P1P2P1/6P1/2K5/8 w - - 0 1", "Kd2 Kd7 Kc2 Kc7", 0},
		{"D26 the only move takes the queen", "k7/1Q6/8/8/8/8/8/7K b - - 0 1", "Kxb7", 0},
		{"D16 open file: not dead", "8/2k5/8/1p1p1p2/1P1P1P2/4B3/2K5/8 w - - 0 1", "Kd2 Kd7", -1},
		// Lichess game 6411 of the corpus before 54.Kh2: every king move out
		// of check stalemates, queen and rook notwithstanding
		{"forced stalemate with queen and rook", "8/5Q1R/8/6k1/7p/6KP/6P1/8 w - - 0 54", "Kh2", 0},
		{"D3-Chess: queens and rooks walled in", "bqn1KN2/rrk1pB2/nb1pPp1p/p1pP1PpP/PpP3P1/1P2N1R1/4Q3/1R4B1 w - - 0 1", "Qd2", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := game(tc.fen, tc.moves)
			g.Result, g.Termination = "1-0", "Time forfeit"
			r := judge(t, g)
			v := r.Verdict
			if v.DeadPly != tc.dead {
				t.Fatalf("dead ply %d, want %d (findings %v)", v.DeadPly, tc.dead, kinds(r))
			}
			if tc.dead < 0 {
				return
			}
			if v.End != EndDeadPosition || v.ResultByRules != "1/2-1/2" || v.ResultOK != No {
				t.Errorf("end %v at %d, result by rules %q ok %v", v.End, v.EndPly, v.ResultByRules, v.ResultOK)
			}
			ks := strings.Join(kinds(r), " ")
			for _, want := range []string{KindDeadPosition, KindMovesAfterEnd, KindResultMismatch} {
				if !strings.Contains(ks, want) {
					t.Errorf("findings %v lack %s", ks, want)
				}
			}
		})
	}
}

// TestSANOnly checks that Options.SAN keeps the same SANs as Options.Plies
// (normalized: German letters, long algebraic, a null move, an illegal move
// that stops the replay) without filling Plies.
func TestSANOnly(t *testing.T) {
	tests := []struct{ name, fen, moves string }{
		{"English", "", "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 O-O f6"},
		{"German", "", "e4 e5 Sf3 Sc6 Lb5 a6 Lxc6 dxc6 O-O f6"},
		{"long algebraic and coordinates", "", "e2-e4 e7-e5 g1f3 b8c6 Bf1-b5+ a7a6"},
		{"null move", "", "e4 -- d4 e5"},
		{"illegal move stops the replay", "", "e4 e5 Ke3 Nf6 Qh8"},
		{"from a FEN, black first", "4k3/8/8/8/8/8/4P3/4K3 b - - 0 40", "Kd7 e4 Ke6 Kd2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var full, san Report
			NewJudge(Options{Plies: true}).Judge(game(tc.fen, tc.moves), &full)
			NewJudge(Options{SAN: true}).Judge(game(tc.fen, tc.moves), &san)
			if len(san.Plies) != 0 {
				t.Errorf("SAN only: %d plies kept", len(san.Plies))
			}
			if full.SANCount() != len(full.Plies) || san.SANCount() != full.SANCount() {
				t.Fatalf("SAN counts: plies mode %d (plies %d), SAN mode %d", full.SANCount(), len(full.Plies), san.SANCount())
			}
			if san.SANCount() == 0 {
				t.Fatal("no SAN kept")
			}
			for i := range san.SANCount() {
				if a, b := string(full.SAN(i)), string(san.SAN(i)); a != b {
					t.Errorf("ply %d: SAN %q in plies mode, %q in SAN mode", i+1, a, b)
				}
			}
			if tc.name == "German" && string(san.SAN(2)) != "Nf3" {
				t.Errorf("German Sf3 kept as %q, want Nf3", san.SAN(2))
			}
			var none Report
			NewJudge(Options{}).Judge(game(tc.fen, tc.moves), &none)
			if none.SANCount() != 0 {
				t.Errorf("no option: %d SANs kept", none.SANCount())
			}
		})
	}
}

// TestEndMessages pins the messages of the commonest findings, which are
// written out as constants, to the colours' names.
func TestEndMessages(t *testing.T) {
	tests := []struct {
		name, fen, moves, kind string
		loser                  chess.Color
	}{
		{"white mated", "", "f3 e5 g4 Qh4#", KindCheckmate, chess.White},
		{"black mated", "", "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#", KindCheckmate, chess.Black},
		{"black stalemated", "k7/8/3Q4/8/8/8/8/7K w - - 0 1", "Qb6", KindStalemate, chess.Black},
		{"white stalemated", "K7/8/3q4/8/8/8/8/7k b - - 0 1", "Qb6", KindStalemate, chess.White},
	}
	for _, tt := range tests {
		r := judge(t, game(tt.fen, tt.moves))
		want := tt.loser.String() + " is checkmated: " + tt.loser.Other().String() + " wins"
		if tt.kind == KindStalemate {
			want = tt.loser.String() + " has no legal move and is not in check: the game is drawn by stalemate"
		}
		found := false
		for _, f := range r.Findings {
			if f.Kind == tt.kind {
				found = true
				if f.Message != want {
					t.Errorf("%s: message %q, want %q", tt.name, f.Message, want)
				}
			}
		}
		if !found {
			t.Errorf("%s: no %s finding in %v", tt.name, tt.kind, kinds(r))
		}
	}
}

// A move recorded after mate or stalemate is not legal either: it is
// reported once, as a move after the end of the game, with the reason.
func TestMoveAfterMateReportedOnce(t *testing.T) {
	for _, tc := range []struct{ name, fen, moves, reason string }{
		{"after mate", "", "f3 e5 g4 Qh4# a3", "a3, is not a legal move either"},
		{"after stalemate", "7k/8/8/8/8/8/5Q2/K7 w - - 0 60", "Qf7 Kg8", "Kg8, is not a legal move either"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := judge(t, game(tc.fen, tc.moves))
			n := len(strings.Fields(tc.moves))
			var at []string
			for _, f := range r.Findings {
				if f.Ply == n {
					at = append(at, f.Kind)
					if !strings.Contains(f.Message, tc.reason) {
						t.Errorf("message %q lacks %q", f.Message, tc.reason)
					}
				}
			}
			if len(at) != 1 || at[0] != KindMovesAfterEnd {
				t.Errorf("findings at ply %d: %v, want only %s", n, at, KindMovesAfterEnd)
			}
			if r.Verdict.Errors != 1 {
				t.Errorf("%d errors counted, want 1 (%v)", r.Verdict.Errors, kinds(r))
			}
		})
	}
}

// UCI has no check marks: a game written in UCI gets no check_mark note,
// while the same game in SAN without its marks does.
func TestNoCheckMarkNoteForUCI(t *testing.T) {
	for _, tc := range []struct {
		moves string
		note  bool
	}{
		{"e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7", false},
		{"e7e5", false},
		{"e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7", true},                     // mate without its mark
		{"e2-e4 e7-e5 Qd1-h5 Nb8-c6 Bf1-c4 Ng8-f6 Qh5xf7", true}, // long algebraic has marks
	} {
		r := judge(t, game("", tc.moves))
		got := false
		for _, f := range r.Findings {
			got = got || f.Kind == KindCheckMark
		}
		if got != tc.note {
			t.Errorf("%s: check_mark %v, want %v (%v)", tc.moves, got, tc.note, kinds(r))
		}
	}
}

func TestIsUCI(t *testing.T) {
	for tok, want := range map[string]bool{
		"e2e4": true, "g1f3": true, "e7e8q": true, "a2a1N": true, "e1g1": true,
		"e4": false, "Nf3": false, "e2-e4": false, "e7e8=Q": false, "e2e4+": false, "i2i4": false, "e9e4": false, "e7e8k": false,
	} {
		if got := isUCI([]byte(tok)); got != want {
			t.Errorf("isUCI(%q) = %v", tok, got)
		}
	}
}
