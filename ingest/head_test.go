package ingest

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
)

func TestHeadAndTRFNames(t *testing.T) {
	dir := t.TempDir()
	text := []byte("012 Open\n001    1 m    Player One                        2000 ESP           0             1.0    1\n")
	var zb bytes.Buffer
	zw, err := zstd.NewWriter(&zb)
	if err != nil {
		t.Fatal(err)
	}
	zw.Write(text)
	zw.Close()
	for name, data := range map[string][]byte{"a.trf": text, "sub/b.trf.zst": zb.Bytes(), "c.txt": text} {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ins, errs := Expand([]string{dir})
	var names []string
	for _, in := range ins {
		rel, _ := filepath.Rel(dir, in.Name)
		names = append(names, rel)
	}
	if len(errs) > 0 || strings.Join(names, " ") != "a.trf sub/b.trf.zst" {
		t.Fatalf("directory gives %v (%v), want the two .trf files", names, errs)
	}
	for _, in := range ins {
		h, err := Head(in, 16)
		if err != nil || string(h) != string(text[:16]) {
			t.Errorf("%s: head %q, %v", in.Name, h, err)
		}
		h, err = Head(in, 4096)
		if err != nil || !bytes.Equal(h, text) {
			t.Errorf("%s: whole head %q, %v", in.Name, h, err)
		}
		rc, err := OpenContent(in, Options{})
		if err != nil {
			t.Fatal(err)
		}
		all, err := io.ReadAll(rc)
		if err != nil || !bytes.Equal(all, text) || rc.Close() != nil {
			t.Errorf("%s: content %q, %v", in.Name, all, err)
		}
	}
	if h, err := Head(Input{Name: "-"}, 10); h != nil || err != nil {
		t.Errorf("stdin: %q %v", h, err)
	}
	if _, err := Head(Input{Name: filepath.Join(dir, "missing.trf")}, 10); err == nil {
		t.Error("missing file: no error")
	}
}
