package ingest

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// splitRecord is what the splitter decided about one range of the input.
type splitRecord struct {
	kind          byte // 'g' game, 'p' position, 's' skip
	off, n        int64
	line, col     int
	index         int
	truncated     bool
	skipErrString string
}

// splitRun reads r to its end and returns the splitter's decisions, the
// stats, the final error (as text) and the lines fastLine read.
func splitRun(r *Reader) (recs []splitRecord, st Stats, errText string, fast int) {
	for {
		b, err := r.Next()
		if err != nil {
			if !errors.Is(err, io.EOF) {
				errText = err.Error()
			}
			break
		}
		for _, g := range b.Games {
			recs = append(recs, splitRecord{kind: 'g', off: g.Offset, n: int64(len(g.Data)), line: g.Line, col: g.Col, index: g.Index, truncated: g.Truncated})
		}
		for _, p := range b.Positions {
			recs = append(recs, splitRecord{kind: 'p', off: p.Offset, n: int64(p.Size), line: p.Line, index: p.Index})
		}
		for _, s := range b.Skipped {
			recs = append(recs, splitRecord{kind: 's', off: s.Offset, n: s.Length, line: s.Line, index: s.Index, skipErrString: s.Err.Error()})
		}
		b.Release()
	}
	return recs, r.Stats(), errText, r.sp.fastLines
}

// withoutFastLine runs f with fastLine switched off.
func withoutFastLine(f func()) {
	noFastLine = true
	defer func() { noFastLine = false }()
	f()
}

// compareSplits reads the input twice, with and without fastLine, and
// reports the first difference. It returns the lines fastLine read.
func compareSplits(t testing.TB, name string, open func() (*Reader, error)) int {
	t.Helper()
	run := func() ([]splitRecord, Stats, string, int) {
		r, err := open()
		if err != nil {
			return nil, Stats{}, "open: " + err.Error(), 0
		}
		defer r.Close()
		return splitRun(r)
	}
	fastRecs, fastSt, fastErr, n := run()
	var slowRecs []splitRecord
	var slowSt Stats
	var slowErr string
	withoutFastLine(func() { slowRecs, slowSt, slowErr, _ = run() })
	if fastErr != slowErr {
		t.Fatalf("%s: error %q with fastLine, %q without", name, fastErr, slowErr)
	}
	for i := 0; i < len(fastRecs) || i < len(slowRecs); i++ {
		var a, b splitRecord
		if i < len(fastRecs) {
			a = fastRecs[i]
		}
		if i < len(slowRecs) {
			b = slowRecs[i]
		}
		if a != b {
			t.Fatalf("%s: record %d differs: with fastLine %+v, without %+v", name, i, a, b)
		}
	}
	if !reflect.DeepEqual(fastSt, slowSt) {
		t.Fatalf("%s: stats differ: with fastLine %+v, without %+v", name, fastSt, slowSt)
	}
	return n
}

func compareSplitBytes(t testing.TB, name string, data []byte, opts Options) int {
	t.Helper()
	opts.NoContentCheck = true
	return compareSplits(t, name, func() (*Reader, error) {
		return NewReader(bytes.NewReader(data), name, opts), nil
	})
}

// padComments returns data with every '{' followed by more than 256 bytes
// of comment text (holding clock times, so that colonResult reads them),
// so that the lines holding two comments or more are long enough for
// fastLine.
func padComments(data []byte) []byte {
	pad := []byte(strings.Repeat(" [%clk 0:01:00] x=1,", 14))
	return bytes.ReplaceAll(data, []byte("{"), append([]byte("{"), pad...))
}

// padLines returns data with 300 spaces before the end of every line that
// holds a '{', so that fastLine reads the lines of one short comment too.
func padLines(data []byte) []byte {
	var out []byte
	for _, l := range bytes.SplitAfter(data, []byte("\n")) {
		if bytes.IndexByte(l, '{') >= 0 {
			body, nl := bytes.CutSuffix(l, []byte("\n"))
			out = append(out, body...)
			out = append(out, bytes.Repeat([]byte(" "), 300)...)
			if nl {
				out = append(out, '\n')
			}
			continue
		}
		out = append(out, l...)
	}
	return out
}

