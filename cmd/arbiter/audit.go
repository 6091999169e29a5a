package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"runtime"
	"runtime/pprof"
	"runtime/trace"
	"strings"
	"syscall"
	"time"

	"github.com/arbiter-chess/arbiter/audit"
	"github.com/arbiter-chess/arbiter/ingest"
	"github.com/arbiter-chess/arbiter/internal/cli"
	"github.com/arbiter-chess/arbiter/output"
	"github.com/arbiter-chess/arbiter/sheet"
)

// Exit codes of "arbiter audit" (documented in the README and in -h).
const (
	exitOK        = 0   // done
	exitFindings  = 1   // done, and findings reached -fail-on
	exitUsage     = 2   // bad usage, an input that could not be read, an output folder refused
	exitFailed    = 3   // the run itself failed: the output could not be written
	exitInterrupt = 130 // stopped by SIGINT (128+2)
	exitTerm      = 143 // stopped by SIGTERM (128+15)
)

const auditExitCodes = `Exit codes:
  0    done
  1    done, and findings reached -fail-on
  2    bad usage; an input that could not be read or holds no chess (the other
       inputs are still audited and summary.json names the failed ones); an
       output folder that holds files arbiter did not make (without -force) or
       that another run is writing to (nothing is written then)
  3    the run failed: the output could not be written (the earlier run in the
       folder is left as it was)
  130  interrupted by SIGINT, 143 by SIGTERM: nothing of the run is published
`

// auditFlags are the flags of "arbiter audit".
type auditFlags struct {
	fs                    *flag.FlagSet
	out, tables, failOn   *string
	prog, summary, logFmt *string
	cpuProfile, traceFile *string
	tiebreaks, standings  *string
	dupMem                *string
	sheetPath, sheetLevel *string
	partition             *string
	lang                  *string
	sheetMax              *int
	dup                   *bool
	dupMinPlies           *int
	withFEN, force, quiet *bool
	version, incremental  *bool
	jobs                  *int
	lim                   limitFlags
}

func newAuditFlags(stderr io.Writer) *auditFlags {
	fs := flag.NewFlagSet("audit", flag.ContinueOnError)
	fs.SetOutput(stderr)
	f := &auditFlags{fs: fs}
	f.out = fs.String("o", "arbiter-out", "output `directory`: after the run it holds this run's tables, summary.json and nothing of an earlier run")
	f.tables = fs.String("tables", "", "comma-separated `list` of games,moves,findings,positions,players,pairings (default: all that apply)")
	f.withFEN = fs.Bool("fen", false, "add a FEN column to the moves table")
	f.jobs = fs.Int("jobs", 0, "worker goroutines, and the cores the run uses (default: number of CPUs)")
	f.failOn = fs.String("fail-on", "never", "exit 1 when a finding of this `severity` or worse exists: error|warning|never")
	f.force = fs.Bool("force", false, "write into an output directory that holds files arbiter did not make (they are left alone)")
	f.summary = fs.String("summary", "text", "what to print on stdout at the end: text (for people), json (summary.json, for jq) or none")
	f.logFmt = fs.String("log", "text", "format of the log lines on stderr (start, progress in batch jobs, problems, done): text or json")
	f.quiet = fs.Bool("quiet", false, "print nothing but warnings and errors: no progress, no start or done line, no summary")
	f.prog = fs.String("progress", "auto", "progress display: auto|always|never (auto: a bar when stderr is a terminal, else a log line every 10 s)")
	f.cpuProfile = fs.String("cpuprofile", "", "write a CPU profile of the run to `file` (for `go tool pprof`)")
	f.traceFile = fs.String("trace", "", "write an execution trace of the run to `file` (for `go tool trace`: idle cores, waits)")
	f.tiebreaks = fs.String("tiebreaks", "", "ranking `order` after points for every event, C.07 codes as the players table names them, e.g. PTS,BH/C1,SB,WIN,DE (overrides TRF records 212/202 and the defaults)")
	f.standings = fs.String("standings", audit.StandingsAuto, "standings from the games when there is no TRF: auto (events of at least 3 players and 2 rounds) | none")
	f.dup = fs.Bool("dup", true, "find duplicate games (duplicate_game findings, games.duplicate_of)")
	f.dupMinPlies = fs.Int("dup-min-plies", audit.DefaultDupMinPlies, "games of fewer `plies` are duplicates only when their players and date agree too")
	f.dupMem = fs.String("dup-mem", "256MiB", "memory for the duplicates' fingerprints before they spill to disk (`size`: bytes, or with KiB, MiB, GiB)")
	f.sheetPath = fs.String("report", "", "write the HTML report to `path` (default DIR/report.html; none: no report)")
	f.sheetLevel = fs.String("report-level", "warning", "least `severity` listed on the report's correction sheet: error|warning|info")
	f.sheetMax = fs.Int("report-max", sheet.DefaultMax, "games of each kind the report shows in full (`N`; the others are counted)")
	f.lang = fs.String("lang", "en", "`language` of the report: "+strings.Join(sheet.Languages(), ", "))
	f.partition = fs.String("partition", "", "write the tables in Hive partitions table/year=YYYY/month=MM/ by each game's date (UTCDate, else Date): month")
	f.lim = addLimitFlags(fs)
	f.version = fs.Bool("version", false, "print the version and exit")
	f.incremental = fs.Bool("incremental", false, "read only the inputs that the output directory's manifests do not cover with the same size and SHA-256; keep the earlier rows of the others")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), auditUsage+"\nFlags (before, between or after the inputs; -- ends them):\n")
		fs.PrintDefaults()
		fmt.Fprint(fs.Output(), "\n"+auditExitCodes)
	}
	return f
}

