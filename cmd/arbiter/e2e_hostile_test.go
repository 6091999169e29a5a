package main

// End-to-end tests: a real arbiter process built from this tree (by
// TestMain, e2e_test.go), run on
// hostile inputs and faults (issue 20) and on inputs that hold no chess
// (issue 19). Each checks what a nightly job relies on: the games in are
// the game rows out, the exit code, no panic, no temporary file left.
// Large inputs are generated on the fly; the slow ones run with
// ARBITER_LONG=1.

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/klauspost/compress/zstd"
)

// binary is the arbiter command built by TestMain.
func binary(t *testing.T) string {
	t.Helper()
	return arbiterBin
}

func long(t *testing.T) {
	t.Helper()
	if os.Getenv("ARBITER_LONG") == "" {
		t.Skip("set ARBITER_LONG=1 for the large inputs")
	}
}

// proc is a finished arbiter process.
type proc struct {
	code           int
	stdout, stderr string
	cpu            time.Duration // user + system
	maxRSS         int64         // bytes (0 where unknown)
}

// arbiter runs the command with args; setup may give it pipes or stdin.
func arbiterProc(t *testing.T, setup func(*exec.Cmd), args ...string) proc {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, binary(t), args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if setup != nil {
		setup(cmd)
	}
	err := cmd.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatalf("%v: %v", args, err)
	}
	p := proc{code: cmd.ProcessState.ExitCode(), stdout: out.String(), stderr: errb.String(),
		cpu: cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		p.maxRSS = int64(ru.Maxrss) << 10 // KiB on Linux
	}
	if strings.Contains(p.stderr, "panic:") || strings.Contains(p.stderr, "goroutine ") {
		t.Fatalf("%v: the process panicked:\n%s", args, p.stderr)
	}
	return p
}

// auditRun runs "arbiter audit -o out -progress never args..." and checks
// that the output folder holds no temporary file.
func auditRun(t *testing.T, out string, setup func(*exec.Cmd), args ...string) proc {
	t.Helper()
	p := arbiterProc(t, setup, append([]string{"audit", "-o", out, "-progress", "never"}, args...)...)
	noTemps(t, out)
	return p
}

// noTemps fails when dir holds a temporary file of a run.
func noTemps(t *testing.T, dir string) {
	t.Helper()
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".tmp") || strings.Contains(d.Name(), ".part-")) {
			t.Errorf("temporary file left: %s", p)
		}
		return nil
	})
}

// rows counts the rows of a table in its Parquet files.
func rows(t *testing.T, out, table string) int64 {
	t.Helper()
	parts, _ := filepath.Glob(filepath.Join(out, table, "*.parquet"))
	var n int64
	for _, p := range parts {
		r, err := file.OpenParquetFile(p, false)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		n += r.NumRows()
		r.Close()
	}
	return n
}

// summary is what the tests read of summary.json.
type summary struct {
	Games          int64            `json:"games"`
	Plies          int64            `json:"plies"`
	FindingsByKind map[string]int64 `json:"findings_by_kind"`
	Inputs         []struct {
		Path      string `json:"path"`
		Games     int64  `json:"games"`
		Error     string `json:"error"`
		ErrorCode string `json:"error_code"`
	} `json:"inputs"`
	Events []struct {
		Path    string `json:"path"`
		Players int    `json:"players"`
		Games   int    `json:"games"`
	} `json:"events"`
}

func readSummary(t *testing.T, out string) summary {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(out, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	var s summary
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// inputCode returns the error code summary.json gives the input whose
// path ends with name.
func (s summary) inputCode(name string) string {
	for _, in := range s.Inputs {
		if strings.HasSuffix(in.Path, name) {
			return in.ErrorCode
		}
	}
	return "(not listed)"
}

// sampleText returns the bundled sample's Lichess games, decompressed
// (3,000 games), and the number of games.
func sampleText(t *testing.T) ([]byte, int64) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "sample", "lichess-3000.pgn.zst"))
	if err != nil {
		t.Fatal(err)
	}
	d, _ := zstd.NewReader(nil, zstd.WithDecoderMaxWindow(1<<31))
	defer d.Close()
	text, err := d.DecodeAll(b, nil)
	if err != nil {
		t.Fatal(err)
	}
	return text, int64(bytes.Count(text, []byte("[Event ")))
}

