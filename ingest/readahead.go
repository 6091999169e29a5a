package ingest

import (
	"io"
	"sync"
)

// readAhead runs a decompressor in its own goroutine, one chunk ahead of
// the splitter, so that decoding and splitting overlap on two cores. The
// sequential part of the pipeline then costs about the slower of the two
// instead of their sum.
type readAhead struct {
	chunks chan raChunk
	free   chan []byte
	stop   chan struct{}
	exited chan struct{}
	cur    []byte
	off    int
	err    error
	once   sync.Once
}

type raChunk struct {
	b   []byte
	err error
}

const (
	raChunkSize = 1 << 20
	raChunks    = 4
)

func newReadAhead(src io.Reader) *readAhead {
	ra := &readAhead{
		chunks: make(chan raChunk, raChunks),
		free:   make(chan []byte, raChunks+2),
		stop:   make(chan struct{}),
		exited: make(chan struct{}),
	}
	go ra.run(src)
	return ra
}

func (ra *readAhead) run(src io.Reader) {
	defer close(ra.exited)
	for {
		var buf []byte
		select {
		case buf = <-ra.free:
		default:
			buf = make([]byte, raChunkSize)
		}
		n := 0
		var err error
		for n < len(buf) && err == nil {
			var m int
			m, err = src.Read(buf[n:])
			n += m
		}
		select {
		case ra.chunks <- raChunk{buf[:n], err}:
		case <-ra.stop:
			return
		}
		if err != nil {
			return
		}
	}
}

// Read implements io.Reader for the consuming goroutine.
func (ra *readAhead) Read(p []byte) (int, error) {
	for ra.off == len(ra.cur) {
		if ra.err != nil {
			return 0, ra.err
		}
		if ra.cur != nil {
			select {
			case ra.free <- ra.cur[:cap(ra.cur)]:
			default:
			}
			ra.cur = nil
		}
		c := <-ra.chunks
		ra.cur, ra.off, ra.err = c.b, 0, c.err
	}
	n := copy(p, ra.cur[ra.off:])
	ra.off += n
	return n, nil
}

// close stops the goroutine and waits for it, so that the decoder it reads
// from is no longer in use.
func (ra *readAhead) close() {
	ra.once.Do(func() {
		close(ra.stop)
		<-ra.exited
	})
}
