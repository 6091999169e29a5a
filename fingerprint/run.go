package fingerprint

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
)

// The run file format, version RunVersion: a header of 24 bytes, the magic
// "ARBFPRUN", the version (uint32), the kind (uint32: 0 records in the
// order of (Fingerprint, Game), 1 duplicates in the order of the later
// game's id) and the item count (uint64), then the items, all
// little-endian. A record is RecordSize bytes: FP.Hi, FP.Lo, Game, Tags
// (8 bytes each), File<<40 | Line (8 bytes), Seg (8 bytes). A duplicate
// is the later game's record, the first occurrence's, and Reported (8
// bytes).
const (
	RunVersion = 1
	runMagic   = "ARBFPRUN"
	headerSize = 24

	kindRecords    = 0
	kindDuplicates = 1
)

// item is what a run holds: a *Record or a *Duplicate.
type item[T any] interface {
	*T
	put([]byte)
	get([]byte)
}

func (d *Duplicate) put(b []byte) {
	d.Game.put(b)
	d.First.put(b[RecordSize:])
	binary.LittleEndian.PutUint64(b[2*RecordSize:], uint64(d.Reported))
}

func (d *Duplicate) get(b []byte) {
	d.Game.get(b)
	d.First.get(b[RecordSize:])
	d.Reported = int64(binary.LittleEndian.Uint64(b[2*RecordSize:]))
}

func sizeOf(kind uint32) int {
	if kind == kindDuplicates {
		return duplicateSize
	}
	return RecordSize
}

// runWriter writes one run file.
type runWriter struct {
	f    *os.File
	w    *bufio.Writer
	kind uint32
	n    uint64
	buf  [duplicateSize]byte
}

func createRun(path string, kind uint32) (*runWriter, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return nil, fmt.Errorf("fingerprint: create run: %w", err)
	}
	rw := &runWriter{f: f, w: bufio.NewWriterSize(f, 256<<10), kind: kind}
	if _, err := rw.w.Write(header(kind, 0)); err != nil {
		f.Close()
		os.Remove(path)
		return nil, fmt.Errorf("fingerprint: write run %s: %w", path, err)
	}
	return rw, nil
}

func header(kind uint32, n uint64) []byte {
	h := make([]byte, headerSize)
	copy(h, runMagic)
	binary.LittleEndian.PutUint32(h[8:], RunVersion)
	binary.LittleEndian.PutUint32(h[12:], kind)
	binary.LittleEndian.PutUint64(h[16:], n)
	return h
}

func writeItem[T any, P item[T]](rw *runWriter, v P) error {
	b := rw.buf[:sizeOf(rw.kind)]
	v.put(b)
	rw.n++
	_, err := rw.w.Write(b)
	return err
}

// close writes the count into the header and closes the file.
func (rw *runWriter) close() error {
	err := rw.w.Flush()
	if err == nil {
		_, err = rw.f.WriteAt(header(rw.kind, rw.n), 0)
	}
	if cerr := rw.f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(rw.f.Name())
		return fmt.Errorf("fingerprint: write run %s: %w", rw.f.Name(), err)
	}
	return nil
}

// abort discards the run.
func (rw *runWriter) abort() {
	rw.f.Close()
	os.Remove(rw.f.Name())
}

// runReader reads one run file.
type runReader struct {
	f    *os.File
	r    *bufio.Reader
	kind uint32
	left uint64
	buf  [duplicateSize]byte
}

// ErrBadRun is wrapped by the errors about files that are not runs of this
// version.
var ErrBadRun = errors.New("fingerprint: not a run file of this version")

func openRun(path string, kind uint32) (*runReader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("fingerprint: open run: %w", err)
	}
	rr := &runReader{f: f, r: bufio.NewReaderSize(f, 64<<10)}
	var h [headerSize]byte
	if _, err := io.ReadFull(rr.r, h[:]); err != nil {
		f.Close()
		return nil, fmt.Errorf("fingerprint: %s: %w: %v", path, ErrBadRun, err)
	}
	if string(h[:8]) != runMagic || binary.LittleEndian.Uint32(h[8:]) != RunVersion {
		f.Close()
		return nil, fmt.Errorf("fingerprint: %s: %w", path, ErrBadRun)
	}
	rr.kind = binary.LittleEndian.Uint32(h[12:])
	rr.left = binary.LittleEndian.Uint64(h[16:])
	if rr.kind != kind {
		f.Close()
		return nil, fmt.Errorf("fingerprint: %s: %w: kind %d, want %d", path, ErrBadRun, rr.kind, kind)
	}
	if st, err := f.Stat(); err == nil && st.Size() != headerSize+int64(rr.left)*int64(sizeOf(kind)) {
		f.Close()
		return nil, fmt.Errorf("fingerprint: %s: %w: %d bytes for %d items", path, ErrBadRun, st.Size(), rr.left)
	}
	return rr, nil
}

// readItem reads the next item into v; ok is false at the end.
func readItem[T any, P item[T]](rr *runReader, v P) (ok bool, err error) {
	if rr.left == 0 {
		return false, nil
	}
	b := rr.buf[:sizeOf(rr.kind)]
	if _, err := io.ReadFull(rr.r, b); err != nil {
		return false, fmt.Errorf("fingerprint: read run %s: %w", rr.f.Name(), err)
	}
	rr.left--
	v.get(b)
	return true, nil
}

func (rr *runReader) close() { rr.f.Close() }

// WriteRun writes records, which must be in run order (by Fingerprint,
// then Game), as a run file at path. A Store writes its own runs; WriteRun
// is for engines that sort records themselves.
func WriteRun(path string, recs []Record) error {
	for i := 1; i < len(recs); i++ {
		if less(&recs[i], &recs[i-1]) {
			return fmt.Errorf("fingerprint: WriteRun: records %d and %d out of order", i-1, i)
		}
	}
	rw, err := createRun(path, kindRecords)
	if err != nil {
		return err
	}
	for i := range recs {
		if err := recs[i].check(); err != nil {
			rw.abort()
			return err
		}
		if err := writeItem(rw, &recs[i]); err != nil {
			rw.abort()
			return fmt.Errorf("fingerprint: write run %s: %w", path, err)
		}
	}
	return rw.close()
}

// ReadRun returns the records of a run file written by WriteRun or a
// Store, in run order (for tests and tools: it reads the whole file).
func ReadRun(path string) ([]Record, error) {
	rr, err := openRun(path, kindRecords)
	if err != nil {
		return nil, err
	}
	defer rr.close()
	var out []Record
	for {
		var r Record
		ok, err := readItem(rr, &r)
		if err != nil {
			return nil, err
		}
		if !ok {
			return out, nil
		}
		out = append(out, r)
	}
}
