package ingest

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

func splitString(t *testing.T, s string, opts Options) ([]RawGame, []Skip, Stats) {
	t.Helper()
	r := NewReader(strings.NewReader(s), "t.pgn", opts)
	games, _, skips, _, err := readAll(t, r)
	if err != nil {
		t.Fatal(err)
	}
	return games, skips, r.Stats()
}

// gameLines renders the first line number of every game, and garbage as g<line>.
func gameLines(games []RawGame, skips []Skip) string {
	type ev struct {
		off int64
		s   string
	}
	var evs []ev
	for _, g := range games {
		evs = append(evs, ev{g.Offset, fmt.Sprint(g.Line)})
	}
	for _, s := range skips {
		tag := "skip"
		if s.Index < 0 {
			tag = "g"
		}
		evs = append(evs, ev{s.Offset, fmt.Sprintf("%s%d", tag, s.Line)})
	}
	sort.Slice(evs, func(i, j int) bool { return evs[i].off < evs[j].off })
	var out []string
	for _, e := range evs {
		out = append(out, e.s)
	}
	return strings.Join(out, " ")
}

func TestSplit(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"standard", "[Event \"a\"]\n[Result \"*\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n", "1 6"},
		{"no blank line", "[Event \"a\"]\n1. e4 *\n[Event \"b\"]\n1. d4 *\n", "1 3"},
		{"no result, no blank", "[Event \"a\"]\n1. e4\n[Event \"b\"]\n1. d4\n", "1 3"},
		{"leading blank and %", "\n\n% comment\n[Event \"a\"]\n1. e4 *\n", "4"},
		{"tags only games", "[Event \"a\"]\n[Site \"x\"]\n\n[Event \"b\"]\n[Site \"y\"]\n", "1 4"},
		{"tag section with blank", "[Event \"a\"]\n\n[Site \"x\"]\n\n1. e4 *\n", "1"},
		{"repeated tag after blank", "[Round \"1\"]\n[White \"x\"]\n\n[Round \"2\"]\n", "1 4"},
		{"repeated tag and moves on a line after blank", "[Round \"1\"]\n[White \"x\"]\n\n[Round \"2\"] 1. e4 *\n", "1 4"},
		{"movetext only, one per line", "1. e4 e5 1-0\n1. d4 d5 0-1\n1. c4 1/2-1/2\n", "1 2 3"},
		{"several games on a line", "1. e4 1-0 1. d4 0-1 {c} 1. c4 *\n", "1 1 1"},
		{"comment after result stays", "1. e4 1-0\n{final}\n1. d4 *\n", "1 3"},
		{"move one after blank", "1. e4 e5\n\n1. d4 d5\n", "1 3"},
		{"black move one after blank", "1. e4 {note\n\n} 1... e5\n", "1"},
		{"garbage between games", "[Event \"a\"]\n1. e4 *\n\nDownloaded from somewhere\nGame list\n\n[Event \"b\"]\n1. d4 *\n", "1 g4 7"},
		{"garbage at start", "<html>\n<pre>\n[Event \"a\"]\n1. e4 *\n", "g1 3"},
		{"garbage after movetext", "1. e4 e5\n\nCopyright 2024\n1. d4 *\n", "1 g3 4"},
		{"crlf", "[Event \"a\"]\r\n\r\n1. e4 *\r\n\r\n[Event \"b\"]\r\n\r\n1. d4 *\r\n", "1 5"},
		{"tag in comment", "[Event \"a\"]\n1. e4 {see\n[Event \"x\"]\n} *\n[Event \"b\"]\n1. d4 *\n", "1 5"},
		{"runaway comment", "[Event \"a\"]\n1. e4 {oops\n\n[Event \"b\"]\n1. d4 *\n", "1 4"},
		{"semicolon brace", "[Event \"a\"]\n1. e4 ; {\n[Event \"b\"]\n1. d4 *\n", "1 3"},
		{"result in variation", "1. e4 (1. d4 1-0) e5\n1. Nf3 *\n", "1"},
		{"no final newline", "[Event \"a\"]\n1. e4 *", "1"},
		{"bom", "\xef\xbb\xbf[Event \"a\"]\n1. e4 *\n", "1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			games, skips, st := splitString(t, tc.in, Options{})
			if got := gameLines(games, skips); got != tc.want {
				t.Errorf("games at %q, want %q", got, tc.want)
			}
			checkAccounting(t, []byte(tc.in), games, nil, skips, st)
		})
	}
}

