package audit

import (
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
	out, err := st.Process(b, 0, 0)
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
