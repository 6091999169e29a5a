package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/rtrackers/offsetrange"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/arbiter-chess/arbiter/audit"
	"github.com/arbiter-chess/arbiter/plan"
	"github.com/arbiter-chess/arbiter/stats"
)

func init() {
	register.DoFn4x1[context.Context, *unitTracker, string, func(tally), error](&unitFn{})
	register.Emitter1[tally]()
	register.Combiner1[tally](&tallyFn{})
	register.DoFn3x1[context.Context, string, func(*tally) bool, error](&commitFn{})
	register.Iter1[tally]()
	beam.RegisterCoder(reflect.TypeOf(tally{}), encodeTally, decodeTally)
}

// settings are what every step needs to rebuild the audit's configuration
// on a worker: they travel in the pipeline, as the steps' fields.
type settings struct {
	OutDir  string `json:"out_dir"`
	Jobs    int    `json:"jobs"`
	Version string `json:"version"`
	FailOn  string `json:"fail_on"`
	NoSync  bool   `json:"no_sync"`
}

func (s settings) config() audit.Config {
	return audit.Config{OutDir: s.OutDir, Jobs: s.Jobs, Version: s.Version, FailOn: s.FailOn, NoSync: s.NoSync,
		Stderr: os.Stderr, Progress: "never"}
}

// build adds the run of pl to the pipeline: the units, the sum of their
// statistics, and the commit once every unit is done.
func build(s beam.Scope, pl *plan.Plan, set settings) error {
	data, err := json.Marshal(pl)
	if err != nil {
		return fmt.Errorf("plan: %w", err)
	}
	planCol := beam.Create(s.Scope("plan"), string(data))
	tallies := beam.ParDo(s.Scope("units"), &unitFn{Settings: set}, planCol)
	total := beam.Combine(s.Scope("sum"), &tallyFn{}, tallies)
	// The plan is the commit's main input and the sum its side input: a
	// side input is complete before the step that reads it starts, so the
	// commit waits for every unit, even when there is none (an incremental
	// run with nothing new, where a global Combine emits nothing).
	beam.ParDo0(s.Scope("commit"), &commitFn{Settings: set}, planCol, beam.SideInput{Input: total})
	return nil
}

// tally is what units have done: how many, and their statistics.
type tally struct {
	Units  int64      `json:"units"`
	Reused int64      `json:"reused"` // units an earlier attempt had finished
	Stats  *stats.Run `json:"stats"`
}

func encodeTally(t tally) ([]byte, error) { return json.Marshal(t) }

func decodeTally(b []byte) (tally, error) {
	var t tally
	err := json.Unmarshal(b, &t)
	if t.Stats == nil {
		t.Stats = stats.NewRun()
	}
	return t, err
}

// tallyFn sums tallies (package stats merges in any order).
type tallyFn struct{}

func (*tallyFn) CreateAccumulator() tally { return tally{Stats: stats.NewRun()} }

// MergeAccumulators returns a new tally: a and b may be elements the
// runner still holds.
func (*tallyFn) MergeAccumulators(a, b tally) tally {
	out := tally{Units: a.Units + b.Units, Reused: a.Reused + b.Reused, Stats: stats.NewRun()}
	for _, t := range []tally{a, b} {
		if t.Stats != nil {
			out.Stats.Merge(t.Stats)
		}
	}
	return out
}

// planCache decodes the plan element once per worker process and plan.
type planCache struct {
	mu   sync.Mutex
	data string
	pl   *plan.Plan
}

func (c *planCache) get(data string) (*plan.Plan, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.pl != nil && c.data == data {
		return c.pl, nil
	}
	var pl plan.Plan
	if err := json.Unmarshal([]byte(data), &pl); err != nil {
		return nil, fmt.Errorf("plan: %w", err)
	}
	c.data, c.pl = data, &pl
	return &pl, nil
}

// unitFn audits the units of the plan it is given: a splittable DoFn whose
// restriction is a range of unit indexes, cut into one unit each, that
// refuses the runner's dynamic splits (see unitTracker).
type unitFn struct {
	Settings settings `json:"settings"`
	plans    planCache
}

