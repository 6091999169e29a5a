package tournament

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
)

// synthEvent generates a Swiss event of n players and the given rounds:
// greedy Swiss pairings by score (no repeated pairing, no third colour in a
// row), a few half-point byes and forfeits each round, dates, ratings,
// FIDE IDs and the declared ranks of the default tie-break order. It
// returns the TRF text and one GameInfo per game over the board.
func synthEvent(tb testing.TB, n, rounds int, seed uint64) (string, []GameInfo) {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	type pl struct {
		rank, rating int
		score        int // half points
		cols         []Colour
		met          map[int]bool
		res          []string // "opp col code"
	}
	ps := make([]*pl, n)
	for i := range ps {
		ps[i] = &pl{rank: i + 1, rating: 2700 - i*1200/n, met: map[int]bool{}}
	}
	// last2 reports a colour the player may not get (C.04.1 absolute
	// criteria): a third in a row, or a colour difference beyond 2.
	last2 := func(p *pl, c Colour) bool {
		k := len(p.cols)
		if k >= 2 && p.cols[k-1] == c && p.cols[k-2] == c {
			return true
		}
		cd := 0
		for _, x := range p.cols {
			if x == White {
				cd++
			} else {
				cd--
			}
		}
		if c == White {
			return cd+1 > 2
		}
		return cd-1 < -2
	}
	colour := func(w bool) Colour {
		if w {
			return White
		}
		return Black
	}
	// pairRound pairs the players in order greedily; nil when it gets stuck.
	type pair struct {
		a, b   *pl
		aWhite bool
	}
	// due is the colour a player gets next: the other of the last colour
	// played, so that colours alternate.
	due := func(p *pl) Colour {
		if k := len(p.cols); k > 0 {
			return p.cols[k-1].Opposite()
		}
		return colour(p.rank%2 == 1)
	}
	// pairRound pairs players due White with players due Black, depth
	// first in score order; nil when it fails within the step budget.
	pairRound := func(order []*pl, skip map[int]bool) []pair {
		want := map[int]Colour{}
		var nw, nb []*pl
		for _, p := range order {
			if skip[p.rank] {
				continue
			}
			want[p.rank] = due(p)
			if want[p.rank] == White {
				nw = append(nw, p)
			} else {
				nb = append(nb, p)
			}
		}
		// Balance the two sides from the bottom with players who may take
		// the same colour again.
		for len(nw) > len(nb) {
			k := len(nw) - 1
			for k >= 0 && last2(nw[k], Black) {
				k--
			}
			if k < 0 {
				return nil
			}
			want[nw[k].rank] = Black
			nb, nw = append(nb, nw[k]), slices.Delete(nw, k, k+1)
		}
		for len(nb) > len(nw) {
			k := len(nb) - 1
			for k >= 0 && last2(nb[k], White) {
				k--
			}
			if k < 0 {
				return nil
			}
			want[nb[k].rank] = White
			nw, nb = append(nw, nb[k]), slices.Delete(nb, k, k+1)
		}
		done := map[int]bool{}
		var out []pair
		steps := 0
		var solve func(i int) bool
		solve = func(i int) bool {
			for i < len(order) && (done[order[i].rank] || skip[order[i].rank]) {
				i++
			}
			if i == len(order) {
				return true
			}
			if steps++; steps > 20000 {
				return false
			}
			a := order[i]
			done[a.rank] = true
			for _, c := range order[i+1:] {
				if done[c.rank] || skip[c.rank] || a.met[c.rank] || want[c.rank] == want[a.rank] {
					continue
				}
				done[c.rank] = true
				out = append(out, pair{a, c, want[a.rank] == White})
				if solve(i + 1) {
					return true
				}
				out = out[:len(out)-1]
				done[c.rank] = false
			}
			done[a.rank] = false
			return false
		}
		if !solve(0) {
			return nil
		}
		return out
	}
	for r := 0; r < rounds; r++ {
		order := slices.Clone(ps)
		slices.SortStableFunc(order, func(a, b *pl) int {
			if a.score != b.score {
				return b.score - a.score
			}
			return a.rank - b.rank
		})
		// Two requested byes per round.
		skip := map[int]bool{}
		for len(skip) < 2 {
			skip[order[rng.IntN(n)].rank] = true
		}
		var pairs []pair
		for try := 0; pairs == nil; try++ {
			if try == 200 {
				tb.Fatalf("round %d: no pairing", r+1)
			}
			pairs = pairRound(order, skip)
			// Stuck: move a random player a few places and try again.
			i := rng.IntN(n - 4)
			order[i], order[i+1+rng.IntN(3)] = order[i+1+rng.IntN(3)], order[i]
		}
		for _, p := range ps {
			if skip[p.rank] {
				p.res = append(p.res, "0 - H")
				p.score++
			}
		}
		forfeits := 0
		for _, pr := range pairs {
			a, b := pr.a, pr.b
			a.met[b.rank], b.met[a.rank] = true, true
			w, bl := a, b
			if !pr.aWhite {
				w, bl = b, a
			}
			var wc, bc string
			x := rng.IntN(100)
			switch {
			case x < 1 && forfeits < 1:
				forfeits++
				wc, bc = "+", "-"
				w.score += 2
			case x < 40:
				wc, bc = "1", "0"
				w.score += 2
			case x < 75:
				wc, bc = "=", "="
				w.score++
				bl.score++
			default:
				wc, bc = "0", "1"
				bl.score += 2
			}
			if wc != "+" {
				w.cols = append(w.cols, White)
				bl.cols = append(bl.cols, Black)
			}
			w.res = append(w.res, fmt.Sprintf("%d w %s", bl.rank, wc))
			bl.res = append(bl.res, fmt.Sprintf("%d b %s", w.rank, bc))
		}
	}
	start := time.Date(2025, 7, 1, 0, 0, 0, 0, time.UTC)
	write := func(ranks map[int]int) string {
		var b strings.Builder
		fmt.Fprintf(&b, "012 Synthetic Open\n022 Oslo\n032 NOR\n042 %s\n052 %s\n062 %d\n072 %d\n092 Individual: Swiss-System\n102 IA Test\n122 90+30\n",
			start.Format("2006/01/02"), start.AddDate(0, 0, rounds-1).Format("2006/01/02"), n, n)
		b.WriteString("132" + strings.Repeat(" ", 88))
		for r := 0; r < rounds; r++ {
			fmt.Fprintf(&b, "%-10s", start.AddDate(0, 0, r).Format("06/01/02"))
		}
		fmt.Fprintf(&b, "\nXXR %d\n", rounds)
		for _, p := range ps {
			pts := Points(p.score * 50)
			b.WriteString(trfPlayer(p.rank, fmt.Sprintf("Player%04d, Test", p.rank), p.rating, "NOR", int64(1000000+p.rank), pts.String(), ranks[p.rank], p.res...))
			b.WriteByte('\n')
		}
		return b.String()
	}
	text := write(map[int]int{})
	tr, err := Parse(strings.NewReader(text), "synth.trf")
	if err != nil {
		tb.Fatal(err)
	}
	st, err := ComputeStandings(tr, StandingsOptions{})
	if err != nil {
		tb.Fatal(err)
	}
	ranks := map[int]int{}
	for _, r := range st.Rows {
		ranks[r.StartRank] = r.Rank
	}
	text = write(ranks)

	var games []GameInfo
	for r := 1; r <= rounds; r++ {
		board := 0
		for _, p := range ps {
			var opp int
			var col, code string
			fmt.Sscanf(p.res[r-1], "%d %s %s", &opp, &col, &code)
			if col != "w" || (code != "1" && code != "=" && code != "0") {
				continue
			}
			board++
			o := ps[opp-1]
			res := map[string]string{"1": "1-0", "=": "1/2-1/2", "0": "0-1"}[code]
			games = append(games, GameInfo{
				ID: int64(len(games) + 1), File: "synth.pgn", Line: 12*len(games) + 1, Index: len(games),
				Event: "Synthetic Open", Site: "Oslo", Date: start.AddDate(0, 0, r-1).Format("2006.01.02"),
				Round: fmt.Sprintf("%d.%d", r, board), White: fmt.Sprintf("Test Player%04d", p.rank), Black: fmt.Sprintf("Player%04d, Test", o.rank),
				WhiteFideID: fmt.Sprint(1000000 + p.rank), BlackFideID: fmt.Sprint(1000000 + o.rank),
				WhiteElo: fmt.Sprint(p.rating), BlackElo: fmt.Sprint(o.rating), Result: res,
				TimeControl: "5400+30", Plies: 60 + rng.IntN(60), Audited: true,
			})
		}
	}
	return text, games
}

