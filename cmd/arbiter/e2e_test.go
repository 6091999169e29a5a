package main

// End-to-end tests of the arbiter command as a batch job meets it: a real
// process, its exit code, stdout and stderr, and the output folder it
// leaves, including after signals, a kill, a full disk and a second run at
// the same time.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/parquet/file"

	"github.com/arbiter-chess/arbiter/ingest"
	"github.com/arbiter-chess/arbiter/report"
)

var (
	arbiterBin string // built once by TestMain
	sampleDir  = filepath.Join("..", "..", "testdata", "sample")
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "arbiter-e2e")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	arbiterBin = filepath.Join(dir, "arbiter")
	if out, err := exec.Command("go", "build", "-o", arbiterBin, ".").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "go build: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// result is what one arbiter process did.
type result struct {
	code           int
	stdout, stderr string
}

// arbiter runs the built command to completion.
func arbiter(t *testing.T, args ...string) result {
	t.Helper()
	cmd := exec.Command(arbiterBin, args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatalf("arbiter %v: %v", args, err)
	}
	return result{cmd.ProcessState.ExitCode(), out.String(), errb.String()}
}

// bigPGN writes copies of the sample's Lichess games into one plain PGN
// file (8 MB each), for runs that last long enough to be interrupted.
func bigPGN(t *testing.T, copies int) string {
	t.Helper()
	rc, err := ingest.OpenContent(ingest.Input{Name: filepath.Join(sampleDir, "lichess-3000.pgn.zst")}, ingest.Options{})
	if err != nil {
		t.Fatal(err)
	}
	data, err := io.ReadAll(rc)
	rc.Close()
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "big.pgn")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	for range copies {
		if _, err := f.Write(data); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return p
}

// checkComplete checks the invariant a reader relies on: when out has a
// summary.json, its tables are exactly the parts the summary lists, each a
// complete Parquet file with the rows it says; it returns whether the
// folder holds a complete run. Without summary.json, the folder holds
// nothing that says it is complete, whatever else is there.
func checkComplete(t *testing.T, out string) bool {
	t.Helper()
	s, err := report.ReadSummary(out)
	if errors.Is(err, os.ErrNotExist) {
		return false
	}
	if err != nil {
		t.Fatalf("summary.json unreadable: %v", err)
	}
	var listed, found []string
	for name, ts := range s.Tables {
		listed = append(listed, ts.Parts...)
		var rows int64
		for _, p := range ts.Parts {
			rows += parquetRows(t, filepath.Join(out, p))
		}
		if rows != ts.Rows {
			t.Errorf("table %s: %d rows in its parts, summary says %d", name, rows, ts.Rows)
		}
	}
	for _, dir := range []string{"games", "moves", "findings", "positions", "players", "pairings"} {
		ps, _ := filepath.Glob(filepath.Join(out, dir, "*.parquet"))
		for _, p := range ps {
			r, _ := filepath.Rel(out, p)
			found = append(found, filepath.ToSlash(r))
		}
	}
	slices.Sort(listed)
	slices.Sort(found)
	if !slices.Equal(listed, found) {
		t.Errorf("a glob over the tables finds %v, the summary lists %v", found, listed)
	}
	return true
}

func parquetRows(t *testing.T, path string) int64 {
	t.Helper()
	r, err := file.OpenParquetFile(path, false)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	defer r.Close()
	return r.NumRows()
}

// snapshot is a folder's files and their sizes and modification times.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	m := map[string]string{}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() == ".arbiter.lock" {
			return nil
		}
		fi, _ := d.Info()
		r, _ := filepath.Rel(dir, p)
		m[filepath.ToSlash(r)] = fmt.Sprint(fi.Size(), fi.ModTime().UnixNano())
		return nil
	})
	return m
}

func TestE2ERerunWithFewerTables(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	r := arbiter(t, "audit", "-o", out, "-progress", "never", sampleDir)
	if r.code != 0 || !checkComplete(t, out) {
		t.Fatalf("first run: exit %d\n%s", r.code, r.stderr)
	}
	for _, table := range []string{"games", "moves", "findings", "positions"} {
		if ps, _ := filepath.Glob(filepath.Join(out, table, "*.parquet")); len(ps) == 0 {
			t.Fatalf("no %s table", table)
		}
	}
	// The flags after the input, as people type them.
	r = arbiter(t, "audit", filepath.Join(sampleDir, "twic-extended.pgn.zst"), "-o", out, "-tables", "games", "-progress", "never")
	if r.code != 0 || !checkComplete(t, out) {
		t.Fatalf("second run: exit %d\n%s", r.code, r.stderr)
	}
	ents, _ := os.ReadDir(out)
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	if want := []string{".arbiter.lock", "_manifest", "games", "report.html", "summary.json"}; !slices.Equal(names, want) {
		t.Errorf("after a run with -tables games the folder holds %v, want %v", names, want)
	}
	s, _ := report.ReadSummary(out)
	if s.Games != 300 || len(s.Inputs) != 1 {
		t.Errorf("second summary: %d games from %d inputs, want 300 from 1", s.Games, len(s.Inputs))
	}
}

