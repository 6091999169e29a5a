package ingest

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/klauspost/compress/zstd"
)

// someGames is a few games with non-ASCII names, read in every encoding.
func someGames() string {
	var b strings.Builder
	for i := range 20 {
		b.WriteString(smallGame(i))
		b.WriteString("[White \"Иванов, Пётр\"]\n[Black \"Müller, Jürgen\"]\n\n1. d4 d5 2. c4 *\n\n")
	}
	return b.String()
}

func encodeUTF16(s string, bigEndian, mark bool) []byte {
	u := utf16.Encode([]rune(s))
	if mark {
		u = append([]uint16{0xFEFF}, u...)
	}
	out := make([]byte, 0, 2*len(u))
	for _, c := range u {
		if bigEndian {
			out = append(out, byte(c>>8), byte(c))
		} else {
			out = append(out, byte(c), byte(c>>8))
		}
	}
	return out
}

// parsedNames reads data and returns the games' White tags and their
// total moves, and the encoding the games were read in.
func parsedNames(t *testing.T, data []byte, o Options) (names []string, moves int, enc TextEncoding, notes int) {
	t.Helper()
	r := NewReader(bytes.NewReader(data), "t", o)
	games, _, skips, _, err := readAll(t, r)
	if err != nil || len(skips) > 0 {
		t.Fatalf("%v, %d skips", err, len(skips))
	}
	var g Game
	for _, raw := range games {
		if err := ParseGame(raw, "t", ParseOptions{}, &g); err != nil {
			t.Fatal(err)
		}
		w, _ := g.Tag("White")
		names = append(names, w)
		moves += len(g.Moves)
		enc = raw.Encoding
		for _, n := range g.Notes {
			if n.Code == NoteEncoding {
				notes++
			}
		}
	}
	return
}

// UTF-16 files, with or without a byte order mark, read as their UTF-8
// text, each game noted as transcoded (issue 20, case 4).
func TestUTF16(t *testing.T) {
	text := someGames()
	want, wantMoves, _, _ := parsedNames(t, []byte(text), Options{})
	for _, c := range []struct {
		big, mark bool
		enc       TextEncoding
	}{{false, true, EncodingUTF16LE}, {true, true, EncodingUTF16BE}, {false, false, EncodingUTF16LENoBOM}, {true, false, EncodingUTF16BENoBOM}} {
		data := encodeUTF16(text, c.big, c.mark)
		for _, bb := range []int{64, 1 << 20} {
			names, moves, enc, notes := parsedNames(t, data, Options{BlockBytes: bb})
			if strings.Join(names, "|") != strings.Join(want, "|") || moves != wantMoves || enc != c.enc || notes != len(want) {
				t.Errorf("%v: %d games, %d moves, %v, %d notes; want %d, %d", c.enc, len(names), moves, enc, notes, len(want), wantMoves)
			}
		}
	}
	// UTF-32 is not UTF-16
	if e := sniffUTF16([]byte{0xFF, 0xFE, 0, 0, '[', 0, 0, 0}); e != EncodingUTF8 {
		t.Errorf("UTF-32LE taken for %v", e)
	}
}

