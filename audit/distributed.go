package audit

// Runs past one machine: a plan made once (plan.Make with Exact), its
// units audited anywhere (RunBlock, one call per unit, in any order, any
// number of times), and a commit that publishes them (Commit). The same
// pieces back "arbiter plan", "arbiter run-block" and "arbiter commit" and
// the Apache Beam pipeline of cmd/arbiter-beam.
//
// A unit writes into DIR/.arbiter-plan-<plan id>/: its part files under
// names that come from the input (the source number and the offset of the
// chunk's first byte), then units/<unit>.json last, which marks the unit
// done. Running a unit again, after a failure or as a speculative
// duplicate, writes the same bytes under the same names.

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/arbiter-chess/arbiter/ingest"
	"github.com/arbiter-chess/arbiter/output"
	"github.com/arbiter-chess/arbiter/plan"
	"github.com/arbiter-chess/arbiter/report"
	"github.com/arbiter-chess/arbiter/stats"
)

// UnitResult is what a unit of a plan made: its source's result for the
// unit's range, and the games a TRF of the plan is cross-checked with.
type UnitResult struct {
	Unit   plan.Unit     `json:"unit"`
	Result *SourceResult `json:"result"`
}

// PlanID names a plan's working folder: a hash of the plan, so that every
// machine that runs a unit of the same plan writes into the same folder.
func PlanID(pl *plan.Plan) string {
	data, _ := json.Marshal(pl)
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:6])
}

// planDir is where the units of pl write in outDir.
func planDir(outDir string, pl *plan.Plan) string {
	return filepath.Join(outDir, output.PlanPrefix+PlanID(pl))
}

// MakePlan plans the inputs for a run on several machines (the units'
// offsets and lines are computed: every plain file is read once, every
// multi-frame zstd file decompressed once). With cfg.Incremental, the
// sources that the manifests in cfg.OutDir cover unchanged are listed as
// such and get no units.
func MakePlan(cfg Config, blockSize int64) (*plan.Plan, []error) {
	if err := cfg.defaults(); err != nil {
		return nil, []error{err}
	}
	known, err := readManifests(cfg.OutDir)
	var errs []error
	if err != nil {
		errs = append(errs, fmt.Errorf("the output folder's manifests: %w", err))
	}
	ks, same := knownSources(known, &cfg)
	if !same {
		cfg.Incremental = false
	}
	opt := cfg.planOptions(true, ks)
	opt.BlockSize = blockSize
	pl, perrs := plan.Make(cfg.Inputs, opt)
	if cfg.Incremental && hasTRF(pl) && len(pl.Unchanged) > 0 {
		opt.Incremental = false
		pl, perrs = plan.Make(cfg.Inputs, opt)
	}
	for _, s := range pl.Sources {
		if s.Size < 0 {
			perrs = append(perrs, &fs.PathError{Op: "plan", Path: s.Path, Err: errors.New("standard input and pipes cannot be read by other machines")})
		}
	}
	for _, e := range perrs {
		pl.Failed = append(pl.Failed, plan.Failed{Path: inputName(e), Error: e.Error(), ErrorCode: ingest.ErrorCode(e)})
	}
	return pl, append(errs, perrs...)
}

// checkPlan makes sure this build may run pl and takes its audit settings.
func checkPlan(cfg *Config, pl *plan.Plan) error {
	if err := pl.Check(cfg.Version, report.Rulebook, report.SchemaVersion); err != nil {
		return err
	}
	if !pl.Exact {
		return errors.New("plan: not made for run-block (its units' offsets are not computed)")
	}
	cfg.Tables = [numTables]bool{}
	for _, t := range pl.Audit.Tables {
		i := slices.Index(TableNames[:], t)
		if i < 0 {
			return fmt.Errorf("plan: unknown table %q", t)
		}
		cfg.Tables[i] = true
	}
	cfg.FEN = pl.Audit.FEN
	cfg.TieBreaks, cfg.Standings = pl.Audit.TieBreaks, pl.Audit.Standings
	cfg.Duplicates.Off, cfg.Duplicates.MinPlies = !pl.Audit.Duplicates, pl.Audit.DupMinPlies
	if pl.Audit.Report == "none" {
		cfg.Sheet.Path = "none"
	}
	cfg.Sheet.Level, cfg.Sheet.Max, cfg.Sheet.Lang = pl.Audit.ReportLevel, pl.Audit.ReportMax, pl.Audit.ReportLang
	cfg.Partition = pl.Audit.Partition
	return nil
}

