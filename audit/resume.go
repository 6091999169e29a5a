package audit

// What a driver of a distributed run (cmd/arbiter-beam) needs beyond
// RunBlock and Commit: to skip the units that an earlier attempt of the
// same plan finished, and to recognise that a commit it is asked to run
// again was already published.

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/arbiter-chess/arbiter/plan"
)

// FinishedUnit returns what unit k of pl wrote when an earlier RunBlock of
// the same plan into cfg.OutDir finished it (its result is written after
// its parts, so its presence means the parts are complete), or nil when
// the unit has not finished.
func FinishedUnit(cfg Config, pl *plan.Plan, k int) (*UnitResult, error) {
	if k < 0 || k >= len(pl.Units) {
		return nil, fmt.Errorf("no unit %d (the plan has %d)", k, len(pl.Units))
	}
	u := pl.Units[k]
	data, err := os.ReadFile(filepath.Join(planDir(cfg.OutDir, pl), "units", u.Name()+".json"))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("unit %s: %w", u.Name(), err)
	}
	var ur UnitResult
	if err := json.Unmarshal(data, &ur); err != nil || ur.Result == nil || ur.Result.Stats == nil || ur.Unit != u {
		return nil, nil // unreadable or not this unit's: run it again
	}
	return &ur, nil
}

// Committed reports whether cfg.OutDir holds a published run of exactly
// pl's inputs with pl's settings and pl's folder is gone: what a Commit of
// pl leaves. A driver that may run a commit twice (a runner retrying a
// step whose success it did not hear of) uses it to tell a commit already
// done from units that never ran.
func Committed(cfg Config, pl *plan.Plan) (bool, error) {
	if _, err := os.Stat(planDir(cfg.OutDir, pl)); !errors.Is(err, fs.ErrNotExist) {
		return false, err
	}
	known, err := readManifests(cfg.OutDir)
	if err != nil || len(known) != len(pl.Sources)+len(pl.Unchanged) {
		return false, err
	}
	for _, s := range slices.Concat(pl.Sources, pl.Unchanged) {
		m := known[plan.AbsPath(s.Path)]
		if m == nil || m.Version != pl.Version || m.Rulebook != pl.Rulebook || m.Schema != pl.Schema ||
			!slices.Equal(m.Audit.Tables, pl.Audit.Tables) || m.Audit.FEN != pl.Audit.FEN {
			return false, nil
		}
		ms := m.Result.Source
		if ms.ID != s.ID || ms.Size != s.Size || ms.SHA256 != s.SHA256 {
			return false, nil
		}
	}
	return true, nil
}
