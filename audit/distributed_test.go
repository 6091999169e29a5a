package audit

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/klauspost/compress/zstd"

	"github.com/arbiter-chess/arbiter/ingest"
	"github.com/arbiter-chess/arbiter/plan"
)

// tableRows reads a table's parts in name order as one string per row:
// two runs hold the same rows when these are equal.
func tableRows(t *testing.T, dir, table string) []string {
	t.Helper()
	var out []string
	for _, rec := range readTable(t, dir, table) {
		for i := 0; i < int(rec.NumRows()); i++ {
			var b strings.Builder
			for c := 0; c < int(rec.NumCols()); c++ {
				b.WriteString(rec.ColumnName(c))
				b.WriteByte('=')
				b.WriteString(cellString(rec.Column(c), i))
				b.WriteByte('|')
			}
			out = append(out, b.String())
		}
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

// text returns the decompressed content of a sample file.
func sampleFile(t *testing.T, name string) []byte {
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

// frames compresses text into independent zstd frames cut at the given
// offsets (pzstd cuts anywhere; tests also cut right at game starts), each
// behind a skippable frame as pzstd writes.
func frames(t *testing.T, text []byte, cuts []int) []byte {
	t.Helper()
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedFastest))
	if err != nil {
		t.Fatal(err)
	}
	var out []byte
	prev := 0
	for _, c := range append(cuts, len(text)) {
		z := enc.EncodeAll(text[prev:c], nil)
		var h [12]byte
		binary.LittleEndian.PutUint32(h[0:], 0x184D2A50)
		binary.LittleEndian.PutUint32(h[4:], 4)
		binary.LittleEndian.PutUint32(h[8:], uint32(len(z)))
		out = append(append(out, h[:]...), z...)
		prev = c
	}
	return out
}

// distInputs writes the inputs of the split tests into dir: plain PGN,
// pzstd-like frames cut anywhere and right at game starts, a single-frame
// file, positions, and edge cases (an Event tag in a comment, CRLF line
// ends, a game at byte 0 of a frame).
func distInputs(t *testing.T, dir string, size int) []string {
	t.Helper()
	lichess := sampleFile(t, "lichess-3000.pgn.zst")
	if size < len(lichess) {
		// whole games: up to the game start after size bytes
		lichess = lichess[:size+strings.Index(string(lichess[size:]), "\n\n[Event ")+2]
	}
	edge := "[Event \"comment\"]\n[Result \"*\"]\n\n1. e4 {a comment\n\n[Event \"in a comment\"]\n} e5 *\n\n" +
		"[Event \"crlf\"]\r\n[Result \"*\"]\r\n\r\n1. d4 d5 *\r\n\r\n"
	text := append([]byte(edge), lichess...)
	var cuts, atGames []int
	for c := 40_000; c < len(text); c += 40_000 {
		cuts = append(cuts, c)
		if k := strings.Index(string(text[c:]), "\n\n[Event "); k >= 0 {
			atGames = append(atGames, c+k+2)
		}
	}
	files := map[string][]byte{
		"a-plain.pgn":               text,
		"b-pzstd.pgn.zst":           frames(t, text, cuts),
		"c-frames-at-games.pgn.zst": frames(t, text, atGames),
	}
	var paths []string
	for _, n := range slices.Sorted(mapsKeys(files)) {
		p := filepath.Join(dir, n)
		if err := os.WriteFile(p, files[n], 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return append(paths, filepath.Join(sample, "twic-extended.pgn.zst"), filepath.Join(sample, "positions.fen"))
}

func mapsKeys(m map[string][]byte) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// distributed plans the inputs, runs every unit (in reverse order: the
// order does not matter) and commits them into out.
func distributed(t *testing.T, inputs []string, out string, blockSize int64) (*plan.Plan, *Result) {
	t.Helper()
	cfg := Config{Inputs: inputs, OutDir: out, Jobs: 2, Version: "test", Writer: writerForTests(), NoSync: true}
	pl, errs := MakePlan(cfg, blockSize)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for k := len(pl.Units) - 1; k >= 0; k-- {
		if _, err := RunBlock(context.Background(), cfg, pl, k); err != nil {
			t.Fatalf("unit %d: %v", k, err)
		}
	}
	res, err := Commit(context.Background(), cfg, pl)
	if err != nil {
		t.Fatal(err)
	}
	return pl, res
}

func local(t *testing.T, inputs []string, out string, incremental bool) *Result {
	t.Helper()
	res, err := Run(context.Background(), Config{Inputs: inputs, OutDir: out, Jobs: 2, Version: "test",
		Writer: writerForTests(), NoSync: true, Progress: "never", Incremental: incremental})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// sameRows compares two runs' tables row by row and their summaries' counts.
func sameRows(t *testing.T, a, b string, ra, rb *Result) {
	t.Helper()
	for _, table := range []string{"games", "moves", "findings", "positions", "players", "pairings"} {
		x, y := tableRows(t, a, table), tableRows(t, b, table)
		if len(x) != len(y) {
			t.Fatalf("table %s: %d rows and %d rows", table, len(x), len(y))
		}
		for i := range x {
			if x[i] != y[i] {
				t.Fatalf("table %s row %d differs:\n%s\n%s", table, i, x[i], y[i])
			}
		}
	}
	sa, sb := ra.Summary, rb.Summary
	if sa.Games != sb.Games || sa.Plies != sb.Plies || sa.Positions != sb.Positions || sa.Findings != sb.Findings ||
		fmt.Sprint(sa.FindingsByKind) != fmt.Sprint(sb.FindingsByKind) || fmt.Sprint(sa.Kinds) != fmt.Sprint(sb.Kinds) ||
		fmt.Sprint(sa.GamesEndedBy) != fmt.Sprint(sb.GamesEndedBy) || sa.FailedInputs != sb.FailedInputs {
		t.Fatalf("summaries differ:\n%+v\n%+v", sa, sb)
	}
}

// The union of run-block's outputs holds the rows, ids and counts of
// arbiter audit, whatever the block size.
func TestSplitInvariance(t *testing.T) {
	inputs := distInputs(t, t.TempDir(), 300_000)
	whole := filepath.Join(t.TempDir(), "whole")
	rw := local(t, inputs, whole, false)
	for _, bs := range []int64{4 << 10, 64 << 10, 64 << 20} {
		t.Run(fmt.Sprint(bs), func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			pl, rd := distributed(t, inputs, out, bs)
			if bs < 64<<20 && len(pl.Units) < 12 {
				t.Errorf("block size %d: only %d units", bs, len(pl.Units))
			}
			sameRows(t, whole, out, rw, rd)
			if left, _ := filepath.Glob(filepath.Join(out, ".arbiter-*")); len(left) > 0 {
				t.Errorf("left behind: %v", left)
			}
		})
	}
}

// The same over the shared corpus's edge cases and a TRF upload.
func TestSplitInvarianceCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("long")
	}
	inputs := []string{filepath.Join("..", "testdata", "event")}
	if _, err := os.Stat(filepath.Join(shared, "edge")); err == nil {
		inputs = append(inputs, filepath.Join(shared, "edge"))
	}
	whole := filepath.Join(t.TempDir(), "whole")
	rw := local(t, inputs, whole, false)
	out := filepath.Join(t.TempDir(), "out")
	_, rd := distributed(t, inputs, out, 64<<10)
	sameRows(t, whole, out, rw, rd)
	if len(rd.Summary.Events) != 1 || rd.Summary.Events[0].Corrections != 1 {
		t.Errorf("events: %+v", rd.Summary.Events)
	}
}

// Runs are idempotent: the same files and bytes twice; a unit that fails
// and is run again gives the output of a run without failure; a commit
// with a unit missing names it; a second plan with another block size
// leaves no part of the first.
func TestDistributedIdempotent(t *testing.T) {
	inputs := distInputs(t, t.TempDir(), 300_000)[:2]
	a, b := filepath.Join(t.TempDir(), "a"), filepath.Join(t.TempDir(), "b")
	distributed(t, inputs, a, 32<<10)
	pl, _ := distributed(t, inputs, b, 32<<10)
	if fa, fb := files(t, a), files(t, b); fmt.Sprint(fa) != fmt.Sprint(fb) {
		t.Fatalf("two runs differ:\n%v\n%v", fa, fb)
	}

	// A unit fails once (after its parts are in place): the commit refuses
	// and names it; run again, the output equals a clean run's.
	c := filepath.Join(t.TempDir(), "c")
	cfg := Config{Inputs: inputs, OutDir: c, Jobs: 2, Version: "test", Writer: writerForTests(), NoSync: true}
	failing := pl.Units[3].Name()
	t.Setenv("ARBITER_FAIL_UNIT", failing)
	for k := range pl.Units {
		_, err := RunBlock(context.Background(), cfg, pl, k)
		if (err != nil) != (k == 3) || err != nil && !errors.Is(err, ErrInjectedFault) {
			t.Fatalf("unit %d: %v", k, err)
		}
	}
	if _, err := Commit(context.Background(), cfg, pl); !errors.Is(err, ErrUnitsMissing) || !strings.Contains(err.Error(), failing) {
		t.Fatalf("commit with a unit missing: %v", err)
	}
	t.Setenv("ARBITER_FAIL_UNIT", "")
	if _, err := RunBlock(context.Background(), cfg, pl, 3); err != nil {
		t.Fatal(err)
	}
	if _, err := Commit(context.Background(), cfg, pl); err != nil {
		t.Fatal(err)
	}
	if fa, fc := files(t, a), files(t, c); fmt.Sprint(fa) != fmt.Sprint(fc) {
		t.Fatalf("a rerun unit gives other files:\n%v\n%v", fa, fc)
	}

	// Another block size into the same folder: only its parts remain.
	pl2, _ := distributed(t, inputs, a, 50<<10)
	want := map[string]bool{}
	for _, u := range pl2.Units {
		want[u.Name()] = true
	}
	for _, f := range files(t, a) {
		name, _, _ := strings.Cut(f, " ")
		if !strings.Contains(name, "part-") {
			continue
		}
		stem := strings.TrimPrefix(filepath.Base(name), "part-")
		if strings.HasPrefix(stem, "duplicates-") || strings.HasPrefix(stem, "standings-") {
			continue // derived from all the games by the commit
		}
		if len(stem) > 19 && !chunkOfUnit(stem[:19], pl2) {
			t.Errorf("%s is not a part of the second plan", name)
		}
	}

	// A plan from another version is refused.
	if _, err := RunBlock(context.Background(), Config{OutDir: c, Version: "other"}, pl, 0); !errors.Is(err, plan.ErrVersion) {
		t.Errorf("a plan of another version: %v", err)
	}
}

// chunkOfUnit reports whether a part stem (source-offset) lies in one of
// the plan's units.
func chunkOfUnit(stem string, pl *plan.Plan) bool {
	var src int
	var off int64
	if _, err := fmt.Sscanf(stem, "%05d-%013d", &src, &off); err != nil {
		return false
	}
	for _, u := range pl.Units {
		if u.Source == src && off >= u.Offset && (u.Length < 0 || off < u.Offset+u.Length) {
			return true
		}
	}
	return false
}

// files lists a folder's files with their sizes and contents' hash.
func files(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() == ".arbiter.lock" || d.Name() == "summary.json" || d.Name() == "report.html" {
			return nil
		}
		b, _ := os.ReadFile(p)
		r, _ := filepath.Rel(dir, p)
		if strings.HasPrefix(r, "_manifest") {
			return nil // manifests hold paths, which differ between folders
		}
		out = append(out, fmt.Sprintf("%s %d %x", r, len(b), sha256.Sum256(b)))
		return nil
	})
	slices.Sort(out)
	return out
}

