package plan

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/arbiter-chess/arbiter/ingest"
)

// DefaultBlockSize is the size of the units plain PGN files are cut into.
const DefaultBlockSize = 64 << 20

// Options tune Make.
type Options struct {
	Version, Rulebook, Schema string
	// BlockSize is the target size of a unit (default DefaultBlockSize).
	BlockSize int64
	// Exact computes every unit's offset and line, and every source's
	// SHA-256, so that the units can be run apart (run-block). Without
	// it, sources are only numbered and recognised: the run reads each
	// source whole, from its start.
	Exact bool
	// Jobs bounds the goroutines that decompress multi-frame files in
	// an exact plan (default GOMAXPROCS).
	Jobs  int
	Audit AuditOptions
	// IsTRF recognises a FIDE tournament report by its first bytes.
	IsTRF func(head []byte) bool
	// Known are the sources of earlier runs into the same output folder
	// (their manifests), by absolute path: a source keeps its number,
	// and with Incremental a source whose size and SHA-256 are unchanged
	// is not read again (it goes to Plan.Unchanged).
	Known       map[string]Source
	Incremental bool
}

// Make expands the inputs (files, folders, globs, "-" for standard input,
// as ingest.Expand does) and plans them. The errors are those of inputs
// that could not be found or read; the plan covers the others.
func Make(inputs []string, opt Options) (*Plan, []error) {
	if opt.BlockSize <= 0 {
		opt.BlockSize = DefaultBlockSize
	}
	if opt.Jobs <= 0 {
		opt.Jobs = runtime.GOMAXPROCS(0)
	}
	p := &Plan{Format: Format, Tool: "arbiter", Version: opt.Version, Rulebook: opt.Rulebook, Schema: opt.Schema,
		BlockSize: opt.BlockSize, Exact: opt.Exact, Audit: opt.Audit}
	ins, errs := ingest.Expand(inputs)
	next := 0
	for _, k := range opt.Known {
		next = max(next, k.ID+1)
	}
	for _, in := range ins {
		src := Source{Path: in.Name, Size: in.Size, Kind: in.Kind.String(), Compression: "none"}
		abs := absPath(in.Name)
		known, isKnown := opt.Known[abs]
		if isKnown {
			src.ID = known.ID
		} else {
			src.ID = next
			next++
		}
		if src.ID > MaxSource {
			errs = append(errs, &fs.PathError{Op: "plan", Path: in.Name, Err: fmt.Errorf("more than %d sources", MaxSource+1)})
			continue
		}
		if err := p.addSource(&src, in, opt, isKnown, known); err != nil {
			errs = append(errs, err)
		}
	}
	return p, errs
}

func absPath(name string) string {
	if name == "-" {
		return name
	}
	if a, err := filepath.Abs(name); err == nil {
		return a
	}
	return name
}

// AbsPath is the key of a source in Options.Known.
func AbsPath(name string) string { return absPath(name) }

// addSource inspects one input and appends it (and its units) to the plan.
func (p *Plan) addSource(src *Source, in ingest.Input, opt Options, isKnown bool, known Source) error {
	whole := Unit{Source: src.ID, Line: 1, Length: -1}
	if in.Name == "-" || !regular(in.Name) {
		// Read once, by the reader, which decides its kind: not split.
		src.Kind, src.Size = "auto", -1
		p.Sources = append(p.Sources, *src)
		p.Units = append(p.Units, whole)
		return nil
	}
	f, err := os.Open(in.Name)
	if err != nil {
		return &fs.PathError{Op: "plan", Path: in.Name, Err: err}
	}
	defer f.Close()
	var head [8]byte
	n, _ := f.ReadAt(head[:], 0)
	comp, err := ingest.DetectCompression(head[:n])
	if err != nil {
		return &fs.PathError{Op: "plan", Path: in.Name, Err: err}
	}
	src.Compression = comp.String()
	if opt.IsTRF != nil {
		if h, err := ingest.Head(in, 4<<10); err == nil && opt.IsTRF(h) {
			src.Kind = "trf"
		}
	}
	if opt.Incremental && isKnown && known.Size == src.Size {
		sum, err := fileSHA256(f)
		if err != nil {
			return &fs.PathError{Op: "plan", Path: in.Name, Err: err}
		}
		if sum == known.SHA256 {
			src.SHA256 = sum
			p.Unchanged = append(p.Unchanged, *src)
			return nil
		}
	}
	var frames []ingest.Frame
	if comp == ingest.CompressionZstd {
		// A file whose frames cannot be listed (truncated, say) is read
		// whole: the reader keeps its games and says where it ends.
		if frames, err = ingest.ZstdFrames(f, src.Size); err != nil {
			frames, err = nil, nil
		}
		if len(frames) > 1 {
			src.Frames = len(frames)
		}
	}
	var units []Unit
	switch {
	case src.Kind == "trf":
	case !opt.Exact || src.Kind == "positions":
		units = []Unit{whole}
	case comp == ingest.CompressionNone:
		units, src.SHA256, err = plainUnits(f, src.ID, opt.BlockSize)
	case src.Frames > 1:
		units, src.SHA256, err = frameUnits(f, frames, src.ID, opt.BlockSize, opt.Jobs)
	default:
		units = []Unit{whole}
	}
	if err != nil {
		return &fs.PathError{Op: "plan", Path: in.Name, Err: err}
	}
	if opt.Exact && src.SHA256 == "" {
		if src.SHA256, err = fileSHA256(f); err != nil {
			return &fs.PathError{Op: "plan", Path: in.Name, Err: err}
		}
	}
	p.Sources = append(p.Sources, *src)
	p.Units = append(p.Units, units...)
	return nil
}

