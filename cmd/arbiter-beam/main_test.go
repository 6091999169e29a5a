package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/rtrackers/offsetrange"
	"github.com/klauspost/compress/zstd"

	"github.com/arbiter-chess/arbiter/audit"
	"github.com/arbiter-chess/arbiter/ingest"
	"github.com/arbiter-chess/arbiter/report"
)

var (
	sample = filepath.Join("..", "..", "testdata", "sample")
	event  = filepath.Join("..", "..", "testdata", "event")
	shared = filepath.Join("..", "..", "..", "shared", "corpus")
)

// TestMain lets the tests run this command as a process of its own: the
// test binary, started again with ARBITER_BEAM_MAIN=1, is arbiter-beam.
func TestMain(m *testing.M) {
	if os.Getenv("ARBITER_BEAM_MAIN") == "1" {
		main()
		return
	}
	os.Exit(m.Run())
}

// beamRun runs arbiter-beam with args (and extra environment) and returns
// its exit code and output.
func beamRun(t *testing.T, env []string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(append(os.Environ(), "ARBITER_BEAM_MAIN=1"), env...)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), o.String(), e.String()
	}
	if err != nil {
		t.Fatal(err)
	}
	return 0, o.String(), e.String()
}

// mustBeam runs arbiter-beam and fails the test unless it exits 0.
func mustBeam(t *testing.T, env []string, args ...string) string {
	t.Helper()
	code, stdout, stderr := beamRun(t, env, args...)
	if code != 0 {
		t.Fatalf("arbiter-beam %s: exit %d\n%s\n%s", strings.Join(args, " "), code, stdout, stderr)
	}
	return stderr
}

// counters reads the launcher's line of unit counters.
func counters(t *testing.T, stderr string) (audited, reused int) {
	t.Helper()
	m := regexp.MustCompile(`units audited: (\d+), units finished by an earlier attempt: (\d+)`).FindStringSubmatch(stderr)
	if m == nil {
		t.Fatalf("no counters in:\n%s", stderr)
	}
	a, _ := strconv.Atoi(m[1])
	r, _ := strconv.Atoi(m[2])
	return a, r
}

