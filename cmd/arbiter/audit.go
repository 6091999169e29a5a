package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"runtime/pprof"
	"runtime/trace"
	"strings"
	"syscall"

	"github.com/arbiter-chess/arbiter/audit"
	"github.com/arbiter-chess/arbiter/ingest"
)

// runAudit implements "arbiter audit [flags] INPUT...".
func runAudit(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("audit", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "arbiter-out", "output `directory`")
	tables := fs.String("tables", "", "comma-separated `list` of games,moves,findings,positions,players,pairings (default: all that apply)")
	withFEN := fs.Bool("fen", false, "add a FEN column to the moves table")
	jobs := fs.Int("jobs", 0, "worker goroutines, and the cores the run uses (default: number of CPUs)")
	failOn := fs.String("fail-on", "never", "exit 1 when a finding of this `severity` or worse exists: error|warning|never")
	prog := fs.String("progress", "auto", "progress display: auto|always|never (auto: a bar only when stderr is a terminal)")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the run to `file` (for `go tool pprof`)")
	traceFile := fs.String("trace", "", "write an execution trace of the run to `file` (for `go tool trace`: idle cores, waits)")
	lim := addLimitFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: arbiter audit [flags] INPUT...   (files, directories, globs, - for stdin; TRF files are recognised by content)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "arbiter audit: no input given")
		fs.Usage()
		return 2
	}
	cfg := audit.Config{
		Inputs:   fs.Args(),
		OutDir:   *out,
		FEN:      *withFEN,
		Jobs:     *jobs,
		FailOn:   *failOn,
		Progress: *prog,
		Version:  Version(),
		Stderr:   stderr,
	}
	if err := lim.apply(&cfg); err != nil {
		fmt.Fprintf(stderr, "arbiter audit: %v\n", err)
		return 2
	}
	switch *prog {
	case "auto", "always", "never":
	default:
		fmt.Fprintf(stderr, "arbiter audit: -progress %q: want auto, always or never\n", *prog)
		return 2
	}
	if *tables != "" {
		for _, t := range strings.Split(*tables, ",") {
			i := tableIndex(strings.TrimSpace(t))
			if i < 0 {
				fmt.Fprintf(stderr, "arbiter audit: -tables: unknown table %q (want %s)\n", t, strings.Join(audit.TableNames[:], ", "))
				return 2
			}
			cfg.Tables[i] = true
		}
	}
	if *jobs < 0 {
		fmt.Fprintln(stderr, "arbiter audit: -jobs must be >= 0")
		return 2
	}

	if *jobs > 0 && *jobs < runtime.GOMAXPROCS(0) {
		// -jobs N runs on N cores: the reader, the garbage collector and
		// the writers too, not only the workers (with -jobs 1 they took a
		// second core's worth beside the worker: a batch job given one
		// core by its scheduler would have used more).
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(*jobs))
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		// A soft limit keeps the garbage collector from letting the heap
		// grow to twice the buffered row groups; set GOMEMLIMIT to change
		// it. The history a zstd decoder keeps (up to 2 GiB for a
		// --long=31 file) is counted on top: live memory, not garbage.
		ingest.SetMemoryLimit(768 << 20)
	}
	for _, r := range []struct {
		flag, path string
		start      func(io.Writer) error
		stop       func()
	}{
		{"cpuprofile", *cpuProfile, pprof.StartCPUProfile, pprof.StopCPUProfile},
		{"trace", *traceFile, trace.Start, trace.Stop},
	} {
		if r.path == "" {
			continue
		}
		done, err := record(r.path, r.start, r.stop)
		if err != nil {
			fmt.Fprintf(stderr, "arbiter audit: -%s: %v\n", r.flag, err)
			return 2
		}
		defer done()
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	res, err := audit.Run(ctx, cfg)
	if err != nil {
		fmt.Fprintf(stderr, "arbiter audit: %v\n", err)
		if strings.Contains(err.Error(), "-fail-on") {
			return 2
		}
		return 3
	}
	audit.WriteHuman(stderr, res, *out)
	return res.ExitCode
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
