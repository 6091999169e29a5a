package unwinnable

import (
	"sort"
	"testing"
)

func TestDebugHist(t *testing.T) {
	if !*long {
		t.Skip()
	}
	ps := loadPositions(t, "lichess-30K-games.txt", 10)
	a := NewAnalyzer(Options{NoSAN: true})
	var ns []int
	tot := 0
	for i := range ps {
		p := &ps[i]
		r := a.Analyze(p, p.SideToMove().Other())
		tot += r.Nodes
		if r.Method == MethodHelpmate || r.Method == MethodBudget {
			ns = append(ns, r.Nodes)
		}
	}
	sort.Ints(ns)
	s := 0
	for _, n := range ns {
		s += n
	}
	t.Logf("total nodes %d, helpmate/budget %d positions with %d nodes; quantiles %v %v %v %v %v", tot, len(ns), s, ns[len(ns)/10], ns[len(ns)/4], ns[len(ns)/2], ns[3*len(ns)/4], ns[9*len(ns)/10])
}