const auditUsage = `usage: arbiter audit [flags] INPUT...
INPUT: files, directories (read recursively for .pgn, .epd, .fen and .trf, each
also .zst, .gz or .bz2), glob patterns (quote them; ** matches any number of
folders), or - for standard input. Compression and TRF files are recognised by
content.
`

// runAudit implements "arbiter audit [flags] INPUT...".
func runAudit(args []string, stdout, stderr io.Writer) int {
	f := newAuditFlags(stderr)
	inputs, err := cli.ParseInterspersed(f.fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if *f.version {
		fmt.Fprintln(stdout, "arbiter", Version())
		return exitOK
	}
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "arbiter audit: "+format+"\n", a...)
		return exitUsage
	}
	if len(inputs) == 0 {
		return usageErr("no input given (see arbiter audit -h)")
	}
	cfg := audit.Config{
		Inputs:      inputs,
		OutDir:      *f.out,
		FEN:         *f.withFEN,
		Jobs:        *f.jobs,
		FailOn:      *f.failOn,
		Progress:    *f.prog,
		Force:       *f.force,
		Incremental: *f.incremental,
		Version:     Version(),
		Stderr:      stderr,
	}
	switch *f.prog {
	case "auto", "always", "never":
	default:
		return usageErr("-progress %q: want auto, always or never", *f.prog)
	}
	if *f.tiebreaks != "" {
		order, err := audit.ParseTieBreaks(*f.tiebreaks)
		if err != nil {
			return usageErr("%v", err)
		}
		cfg.TieBreaks = order
	}
	if cfg.Standings = *f.standings; *f.standings != audit.StandingsAuto && *f.standings != audit.StandingsNone {
		return usageErr("-standings %q: want %s or %s", *f.standings, audit.StandingsAuto, audit.StandingsNone)
	}
	if err := f.lim.apply(&cfg); err != nil {
		return usageErr("%v", err)
	}
	cfg.Partition = *f.partition
	if cfg.Partition != audit.PartitionNone && cfg.Partition != audit.PartitionMonth {
		return usageErr("-partition %q: want %s", cfg.Partition, audit.PartitionMonth)
	}
	cfg.Sheet = audit.SheetOptions{Path: *f.sheetPath, Level: *f.sheetLevel, Max: *f.sheetMax, Lang: *f.lang}
	if err := (&sheet.Options{Level: *f.sheetLevel, Max: *f.sheetMax, Lang: *f.lang}).Check(); err != nil {
		return usageErr("%v", err)
	}
	mem, err := cli.ParseSize(*f.dupMem)
	if err != nil {
		return usageErr("-dup-mem %q: want a positive size such as 256MiB", *f.dupMem)
	}
	if *f.dupMinPlies < 0 {
		return usageErr("-dup-min-plies must be >= 0")
	}
	cfg.Duplicates = audit.DuplicateOptions{Off: !*f.dup, MinPlies: *f.dupMinPlies, MemBytes: mem}
	if *f.dupMinPlies == 0 {
		cfg.Duplicates.MinPlies = -1 // no short-game rule (0 is the default)
	}
	switch *f.failOn {
	case "error", "warning", "never":
	default:
		return usageErr("-fail-on %q: want error, warning or never", *f.failOn)
	}
	switch *f.summary {
	case "text", "json", "none":
	default:
		return usageErr("-summary %q: want text, json or none", *f.summary)
	}
	level := slog.LevelInfo
	if *f.quiet {
		level = slog.LevelWarn
		cfg.Progress = "never"
		if !isSet(f.fs, "summary") {
			*f.summary = "none"
		}
	}
	hopt := &slog.HandlerOptions{Level: level}
	switch *f.logFmt {
	case "text":
		cfg.Log = slog.New(slog.NewTextHandler(stderr, hopt))
	case "json":
		cfg.Log = slog.New(slog.NewJSONHandler(stderr, hopt))
		cfg.LogJSON = true
	default:
		return usageErr("-log %q: want text or json", *f.logFmt)
	}
	if *f.tables != "" {
		for _, t := range strings.Split(*f.tables, ",") {
			i := tableIndex(strings.TrimSpace(t))
			if i < 0 {
				return usageErr("-tables: unknown table %q (want %s)", t, strings.Join(audit.TableNames[:], ", "))
			}
			cfg.Tables[i] = true
		}
	}
	if *f.jobs < 0 {
		return usageErr("-jobs must be >= 0")
	}

	if *f.jobs > 0 && *f.jobs < runtime.GOMAXPROCS(0) {
		// -jobs N runs on N cores: the reader, the garbage collector and
		// the writers too, not only the workers (with -jobs 1 they took a
		// second core's worth beside the worker: a batch job given one
		// core by its scheduler would have used more).
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(*f.jobs))
	}
	setMemoryLimit()
	for _, r := range []struct {
		flag, path string
		start      func(io.Writer) error
		stop       func()
	}{
		{"cpuprofile", *f.cpuProfile, pprof.StartCPUProfile, pprof.StopCPUProfile},
		{"trace", *f.traceFile, trace.Start, trace.Stop},
	} {
		if r.path == "" {
			continue
		}
		done, err := record(r.path, r.start, r.stop)
		if err != nil {
			return usageErr("-%s: %v", r.flag, err)
		}
		defer done()
	}

	ctx, stopSignals, signalled := signalContext(stderr)
	defer stopSignals()
	start := time.Now()
	res, err := audit.Run(ctx, cfg)
	code := exitOK
	switch {
	case err != nil && signalled() != nil:
		code = exitInterrupt
		if signalled() == syscall.SIGTERM {
			code = exitTerm
		}
		cfg.Log.Error("interrupted: nothing of this run was published", "signal", signalled().String(), "out", *f.out)
	case errors.Is(err, output.ErrLocked), errors.Is(err, output.ErrForeign):
		code = exitUsage
		cfg.Log.Error("output folder refused", "err", err)
	case err != nil:
		code = exitFailed
		cfg.Log.Error("the run failed; the output folder is left as it was", "out", *f.out, "err", err)
	default:
		code = res.ExitCode
		if c := printSummary(stdout, stderr, *f.summary, res, *f.out); c != exitOK {
			return c
		}
	}
	done := []any{"exit_code", code, "wall_s", time.Since(start).Round(time.Millisecond).Seconds()}
	if res != nil {
		done = append(done, "games", res.Summary.Games, "findings", res.Summary.Findings,
			"failed_inputs", res.Summary.FailedInputs, "out", *f.out)
	}
	cfg.Log.Info("done", done...)
	return code
}

