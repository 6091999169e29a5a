package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"strings"
	"syscall"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/options/jobopts"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners"

	// The optimized runtime and the runners this command can submit to.
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/core/runtime/exec/optimized"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/dataflow"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/flink"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/spark"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/universal"

	"github.com/arbiter-chess/arbiter/audit"
	"github.com/arbiter-chess/arbiter/internal/cli"
	"github.com/arbiter-chess/arbiter/output"
	"github.com/arbiter-chess/arbiter/report"
)

// version is set at link time (-ldflags "-X main.version=v1.2.3"), as
// arbiter's is: a plan runs only under the version that made it.
var version = ""

// Exit codes, as arbiter audit's.
const (
	exitOK        = 0
	exitFindings  = 1 // findings reached -fail-on
	exitUsage     = 2 // bad usage, an input that could not be planned or read, an output folder refused
	exitFailed    = 3 // the pipeline failed: nothing was published
	exitInterrupt = 130
)

// flags are this command's own flags; Beam's are on flag.CommandLine too.
type flags struct {
	fs          *flag.FlagSet
	out         *string
	blockSize   *string
	incremental *bool
	jobs        *int
	tables      *string
	withFEN     *bool
	failOn      *string
	force       *bool
	cpuprofile  *string
}

func newFlags() *flags {
	fs := flag.NewFlagSet("arbiter-beam", flag.ContinueOnError)
	f := &flags{fs: fs}
	f.out = fs.String("o", "arbiter-out", "output `directory`: one file system that the launcher and every worker see at this same path")
	f.blockSize = fs.String("block-size", "64MB", "target `size` of a work unit of plain PGN or multi-frame zstd text (e.g. 16MB, 1GB); other compressed files are one unit each")
	f.incremental = fs.Bool("incremental", false, "audit only the inputs that the manifests in -o do not cover with the same size and SHA-256, and publish the union")
	f.jobs = fs.Int("jobs", 0, "goroutines each unit's audit uses on its worker (default: the worker's number of CPUs)")
	f.tables = fs.String("tables", "", "comma-separated `list` of tables to write (default: all that apply)")
	f.withFEN = fs.Bool("fen", false, "add a FEN column to the moves table")
	f.failOn = fs.String("fail-on", "never", "exit 1 when a finding of this `severity` or worse exists: error|warning|never")
	f.force = fs.Bool("force", false, "write into an output folder that holds files arbiter did not make (they are left alone)")
	f.cpuprofile = fs.String("cpuprofile", "", "write a CPU profile of this process to `file` (with prism, the workers' too; go tool pprof)")
	return f
}

const usageHead = `usage: arbiter-beam [Beam flags] -o DIR [-block-size SIZE] [-incremental] INPUT...

Audits the inputs as arbiter audit does, on an Apache Beam runner: the launcher
plans the inputs into work units (plain PGN and multi-frame zstd files are cut
at games near every -block-size bytes, other files are one unit), the workers
audit the units, and the pipeline's last step publishes the tables, manifests
and summary.json in DIR. DIR and the inputs must be on a file system that the
launcher and every worker see at the same paths (a local folder with prism;
NFS, Filestore or a FUSE-mounted bucket on a cluster). A failed run keeps the
units it finished: the same command again audits only the others.

Runners (Beam flags):
  --runner=prism (default)     this machine, in this process
  --runner=universal --endpoint=HOST:PORT [--environment_type=LOOPBACK|DOCKER|EXTERNAL]
                               a Beam job server: Flink, Spark, or a standalone prism
  --runner=dataflow --project=P --region=R --staging_location=gs://... [--temp_location=gs://...]
                               Google Cloud Dataflow (Runner v2)
  --async                      return once the job is submitted (the job still commits)

Flags of arbiter-beam:
`

