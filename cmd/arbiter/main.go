// Command arbiter audits chess games in bulk against the FIDE Laws of Chess
// 2023 and writes Parquet tables and a summary.
//
//	arbiter audit [flags] INPUT...      audit PGN / FEN / EPD inputs and TRF tournament reports
//	arbiter perft [-divide] [-960] FEN DEPTH   count leaf nodes of the move tree
//	arbiter version                     print the version
//
// The logic lives in the packages; this file only dispatches.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"
)

// version is set at link time (-ldflags "-X main.version=v1.2.3"); otherwise
// it comes from the module's build information.
var version = ""

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `Arbiter audits chess games against the FIDE Laws of Chess 2023.

Usage:
  arbiter audit [flags] INPUT...              audit PGN, FEN or EPD inputs and FIDE TRF files
                                              (files, directories, globs, - for stdin)
  arbiter plan [-block-size SIZE] INPUT...    cut the inputs into work units for other machines (JSON on stdout)
  arbiter run-block -plan plan.json -index K -o DIR   audit one unit of a plan
  arbiter commit -plan plan.json -o DIR       publish a plan's units as one run
  arbiter perft [-divide] [-960] FEN DEPTH    count the leaf nodes of the legal move tree
  arbiter version                             print the version (also arbiter audit --version)
  arbiter help                                print this help
`

// help writes the usage and every subcommand's flags.
func help(w io.Writer) {
	fmt.Fprint(w, usage)
	fmt.Fprintf(w, "\nFlags of arbiter audit (before, between or after the inputs; -- ends them):\n%s", flagHelp(newAuditFlags(w).fs))
	fmt.Fprintf(w, "\n%s", auditExitCodes)
	fmt.Fprintf(w, "\nFlags of arbiter plan:\n%s", flagHelp(newPlanFlags(w).fs))
	rb, _, _, _, _ := newRunBlockFlags(w)
	fmt.Fprintf(w, "\nFlags of arbiter run-block:\n%s", flagHelp(rb))
	cm, _, _, _, _ := newCommitFlags(w)
	fmt.Fprintf(w, "\nFlags of arbiter commit:\n%s", flagHelp(cm))
	fs, _, _ := newPerftFlags(w)
	fmt.Fprintf(w, "\nFlags of arbiter perft:\n%s", flagHelp(fs))
}

// run executes one command and returns the process exit code (see
// auditExitCodes; the other commands exit 0 or 2).
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		help(stderr)
		return 2
	}
	switch args[0] {
	case "audit":
		return runAudit(args[1:], stdout, stderr)
	case "perft":
		return runPerft(args[1:], stdout, stderr)
	case "plan":
		return runPlan(args[1:], stdout, stderr)
	case "run-block":
		return runRunBlock(args[1:], stdout, stderr)
	case "commit":
		return runCommit(args[1:], stdout, stderr)
	case "version", "-version", "--version":
		fmt.Fprintln(stdout, "arbiter", Version())
		return 0
	case "help", "-h", "-help", "--help":
		help(stdout)
		return 0
	default:
		fmt.Fprintf(stderr, "arbiter: unknown command %q\n\n%s", args[0], usage)
		return 2
	}
}

// Version returns the version of this build.
func Version() string {
	if version != "" {
		return version
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "dev"
}
