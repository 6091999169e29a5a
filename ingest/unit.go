package ingest

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
)

// Range is the part of a file that a Reader reads: a work unit of a plan,
// which machines of a distributed run read independently.
type Range struct {
	// Start is where reading begins in the file as stored: 0, or for a
	// multi-frame zstd file the start of a frame. Skip is the number of
	// decompressed bytes after Start that come before the range.
	Start, Skip int64
	// Offset and Line are the decompressed offset and the line number of
	// the range's first byte: game offsets and lines are given as in a
	// read of the whole file.
	Offset int64
	Line   int
	// Length is the range's size in decompressed bytes; -1 reads to the
	// end of the file.
	Length int64
}

// WholeFile is the Range of a whole file.
var WholeFile = Range{Line: 1, Length: -1}

// OpenRange opens a range of a file from Expand and returns a Reader over
// its decompressed text. The range must start at a game (or at the file's
// first byte) and end at one, as a plan's units do; the Reader then
// delivers exactly the games a Reader over the whole file delivers in that
// range, with the same offsets and lines. A multi-frame zstd file is
// decoded frame by frame with several goroutines (Options.DecoderConcurrency),
// a frame that fails to decode being reported in Stats.FrameErrors and left
// out; other compressed files can only be read from their start.
func OpenRange(in Input, rg Range, opts Options) (*Reader, error) {
	if in.Name == "-" {
		if rg.Start != 0 || rg.Skip != 0 || rg.Offset != 0 {
			return nil, fmt.Errorf("ingest -: standard input can only be read from its start")
		}
		return Open(in, opts)
	}
	f, err := os.Open(in.Name)
	if err != nil {
		return nil, fmt.Errorf("ingest %s: %w", in.Name, err)
	}
	r, err := openRange(f, in.Name, rg, opts)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("ingest %s: %w", in.Name, err)
	}
	return r, nil
}

func openRange(f *os.File, name string, rg Range, opts Options) (*Reader, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	var head [4]byte
	regular := st.Mode().IsRegular()
	zstdAt := false
	if regular {
		if n, _ := f.ReadAt(head[:], rg.Start); n == 4 {
			m := binary.LittleEndian.Uint32(head[:])
			zstdAt = m == zstdMagic || m&skippableMagicMask == skippableMagic
		}
	}
	multi := false
	if zstdAt {
		// Only the first frame is walked here: the frame reader finds the
		// others as it decodes them, so that a unit of a large file does
		// not read the headers of the whole file.
		w := frameWalker{r: f, off: rg.Start, size: st.Size()}
		first, ferr := w.next()
		switch {
		case ferr != nil && rg.Start != 0:
			return nil, fmt.Errorf("offset %d is not the start of a zstd frame: %w", rg.Start, ferr)
		case ferr != nil:
			zstdAt = false // not walkable: read as one stream, which reports the damage
		default:
			multi = rg.Start > 0 || first.End < st.Size()
		}
	}
	if !multi {
		if rg.Start != 0 || rg.Skip != 0 {
			if !regular || zstdAt || sniffCompression(f, rg.Start) != CompressionNone {
				return nil, errors.New("a compressed stream of one frame can only be read from its start")
			}
			if _, err := f.Seek(rg.Start, io.SeekStart); err != nil {
				return nil, err
			}
		}
		r := NewReader(f, name, opts)
		r.file = f
		r.setRange(rg)
		return r, nil
	}
	conc := opts.DecoderConcurrency
	if conc <= 0 {
		conc = runtime.GOMAXPROCS(0)
	}
	r := NewReader(nil, name, opts)
	r.file = f
	limit := int64(-1)
	if rg.Length >= 0 {
		limit = rg.Skip + rg.Length
	}
	fr := newFrameReader(f, st.Size(), rg.Start, limit, conc, 2*conc+1)
	fr.consumed = &r.cnt.n
	r.frames = fr
	r.stats.Compression = CompressionZstd
	r.setRange(rg)
	return r, nil
}

// sniffCompression reads the compression of the stream at off.
func sniffCompression(f *os.File, off int64) Compression {
	var head [8]byte
	n, _ := f.ReadAt(head[:], off)
	c, _ := sniff(head[:n])
	return c
}

// setRange places the Reader at the range's first byte and limits it.
func (r *Reader) setRange(rg Range) {
	r.rng = rg
	r.base, r.segStart, r.nlChecked = rg.Offset, rg.Offset, rg.Offset
	r.sp.lineStart = rg.Offset
	if rg.Line > 0 {
		r.sp.line, r.segLine, r.posLines = rg.Line, rg.Line, rg.Line-1
	}
}

// rangeSource wraps the decompressed stream src of a Reader with its range:
// the bytes before the range are dropped and reading ends with it.
func (r *Reader) rangeSource(src io.Reader) io.Reader {
	if r.rng.Skip > 0 {
		src = &skipReader{r: src, n: r.rng.Skip}
	}
	if r.rng.Length >= 0 {
		src = io.LimitReader(src, r.rng.Length)
	}
	return src
}

// skipReader drops the first n bytes of r.
type skipReader struct {
	r io.Reader
	n int64
}

func (s *skipReader) Read(p []byte) (int, error) {
	if s.n > 0 {
		m, err := io.CopyN(io.Discard, s.r, s.n)
		s.n -= m
		if err != nil {
			if errors.Is(err, io.EOF) {
				return 0, io.ErrUnexpectedEOF
			}
			return 0, err
		}
	}
	return s.r.Read(p)
}