// An incremental run reads only the new and the changed inputs and keeps
// the rows of the others: its tables equal a full run's.
func TestIncremental(t *testing.T) {
	dir := t.TempDir()
	lichess := sampleFile(t, "lichess-3000.pgn.zst")
	half := strings.Index(string(lichess[len(lichess)/2:]), "\n\n[Event ") + len(lichess)/2 + 2
	one, two := filepath.Join(dir, "1.pgn"), filepath.Join(dir, "2.pgn")
	os.WriteFile(one, lichess[:half], 0o644)
	os.WriteFile(two, lichess[half:], 0o644)
	out := filepath.Join(t.TempDir(), "out")
	local(t, []string{dir}, out, true)

	// A third file arrives.
	three := filepath.Join(dir, "3.pgn.zst")
	data, _ := os.ReadFile(filepath.Join(sample, "twic-extended.pgn.zst"))
	os.WriteFile(three, data, 0o644)
	res := local(t, []string{dir}, out, true)
	if len(res.Summary.Inputs) != 1 || res.Summary.Inputs[0].Path != three || len(res.Summary.UnchangedInputs) != 2 {
		t.Fatalf("inputs read %+v, unchanged %+v", res.Summary.Inputs, res.Summary.UnchangedInputs)
	}
	full := filepath.Join(t.TempDir(), "full")
	rf := local(t, []string{dir}, full, false)
	sameRows(t, full, out, rf, res)

	// A copy of the first file arrives: each of its games is a duplicate
	// of a game kept from the earlier run.
	copyOne := filepath.Join(dir, "4.pgn")
	os.WriteFile(copyOne, lichess[:half], 0o644)
	res = local(t, []string{dir}, out, true)
	full4 := filepath.Join(t.TempDir(), "full4")
	rf4 := local(t, []string{dir}, full4, false)
	sameRows(t, full4, out, rf4, res)
	if k := res.Stats.ByKind[KindDuplicateGame]; k == nil || k.Count < 100 {
		t.Fatalf("the copy's games are not found duplicates of the kept ones: %+v", k)
	}

	// A file changes: it is read again and its old rows are gone; the
	// copy's games now have no first occurrence in it.
	os.Remove(copyOne)
	os.WriteFile(two, lichess[half:half+len(lichess[half:])/3], 0o644)
	res = local(t, []string{dir}, out, true)
	if len(res.Summary.Inputs) != 1 || res.Summary.Inputs[0].Path != two {
		t.Fatalf("after a change, inputs read %+v", res.Summary.Inputs)
	}
	full2 := filepath.Join(t.TempDir(), "full2")
	rf2 := local(t, []string{dir}, full2, false)
	sameRows(t, full2, out, rf2, res)
	if res.Summary.Games >= rf.Summary.Games {
		t.Errorf("the changed file's old games are still counted: %d >= %d", res.Summary.Games, rf.Summary.Games)
	}
}

