package validate

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestD3VectorsJudged judges each of D3-Chess's labelled test positions
// (testdata/d3-test-vector.txt: composed dead and nearly dead positions) as a game that starts there, with the judge's own
// budgets. The judge must never call a position dead that can still be won,
// and what it records of each side's mating chances must match the label;
// it finds most of the dead ones (the rest need far more nodes than a
// bulk audit spends: several hundred thousand each).
func TestD3VectorsJudged(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "d3-test-vector.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	j := NewJudge(Options{})
	var r Report
	deadLabels, found, sides := 0, 0, 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := sc.Text()
		if strings.HasPrefix(l, "#") || len(l) < 4 {
			continue
		}
		label, fen := l[:2], l[3:]
		j.Judge(game(fen, ""), &r)
		v := &r.Verdict
		dead := v.DeadPly == 0
		if label == "--" {
			deadLabels++
			if dead {
				found++
			}
		} else if dead {
			t.Errorf("%s labelled %s: judged dead", fen, label)
		}
		for i, c := range []Tri{v.WhiteCanMate, v.BlackCanMate} {
			if c == Unknown || v.End == EndStalemate || v.End == EndCheckmate {
				continue
			}
			sides++
			if can := label[i] != '-'; (c == Yes) != can {
				t.Errorf("%s labelled %s: side %d can mate %v", fen, label, i, c)
			}
		}
	}
	t.Logf("%d of %d dead positions found; %d one-sided answers recorded, all as labelled", found, deadLabels, sides)
	if deadLabels < 800 || found < 680 {
		t.Errorf("%d of %d dead positions found, want at least 680", found, deadLabels)
	}
}