// checkAccounting verifies that games, skips and ignored bytes partition
// the input exactly and that each game's data and line are right.
func checkAccounting(t *testing.T, data []byte, games []RawGame, pos []RawPosition, skips []Skip, st Stats) {
	t.Helper()
	data = loneCRsToLF(data) // as the Reader reads them
	if st.Bytes != int64(len(data)) {
		t.Errorf("Stats.Bytes %d, input %d", st.Bytes, len(data))
	}
	if sum := st.GameBytes + st.PositionBytes + st.SkippedBytes + st.GarbageBytes + st.IgnoredBytes; sum != st.Bytes {
		t.Errorf("stats do not add up: %+v", st)
	}
	if st.GamesSeen != st.Games+st.SkippedGames || st.Games != len(games) {
		t.Errorf("game counts: seen %d delivered %d (%d) skipped %d", st.GamesSeen, st.Games, len(games), st.SkippedGames)
	}
	type rng struct{ off, n int64 }
	var rs []rng
	idx := map[int]bool{}
	for _, g := range games {
		rs = append(rs, rng{g.Offset, int64(len(g.Data))})
		if !bytes.Equal(g.Data, data[g.Offset:g.Offset+int64(len(g.Data))]) {
			t.Errorf("game %d: data differs from the input at its offset", g.Index)
		}
		if line := bytes.Count(data[:g.Offset], []byte{'\n'}) + 1; line != g.Line {
			t.Errorf("game %d: line %d, want %d", g.Index, g.Line, line)
		}
		idx[g.Index] = true
	}
	for _, p := range pos {
		rs = append(rs, rng{p.Offset, int64(p.Size)})
		if !bytes.HasPrefix(data[p.Offset:], bytes.TrimPrefix(p.Text, bom)) && !bytes.HasPrefix(data[p.Offset+3:], p.Text) {
			t.Errorf("position %d: text differs from the input at its offset", p.Index)
		}
	}
	for _, s := range skips {
		rs = append(rs, rng{s.Offset, s.Length})
		if s.Index >= 0 {
			idx[s.Index] = true
		}
		var se *SyntaxError
		if !errors.As(s.Err, &se) || se.Offset != s.Offset || se.Line != s.Line {
			t.Errorf("skip %+v: error not located", s)
		}
	}
	for i := 0; i < st.GamesSeen; i++ {
		if !idx[i] {
			t.Errorf("game index %d neither delivered nor reported", i)
		}
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].off < rs[j].off })
	var covered, prev int64
	for _, r := range rs {
		if r.off < prev {
			t.Errorf("ranges overlap at %d", r.off)
		}
		covered += r.n
		prev = r.off + r.n
	}
	if covered+st.IgnoredBytes != int64(len(data)) {
		t.Errorf("games+skips cover %d bytes + %d ignored, input %d", covered, st.IgnoredBytes, len(data))
	}
}