// The standings read from the games of an event cut into two files: an
// incremental run that reads the second file only ranks the event as a
// full run does (the first file's games come from its manifest).
func TestIncrementalStandings(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "event", "event.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	cut := strings.Index(string(data), "[Round \"4.1\"]")
	cut = strings.LastIndex(string(data[:cut]), "[Event ")
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.pgn"), filepath.Join(dir, "b.pgn")
	os.WriteFile(a, data[:cut], 0o644)
	out := filepath.Join(t.TempDir(), "out")
	local(t, []string{dir}, out, true)
	os.WriteFile(b, data[cut:], 0o644)
	res := local(t, []string{dir}, out, true)
	if len(res.Summary.Inputs) != 1 || len(res.Summary.UnchangedInputs) != 1 {
		t.Fatalf("inputs %+v, unchanged %+v", res.Summary.Inputs, res.Summary.UnchangedInputs)
	}
	full := filepath.Join(t.TempDir(), "full")
	rf := local(t, []string{dir}, full, false)
	sameRows(t, full, out, rf, res)
	if n := len(tableRows(t, out, "players")); n != 6 {
		t.Errorf("%d players", n)
	}
}

// An input that cannot be planned is written into the plan, and the
// commit reports it as a failed input (exit 2), as a run on one machine
// does.
func TestDistributedFailedInput(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.pgn")
	if err := os.WriteFile(good, []byte("[Event \"x\"]\n\n1. e4 e5 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gone := filepath.Join(dir, "gone.pgn")
	cfg := Config{Inputs: []string{good, gone}, OutDir: filepath.Join(dir, "out"), Jobs: 2, Version: "test", Writer: writerForTests(), NoSync: true}
	pl, errs := MakePlan(cfg, 1<<20)
	if len(errs) != 1 || len(pl.Failed) != 1 || pl.Failed[0].Path != gone || pl.Failed[0].ErrorCode == "" {
		t.Fatalf("errors %v, plan's failed inputs %+v", errs, pl.Failed)
	}
	for k := range pl.Units {
		if _, err := RunBlock(context.Background(), cfg, pl, k); err != nil {
			t.Fatal(err)
		}
	}
	res, err := Commit(context.Background(), cfg, pl)
	if err != nil {
		t.Fatal(err)
	}
	if res.ExitCode != 2 || res.Summary.FailedInputs != 1 || res.Summary.Games != 1 {
		t.Errorf("exit %d, %d failed inputs, %d games; want 2, 1, 1", res.ExitCode, res.Summary.FailedInputs, res.Summary.Games)
	}
	found := false
	for _, in := range res.Summary.Inputs {
		found = found || in.Path == gone && in.Error != "" && in.ErrorCode == pl.Failed[0].ErrorCode
	}
	if !found {
		t.Errorf("summary inputs %+v lack %s", res.Summary.Inputs, gone)
	}
}

// A corrupt frame of a multi-frame file loses only the games of that
// frame, on one machine and across units alike, and the input's error
// names the frame's offset.
func TestCorruptFrame(t *testing.T) {
	text := sampleFile(t, "lichess-3000.pgn.zst")[:1_000_000]
	text = text[:strings.LastIndex(string(text), "\n\n[Event ")+2]
	var cuts []int
	for c := 100_000; c < len(text); c += 100_000 {
		if k := strings.Index(string(text[c:]), "\n\n[Event "); k >= 0 {
			cuts = append(cuts, c+k+2)
		}
	}
	z := frames(t, text, cuts)
	// The third frame: its skippable header, then the zstd frame.
	var starts []int
	for off := 0; off < len(z); {
		n := int(binary.LittleEndian.Uint32(z[off+8:]))
		starts = append(starts, off+12)
		off += 12 + n
	}
	bad := slices.Clone(z)
	for i := starts[2] + 40; i < starts[2]+120; i++ {
		bad[i] ^= 0x55
	}
	lost := strings.Count(string(text[cuts[1]:cuts[2]]), "[Event ")
	want := int64(strings.Count(string(text), "[Event ") - lost)
	dir := t.TempDir()
	in := filepath.Join(dir, "bad.pgn.zst")
	if err := os.WriteFile(in, bad, 0o644); err != nil {
		t.Fatal(err)
	}
	check := func(how string, res *Result) {
		t.Helper()
		s := res.Summary
		// (the frame's offset is that of pzstd's skippable header before it)
		if s.Games != want || s.FailedInputs != 1 || res.ExitCode != 2 || len(s.Inputs) != 1 ||
			!strings.Contains(s.Inputs[0].Error, fmt.Sprintf("offset %d ", starts[2]-12)) ||
			s.Inputs[0].ErrorCode != ingest.CodeFrameCorrupt || s.Inputs[0].Bytes != int64(len(bad)) {
			t.Errorf("%s: %d games (want %d, %d lost), exit %d, inputs %+v", how, s.Games, want, lost, res.ExitCode, s.Inputs)
		}
	}
	check("audit", local(t, []string{in}, filepath.Join(dir, "local"), false))
	cfg := Config{Inputs: []string{in}, OutDir: filepath.Join(dir, "dist"), Jobs: 2, Version: "test", Writer: writerForTests(), NoSync: true}
	pl, errs := MakePlan(cfg, 200_000)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for k := range pl.Units {
		if _, err := RunBlock(context.Background(), cfg, pl, k); err != nil {
			t.Fatalf("unit %d: %v", k, err)
		}
	}
	res, err := Commit(context.Background(), cfg, pl)
	if err != nil {
		t.Fatal(err)
	}
	check(fmt.Sprintf("%d units", len(pl.Units)), res)
}