// RunBlock audits unit k of pl into cfg.OutDir's plan folder. The tables
// and their options come from the plan.
func RunBlock(ctx context.Context, cfg Config, pl *plan.Plan, k int) (*UnitResult, error) {
	if err := cfg.defaults(); err != nil {
		return nil, err
	}
	if err := checkPlan(&cfg, pl); err != nil {
		return nil, err
	}
	if k < 0 || k >= len(pl.Units) {
		return nil, fmt.Errorf("run-block: no unit %d (the plan has %d)", k, len(pl.Units))
	}
	u := pl.Units[k]
	src := pl.Source(u.Source)
	if src.Size < 0 {
		return nil, fmt.Errorf("run-block: %s cannot be read by run-block", src.Path)
	}
	dir := planDir(cfg.OutDir, pl)
	id := make([]byte, 6)
	_, _ = rand.Read(id)
	tmp := filepath.Join(dir, ".unit-"+u.Name()+"-"+hex.EncodeToString(id))
	if err := os.MkdirAll(tmp, 0o755); err != nil {
		return nil, fmt.Errorf("run-block: %w", err)
	}
	defer os.RemoveAll(tmp)
	log := cfg.logger()
	var prog progress
	p := cfg.pipeline(tmp, log, &prog)
	_, events := splitSources(pl)
	if err := events.configure(cfg); err != nil {
		return nil, err
	}
	p.infos = events.active()
	p.standings = events.gate()
	p.dups = newDupCollector(cfg.Duplicates, tmp, output.ManifestDir)
	p.sheet = cfg.sheetOptions()
	rg := readOf(pl, u)
	out, err := p.run(ctx, []read{rg}, nil)
	if err != nil {
		return nil, err
	}
	res := &UnitResult{Unit: u, Result: mergeSources(out.sources)[0]}
	// Publish the unit: parts first (a rename replaces a part an earlier
	// attempt wrote, with the same bytes), the result last.
	for _, p := range res.Result.files() {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, filepath.FromSlash(p))), 0o755); err != nil {
			return nil, fmt.Errorf("run-block: %w", err)
		}
		if err := os.Rename(filepath.Join(tmp, filepath.FromSlash(p)), filepath.Join(dir, filepath.FromSlash(p))); err != nil {
			return nil, fmt.Errorf("run-block: %w", err)
		}
	}
	if fault := os.Getenv("ARBITER_FAIL_UNIT"); fault != "" && fault == u.Name() {
		// A fault injected by tests: the unit dies after its parts are in
		// place and before it says it is done, as a killed worker can.
		return nil, fmt.Errorf("run-block: unit %s: %w", u.Name(), ErrInjectedFault)
	}
	data, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		return nil, err
	}
	if err := writeAtomic(filepath.Join(dir, "units", u.Name()+".json"), data); err != nil {
		return nil, fmt.Errorf("run-block: %w", err)
	}
	return res, nil
}

func readOf(pl *plan.Plan, u plan.Unit) read {
	src := pl.Source(u.Source)
	return read{src: *src, rg: rangeOf(u)}
}

