package ingest

import (
	"errors"
	"fmt"
	"io"
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
type frameReader struct {
	src    io.ReaderAt
	frames []Frame
	out    chan chan frameResult // one slot per frame, in order
	stop   chan struct{}
	done   sync.WaitGroup
	cur    []byte
	off    int
	next   chan frameResult
	errs   []*FrameError
	closed sync.Once
	maxOut int64
	// consumed, when set, counts the bytes of the frames delivered (the
	// Reader's CompressedBytesRead).
	consumed  *atomic.Int64
	nextFrame int
	mu        sync.Mutex
	free      [][]byte // buffers for reuse
}

type frameResult struct {
	data []byte
	err  *FrameError
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

// newFrameReader starts decoding frames with workers goroutines, at most
// ahead frames ahead of the reader.
func newFrameReader(src io.ReaderAt, frames []Frame, workers, ahead int) *frameReader {
	workers = max(workers, 1)
	ahead = max(ahead, workers)
	fr := &frameReader{src: src, frames: frames, out: make(chan chan frameResult, ahead), stop: make(chan struct{}), maxOut: maxFrameOutput}
	jobs := make(chan int)
	slots := make([]chan frameResult, len(frames))
	for i := range slots {
		slots[i] = make(chan frameResult, 1)
	}
	fr.done.Add(1)
	go func() { // hands out frames in order, at most ahead in flight
		defer fr.done.Done()
		defer close(jobs)
		defer close(fr.out)
		for i := range frames {
			select {
			case fr.out <- slots[i]:
			case <-fr.stop:
				return
			}
			select {
			case jobs <- i:
			case <-fr.stop:
				return
			}
		}
	}()
	for range workers {
		fr.done.Add(1)
		go func() {
			defer fr.done.Done()
			for i := range jobs {
				slots[i] <- fr.decode(frames[i])
			}
		}()
	}
	return fr
}

func (fr *frameReader) decode(f Frame) frameResult {
	fail := func(err error) frameResult { return frameResult{err: &FrameError{Frame: f, Err: err}} }
	in := fr.getBuf(int(f.End - f.Start))[:f.End-f.Start]
	defer fr.putBuf(in)
	if _, err := fr.src.ReadAt(in, f.Start); err != nil && !(errors.Is(err, io.EOF) && len(in) > 0) {
		return fail(err)
	}
	d := decoderPool.Get().(*zstd.Decoder)
	defer decoderPool.Put(d)
	out, err := d.DecodeAll(in, fr.getBuf(8 * len(in))[:0])
	if err != nil {
		fr.putBuf(out)
		return fail(err)
	}
	return frameResult{data: out}
}

// getBuf returns a buffer of capacity at least n from the reader's free
// list: frames are decoded into reused memory instead of fresh pages.
func (fr *frameReader) getBuf(n int) []byte {
	fr.mu.Lock()
	defer fr.mu.Unlock()
	for i, b := range fr.free {
		if cap(b) >= n {
			fr.free[i] = fr.free[len(fr.free)-1]
			fr.free = fr.free[:len(fr.free)-1]
			return b
		}
	}
	return make([]byte, 0, n)
}

func (fr *frameReader) putBuf(b []byte) {
	if cap(b) == 0 {
		return
	}
	fr.mu.Lock()
	defer fr.mu.Unlock()
	if len(fr.free) < 4*cap(fr.out)+8 {
		fr.free = append(fr.free, b[:0])
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
		fr.putBuf(fr.cur)
		if fr.consumed != nil {
			f := fr.frames[fr.nextFrame]
			fr.consumed.Add(f.End - f.Start)
		}
		fr.nextFrame++
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
		for range fr.out { // the dispatcher closes it on its way out
		}
		fr.done.Wait() // workers never block: each slot holds one result
	})
}