// Binary data, empty input and text without chess fail as a whole with
// an *InputError before any block; PGN with some garbage between games
// keeps its games (issue 20, case 9; issue 19).
func TestInputRejected(t *testing.T) {
	random := make([]byte, 256<<10)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range random {
		random[i] = byte(rng.Uint32())
	}
	png := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89\x00\x00\x00\rIDATx\x9cc\x00\x01\x00\x00\x05\x00\x01\r\n-\xb4\x00\x00\x00\x00IEND\xaeB`\x82")
	for _, c := range []struct {
		name string
		in   []byte
		code string
		line int
	}{
		{"random bytes", random, CodeNotPGN, 0},
		{"png", png, CodeNotPGN, 0},
		{"pgn then binary", append([]byte(smallGame(1)), random...), CodeNotPGN, 0},
		{"csv", []byte("\nname,fide_id,rating\nCarlsen,1503014,2830\n1,Nakamura,2780\n"), CodeNotPGN, 2},
		{"letter", []byte("Dear arbiter,\nplease find the games attached.\n"), CodeNotPGN, 1},
		{"html", []byte("<html><body>1. e4 is best by test</body></html>\n"), CodeNotPGN, 1},
		{"empty", nil, CodeEmptyInput, 0},
		{"blank", []byte("\n \t\r\n"), CodeEmptyInput, 0},
	} {
		r := NewReader(bytes.NewReader(c.in), "x", Options{})
		b, err := r.Next()
		var ie *InputError
		if b != nil || !errors.As(err, &ie) || ie.Code != c.code || ie.Line != c.line || ErrorCode(err) != c.code {
			t.Errorf("%s: block %v, error %v", c.name, b, err)
		}
	}
	for _, c := range []struct {
		name  string
		in    string
		games int
	}{
		{"garbage between games", "Dear arbiter,\n\n" + smallGame(1) + "some notes\n\n" + smallGame(2), 2},
		{"movetext only", "1.e4 e5 2.Nf3 *\n", 1},
		{"uci", "e2e4 e7e5 g1f3 *\n", 1},
		{"russian", "1. Кf3 Кf6 *\n", 1},
		{"a stray NUL", smallGame(1) + "\x00\n" + smallGame(2), 2},
		{"tags only", "[Event \"x\"]\n[Site \"y\"]\n", 1},
		{"fen", "8/8/8/8/8/8/8/K6k w - - 0 1\n", 0},
	} {
		r := NewReader(strings.NewReader(c.in), "x", Options{})
		games, _, _, _, err := readAll(t, r)
		if err != nil || len(games) != c.games {
			t.Errorf("%s: %d games, %v", c.name, len(games), err)
		}
	}
}

// The decompressed size of an input is capped (MaxBytes, MaxExpansion): a
// bomb stops with ErrInputLimit, the games before it kept and the one it
// cut marked (issue 20, case 8).
func TestInputLimits(t *testing.T) {
	games := strings.Repeat(smallGame(0), 100)
	// games, then s, then spaces (deflate expands at most about 1030:1,
	// zstd far more), then a game
	compress := func(zst bool, s string, spaces int) []byte {
		var b bytes.Buffer
		var w io.WriteCloser
		if zst {
			w, _ = zstd.NewWriter(&b)
		} else {
			w, _ = gzip.NewWriterLevel(&b, gzip.BestSpeed)
		}
		w.Write([]byte(games + s))
		w.Write(bytes.Repeat([]byte(" "), spaces))
		w.Write([]byte("\n\n" + smallGame(1)))
		w.Close()
		return b.Bytes()
	}
	for _, c := range []struct {
		name string
		data []byte
		o    Options
		ok   bool
	}{
		{"max bytes, plain", []byte(games + "1. e4 e5 {" + strings.Repeat("x", 1000)), Options{MaxBytes: int64(len(games) + 500)}, false},
		{"max bytes, gzip", compress(false, "1. e4 {", 4<<20), Options{MaxBytes: 1 << 20}, false},
		{"expansion, zstd", compress(true, "1. e4 {", 40<<20), Options{}, false},
		{"expansion off", compress(true, "some notes\n", 40<<20), Options{MaxExpansion: -1}, true},
		{"expansion under the floor", compress(true, "some notes\n", 7<<20), Options{}, true},
		{"gzip under the ratio", compress(false, "some notes\n", 40<<20), Options{}, true},
	} {
		r := NewReader(bytes.NewReader(c.data), "b", c.o)
		raws, _, _, _, err := readAll(t, r)
		if c.ok {
			if err != nil || len(raws) != 101 {
				t.Errorf("%s: %d games, %v", c.name, len(raws), err)
			}
			continue
		}
		var re *ReadError
		if !errors.As(err, &re) || !errors.Is(err, ErrInputLimit) || ErrorCode(err) != CodeInputBomb || len(raws) != 101 {
			t.Errorf("%s: %d games, %v", c.name, len(raws), err)
			continue
		}
		last := raws[len(raws)-1]
		var g Game
		perr := ParseGame(last, "b", ParseOptions{}, &g)
		if !last.Truncated || !last.Limited || !errors.Is(perr, ErrInputLimit) || len(g.Notes) != 0 {
			t.Errorf("%s: the cut game: %+v %v, notes %+v", c.name, last.Limited, perr, g.Notes)
		}
	}
}

// A truncated stream's cut game has one error, the truncation: the
// comment or variation the cut left open is no further error (issue 19,
// defect f).
func TestTruncatedGameOneError(t *testing.T) {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write([]byte(smallGame(0) + "1. e4 {a long comment " + strings.Repeat("x", 20000)))
	w.Close()
	data := b.Bytes()[:b.Len()-8] // without the trailer
	r := NewReader(bytes.NewReader(data), "t.gz", Options{})
	raws, _, _, _, err := readAll(t, r)
	if ErrorCode(err) != CodeInputTruncated || len(raws) != 2 || !raws[1].Truncated || raws[1].Limited {
		t.Fatalf("%d games, %v", len(raws), err)
	}
	var g Game
	perr := ParseGame(raws[1], "t.gz", ParseOptions{}, &g)
	if !errors.Is(perr, ErrTruncated) || len(g.Notes) != 0 {
		t.Errorf("%v, notes %+v", perr, g.Notes)
	}
}

// Peek and Content let a caller read an input it recognises by content,
// from one open: nothing is lost on a stream that cannot be read twice.
func TestPeekContent(t *testing.T) {
	text := "012 A tournament\n" + strings.Repeat("001    1 m    Somebody                          2000 NOR     1234567 2000/01/01  0.0    1\n", 3000)
	r := NewReader(shortReads{strings.NewReader(text)}, "t", Options{BlockBytes: 64})
	head, err := r.Peek(4096)
	if err != nil || string(head) != text[:4096] {
		t.Fatalf("%v, %q", err, head)
	}
	c, err := r.Content()
	if err != nil {
		t.Fatal(err)
	}
	all, err := io.ReadAll(c)
	if err != nil || string(all) != text {
		t.Fatalf("%v: %d bytes of %d", err, len(all), len(text))
	}
	if _, err := r.Next(); err == nil || err == io.EOF {
		t.Errorf("Next after Content: %v", err)
	}
	r.Close()
	// Peek, then the games
	r = NewReader(strings.NewReader(someGames()), "t", Options{BlockBytes: 64})
	if h, err := r.Peek(10); err != nil || string(h) != "[Event \"g0" {
		t.Fatalf("%q %v", h, err)
	}
	raws, _, _, _, err := readAll(t, r)
	if err != nil || len(raws) != 40 {
		t.Errorf("%d games, %v", len(raws), err)
	}
	if _, err := r.Peek(10); err == nil {
		t.Error("Peek after Next")
	}
}

// shortReads is a reader that returns one byte less than asked, to vary the
// reads.
type shortReads struct{ r io.Reader }

func (s shortReads) Read(p []byte) (int, error) {
	if len(p) > 1 {
		p = p[:len(p)-1]
	}
	return s.r.Read(p)
}

// The memory limit counts the zstd window outside the heap's budget
// (issue 20, case 1).
func TestMemoryLimitCountsWindow(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	SetMemoryLimit(100 << 20)
	defer SetMemoryLimit(0)
	r := NewReader(bytes.NewReader(readFixture(t, "long31.pgn.zst")), "long31.pgn.zst", Options{})
	if _, _, _, _, err := readAll(t, r); err != nil {
		t.Fatal(err)
	}
	win := WindowMemory()
	if win < 1<<31 {
		t.Errorf("window memory %d, want 2 GiB or more", win)
	}
	if got := debug.SetMemoryLimit(-1); got != 100<<20+win {
		t.Errorf("memory limit %d, want %d", got, 100<<20+win)
	}
	r.Close() // the decoder goes back to the idle list: its ring stays counted
	if WindowMemory() != win {
		t.Errorf("window memory %d after close, want %d", WindowMemory(), win)
	}
}

func TestParseSize(t *testing.T) {
	for s, want := range map[string]int64{"2GiB": 2 << 30, "2G": 2 << 30, "500MB": 500e6, "1.5g": 3 << 29, "64k": 64 << 10, "1048576": 1 << 20, " 10 MiB ": 10 << 20, "0": 0} {
		if got, err := ParseSize(s); err != nil || got != want {
			t.Errorf("%q: %d %v, want %d", s, got, err, want)
		}
	}
	for _, s := range []string{"", "G", "-1G", "1Q", "NaN", "1e30G", "Inf"} {
		if _, err := ParseSize(s); err == nil {
			t.Errorf("%q: no error", s)
		}
	}
	for n, want := range map[int64]string{812: "812 B", 16 << 20: "16 MiB", 2 << 30: "2 GiB", 16077: "15.7 KiB", 1 << 50: "1 PiB"} {
		if got := FormatSize(n); got != want {
			t.Errorf("%d: %q, want %q", n, got, want)
		}
	}
}

// OpenContext gives up on a FIFO that no writer opens when the context
// ends, and stops a read that waits on a FIFO whose writer stays silent
// (issue 20, case 3: SIGINT and SIGTERM are honoured).
func TestOpenContextFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "f.pgn")
	if err := syscallMkfifo(fifo); err != nil {
		t.Skip(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	if _, err := OpenContext(ctx, Input{Name: fifo}, Options{}); !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 5*time.Second {
		t.Fatalf("open with no writer: %v after %v", err, time.Since(start))
	}
	// a writer that writes a game and waits
	w := make(chan *os.File, 1)
	go func() {
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			w <- nil
			return
		}
		f.WriteString(smallGame(1))
		w <- f
	}()
	ctx2, cancel2 := context.WithCancel(context.Background())
	r, err := OpenContext(ctx2, Input{Name: fifo}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	wf := <-w
	if wf == nil {
		t.Fatal("no writer")
	}
	defer wf.Close()
	time.AfterFunc(100*time.Millisecond, cancel2)
	start = time.Now()
	raws, _, _, _, err := readAll(t, r) // the first buffer waits for more
	if !errors.Is(err, context.Canceled) || len(raws) != 1 || time.Since(start) > 5*time.Second {
		t.Errorf("read: %d games, %v after %v", len(raws), err, time.Since(start))
	}
}
