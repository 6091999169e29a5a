package audit

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/arbiter-chess/arbiter/ingest"
	"github.com/arbiter-chess/arbiter/internal/corpus"
	"github.com/arbiter-chess/arbiter/report"
	"github.com/arbiter-chess/arbiter/sheet"
	"github.com/arbiter-chess/arbiter/stats"
	"github.com/arbiter-chess/arbiter/validate"
)

// fuzzJudgeBudgets keeps the dead-position analysis of each input short:
// FuzzStage looks for crashes and broken invariants, not exact verdicts.
var fuzzJudgeBudgets = validate.Options{DeadNodes: 500, UnwinnableNodes: 2000}

// FuzzStage runs arbitrary bytes through a worker's whole path — split,
// tokenize, judge, rows of every table — and checks what must hold for any
// input: Process never fails (a bad game is a finding, not an error), no
// game hits a recovered panic (the internal_error finding), every game
// has a games row, and the moves table has one row per replayed ply.
func FuzzStage(f *testing.F) {
	for _, s := range []string{
		"[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n",
		"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n",
		"[Variant \"Chess960\"]\n[FEN \"rk2r3/p7/8/8/8/8/P7/RK2R3 w AEae - 0 1\"]\n\n1. O-O-O O-O-O 2. Rxe8 Rxe8 *\n",
		"[FEN \"8/8/8/8/8/4k3/8/4K2Q w - - 0 1\"]\n[Result \"0-1\"]\n\n1. Qh2 Kd3 0-1\n",
		"1. Sf3 Sf6 2. g3 g6 3. Lg2 Lg7 4. 0-0 0-0 1/2-1/2\n",
		"1. e4 -- 2. Nf3 Nf6 3. Ng1 Ng8 4. Nf3 Nf6 5. Ng1 Ng8 6. Nf3 *\n",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n8/8/8/8/8/8/8/8 w - - 0 1\n",
		"[Event \"x\"]\n\n1. e4 {[%clk 0:01:00] [%eval 0.3]} e5 $1 (1... c5 2. Nf3) 2. Ke2 Ke7 3. Ke1 Ke8 4. Ke2 *\n",
	} {
		f.Add([]byte(s))
	}
	// pgn-extract's test inputs: the shared corpus's, else those in testdata
	root := corpus.Path("edge/pgn-extract/infiles")
	if !corpus.Has("edge/pgn-extract/infiles") {
		root = filepath.Join("testdata", "pgn-extract", "infiles")
	}
	if ents, err := os.ReadDir(root); err == nil {
		for _, e := range ents {
			if b, err := os.ReadFile(filepath.Join(root, e.Name())); err == nil && len(b) <= 16<<10 {
				f.Add(b)
			}
		}
	}
	// One Stage for every input (a worker's calls are sequential), as a
	// worker keeps one for every block, and small reader buffers: building
	// a Stage and a 2 MiB buffer per input made each run allocate
	// megabytes, which the fuzzing worker's heap let run to gigabytes.
	so := &sheet.Options{Level: "info", Max: 5, Lang: "en"}
	st := NewStage(StageOptions{Tables: [numTables]bool{true, true, true, true}, FEN: true,
		// small budgets keep each input fast; exactness is not checked here
		Judge: fuzzJudgeBudgets, Sheet: so}, nil)
	defer st.Close()
	f.Fuzz(func(t *testing.T, data []byte) {
		col, total := sheet.NewCollector(*so), stats.NewRun()
		r := ingest.NewReader(bytes.NewReader(data), "fuzz.pgn", ingest.Options{BlockBytes: 32 << 10, MaxGameSize: 1 << 16, MaxWindow: 1 << 20})
		defer r.Close()
		for {
			b, err := r.Next()
			if b != nil {
				out, perr := st.Process(b, 0)
				if perr != nil {
					t.Fatalf("Process: %v", perr)
				}
				checkStageOutput(t, out)
				col.Add(out.Sheet)
				total.Merge(out.Stats)
				out.Release()
			}
			if errors.Is(err, io.EOF) || err != nil {
				break
			}
		}
		// The page of whatever was read renders in every language.
		for _, lang := range sheet.Languages() {
			o := *so
			o.Lang = lang
			run := &sheet.Run{Summary: report.NewSummary("fuzz"), Stats: total, Games: col}
			if err := sheet.Render(io.Discard, run, o); err != nil {
				t.Fatalf("render %s: %v", lang, err)
			}
		}
	})
}

func checkStageOutput(t *testing.T, out *Output) {
	t.Helper()
	if kc := out.Stats.ByKind["internal_error"]; kc != nil {
		t.Fatalf("internal error: %s", kc.Example.Message)
	}
	var games int64
	var plies int64
	if rec := out.Records[TableGames]; rec != nil {
		games = rec.NumRows()
		plies = sumInt32(t, rec, "plies_replayed")
	}
	if games != out.Games {
		t.Fatalf("%d games, %d games rows", out.Games, games)
	}
	var moves int64
	if rec := out.Records[TableMoves]; rec != nil {
		moves = rec.NumRows()
	}
	if moves != plies {
		t.Fatalf("%d moves rows, %d plies replayed", moves, plies)
	}
}

func sumInt32(t *testing.T, rec arrow.RecordBatch, name string) int64 {
	t.Helper()
	idx := rec.Schema().FieldIndices(name)
	if len(idx) == 0 {
		t.Fatalf("no column %s", name)
	}
	c, ok := rec.Column(idx[0]).(*array.Int32)
	if !ok {
		t.Fatalf("column %s is %T", name, rec.Column(idx[0]))
	}
	var n int64
	for i := 0; i < c.Len(); i++ {
		n += int64(c.Value(i))
	}
	return n
}