func TestE2EForeignFiles(t *testing.T) {
	out := t.TempDir()
	mine := filepath.Join(out, "moves", "mine.parquet")
	os.MkdirAll(filepath.Dir(mine), 0o755)
	os.WriteFile(mine, []byte("not arbiter's"), 0o644)
	before := snapshot(t, out)
	r := arbiter(t, "audit", "-o", out, "-progress", "never", sampleDir)
	if r.code != 2 || !strings.Contains(r.stderr, "moves/mine.parquet") || !strings.Contains(r.stderr, "-force") {
		t.Fatalf("exit %d, stderr %q: want 2 naming the file and -force", r.code, r.stderr)
	}
	if after := snapshot(t, out); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Errorf("a refused run changed the folder: %v", after)
	}
	r = arbiter(t, "audit", "-o", out, "-progress", "never", "-force", sampleDir)
	if r.code != 0 {
		t.Fatalf("-force: exit %d\n%s", r.code, r.stderr)
	}
	if b, _ := os.ReadFile(mine); string(b) != "not arbiter's" {
		t.Errorf("-force touched the user's file: %q", b)
	}
	if ps, _ := filepath.Glob(filepath.Join(out, "moves", "part-*.parquet")); len(ps) == 0 {
		t.Error("-force: no moves parts beside the user's file")
	}
	// A summary.json that is not arbiter's stands where arbiter writes its
	// own: refused even with -force.
	other := t.TempDir()
	os.WriteFile(filepath.Join(other, "summary.json"), []byte(`{"mine": true}`), 0o644)
	if r := arbiter(t, "audit", "-o", other, "-force", "-progress", "never", sampleDir); r.code != 2 || !strings.Contains(r.stderr, "summary.json") {
		t.Errorf("a foreign summary.json: exit %d, %q", r.code, r.stderr)
	}
}

func TestE2EConcurrentRuns(t *testing.T) {
	big := bigPGN(t, 6)
	out := filepath.Join(t.TempDir(), "out")
	first := exec.Command(arbiterBin, "audit", "-o", out, "-progress", "never", "-jobs", "1", big)
	var firstErr bytes.Buffer
	first.Stderr = &firstErr
	if err := first.Start(); err != nil {
		t.Fatal(err)
	}
	waitFor(t, filepath.Join(out, ".arbiter-run-*"))
	r := arbiter(t, "audit", "-o", out, "-progress", "never", filepath.Join(sampleDir, "twic-extended.pgn.zst"))
	if r.code != 2 || !strings.Contains(r.stderr, "another arbiter run") {
		t.Errorf("second run: exit %d, %q: want 2, another run", r.code, r.stderr)
	}
	if err := first.Wait(); err != nil {
		t.Fatalf("first run: %v\n%s", err, firstErr.String())
	}
	if !checkComplete(t, out) {
		t.Fatal("no summary after the first run")
	}
	if s, _ := report.ReadSummary(out); s.Games != 6*3000 {
		t.Errorf("the first run's summary has %d games, want %d", s.Games, 6*3000)
	}
}

// waitFor waits until a glob matches (a run's staging folder exists).
func waitFor(t *testing.T, pattern string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if m, _ := filepath.Glob(pattern); len(m) > 0 {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("%s never appeared", pattern)
}

func TestE2ESignals(t *testing.T) {
	big := bigPGN(t, 6)
	for _, tc := range []struct {
		sig  syscall.Signal
		code int
	}{{syscall.SIGINT, 130}, {syscall.SIGTERM, 143}} {
		t.Run(tc.sig.String(), func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			if r := arbiter(t, "audit", "-o", out, "-progress", "never", sampleDir); r.code != 0 {
				t.Fatalf("first run: %d %s", r.code, r.stderr)
			}
			before := snapshot(t, out)
			cmd := exec.Command(arbiterBin, "audit", "-o", out, "-progress", "never", "-jobs", "1", big)
			var errb bytes.Buffer
			cmd.Stderr = &errb
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			waitFor(t, filepath.Join(out, ".arbiter-run-*", "games"))
			time.Sleep(200 * time.Millisecond)
			cmd.Process.Signal(tc.sig)
			cmd.Wait()
			if got := cmd.ProcessState.ExitCode(); got != tc.code {
				t.Errorf("exit %d, want %d\n%s", got, tc.code, errb.String())
			}
			if left, _ := filepath.Glob(filepath.Join(out, ".arbiter-*")); len(left) > 0 {
				t.Errorf("the interrupted run left %v", left)
			}
			if after := snapshot(t, out); fmt.Sprint(after) != fmt.Sprint(before) {
				t.Errorf("the interrupted run changed the earlier run's files")
			}
			checkComplete(t, out)
		})
	}
}

