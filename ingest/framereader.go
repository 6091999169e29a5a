package ingest

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/klauspost/compress/zstd"
)

// FrameError reports a zstd frame that could not be decoded: its bytes are
// left out of the decompressed text, and reading goes on with the next
// frame (every frame of a multi-frame file is independent).
type FrameError struct {
	Frame Frame
	Err   error
}

func (e *FrameError) Error() string {
	return fmt.Sprintf("zstd frame at file offset %d (%d bytes) could not be decoded, its text is left out: %v",
		e.Frame.Start, e.Frame.End-e.Frame.Start, e.Err)
}

func (e *FrameError) Unwrap() error { return e.Err }

// maxFrameOutput bounds what one frame may decompress to in a multi-frame
// file: pzstd's frames hold a few MiB of text each.
const maxFrameOutput = 1 << 30

// frameReader decompresses the frames of a multi-frame zstd file with
// several goroutines at once and delivers their text in file order: the
// frames are independent, so a file written by pzstd is decoded at the
// speed of all the cores given, where one decoder would use one. A frame
// that fails to decode is reported in errs and left out.
//
// Frames are found as they are needed (frameWalker), and a reader told how
// much text it needs (a unit of a plan) starts no frame once the frames
// started hold that much: a unit of a large file reads the headers of its
// own frames only, and decodes at most one frame past its end.
type frameReader struct {
	src  io.ReaderAt
	out  chan chan frameResult // one slot per frame, in order
	stop chan struct{}
	done sync.WaitGroup
	cur  []byte
	off  int
	errs []*FrameError
	// consumed, when set, counts the bytes of the frames delivered (the
	// Reader's CompressedBytesRead).
	consumed *atomic.Int64
	closed   sync.Once
	outMax   atomic.Int64
	need     needs
}

// The buffers of compressed frames and of their text are kept for the
// next frames and the next readers (a plan's units each open a reader):
// frames decode into memory already in use instead of fresh pages that
// must be cleared and collected. Their number is bounded by the cores.
var (
	frameBufs = bufPool{max: runtime.GOMAXPROCS(0)}
	textBufs  = bufPool{max: 2*runtime.GOMAXPROCS(0) + 2}
)

type frameResult struct {
	frame Frame
	data  []byte
	err   *FrameError
}

type frameJob struct {
	frame Frame
	guess int64 // the text it was started for (needs)
	slot  chan frameResult
}

// decoderPool holds zstd decoders for DecodeAll (one per goroutine in use).
var decoderPool = sync.Pool{New: func() any {
	d, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(MaxZstdWindow),
		zstd.WithDecoderMaxMemory(maxFrameOutput))
	if err != nil {
		panic(err) // only bad options fail
	}
	return d
}}

// newFrameReader starts decoding the frames of src (size bytes) from the
// one at offset start, with workers goroutines, at most ahead frames ahead
// of the reader. With limit >= 0, the reader needs that many bytes of text
// only.
func newFrameReader(src io.ReaderAt, size, start, limit int64, workers, ahead int) *frameReader {
	workers = max(workers, 1)
	ahead = max(ahead, workers)
	fr := &frameReader{src: src, out: make(chan chan frameResult, ahead), stop: make(chan struct{}),
		need: needs{limit: limit, wake: make(chan struct{}, 1)}}
	jobs := make(chan frameJob)
	fr.done.Add(1)
	go func() { // walks the frames and hands them out in order, at most ahead in flight
		defer fr.done.Done()
		defer close(jobs)
		defer close(fr.out)
		w := frameWalker{r: src, off: start, size: size}
		for {
			if !fr.need.more(fr.stop) {
				return
			}
			f, err := w.next()
			if err == io.EOF {
				return
			}
			slot := make(chan frameResult, 1)
			select {
			case fr.out <- slot:
			case <-fr.stop:
				return
			}
			if err != nil {
				// A damaged header: the rest of the file cannot be cut
				// into frames, and is reported as one that fails.
				f = Frame{Start: w.frameStart, End: size}
				slot <- frameResult{frame: f, err: &FrameError{Frame: f, Err: err}}
				return
			}
			guess := fr.guess(f)
			fr.need.started(guess)
			select {
			case jobs <- frameJob{frame: f, guess: guess, slot: slot}:
			case <-fr.stop:
				return
			}
		}
	}()
	for range workers {
		fr.done.Add(1)
		go func() {
			defer fr.done.Done()
			for j := range jobs {
				r := fr.decode(j.frame, j.guess)
				fr.need.finished(j.guess, int64(len(r.data)))
				j.slot <- r
			}
		}()
	}
	return fr
}