func write(t *testing.T, path string, b []byte) string {
	t.Helper()
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func compressZstd(t *testing.T, b []byte) []byte {
	t.Helper()
	e, _ := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedFastest))
	defer e.Close()
	return e.EncodeAll(b, nil)
}

// wantOK checks a run that read every input: exit 0, and as many game
// rows as games.
func wantOK(t *testing.T, name string, p proc, out string, games int64) {
	t.Helper()
	if p.code != 0 {
		t.Errorf("%s: exit %d, want 0\n%s", name, p.code, p.stderr)
	}
	if got := rows(t, out, "games"); got != games {
		t.Errorf("%s: %d game rows, want %d", name, got, games)
	}
}

// mate is a short game that ends in mate, named by its event.
func mate(n int) string {
	return fmt.Sprintf("[Event \"g%d\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n", n)
}

// Case 1: a zstd stream with a 2 GiB window (zstd --long=31) is read
// with its window counted outside the heap's budget; -max-window refuses
// it with the size it needs.
func TestE2ELongWindow(t *testing.T) {
	fixture := filepath.Join("..", "..", "ingest", "testdata", "long31.pgn.zst")
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	p := auditRun(t, out, nil, "-tables", "games", fixture)
	wantOK(t, "long31", p, out, readSummary(t, out).Games)
	if readSummary(t, out).Games == 0 {
		t.Error("no games")
	}
	p = auditRun(t, out, nil, "-tables", "games", "-max-window", "64MiB", fixture)
	if s := readSummary(t, out); p.code != 2 || s.inputCode("long31.pgn.zst") != "window_too_large" ||
		!strings.Contains(p.stderr+p.stdout, "2 GiB") || rows(t, out, "games") != 0 {
		t.Errorf("-max-window 64MiB: exit %d, code %q, %d rows\n%s", p.code, s.inputCode("long31.pgn.zst"), rows(t, out, "games"), p.stderr)
	}
	if p := arbiterProc(t, nil, "audit", "-o", out, "-max-window", "3GiB", fixture); p.code != 2 {
		t.Errorf("-max-window 3GiB: exit %d, want 2 (usage)", p.code)
	}
}

// Case 1 at scale: the same PGN as a --long=31 stream and plain costs
// about the same CPU (the zstd command is needed to write a 2 GiB
// window).
func TestE2ELongWindowCPU(t *testing.T) {
	long(t)
	zstdCmd, err := exec.LookPath("zstd")
	if err != nil {
		t.Skip("no zstd command")
	}
	text, games := sampleText(t)
	dir := t.TempDir()
	plain := filepath.Join(dir, "big.pgn")
	f, _ := os.Create(plain)
	for range 60 { // about 200 MB
		f.Write(text)
	}
	f.Close()
	games *= 60
	long31 := plain + ".zst"
	c := exec.Command("sh", "-c", fmt.Sprintf("cat %s | %s -q -3 --long=31 -T1 -c > %s", plain, zstdCmd, long31))
	if b, err := c.CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	var pPlain, pLong proc
	for _, r := range []struct {
		in string
		p  *proc
	}{{plain, &pPlain}, {long31, &pLong}} {
		out := filepath.Join(dir, "out-"+filepath.Base(r.in))
		*r.p = auditRun(t, out, nil, "-tables", "games,findings", r.in)
		wantOK(t, r.in, *r.p, out, games)
	}
	t.Logf("plain: %v CPU, %d MiB; --long=31: %v CPU, %d MiB", pPlain.cpu, pPlain.maxRSS>>20, pLong.cpu, pLong.maxRSS>>20)
	// generous against a shared machine; the thrashing cost 5x
	if pLong.cpu > 2*pPlain.cpu+5*time.Second {
		t.Errorf("--long=31 took %v of CPU, plain %v", pLong.cpu, pPlain.cpu)
	}
}

