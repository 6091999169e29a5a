package audit

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"runtime"
	"time"

	"github.com/arbiter-chess/arbiter/ingest"
	"github.com/arbiter-chess/arbiter/output"
	"github.com/arbiter-chess/arbiter/plan"
	"github.com/arbiter-chess/arbiter/report"
	"github.com/arbiter-chess/arbiter/stats"
	"github.com/arbiter-chess/arbiter/tournament"
)

// Config is one audit run.
type Config struct {
	Inputs []string // files, directories, globs, "-" for standard input
	OutDir string
	// Tables selects the tables to write; all false means every table that
	// applies (positions only when there are FEN/EPD inputs).
	Tables   [numTables]bool
	FEN      bool   // add a fen column to the moves table
	Jobs     int    // worker goroutines; 0 means the number of CPUs
	FailOn   string // "error", "warning" or "never"
	Progress string // "auto", "always" or "never"
	Version  string
	Stderr   io.Writer // the progress bar (nil: discard)
	// Log receives the log lines: the start line, problems with inputs,
	// progress in batch jobs (nil: text lines on Stderr).
	Log *slog.Logger
	// LogJSON says that Log writes JSON (set by the command line).
	LogJSON bool
	// Writer options for the tables (tests shrink parts and row groups).
	Writer report.WriterOptions
	// Judge options (node budgets).
	Stage StageOptions
	// BlockBytes is the size of the blocks the inputs are cut into (0: the
	// reader's default); tests shrink it to spread a small input over many
	// blocks and chunks.
	BlockBytes int
	// Force lets the run write into an output folder that holds files
	// Arbiter did not make (they are left alone).
	Force bool
	// NoSync skips fsync of the output (tests, benchmarks).
	NoSync bool
	// Incremental reads only the inputs that the output folder's
	// manifests do not cover with the same size and SHA-256; the tables
	// then hold the earlier runs' rows of the others too.
	Incremental bool
	// TieBreaks is the ranking order after points of every event (-tiebreaks,
	// C.07 codes such as "BH/C1"; see ParseTieBreaks); it overrides the
	// TRF's records 212/202 and the defaults. Standings is StandingsAuto
	// (also "") or StandingsNone: standings from the games in a run
	// without TRF (see standings.go).
	TieBreaks []string
	Standings string
	// Duplicates configure the detection of duplicate games (see
	// duplicates.go).
	Duplicates DuplicateOptions
	// Sheet configures the HTML report (sheet.go).
	Sheet SheetOptions
	// Partition is PartitionMonth to write the tables in Hive partitions
	// by month (partition.go), or PartitionNone.
	Partition string
	// Limits of each input (ingest.Options): the zstd window accepted
	// (0: 2 GiB), the decompressed bytes read (0: none) and the
	// decompression ratio (0: ingest's default, 1000:1; negative: none).
	MaxWindow, MaxBytes, MaxExpansion int64
}

// Result is what a run did.
type Result struct {
	Summary  *report.Summary
	Stats    *stats.Run
	ExitCode int // 0 done, 1 findings reached FailOn, 2 an input could not be read
	// Events are the TRF inputs (tournament uploads), see trf.go, or in a
	// run without TRF the events read from the games, see standings.go.
	Events []*Event
	// Plan is the run's plan: its sources and their numbers.
	Plan *plan.Plan
}

