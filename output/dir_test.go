package output

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var tables = []string{"games", "moves", "findings", "positions"}

// write creates path (relative to root) with content.
func write(t *testing.T, root, path, content string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(path))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// tree lists the files under root (relative, sorted), without the lock.
func tree(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && d.Name() != lockFile {
			r, _ := filepath.Rel(root, p)
			out = append(out, filepath.ToSlash(r))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

const ourSummary = `{"tool": "arbiter", "version": "test"}`

// run does one run into root that stages the given files and publishes.
func run(t *testing.T, root string, opt Options, files ...string) error {
	t.Helper()
	d, err := Open(root, opt)
	if err != nil {
		return err
	}
	var staged []string
	for _, f := range files {
		write(t, d.Stage, f, "new "+f)
		if tb, _, ok := strings.Cut(f, "/"); ok && !slices.Contains(staged, tb) {
			staged = append(staged, tb)
		}
	}
	return d.Publish(staged, nil, func(dir string) error {
		return os.WriteFile(filepath.Join(dir, SummaryFile), []byte(ourSummary), 0o644)
	})
}

func TestRunsNeverMix(t *testing.T) {
	root := filepath.Join(t.TempDir(), "out")
	opt := Options{Tables: tables, NoSync: true}
	if err := run(t, root, opt, "games/part-00000.parquet", "games/part-00001.parquet", "positions/part-00000.parquet"); err != nil {
		t.Fatal(err)
	}
	// A second run with fewer tables and fewer parts: nothing of the first stays.
	if err := run(t, root, opt, "games/part-00000.parquet", "findings/part-00000.parquet"); err != nil {
		t.Fatal(err)
	}
	want := []string{"findings/part-00000.parquet", "games/part-00000.parquet", "summary.json"}
	if got := tree(t, root); !slices.Equal(got, want) {
		t.Errorf("after the second run: %v, want %v", got, want)
	}
	if b, _ := os.ReadFile(filepath.Join(root, "games", "part-00000.parquet")); string(b) != "new games/part-00000.parquet" {
		t.Errorf("games part holds %q", b)
	}
}

func TestForeignFilesRefused(t *testing.T) {
	for _, tc := range []struct {
		name, file, content, listed string
		inTheWay                    bool // -force does not help
	}{
		{"a file of the user's", "notes.txt", "mine", "notes.txt", false},
		{"a folder of the user's", "data/x.csv", "1,2", "data/", false},
		{"a parquet file in a table folder", "moves/mine.parquet", "PAR1", "moves/mine.parquet", false},
		{"another tool's summary.json", "summary.json", `{"tool": "other"}`, "summary.json", true},
		{"a report.html not made by arbiter", "report.html", "<html>mine</html>", "report.html", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			write(t, root, tc.file, tc.content)
			before := tree(t, root)
			err := run(t, root, Options{Tables: tables, NoSync: true}, "games/part-00000.parquet")
			var fe *ForeignError
			if !errors.As(err, &fe) || !errors.Is(err, ErrForeign) || !slices.Contains(fe.Files, tc.listed) {
				t.Fatalf("err = %v, want a ForeignError naming %s", err, tc.listed)
			}
			if got := tree(t, root); !slices.Equal(got, before) {
				t.Errorf("a refused run changed the folder: %v, was %v", got, before)
			}
			// -force writes beside the file and never touches it; a file
			// where arbiter writes its own stays refused.
			err = run(t, root, Options{Tables: tables, Force: true, NoSync: true}, "games/part-00000.parquet", "moves/part-00000.parquet")
			if tc.inTheWay {
				if !errors.As(err, &fe) || !fe.InTheWay || !strings.Contains(err.Error(), "move the file away") {
					t.Fatalf("-force: err = %v, want the file named as in the way", err)
				}
				if got := tree(t, root); !slices.Equal(got, before) {
					t.Errorf("a refused run changed the folder: %v, was %v", got, before)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(tc.file))); err != nil || string(b) != tc.content {
				t.Errorf("-force: the user's file is %q, %v", b, err)
			}
			got := tree(t, root)
			for _, f := range []string{"games/part-00000.parquet", "moves/part-00000.parquet"} {
				if !slices.Contains(got, f) {
					t.Errorf("-force: %s not published: %v", f, got)
				}
			}
		})
	}
}

// An earlier run's own files are not foreign, however they got there.
func TestEarlierRunAccepted(t *testing.T) {
	root := t.TempDir()
	write(t, root, "summary.json", ourSummary)
	write(t, root, "report.html", "<!doctype html>"+ReportMarker+"<p>old</p>")
	write(t, root, "moves/part-00000-001.parquet", "old")
	write(t, root, "moves/.part-00000-002.parquet.tmp", "old temporary")
	write(t, root, ".arbiter-run-0123/games/part-00000.parquet", "left by a killed run")
	write(t, root, ".arbiter-old-0123/games/part-00000.parquet", "left by a killed publish")
	if err := run(t, root, Options{Tables: tables, NoSync: true}, "games/part-00000.parquet"); err != nil {
		t.Fatal(err)
	}
	want := []string{"games/part-00000.parquet", "summary.json"}
	if got := tree(t, root); !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestLock(t *testing.T) {
	root := t.TempDir()
	opt := Options{Tables: tables, NoSync: true}
	first, err := Open(root, opt)
	if err != nil {
		t.Fatal(err)
	}
	write(t, first.Stage, "games/part-00000.parquet", "first")
	if _, err := Open(root, opt); !errors.Is(err, ErrLocked) || !strings.Contains(err.Error(), "process") {
		t.Fatalf("second Open: %v, want ErrLocked naming the process", err)
	}
	// The refused run did not touch the first one's staging folder.
	if err := first.Publish([]string{"games"}, nil, func(string) error { return nil }); err != nil {
		t.Fatal(err)
	}
	second, err := Open(root, opt)
	if err != nil {
		t.Fatalf("Open after the first run ended: %v", err)
	}
	// Abort leaves the published run as it was.
	write(t, second.Stage, "findings/part-00000.parquet", "second")
	if err := second.Abort(); err != nil {
		t.Fatal(err)
	}
	if got := tree(t, root); !slices.Equal(got, []string{"games/part-00000.parquet"}) {
		t.Errorf("after Abort: %v", got)
	}
}