// Case 3: every input is read once: pipes, standard input (compressed),
// a FIFO; a FIFO without a writer and a TERM signal end the run; a TRF
// through a pipe is recognised.
func TestE2EPipes(t *testing.T) {
	text, games := sampleText(t)
	half := bytes.Index(text[len(text)/2:], []byte("[Event ")) + len(text)/2
	a, b := text[:half], text[half:]
	dir := t.TempDir()
	pipes := func(chunks ...[]byte) func(*exec.Cmd) {
		return func(c *exec.Cmd) {
			for _, ch := range chunks {
				r, w, err := os.Pipe()
				if err != nil {
					t.Fatal(err)
				}
				c.ExtraFiles = append(c.ExtraFiles, r)
				go func() { w.Write(ch); w.Close() }()
			}
		}
	}
	out := filepath.Join(dir, "out")
	p := auditRun(t, out, pipes(a, b), "-tables", "games", "/dev/fd/3", "/dev/fd/4")
	wantOK(t, "two pipes", p, out, games)

	z := compressZstd(t, text)
	for _, name := range []string{"-", "/dev/stdin"} {
		p = auditRun(t, out, func(c *exec.Cmd) { c.Stdin = bytes.NewReader(z) }, "-tables", "games", name)
		wantOK(t, "zstd on standard input as "+name, p, out, games)
	}

	fifo := filepath.Join(dir, "f.pgn")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	go func() {
		if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
			f.Write(text)
			f.Close()
		}
	}()
	p = auditRun(t, out, nil, "-tables", "games", fifo)
	wantOK(t, "FIFO", p, out, games)

	// no writer: the open waits until the signal
	cmd := exec.Command(binary(t), "audit", "-o", out, "-progress", "never", fifo)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
		if code := cmd.ProcessState.ExitCode(); code == 0 || strings.Contains(errb.String(), "panic:") {
			t.Errorf("FIFO without writer, TERM: exit %d\n%s", code, errb.String())
		}
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		t.Error("FIFO without writer: TERM ignored")
	}
	noTemps(t, out)

	// the TRF of the bundled event through a pipe, with its games
	ev := filepath.Join("..", "..", "testdata", "event")
	trf, err := os.ReadFile(filepath.Join(ev, "event.trf"))
	if err != nil {
		t.Fatal(err)
	}
	p = auditRun(t, out, pipes(trf), "/dev/fd/3", filepath.Join(ev, "event.pgn"))
	s := readSummary(t, out)
	if p.code != 0 || len(s.Events) != 1 || s.Events[0].Players != 6 || rows(t, out, "players") != 6 || rows(t, out, "games") != 15 {
		t.Errorf("TRF through a pipe: exit %d, events %+v, %d players rows\n%s", p.code, s.Events, rows(t, out, "players"), p.stderr)
	}
}

// Case 4: UTF-16 files, with or without a byte order mark, give the games
// of their UTF-8 text, each noted encoding_transcoded.
func TestE2EUTF16(t *testing.T) {
	text, _ := sampleText(t)
	text = text[:nthGame(text, 300)]
	games := int64(300)
	dir := t.TempDir()
	for _, c := range []struct {
		name      string
		big, mark bool
	}{{"le.pgn", false, true}, {"be.pgn", true, true}, {"le-nobom.pgn", false, false}} {
		var b bytes.Buffer
		put := func(u uint16) {
			if c.big {
				b.Write([]byte{byte(u >> 8), byte(u)})
			} else {
				b.Write([]byte{byte(u), byte(u >> 8)})
			}
		}
		if c.mark {
			put(0xFEFF)
		}
		for _, r := range string(text) {
			if r >= 0x10000 {
				r -= 0x10000
				put(uint16(0xD800 + r>>10))
				put(uint16(0xDC00 + r&0x3FF))
				continue
			}
			put(uint16(r))
		}
		in := write(t, filepath.Join(dir, c.name), b.Bytes())
		out := filepath.Join(dir, "out-"+c.name)
		p := auditRun(t, out, nil, "-tables", "games,findings", in)
		wantOK(t, c.name, p, out, games)
		if s := readSummary(t, out); s.FindingsByKind["encoding_transcoded"] != games || s.FindingsByKind["unreadable_move"] != 0 {
			t.Errorf("%s: findings %v", c.name, s.FindingsByKind)
		}
	}
}

