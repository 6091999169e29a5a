package fingerprint

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzReadRun: any file is read as a run or refused with an error, never
// a panic, and what is read back writes the same file again.
func FuzzReadRun(f *testing.F) {
	dir := f.TempDir()
	p := filepath.Join(dir, "seed.run")
	if err := WriteRun(p, []Record{{FP: Fingerprint{1, 2}, Game: 3, Tags: 4, File: 5, Line: 6}}); err != nil {
		f.Fatal(err)
	}
	seed, _ := os.ReadFile(p)
	f.Add(seed)
	f.Add([]byte(runMagic))
	f.Fuzz(func(t *testing.T, b []byte) {
		in := filepath.Join(t.TempDir(), "in.run")
		if err := os.WriteFile(in, b, 0o644); err != nil {
			t.Fatal(err)
		}
		recs, err := ReadRun(in)
		if err != nil {
			return
		}
		out := filepath.Join(t.TempDir(), "out.run")
		if err := WriteRun(out, recs); err != nil {
			return // out of order or out of range: refused on writing
		}
		again, _ := os.ReadFile(out)
		if string(again) != string(b) {
			t.Fatalf("read and written again: %d bytes, was %d", len(again), len(b))
		}
	})
}
