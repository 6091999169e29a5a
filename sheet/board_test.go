package sheet

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/chess"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./sheet -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from the golden file (go test ./sheet -run %s -update to accept):\ngot  %.300s\nwant %.300s", path, t.Name(), got, want)
	}
}

func square(s string) chess.Square {
	q, ok := chess.ParseSquare(s)
	if !ok {
		panic(s)
	}
	return q
}

func TestBoardSVG(t *testing.T) {
	for _, tc := range []struct {
		name, fen string
		arrows    []Arrow
		label     string
		check     bool
	}{
		{"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", []Arrow{{From: square("g1"), To: square("f3")}}, "Position before 1. Nf3", false},
		// Black to move and in check (Scholar's mate): the king on e8 is marked.
		{"mate", "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4", nil, "Position after 4. Qxf7#", true},
		// An illegal move: two candidates drawn red, and a target alone.
		{"illegal", "4k3/8/8/8/8/8/8/R3K2R w - - 0 1", []Arrow{{From: square("a1"), To: square("d1"), Illegal: true}, {From: square("h1"), To: square("d1"), Illegal: true}, {From: chess.NoSquare, To: square("e2"), Illegal: true}}, `<script>alert("x")</script>`, false},
		{"empty", "", nil, "No position", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			svg, err := BoardSVG(tc.fen, tc.arrows, tc.label)
			if err != nil {
				t.Fatal(err)
			}
			if n := strings.Count(svg, `class="sq"`); n != 64 {
				t.Errorf("%d squares, want 64", n)
			}
			if got := strings.Contains(svg, `class="check"`); got != tc.check {
				t.Errorf("check marked %v, want %v", got, tc.check)
			}
			if strings.Contains(svg, "<script>") {
				t.Errorf("the label is not escaped: %s", svg)
			}
			for _, c := range "abcdefgh" {
				if !strings.Contains(svg, ">"+string(c)+"</text>") {
					t.Errorf("file %c not on the edge", c)
				}
			}
			golden(t, "board-"+tc.name+".svg", svg+"\n")
		})
	}
	if _, err := BoardSVG("not a fen", nil, ""); err == nil {
		t.Error("a bad FEN drew a board")
	}
}

func FuzzBoardSVG(f *testing.F) {
	f.Add("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 21)
	f.Add("8/8/8/8/8/8/8/8 w - - 0 1", -1, 70)
	f.Add("", 0, 0)
	f.Fuzz(func(t *testing.T, fen string, from, to int) {
		svg, err := BoardSVG(fen, []Arrow{{From: chess.Square(from), To: chess.Square(to)}}, fen)
		if err != nil {
			return
		}
		if n := strings.Count(svg, `class="sq"`); n != 64 {
			t.Fatalf("%d squares", n)
		}
		if !strings.HasSuffix(svg, "</svg>") {
			t.Fatal("unterminated svg")
		}
	})
}
