package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func runCmd(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestPerftCommand(t *testing.T) {
	tests := []struct {
		args []string
		last string
	}{
		{[]string{"perft", "startpos", "3"}, "8902"},
		{[]string{"perft", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "3"}, "97862"},
		{[]string{"perft", "-divide", "startpos", "2"}, "400"},
		// Chess960 position 0 of Ethereal's fischer.epd (Shredder-FEN castling).
		{[]string{"perft", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR", "w", "HFhf", "-", "2", "9", "3"}, "12189"},
	}
	for _, tc := range tests {
		code, out, errs := runCmd(tc.args...)
		lines := strings.Fields(out)
		if code != 0 || len(lines) == 0 || lines[len(lines)-1] != tc.last {
			t.Errorf("%v: exit %d, output %q (stderr %q), want last %s", tc.args, code, out, errs, tc.last)
		}
	}
	code, out, _ := runCmd("perft", "-divide", "startpos", "1")
	if code != 0 || !strings.Contains(out, "e2e4: 1") {
		t.Errorf("divide output %q", out)
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		nil,
		{"frobnicate"},
		{"perft", "startpos"},
		{"perft", "not a fen", "2"},
		{"audit"},
		{"audit", "-tables", "games,nonsense", "x.pgn"},
		{"audit", "-progress", "sometimes", "x.pgn"},
		{"audit", "-fail-on", "maybe", "x.pgn"},
		{"audit", "-dup-mem", "lots", "x.pgn"},
		{"audit", "-dup-mem", "0", "x.pgn"},
		{"audit", "-dup-min-plies", "-3", "x.pgn"},
	} {
		if code, _, _ := runCmd(args...); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
	if code, out, _ := runCmd("version"); code != 0 || !strings.HasPrefix(out, "arbiter ") {
		t.Errorf("version: %d %q", code, out)
	}
}

// The README's first command: audit the bundled sample.
func TestAuditSample(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, errs := runCmd("audit", "-o", out, "-progress", "never", "-jobs", "2", filepath.Join("..", "..", "testdata", "sample"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"games", "findings:", "tables:", "duckdb -c"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("summary lacks %q:\n%s", want, stdout)
		}
	}
	for _, table := range []string{"games", "moves", "findings", "positions"} {
		if parts, _ := filepath.Glob(filepath.Join(out, table, "*.parquet")); len(parts) == 0 {
			t.Errorf("no %s table", table)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "summary.json")); err != nil {
		t.Error(err)
	}
	// -fail-on error: the sample has errors (moves after the end of a game).
	code, _, _ = runCmd("audit", "-o", out, "-progress", "never", "-fail-on", "error", "-tables", "games,findings", filepath.Join("..", "..", "testdata", "sample"))
	if code != 1 {
		t.Errorf("-fail-on error: exit %d, want 1", code)
	}
}

// -cpuprofile and -trace write their files; -jobs 1 runs on one core and
// gives the others back when done.
func TestAuditProfiles(t *testing.T) {
	dir := t.TempDir()
	prof, tr := filepath.Join(dir, "cpu.prof"), filepath.Join(dir, "run.trace")
	procs := runtime.GOMAXPROCS(0)
	code, _, errs := runCmd("audit", "-o", filepath.Join(dir, "out"), "-progress", "never", "-jobs", "1", "-tables", "games,findings",
		"-cpuprofile", prof, "-trace", tr, filepath.Join("..", "..", "testdata", "sample", "lichess-3000.pgn.zst"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, f := range []string{prof, tr} {
		if st, err := os.Stat(f); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v, %v", f, st, err)
		}
	}
	if got := runtime.GOMAXPROCS(0); got != procs {
		t.Errorf("GOMAXPROCS %d after the run, was %d", got, procs)
	}
}

// A tournament upload: the TRF and the PGN of the bundled example event.
func TestAuditEvent(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "event")
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, errs := runCmd("audit", "-o", out, "-progress", "never", filepath.Join(dir, "event.trf"), filepath.Join(dir, "event.pgn"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"Crosstable with the results the Laws give", "round 4, 2-3: 1-0 -> 1/2-1/2 (P4)", "trf_result_by_rules", "players"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("summary lacks %q:\n%s", want, stdout)
		}
	}
	for _, table := range []string{"games", "findings", "players", "pairings"} {
		if parts, _ := filepath.Glob(filepath.Join(out, table, "*.parquet")); len(parts) == 0 {
			t.Errorf("no %s table", table)
		}
	}
	// Only the tables asked for; the P4 error reaches -fail-on.
	out2 := filepath.Join(t.TempDir(), "out")
	code, _, errs = runCmd("audit", "-o", out2, "-progress", "never", "-tables", "players,pairings", "-fail-on", "error", filepath.Join(dir, "event.trf"), filepath.Join(dir, "event.pgn"))
	if code != 1 {
		t.Errorf("-fail-on error: exit %d, want 1: %s", code, errs)
	}
	for table, want := range map[string]bool{"games": false, "findings": false, "players": true, "pairings": true} {
		if parts, _ := filepath.Glob(filepath.Join(out2, table, "*.parquet")); (len(parts) > 0) != want {
			t.Errorf("-tables players,pairings: %s table written: %v", table, len(parts) > 0)
		}
	}
}

// The duplicate flags reach the run: the same sample twice gives a
// duplicate_game finding per game of the second copy, none with -dup=false.
func TestAuditDuplicateFlags(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join("..", "..", "testdata", "duplicates", "event-b.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"a.pgn", "b.pgn"} {
		if err := os.WriteFile(filepath.Join(dir, n), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		flags []string
		want  string
	}{
		{nil, "duplicate_game"},
		{[]string{"-dup-mem", "1KiB", "-dup-min-plies", "4"}, "duplicate_game"},
		{[]string{"-dup=false"}, ""},
	} {
		args := append([]string{"audit", "-progress", "never", "-o", filepath.Join(dir, "out")}, c.flags...)
		code, stdout, errOut := runCmd(append(args, dir)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.flags, code, errOut)
		}
		if got := strings.Contains(stdout, "duplicate_game"); got != (c.want != "") {
			t.Errorf("%v: duplicate_game in the summary: %v\n%s", c.flags, got, stdout)
		}
	}
}
