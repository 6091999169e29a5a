package main

// The pieces of a run over several machines: plan, run-block and commit.

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/arbiter-chess/arbiter/audit"
	"github.com/arbiter-chess/arbiter/internal/cli"
	"github.com/arbiter-chess/arbiter/plan"
)

type planFlags struct {
	fs          *flag.FlagSet
	blockSize   *string
	out, tables *string
	withFEN     *bool
	incremental *bool
	jobs        *int
	partition   *string
}

func newPlanFlags(w io.Writer) *planFlags {
	fs := flag.NewFlagSet("plan", flag.ContinueOnError)
	fs.SetOutput(w)
	f := &planFlags{fs: fs}
	f.blockSize = fs.String("block-size", "64MB", "target `size` of a work unit of plain PGN or multi-frame zstd text (e.g. 16MB, 1GB)")
	f.out = fs.String("o", "arbiter-out", "output `directory` the run will commit into: its manifests keep source numbers (and, with -incremental, mark unchanged inputs)")
	f.tables = fs.String("tables", "", "comma-separated `list` of tables the units write (default: all that apply)")
	f.withFEN = fs.Bool("fen", false, "add a FEN column to the moves table")
	f.incremental = fs.Bool("incremental", false, "plan only the inputs that the manifests in -o do not cover with the same size and SHA-256")
	f.jobs = fs.Int("jobs", 0, "goroutines that decompress multi-frame zstd files while planning (default: number of CPUs)")
	f.partition = fs.String("partition", "", "write the tables in Hive partitions by month (month), as arbiter audit -partition")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), `usage: arbiter plan [flags] INPUT... > plan.json
Cuts the inputs into work units that machines can audit apart (arbiter run-block),
and writes the plan as JSON on stdout. Plain PGN files are read once (to find
game starts and count lines), multi-frame zstd files (pzstd, Lichess dumps) are
decompressed once with every core; other compressed files are one unit each.

Flags:
`)
		fs.PrintDefaults()
	}
	return f
}

// runPlan implements "arbiter plan".
func runPlan(args []string, stdout, stderr io.Writer) int {
	f := newPlanFlags(stderr)
	inputs, err := cli.ParseInterspersed(f.fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if len(inputs) == 0 {
		fmt.Fprintln(stderr, "arbiter plan: no input given (see arbiter plan -h)")
		return exitUsage
	}
	size, err := cli.ParseSize(*f.blockSize)
	if err != nil {
		fmt.Fprintf(stderr, "arbiter plan: -block-size: %v\n", err)
		return exitUsage
	}
	cfg := audit.Config{Inputs: inputs, OutDir: *f.out, FEN: *f.withFEN, Jobs: *f.jobs, Version: Version(), Incremental: *f.incremental,
		Partition: *f.partition}
	if code := setTables(&cfg, *f.tables, stderr, "plan"); code != exitOK {
		return code
	}
	pl, errs := audit.MakePlan(cfg, size)
	for _, e := range errs {
		fmt.Fprintf(stderr, "arbiter plan: %v\n", e)
	}
	if err := pl.Write(stdout); err != nil {
		fmt.Fprintf(stderr, "arbiter plan: %v\n", err)
		return exitFailed
	}
	if len(errs) > 0 {
		return exitUsage
	}
	return exitOK
}

// setTables fills cfg.Tables from a -tables list.
func setTables(cfg *audit.Config, list string, stderr io.Writer, cmd string) int {
	if list == "" {
		return exitOK
	}
	for _, t := range strings.Split(list, ",") {
		i := tableIndex(strings.TrimSpace(t))
		if i < 0 {
			fmt.Fprintf(stderr, "arbiter %s: -tables: unknown table %q (want %s)\n", cmd, t, strings.Join(audit.TableNames[:], ", "))
			return exitUsage
		}
		cfg.Tables[i] = true
	}
	return exitOK
}

func newRunBlockFlags(w io.Writer) (fs *flag.FlagSet, planFile, out *string, index, jobs *int) {
	fs = flag.NewFlagSet("run-block", flag.ContinueOnError)
	fs.SetOutput(w)
	planFile = fs.String("plan", "plan.json", "the plan `file` (from arbiter plan)")
	index = fs.Int("index", -1, "the unit to audit: its position in the plan's units array, from 0")
	out = fs.String("o", "arbiter-out", "output `directory` (shared by every machine of the run)")
	jobs = fs.Int("jobs", 0, "worker goroutines (default: number of CPUs)")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), `usage: arbiter run-block -plan plan.json -index K -o DIR
Audits unit K of the plan and writes its part files into DIR/.arbiter-plan-<id>/
under names that come from the input: running it again writes the same bytes.

Flags:
`)
		fs.PrintDefaults()
	}
	return fs, planFile, out, index, jobs
}

