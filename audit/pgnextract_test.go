package audit

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/ingest"
	"github.com/arbiter-chess/arbiter/validate"
)

// judged is what the tests below keep of a judged game.
type judged struct {
	key      string // the move tokens, to find the same game in another file
	tag      string // the Result tag
	verdict  validate.Verdict
	kinds    []string
	marked   map[string]int // first ply whose comment holds a pgn-extract mark
	line     int
	resToken string
}

func judgeAll(t *testing.T, path string) []judged {
	t.Helper()
	var out []judged
	judgeFile(t, path, func(g *ingest.Game, r *validate.Report) {
		j := judged{verdict: r.Verdict, marked: map[string]int{}, line: g.Line, resToken: g.ResultToken}
		j.tag, _ = g.Tag("Result")
		var key bytes.Buffer
		for i, m := range g.Moves {
			key.Write(m.Text)
			key.WriteByte(' ')
			for _, mark := range []string{"REPEAT", "FIFTY", "SEVENTYFIVE"} {
				if _, ok := j.marked[mark]; !ok && bytes.Contains(m.Comment, []byte(mark)) {
					j.marked[mark] = i + 1
				}
			}
		}
		j.key = key.String()
		for _, f := range r.Findings {
			j.kinds = append(j.kinds, f.Kind)
		}
		out = append(out, j)
	})
	if len(out) == 0 {
		t.Fatalf("%s: no games read", path)
	}
	return out
}

// pgnExtract holds the inputs and expected outputs of pgn-extract's tests
// (see its README.md).
var pgnExtract = filepath.Join("testdata", "pgn-extract")

// pgn-extract's own expected outputs (its test suite) agree with our
// findings on the same inputs: the games each filter keeps are the games
// where we find the event, and its { REPEAT } / { FIFTY } / { SEVENTYFIVE }
// marks start at the ply we report.
func TestPgnExtractFilters(t *testing.T) {
	tests := []struct {
		in, out, mark string
		has           func(v *validate.Verdict) int // the ply of the event, -1 if none
	}{
		{"test-repetition.pgn", "test-repetition-out.pgn", "REPEAT", func(v *validate.Verdict) int { return v.ThreefoldPly }},
		{"test-fifty.pgn", "test-fifty-out.pgn", "FIFTY", func(v *validate.Verdict) int { return v.FiftyPly }},
		{"test-seventyfive.pgn", "test-seventyfive-out.pgn", "SEVENTYFIVE", func(v *validate.Verdict) int { return v.SeventyFivePly }},
		{"test-checkmate.pgn", "test-checkmate-out.pgn", "", func(v *validate.Verdict) int {
			if v.End == validate.EndCheckmate {
				return v.EndPly
			}
			return -1
		}},
		{"test-stalemate.pgn", "test-stalemate-out.pgn", "", func(v *validate.Verdict) int {
			if v.End == validate.EndStalemate || (v.End == validate.EndDeadPosition && v.PliesReplayed == v.EndPly) {
				return v.EndPly
			}
			return -1
		}},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			in := judgeAll(t, filepath.Join(pgnExtract, "infiles", tc.in))
			out := judgeAll(t, filepath.Join(pgnExtract, "expected", tc.out))
			kept := map[string]bool{}
			for _, g := range out {
				kept[g.key] = true
				if tc.mark != "" {
					want, ok := g.marked[tc.mark]
					if !ok {
						t.Errorf("%s line %d: no %s mark", tc.out, g.line, tc.mark)
						continue
					}
					if got := tc.has(&g.verdict); got != want {
						t.Errorf("%s line %d: we say ply %d, pgn-extract marks ply %d", tc.out, g.line, got, want)
					}
				}
			}
			for _, g := range in {
				if found := tc.has(&g.verdict) >= 0; found != kept[g.key] {
					t.Errorf("%s line %d: event found=%v, pgn-extract kept=%v", tc.in, g.line, found, kept[g.key])
				}
			}
		})
	}
}

// --nobadresults drops games whose Result tag and result token disagree
// (a "*" token disagrees with nothing); its log names them.
func TestPgnExtractNoBadResults(t *testing.T) {
	log, err := os.ReadFile(filepath.Join(pgnExtract, "expected", "test-nobadresults-log.txt"))
	if err != nil {
		t.Fatal(err)
	}
	games := judgeAll(t, filepath.Join(pgnExtract, "infiles", "test-nobadresults.pgn"))
	if len(games) != 9 {
		t.Fatalf("%d games, want the file's 9", len(games))
	}
	for _, g := range games {
		flagged := strings.Contains(strings.Join(g.kinds, " "), validate.KindResultMismatch)
		logged := strings.Contains(string(log), "Line number: "+itoa(g.line)+"\n")
		if flagged != logged {
			t.Errorf("line %d: result_mismatch=%v, pgn-extract logged=%v (kinds %v)", g.line, flagged, logged, g.kinds)
		}
	}
}

// --fixresulttags rewrites the Result tag to what the game's end says.
func TestPgnExtractFixResultTags(t *testing.T) {
	in := judgeAll(t, filepath.Join(pgnExtract, "infiles", "test-fixresulttags-in.pgn"))
	out := judgeAll(t, filepath.Join(pgnExtract, "expected", "test-fixresulttags-out.pgn"))
	if len(in) != len(out) {
		t.Fatalf("%d games in, %d out", len(in), len(out))
	}
	for i := range in {
		want := out[i].tag
		got := in[i].verdict.ResultByRules
		if got == "" {
			got, _ = validate.NormalizeResult(in[i].resToken)
		}
		if got != want {
			t.Errorf("game %d (line %d): we say %q, pgn-extract fixed the tag to %q (kinds %v)", i, in[i].line, got, want, in[i].kinds)
		}
	}
}

func itoa(n int) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			return string(b[i:])
		}
	}
}