// TestSyntheticEvent: the generated 500-player event reads, checks and
// cross-checks without an error or a warning.
func TestSyntheticEvent(t *testing.T) {
	text, games := synthEvent(t, 500, 11, 1)
	tr, err := Parse(strings.NewReader(text), "synth.trf")
	if err != nil {
		t.Fatal(err)
	}
	fs := append(Check(tr), CrossCheck(tr, games)...)
	for _, f := range fs {
		if f.Severity != SeverityInfo {
			t.Errorf("%v", f)
		}
	}
	if len(tr.Players) != 500 || tr.Rounds != 11 || len(games) < 2600 {
		t.Errorf("%d players, %d rounds, %d games", len(tr.Players), tr.Rounds, len(games))
	}
}

// BenchmarkEvent500x11 measures a whole upload: Parse, Check, Standings
// (with the players table) and the cross-check of every game.
func BenchmarkEvent500x11(b *testing.B) {
	text, games := synthEvent(b, 500, 11, 1)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		tr, err := Parse(strings.NewReader(text), "synth.trf")
		if err != nil {
			b.Fatal(err)
		}
		_ = Check(tr)
		rec, err := Reconcile(tr, games, CrossCheckOptions{})
		if err != nil {
			b.Fatal(err)
		}
		_ = PlayerRows(tr, rec.Before)
	}
}

// BenchmarkStandings500x11 measures the tie-breaks alone.
func BenchmarkStandings500x11(b *testing.B) {
	text, _ := synthEvent(b, 500, 11, 1)
	tr, err := Parse(strings.NewReader(text), "synth.trf")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		st, err := ComputeStandings(tr, StandingsOptions{})
		if err != nil {
			b.Fatal(err)
		}
		_ = PlayerRows(tr, st)
	}
}
