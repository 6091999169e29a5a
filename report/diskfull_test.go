//go:build !arbiter_reference

package report

import (
	"errors"
	"io"
	"syscall"
	"testing"

	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// fullDisk accepts n bytes and then fails as a full disk does.
type fullDisk struct{ n int }

func (d *fullDisk) Write(p []byte) (int, error) {
	if len(p) > d.n {
		k := d.n
		d.n = 0
		return k, syscall.ENOSPC
	}
	d.n -= len(p)
	return len(p), nil
}

// A part whose writes fail (a full disk) returns the error from the close
// that met it and does nothing when closed again, as TableWriter.Abort
// does after a failed close: no panic (issue 20, case 2).
func TestPartFileFullDisk(t *testing.T) {
	mem := checkedMem(t)
	var games []GameRow
	for i := range 700 {
		var r GameRow
		sampleGame(i, &r)
		games = append(games, r)
	}
	b := NewGamesBuilder(mem)
	defer b.Release()
	recs := batchesOf(t, b, games, 97)
	defer releaseAll(recs)
	// a helper that takes every piece of work offered, on a goroutine
	var helper Helper = func(work func() error) (func() error, bool) {
		done := make(chan error, 1)
		go func() { done <- work() }()
		return func() error { return <-done }, true
	}
	for _, room := range []int{0, 100, 4 << 10, 64 << 10} {
		w := &fullDisk{n: room}
		pf, err := newPartFile(w, GamesTable().Schema, parquet.NewWriterProperties(parquet.WithStats(true)), pqarrow.DefaultWriterProps())
		if errors.Is(err, syscall.ENOSPC) {
			continue // full from the first bytes
		}
		if err != nil {
			t.Fatal(err)
		}
		pf.helper = helper
		var werr error
		for i, rec := range recs {
			if werr = pf.WriteBuffered(rec); werr != nil {
				break
			}
			if i%3 == 2 {
				if werr = pf.NewBufferedRowGroupChecked(); werr != nil {
					break
				}
			}
		}
		cerr := pf.Close()
		if !errors.Is(errors.Join(werr, cerr), syscall.ENOSPC) && !errors.Is(errors.Join(werr, cerr), io.ErrShortWrite) {
			t.Errorf("room %d: write %v, close %v: want a full disk", room, werr, cerr)
		}
		if err := pf.Close(); err != nil {
			t.Errorf("room %d: second close: %v", room, err)
		}
	}
}