// TestFastLineAgrees compares the splitting of lines that a short comment
// leaves to movetext with the same lines made long by the comment, which
// fastLine reads: the game starts must be movetext's.
func TestFastLineAgrees(t *testing.T) {
	long := "{ " + strings.Repeat("d=25, pd=Rxe5, mt=00:02:05, pv=e5 Rxe5 Nxe5 fxe5 ", 6) + "}"
	tags := "[Event \"x\"]\n[Result \"*\"]\n\n"
	two := func(c string) string { return c + " " + c } // two comments: not a sparse line
	tests := []struct {
		name string
		in   func(c string) string
		want string
	}{
		{"move after the comment", func(c string) string { return tags + c + " e4\n\n1. d4 d5 *\n" }, "1 6"},
		{"two comments", func(c string) string { return tags + c + " {b}\n\n1. d4 d5 *\n" }, "1"},
		{"result in a variation", func(c string) string { return tags + "1. e4 (1. d4\n" + c + " 1-0\n) e5 *\n\n1. c4 *\n" }, "1 8"},
		{"result in a variation, two comments", func(c string) string { return tags + "1. e4 (1. d4\n" + two(c) + " 1-0\n) e5 *\n\n1. c4 *\n" }, "1 8"},
		// a result written with ':' counts only at the end of its line
		{"colon result, a move after it", func(c string) string { return tags + "1. e4 " + c + " 1:0 Nf3\n\n1. d4 *\n" }, "1 6"},
		{"colon result, two comments", func(c string) string { return tags + "1. e4 " + two(c) + " 0:1 Nf3\n\n1. d4 *\n" }, "1 6"},
		{"half colon result", func(c string) string { return tags + "1. e4 " + two(c) + " 0,5:0,5 Nf3\n\n1. d4 *\n" }, "1 6"},
		{"colon result, a comment after it", func(c string) string { return tags + "1. e4 " + two(c) + " 1:0 {x}\n1. d4 *\n" }, "1"},
		{"colon result at the end of the line", func(c string) string { return tags + "1. e4 " + two(c) + " e5 1:0  \n1. d4 *\n" }, "1 5"},
		{"half colon result at the end of the line", func(c string) string { return tags + "1. e4 " + two(c) + " e5 0.5:0.5\n1. d4 *\n" }, "1 5"},
		{"colon results, movetext only", func(c string) string { return "1. e4 " + two(c) + " e5 1:0\n1. d4 " + c + " d5 0:1\n1. c4 *\n" }, "1 2 3"},
		{"minus sign result", func(c string) string { return tags + "1. e4 " + two(c) + " 1\u22120 Nf3\n\n1. d4 *\n" }, "1 4 6"},
		{"star before a brace", func(c string) string { return tags + "1. e4 " + two(c) + " *} Nf3\n\n1. d4 *\n" }, "1 4 6"},
		{"last move after two comments", func(c string) string { return tags + two(c) + " e4\n\n1. d4 d5 *\n" }, "1 6"},
		{"move numbers only", func(c string) string { return tags + "1. " + c + " {x} 2. *\n\n1. d4 *\n" }, "1 6"},
		{"move glued to a comment", func(c string) string { return tags + two(c) + "e4{x}\n\n1. d4 d5 *\n" }, "1 6"},
		{"clock in the comment", func(c string) string {
			return tags + "1. e4 { [%clk 0:01:00] } " + c + " e5 { [%clk 1:00:00] } 2. Nf3 1-0\n\n1. d4 *\n"
		}, "1 6"},
	}
	for _, tc := range tests {
		for _, c := range []string{"{ short }", long} {
			in := tc.in(c)
			games, skips, _ := splitString(t, in, Options{})
			if got := gameLines(games, skips); got != tc.want {
				t.Errorf("%s (comment of %d bytes): got %q, want %q", tc.name, len(c), got, tc.want)
			}
			compareSplitBytes(t, tc.name, []byte(in), Options{})
		}
	}
}

// TestFastLineCorpus splits every corpus file with and without fastLine:
// the games, skips and stats must be the same.
func TestFastLineCorpus(t *testing.T) {
	dirs := []string{"edge", "i18n", "oracle", "reference", "games"}
	if testing.Short() {
		dirs = dirs[:4]
	}
	root, files := corpusFiles(t, dirs...)
	fast := 0
	for _, rel := range files {
		fast += compareSplits(t, rel, func() (*Reader, error) {
			return Open(Input{Name: filepath.Join(root, rel)}, Options{NoContentCheck: true})
		})
	}
	t.Logf("%d files, %d lines read by fastLine", len(files), fast)
}