// local runs arbiter audit (the library behind it) on one machine.
func local(t *testing.T, inputs []string, out string, incremental bool) *audit.Result {
	t.Helper()
	res, err := audit.Run(context.Background(), audit.Config{Inputs: inputs, OutDir: out, Version: Version(),
		Progress: "never", Incremental: incremental, Stderr: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// decompressed returns the text of a sample file.
func decompressed(t *testing.T, name string) []byte {
	t.Helper()
	rc, err := ingest.OpenContent(ingest.Input{Name: filepath.Join(sample, name)}, ingest.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	b, err := io.ReadAll(rc)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// multiFrame compresses text as pzstd does: independent zstd frames of
// about step bytes of text, each behind a 12-byte skippable frame that
// holds its size.
func multiFrame(t *testing.T, text []byte, step int) []byte {
	t.Helper()
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedFastest))
	if err != nil {
		t.Fatal(err)
	}
	var out []byte
	for off := 0; off < len(text); off += step {
		z := enc.EncodeAll(text[off:min(off+step, len(text))], nil)
		var h [12]byte
		binary.LittleEndian.PutUint32(h[0:], 0x184D2A50)
		binary.LittleEndian.PutUint32(h[4:], 4)
		binary.LittleEndian.PutUint32(h[8:], uint32(len(z)))
		out = append(append(out, h[:]...), z...)
	}
	return out
}

// inputs writes the split inputs into dir and returns them with the
// sample's and the tournament's: plain PGN (with an Event tag inside a
// comment and CRLF line ends) cut into several units, the same text as a
// multi-frame zstd file, single-frame zstd, FEN positions, and a TRF with
// its games.
func inputs(t *testing.T, dir string, size int) []string {
	t.Helper()
	lichess := decompressed(t, "lichess-3000.pgn.zst")
	if size < len(lichess) {
		lichess = lichess[:size+bytes.Index(lichess[size:], []byte("\n\n[Event "))+2]
	}
	edge := "[Event \"comment\"]\n[Result \"*\"]\n\n1. e4 {a comment\n\n[Event \"in a comment\"]\n} e5 *\n\n" +
		"[Event \"crlf\"]\r\n[Result \"*\"]\r\n\r\n1. d4 d5 *\r\n\r\n"
	text := append([]byte(edge), lichess...)
	plain, framed := filepath.Join(dir, "a-plain.pgn"), filepath.Join(dir, "b-pzstd.pgn.zst")
	if err := os.WriteFile(plain, text, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(framed, multiFrame(t, text, 200_000), 0o644); err != nil {
		t.Fatal(err)
	}
	return []string{plain, framed, filepath.Join(sample, "twic-extended.pgn.zst"), filepath.Join(sample, "positions.fen"), event}
}

var tables = []string{"games", "moves", "findings", "positions", "players", "pairings"}

// sameRows compares two output folders table by table, row by row, and
// their summaries' counts.
func sameRows(t *testing.T, a, b string) {
	t.Helper()
	for _, table := range tables {
		x, y := tableRows(t, a, table), tableRows(t, b, table)
		if len(x) != len(y) {
			t.Fatalf("table %s: %d rows in %s, %d in %s", table, len(x), a, len(y), b)
		}
		for i := range x {
			if x[i] != y[i] {
				t.Fatalf("table %s row %d differs:\n%s\n%s", table, i, x[i], y[i])
			}
		}
	}
	sa, sb := summary(t, a), summary(t, b)
	if sa.Games != sb.Games || sa.Plies != sb.Plies || sa.Positions != sb.Positions || sa.Findings != sb.Findings ||
		fmt.Sprint(sa.FindingsByKind) != fmt.Sprint(sb.FindingsByKind) || fmt.Sprint(sa.Kinds) != fmt.Sprint(sb.Kinds) ||
		fmt.Sprint(sa.GamesEndedBy) != fmt.Sprint(sb.GamesEndedBy) || sa.FailedInputs != sb.FailedInputs ||
		fmt.Sprint(sa.Events) != fmt.Sprint(sb.Events) {
		t.Fatalf("summaries differ:\n%+v\n%+v", sa, sb)
	}
}

func summary(t *testing.T, dir string) *report.Summary {
	t.Helper()
	s, err := report.ReadSummary(dir)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// tableRows reads a table's parts in name order as one string per row.
func tableRows(t *testing.T, dir, table string) []string {
	t.Helper()
	parts, _ := filepath.Glob(filepath.Join(dir, table, "*.parquet"))
	var out []string
	for _, p := range parts {
		rdr, err := file.OpenParquetFile(p, false)
		if err != nil {
			t.Fatal(err)
		}
		fr, err := pqarrow.NewFileReader(rdr, pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
		if err != nil {
			t.Fatal(err)
		}
		tbl, err := fr.ReadTable(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		tr := array.NewTableReader(tbl, tbl.NumRows()+1)
		for tr.Next() {
			rec := tr.RecordBatch()
			for i := 0; i < int(rec.NumRows()); i++ {
				var b strings.Builder
				for c := 0; c < int(rec.NumCols()); c++ {
					b.WriteString(rec.ColumnName(c) + "=" + cellString(rec.Column(c), i) + "|")
				}
				out = append(out, b.String())
			}
		}
		tr.Release()
		tbl.Release()
		rdr.Close()
	}
	return out
}

func cellString(a arrow.Array, i int) string {
	if d, ok := a.(*array.Dictionary); ok {
		if d.IsNull(i) {
			return "(null)"
		}
		return d.Dictionary().ValueStr(d.GetValueIndex(i))
	}
	return a.ValueStr(i)
}

// files lists a folder's files with their sizes and contents' hash
// (summary.json and report.html say when the run ran and where).
func files(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() == ".arbiter.lock" || d.Name() == "summary.json" || d.Name() == "report.html" {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		r, _ := filepath.Rel(dir, p)
		if strings.HasPrefix(r, "_manifest") {
			b = bytes.ReplaceAll(b, []byte(dir), []byte("DIR")) // the folder's own path
		}
		out = append(out, fmt.Sprintf("%s %d %x", r, len(b), sha256.Sum256(b)))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// arbiter-beam on prism gives arbiter audit's rows, ids and counts, and
// writes the same files when run again.
func TestPrismSameRowsAsAudit(t *testing.T) {
	in := inputs(t, t.TempDir(), 2_000_000)
	// Odd PGN from the shared corpus, when it is there (a file is a unit
	// or more each: the whole edge corpus would only add units).
	for _, d := range []string{"extended", "pgn-parser", "python-chess", "scalachess"} {
		if _, err := os.Stat(filepath.Join(shared, "edge", d)); err == nil {
			in = append(in, filepath.Join(shared, "edge", d))
		}
	}
	whole := filepath.Join(t.TempDir(), "whole")
	local(t, in, whole, false)

	out := filepath.Join(t.TempDir(), "beam")
	stderr := mustBeam(t, nil, append([]string{"--runner=prism", "-o", out, "-block-size", "256KB"}, in...)...)
	if audited, reused := counters(t, stderr); audited < 12 || reused != 0 {
		t.Errorf("%d units audited, %d reused: want the inputs cut into a dozen units or more", audited, reused)
	}
	sameRows(t, whole, out)
	if left, _ := filepath.Glob(filepath.Join(out, ".arbiter-plan-*")); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}

	// Idempotent: again into another folder and into the same one, the
	// same files and bytes.
	again := filepath.Join(t.TempDir(), "again")
	mustBeam(t, nil, append([]string{"-o", again, "-block-size", "256KB"}, in...)...)
	first := files(t, out)
	if fa := files(t, again); !slices.Equal(first, fa) {
		t.Fatalf("two runs differ:\n%v\n%v", first, fa)
	}
	mustBeam(t, nil, append([]string{"-o", out, "-block-size", "256KB"}, in...)...)
	if fo := files(t, out); !slices.Equal(first, fo) {
		t.Fatalf("a rerun into the same folder changed it:\n%v\n%v", first, fo)
	}
}

// The same pipeline submitted to a prism job server of its own (the path
// that Flink's and Spark's job servers take) gives the same rows.
func TestJobServer(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build the prism job server with")
	}
	prism := filepath.Join(t.TempDir(), "prism")
	build := exec.Command(gobin, "build", "-o", prism, "github.com/apache/beam/sdks/v2/go/cmd/prism")
	if b, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build prism: %v\n%s", err, b)
	}
	port := freePort(t)
	server := exec.Command(prism, "--job_port="+strconv.Itoa(port), "--serve_http=false", "--log_level=warn")
	var serverLog bytes.Buffer
	server.Stdout, server.Stderr = &serverLog, &serverLog
	if err := server.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		server.Process.Kill()
		server.Wait()
	}()
	endpoint := "localhost:" + strconv.Itoa(port)
	waitFor(t, endpoint)

	in := inputs(t, t.TempDir(), 600_000)
	whole := filepath.Join(t.TempDir(), "whole")
	local(t, in, whole, false)
	out := filepath.Join(t.TempDir(), "beam")
	stderr := mustBeam(t, nil, append([]string{"--runner=universal", "--endpoint=" + endpoint, "--environment_type=LOOPBACK",
		"-o", out, "-block-size", "128KB"}, in...)...)
	if !strings.Contains(stderr, "Submitted job") || strings.Contains(stderr, "Serving JobManagement") {
		t.Errorf("the job was not submitted to %s (or ran on a job server of its own):\n%s", endpoint, stderr)
	}
	sameRows(t, whole, out)
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "localhost:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func waitFor(t *testing.T, addr string) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return
		}
	}
	t.Fatalf("nothing listens on %s", addr)
}

// A unit that fails fails the job (prism does not retry): nothing is
// published and the commit never ran; the same command again audits only
// the units that had not finished and gives a clean run's files.
func TestFailedUnitRerun(t *testing.T) {
	in := inputs(t, t.TempDir(), 600_000)[:2]
	clean := filepath.Join(t.TempDir(), "clean")
	stderr := mustBeam(t, nil, append([]string{"-o", clean, "-block-size", "128KB"}, in...)...)
	units, _ := counters(t, stderr)

	out := filepath.Join(t.TempDir(), "out")
	failing := "00000-0000000000000" // the first unit of the first source
	code, _, stderr := beamRun(t, []string{"ARBITER_FAIL_UNIT=" + failing}, append([]string{"-o", out, "-block-size", "128KB"}, in...)...)
	if code != exitFailed || !strings.Contains(stderr, failing) || !strings.Contains(stderr, "ARBITER_FAIL_UNIT") {
		t.Fatalf("a failed unit: exit %d\n%s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(out, "summary.json")); err == nil {
		t.Fatal("a failed job published its output")
	}
	left, _ := filepath.Glob(filepath.Join(out, ".arbiter-plan-*", "units", "*.json"))
	if len(left) >= units {
		t.Fatalf("%d units finished of %d, though one failed", len(left), units)
	}

	stderr = mustBeam(t, nil, append([]string{"-o", out, "-block-size", "128KB"}, in...)...)
	audited, reused := counters(t, stderr)
	if reused != len(left) || audited+reused != units {
		t.Errorf("rerun: %d units audited and %d reused; %d had finished, the plan has %d", audited, reused, len(left), units)
	}
	if fc, fo := files(t, clean), files(t, out); !slices.Equal(fc, fo) {
		t.Fatalf("a rerun after a failure gives other files:\n%v\n%v", fc, fo)
	}
}

// -incremental reads only the new input and publishes the union: the
// tables equal a full run's. With nothing new, the job still commits.
func TestIncremental(t *testing.T) {
	dir := t.TempDir()
	lichess := decompressed(t, "lichess-3000.pgn.zst")
	half := bytes.Index(lichess[len(lichess)/2:], []byte("\n\n[Event ")) + len(lichess)/2 + 2
	one, two := filepath.Join(dir, "1.pgn"), filepath.Join(dir, "2.pgn")
	if err := os.WriteFile(one, lichess[:half], 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(two, lichess[half:], 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out")
	mustBeam(t, nil, "-incremental", "-block-size", "1MB", "-o", out, dir)

	// A third file arrives: only it is read.
	three := filepath.Join(dir, "3.pgn.zst")
	data, err := os.ReadFile(filepath.Join(sample, "twic-extended.pgn.zst"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(three, data, 0o644); err != nil {
		t.Fatal(err)
	}
	stderr := mustBeam(t, nil, "-incremental", "-block-size", "1MB", "-o", out, dir)
	if audited, reused := counters(t, stderr); audited != 1 || reused != 0 {
		t.Errorf("%d units audited, %d reused: want the new file's one unit", audited, reused)
	}
	s := summary(t, out)
	if len(s.Inputs) != 1 || s.Inputs[0].Path != three || len(s.UnchangedInputs) != 2 {
		t.Fatalf("inputs read %+v, unchanged %+v", s.Inputs, s.UnchangedInputs)
	}
	full := filepath.Join(t.TempDir(), "full")
	local(t, []string{dir}, full, false)
	sameRows(t, full, out)

	// Nothing new: no unit, and the job still publishes the union.
	stderr = mustBeam(t, nil, "-incremental", "-block-size", "1MB", "-o", out, dir)
	if !strings.Contains(stderr, "committed 0 units") {
		t.Errorf("no commit of an empty plan:\n%s", stderr)
	}
	if s := summary(t, out); len(s.Inputs) != 0 || len(s.UnchangedInputs) != 3 {
		t.Fatalf("nothing new: inputs read %+v, unchanged %+v", s.Inputs, s.UnchangedInputs)
	}
	sameRows(t, full, out)
}

// Usage errors exit 2 before any job starts; -h documents every flag.
func TestUsage(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	for _, args := range [][]string{
		{"-o", out},
		{"-o", out, "-block-size", "lots", sample},
		{"-o", out, "-tables", "games,nope", sample},
		{"-o", out, "-fail-on", "sometimes", sample},
		{"-o", out, "-no-such-flag", sample},
		{"-o", out, filepath.Join(sample, "missing.pgn")},
	} {
		if code, _, stderr := beamRun(t, nil, args...); code != exitUsage || strings.Contains(stderr, "Submitted job") {
			t.Errorf("%v: exit %d\n%s", args, code, stderr)
		}
	}
	code, stdout, _ := beamRun(t, nil, "-h")
	if code != exitOK {
		t.Fatalf("-h: exit %d", code)
	}
	for _, want := range []string{"-o directory", "-block-size size", "-incremental", "-jobs", "-runner", "-endpoint",
		"-environment_type", "-staging_location", "-project", "-region", "Exit codes"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("-h does not document %s", want)
		}
	}
}

// The tracker claims units in order and refuses every split, so a runner
// cannot cut a unit or move part of a range elsewhere.
func TestTrackerRefusesSplits(t *testing.T) {
	fn := &unitFn{}
	rests := fn.SplitRestriction("", offsetRange(0, 5))
	if len(rests) != 5 {
		t.Fatalf("%d restrictions for 5 units", len(rests))
	}
	rt := fn.CreateTracker(offsetRange(2, 5))
	for _, f := range []float64{0, 0.5, 1} {
		if _, residual, err := rt.TrySplit(f); residual != nil || err != nil {
			t.Fatalf("TrySplit(%v) before a claim: residual %v, %v", f, residual, err)
		}
	}
	for k := int64(2); k < 5; k++ {
		if !rt.TryClaim(k) {
			t.Fatalf("claim %d refused", k)
		}
		if _, residual, _ := rt.TrySplit(0.5); residual != nil {
			t.Fatalf("split after claiming %d: residual %v", k, residual)
		}
	}
	if rt.TryClaim(int64(5)) || !rt.IsDone() || rt.GetError() != nil {
		t.Fatalf("after the last unit: done %v, error %v", rt.IsDone(), rt.GetError())
	}
}

func offsetRange(start, end int64) offsetrange.Restriction {
	return offsetrange.Restriction{Start: start, End: end}
}

// The sum of tallies does not depend on how the runner groups them.
func TestTallyMerge(t *testing.T) {
	fn := &tallyFn{}
	unit := func(games int64, reused int64) tally {
		tl := fn.CreateAccumulator()
		tl.Units, tl.Reused, tl.Stats.Games = 1, reused, games
		return tl
	}
	a, b, c := unit(3, 0), unit(5, 1), unit(7, 0)
	x := fn.MergeAccumulators(fn.MergeAccumulators(a, b), c)
	y := fn.MergeAccumulators(a, fn.MergeAccumulators(c, b))
	if x.Units != 3 || x.Reused != 1 || x.Stats.Games != 15 || x.Units != y.Units || fmt.Sprint(*x.Stats) != fmt.Sprint(*y.Stats) {
		t.Fatalf("%+v %+v", x, y)
	}
	if a.Stats.Games != 3 || b.Stats.Games != 5 {
		t.Fatal("merging changed its inputs")
	}
	enc, err := encodeTally(x)
	if err != nil {
		t.Fatal(err)
	}
	dec, err := decodeTally(enc)
	if err != nil || dec.Units != 3 || dec.Stats.Games != 15 {
		t.Fatalf("coder round trip: %+v, %v", dec, err)
	}
}
