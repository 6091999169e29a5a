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

func bbString(b chess.Bitboard) string {
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		for f := 0; f < 8; f++ {
			if b.Has(chess.NewSquare(f, r)) {
				sb.WriteByte('x')
			} else {
				sb.WriteByte('.')
			}
		}
		sb.WriteByte('/')
	}
	return sb.String()
}

func TestDebugSemistatic(t *testing.T) {
	if *only == "" || !strings.HasPrefix(*only, "fen:") {
		t.Skip()
	}
	p := parseFEN(t, strings.TrimPrefix(*only, "fen:"))
	var s semistatic
	debugRound = func(round int, s *semistatic) {
		for i := 0; i < s.n; i++ {
			q := &s.pc[i]
			t.Logf("r%d %v %v %v univ=%v %s", round, q.sq, q.color, q.kind, q.universal, bbString(q.reach))
		}
	}
	defer func() { debugRound = nil }()
	t.Log(s.run(&p))
	for i := 0; i < s.n; i++ {
		q := &s.pc[i]
		t.Logf("%v %v %v univ=%v %s", q.sq, q.color, q.kind, q.universal, bbString(q.reach))
	}
	t.Logf("clearW %s", bbString(s.clear[0]))
	t.Logf("clearB %s", bbString(s.clear[1]))
	t.Log("white", s.decide(chess.White), "black", s.decide(chess.Black))
}