const usageExit = `
Exit codes:
  0    done
  1    done, and findings reached -fail-on
  2    bad usage; an input that could not be planned or read (summary.json names
       it); an output folder that holds files arbiter did not make (without
       -force) or that another run is writing to
  3    the pipeline failed: nothing was published (the units that finished are
       kept for the next attempt)
  130  interrupted
`

func usage(w io.Writer, f *flags) {
	fmt.Fprint(w, usageHead)
	f.fs.SetOutput(w)
	f.fs.PrintDefaults()
	fmt.Fprint(w, usageExit)
	fmt.Fprint(w, "\nBeam flags (the SDK's and its runners'):\n")
	var beams flag.FlagSet
	flag.CommandLine.VisitAll(func(fl *flag.Flag) {
		if f.fs.Lookup(fl.Name) == nil {
			beams.Var(fl.Value, fl.Name, fl.Usage)
		}
	})
	beams.SetOutput(w)
	beams.PrintDefaults()
}

func main() {
	f := newFlags()
	// Beam registers its flags on flag.CommandLine, and a worker is this
	// same binary started with them: this command's flags go there too.
	f.fs.VisitAll(func(fl *flag.Flag) { flag.CommandLine.Var(fl.Value, fl.Name, fl.Usage) })
	flag.CommandLine.Init(os.Args[0], flag.ContinueOnError)
	flag.CommandLine.SetOutput(io.Discard)
	inputs, err := cli.ParseInterspersed(flag.CommandLine, os.Args[1:])
	if errors.Is(err, flag.ErrHelp) {
		usage(os.Stdout, f)
		os.Exit(exitOK)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "arbiter-beam: %v (see arbiter-beam -h)\n", err)
		os.Exit(exitUsage)
	}
	// On a worker, Init runs the SDK harness and does not return.
	beam.Init()
	os.Exit(launch(f, inputs, os.Stdout, os.Stderr))
}

