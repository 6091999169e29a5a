package audit

import (
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/ingest"
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