// mutationGames returns games of the corpus (some of each kind of file) to
// mutate.
func mutationGames(t *testing.T) [][]byte {
	root := corpusDir(t, "games")
	var out [][]byte
	for _, name := range []string{"lichess-jishanshaikh4-37k.pgn.zst", "tcec-seasons-1-14.pgn.zst",
		"shakmaty-bench-lichess_db_1000k.pgn", "shakmaty-bench-twic1599_1000k.pgn", "gaviota-starters.pgn"} {
		r, err := Open(Input{Name: filepath.Join(root, name)}, Options{BlockGames: 64})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for n < 200 {
			b, err := r.Next()
			if err != nil {
				break
			}
			for _, g := range b.Games {
				if n%3 == 0 || bytes.IndexByte(g.Data, '{') >= 0 {
					out = append(out, bytes.Clone(g.Data))
				}
				n++
			}
			b.Release()
		}
		r.Close()
	}
	if len(out) == 0 {
		t.Skip("no games")
	}
	return out
}

// mutate applies a few random edits that change where games begin: braces,
// parentheses, blank lines, result tokens in all spellings, ';'.
func mutate(rng *rand.Rand, d []byte) []byte {
	inserts := []string{"{", "}", "(", ")", "\n\n", "\n", ";", " 1-0 ", "0-1", " 1/2-1/2 ", " * ", "*", " 1:0 ", "1:0",
		" 0:1 ", "0.5:0.5", " 0,5:0,5 ", " 1\u22120 ", "1\u20130", " \u00bd-\u00bd ", "1/2", " e4 ", " 1. ", "\n1. d4 ",
		"\n\n[Event \"m\"]\n", " 1-0\n", "} ", " {"}
	deletes := []string{"{", "}", "(", ")", "\n\n", "\n", "1-0", "0-1", "1/2-1/2", "*", " "}
	for n := 1 + rng.Intn(4); n > 0; n-- {
		if rng.Intn(3) > 0 || len(d) == 0 {
			p := rng.Intn(len(d) + 1)
			s := inserts[rng.Intn(len(inserts))]
			d = append(d[:p:p], append([]byte(s), d[p:]...)...)
			continue
		}
		s := deletes[rng.Intn(len(deletes))]
		var at []int
		for i := 0; ; {
			k := bytes.Index(d[i:], []byte(s))
			if k < 0 {
				break
			}
			at = append(at, i+k)
			i += k + 1
		}
		if len(at) > 0 {
			p := at[rng.Intn(len(at))]
			d = append(d[:p:p], d[p+len(s):]...)
		}
	}
	return d
}

// TestFastLineMutants splits mutated real games with and without fastLine,
// as they are and with their comments and comment lines made long enough
// for fastLine.
func TestFastLineMutants(t *testing.T) {
	games := mutationGames(t)
	rng := rand.New(rand.NewSource(1))
	mutants := 3000
	if testing.Short() {
		mutants = 300
	}
	fast := 0
	for i := 0; i < mutants; i++ {
		k := rng.Intn(len(games))
		var d []byte
		for j := 0; j < 1+rng.Intn(3); j++ {
			d = append(d, games[(k+j)%len(games)]...)
		}
		d = mutate(rng, d)
		for v, in := range [][]byte{d, padComments(d), padLines(d), padLines(padComments(d))} {
			fast += compareSplitBytes(t, fmt.Sprintf("mutant %d variant %d", i, v), in, Options{BlockBytes: 16 << 10})
		}
	}
	t.Logf("%d mutants of %d games, %d lines read by fastLine", mutants, len(games), fast)
	if fastPaths && fast < mutants {
		t.Errorf("fastLine read only %d lines", fast)
	}
}

// FuzzSplitFastLine checks that splitting with and without fastLine gives
// the same games, skips and stats, for the input as it is and with its
// comments and comment lines made long enough for fastLine.
func FuzzSplitFastLine(f *testing.F) {
	addEdgeSeeds(f)
	for _, s := range []string{
		"[Event \"x\"]\n\n{a} {b} e4 1:0 Nf3 {c}\n\n1. d4 *\n", "1. e4 (1. d4\n{c} {d} 1-0\n) e5 *\n\n1. c4 *\n",
		"{a} {b} *} e4\n", "{a} 0,5:0,5 {b} e4\n", "{a} {b} 1\u22120 e4\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		// padding makes every '{' cost 280 bytes: keep the inputs small
		if len(data) > 8<<10 || bytes.Count(data, []byte("{")) > 64 {
			return
		}
		for v, in := range [][]byte{data, padComments(data), padLines(data)} {
			for _, o := range []Options{{BlockBytes: 16 << 10, MaxWindow: 1 << 20}, {BlockBytes: 64, MaxGameSize: 512, MaxWindow: 1 << 20}} {
				compareSplitBytes(t, fmt.Sprint("variant ", v), in, o)
			}
		}
	})
}
