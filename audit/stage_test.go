package audit

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/ingest"
	"github.com/arbiter-chess/arbiter/validate"
)

// A bug that panics while one game is judged becomes an internal_error
// finding on that game; the block and the run go on.
func TestStageRecoversFromPanic(t *testing.T) {
	r := ingest.NewReader(strings.NewReader("[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 *\n"), "x.pgn", ingest.Options{})
	b, err := r.Next()
	if b == nil || len(b.Games) != 2 {
		t.Fatalf("block %v, err %v", b, err)
	}
	st := NewStage(StageOptions{Tables: [numTables]bool{true, true, true, false}}, nil)
	defer st.Close()
	st.judge = nil // any use panics
	out, err := st.Process(b, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Release()
	if out.Games != 2 || out.Records[TableGames].NumRows() != 2 {
		t.Fatalf("games %d, rows %d", out.Games, out.Records[TableGames].NumRows())
	}
	kc := out.Stats.ByKind["internal_error"]
	if kc == nil || kc.Count != 2 || !strings.Contains(kc.Example.Message, "internal error") {
		t.Fatalf("internal_error findings: %+v", kc)
	}
}

// The games table's movetext: SAN with move numbers, whoever moves first
// and however large the numbers grow.
func TestAppendMovetext(t *testing.T) {
	const startBlack = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 %d"
	const startWhite = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 %d"
	tests := []struct {
		name  string
		fen   string
		moves string
		want  string
	}{
		{"no moves", "", "", ""},
		{"from the start", "", "e4 e5 Nf3", "1. e4 e5 2. Nf3"},
		{"black first", fmt.Sprintf(startBlack, 12), "e5 Nf3 Nc6", "12... e5 13. Nf3 Nc6"},
		{"one black move", fmt.Sprintf(startBlack, 1), "e5", "1... e5"},
		{"to three digits", fmt.Sprintf(startWhite, 99), "Nf3 Nf6 Ng1 Ng8", "99. Nf3 Nf6 100. Ng1 Ng8"},
		{"to four digits", fmt.Sprintf(startBlack, 999), "Nf6 Nf3 Ng8", "999... Nf6 1000. Nf3 Ng8"},
		{"nine digits", fmt.Sprintf(startWhite, 123456789), "d4", "123456789. d4"},
		{"normalized SAN", "", "e2e4 Ng8-f6 g1f3", "1. e4 Nf6 2. Nf3"},
	}
	j := validate.NewJudge(validate.Options{Plies: true})
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := validate.Game{FEN: tc.fen, HasFEN: tc.fen != "", SetUp: "1"}
			for _, m := range strings.Fields(tc.moves) {
				g.Moves = append(g.Moves, validate.Token{Text: []byte(m)})
			}
			var r validate.Report
			j.Judge(&g, &r)
			if r.Verdict.PliesReplayed != len(g.Moves) {
				t.Fatalf("replayed %d of %d plies: %+v", r.Verdict.PliesReplayed, len(g.Moves), r.Findings)
			}
			if got := string(appendMovetext([]byte("x"), &r)); got != "x"+tc.want {
				t.Errorf("movetext %q, want %q", got, "x"+tc.want)
			}
			if room := movetextRoom(len(r.Plies)); len(tc.want) > room {
				t.Errorf("movetext of %d bytes, room for %d", len(tc.want), room)
			}
		})
	}
}

// GameInput hands the judge every move token as written and the tags it
// reads, the first FEN tag winning; a reused Game keeps nothing of the
// previous one.
func TestGameInput(t *testing.T) {
	pgn := "[Event \"a\"]\n[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n[FEN \"x\"]\n[SetUp \"1\"]\n[Variant \"Standard\"]\n" +
		"[Result \"1-0\"]\n[Termination \"Normal\"]\n\n1. Ka2 e.p. Kh2 {c} 2. Kb3 1-0\n\n[Event \"b\"]\n\n1. d4 *\n"
	r := ingest.NewReader(strings.NewReader(pgn), "x.pgn", ingest.Options{})
	b, err := r.Next()
	if b == nil || len(b.Games) != 2 {
		t.Fatalf("block %v, err %v", b, err)
	}
	var g ingest.Game
	var vg validate.Game
	if err := ingest.ParseGame(b.Games[0], b.File, ingest.ParseOptions{MainLineOnly: true}, &g); err != nil {
		t.Fatal(err)
	}
	GameInput(&g, &vg)
	type tok struct {
		Text      string
		Line, Col int
		EP        bool
	}
	var toks []tok
	for _, m := range vg.Moves {
		toks = append(toks, tok{string(m.Text), m.Line, m.Col, m.EnPassantMark})
	}
	wantToks := []tok{{"Ka2", 9, 4, true}, {"Kh2", 9, 13, false}, {"Kb3", 9, 24, false}}
	if !slices.Equal(toks, wantToks) {
		t.Errorf("moves %+v, want %+v", toks, wantToks)
	}
	if vg.FEN != "8/8/8/8/8/8/8/K6k w - - 0 1" || !vg.HasFEN || vg.SetUp != "1" || vg.Variant != "Standard" ||
		vg.Result != "1-0" || vg.Termination != "Normal" || vg.ResultToken != "1-0" || vg.Line != 1 {
		t.Errorf("game input %+v", vg)
	}
	if err := ingest.ParseGame(b.Games[1], b.File, ingest.ParseOptions{MainLineOnly: true}, &g); err != nil {
		t.Fatal(err)
	}
	GameInput(&g, &vg)
	if len(vg.Moves) != 1 || string(vg.Moves[0].Text) != "d4" || vg.HasFEN || vg.FEN != "" || vg.Result != "" || vg.ResultToken != "*" {
		t.Errorf("second game input %+v", vg)
	}
}