// Run audits the inputs and writes the tables, their manifests and
// summary.json under cfg.OutDir: it plans the inputs (numbering them, so
// that game ids are stable), reads each source whole with every core, and
// commits (see commit). It returns an error only when the run itself
// failed (the output could not be written); unreadable inputs are
// reported in the summary and the exit code.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	if err := cfg.defaults(); err != nil {
		return nil, err
	}
	log := cfg.logger()
	start := time.Now()
	// The run writes into a staging folder of its own and publishes its
	// tables only once they are all complete.
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
		log.Warn("the output folder's manifests cannot be read: every input is read again", "err", err)
	}
	ks, same := knownSources(known, &cfg)
	if cfg.Incremental && !same {
		log.Info("the earlier run had other settings (tables, fen, version): every input is read again")
		cfg.Incremental = false
	}
	pl, errs := plan.Make(cfg.Inputs, cfg.planOptions(false, ks))
	if cfg.Incremental && hasTRF(pl) && len(pl.Unchanged) > 0 {
		// A tournament report is checked against every game of the run,
		// which manifests do not keep: read everything.
		log.Info("a TRF input: every input is read again, not only the new ones")
		cfg.Incremental = false
		pl, errs = plan.Make(cfg.Inputs, cfg.planOptions(false, ks))
	}
	var failed []report.InputSummary
	for _, e := range errs {
		failed = append(failed, report.InputSummary{Path: inputName(e), Error: e.Error(), ErrorCode: ingest.ErrorCode(e)})
		log.Error("input", "err", e, "code", ingest.ErrorCode(e))
	}
	reads, events := splitSources(pl)
	if err := events.configure(cfg); err != nil {
		return nil, err
	}
	kept, err := keptResults(pl, known)
	if err != nil {
		return nil, err
	}
	log.Info("start", "version", cfg.Version, "inputs", len(pl.Sources), "unchanged", len(pl.Unchanged),
		"bytes", totalSize(pl.Sources), "jobs", cfg.Jobs, "out", cfg.OutDir)

	var prog progress
	prog.total = totalSize(pl.Sources)
	p := cfg.pipeline(od.Stage, log, &prog)
	p.hash = true
	p.infos = events.active()
	p.standings = events.gate()
	p.onBlock = events.count
	p.dups = newDupCollector(cfg.Duplicates, od.Stage, output.ManifestDir)
	p.sheet = cfg.sheetOptions()
	p.onTRF = events.lateTRF
	stopProgress := prog.start(cfg.Progress, cfg.Stderr, log)
	out, err := p.run(ctx, reads, events.finisher(p.want, kept, log))
	stopProgress()
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return nil, fmt.Errorf("audit interrupted: %w", err)
		}
		return nil, explainWriteError(cfg.OutDir, err)
	}
	res, err := commit(cfg, od, pl, p, out, known, failed, events, start)
	if err != nil {
		return nil, explainWriteError(cfg.OutDir, err)
	}
	published = true
	return res, nil
}

// defaults fills the zero fields of cfg and checks it.
func (cfg *Config) defaults() error {
	if cfg.Jobs <= 0 {
		cfg.Jobs = runtime.NumCPU()
	}
	if cfg.Stderr == nil {
		cfg.Stderr = io.Discard
	}
	if _, err := parseFailOn(cfg.FailOn); err != nil {
		return err
	}
	if _, err := cfg.Sheet.check(); err != nil {
		return err
	}
	if cfg.Partition != PartitionNone && cfg.Partition != PartitionMonth {
		return fmt.Errorf("audit: -partition %q: want %s", cfg.Partition, PartitionMonth)
	}
	// The standings options are checked before any work.
	return (&events{}).configure(*cfg)
}

