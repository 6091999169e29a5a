package unwinnable

import (
	"sort"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/chess"
)

func TestDebugSlow(t *testing.T) {
	if !*long {
		t.Skip()
	}
	ps := loadPositions(t, "lichess-30K-games.txt", 10)
	a := NewAnalyzer(Options{})
	type rec struct {
		fen   string
		nodes int
		r     Result
	}
	var rs []rec
	for i := range ps {
		p := &ps[i]
		r := a.Analyze(p, p.SideToMove().Other())
		rs = append(rs, rec{p.FEN(), r.Nodes, r})
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].nodes > rs[j].nodes })
	for _, x := range rs[:15] {
		t.Logf("%7d %s %s %s | %s", x.nodes, x.r.Verdict, x.r.Method, x.fen, x.r.WitnessSAN)
	}
	for _, x := range rs[len(rs)/2 : len(rs)/2+10] {
		t.Logf("%7d %s %s %s | %s", x.nodes, x.r.Verdict, x.r.Method, x.fen, x.r.WitnessSAN)
	}
}

func TestDebugOne(t *testing.T) {
	if *only == "" || !strings.HasPrefix(*only, "fen:") {
		t.Skip()
	}
	p := parseFEN(t, strings.TrimPrefix(*only, "fen:"))
	a := NewAnalyzer(Options{NodeBudget: *budget})
	for _, c := range []chess.Color{chess.White, chess.Black} {
		r := a.Analyze(&p, c)
		t.Logf("%v: %v %s nodes=%d %s", c, r.Verdict, r.Method, r.Nodes, r.WitnessSAN)
	}
}