func regular(name string) bool {
	st, err := os.Stat(name)
	return err == nil && st.Mode().IsRegular()
}

func fileSHA256(f *os.File) (string, error) {
	h := sha256.New()
	if _, err := io.Copy(h, io.NewSectionReader(f, 0, 1<<62)); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// gameMarker is what a unit boundary looks for: an Event tag at the start
// of a line after a blank line. Whatever state the splitter is in there
// (tags, movetext, garbage, an unterminated comment), it starts a game at
// that line, so a unit that starts there reads the same games as a read
// of the whole file.
var gameMarker = []byte("\n[Event ")

// nextGameStart returns the offset in b of the first line at or after from
// that opens with gameMarker after a blank line, or -1. A blank line may
// hold spaces, tabs and a carriage return.
func nextGameStart(b []byte, from int) int {
	for from < len(b) {
		k := bytes.Index(b[from:], gameMarker)
		if k < 0 {
			return -1
		}
		nl := from + k // the '\n' that ends the line before the tag line
		if blankLineBefore(b, nl) {
			return nl + 1
		}
		from = nl + 1
	}
	return -1
}

// blankLineBefore reports whether the line that ends at b[nl] ('\n') is
// blank and is itself preceded by a line end.
func blankLineBefore(b []byte, nl int) bool {
	for i := nl - 1; i >= 0; i-- {
		switch b[i] {
		case ' ', '\t', '\r':
		case '\n':
			return true
		default:
			return false
		}
	}
	return false
}

// plainUnits cuts an uncompressed file into units of about size bytes,
// each starting at a game start, counting lines and hashing the file on
// the way.
func plainUnits(f *os.File, source int, size int64) ([]Unit, string, error) {
	h := sha256.New()
	units := []Unit{{Source: source, Line: 1}}
	const chunk, tail = 4 << 20, 256
	buf := make([]byte, 0, chunk+tail)
	var base int64 // file offset of buf[0]
	line := 1      // line number of buf[0]
	nextCut := size
	for eof := false; !eof; {
		n, err := io.ReadFull(f, buf[len(buf):cap(buf)])
		h.Write(buf[len(buf) : len(buf)+n])
		buf = buf[:len(buf)+n]
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			eof = true
		} else if err != nil {
			return nil, "", err
		}
		for nextCut < base+int64(len(buf)) {
			k := nextGameStart(buf, int(max(nextCut-base-1, 0)))
			if k < 0 {
				break // none yet: a marker may straddle the next read
			}
			u := Unit{Source: source, Start: base + int64(k), Offset: base + int64(k), Line: line + bytes.Count(buf[:k], []byte{'\n'})}
			units = append(units, u)
			nextCut = u.Offset + size
		}
		// Keep a tail: a marker, and the blank line before it, may
		// straddle this read and the next.
		keep := max(len(buf)-tail, 0)
		line += bytes.Count(buf[:keep], []byte{'\n'})
		base += int64(keep)
		buf = append(buf[:0], buf[keep:]...)
	}
	setLengths(units)
	return units, hex.EncodeToString(h.Sum(nil)), nil
}

// setLengths sets each unit's length from the next unit's offset; the last
// reads to the end.
func setLengths(units []Unit) {
	for i := range units {
		units[i].Length = -1
		if i+1 < len(units) {
			units[i].Length = units[i+1].Offset - units[i].Offset
		}
	}
}

// frameInfo is what the exact plan learns of one decoded frame.
type frameInfo struct {
	size   int64 // decompressed bytes
	lines  int   // '\n' in them
	marker int   // first game start in the frame (nextGameStart), -1 if none
	before int   // '\n' before marker
	err    error
}

// frameUnits decodes the frames of a multi-frame zstd file (jobs at a
// time) to learn their decompressed sizes and lines, and cuts the file at
// the first game start past every size bytes of text. A frame that cannot
// be decoded counts as empty, as the reader leaves it out.
func frameUnits(f *os.File, frames []ingest.Frame, source int, size int64, jobs int) ([]Unit, string, error) {
	infos := make([]frameInfo, len(frames))
	var wg sync.WaitGroup
	next := make(chan int)
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var out []byte
			for i := range next {
				var err error
				out, err = ingest.DecodeFrame(f, frames[i], out[:0])
				fi := frameInfo{marker: -1, err: err}
				if err == nil {
					fi.size = int64(len(out))
					fi.lines = bytes.Count(out, []byte{'\n'})
					if k := nextGameStart(out, 0); k >= 0 {
						fi.marker = k
						fi.before = bytes.Count(out[:k], []byte{'\n'})
					}
				}
				infos[i] = fi
			}
		}()
	}
	for i := range frames {
		next <- i
	}
	close(next)
	wg.Wait()
	h := sha256.New()
	if _, err := io.Copy(h, io.NewSectionReader(f, 0, frames[len(frames)-1].End)); err != nil {
		return nil, "", err
	}
	units := []Unit{{Source: source, Line: 1}}
	var off int64 // decompressed offset of frame i
	lines := 1
	nextCut := size
	for i, fi := range infos {
		if fi.err == nil && off >= nextCut && fi.marker >= 0 {
			start := off + int64(fi.marker)
			units = append(units, Unit{Source: source, Start: frames[i].Start, Skip: int64(fi.marker),
				Offset: start, Line: lines + fi.before})
			nextCut = start + size
		}
		off += fi.size
		lines += fi.lines
	}
	setLengths(units)
	var ferr error
	for _, fi := range infos {
		if fi.err != nil && !errors.Is(fi.err, io.EOF) {
			ferr = fi.err // the reader reports it; the plan is still exact
		}
	}
	_ = ferr
	return units, hex.EncodeToString(h.Sum(nil)), nil
}
