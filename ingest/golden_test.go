package ingest

import (
	"bytes"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// corpusFiles lists every regular file under <edgeRoot>/<dirs>, relative
// to edgeRoot.
func corpusFiles(t *testing.T, dirs ...string) (root string, files []string) {
	t.Helper()
	root = edgeRoot()
	for _, d := range dirs {
		start := filepath.Join(root, d)
		err := filepath.WalkDir(start, func(p string, de os.DirEntry, err error) error {
			if err != nil && p == start && errors.Is(err, fs.ErrNotExist) {
				return nil // not in the testdata copy
			}
			if err != nil {
				return err
			}
			if de.Type().IsRegular() {
				rel, _ := filepath.Rel(root, p)
				files = append(files, filepath.ToSlash(rel))
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(files) == 0 {
		t.Skipf("no file of %v in %s", dirs, root)
	}
	return root, files
}

// goldenDump reads one file and renders the golden text.
func goldenDump(t *testing.T, root, rel string) []byte {
	in := Input{Name: filepath.Join(root, rel)}
	r, err := Open(in, Options{NoContentCheck: true}) // the corpus holds logs and JSON too
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	games, pos, skips, _, rerr := readAll(t, r)
	st := r.Stats()
	var out, full bytes.Buffer
	fmt.Fprintf(&out, "# %s\n# kind=%s compression=%s bytes=%d lines=%d games=%d skipped=%d garbage=%d positions=%d ignored=%d\n",
		rel, st.Kind, st.Compression, st.Bytes, st.Lines, st.Games, st.SkippedGames, st.GarbageRanges, st.Positions, st.IgnoredBytes)
	var g Game
	var summary bytes.Buffer
	for i, raw := range games {
		ParseGame(raw, rel, ParseOptions{}, &g)
		dumpGame(&full, &g, 0)
		if i < 8 || i >= len(games)-2 {
			dumpGame(&out, &g, 40)
		} else if len(games) <= 300 {
			errc := ""
			if g.Err != nil {
				errc = " err"
			}
			fmt.Fprintf(&summary, "game %d off=%d line=%d tags=%d moves=%d result=%q notes=%d%s\n",
				g.Index, g.Offset, g.Line, len(g.Tags), len(g.Moves), g.ResultToken, len(g.Notes), errc)
		}
	}
	out.Write(summary.Bytes())
	for i, p := range pos {
		fmt.Fprintf(&full, "pos %d %d %q\n", p.Index, p.Line, p.Text)
		if i < 5 || i == len(pos)-1 {
			fmt.Fprintf(&out, "pos %d line=%d %q\n", p.Index, p.Line, clip(p.Text))
		}
	}
	for _, s := range skips {
		fmt.Fprintf(&out, "skip index=%d off=%d len=%d line=%d: %v\n", s.Index, s.Offset, s.Length, s.Line, strings.TrimPrefix(s.Err.Error(), filepath.Join(root, rel)))
	}
	if rerr != nil {
		fmt.Fprintf(&out, "readerr %v\n", rerr)
	}
	h := fnv.New64a()
	h.Write(full.Bytes())
	fmt.Fprintf(&out, "# digest of the full dump (all games, all moves): %016x\n", h.Sum64())
	return bytes.ReplaceAll(out.Bytes(), []byte(filepath.Join(root, rel)), []byte(rel))
}

// TestGolden compares a dump of every file of corpus/edge and corpus/i18n
// with testdata/golden (refresh with -update). Without the shared corpus
// it dumps the copies of their small files in testdata/corpus.
func TestGolden(t *testing.T) {
	root, files := corpusFiles(t, "edge", "i18n")
	for _, rel := range files {
		t.Run(rel, func(t *testing.T) {
			got := goldenDump(t, root, rel)
			gp := filepath.Join("testdata", "golden", rel+".txt")
			if *update {
				os.MkdirAll(filepath.Dir(gp), 0o755)
				if err := os.WriteFile(gp, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(gp)
			if err != nil {
				t.Fatalf("missing golden file (run go test -run TestGolden -update): %v", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("dump differs from %s (run with -update after checking):\n%s", gp, firstDiff(want, got))
			}
		})
	}
}

func firstDiff(a, b []byte) string {
	al := strings.Split(string(a), "\n")
	bl := strings.Split(string(b), "\n")
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return fmt.Sprintf("line %d:\n- %s\n+ %s", i+1, x, y)
		}
	}
	return ""
}
