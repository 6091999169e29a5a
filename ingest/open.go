package ingest

import (
	"context"
	"fmt"
	"io/fs"
	"os"
)

// OpenContext is Open for a run that may be interrupted. It gives up when
// ctx is done while the open blocks (a FIFO waits for its writer), and
// the Reader it returns stops when ctx is done: a read that waits on a
// pipe, a FIFO or standard input (when it is one of those) returns at
// once, and Next fails with an error wrapping ctx's.
func OpenContext(ctx context.Context, in Input, opts Options) (*Reader, error) {
	var (
		f       *os.File
		restore func()
		err     error
	)
	if in.Name == "-" {
		f, restore = stdinFile()
	} else if f, err = openFile(ctx, in.Name); err != nil {
		return nil, fmt.Errorf("ingest %s: %w", in.Name, err)
	}
	var r *Reader
	if fi, serr := f.Stat(); serr == nil && fi.Mode().IsRegular() && f != os.Stdin {
		// a regular file: a multi-frame zstd file is decoded frame by frame
		if r, err = openRange(f, in.Name, WholeFile, opts); err != nil {
			f.Close()
			return nil, fmt.Errorf("ingest %s: %w", in.Name, err)
		}
	} else {
		r = NewReader(f, in.Name, opts)
	}
	r.ctx = ctx
	if f != os.Stdin {
		r.file = f
	}
	r.restore = restore
	// closing the file wakes a read that waits on it (pipes and FIFOs are
	// read through the runtime's poller)
	r.stopWatch = context.AfterFunc(ctx, func() {
		if restore != nil {
			restore()
		}
		f.Close()
	})
	return r, nil
}

// openFile opens a file, giving up when ctx is done first: opening a FIFO
// blocks until a writer opens it too.
func openFile(ctx context.Context, name string) (*os.File, error) {
	if fi, err := os.Stat(name); err != nil || fi.Mode().IsRegular() {
		return os.Open(name) // no wait
	}
	type opened struct {
		f   *os.File
		err error
	}
	ch := make(chan opened, 1)
	go func() {
		f, err := os.Open(name)
		ch <- opened{f, err}
	}()
	select {
	case o := <-ch:
		return o.f, o.err
	case <-ctx.Done():
		go func() {
			// the open may still succeed (a writer comes): close it then
			if o := <-ch; o.f != nil {
				o.f.Close()
			}
		}()
		return nil, &fs.PathError{Op: "open", Path: name, Err: ctx.Err()}
	}
}
