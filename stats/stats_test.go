package stats

import (
	"reflect"
	"testing"
)

func game(id int64, kinds ...string) *Game {
	g := &Game{ID: id, File: "f.pgn", Audited: true, PliesRecorded: 10, PliesReplayed: 8, Result: "1-0", Notation: "English"}
	if id%2 == 0 {
		g.Notation = "German"
	}
	for i, k := range kinds {
		sev := "info"
		if k == "illegal_move" {
			sev = "error"
		}
		g.Findings = append(g.Findings, Finding{Kind: k, Severity: sev, Ply: i + 1, Line: id*10 + int64(i)})
	}
	return g
}

func TestAddGameCounts(t *testing.T) {
	r := NewRun()
	r.AddGame(game(1, "illegal_move", "checkmate", "checkmate"))
	r.AddGame(game(2, "checkmate"))
	r.AddGame(game(3))
	if r.Games != 3 || r.PliesRecorded != 30 || r.PliesReplayed != 24 || r.GamesWithError != 1 {
		t.Fatalf("counts: %+v", r)
	}
	cm := r.ByKind["checkmate"]
	if cm.Count != 3 || cm.Games != 2 || cm.Example.GameID != 1 || cm.Example.Ply != 2 {
		t.Fatalf("checkmate count: %+v", cm)
	}
	if r.BySeverity["error"] != 1 || r.BySeverity["info"] != 3 {
		t.Fatalf("severity: %v", r.BySeverity)
	}
	ks := r.Kinds()
	if len(ks) != 2 || ks[0].Kind != "illegal_move" || ks[1].Kind != "checkmate" {
		t.Fatalf("Kinds order: %+v", ks)
	}
	if !reflect.DeepEqual(r.Notations, map[string]int64{"English": 2, "German": 1}) {
		t.Fatalf("notations: %v", r.Notations)
	}
}

// Merging the counts of two halves gives the counts of the whole, whatever
// the order, and the example is the earliest game's.
func TestMergeEqualsWhole(t *testing.T) {
	games := []*Game{game(5, "checkmate"), game(2, "illegal_move"), game(9, "checkmate", "stalemate"), game(1, "stalemate")}
	whole := NewRun()
	for _, g := range games {
		whole.AddGame(g)
	}
	for split := 0; split <= len(games); split++ {
		a, b := NewRun(), NewRun()
		for _, g := range games[:split] {
			a.AddGame(g)
		}
		for _, g := range games[split:] {
			b.AddGame(g)
		}
		b.Merge(a) // merge in the "wrong" order on purpose
		if !reflect.DeepEqual(whole.Kinds(), b.Kinds()) || whole.Games != b.Games || whole.PliesReplayed != b.PliesReplayed ||
			!reflect.DeepEqual(whole.BySeverity, b.BySeverity) || !reflect.DeepEqual(whole.Results, b.Results) ||
			!reflect.DeepEqual(whole.Notations, b.Notations) {
			t.Fatalf("split %d: merged %+v != whole %+v", split, b.Kinds(), whole.Kinds())
		}
	}
	if ex := whole.ByKind["stalemate"].Example.GameID; ex != 1 {
		t.Fatalf("stalemate example from game %d, want 1", ex)
	}
}