func TestSplitTooLarge(t *testing.T) {
	big := "[Event \"big\"]\n1. e4 {" + strings.Repeat("x", 5000) + "} e5 *\n"
	huge := "[Event \"huge\"]\n1. e4 {" + strings.Repeat("y ", 40000) + "\n" + strings.Repeat("z", 70000) + "} *\n"
	in := "[Event \"a\"]\n1. e4 *\n" + big + "[Event \"b\"]\n1. d4 *\n" + huge + "[Event \"c\"]\n1. c4 *\n"
	for _, bs := range []int{1, 1000, 1 << 20} {
		t.Run(fmt.Sprint(bs), func(t *testing.T) {
			games, skips, st := splitString(t, in, Options{MaxGameSize: 4096, BlockBytes: bs})
			if got := gameLines(games, skips); got != "1 skip3 5 skip7 10" {
				t.Errorf("got %q", got)
			}
			for _, s := range skips {
				if !errors.Is(s.Err, ErrGameTooLarge) || !strings.Contains(s.Err.Error(), "t.pgn:") {
					t.Errorf("skip error %v", s.Err)
				}
			}
			if st.SkippedGames != 2 || st.SkipReasons[ErrGameTooLarge.Error()] != 2 {
				t.Errorf("stats %+v", st)
			}
			checkAccounting(t, []byte(in), games, nil, skips, st)
		})
	}
}

func TestSplitBlocks(t *testing.T) {
	var sb strings.Builder
	for i := 0; i < 1000; i++ {
		fmt.Fprintf(&sb, "[Event \"g%d\"]\n[Result \"*\"]\n\n1. e4 { [%%clk 0:01:00] } e5 *\n\n", i)
	}
	in := sb.String()
	for _, o := range []Options{{BlockBytes: 1}, {BlockBytes: 3000}, {BlockGames: 7}, {}} {
		r := NewReader(strings.NewReader(in), "t", o)
		games, _, skips, blocks, err := readAll(t, r)
		if err != nil || len(games) != 1000 {
			t.Fatalf("%+v: %d games, %v", o, len(games), err)
		}
		var off int64
		for i, b := range blocks {
			if b.Seq != i || b.Offset != off || b.Kind != KindPGN {
				t.Fatalf("%+v: block %d seq %d offset %d, want %d", o, i, b.Seq, b.Offset, off)
			}
			if o.BlockGames > 0 && len(b.Games) > o.BlockGames {
				t.Errorf("block with %d games", len(b.Games))
			}
			off += b.Bytes
		}
		if off != int64(len(in)) || !blocks[len(blocks)-1].Last {
			t.Errorf("%+v: blocks cover %d of %d", o, off, len(in))
		}
		for i, g := range games {
			if g.Index != i {
				t.Fatalf("game %d has index %d", i, g.Index)
			}
		}
		checkAccounting(t, []byte(in), games, nil, skips, r.Stats())
	}
}

// TestNothingLost reads every file of corpus/edge with several block and
// size settings and checks that every byte and every game is accounted for.
func TestNothingLost(t *testing.T) {
	root, files := corpusFiles(t, "edge", "i18n")
	for _, rel := range files {
		data, err := os.ReadFile(filepath.Join(root, rel))
		if err != nil {
			t.Fatal(err)
		}
		var ref []RawGame
		for _, o := range []Options{{NoContentCheck: true}, {BlockBytes: 1, NoContentCheck: true}, {BlockBytes: 5000, MaxGameSize: 20000, NoContentCheck: true}} {
			r := NewReader(bytes.NewReader(data), rel, o)
			games, pos, skips, _, err := readAll(t, r)
			if err != nil {
				t.Errorf("%s: %v", rel, err)
			}
			st := r.Stats()
			checkAccounting(t, data, games, pos, skips, st)
			if st.Kind == KindPositions && len(pos) != st.Positions {
				t.Errorf("%s: positions", rel)
			}
			if o.MaxGameSize == 0 {
				if ref == nil {
					ref = games
				} else if len(ref) != len(games) {
					t.Errorf("%s: %d games with %+v, %d with defaults", rel, len(games), o, len(ref))
				} else {
					for i := range ref {
						if ref[i].Offset != games[i].Offset || len(ref[i].Data) != len(games[i].Data) {
							t.Errorf("%s: game %d differs with %+v", rel, i, o)
							break
						}
					}
				}
			}
		}
	}
}

