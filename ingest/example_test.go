package ingest_test

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/arbiter-chess/arbiter/ingest"
)

func Example() {
	pgn := `[Event "Casual"]
[Result "1-0"]

1. e4 { [%clk 0:03:00] } 1... e5 { [%eval 0.17] } 2. Qh5?! Nc6 3. Bc4 Nf6?? 4. Qxf7# 1-0

1. d4 d5 ½-½
`
	r := ingest.NewReader(strings.NewReader(pgn), "example.pgn", ingest.Options{})
	var g ingest.Game
	for {
		b, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		for _, raw := range b.Games {
			if err := ingest.ParseGame(raw, b.File, ingest.ParseOptions{MainLineOnly: true}, &g); err != nil {
				fmt.Println(err)
			}
			event, _ := g.Tag("Event")
			fmt.Printf("game %d (line %d) %q: %d moves, result %s\n", g.Index, g.Line, event, len(g.Moves), g.Result)
			for _, m := range g.Moves[:2] {
				fmt.Printf("  %s clock=%dms eval=%v/%d\n", m.Text, m.ClockMS, m.HasEvalCP, m.EvalCP)
			}
			for _, n := range g.Notes {
				fmt.Printf("  note %s at %d:%d\n", n.Code, n.Line, n.Col)
			}
		}
	}
	st := r.Stats()
	fmt.Println("bytes", st.Bytes, "games", st.Games)
	// Output:
	// game 0 (line 1) "Casual": 7 moves, result 1-0
	//   e4 clock=180000ms eval=false/0
	//   e5 clock=-1ms eval=true/17
	// game 1 (line 6) "": 2 moves, result 1/2-1/2
	//   d4 clock=-1ms eval=false/0
	//   d5 clock=-1ms eval=false/0
	//   note result_spelling at 6:10
	// bytes 138 games 2
}

func ExampleExpand() {
	inputs, errs := ingest.Expand([]string{"testdata/small.pgn.bz2", "testdata/nothing-*.pgn"})
	for _, in := range inputs {
		fmt.Println(in.Name, in.Kind, in.Size)
	}
	for _, err := range errs {
		fmt.Println(err)
	}
	// Output:
	// testdata/small.pgn.bz2 pgn 6013
	// ingest testdata/nothing-*.pgn: pattern matches no file
}

func ExampleNormalizeResult() {
	for _, s := range []string{"1-0", "½-½", "0:1", "+/-", "0-0", "draw"} {
		r, standard := ingest.NormalizeResult(s)
		fmt.Printf("%q -> %q standard=%v\n", s, r.String(), standard)
	}
	// Output:
	// "1-0" -> "1-0" standard=true
	// "½-½" -> "1/2-1/2" standard=false
	// "0:1" -> "0-1" standard=false
	// "+/-" -> "1-0" standard=false
	// "0-0" -> "*" standard=false
	// "draw" -> "1/2-1/2" standard=false
}
