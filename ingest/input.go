package ingest

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Kind says how a file is read: as PGN games or as one FEN/EPD position a line.
type Kind uint8

// The kinds. KindAuto decides from the first non-blank line of the content:
// a first field with seven '/' is a position file, anything else is PGN.
const (
	KindAuto Kind = iota
	KindPGN
	KindPositions
)

// String returns "auto", "pgn" or "positions".
func (k Kind) String() string {
	switch k {
	case KindPGN:
		return "pgn"
	case KindPositions:
		return "positions"
	}
	return "auto"
}

// Input is one input named on the command line or found in a directory.
type Input struct {
	Name string // path, or "-" for standard input
	Size int64  // size on disk (compressed size for compressed files); -1 for stdin
	Kind Kind   // from the file name; KindAuto when the name says nothing
	// Regular is true for a regular file (or a link to one), which can be
	// opened and read again; a pipe, a FIFO, a device or standard input
	// can be read only once.
	Regular bool
}

// compressionSuffixes are stripped before looking at the kind suffix. They
// only select files in directories; the compression itself is always
// detected from the content.
var compressionSuffixes = []string{".zst", ".zstd", ".gz", ".bz2"}

// KindFromName returns the kind a file name suggests: ".pgn" is KindPGN,
// ".epd" and ".fen" are KindPositions (after removing ".zst", ".gz" or
// ".bz2"); anything else is KindAuto.
func KindFromName(name string) Kind {
	_, k, _ := classifyName(name)
	return k
}

// classifyName returns the base extension, the kind and whether the name is
// one that directory expansion picks up.
func classifyName(name string) (ext string, k Kind, wanted bool) {
	n := strings.ToLower(filepath.Base(name))
	for _, s := range compressionSuffixes {
		if strings.HasSuffix(n, s) {
			n = strings.TrimSuffix(n, s)
			break
		}
	}
	ext = filepath.Ext(n)
	switch ext {
	case ".pgn":
		return ext, KindPGN, true
	case ".epd", ".fen":
		return ext, KindPositions, true
	case ".trf":
		// A tournament report file: read by the caller, not as games
		// (see Head); directories contribute it like the others.
		return ext, KindAuto, true
	}
	return ext, KindAuto, false
}

// Expand turns command-line arguments into inputs, in order:
//   - "-" is standard input;
//   - an existing file is taken whatever its name (compression and kind are
//     detected from the content when the name says nothing);
//   - a directory is walked recursively in lexical order and contributes its
//     files ending in .pgn, .epd, .fen or .trf (FIDE tournament report
//     files, which the caller recognises with Head and reads itself), each
//     optionally followed by .zst, .gz or .bz2 (hidden files and
//     directories, starting with '.', are skipped);
//   - anything else containing *, ? or [ is a glob pattern (filepath.Glob),
//     each match being treated as above.
//
// An argument that cannot be read (missing file, bad pattern, unreadable
// directory) yields an error, and so does one that yields no input (a
// pattern that matches nothing, a directory without a file of those
// kinds: ErrNoInput, in an *fs.PathError naming it); the others are still
// expanded. A file reached twice is listed once.
func Expand(args []string) ([]Input, []error) {
	var (
		ins  []Input
		errs []error
		seen = map[string]bool{}
	)
	add := func(in Input) {
		key := in.Name
		if in.Name != "-" {
			if abs, err := filepath.Abs(in.Name); err == nil {
				key = abs
			}
		}
		if seen[key] {
			return
		}
		seen[key] = true
		ins = append(ins, in)
	}
	addPath := func(p string) error {
		fi, err := os.Stat(p)
		if err != nil {
			return err
		}
		if !fi.IsDir() {
			_, k, _ := classifyName(p)
			add(Input{Name: p, Size: fi.Size(), Kind: k, Regular: fi.Mode().IsRegular()})
			return nil
		}
		var files []Input
		werr := filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				errs = append(errs, fmt.Errorf("ingest %s: %w", path, err))
				if d != nil && d.IsDir() {
					return fs.SkipDir
				}
				return nil
			}
			name := d.Name()
			if path != p && strings.HasPrefix(name, ".") {
				if d.IsDir() {
					return fs.SkipDir
				}
				return nil
			}
			if d.IsDir() {
				return nil
			}
			_, k, wanted := classifyName(name)
			if !wanted {
				return nil
			}
			info, err := d.Info()
			if err != nil {
				errs = append(errs, fmt.Errorf("ingest %s: %w", path, err))
				return nil
			}
			if !info.Mode().IsRegular() && info.Mode()&fs.ModeSymlink == 0 {
				return nil
			}
			regular := info.Mode().IsRegular()
			if !regular { // a link: what it points to
				if ti, err := os.Stat(path); err == nil {
					regular = ti.Mode().IsRegular()
				}
			}
			files = append(files, Input{Name: path, Size: info.Size(), Kind: k, Regular: regular})
			return nil
		})
		sort.SliceStable(files, func(i, j int) bool { return files[i].Name < files[j].Name })
		for _, f := range files {
			add(f)
		}
		if werr == nil && len(files) == 0 {
			return &fs.PathError{Op: "ingest", Path: p, Err: noInput("no .pgn, .epd, .fen or .trf file in the folder (compressed or not)")}
		}
		return werr
	}
	for _, a := range args {
		if a == "-" {
			add(Input{Name: "-", Size: -1, Kind: KindAuto})
			continue
		}
		err := addPath(a)
		if err == nil {
			continue
		}
		if errors.Is(err, ErrNoInput) {
			errs = append(errs, err)
			continue
		}
		if errors.Is(err, fs.ErrNotExist) && strings.ContainsAny(a, "*?[") {
			matches, gerr := glob(a)
			if gerr != nil {
				errs = append(errs, fmt.Errorf("ingest %s: %w", a, gerr))
				continue
			}
			if len(matches) == 0 {
				errs = append(errs, &fs.PathError{Op: "ingest", Path: a, Err: noInput("pattern matches no file")})
				continue
			}
			for _, m := range matches {
				if err := addPath(m); errors.Is(err, ErrNoInput) {
					errs = append(errs, err)
				} else if err != nil {
					errs = append(errs, fmt.Errorf("ingest %s: %w", m, err))
				}
			}
			continue
		}
		errs = append(errs, fmt.Errorf("ingest %s: %w", a, err))
	}
	return ins, errs
}

// noInput is an ErrNoInput with its own message.
type noInput string

func (e noInput) Error() string        { return string(e) }
func (e noInput) Is(target error) bool { return target == ErrNoInput }