// guess is the text a frame is expected to hold: as much as the longest
// one so far (pzstd cuts the text into equal pieces), or before the first
// a guess from its compressed size.
func (fr *frameReader) guess(f Frame) int64 {
	if m := fr.outMax.Load(); m > 0 {
		return m
	}
	return 8 * (f.End - f.Start)
}

// needs keeps a reader with a limit from starting frames it does not need:
// the frames started hold the text of those finished plus a guess for the
// others, and no frame is started while that reaches the limit; once the
// finished frames alone reach it, none is needed any more.
type needs struct {
	limit int64 // -1: every frame
	mu    sync.Mutex
	text  int64 // text of the frames finished
	guess int64 // guessed text of the frames started and not finished
	busy  int   // frames started and not finished
	wake  chan struct{}
}

// more reports whether another frame may be needed, waiting while the
// frames under way may be enough; false once they are, or on stop.
func (n *needs) more(stop chan struct{}) bool {
	if n.limit < 0 {
		return true
	}
	for {
		n.mu.Lock()
		text, guess, busy := n.text, n.guess, n.busy
		n.mu.Unlock()
		switch {
		case text >= n.limit:
			return false
		case busy == 0 || text+guess < n.limit:
			return true
		}
		select {
		case <-n.wake:
		case <-stop:
			return false
		}
	}
}

func (n *needs) started(guess int64) {
	n.mu.Lock()
	n.guess += guess
	n.busy++
	n.mu.Unlock()
}

func (n *needs) finished(guess, text int64) {
	n.mu.Lock()
	n.guess -= guess
	n.text += text
	n.busy--
	n.mu.Unlock()
	select {
	case n.wake <- struct{}{}:
	default:
	}
}

func (fr *frameReader) decode(f Frame, guess int64) frameResult {
	fail := func(err error) frameResult { return frameResult{frame: f, err: &FrameError{Frame: f, Err: err}} }
	n := int(f.End - f.Start)
	in := frameBufs.get(n)[:n]
	defer frameBufs.put(in)
	if _, err := fr.src.ReadAt(in, f.Start); err != nil && !(errors.Is(err, io.EOF) && len(in) > 0) {
		return fail(err)
	}
	d := decoderPool.Get().(*zstd.Decoder)
	defer decoderPool.Put(d)
	out, err := d.DecodeAll(in, textBufs.get(int(guess)))
	if err != nil {
		textBufs.put(out)
		return fail(err)
	}
	if m := int64(len(out)); m > fr.outMax.Load() {
		fr.outMax.Store(m) // two workers may race: the guess is only a guess
	}
	return frameResult{frame: f, data: out}
}

// bufPool keeps buffers for reuse.
type bufPool struct {
	mu   sync.Mutex
	free [][]byte
	max  int // buffers kept at most
}

// get returns an empty buffer of capacity at least n.
func (p *bufPool) get(n int) []byte {
	p.mu.Lock()
	defer p.mu.Unlock()
	for len(p.free) > 0 {
		b := p.free[len(p.free)-1]
		p.free = p.free[:len(p.free)-1]
		if cap(b) >= n {
			return b[:0]
		}
		// too small for the frames of this file: let it go
	}
	return make([]byte, 0, n+n/16) // room for a slightly longer frame
}

func (p *bufPool) put(b []byte) {
	if cap(b) == 0 {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.free) < p.max {
		p.free = append(p.free, b[:0])
	}
}

// Read implements io.Reader.
func (fr *frameReader) Read(p []byte) (int, error) {
	for fr.off == len(fr.cur) {
		slot, ok := <-fr.out
		if !ok {
			return 0, io.EOF
		}
		r := <-slot
		if r.err != nil {
			fr.errs = append(fr.errs, r.err)
		}
		textBufs.put(fr.cur)
		if fr.consumed != nil {
			fr.consumed.Add(r.frame.End - r.frame.Start)
		}
		fr.cur, fr.off = r.data, 0
	}
	n := copy(p, fr.cur[fr.off:])
	fr.off += n
	return n, nil
}

// close stops the goroutines and waits for them.
func (fr *frameReader) close() {
	fr.closed.Do(func() {
		close(fr.stop)
		var left []chan frameResult
		for slot := range fr.out { // the dispatcher closes it on its way out
			left = append(left, slot)
		}
		fr.done.Wait() // workers never block: each slot holds one result
		for _, slot := range left {
			select {
			case r := <-slot:
				textBufs.put(r.data)
			default: // a frame never started
			}
		}
	})
}
