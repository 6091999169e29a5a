package sheet

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
)

// Write renders the page for r into the file path, as the tables are
// written: into a hidden temporary file in the same folder, synced, then
// renamed, so that path holds either the previous file or a complete page.
// It returns the page's size in bytes.
func Write(path string, r *Run, opt Options) (int64, error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, fmt.Errorf("sheet: %w", err)
	}
	f, err := os.CreateTemp(dir, "."+base+".*.tmp")
	if err != nil {
		return 0, fmt.Errorf("sheet: %w", err)
	}
	tmp := f.Name()
	fail := func(err error) (int64, error) {
		f.Close()
		os.Remove(tmp)
		return 0, err
	}
	w := bufio.NewWriterSize(f, 256<<10)
	if err := Render(w, r, opt); err != nil {
		return fail(err)
	}
	if err := w.Flush(); err != nil {
		return fail(fmt.Errorf("sheet: write %s: %w", tmp, err))
	}
	st, err := f.Stat()
	if err != nil {
		return fail(fmt.Errorf("sheet: %w", err))
	}
	if err := f.Chmod(0o644); err != nil {
		return fail(fmt.Errorf("sheet: %w", err))
	}
	if err := f.Sync(); err != nil {
		return fail(fmt.Errorf("sheet: sync %s: %w", tmp, err))
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return 0, fmt.Errorf("sheet: close %s: %w", tmp, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return 0, fmt.Errorf("sheet: %w", err)
	}
	return st.Size(), nil
}