// Case 5: only an oversized record is skipped (it keeps a row and a
// game_skipped finding); the games around it are kept.
func TestE2EOversizedRecord(t *testing.T) {
	dir := t.TempDir()
	huge := "[Event \"" + strings.Repeat("y", 17<<20) + "\"]\n\n1. d4 *\n\n"
	in := write(t, filepath.Join(dir, "n.pgn"), []byte(mate(1)+mate(2)+huge+mate(3)))
	out := filepath.Join(dir, "out")
	p := auditRun(t, out, nil, "-tables", "games,findings", in)
	wantOK(t, "17 MB tag value", p, out, 4)
	if s := readSummary(t, out); s.FindingsByKind["game_skipped"] != 1 || s.FindingsByKind["checkmate"] != 3 {
		t.Errorf("findings %v", s.FindingsByKind)
	}
}

// Case 5 with a 500 MB line.
func TestE2EOversizedLine(t *testing.T) {
	long(t)
	dir := t.TempDir()
	in := filepath.Join(dir, "l.pgn")
	f, _ := os.Create(in)
	f.WriteString(mate(1) + mate(2) + "[Event \"long\"]\n\n1. d4 {")
	chunk := bytes.Repeat([]byte("a comment that never ends "), 1<<16)
	for n := 0; n < 500<<20; n += len(chunk) {
		f.Write(chunk)
	}
	f.WriteString("} d5 *\n\n" + mate(3))
	f.Close()
	out := filepath.Join(dir, "out")
	p := auditRun(t, out, nil, "-tables", "games,findings", in)
	wantOK(t, "500 MB line", p, out, 4)
	if s := readSummary(t, out); s.FindingsByKind["game_skipped"] != 1 || s.FindingsByKind["checkmate"] != 3 {
		t.Errorf("findings %v", s.FindingsByKind)
	}
	t.Logf("peak RSS %d MiB, %v CPU", p.maxRSS>>20, p.cpu)
}

// Case 6: CR-only, CRLF and LF line ends give the same games and plies.
func TestE2ELineEnds(t *testing.T) {
	text, games := sampleText(t)
	dir := t.TempDir()
	var plies int64
	for i, c := range []struct{ name, nl string }{{"lf.pgn", "\n"}, {"cr.pgn", "\r"}, {"crlf.pgn", "\r\n"}} {
		in := write(t, filepath.Join(dir, c.name), bytes.ReplaceAll(text, []byte("\n"), []byte(c.nl)))
		out := filepath.Join(dir, "out-"+c.name)
		p := auditRun(t, out, nil, "-tables", "games,findings", in)
		wantOK(t, c.name, p, out, games)
		s := readSummary(t, out)
		if i == 0 {
			plies = s.Plies
		}
		if s.Plies != plies || s.FindingsByKind["unreadable_move"] != 0 {
			t.Errorf("%s: %d plies (LF %d), findings %v", c.name, s.Plies, plies, s.FindingsByKind)
		}
	}
}

// Case 7: one long line of small games keeps every game, in bounded
// memory.
func TestE2ELongLine(t *testing.T) {
	size := 8 << 20
	if os.Getenv("ARBITER_LONG") != "" {
		size = 500 << 20
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "line.pgn")
	f, _ := os.Create(in)
	game := []byte("[Event \"x\"] 1. e4 e5 * ")
	chunk := bytes.Repeat(game, 1<<14)
	var games int64
	for n := 0; n < size; n += len(chunk) {
		f.Write(chunk)
		games += 1 << 14
	}
	f.Close()
	out := filepath.Join(dir, "out")
	p := auditRun(t, out, nil, "-tables", "games,findings", in)
	wantOK(t, fmt.Sprintf("a line of %d MB", size>>20), p, out, games)
	t.Logf("%d MB line: peak RSS %d MiB, %v CPU", size>>20, p.maxRSS>>20, p.cpu)
	if p.maxRSS > 1<<30 {
		t.Errorf("peak RSS %d MiB", p.maxRSS>>20)
	}
}

