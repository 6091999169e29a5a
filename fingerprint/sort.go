package fingerprint

import (
	"fmt"
	"os"
	"slices"
)

// dupSorter sorts duplicates by the later game's id: in memory up to its
// budget, then in runs merged at the end.
type dupSorter struct {
	s    *Store // names the run files
	max  int
	buf  []Duplicate
	runs []string
}

// memPerDuplicate is what a duplicate costs in memory (two records).
const memPerDuplicate = 96

func newDupSorter(s *Store, memBytes int64) *dupSorter {
	return &dupSorter{s: s, max: max(int(memBytes/memPerDuplicate), 1)}
}

func (d *dupSorter) add(x Duplicate) error {
	if len(d.buf) >= d.max {
		if err := d.spill(); err != nil {
			return err
		}
	}
	d.buf = append(d.buf, x)
	return nil
}

func (d *dupSorter) sortBuf() {
	if slices.IsSortedFunc(d.buf, cmpDuplicate) {
		return // added in game order (Store.Resolve without runs)
	}
	slices.SortFunc(d.buf, cmpDuplicate) // game ids are unique: no need for a stable sort
}

func cmpDuplicate(a, b Duplicate) int {
	switch {
	case a.Game.Game < b.Game.Game:
		return -1
	case a.Game.Game > b.Game.Game:
		return 1
	}
	return 0
}

func (d *dupSorter) spill() error {
	d.sortBuf()
	path, err := d.s.newRunPath("duplicates")
	if err != nil {
		return err
	}
	if err := mergeTo(path, kindDuplicates, []source[Duplicate]{&sliceSource[Duplicate]{items: d.buf}}, lessDuplicate); err != nil {
		return err
	}
	d.runs = append(d.runs, path)
	d.buf = d.buf[:0]
	return nil
}

func (d *dupSorter) abort() {
	for _, p := range d.runs {
		os.Remove(p)
	}
	d.runs, d.buf = nil, nil
}

// finish returns the duplicates, merging the runs down to maxFanIn.
func (d *dupSorter) finish() (*Duplicates, error) {
	for len(d.runs) >= maxFanIn {
		var next []string
		for i := 0; i < len(d.runs); i += maxFanIn {
			group := d.runs[i:min(i+maxFanIn, len(d.runs))]
			if len(group) == 1 {
				next = append(next, group...)
				continue
			}
			path, err := d.s.newRunPath("duplicates")
			if err != nil {
				d.abort()
				return nil, err
			}
			if err := mergeRunFiles(path, group); err != nil {
				d.abort()
				return nil, err
			}
			for _, p := range group {
				os.Remove(p)
			}
			next = append(next, path)
		}
		d.runs = next
	}
	d.sortBuf()
	dups := &Duplicates{runs: d.runs, mem: d.buf}
	for _, p := range d.runs {
		st, err := os.Stat(p)
		if err != nil {
			d.abort()
			return nil, fmt.Errorf("fingerprint: %w", err)
		}
		dups.n += (st.Size() - headerSize) / duplicateSize
	}
	dups.n += int64(len(d.buf))
	return dups, nil
}

// mergeRunFiles merges runs of duplicates into one at path.
func mergeRunFiles(path string, runs []string) error {
	var src []source[Duplicate]
	var readers []*runReader
	defer func() {
		for _, r := range readers {
			r.close()
		}
	}()
	for _, p := range runs {
		rr, err := openRun(p, kindDuplicates)
		if err != nil {
			return err
		}
		readers = append(readers, rr)
		src = append(src, &runSource[Duplicate]{rr: rr})
	}
	return mergeTo(path, kindDuplicates, src, lessDuplicate)
}

// Duplicates are the games whose fingerprint an earlier game has, in the
// order of their ids, each with its first occurrence. Read them with Next
// (and again after Rewind); Close removes their files.
type Duplicates struct {
	runs    []string
	mem     []Duplicate
	n       int64
	m       *merger[Duplicate]
	readers []*runReader
	err     error
	owner   *Store // closed with the duplicates (ResolveRuns)
}

// Len returns the number of duplicates.
func (d *Duplicates) Len() int64 { return d.n }

// Next returns the next duplicate; ok is false at the end or after an
// error (see Err).
func (d *Duplicates) Next() (dup Duplicate, ok bool) {
	if d.err != nil {
		return Duplicate{}, false
	}
	if d.m == nil {
		var src []source[Duplicate]
		for _, p := range d.runs {
			rr, err := openRun(p, kindDuplicates)
			if err != nil {
				d.err = err
				return Duplicate{}, false
			}
			d.readers = append(d.readers, rr)
			src = append(src, &runSource[Duplicate]{rr: rr})
		}
		src = append(src, &sliceSource[Duplicate]{items: d.mem})
		m, err := newMerger(src, lessDuplicate)
		if err != nil {
			d.err = err
			return Duplicate{}, false
		}
		d.m = m
	}
	v, ok, err := d.m.next()
	if err != nil {
		d.err = err
		return Duplicate{}, false
	}
	return v, ok
}

// Err returns the error that stopped Next, if any.
func (d *Duplicates) Err() error { return d.err }

// Rewind starts the duplicates over.
func (d *Duplicates) Rewind() {
	d.closeReaders()
	d.m, d.err = nil, nil
}

func (d *Duplicates) closeReaders() {
	for _, r := range d.readers {
		r.close()
	}
	d.readers = nil
}

// Close removes the files of the duplicates.
func (d *Duplicates) Close() error {
	d.closeReaders()
	var first error
	for _, p := range d.runs {
		if err := os.Remove(p); err != nil && first == nil {
			first = fmt.Errorf("fingerprint: %w", err)
		}
	}
	d.runs, d.mem = nil, nil
	if d.owner != nil {
		if err := d.owner.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}
