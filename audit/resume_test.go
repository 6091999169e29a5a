package audit

import (
	"context"
	"path/filepath"
	"testing"
)

// FinishedUnit finds the units an earlier RunBlock finished, and Committed
// tells a published plan from one whose units never ran.
func TestFinishedUnitAndCommitted(t *testing.T) {
	inputs := distInputs(t, t.TempDir(), 100_000)[:1]
	out := filepath.Join(t.TempDir(), "out")
	cfg := Config{Inputs: inputs, OutDir: out, Jobs: 2, Version: "test", Writer: writerForTests(), NoSync: true}
	pl, errs := MakePlan(cfg, 32<<10)
	if len(errs) > 0 || len(pl.Units) < 3 {
		t.Fatalf("plan: %d units, %v", len(pl.Units), errs)
	}
	if ur, err := FinishedUnit(cfg, pl, 1); ur != nil || err != nil {
		t.Fatalf("before any run: %v, %v", ur, err)
	}
	if done, err := Committed(cfg, pl); done || err != nil {
		t.Fatalf("nothing run, Committed: %v, %v", done, err)
	}
	ran, err := RunBlock(context.Background(), cfg, pl, 1)
	if err != nil {
		t.Fatal(err)
	}
	ur, err := FinishedUnit(cfg, pl, 1)
	if err != nil || ur == nil || ur.Unit != pl.Units[1] || ur.Result.Stats.Games != ran.Result.Stats.Games || ur.Result.Stats.Games == 0 {
		t.Fatalf("after unit 1 ran: %+v, %v", ur, err)
	}
	if ur, err := FinishedUnit(cfg, pl, 0); ur != nil || err != nil {
		t.Fatalf("unit 0 has not run: %v, %v", ur, err)
	}
	if _, err := FinishedUnit(cfg, pl, len(pl.Units)); err == nil {
		t.Fatal("no error for a unit past the plan's end")
	}
	if done, err := Committed(cfg, pl); done || err != nil {
		t.Fatalf("units running, Committed: %v, %v", done, err)
	}
	for k := range pl.Units {
		if k != 1 {
			if _, err := RunBlock(context.Background(), cfg, pl, k); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := Commit(context.Background(), cfg, pl); err != nil {
		t.Fatal(err)
	}
	if done, err := Committed(cfg, pl); !done || err != nil {
		t.Fatalf("after the commit, Committed: %v, %v", done, err)
	}
	// Another plan over other inputs was not committed here.
	other, _ := MakePlan(Config{Inputs: distInputs(t, t.TempDir(), 50_000)[:1], OutDir: t.TempDir(), Version: "test"}, 32<<10)
	if done, err := Committed(cfg, other); done || err != nil {
		t.Fatalf("another plan, Committed: %v, %v", done, err)
	}
}