// Counters the launcher prints when the runner reports them.
var (
	unitsAudited = beam.NewCounter("arbiter", "units_audited")
	unitsReused  = beam.NewCounter("arbiter", "units_reused")
	gamesRead    = beam.NewCounter("arbiter", "games")
)

// CreateInitialRestriction covers every unit of the plan.
func (fn *unitFn) CreateInitialRestriction(data string) offsetrange.Restriction {
	pl, err := fn.plans.get(data)
	if err != nil {
		return offsetrange.Restriction{} // ProcessElement reports it
	}
	return offsetrange.Restriction{Start: 0, End: int64(len(pl.Units))}
}

// SplitRestriction gives each unit a restriction of its own: the runner
// spreads them over its workers.
func (fn *unitFn) SplitRestriction(_ string, rest offsetrange.Restriction) []offsetrange.Restriction {
	return rest.SizedSplits(1)
}

// RestrictionSize weighs units by their text (runners balance and report
// progress by it): the decompressed length when the plan knows it, else
// the file's size.
func (fn *unitFn) RestrictionSize(data string, rest offsetrange.Restriction) float64 {
	pl, err := fn.plans.get(data)
	if err != nil {
		return rest.Size()
	}
	var size float64
	for k := rest.Start; k < rest.End && k < int64(len(pl.Units)); k++ {
		u := pl.Units[k]
		switch src := pl.Source(u.Source); {
		case u.Length >= 0:
			size += float64(u.Length)
		case src != nil && src.Size > 0:
			size += float64(src.Size)
		default:
			size++
		}
	}
	return max(size, 1)
}

func (fn *unitFn) CreateTracker(rest offsetrange.Restriction) *unitTracker {
	return &unitTracker{t: offsetrange.NewTracker(rest)}
}

// ProcessElement audits every unit it claims into the plan's folder, or
// takes the result of a unit an earlier attempt finished, and emits one
// tally per unit.
func (fn *unitFn) ProcessElement(ctx context.Context, rt *unitTracker, data string, emit func(tally)) error {
	pl, err := fn.plans.get(data)
	if err != nil {
		return err
	}
	cfg := fn.Settings.config()
	rest := rt.GetRestriction().(offsetrange.Restriction)
	for k := rest.Start; rt.TryClaim(k); k++ {
		ur, err := audit.FinishedUnit(cfg, pl, int(k))
		if err != nil {
			return err
		}
		t := tally{Units: 1}
		if ur != nil {
			t.Reused = 1
			unitsReused.Inc(ctx, 1)
		} else {
			done, err := fn.startUnit(ctx)
			if err != nil {
				return err
			}
			ur, err = audit.RunBlock(ctx, cfg, pl, int(k))
			done()
			if err != nil {
				return fmt.Errorf("unit %d: %w", k, err)
			}
			unitsAudited.Inc(ctx, 1)
		}
		t.Stats = ur.Result.Stats
		gamesRead.Inc(ctx, ur.Result.Stats.Games)
		emit(t)
	}
	return nil
}

// unitSlots bounds the units a process audits at once to its CPUs over
// each unit's goroutines (-jobs; all CPUs by default), plus one that
// keeps the cores busy while a unit starts or drains its writers: a
// runner may hand a worker more bundles at once (prism splits a bundle
// between its elements and runs the parts side by side), and each unit
// holds its buffered row groups.
var (
	unitSlots     chan struct{}
	unitSlotsOnce sync.Once
)