// Killed at random points (SIGKILL: nothing cleans up), a run leaves the
// folder with the earlier complete run or with nothing that says it is
// complete; the next run cleans up and completes.
func TestE2EKilledAtRandom(t *testing.T) {
	if testing.Short() {
		t.Skip("runs arbiter many times")
	}
	big := bigPGN(t, 3)
	out := filepath.Join(t.TempDir(), "out")
	if r := arbiter(t, "audit", "-o", out, "-progress", "never", sampleDir); r.code != 0 {
		t.Fatalf("first run: %d %s", r.code, r.stderr)
	}
	start := time.Now()
	if r := arbiter(t, "audit", "-o", out, "-progress", "never", big); r.code != 0 {
		t.Fatalf("timing run: %d %s", r.code, r.stderr)
	}
	full := time.Since(start)
	rng := rand.New(rand.NewPCG(1, 2))
	complete := 0
	for i := range 8 {
		in := big
		if i%2 == 1 {
			in = sampleDir // runs alternate between two inputs
		}
		cmd := exec.Command(arbiterBin, "audit", "-o", out, "-progress", "never", in)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(rng.Int64N(int64(full))))
		cmd.Process.Kill()
		cmd.Wait()
		if checkComplete(t, out) {
			complete++
		}
	}
	t.Logf("%d of 8 kills left a complete run (the earlier one or the killed one, finished)", complete)
	if r := arbiter(t, "audit", "-o", out, "-progress", "never", sampleDir); r.code != 0 || !checkComplete(t, out) {
		t.Fatalf("the run after the kills: %d %s", r.code, r.stderr)
	}
	if left, _ := filepath.Glob(filepath.Join(out, ".arbiter-*")); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
}

// A disk that fills up: exit 3 with the folder and the free space named,
// no temporary file left, the earlier run untouched.
func TestE2EFullDisk(t *testing.T) {
	if runtime.GOOS != "linux" || os.Geteuid() != 0 {
		t.Skip("mounting a small tmpfs needs Linux and root")
	}
	mnt := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", mnt).CombinedOutput(); err != nil {
		t.Skipf("mount not allowed here: %v %s", err, out)
	}
	defer exec.Command("umount", mnt).Run()
	out := filepath.Join(mnt, "out")
	if r := arbiter(t, "audit", "-o", out, "-progress", "never", "-tables", "games", filepath.Join(sampleDir, "twic-extended.pgn.zst")); r.code != 0 {
		t.Fatalf("small first run: %d %s", r.code, r.stderr)
	}
	before := snapshot(t, out)
	r := arbiter(t, "audit", "-o", out, "-progress", "never", sampleDir)
	if r.code != 3 || !strings.Contains(r.stderr, "no space left in the output folder") || !strings.Contains(r.stderr, " free") || !strings.Contains(r.stderr, out) {
		t.Errorf("exit %d, stderr %q: want 3 naming the folder and the free space", r.code, r.stderr)
	}
	if strings.Contains(r.stderr, "panic") {
		t.Errorf("panic:\n%s", r.stderr)
	}
	if left, _ := filepath.Glob(filepath.Join(out, ".arbiter-*")); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
	if after := snapshot(t, out); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Errorf("the failed run changed the earlier run's files")
	}
	checkComplete(t, out)
}

