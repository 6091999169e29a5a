package audit

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"
	"golang.org/x/net/html"

	"github.com/arbiter-chess/arbiter/ingest"
	"github.com/arbiter-chess/arbiter/report"
	"github.com/arbiter-chess/arbiter/sheet"
)

// errorGames are games made to hit the findings whose sentences the page
// builds from the position: illegal moves of each reason, ambiguous and
// unreadable moves, castling without the right or through check, wins the
// Laws make draws, check marks, null moves, start positions.
const errorGames = `[Event "pin"]
[Result "*"]

1. e4 e5 2. Bb5 Nc6 3. Bxc6 dxc6 4. Nf3 Bd6 5. d4 Bb4+ 6. Nbd2 Bxd2+ 7. Nxd2 Nf6 8. Nd2f3 *

[Event "king into check"]

1. e4 e5 2. Ke2 Ke7 3. Qh5 Kd6 4. Qxf7 Ke6 5. Kd3 Kf6 *

[Event "castling"]

1. e4 e5 2. Ke2 Ke7 3. Ke1 Ke8 4. Nf3 Nf6 5. Bc4 Bc5 6. O-O *

[Event "castling through check"]

1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. d3 d6 5. Bg5 h6 6. Bh4 Bg4 7. Nc3 Nbd7 8. Qd2 Qe7 9. O-O-O O-O-O 10. h3 Bxf3 11. gxf3 Rdg8 12. Rdg1 c6 13. a3 b5 14. Ba2 a5 15. Bxf6 gxf6 16. Qh6 *

[Event "ambiguous"]

1. e4 a6 2. Nc3 a5 3. Ne2 *

[Event "unreadable"]

1. e4 e5 2. Xy9 *

[Event "long form"]

1. e4 e5 2. e3e4 *

[Event "wrong colour"]

1. e4 e5 2. Ne7f5 *

[Event "promotion"]

[FEN "8/P6k/8/8/8/8/8/K7 w - - 0 1"]
[SetUp "1"]

1. a8 *

[Event "promotion to a king"]

[FEN "8/P6k/8/8/8/8/8/K7 w - - 0 1"]
[SetUp "1"]

1. a8=K *

[Event "occupied"]

1. e4 e5 2. Nf3 Nc6 3. Nd4 Nd4 4. Ke2 *

[Event "no piece reaches"]

1. e4 e5 2. Qh6 *

[Event "unwinnable on time"]
[FEN "8/8/8/4k3/7p/8/4K3/8 w - - 0 60"]
[SetUp "1"]
[Result "1-0"]
[Termination "Time forfeit"]

60. Ke3 Kd5 61. Kf4 1-0

[Event "resigned bare"]
[FEN "8/8/8/4k3/8/8/4KP2/3N4 b - - 0 60"]
[SetUp "1"]
[Result "0-1"]

60... Kd5 0-1

[Event "minor piece win"]
[FEN "k7/p7/8/1K6/8/8/8/2B5 w - - 0 60"]
[SetUp "1"]
[Result "1-0"]
[Termination "Time forfeit"]

60. Kc6 a5 1-0

[Event "check marks"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0

[Event "null"]

1. e4 -- 2. Nf3 Nf6 *

[Event "tag and token"]
[Result "1-0"]

1. e4 e5 0-1

[Event "no result"]

1. e4 e5

[Event "start"]
[FEN "8/8/8/8/8/8/8/K6k w - - 0 1"]

1. Kb1 *

[Event "bad start"]
[FEN "8/8/8/8/8/8/8/KK5k w - - 0 1"]
[SetUp "1"]

1. Kb1 *

[Event "stalemate won"]
[FEN "k7/8/1Q6/8/8/8/8/7K w - - 0 1"]
[SetUp "1"]
[Result "1-0"]

1. Kg2 1-0
`

// exactKinds are the kinds whose English sentence on the page is
// package validate's message word for word.
var exactKinds = []string{
	"illegal_move", "ambiguous_move", "unreadable_move", "moves_after_game_end", "result_mismatch",
	"unwinnable_win", "minor_piece_win", "unwinnability_undetermined", "checkmate", "stalemate",
	"dead_position", "threefold_claimable", "threefold_repetition", "fifty_move_rule", "fivefold_repetition",
	"seventyfive_move_rule", "check_mark", "null_move", "setup_tag_missing", "missing_result",
}