// signalContext returns a context that SIGINT or SIGTERM cancels, a
// function that stops listening, and one that tells which signal came (nil
// before one does). A second signal ends the process at once; the next run
// into the folder removes what it left.
func signalContext(stderr io.Writer) (context.Context, func(), func() os.Signal) {
	ctx, cancel := context.WithCancel(context.Background())
	sigc := make(chan os.Signal, 2)
	signal.Notify(sigc, os.Interrupt, syscall.SIGTERM)
	var got = make(chan os.Signal, 1)
	stop := make(chan struct{})
	go func() {
		select {
		case s := <-sigc:
			got <- s
			fmt.Fprintf(stderr, "arbiter: %v: stopping (a second signal stops at once)\n", s)
			cancel()
		case <-stop:
			return
		}
		select {
		case s := <-sigc:
			code := exitInterrupt
			if s == syscall.SIGTERM {
				code = exitTerm
			}
			os.Exit(code)
		case <-stop:
		}
	}()
	var sig os.Signal
	signalled := func() os.Signal {
		if sig == nil {
			select {
			case sig = <-got:
			default:
			}
		}
		return sig
	}
	return ctx, func() { signal.Stop(sigc); close(stop); cancel() }, signalled
}

// record starts a recorder of the run (a CPU profile, an execution trace)
// writing to a new file at path; the function it returns stops the
// recorder and closes the file.
func record(path string, start func(io.Writer) error, stop func()) (func(), error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := start(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { stop(); f.Close() }, nil
}

func tableIndex(name string) int {
	for i, n := range audit.TableNames {
		if n == name {
			return i
		}
	}
	return -1
}

// printSummary prints the run's summary on stdout as mode says: text for
// people, json (summary.json's content), or none.
func printSummary(stdout, stderr io.Writer, mode string, res *audit.Result, out string) int {
	switch mode {
	case "text":
		audit.WriteHuman(stdout, res, out)
	case "json":
		data, err := json.MarshalIndent(res.Summary, "", "  ")
		if err != nil {
			fmt.Fprintf(stderr, "arbiter: summary: %v\n", err)
			return exitFailed
		}
		fmt.Fprintf(stdout, "%s\n", data)
	}
	return exitOK
}

// setMemoryLimit sets the soft memory limit of an audit (arbiter audit,
// run-block), unless GOMEMLIMIT is set: it keeps the garbage collector from
// letting the heap grow to twice the buffered row groups. The history a
// zstd decoder keeps (up to 2 GiB for a --long=31 file) is counted on top:
// live memory, not garbage.
func setMemoryLimit() {
	if os.Getenv("GOMEMLIMIT") == "" {
		ingest.SetMemoryLimit(768 << 20)
	}
}
