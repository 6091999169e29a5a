package unwinnable

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/chess"
)

func TestDCases(t *testing.T) {
	lines, ok := readLines(t, filepath.Join("testdata", "dcases.txt"))
	if !ok {
		t.Fatal("testdata/dcases.txt missing")
	}
	a := NewAnalyzer(Options{NodeBudget: 2_000_000})
	for _, l := range lines {
		f := strings.SplitN(l, " ", 3)
		id, label, fen := f[0], f[1], f[2]
		t.Run(id, func(t *testing.T) {
			p := parseFEN(t, fen)
			for _, c := range []chess.Color{chess.White, chess.Black} {
				r := a.Analyze(&p, c)
				if label == "XX" {
					if !r.Invalid || r.Verdict != Undetermined {
						t.Errorf("%v: want invalid, got %+v", c, r)
					}
					continue
				}
				want := Unwinnable
				if (c == chess.White && label[0] == 'W') || (c == chess.Black && label[1] == 'B') {
					want = Winnable
				}
				checkResult(t, &p, c, r, want == Winnable, id)
				if r.Verdict != want {
					t.Errorf("%s %v: got %v (method %s, %d nodes), want %v", id, c, r.Verdict, r.Method, r.Nodes, want)
				}
				t.Logf("%s %v: %v by %s, %d nodes %s", id, c, r.Verdict, r.Method, r.Nodes, r.WitnessSAN)
			}
		})
	}
}

// vectorStats counts the answers on labelled positions.
type vectorStats struct {
	queries, agree, undetermined, contradictions int
	undetWin                                     int
	undet                                        []string
}

func (s *vectorStats) String() string {
	return fmt.Sprintf("%d queries: %d agree, %d undetermined (%.2f%%; %d labelled winnable, %d unwinnable), %d contradictions",
		s.queries, s.agree, s.undetermined, 100*float64(s.undetermined)/float64(max(1, s.queries)),
		s.undetWin, s.undetermined-s.undetWin, s.contradictions)
}

func runVectors(t *testing.T, vs []labelled, opt Options) *vectorStats {
	a := NewAnalyzer(opt)
	st := &vectorStats{}
	for _, v := range vs {
		p := parseFEN(t, v.fen)
		for _, c := range []chess.Color{chess.White, chess.Black} {
			can := v.white
			if c == chess.Black {
				can = v.black
			}
			r := a.Analyze(&p, c)
			st.queries++
			checkResult(t, &p, c, r, can, v.fen)
			switch {
			case r.Verdict == Undetermined:
				st.undetermined++
				st.undet = append(st.undet, fmt.Sprintf("%v can=%v %s", c, can, v.fen))
				if can {
					st.undetWin++
				}
			case (r.Verdict == Winnable) == can:
				st.agree++
			default:
				st.contradictions++
			}
		}
	}
	return st
}

func TestVectors(t *testing.T) {
	path := filepath.Join("testdata", "test-vector-sample.txt")
	if long() {
		path = sharedPath("test-vector.txt")
	}
	if *only != "" {
		path = *only
	}
	lines, ok := readLines(t, path)
	if !ok {
		t.Skip(path + " not found")
	}
	st := runVectors(t, parseVectors(t, lines), Options{NodeBudget: *budget})
	t.Log(path + ": " + st.String())
	for _, u := range st.undet {
		t.Log("undetermined: " + u)
	}
}

// TestDeepVectors: D3 test vectors that need the resumed deep search of
// step 9 (a loser's king takes a blocking pawn, its pawn promotes and is
// given up to a blocked pawn of the winner, which promotes in turn). Each
// needs most of a 1,000,000-node budget; run with -long.
func TestDeepVectors(t *testing.T) {
	if !long() {
		t.Skip("slow: run with -long")
	}
	cases := []struct {
		fen    string
		winner chess.Color
	}{
		{"1k6/1P1p3p/BP3p2/1P5p/8/8/3P1PKP/8 b - -", chess.Black},
		{"1k6/1P1p1p1p/BP5p/1P6/8/8/3P1PKP/8 w - -", chess.Black},
		{"2B1B1B1/pBpBpBp1/P1P1P1P1/8/8/8/8/k1K5 w - -", chess.Black},
	}
	a := NewAnalyzer(Options{NodeBudget: 1_000_000})
	for _, c := range cases {
		p := parseFEN(t, c.fen)
		r := a.Analyze(&p, c.winner)
		checkResult(t, &p, c.winner, r, true, c.fen)
		if r.Verdict != Winnable {
			t.Errorf("%s %v: got %v (method %s, %d nodes), want winnable", c.fen, c.winner, r.Verdict, r.Method, r.Nodes)
		}
		t.Logf("%s %v: %v by %s, %d nodes %s", c.fen, c.winner, r.Verdict, r.Method, r.Nodes, r.WitnessSAN)
	}
}