// Case 8: a decompression bomb stops at the expansion or size limit with
// input_bomb, the games before it kept, exit 2; other inputs are read.
func TestE2EBomb(t *testing.T) {
	dir := t.TempDir()
	text, _ := sampleText(t)
	// 100 games: the ratio counts from the stream's start
	text = text[:nthGame(text, 100)]
	games := int64(100)
	var b bytes.Buffer
	e, _ := zstd.NewWriter(&b, zstd.WithEncoderLevel(zstd.SpeedBetterCompression)) // runs of spaces as the zstd command writes them
	e.Write(text)
	e.Write([]byte("[Event \"bomb\"]\n\n1. e4 {"))
	spaces := bytes.Repeat([]byte(" "), 1<<20)
	n := 1 << 10 // 1 GiB of spaces
	if os.Getenv("ARBITER_LONG") != "" {
		n = 20 << 10
	}
	for range n {
		e.Write(spaces)
	}
	e.Write([]byte("} *\n\n" + mate(1)))
	e.Close()
	bomb := write(t, filepath.Join(dir, "bomb.pgn.zst"), b.Bytes())
	if d := os.Getenv("E2E_KEEP"); d != "" {
		write(t, filepath.Join(d, "bomb.pgn.zst"), b.Bytes())
	}
	good := write(t, filepath.Join(dir, "good.pgn"), []byte(mate(2)))
	out := filepath.Join(dir, "out")
	binary(t) // (built before the clock starts)
	start := time.Now()
	p := auditRun(t, out, nil, "-tables", "games,findings", bomb, good)
	s := readSummary(t, out)
	// the games before the bomb, the game it is in (cut by the limit, or
	// skipped as too large first: the compressed bytes are counted as
	// the decoder reads them, 64 KiB at a time), the good file's game
	if p.code != 2 || s.inputCode("bomb.pgn.zst") != "input_bomb" || rows(t, out, "games") != games+2 ||
		s.FindingsByKind["input_bomb"]+s.FindingsByKind["game_skipped"] != 1 {
		t.Errorf("bomb of %d KiB: exit %d, code %q, %d rows (want %d), findings %v\n%s", b.Len()>>10, p.code, s.inputCode("bomb.pgn.zst"),
			rows(t, out, "games"), games+2, s.FindingsByKind, p.stderr)
	}
	t.Logf("%d KiB to %d GiB: stopped in %v, %v CPU, peak RSS %d MiB", b.Len()>>10, n>>10, time.Since(start), p.cpu, p.maxRSS>>20)
	// -max-bytes on a plain file
	text, games = sampleText(t)
	p = auditRun(t, out, nil, "-tables", "games", "-max-bytes", "1MB", write(t, filepath.Join(dir, "plain.pgn"), text))
	if s := readSummary(t, out); p.code != 2 || s.inputCode("plain.pgn") != "input_bomb" || rows(t, out, "games") == 0 || rows(t, out, "games") >= games {
		t.Errorf("-max-bytes 1MB: exit %d, code %q, %d rows", p.code, s.inputCode("plain.pgn"), rows(t, out, "games"))
	}
}

// Case 8 with the bzip2 command: a few games, then 4 GiB of spaces in
// some 3 KB (the point where the limit stops it does not depend on the
// size; spaces alone are not PGN and fail as such at once).
func TestE2EBzip2Bomb(t *testing.T) {
	long(t)
	if _, err := exec.LookPath("bzip2"); err != nil {
		t.Skip("no bzip2 command")
	}
	dir := t.TempDir()
	games := write(t, filepath.Join(dir, "games.pgn"), []byte(mate(1)+mate(2)+"[Event \"bomb\"]\n\n1. e4 {"))
	bomb := filepath.Join(dir, "b.pgn.bz2")
	c := exec.Command("sh", "-c", "(cat "+games+"; head -c 4G /dev/zero | tr '\\0' ' ') | bzip2 -9 > "+bomb)
	if b, err := c.CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	out := filepath.Join(dir, "out")
	p := auditRun(t, out, nil, "-tables", "games,findings", bomb)
	if s := readSummary(t, out); p.code != 2 || s.inputCode("b.pgn.bz2") != "input_bomb" || rows(t, out, "games") != 3 || s.FindingsByKind["input_bomb"] != 1 {
		t.Errorf("exit %d, code %q, %d rows, findings %v", p.code, s.inputCode("b.pgn.bz2"), rows(t, out, "games"), s.FindingsByKind)
	}
	t.Logf("bzip2 bomb: %v CPU, peak RSS %d MiB", p.cpu, p.maxRSS>>20)
}