func TestPositions(t *testing.T) {
	in := "# perft suite\n\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\r\n  \n4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"x\";\n8/8/8/8/8/8/8/K6k b - -"
	r := NewReader(strings.NewReader(in), "p.epd", Options{})
	_, pos, skips, _, err := readAll(t, r)
	if err != nil || len(skips) != 0 {
		t.Fatal(err, skips)
	}
	want := []struct {
		line int
		text string
	}{{3, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}, {5, "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"x\";"}, {6, "8/8/8/8/8/8/8/K6k b - -"}}
	if len(pos) != len(want) {
		t.Fatalf("%d positions", len(pos))
	}
	for i, w := range want {
		if pos[i].Line != w.line || string(pos[i].Text) != w.text || pos[i].Index != i {
			t.Errorf("position %d = %d %q, want %d %q", i, pos[i].Line, pos[i].Text, w.line, w.text)
		}
	}
	st := r.Stats()
	if st.Kind != KindPositions || st.BlankLines != 2 || st.CommentLines != 1 || st.Positions != 3 || st.Lines != 6 {
		t.Errorf("stats %+v", st)
	}
	if st.PositionBytes+st.IgnoredBytes != int64(len(in)) {
		t.Errorf("bytes not accounted: %+v", st)
	}
	// an over-long line is skipped, its neighbours read
	long := "8/8/8/8/8/8/8/K6k b - -\n" + strings.Repeat("x", 300000) + "\n8/8/8/8/8/8/8/K6k w - -\n"
	r = NewReader(strings.NewReader(long), "p.fen", Options{Kind: KindPositions, MaxGameSize: 1000, BlockBytes: 1000})
	_, pos, skips, _, err = readAll(t, r)
	if err != nil || len(pos) != 2 || len(skips) != 1 || !errors.Is(skips[0].Err, ErrLineTooLong) || skips[0].Line != 2 || pos[1].Line != 3 {
		t.Fatalf("long line: %v %d %+v", err, len(pos), skips)
	}
	st = r.Stats()
	if st.PositionBytes+st.SkippedBytes+st.IgnoredBytes != int64(len(long)) {
		t.Errorf("bytes not accounted: %+v", st)
	}
}

// TestPipeline runs the intended pattern: one goroutine calls Next, workers
// parse the blocks' games and release the blocks (go test -race checks it).
func TestPipeline(t *testing.T) {
	plain := readFixture(t, "small.pgn")
	data := bytes.Repeat(plain, 20)
	var buf bytes.Buffer
	w, _ := zstdWriter(&buf)
	w.Write(data)
	w.Close()
	r := NewReader(bytes.NewReader(buf.Bytes()), "pipe.pgn.zst", Options{BlockBytes: 8 << 10})
	defer r.Close()
	blocks := make(chan *Block)
	results := make(chan int)
	for w := 0; w < 3; w++ {
		go func() {
			var g Game
			n := 0
			for b := range blocks {
				for _, raw := range b.Games {
					ParseGame(raw, b.File, ParseOptions{}, &g)
					n += len(g.Moves)
				}
				b.Release()
			}
			results <- n
		}()
	}
	done := make(chan struct{})
	go func() {
		for r.CompressedBytesRead() < int64(buf.Len()) {
			select {
			case <-done:
				return
			default:
			}
		}
	}()
	for {
		b, err := r.Next()
		if err != nil {
			break
		}
		blocks <- b
	}
	close(blocks)
	close(done)
	moves := 0
	for w := 0; w < 3; w++ {
		moves += <-results
	}
	var g Game
	want := 0
	games, _, _ := readGames(t, "plain", plain)
	for _, raw := range games {
		ParseGame(raw, "plain", ParseOptions{}, &g)
		want += len(g.Moves)
	}
	if st := r.Stats(); moves != 20*want || st.Games != 20*len(games) || st.Bytes != int64(len(data)) {
		t.Errorf("%d moves (want %d), stats %+v", moves, 20*want, st)
	}
}