func TestE2EOutputStreams(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	// The summary for people goes to stdout, the log lines to stderr.
	r := arbiter(t, "audit", "-o", out, "-progress", "never", sampleDir)
	if r.code != 0 || !strings.Contains(r.stdout, "findings:") || strings.Contains(r.stderr, "findings:") {
		t.Fatalf("exit %d; stdout %q; stderr %q", r.code, r.stdout, r.stderr)
	}
	for _, want := range []string{"msg=start", "version=", "inputs=3", "jobs=", "msg=done", "exit_code=0", "games=3300"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks %q: %s", want, r.stderr)
		}
	}
	// -summary json: summary.json's content on stdout; -log json: JSON lines.
	r = arbiter(t, "audit", "-o", out, "-progress", "never", "-summary", "json", "-log", "json", sampleDir)
	var s report.Summary
	if err := json.Unmarshal([]byte(r.stdout), &s); err != nil || s.Games != 3300 || s.Tool != "arbiter" {
		t.Fatalf("-summary json: %v, %+v", err, s.Games)
	}
	fileSum, _ := report.ReadSummary(out)
	if fileSum.Games != s.Games || fileSum.Findings != s.Findings || !fileSum.StartedAt.Equal(s.StartedAt) {
		t.Error("-summary json differs from summary.json")
	}
	for _, line := range strings.Split(strings.TrimSpace(r.stderr), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Errorf("-log json: a line that is not JSON: %q", line)
		}
	}
	if !strings.Contains(r.stderr, `"msg":"done"`) || !strings.Contains(r.stderr, `"exit_code":0`) {
		t.Errorf("-log json: no done line: %s", r.stderr)
	}
	if jq, err := exec.LookPath("jq"); err == nil {
		cmd := exec.Command("sh", "-c", arbiterBin+` audit -o "$1" -progress never -summary json "$2" | `+jq+` -r .games`, "sh", out, sampleDir)
		got, err := cmd.Output()
		if err != nil || strings.TrimSpace(string(got)) != "3300" {
			t.Errorf("arbiter ... -summary json | jq -r .games: %q, %v", got, err)
		}
	}
	// -quiet: nothing but problems.
	r = arbiter(t, "audit", "-o", out, "-quiet", sampleDir)
	if r.code != 0 || r.stdout != "" || r.stderr != "" {
		t.Errorf("-quiet: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	// With -tables games the query printed reads the games table.
	r = arbiter(t, "audit", "-o", out, "-progress", "never", "-tables", "games", sampleDir)
	if !strings.Contains(r.stdout, "games/*.parquet") || strings.Contains(r.stdout, "findings/*.parquet") {
		t.Errorf("-tables games: the summary points at tables not written:\n%s", r.stdout)
	}
}

func TestE2EExitCodes(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	for _, tc := range []struct {
		name string
		args []string
		code int
		text string // in stderr
	}{
		{"done", []string{sampleDir}, 0, ""},
		{"findings reach -fail-on", []string{"-fail-on", "error", sampleDir}, 1, ""},
		{"a missing input", []string{sampleDir, "nonexistent.pgn"}, 2, "nonexistent.pgn"},
		{"a glob that matches nothing", []string{filepath.Join(sampleDir, "*.nothing")}, 2, "matches no file"},
		{"an unknown flag", []string{"-nonsense", sampleDir}, 2, "nonsense"},
		{"a bad flag value", []string{"-summary", "xml", sampleDir}, 2, "-summary"},
		{"no input", nil, 2, "no input"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := arbiter(t, append([]string{"audit", "-o", out, "-progress", "never"}, tc.args...)...)
			if r.code != tc.code || !strings.Contains(r.stderr, tc.text) {
				t.Errorf("exit %d, want %d; stderr %q, want %q in it", r.code, tc.code, r.stderr, tc.text)
			}
		})
	}
	if r := arbiter(t, "audit", "--version"); r.code != 0 || !strings.HasPrefix(r.stdout, "arbiter ") {
		t.Errorf("audit --version: %d %q", r.code, r.stdout)
	}
	// -- ends the flags: a file named like a flag is an input.
	dir := t.TempDir()
	odd := filepath.Join(dir, "-odd.pgn")
	os.WriteFile(odd, []byte("[Event \"x\"]\n[Result \"*\"]\n\n1. e4 *\n"), 0o644)
	cmd := exec.Command(arbiterBin, "audit", "-o", filepath.Join(dir, "out"), "-progress", "never", "--", "-odd.pgn")
	cmd.Dir = dir
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("-- then a file named -odd.pgn: %v\n%s", err, b)
	}
}

func TestHelpListsEveryFlag(t *testing.T) {
	r := arbiter(t, "-h")
	for _, want := range []string{"arbiter audit", "-tables", "-force", "-summary", "arbiter perft", "-960", "-divide", "Exit codes", "130"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("arbiter -h lacks %q", want)
		}
	}
}