// stageSheet judges every input with a Stage keeping every game for the
// page and calls fn with each game kept and its findings rows' messages.
func stageSheet(t *testing.T, name string, r io.Reader, fn func(g *sheet.Game, messages []string)) {
	t.Helper()
	opt := sheet.Options{Level: "info", Max: 1 << 30}
	st := NewStage(StageOptions{Tables: [numTables]bool{TableFindings: true}, Sheet: &opt}, nil)
	defer st.Close()
	rd := ingest.NewReader(r, name, ingest.Options{})
	defer rd.Close()
	for {
		b, err := rd.Next()
		if b != nil {
			out, perr := st.Process(b, 0)
			if perr != nil {
				t.Fatal(perr)
			}
			byGame := map[int64][]string{}
			if rec := out.Records[TableFindings]; rec != nil {
				ids := rec.Column(rec.Schema().FieldIndices("game_id")[0]).(*array.Int64)
				msgs := rec.Column(rec.Schema().FieldIndices("message")[0]).(*array.String)
				for i := range int(rec.NumRows()) {
					byGame[ids.Value(i)] = append(byGame[ids.Value(i)], msgs.Value(i))
				}
			}
			if out.Sheet != nil {
				for i := range out.Sheet.Games {
					g := &out.Sheet.Games[i]
					fn(g, byGame[g.ID])
				}
			}
			out.Release()
		}
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
}

// The page renders the findings' sentences from their fields with the
// message table; the English table gives package validate's message word
// for word, on crafted games and on the shared corpus. The German
// sentences fill every placeholder and read differently.
func TestSheetMessagesMatchValidate(t *testing.T) {
	en, _ := sheet.LangFor("en")
	de, _ := sheet.LangFor("de")
	seen := map[string]int{}
	check := func(g *sheet.Game, msgs []string) {
		if len(msgs) != len(g.Findings) {
			t.Fatalf("game %d: %d findings rows, %d on the page", g.ID, len(msgs), len(g.Findings))
		}
		for i := range g.Findings {
			f := &g.Findings[i]
			got := en.Message(g, f)
			if slices.Contains(exactKinds, f.Kind) {
				seen[f.Kind]++
				if got != msgs[i] {
					t.Errorf("game %d %s:\npage      %q\nvalidate  %q", g.ID, f.Kind, got, msgs[i])
				}
			}
			german := de.Message(g, f)
			if strings.Contains(german, "{") && !strings.Contains(msgs[i], "{") || german == got && f.Kind != "syntax_error" {
				t.Errorf("game %d %s: German %q (English %q)", g.ID, f.Kind, german, got)
			}
		}
	}
	stageSheet(t, "errors.pgn", strings.NewReader(errorGames), check)
	for _, k := range []string{"illegal_move", "ambiguous_move", "unreadable_move", "unwinnable_win", "minor_piece_win",
		"check_mark", "null_move", "stalemate", "result_mismatch", "missing_result", "setup_tag_missing", "checkmate"} {
		if seen[k] == 0 {
			t.Errorf("no %s among the crafted games", k)
		}
	}
	for _, in := range []string{filepath.Join(sample, "twic-extended.pgn.zst"), filepath.Join("..", "testdata", "event", "event.pgn"),
		filepath.Join(shared, "edge"), filepath.Join(shared, "i18n")} {
		ins, errs := ingest.Expand([]string{in})
		if len(errs) > 0 {
			if strings.HasPrefix(in, shared) {
				continue // the shared corpus is absent
			}
			t.Fatal(errs)
		}
		for _, i := range ins {
			rc, err := ingest.OpenContent(i, ingest.Options{})
			if err != nil {
				t.Fatal(err)
			}
			stageSheet(t, i.Name, rc, check)
			rc.Close()
		}
	}
	t.Logf("compared: %v", seen)
}

// hostile is a game whose tags and comments carry markup.
const hostile = `[Event "<script>alert('event')</script>"]
[White "<script>alert(1)</script>"]
[Black "Bobby \" onmouseover=\"alert(2)"]
[WhiteElo "<b>2800</b>"]
[Site "javascript:alert(3)"]
[Result "1-0"]
[Termination "</td><script>alert(4)</script>"]
[FEN "8/8/8/4k3/7p/8/4K3/8 w - - 0 60"]
[SetUp "1"]

60. Ke3 {<script>alert(5)</script><img src=x onerror=alert(6)>} Kd5 61. Kd3 {]]></svg><script>alert(7)</script>} 1-0
`

// Anything from the input that reaches the page is escaped: tags,
// comments and file names are text in the page's DOM, and the only
// script element is the page's own.
func TestSheetEscapesInput(t *testing.T) {
	dir := t.TempDir()
	// (a file name cannot hold a slash, so no closing tag)
	name := filepath.Join(dir, `<img src=x onerror=alert("file")><script>.pgn`)
	if err := os.WriteFile(name, []byte(hostile), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	for _, lang := range []string{"en", "de"} {
		_, err := Run(context.Background(), Config{Inputs: []string{name}, OutDir: out, Progress: "never", Writer: writerForTests(),
			Sheet: SheetOptions{Lang: lang}})
		if err != nil {
			t.Fatal(err)
		}
		page, err := os.ReadFile(filepath.Join(out, ReportFile))
		if err != nil {
			t.Fatal(err)
		}
		doc, err := html.Parse(bytes.NewReader(page))
		if err != nil {
			t.Fatal(err)
		}
		var scripts, blocks int
		var text strings.Builder
		var walk func(n *html.Node)
		walk = func(n *html.Node) {
			if n.Type == html.ElementNode {
				switch n.Data {
				case "script":
					scripts++
				case "img", "b", "iframe":
					t.Errorf("%s: the input made a <%s> element", lang, n.Data)
				case "article":
					for _, a := range n.Attr {
						if a.Key == "class" && strings.HasPrefix(a.Val, "block") {
							blocks++
						}
					}
				}
				for _, a := range n.Attr {
					if strings.HasPrefix(a.Key, "on") {
						t.Errorf("%s: the input made an attribute %s=%q on <%s>", lang, a.Key, a.Val, n.Data)
					}
				}
			}
			if n.Type == html.TextNode && (n.Parent == nil || n.Parent.Data != "script" && n.Parent.Data != "style") {
				text.WriteString(n.Data)
				text.WriteByte('\n')
			}
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				walk(c)
			}
		}
		walk(doc)
		if scripts != 1 {
			t.Errorf("%s: %d script elements, want the page's own", lang, scripts)
		}
		if blocks != 1 {
			t.Errorf("%s: %d blocks, want 1 (the unwinnable win)", lang, blocks)
		}
		for _, s := range []string{`<script>alert(1)</script>`, `<script>alert('event')</script>`, `Bobby " onmouseover="alert(2)`,
			`<b>2800</b>`, `<img src=x onerror=alert("file")><script>.pgn`, `]]></svg><script>alert(7)</script>`} {
			if !strings.Contains(text.String(), s) {
				t.Errorf("%s: the page's text lacks %q", lang, s)
			}
		}
	}
}

// The page is written to DIR/report.html, elsewhere with -report PATH, not
// at all with -report none (which also removes a page of an earlier run);
// no temporary file is left behind.
func TestSheetPaths(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	run := func(o SheetOptions) {
		t.Helper()
		if _, err := Run(context.Background(), Config{Inputs: []string{filepath.Join("..", "testdata", "event")}, OutDir: out,
			Progress: "never", Writer: writerForTests(), Sheet: o}); err != nil {
			t.Fatal(err)
		}
	}
	run(SheetOptions{})
	page := filepath.Join(out, ReportFile)
	data, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"Correction sheet", "Arbiter Example Round Robin", "Okafor, Daniel", `class="block`, "Results changed by the Laws"} {
		if !bytes.Contains(data, []byte(s)) {
			t.Errorf("report.html lacks %q", s)
		}
	}
	other := filepath.Join(dir, "elsewhere", "r.html")
	run(SheetOptions{Path: other, Lang: "de"})
	if data, err := os.ReadFile(other); err != nil || !bytes.Contains(data, []byte("Korrekturbogen")) {
		t.Errorf("-report %s: %v", other, err)
	}
	run(SheetOptions{Path: "none"})
	if _, err := os.Stat(page); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("-report none left %s: %v", page, err)
	}
	for _, d := range []string{out, filepath.Dir(other)} {
		ents, _ := os.ReadDir(d)
		for _, e := range ents {
			if strings.HasSuffix(e.Name(), ".tmp") {
				t.Errorf("temporary file left: %s", e.Name())
			}
		}
	}
	if _, err := Run(context.Background(), Config{Inputs: []string{"x"}, OutDir: out, Sheet: SheetOptions{Lang: "xx"}}); err == nil {
		t.Error("-lang xx was accepted")
	}
}

