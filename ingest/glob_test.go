package ingest

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestGlobDoubleStar(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"a.pgn", "x/b.pgn", "x/y/c.pgn", "x/y/d.txt", ".hidden/e.pgn", "z/f.pgn.zst"} {
		p := filepath.Join(dir, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rel := func(ps []string) []string {
		var out []string
		for _, p := range ps {
			r, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(r))
		}
		return out
	}
	for _, tc := range []struct {
		pat  string
		want []string
	}{
		{"**/*.pgn", []string{"a.pgn", "x/b.pgn", "x/y/c.pgn"}},
		{"x/**/*.pgn", []string{"x/b.pgn", "x/y/c.pgn"}},
		{"**/y/*", []string{"x/y/c.pgn", "x/y/d.txt"}},
		{"**/*.pgn*", []string{"a.pgn", "x/b.pgn", "x/y/c.pgn", "z/f.pgn.zst"}},
		{"*.pgn", []string{"a.pgn"}}, // no **: filepath.Glob
		{"**/nothing", nil},
	} {
		got, err := glob(filepath.Join(dir, filepath.FromSlash(tc.pat)))
		if err != nil {
			t.Fatalf("%s: %v", tc.pat, err)
		}
		if g := rel(got); !slices.Equal(g, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.pat, g, tc.want)
		}
	}
	if _, err := glob(filepath.Join(dir, "a**b/*.pgn")); err == nil {
		t.Error("a**b: no error")
	}
}