// TestSmallReads feeds a long line one byte per Read: the reader must stay
// linear (no re-search of the buffered line on every read).
func TestSmallReads(t *testing.T) {
	in := "[Event \"a\"]\n1. e4 {" + strings.Repeat("long comment ", 80000) + "} e5 *\n[Event \"b\"]\n1. d4 *\n"
	start := time.Now()
	r := NewReader(iotest.OneByteReader(strings.NewReader(in)), "slow", Options{Kind: KindPGN})
	games, _, skips, _, err := readAll(t, r)
	if err != nil || len(games) != 2 || len(skips) != 0 {
		t.Fatalf("%d games %v %v", len(games), skips, err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v", d)
	}
	checkAccounting(t, []byte(in), games, nil, skips, r.Stats())
}

// TestSplitLongComment splits lines that one long comment fills for the
// most part, which fastLine leaves to movetext, and lines of two long
// comments, which fastLine reads: the game starts are movetext's (as for
// the same lines with a short comment), in the cases where fastLine once
// differed (a last move after the comments, a line of comments and move
// numbers only, a result inside a variation, ':' results) and in lines
// that fastLine declines.
func TestSplitLongComment(t *testing.T) {
	c := "{ " + strings.Repeat("d=25, pd=Rxe5, mt=00:02:05, pv=e5 Rxe5 Nxe5 fxe5 ", 6) + "}"
	tags := "[Event \"x\"]\n[Result \"*\"]\n\n"
	tests := []struct {
		name, in, want string
	}{
		{"move after the comment", tags + c + " e4\n\n1. d4 d5 *\n", "1 6"},
		{"move after two comments", tags + c + " " + c + " e4\n\n1. d4 d5 *\n", "1 6"},
		{"move number after the comment", tags + c + " 1. \n\n1. d4 d5 *\n", "1"},
		{"two comments", tags + c + " {b}\n\n1. d4 d5 *\n", "1"},
		{"number and comments", tags + "1. " + c + " {x} 2. *\n\n1. d4 *\n", "1 6"},
		{"result in a variation", tags + "1. e4 (1. d4\n" + c + " 1-0\n) e5 *\n\n1. c4 *\n", "1 8"},
		{"colon result, a move after it", tags + "1. e4 " + c + " 1:0 Nf3\n\n1. d4 *\n", "1 6"},
		{"colon result after two comments", tags + "1. e4 " + c + " " + c + " 1:0 Nf3\n\n1. d4 *\n", "1 6"},
		{"colon result at the end of the line", tags + "1. e4 " + c + " 1:0\n1. d4 *\n", "1 5"},
		{"result then a move", tags + "1. e4 " + c + " 1-0 e5\n\n1. d4 *\n", "1 4 6"},
		{"semicolon", tags + "1. e4 " + c + " ;x\n\n1. d4 *\n", "1 6"},
		{"open comment", tags + "1. e4 " + c + " e5 {\n\n[Event \"z\"]\n1. d4 *\n", "1 6"},
		{"parenthesis inside", tags + "1. e4 " + strings.Replace(c, "Nxe5", "(Nxe5", 1) + " 1-0\n\n1. d4 *\n", "1 6"},
		{"result at the end", tags + "1. e4 " + c + " 1/2-1/2\n1. d4 *\n", "1 5"},
	}
	for _, tc := range tests {
		games, skips, _ := splitString(t, tc.in, Options{})
		if got := gameLines(games, skips); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}

// loneCRsToLF returns data with each '\r' that no '\n' follows turned
// into a '\n', as the Reader reads line ends.
func loneCRsToLF(data []byte) []byte {
	out := bytes.Clone(data)
	for i, c := range out {
		if c == '\r' && (i+1 == len(out) || out[i+1] != '\n') {
			out[i] = '\n'
		}
	}
	return out
}