// The page shows, for each kind, the first Max games with that kind (in
// input order), whatever the number of blocks and workers: the games of
// the page are those of the findings table chosen by that rule.
func TestSheetBounded(t *testing.T) {
	const max = 7
	for _, c := range []struct{ jobs, block int }{{1, 0}, {4, 0}, {4, 64 << 10}, {2, 8 << 10}} {
		out := filepath.Join(t.TempDir(), "out")
		_, err := Run(context.Background(), Config{Inputs: []string{sample}, OutDir: out, Jobs: c.jobs,
			Progress: "never", Writer: writerForTests(), BlockBytes: c.block, Sheet: SheetOptions{Max: max, Level: "info"}})
		if err != nil {
			t.Fatal(err)
		}
		recs := readTable(t, out, "findings")
		ids, kinds := int64s(t, recs, "game_id"), strs(t, recs, "kind")
		type gk struct {
			id   int64
			kind string
		}
		seen := map[gk]bool{}
		perKind := map[string][]int64{}
		for i := range ids {
			if !seen[gk{ids[i], kinds[i]}] {
				seen[gk{ids[i], kinds[i]}] = true
				perKind[kinds[i]] = append(perKind[kinds[i]], ids[i])
			}
		}
		var want []int64
		for _, gs := range perKind {
			slices.Sort(gs)
			want = append(want, gs[:min(len(gs), max)]...)
		}
		slices.Sort(want)
		want = slices.Compact(want)
		page, err := os.ReadFile(filepath.Join(out, ReportFile))
		if err != nil {
			t.Fatal(err)
		}
		var got []int64
		for _, m := range regexp.MustCompile(`data-game="(\d+)"`).FindAllSubmatch(page, -1) {
			n, _ := strconv.ParseInt(string(m[1]), 10, 64)
			got = append(got, n)
		}
		if !slices.IsSorted(got) {
			t.Errorf("jobs %d, blocks of %d: games not in input order: %v", c.jobs, c.block, got)
		}
		if !slices.Equal(got, want) {
			t.Errorf("jobs %d, blocks of %d: games %v, want %v", c.jobs, c.block, got, want)
		}
	}
}

// A game kept for the page whose judging then fails (a bug) is shown once,
// as the failed game it became.
func TestSheetGameFailingAfterKept(t *testing.T) {
	r := ingest.NewReader(strings.NewReader("[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Ke2 Ke7 3. Kxe7 1-0\n"), "x.pgn", ingest.Options{})
	b, err := r.Next()
	if b == nil || len(b.Games) != 1 {
		t.Fatalf("block %v, err %v", b, err)
	}
	opt := sheet.Options{Level: "warning", Max: 10}
	st := NewStage(StageOptions{Tables: [numTables]bool{TableMoves: true}, Sheet: &opt}, nil)
	defer st.Close()
	st.moves.Release()
	st.moves = new(report.MovesBuilder) // appending the moves rows panics, after the game was kept
	out, err := st.Process(b, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Release()
	if out.Sheet == nil || len(out.Sheet.Games) != 1 {
		t.Fatalf("page games %+v", out.Sheet)
	}
	if g := out.Sheet.Games[0]; len(g.Findings) != 1 || g.Findings[0].Kind != "internal_error" {
		t.Errorf("the game on the page: %+v", g)
	}
}