// runRunBlock implements "arbiter run-block".
func runRunBlock(args []string, stdout, stderr io.Writer) int {
	fs, planFile, out, index, jobs := newRunBlockFlags(stderr)
	rest, err := cli.ParseInterspersed(fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if len(rest) > 0 || *index < 0 {
		fmt.Fprintln(stderr, "arbiter run-block: want -plan FILE -index K -o DIR and no other argument")
		return exitUsage
	}
	pl, err := plan.ReadFile(*planFile)
	if err != nil {
		fmt.Fprintf(stderr, "arbiter run-block: %v\n", err)
		return exitUsage
	}
	setMemoryLimit()
	ctx, stop, signalled := signalContext(stderr)
	defer stop()
	res, err := audit.RunBlock(ctx, audit.Config{OutDir: *out, Jobs: *jobs, Version: Version(), Stderr: stderr, Progress: "never"}, pl, *index)
	switch {
	case err != nil && signalled() != nil:
		return exitInterrupt
	case errors.Is(err, plan.ErrVersion):
		fmt.Fprintf(stderr, "arbiter run-block: %v\n", err)
		return exitUsage
	case err != nil:
		fmt.Fprintf(stderr, "arbiter run-block: %v\n", err)
		return exitFailed
	}
	fmt.Fprintf(stdout, "unit %d (%s): %d games, %d findings\n", *index, res.Unit.Name(), res.Result.Stats.Games, sumSev(res.Result.Stats.BySeverity))
	if res.Result.Input.Error != "" {
		fmt.Fprintf(stderr, "arbiter run-block: %s: %s\n", res.Result.Source.Path, res.Result.Input.Error)
		return exitUsage
	}
	return exitOK
}

func sumSev(m map[string]int64) int64 {
	var n int64
	for _, v := range m {
		n += v
	}
	return n
}

func newCommitFlags(w io.Writer) (fs *flag.FlagSet, planFile, out, failOn, summary *string) {
	fs = flag.NewFlagSet("commit", flag.ContinueOnError)
	fs.SetOutput(w)
	planFile = fs.String("plan", "plan.json", "the plan `file` (from arbiter plan)")
	out = fs.String("o", "arbiter-out", "output `directory` the units wrote into")
	failOn = fs.String("fail-on", "never", "exit 1 when a finding of this `severity` or worse exists: error|warning|never")
	summary = fs.String("summary", "text", "what to print on stdout: text, json or none")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), `usage: arbiter commit -plan plan.json -o DIR
Checks that every unit of the plan finished (naming those that did not), writes
a manifest per source and summary.json, and publishes the tables in DIR as
arbiter audit does.

Flags:
`)
		fs.PrintDefaults()
	}
	return fs, planFile, out, failOn, summary
}

// runCommit implements "arbiter commit".
func runCommit(args []string, stdout, stderr io.Writer) int {
	fs, planFile, out, failOn, summary := newCommitFlags(stderr)
	rest, err := cli.ParseInterspersed(fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if len(rest) > 0 {
		fmt.Fprintln(stderr, "arbiter commit: want -plan FILE -o DIR and no other argument")
		return exitUsage
	}
	pl, err := plan.ReadFile(*planFile)
	if err != nil {
		fmt.Fprintf(stderr, "arbiter commit: %v\n", err)
		return exitUsage
	}
	ctx, stop, _ := signalContext(stderr)
	defer stop()
	res, err := audit.Commit(ctx, audit.Config{OutDir: *out, FailOn: *failOn, Version: Version(), Stderr: stderr}, pl)
	if err != nil {
		fmt.Fprintf(stderr, "arbiter commit: %v\n", err)
		if errors.Is(err, audit.ErrUnitsMissing) || errors.Is(err, plan.ErrVersion) {
			return exitUsage
		}
		return exitFailed
	}
	if code := printSummary(stdout, stderr, *summary, res, *out); code != exitOK {
		return code
	}
	return res.ExitCode
}
