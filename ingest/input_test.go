package ingest

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestExpand(t *testing.T) {
	dir := t.TempDir()
	mk := func(name string) string {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	mk("a.pgn")
	mk("b.PGN.zst")
	mk("sub/c.epd.gz")
	mk("sub/d.fen.bz2")
	mk("sub/deeper/e.pgn.gz")
	mk("sub/notes.txt")
	mk(".hidden/f.pgn")
	other := mk("other.data")
	ins, errs := Expand([]string{dir, filepath.Join(dir, "*.pgn"), other, "-", filepath.Join(dir, "missing.pgn"), filepath.Join(dir, "*.none")})
	var names []string
	for _, in := range ins {
		rel, _ := filepath.Rel(dir, in.Name)
		if in.Name == "-" {
			rel = "-"
		}
		names = append(names, rel+":"+in.Kind.String())
	}
	want := "a.pgn:pgn b.PGN.zst:pgn sub/c.epd.gz:positions sub/d.fen.bz2:positions sub/deeper/e.pgn.gz:pgn other.data:auto -:auto"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("inputs\n got %s\nwant %s", got, want)
	}
	if len(errs) != 2 || !strings.Contains(errs[0].Error(), "missing.pgn") || !strings.Contains(errs[1].Error(), "matches no file") {
		t.Errorf("errors %v", errs)
	}
	for _, in := range ins {
		if in.Name != "-" && in.Size != 1 {
			t.Errorf("%s: size %d", in.Name, in.Size)
		}
	}
}

func TestOpen(t *testing.T) {
	r, err := Open(Input{Name: filepath.Join("testdata", "small.pgn.bz2")}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	games, _, _, _, err := readAll(t, r)
	if err != nil || len(games) != 10 || r.Compression() != CompressionBzip2 || r.Kind() != KindPGN {
		t.Errorf("%d games %v %v %v", len(games), err, r.Compression(), r.Kind())
	}
	if r.CompressedBytesRead() != 6013 {
		t.Errorf("compressed bytes %d", r.CompressedBytesRead())
	}
	if _, err := Open(Input{Name: "testdata/none.pgn"}, Options{}); err == nil || !strings.Contains(err.Error(), "none.pgn") {
		t.Errorf("missing file: %v", err)
	}
}

// A folder without inputs and a pattern that matches nothing are errors
// naming them (issue 19: nothing to read is no success).
func TestExpandNothing(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty")
	os.MkdirAll(filepath.Join(empty, "sub"), 0o755)
	os.WriteFile(filepath.Join(empty, "notes.txt"), []byte("x"), 0o644)
	for _, arg := range []string{empty, filepath.Join(dir, "*.pgn"), filepath.Join(dir, "e*")} {
		ins, errs := Expand([]string{arg})
		var pe *fs.PathError
		if len(ins) != 0 || len(errs) != 1 || !errors.Is(errs[0], ErrNoInput) || ErrorCode(errs[0]) != CodeNoInput ||
			!errors.As(errs[0], &pe) || !strings.HasPrefix(pe.Path, dir) {
			t.Errorf("%s: %v %v", arg, ins, errs)
		}
	}
	// a FIFO is no regular file; a file is
	fifo := filepath.Join(dir, "f.pgn")
	if err := syscallMkfifo(fifo); err != nil {
		t.Skip(err)
	}
	ins, _ := Expand([]string{fifo, filepath.Join("testdata", "small.pgn")})
	if len(ins) != 2 || ins[0].Regular || !ins[1].Regular {
		t.Errorf("%+v", ins)
	}
}