// launch plans the inputs, runs the pipeline and reports what it
// published.
func launch(f *flags, inputs []string, stdout, stderr io.Writer) int {
	if len(inputs) == 0 {
		logf(stderr, "no input given (see arbiter-beam -h)")
		return exitUsage
	}
	size, err := cli.ParseSize(*f.blockSize)
	if err != nil {
		logf(stderr, "-block-size: %v", err)
		return exitUsage
	}
	if !slices.Contains([]string{"never", "error", "warning"}, *f.failOn) {
		logf(stderr, "-fail-on %q: want error, warning or never", *f.failOn)
		return exitUsage
	}
	cfg := audit.Config{Inputs: inputs, OutDir: *f.out, FEN: *f.withFEN, Jobs: *f.jobs, Version: Version(),
		Incremental: *f.incremental, Stderr: stderr, Progress: "never", Force: *f.force}
	if *f.tables != "" {
		for _, t := range strings.Split(*f.tables, ",") {
			i := slices.Index(audit.TableNames[:], strings.TrimSpace(t))
			if i < 0 {
				logf(stderr, "-tables: unknown table %q (want %s)", t, strings.Join(audit.TableNames[:], ", "))
				return exitUsage
			}
			cfg.Tables[i] = true
		}
	}
	// Refuse an output folder the commit would refuse before any worker
	// spends time on the units.
	od, err := output.Open(cfg.OutDir, output.Options{Tables: audit.TableNames[:], Force: cfg.Force})
	if err != nil {
		logf(stderr, "%v", err)
		return exitUsage
	}
	od.Abort()

	pl, errs := audit.MakePlan(cfg, size)
	for _, e := range errs {
		logf(stderr, "%v", e)
	}
	if len(errs) > 0 {
		return exitUsage
	}
	if *f.cpuprofile != "" {
		pf, err := os.Create(*f.cpuprofile)
		if err == nil {
			err = pprof.StartCPUProfile(pf)
		}
		if err != nil {
			logf(stderr, "-cpuprofile: %v", err)
			return exitUsage
		}
		defer pprof.StopCPUProfile()
	}
	logf(stderr, "plan %s: %d sources (%d unchanged), %d units of about %d bytes", audit.PlanID(pl),
		len(pl.Sources), len(pl.Unchanged), len(pl.Units), size)

	p, s := beam.NewPipelineWithRoot()
	set := settings{OutDir: cfg.OutDir, Jobs: cfg.Jobs, Version: cfg.Version, FailOn: *f.failOn}
	if err := build(s, pl, set); err != nil {
		logf(stderr, "%v", err)
		return exitFailed
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	runner := *runners.Runner
	if runner == "" {
		runner = "prism"
	}
	res, err := beam.Run(ctx, runner, p)
	if err != nil {
		if ctx.Err() != nil {
			logf(stderr, "interrupted")
			return exitInterrupt
		}
		logf(stderr, "the pipeline failed: %s", cause(err))
		logf(stderr, "the runner's report:\n%v", err)
		logf(stderr, "nothing was published; the units that finished are kept in %s/%s%s: run the same command again to audit the others",
			cfg.OutDir, output.PlanPrefix, audit.PlanID(pl))
		return exitFailed
	}
	if res != nil {
		printCounters(stderr, res)
	}
	if *jobopts.Async {
		logf(stdout, "job submitted; its last step publishes into %s", cfg.OutDir)
		return exitOK
	}
	return report1(stdout, stderr, cfg.OutDir, *f.failOn)
}

// cause returns the last line of a runner's error: Beam's errors end with
// the error of the step that failed, after the plan of its bundle.
func cause(err error) string {
	lines := strings.Split(strings.TrimSpace(err.Error()), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

// printCounters prints the units' counters when the runner reports them.
func printCounters(w io.Writer, res beam.PipelineResult) {
	defer func() { _ = recover() }() // a runner without metrics
	m := map[string]int64{}
	for _, c := range res.Metrics().AllMetrics().Counters() {
		if c.Namespace() == "arbiter" {
			m[c.Name()] += c.Result()
		}
	}
	if len(m) > 0 {
		logf(w, "units audited: %d, units finished by an earlier attempt: %d, games: %d",
			m["units_audited"], m["units_reused"], m["games"])
	}
}

// report1 prints what the run published and returns the exit code.
func report1(stdout, stderr io.Writer, dir, failOn string) int {
	sum, err := report.ReadSummary(dir)
	if err != nil {
		logf(stderr, "the pipeline succeeded but its summary cannot be read: %v", err)
		return exitFailed
	}
	fmt.Fprintf(stdout, "%d games, %d plies, %d positions, %d findings (%d errors, %d warnings) in %s\n",
		sum.Games, sum.Plies, sum.Positions, sum.Findings, sum.FindingsBySeverity["error"], sum.FindingsBySeverity["warning"], dir)
	if len(sum.UnchangedInputs) > 0 {
		fmt.Fprintf(stdout, "%d inputs read, %d unchanged kept\n", len(sum.Inputs), len(sum.UnchangedInputs))
	}
	for _, in := range sum.Inputs {
		if in.Error != "" {
			fmt.Fprintf(stderr, "arbiter-beam: %s: %s\n", in.Path, in.Error)
		}
	}
	switch {
	case sum.FailedInputs > 0:
		return exitUsage
	case failOn == "error" && sum.FindingsBySeverity["error"] > 0,
		failOn == "warning" && sum.FindingsBySeverity["error"]+sum.FindingsBySeverity["warning"] > 0:
		return exitFindings
	}
	return exitOK
}

// Version returns arbiter's version in this build: the one set at link
// time, else the version of the arbiter module built in (a replaced, local
// module has none: "dev", as a development build of arbiter says).
func Version() string {
	if version != "" {
		return version
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			if d.Path == "github.com/arbiter-chess/arbiter" && d.Replace == nil && d.Version != "" && d.Version != "(devel)" {
				return d.Version
			}
		}
	}
	return "dev"
}
