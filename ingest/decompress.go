package ingest

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"context"
	"errors"
	"fmt"
	"io"
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
// `zstd --long=31` (used for the Lichess dumps) may write. The decoder
// allocates the window the stream's header declares (its pages become
// resident as the history fills), so a --long=31 stream can need up to
// this much memory.
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

// Idle zstd decoders are kept for reuse, by concurrency and window cap. A
// decoder keeps its history ring, which for a --long=31 stream is a 2 GiB
// allocation: a fresh decoder per file would allocate a new ring each
// time, and the Go runtime zeroes (and so makes resident) reused memory
// of that size. Plain lists rather than a sync.Pool, so that the garbage
// collector does not drop them.
var zstdIdle struct {
	sync.Mutex
	lists map[zstdKey][]*zstdDec
}

type zstdKey struct {
	conc      int
	maxWindow int64
}

// zstdDec is a decoder and the memory its history ring holds (counted in
// the memory limit, see SetMemoryLimit).
type zstdDec struct {
	d    *zstd.Decoder
	key  zstdKey
	ring int64
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

// getZstd returns a decoder reading r, for a stream whose window is
// window bytes (0 when unknown).
func getZstd(r io.Reader, key zstdKey, window uint64) (*zstdDec, error) {
	zstdIdle.Lock()
	var d *zstdDec
	if l := zstdIdle.lists[key]; len(l) > 0 {
		d = l[len(l)-1]
		zstdIdle.lists[key] = l[:len(l)-1]
	}
	zstdIdle.Unlock()
	if d != nil {
		if err := d.d.Reset(r); err != nil {
			d.close()
			return nil, err
		}
	} else {
		// The window cap must hold for frames written as one segment too,
		// whose window is their content size: the decoder checks those
		// against its memory cap (64 GiB by default), not its window cap.
		w := uint64(max(key.maxWindow, zstd.MinWindowSize))
		zd, err := zstd.NewReader(r,
			zstd.WithDecoderMaxWindow(w),
			zstd.WithDecoderMaxMemory(w),
			zstd.WithDecoderConcurrency(key.conc),
			zstd.WithDecoderLowmem(false))
		if err != nil {
			return nil, err
		}
		d = &zstdDec{d: zd, key: key}
	}
	// The ring is allocated when the first block is decoded: the memory
	// limit must count it before.
	if need := ringBytes(window); need > d.ring {
		addWindowMemory(need - d.ring)
		d.ring = need
	}
	return d, nil
}

// ringBytes is the size of the history ring a decoder allocates for a
// window: the window and room for two blocks.
func ringBytes(window uint64) int64 {
	if window == 0 {
		return 0
	}
	return int64(window) + 2*(min(int64(window), 128<<10)+64)
}

func (d *zstdDec) close() {
	d.d.Close()
	addWindowMemory(-d.ring)
	d.ring = 0
}

func putZstd(d *zstdDec) {
	if d.d.Reset(nil) != nil || d.key.conc > maxDefaultDecoderConcurrency {
		d.close()
		return
	}
	zstdIdle.Lock()
	defer zstdIdle.Unlock()
	if len(zstdIdle.lists[d.key]) >= maxIdleZstd {
		d.close()
		return
	}
	if zstdIdle.lists == nil {
		zstdIdle.lists = map[zstdKey][]*zstdDec{}
	}
	zstdIdle.lists[d.key] = append(zstdIdle.lists[d.key], d)
}

// zstdWindow reads the window of the first frame of a zstd stream from its
// header (after any skippable frames that the buffer holds): the history
// the decoder must keep, up to 2 GiB for `zstd --long=31`. It returns 0
// when the header cannot be read (the decoder then reports the damage).
func zstdWindow(br *bufio.Reader) uint64 {
	skip := 0
	for range 16 {
		b, _ := br.Peek(skip + zstd.HeaderMaxSize)
		if len(b) <= skip {
			return 0
		}
		var h zstd.Header
		if h.Decode(b[skip:]) != nil {
			return 0
		}
		if h.Skippable {
			skip += h.HeaderSize + int(h.SkippableSize)
			if skip+zstd.HeaderMaxSize > br.Size() {
				return 0
			}
			continue
		}
		if h.SingleSegment {
			return max(h.FrameContentSize, zstd.MinWindowSize)
		}
		return h.WindowSize
	}
	return 0
}

// zstdStream reads a decoder, turning the error of a window over the cap
// (in a later frame than the first) into ErrWindowTooLarge.
type zstdStream struct{ d *zstd.Decoder }

func (z zstdStream) Read(p []byte) (int, error) {
	n, err := z.d.Read(p)
	if err != nil && (errors.Is(err, zstd.ErrWindowSizeExceeded) || errors.Is(err, zstd.ErrDecoderSizeExceeded)) {
		err = fmt.Errorf("%w: %w", ErrWindowTooLarge, err)
	}
	return n, err
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
		w := zstdWindow(br)
		if w > uint64(opts.MaxWindow) {
			return nil, c, nil, fmt.Errorf("zstd: %w: the stream needs a window of %s (memory to decompress it), over the %s allowed (-max-window)",
				ErrWindowTooLarge, FormatSize(int64(w)), FormatSize(opts.MaxWindow))
		}
		d, err := getZstd(br, zstdKey{conc: decoderConcurrency(opts), maxWindow: opts.MaxWindow}, w)
		if err != nil {
			return nil, c, nil, fmt.Errorf("zstd: %w", err)
		}
		return zstdStream{d.d}, c, func() { putZstd(d) }, nil
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
// what the name suggests. See OpenContext for a run that may be
// interrupted.
func Open(in Input, opts Options) (*Reader, error) {
	return OpenContext(context.Background(), in, opts)
}
