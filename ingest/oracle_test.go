package ingest

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// oracleCounts reads python-chess's game counts per file from an oracle
// JSONL.zst file.
func oracleCounts(t *testing.T, name string) map[string]int {
	t.Helper()
	f, err := os.Open(filepath.Join(corpusDir(t, "oracle"), name))
	if err != nil {
		t.Skipf("oracle not available: %v", err)
	}
	defer f.Close()
	d, err := zstd.NewReader(f, zstd.WithDecoderMaxWindow(MaxZstdWindow))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	counts := map[string]int{}
	sc := bufio.NewScanner(d)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var rec struct {
			File string `json:"file"`
		}
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatal(err)
		}
		counts[rec.File]++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return counts
}

// oracleDiffs lists the files where our game count differs from
// python-chess's, with ours and the reason. Every other file must match.
var oracleDiffs = map[string]struct {
	ours   int
	reason string
}{
	"edge/chessops/headers-and-moves-on-the-same-line.pgn": {3, "python-chess reads the first line (tag and moves on one line) as a header only and merges it; the file holds 3 games"},
	"edge/chessops/leading-whitespace.pgn":                 {4, "the 4th game (no tags, after a blank line, starting with 1.) is merged into the 3rd by python-chess; we start a game at '1.' after a blank line when the current game has moves"},
	"edge/pgn-extract/expected/test-WWepd-out.pgn":         {0, "EPD lines under a .pgn name: read as 164 positions, not as a game (python-chess makes one broken game)"},
	"edge/pgn-extract/expected/test-fencomments-out.pgn":   {1, "python-chess ends a game at a blank line after a comment-only pre-game line and makes a second game of the rest; one game with a pre-comment"},
	"edge/pgn-extract/infiles/barnes-horton.pgn":           {1, "as test-fencomments-out: pre-game comment followed by a blank line"},
	"edge/pgn-extract/infiles/test-C.pgn":                  {1, "as test-fencomments-out"},
	"edge/pgn-extract/infiles/test-F-text.pgn":             {1, "as test-fencomments-out"},
	"edge/pgn-extract/infiles/test-Ta.pgn":                 {1, "as test-fencomments-out"},
	"edge/pgn-extract/infiles/test-checkmate.pgn":          {2, "as test-fencomments-out (one of its games)"},
	"edge/pgn-extract/infiles/test-nochecks.pgn":           {2, "as test-fencomments-out (one of its games)"},
	"edge/pgn-extract/infiles/test-stalemate.pgn":          {3, "as test-fencomments-out (one of its games)"},
	"edge/pgn-extract/infiles/test-fuzzydepth.pgn":         {4, "four tag-less games, one per line, each ending with '*': python-chess merges them into one"},
	"edge/pgn-extract/infiles/test-nobadresults.pgn":       {9, "nine one-line games '[Result \"x\"] e4 y': python-chess reads the lines as headers of one game"},
	"edge/scalachess/FWWRC.pgn":                            {605, "605 tag-only games separated by blank lines: python-chess merges consecutive tag sections into one game"},
	"edge/scalachess/uzchesscup.pgn":                       {45, "45 tag-only games (first tag [Round] repeats after a blank line): python-chess merges them into one"},
	"edge/sunfish/pgns-movetext-only.pgn":                  {278, "278 tag-less games, one per line, each ending with a result: python-chess merges them into one"},
}

func TestGameCountsMatchOracle(t *testing.T) {
	root := corpusDir(t)
	counts := oracleCounts(t, "edge.jsonl.zst")
	for _, o := range []string{"edge-extended.jsonl.zst", "i18n-lichess-translated.jsonl.zst", "i18n-twic1599-translated.jsonl.zst"} {
		for k, v := range oracleCounts(t, o) {
			counts[k] = v
			if strings.HasSuffix(k, ".en.pgn") {
				// the translated file beside it holds the same games
				counts[strings.TrimSuffix(k, ".en.pgn")+".pgn"] = v
			}
		}
	}
	files := make([]string, 0, len(counts))
	for f := range counts {
		files = append(files, f)
	}
	sort.Strings(files)
	for _, rel := range files {
		want := counts[rel]
		f, err := os.Open(filepath.Join(root, rel))
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			continue
		}
		r := NewReader(f, rel, Options{})
		games, _, _, _, err := readAll(t, r)
		f.Close()
		if err != nil {
			t.Errorf("%s: %v", rel, err)
		}
		got := len(games)
		if d, ok := oracleDiffs[rel]; ok {
			if got != d.ours {
				t.Errorf("%s: %d games, expected %d (python-chess %d): %s", rel, got, d.ours, want, d.reason)
			}
			continue
		}
		if got != want {
			t.Errorf("%s: %d games, python-chess %d", rel, got, want)
		}
	}
}

// TestGameCountsGames compares the big collections (behind -long for the
// large zstd files).
func TestGameCountsGames(t *testing.T) {
	root := corpusDir(t, "games")
	entries, _ := os.ReadDir(root)
	for _, e := range entries {
		name := e.Name()
		if !strings.Contains(name, ".pgn") {
			continue
		}
		info, _ := e.Info()
		if !long() && info.Size() > 2<<20 {
			continue
		}
		oname := "games-" + strings.TrimSuffix(strings.TrimSuffix(name, ".zst"), ".pgn") + ".jsonl.zst"
		counts := oracleCounts(t, oname)
		want := counts["games/"+name]
		f, err := os.Open(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		r := NewReader(f, name, Options{})
		defer r.Close()
		n := 0
		for {
			b, err := r.Next()
			if err != nil {
				break
			}
			n += len(b.Games)
		}
		f.Close()
		st := r.Stats()
		if n != want {
			t.Errorf("%s: %d games, python-chess %d", name, n, want)
		}
		if st.GarbageRanges != 0 || st.SkippedGames != 0 {
			t.Errorf("%s: %d garbage ranges, %d skipped", name, st.GarbageRanges, st.SkippedGames)
		}
		if st.GameBytes+st.IgnoredBytes != st.Bytes || st.GamesSeen != n {
			t.Errorf("%s: bytes not accounted: %+v", name, st)
		}
		t.Logf("%s: %d games (python-chess %d), %d bytes", name, n, want, st.Bytes)
	}
}