func (cfg *Config) logger() *slog.Logger {
	if cfg.Log != nil {
		return cfg.Log
	}
	return slog.New(slog.NewTextHandler(cfg.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

// wantTables returns the tables the run writes and whether they were chosen.
func (cfg *Config) wantTables() (want [numTables]bool, explicit bool) {
	explicit = cfg.Tables != [numTables]bool{}
	want = cfg.Tables
	if !explicit {
		want = [numTables]bool{true, true, true, true, true, true}
	}
	return want, explicit
}

// planOptions are the options of the run's plan.
func (cfg *Config) planOptions(exact bool, known map[string]plan.Source) plan.Options {
	var tables []string // chosen tables; none: every table that applies
	for t, w := range cfg.Tables {
		if w {
			tables = append(tables, TableNames[t])
		}
	}
	audit := plan.AuditOptions{Tables: tables, FEN: cfg.FEN, TieBreaks: cfg.TieBreaks, Standings: cfg.Standings,
		Duplicates: !cfg.Duplicates.Off, DupMinPlies: cfg.Duplicates.MinPlies,
		ReportLevel: cfg.Sheet.Level, ReportMax: cfg.Sheet.Max, ReportLang: cfg.Sheet.Lang, Partition: cfg.Partition}
	if !cfg.Sheet.enabled() {
		audit.Report = "none"
	}
	return plan.Options{Version: cfg.Version, Rulebook: report.Rulebook, Schema: report.SchemaVersion,
		Exact: exact, Jobs: cfg.Jobs, Audit: audit,
		IsTRF: tournament.LooksLikeTRF, Known: known, Incremental: cfg.Incremental}
}

// pipeline returns a pipeline writing into dir.
func (cfg *Config) pipeline(dir string, log *slog.Logger, prog *progress) *pipeline {
	want, explicit := cfg.wantTables()
	return &pipeline{cfg: cfg, want: want, explicit: explicit, dir: dir, log: log, prog: prog,
		partition: cfg.Partition == PartitionMonth}
}

// splitSources returns the reads of a plan's units and the TRF sources,
// which are not read as games.
func splitSources(pl *plan.Plan) ([]read, *events) {
	ev := &events{}
	for _, s := range pl.Sources {
		if s.Kind == "trf" {
			ev.list = append(ev.list, &Event{Input: ingest.Input{Name: s.Path, Size: s.Size}, Source: s})
		}
	}
	var reads []read
	for _, u := range pl.Units {
		reads = append(reads, readOf(pl, u))
	}
	return reads, ev
}

// rangeOf is the range of the source a unit reads.
func rangeOf(u plan.Unit) ingest.Range {
	return ingest.Range{Start: u.Start, Skip: u.Skip, Offset: u.Offset, Line: u.Line, Length: u.Length}
}

func hasTRF(pl *plan.Plan) bool {
	for _, s := range append(pl.Sources, pl.Unchanged...) {
		if s.Kind == "trf" {
			return true
		}
	}
	return false
}

func parseFailOn(s string) (string, error) {
	switch s {
	case "", "never":
		return "never", nil
	case "error", "warning":
		return s, nil
	}
	return "", fmt.Errorf("audit: -fail-on %q: want error, warning or never", s)
}

func inputName(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Path
	}
	return ""
}

// totalSize is the stored size of the sources, -1 when one is unknown.
func totalSize(srcs []plan.Source) int64 {
	var n int64
	for _, s := range srcs {
		if s.Size < 0 {
			return -1
		}
		n += s.Size
	}
	return n
}

func sumValues(m map[string]int64) int64 {
	var n int64
	for _, v := range m {
		n += v
	}
	return n
}

func tableFor(t int, withFEN bool) report.Table {
	switch t {
	case TableGames:
		return report.GamesTable()
	case TableMoves:
		return report.MovesTable(withFEN)
	case TableFindings:
		return report.FindingsTable()
	case TablePlayers:
		return report.PlayersTable()
	case TablePairings:
		return report.PairingsTable()
	}
	return report.PositionsTable()
}

// cpuTokens bounds the goroutines that compute at once: a goroutine holds
// a token only while it computes, never while it waits on a channel for
// another stage, so that tokens cannot deadlock the pipeline. (A writer
// ending its last pages with a second goroutine waits for it while holding
// its token, but only once that goroutine holds a token of its own and
// computes: one still waiting for a token gives up when the first is done;
// see cpuTokens.helper.)
type cpuTokens chan struct{}

func (c cpuTokens) acquire() { c <- struct{}{} }
func (c cpuTokens) release() { <-c }

// tryAcquire takes a token only if one is free at once (for work that can
// as well be done without, see cpuTokens.helper).
func (c cpuTokens) tryAcquire() (release func(), ok bool) {
	select {
	case c <- struct{}{}:
		return c.release, true
	default:
		return nil, false
	}
}

// acquireUntil takes a token as soon as one is free, or gives up when done
// is closed.
func (c cpuTokens) acquireUntil(done <-chan struct{}) (release func(), ok bool) {
	select {
	case c <- struct{}{}:
		return c.release, true
	case <-done:
		return nil, false
	}
}

// openOutput locks the output folder and starts the run's staging folder
// in it.
func (cfg *Config) openOutput() (*output.Dir, error) {
	return output.Open(cfg.OutDir, output.Options{Tables: TableNames[:], Force: cfg.Force, NoSync: cfg.NoSync || cfg.Writer.NoSync})
}