// Case 9 and issue 19: binary data, empty inputs, text without chess,
// a folder without inputs and a pattern that matches nothing fail with
// exit 2 and their code, yield no game rows, and the other inputs are
// read; PGN with some garbage between games keeps its games.
func TestE2ENotPGN(t *testing.T) {
	dir := t.TempDir()
	random := make([]byte, 5<<20)
	if os.Getenv("ARBITER_LONG") != "" {
		random = make([]byte, 50<<20)
	}
	rf, _ := os.Open("/dev/urandom")
	io.ReadFull(rf, random)
	rf.Close()
	os.Mkdir(filepath.Join(dir, "nochess"), 0o755)
	write(t, filepath.Join(dir, "nochess", "notes.txt"), []byte("x"))
	inputs := map[string]string{
		write(t, filepath.Join(dir, "random.bin"), random): "not_pgn",
		write(t, filepath.Join(dir, "image.png"), []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00")): "not_pgn",
		write(t, filepath.Join(dir, "players.csv"), []byte("name,fide_id,rating\nCarlsen,1503014,2830\n")):                                           "not_pgn",
		write(t, filepath.Join(dir, "letter.txt"), []byte("Dear arbiter,\nthe games follow.\n")):                                                     "not_pgn",
		write(t, filepath.Join(dir, "empty.pgn"), nil):                                                                                               "empty_input",
		write(t, filepath.Join(dir, "empty.pgn.zst"), compressZstd(t, nil)):                                                                          "empty_input",
		filepath.Join(dir, "nochess"):       "no_input",
		filepath.Join(dir, "nomatch-*.pgn"): "no_input",
	}
	good := write(t, filepath.Join(dir, "good.pgn"), []byte("A note before the games\n\n"+mate(1)+"some garbage\n\n"+mate(2)))
	for in, code := range inputs {
		out := filepath.Join(dir, "out-"+filepath.Base(in))
		p := auditRun(t, out, nil, "-tables", "games,findings", in, good)
		s := readSummary(t, out)
		if p.code != 2 || s.inputCode(strings.TrimSuffix(filepath.Base(in), "-*.pgn")) != code && s.inputCode(filepath.Base(in)) != code ||
			rows(t, out, "games") != 2 || !strings.Contains(p.stderr+p.stdout, filepath.Base(in)) {
			t.Errorf("%s: exit %d, inputs %+v, %d game rows\n%s", filepath.Base(in), p.code, s.Inputs, rows(t, out, "games"), p.stderr)
		}
	}
	out := filepath.Join(dir, "out-good")
	wantOK(t, "garbage between games", auditRun(t, out, nil, good), out, 2)
}

// Issue 19, defect a: a remark after the result belongs to its game.
func TestE2ERemarkAfterResult(t *testing.T) {
	dir := t.TempDir()
	in := write(t, filepath.Join(dir, "r.pgn"), []byte("1. e4 e5 2. Nf3 1-0 (time)\n\n1. d4 d5 0-1 (forfeit)\n"))
	out := filepath.Join(dir, "out")
	p := auditRun(t, out, nil, "-tables", "games,findings", in)
	wantOK(t, "remarks", p, out, 2)
	s := readSummary(t, out)
	if s.FindingsByKind["token_after_result"] != 2 || s.FindingsByKind["unreadable_move"] != 0 || s.FindingsByKind["syntax_error"] != 0 {
		t.Errorf("findings %v", s.FindingsByKind)
	}
}

// Issue 19, defect f: a truncated .gz or .zst keeps its games, exits 2,
// and the game it cut has an input_truncated finding (no finding of kind
// "error").
func TestE2ETruncated(t *testing.T) {
	text, _ := sampleText(t)
	dir := t.TempDir()
	z := compressZstd(t, text)
	var gz bytes.Buffer
	gw, _ := gzipWriter(&gz)
	gw.Write(text)
	gw.Close()
	for name, data := range map[string][]byte{"t.pgn.zst": z[:len(z)/2], "t.pgn.gz": gz.Bytes()[:gz.Len()/2]} {
		in := write(t, filepath.Join(dir, name), data)
		out := filepath.Join(dir, "out-"+name)
		p := auditRun(t, out, nil, "-tables", "games,findings", in)
		s := readSummary(t, out)
		if p.code != 2 || s.inputCode(name) != "input_truncated" || s.Games < 100 || rows(t, out, "games") != s.Games ||
			s.FindingsByKind["input_truncated"] != 1 || s.FindingsByKind["error"] != 0 || s.FindingsByKind["further_syntax_error"] != 0 {
			t.Errorf("%s: exit %d, code %q, %d games, findings %v", name, p.code, s.inputCode(name), s.Games, s.FindingsByKind)
		}
	}
}

func gzipWriter(w io.Writer) (io.WriteCloser, error) { return gzip.NewWriterLevel(w, gzip.BestSpeed) }

// nthGame returns the offset of the n-th game (0-based) of text.
func nthGame(text []byte, n int) int {
	off := 0
	for range n {
		k := bytes.Index(text[off+1:], []byte("[Event "))
		if k < 0 {
			return len(text)
		}
		off += k + 1
	}
	return off
}

// What held before issue 20 and must keep holding: an unclosed '{' at the
// start loses no later game, many tiny games are all kept, a truncated
// .bz2 keeps its games and exits 2, links that lead nowhere are reported,
// and -jobs 1 writes the same bytes as -jobs 2.
func TestE2EHeld(t *testing.T) {
	text, games := sampleText(t)
	dir := t.TempDir()

	in := write(t, filepath.Join(dir, "unclosed.pgn"), append([]byte("{ a comment that is never closed\n\n"), text...))
	out := filepath.Join(dir, "out-unclosed")
	wantOK(t, "unclosed comment", auditRun(t, out, nil, "-tables", "games", in), out, games+1) // the comment is a row of its own

	tiny := 200000
	if os.Getenv("ARBITER_LONG") != "" {
		tiny = 10000000
	}
	f, _ := os.Create(filepath.Join(dir, "tiny.pgn"))
	chunk := bytes.Repeat([]byte("1. e4 *\n"), 10000)
	for n := 0; n < tiny; n += 10000 {
		f.Write(chunk)
	}
	f.Close()
	out = filepath.Join(dir, "out-tiny")
	wantOK(t, "tiny games", auditRun(t, out, nil, "-tables", "games", f.Name()), out, int64(tiny))

	if _, err := exec.LookPath("bzip2"); err == nil {
		bz := filepath.Join(dir, "t.pgn.bz2")
		write(t, filepath.Join(dir, "t.pgn"), text)
		if err := exec.Command("bzip2", "-k", filepath.Join(dir, "t.pgn")).Run(); err != nil {
			t.Fatal(err)
		}
		b, _ := os.ReadFile(bz)
		write(t, bz, b[:len(b)/2])
		out = filepath.Join(dir, "out-bz2")
		p := auditRun(t, out, nil, "-tables", "games,findings", bz)
		s := readSummary(t, out)
		if p.code != 2 || s.inputCode("t.pgn.bz2") != "input_truncated" || s.Games < 100 || rows(t, out, "games") != s.Games {
			t.Errorf("truncated bzip2: exit %d, code %q, %d games", p.code, s.inputCode("t.pgn.bz2"), s.Games)
		}
	}

	links := filepath.Join(dir, "links")
	os.Mkdir(links, 0o755)
	write(t, filepath.Join(links, "a.pgn"), []byte(mate(1)))
	os.Symlink("nowhere.pgn", filepath.Join(links, "dangling.pgn"))
	os.Symlink(".", filepath.Join(links, "loop.pgn"))
	out = filepath.Join(dir, "out-links")
	p := auditRun(t, out, nil, "-tables", "games", links)
	if s := readSummary(t, out); p.code != 2 || rows(t, out, "games") != 1 || s.inputCode("dangling.pgn") == "" || s.inputCode("loop.pgn") == "" {
		t.Errorf("links: exit %d, %d rows, inputs %+v", p.code, rows(t, out, "games"), s.Inputs)
	}

	sample := filepath.Join("..", "..", "testdata", "sample")
	one, two := filepath.Join(dir, "jobs1"), filepath.Join(dir, "jobs2")
	auditRun(t, one, nil, "-jobs", "1", sample)
	auditRun(t, two, nil, "-jobs", "2", sample)
	parts, _ := filepath.Glob(filepath.Join(one, "*", "*.parquet"))
	if len(parts) < 4 {
		t.Fatalf("%d parts", len(parts))
	}
	for _, p1 := range parts {
		rel, _ := filepath.Rel(one, p1)
		a, _ := os.ReadFile(p1)
		b, err := os.ReadFile(filepath.Join(two, rel))
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("%s: -jobs 1 and -jobs 2 differ (%v)", rel, err)
		}
	}
}
