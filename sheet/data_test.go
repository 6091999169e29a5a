package sheet

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// The Pickers of the workers and the Collector keep exactly the games
// that are, for one of their listed kinds, among the first Max games with
// that kind, whatever the cut into blocks.
func TestPickerCollector(t *testing.T) {
	kinds := []string{"a", "b", "c", "d"}
	sevs := []string{"error", "warning", "info"}
	for seed := range uint64(50) {
		rng := rand.New(rand.NewPCG(seed, 1))
		opt := Options{Level: []string{"error", "warning", "info"}[seed%3], Max: 1 + rng.IntN(6)}
		type game struct {
			kinds, sevs []string
		}
		var games []game
		for range 200 {
			var g game
			for range rng.IntN(4) {
				g.kinds = append(g.kinds, kinds[rng.IntN(len(kinds))])
				g.sevs = append(g.sevs, sevs[rng.IntN(len(sevs))])
			}
			games = append(games, g)
		}
		// the reference: first Max games per listed kind
		count := map[string]int{}
		var want []int64
		for id, g := range games {
			keep := false
			var seen []string
			for i, k := range g.kinds {
				if !listed(g.sevs[i], opt.Level) || slices.Contains(seen, k) {
					continue
				}
				seen = append(seen, k)
				count[k]++
				if count[k] <= opt.Max {
					keep = true
				}
			}
			if keep {
				want = append(want, int64(id))
			}
		}
		col := NewCollector(opt)
		p := NewPicker(opt)
		kept := 0
		for id := 0; id < len(games); {
			n := 1 + rng.IntN(40)
			for ; n > 0 && id < len(games); n, id = n-1, id+1 {
				g := games[id]
				if len(g.kinds) == 0 {
					continue
				}
				if p.Consider(g.kinds, g.sevs) {
					var fs []Finding
					for i, k := range g.kinds {
						fs = append(fs, Finding{Kind: k, Severity: g.sevs[i]})
					}
					p.Keep(Game{ID: int64(id), Findings: fs})
				}
			}
			b := p.Take()
			if b != nil {
				kept += len(b.Games)
			}
			col.Add(b)
		}
		var got []int64
		for _, g := range col.Games {
			got = append(got, g.ID)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("seed %d (%+v): kept %v, want %v", seed, opt, got, want)
		}
		for _, k := range kinds {
			if col.Seen(k) != count[k] {
				t.Errorf("seed %d: Seen(%s) = %d, want %d", seed, k, col.Seen(k), count[k])
			}
		}
		if kept > len(games) {
			t.Fatalf("picked %d of %d", kept, len(games))
		}
	}
}

func TestOptionsCheck(t *testing.T) {
	o := Options{}
	if err := o.Check(); err != nil || o.Level != "warning" || o.Max != DefaultMax || o.Lang != "en" {
		t.Errorf("defaults: %+v, %v", o, err)
	}
	for _, bad := range []Options{{Level: "fatal"}, {Max: -1}, {Lang: "tlh"}} {
		if err := bad.Check(); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}
