package ingest

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"fmt"
	"io"
	"os"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// Compression is the compression format found in an input's first bytes.
type Compression uint8

// The formats read.
const (
	CompressionNone Compression = iota
	CompressionZstd
	CompressionGzip
	CompressionBzip2
)

// String returns "none", "zstd", "gzip" or "bzip2".
func (c Compression) String() string {
	switch c {
	case CompressionZstd:
		return "zstd"
	case CompressionGzip:
		return "gzip"
	case CompressionBzip2:
		return "bzip2"
	}
	return "none"
}

// MaxZstdWindow is the largest zstd window accepted: 2 GiB, what
// `zstd --long=31` (used for the Lichess dumps) may write. The decoder's
// history grows to the window actually used by the stream, so a --long=31
// stream can need up to this much memory.
const MaxZstdWindow = 1 << 31

// countingReader counts the bytes read from the file, atomically so that a
// progress bar may read the count from another goroutine.
type countingReader struct {
	r io.Reader
	n atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// Idle zstd decoders are kept for reuse, by concurrency. A decoder keeps
// its history ring, which for a --long=31 stream is a 2 GiB allocation: a
// fresh decoder per file would allocate a new ring each time, and the Go
// runtime zeroes (and so makes resident) reused memory of that size. Plain
// lists rather than a sync.Pool, so that the garbage collector does not
// drop them.
var zstdIdle struct {
	sync.Mutex
	lists map[int][]*zstd.Decoder
}

// maxIdleZstd bounds the idle decoders kept (of each concurrency).
const maxIdleZstd = 4

// maxDefaultDecoderConcurrency caps the default Options.DecoderConcurrency.
const maxDefaultDecoderConcurrency = 4

// decoderConcurrency returns the zstd decoder concurrency for opts: the
// option when set, else GOMAXPROCS up to 4.
func decoderConcurrency(opts *Options) int {
	if opts.DecoderConcurrency > 0 {
		return opts.DecoderConcurrency
	}
	return min(runtime.GOMAXPROCS(0), maxDefaultDecoderConcurrency)
}

func getZstd(r io.Reader, conc int) (*zstd.Decoder, error) {
	zstdIdle.Lock()
	var d *zstd.Decoder
	if l := zstdIdle.lists[conc]; len(l) > 0 {
		d = l[len(l)-1]
		zstdIdle.lists[conc] = l[:len(l)-1]
	}
	zstdIdle.Unlock()
	if d != nil {
		if err := d.Reset(r); err != nil {
			d.Close()
			return nil, err
		}
		return d, nil
	}
	return zstd.NewReader(r,
		zstd.WithDecoderMaxWindow(MaxZstdWindow),
		zstd.WithDecoderConcurrency(conc),
		zstd.WithDecoderLowmem(false))
}

func putZstd(d *zstd.Decoder, conc int) {
	if d.Reset(nil) != nil {
		d.Close()
		return
	}
	zstdIdle.Lock()
	defer zstdIdle.Unlock()
	if len(zstdIdle.lists[conc]) >= maxIdleZstd {
		d.Close()
		return
	}
	if zstdIdle.lists == nil {
		zstdIdle.lists = map[int][]*zstd.Decoder{}
	}
	zstdIdle.lists[conc] = append(zstdIdle.lists[conc], d)
}

// sniff looks at the first bytes and returns the compression format.
func sniff(head []byte) (Compression, error) {
	switch {
	case bytes.HasPrefix(head, []byte{0x28, 0xB5, 0x2F, 0xFD}):
		return CompressionZstd, nil
	case len(head) >= 4 && head[0]&0xF0 == 0x50 && head[1] == 0x2A && head[2] == 0x4D && head[3] == 0x18:
		// a skippable zstd frame opening a zstd stream
		return CompressionZstd, nil
	case bytes.HasPrefix(head, []byte{0x1F, 0x8B}):
		return CompressionGzip, nil
	case bytes.HasPrefix(head, []byte("BZh")) && len(head) >= 4 && head[3] >= '1' && head[3] <= '9':
		return CompressionBzip2, nil
	case bytes.HasPrefix(head, []byte{0xFD, '7', 'z', 'X', 'Z', 0x00}):
		return CompressionNone, fmt.Errorf("xz: %w", ErrUnsupportedFormat)
	case bytes.HasPrefix(head, []byte("PK\x03\x04")):
		return CompressionNone, fmt.Errorf("zip: %w (unzip it first)", ErrUnsupportedFormat)
	case bytes.HasPrefix(head, []byte{'7', 'z', 0xBC, 0xAF, 0x27, 0x1C}):
		return CompressionNone, fmt.Errorf("7z: %w", ErrUnsupportedFormat)
	}
	return CompressionNone, nil
}

// openStream detects the compression of r and returns the decompressed
// stream and a function releasing the decoder.
func openStream(r io.Reader, opts *Options) (io.Reader, Compression, func(), error) {
	br := bufio.NewReaderSize(r, 64<<10)
	head, err := br.Peek(8)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull && len(head) == 0 {
		return nil, CompressionNone, nil, err
	}
	c, err := sniff(head)
	if err != nil {
		return nil, c, nil, err
	}
	switch c {
	case CompressionZstd:
		conc := decoderConcurrency(opts)
		if conc <= maxDefaultDecoderConcurrency && opts.MaxWindow == MaxZstdWindow {
			d, err := getZstd(br, conc)
			if err != nil {
				return nil, c, nil, fmt.Errorf("zstd: %w", err)
			}
			return d, c, func() { putZstd(d, conc) }, nil
		}
		d, err := zstd.NewReader(br,
			zstd.WithDecoderMaxWindow(uint64(max(opts.MaxWindow, zstd.MinWindowSize))),
			zstd.WithDecoderConcurrency(conc),
			zstd.WithDecoderLowmem(false))
		if err != nil {
			return nil, c, nil, fmt.Errorf("zstd: %w", err)
		}
		return d, c, d.Close, nil
	case CompressionGzip:
		z, err := gzip.NewReader(br)
		if err != nil {
			return nil, c, nil, fmt.Errorf("gzip: %w", err)
		}
		z.Multistream(true)
		return z, c, func() { z.Close() }, nil
	case CompressionBzip2:
		return bzip2.NewReader(br), c, func() {}, nil
	}
	return br, c, func() {}, nil
}

// Open opens an input from Expand (a file, or standard input for "-") and
// returns a Reader over its decompressed content. The Reader must be closed.
// Unless opts.Kind forces one, the kind is decided from the content (a file
// named .pgn that holds EPD lines is read as positions); in.Kind is only
// what the name suggests.
func Open(in Input, opts Options) (*Reader, error) {
	if in.Name == "-" {
		r := NewReader(os.Stdin, "-", opts)
		return r, nil
	}
	return OpenRange(in, WholeFile, opts)
}