// writeAtomic writes data to path through a temporary file and a rename.
func writeAtomic(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// ErrInjectedFault is the failure that the environment variable
// ARBITER_FAIL_UNIT=<unit name> injects into RunBlock, for tests of what a
// rerun of a failed unit gives.
var ErrInjectedFault = errors.New("fault injected by ARBITER_FAIL_UNIT")

// ErrUnitsMissing is wrapped by Commit's error when units of the plan have
// not finished.
var ErrUnitsMissing = errors.New("units of the plan have not finished")

// Commit publishes the units of pl into cfg.OutDir: it checks that every
// unit finished, reads and checks the TRF sources against the units'
// games, writes a manifest per source and summary.json, and swaps the
// tables in (as a run on one machine does), then removes the plan's
// folder.
func Commit(ctx context.Context, cfg Config, pl *plan.Plan) (*Result, error) {
	if err := cfg.defaults(); err != nil {
		return nil, err
	}
	if err := checkPlan(&cfg, pl); err != nil {
		return nil, err
	}
	start := time.Now()
	dir := planDir(cfg.OutDir, pl)
	var units []*UnitResult
	var missing []string
	for _, u := range pl.Units {
		data, err := os.ReadFile(filepath.Join(dir, "units", u.Name()+".json"))
		if errors.Is(err, fs.ErrNotExist) {
			missing = append(missing, u.Name())
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("commit: %w", err)
		}
		var ur UnitResult
		if err := json.Unmarshal(data, &ur); err != nil || ur.Result == nil || ur.Result.Stats == nil {
			return nil, fmt.Errorf("commit: unit %s: unreadable result (%v)", u.Name(), err)
		}
		units = append(units, &ur)
	}
	if len(missing) > 0 {
		shown := missing
		if len(shown) > 10 {
			shown = append(shown[:10:10], fmt.Sprintf("and %d more", len(missing)-10))
		}
		return nil, fmt.Errorf("commit: %w: %d of %d: %s", ErrUnitsMissing, len(missing), len(pl.Units), strings.Join(shown, ", "))
	}
	od, err := cfg.openOutput()
	if err != nil {
		return nil, err
	}
	published := false
	defer func() {
		if !published {
			od.Abort()
		}
	}()
	known, err := readManifests(cfg.OutDir)
	if err != nil {
		return nil, fmt.Errorf("commit: the output folder's manifests: %w", err)
	}
	out := &pipeOut{total: stats.NewRun()}
	for _, ur := range units {
		if err := linkParts(dir, od.Stage, ur.Result); err != nil {
			return nil, fmt.Errorf("commit: unit %s: %w", ur.Unit.Name(), err)
		}
		out.sources = append(out.sources, ur.Result)
		out.total.Merge(ur.Result.Stats)
	}
	_, events := splitSources(pl)
	if err := events.configure(cfg); err != nil {
		return nil, err
	}
	log := cfg.logger()
	p := cfg.pipeline(od.Stage, log, &progress{})
	kept, err := keptResults(pl, known)
	if err != nil {
		return nil, err
	}
	if finish := events.finisher(p.want, kept, log); finish != nil {
		wopt := cfg.Writer
		wopt.NoSync = wopt.NoSync || cfg.NoSync
		for _, t := range []int{TablePlayers, TablePairings, TableFindings} {
			if p.want[t] {
				out.sinks[t] = newChunkSink(od.Stage, tableFor(t, cfg.FEN), wopt, 1, make(cpuTokens, 1), true)
				out.sinks[t].partition = p.partition
			}
		}
		n := len(out.sources)
		if err := finish(ctx, out); err != nil {
			return nil, err
		}
		for t, s := range out.sinks {
			if s == nil {
				continue
			}
			for _, c := range s.done {
				if c.read >= n {
					out.sources[c.read].addParts(TableNames[t], c.stats)
				}
			}
		}
	}
	var failed []report.InputSummary
	for _, f := range pl.Failed {
		failed = append(failed, report.InputSummary{Path: f.Path, Error: f.Error, ErrorCode: f.ErrorCode})
	}
	res, err := commit(cfg, od, pl, p, out, known, failed, events, start)
	if err != nil {
		return nil, err
	}
	published = true
	if err := os.RemoveAll(dir); err != nil {
		log.Warn("the plan's folder could not be removed", "dir", dir, "err", err)
	}
	return res, nil
}