// startUnit waits for a unit's slot and raises the memory limit for it;
// the returned function gives both back.
func (fn *unitFn) startUnit(ctx context.Context) (func(), error) {
	unitSlotsOnce.Do(func() {
		jobs := fn.Settings.Jobs
		if jobs <= 0 {
			jobs = runtime.NumCPU()
		}
		unitSlots = make(chan struct{}, max(1, runtime.NumCPU()/jobs)+1)
	})
	select {
	case unitSlots <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	freeMemory := memoryForUnit()
	return func() {
		freeMemory()
		<-unitSlots
	}, nil
}

// unitMemory is the soft memory limit arbiter audit sets for a run: it
// keeps the garbage collector from letting the heap grow to twice the
// buffered row groups.
const unitMemory = 768 << 20

var unitsInFlight atomic.Int64

// memoryForUnit raises the process's soft memory limit by a unit's share
// while the unit runs (a worker may run several at once), unless
// GOMEMLIMIT is set; the returned function gives the share back.
func memoryForUnit() func() {
	if os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	debug.SetMemoryLimit(unitMemory * unitsInFlight.Add(1))
	return func() { debug.SetMemoryLimit(unitMemory * max(unitsInFlight.Add(-1), 1)) }
}

// unitTracker claims unit indexes like an offsetrange.Tracker but refuses
// every split: a unit's part files are named after the unit's first byte
// and written whole, so a runner must not cut a unit (or hand half of a
// range to another worker) at a point that depends on timing. Units are
// small enough (the plan's block size) to bound the stragglers instead.
type unitTracker struct {
	mu sync.Mutex
	t  *offsetrange.Tracker
}

func (rt *unitTracker) TryClaim(pos any) bool {
	rt.mu.Lock()
	defer rt.mu.Unlock()
	return rt.t.TryClaim(pos)
}

func (rt *unitTracker) GetError() error {
	rt.mu.Lock()
	defer rt.mu.Unlock()
	return rt.t.GetError()
}

// TrySplit refuses: the whole restriction stays with this worker.
func (rt *unitTracker) TrySplit(float64) (primary, residual any, err error) {
	rt.mu.Lock()
	defer rt.mu.Unlock()
	return rt.t.GetRestriction(), nil, nil
}

func (rt *unitTracker) GetProgress() (done, remaining float64) {
	rt.mu.Lock()
	defer rt.mu.Unlock()
	return rt.t.GetProgress()
}

func (rt *unitTracker) IsDone() bool {
	rt.mu.Lock()
	defer rt.mu.Unlock()
	return rt.t.IsDone()
}

func (rt *unitTracker) GetRestriction() any {
	rt.mu.Lock()
	defer rt.mu.Unlock()
	return rt.t.GetRestriction()
}

func (rt *unitTracker) IsBounded() bool { return true }

// commitFn publishes the run once every unit is done (audit.Commit). A
// runner may run it again after a success it did not hear of: then the
// plan's folder is gone and the output holds this plan's run, which is
// success too (audit.Committed).
type commitFn struct {
	Settings settings `json:"settings"`
}

func (fn *commitFn) ProcessElement(ctx context.Context, data string, sums func(*tally) bool) error {
	var pl plan.Plan
	if err := json.Unmarshal([]byte(data), &pl); err != nil {
		return fmt.Errorf("plan: %w", err)
	}
	var total tally
	var t tally
	for sums(&t) {
		total = (&tallyFn{}).MergeAccumulators(total, t)
	}
	if total.Units != int64(len(pl.Units)) {
		return fmt.Errorf("commit: %d units reported done, the plan has %d", total.Units, len(pl.Units))
	}
	cfg := fn.Settings.config()
	res, err := audit.Commit(ctx, cfg, &pl)
	if errors.Is(err, audit.ErrUnitsMissing) {
		if done, cerr := audit.Committed(cfg, &pl); cerr == nil && done {
			return nil
		}
	}
	if err != nil {
		return err
	}
	var read int64
	for _, in := range res.Summary.Inputs {
		read += in.Games
	}
	if total.Units > 0 && read != total.Stats.Games {
		// The units' files and what the units reported disagree: a unit
		// folder from somewhere else, or files changed under the run.
		return fmt.Errorf("commit: the units reported %d games, their files hold %d", total.Stats.Games, read)
	}
	logf(os.Stderr, "committed %d units (%d audited, %d done earlier) into %s", total.Units, total.Units-total.Reused, total.Reused, cfg.OutDir)
	return nil
}

func logf(w io.Writer, format string, args ...any) {
	fmt.Fprintf(w, "arbiter-beam: "+format+"\n", args...)
}
