package fingerprint

import (
	"container/heap"
	"fmt"
	"os"
	"path/filepath"
	"slices"
)

// Options configure a Store.
type Options struct {
	// Dir is the folder of the run files (created when needed; "" is the
	// system's temporary folder).
	Dir string
	// MemBytes bounds the memory of the records kept in memory and of
	// their index (default DefaultMemBytes); past it they are written to
	// a sorted run. Resolve may use as much again for the list of
	// duplicates while it sorts it.
	MemBytes int64
}

// DefaultMemBytes is the default of Options.MemBytes.
const DefaultMemBytes = 256 << 20

// memPerRecord bounds what one record costs in memory: the record itself
// (48 bytes in a chunk) and its index slots (at most 4 of 4 bytes: the
// index is a power of two at least twice the records).
const memPerRecord = 48 + 16

// chunkLen is the records of one chunk: records are kept in chunks of
// this size, so that growing never copies them.
const chunkLen = 1 << 14

// Store keeps the records of the games added so far: in memory up to
// Options.MemBytes, then in sorted runs on disk. It is not safe for
// concurrent use.
type Store struct {
	opt     Options
	max     int        // records kept in memory before a spill
	chunks  [][]Record // the records in memory, in the order added
	n       int        // records in memory
	index   []int32    // open addressing by fingerprint: 1 + the record's position, 0 empty
	runs    []string   // the run files written
	bounds  []int64    // bounds[i]: the smallest Game added after the i-th spill (Segments)
	seq     int        // for run file names
	added   int64
	last    int64 // the Game of the last record added
	ordered bool  // every record was added after those with smaller Games
	ownsDir bool
}

// NewStore returns an empty store.
func NewStore(opt Options) (*Store, error) {
	if opt.MemBytes <= 0 {
		opt.MemBytes = DefaultMemBytes
	}
	s := &Store{opt: opt, max: max(int(opt.MemBytes/memPerRecord), 1), last: -1, ordered: true}
	return s, nil
}

// Runs returns the run files written so far (each in run order).
func (s *Store) Runs() []string { return slices.Clone(s.runs) }

// Segments returns, for each spill, the smallest Game added after it: the
// games added between two spills were checked against each other by Add,
// and against nothing else.
func (s *Store) Segments() []int64 { return slices.Clone(s.bounds) }

func (s *Store) at(i int) *Record { return &s.chunks[i/chunkLen][i%chunkLen] }

// slot returns the index slot of fp: the slot holding a record with fp,
// or the empty slot where it would go.
func (s *Store) slot(fp Fingerprint) *int32 {
	mask := uint64(len(s.index) - 1)
	for i := (fp.Lo ^ fp.Hi) & mask; ; i = (i + 1) & mask {
		p := &s.index[i]
		if *p == 0 || s.at(int(*p-1)).FP == fp {
			return p
		}
	}
}

// Add adds r. When a record with the same fingerprint was added since the
// last spill, it returns the earliest of them (by Game) as first and dup
// true; records written to runs are not looked at (Resolve finds those).
// Games may be added in any order, but Add sees a later game as a
// duplicate of an earlier one only among the records in memory.
func (s *Store) Add(r Record) (first Record, dup bool, err error) {
	if err := r.check(); err != nil {
		return Record{}, false, err
	}
	if s.n >= s.max {
		if err := s.spill(); err != nil {
			return Record{}, false, err
		}
		s.bounds = append(s.bounds, r.Game)
	}
	r.Seg = uint32(len(s.bounds))
	if r.Game <= s.last {
		s.ordered = false
	}
	s.last = r.Game
	if 2*(s.n+1) > len(s.index) {
		s.grow()
	}
	p := s.slot(r.FP)
	if *p != 0 && s.at(int(*p-1)).Game < r.Game {
		first, dup = *s.at(int(*p - 1)), true
	} else {
		*p = int32(s.n + 1) // the first, or added out of order before the first
	}
	if s.n/chunkLen == len(s.chunks) {
		s.chunks = append(s.chunks, make([]Record, chunkLen))
	}
	*s.at(s.n) = r
	s.n++
	s.added++
	return first, dup, nil
}

// grow doubles the index (or starts it) and reinserts the records.
func (s *Store) grow() {
	n := max(2*len(s.index), 1024)
	for 2*(s.n+1) > n {
		n *= 2
	}
	s.index = make([]int32, n)
	s.reindex()
}

// reindex fills the index from the records in memory, keeping for each
// fingerprint the earliest game.
func (s *Store) reindex() {
	clear(s.index)
	for i := 0; i < s.n; i++ {
		r := s.at(i)
		p := s.slot(r.FP)
		if *p == 0 || r.Game < s.at(int(*p-1)).Game {
			*p = int32(i + 1)
		}
	}
}

// dir returns the folder of the run files, creating it.
func (s *Store) dir() (string, error) {
	d := s.opt.Dir
	if d == "" {
		var err error
		if d, err = os.MkdirTemp("", "arbiter-fingerprints-"); err != nil {
			return "", fmt.Errorf("fingerprint: %w", err)
		}
		s.opt.Dir, s.ownsDir = d, true
		return d, nil
	}
	if err := os.MkdirAll(d, 0o755); err != nil {
		return "", fmt.Errorf("fingerprint: %w", err)
	}
	return d, nil
}

// newRunPath returns the path of the next run file.
func (s *Store) newRunPath(prefix string) (string, error) {
	d, err := s.dir()
	if err != nil {
		return "", err
	}
	s.seq++
	return filepath.Join(d, fmt.Sprintf("%s-%06d.run", prefix, s.seq)), nil
}

// sortedChunks sorts the records in memory chunk by chunk and returns the
// chunks as sources for a merge.
func (s *Store) sortedChunks() []source[Record] {
	var src []source[Record]
	for c := 0; c*chunkLen < s.n; c++ {
		ch := s.chunks[c][:min(chunkLen, s.n-c*chunkLen)]
		slices.SortFunc(ch, func(a, b Record) int {
			if less(&a, &b) {
				return -1
			}
			if less(&b, &a) {
				return 1
			}
			return 0
		})
		src = append(src, &sliceSource[Record]{items: ch})
	}
	return src
}

// Flush writes the records in memory to a run (nothing when there are
// none), so that Runs holds every record added.
func (s *Store) Flush() error {
	if s.n == 0 {
		return nil
	}
	return s.spill()
}

// spill writes the records in memory to a new run and empties memory (the
// chunks are kept for the next records).
func (s *Store) spill() error {
	path, err := s.newRunPath("records")
	if err != nil {
		return err
	}
	if err := mergeTo(path, kindRecords, s.sortedChunks(), lessRecord); err != nil {
		return err
	}
	s.runs = append(s.runs, path)
	s.n = 0
	clear(s.index)
	return nil
}

// Close removes the run files the store wrote (and its folder, when it
// made one).
func (s *Store) Close() error {
	var first error
	for _, p := range s.runs {
		if err := os.Remove(p); err != nil && !os.IsNotExist(err) && first == nil {
			first = fmt.Errorf("fingerprint: %w", err)
		}
	}
	s.runs = nil
	if s.ownsDir {
		os.RemoveAll(s.opt.Dir)
	}
	s.chunks, s.index, s.n = nil, nil, 0
	return first
}

// Resolve merges every record added (the runs and the records in memory)
// and returns the duplicates in the order of the later game's id. The
// store must not be used again, except for Close (which the caller still
// owes, as it owes Duplicates.Close).
func (s *Store) Resolve() (*Duplicates, error) {
	if len(s.runs) == 0 && s.ordered {
		return s.resolveInMemory()
	}
	var src []source[Record]
	if len(s.runs) > 0 && s.n > 0 {
		// With runs on disk, memory goes to sorting the duplicates.
		if err := s.spill(); err != nil {
			return nil, err
		}
	}
	if len(s.runs) == 0 {
		src = s.sortedChunks()
	}
	d, err := resolve(s, s.runs, src, s.opt.MemBytes, true)
	s.chunks, s.index = nil, nil
	return d, err
}

// resolveInMemory is Resolve when every record is in memory and was
// added in the order of the Games: each record's first occurrence is the
// one the index holds, and the duplicates come out in game order without
// a merge or a sort.
func (s *Store) resolveInMemory() (*Duplicates, error) {
	out := newDupSorter(s, s.opt.MemBytes)
	for i := 0; i < s.n; i++ {
		r := s.at(i)
		f := s.at(int(*s.slot(r.FP) - 1))
		if f.Game == r.Game {
			continue
		}
		if err := out.add(Duplicate{Game: *r, First: *f, Reported: f.Game}); err != nil {
			out.abort()
			return nil, err
		}
	}
	s.chunks, s.index = nil, nil
	return out.finish()
}

// ResolveRuns resolves run files written by Stores or WriteRun, say those
// of several blocks or machines, into the duplicates among all their
// records, with run files of its own in opt.Dir. Close the result to
// remove them.
func ResolveRuns(opt Options, runs ...string) (*Duplicates, error) {
	s, err := NewStore(opt)
	if err != nil {
		return nil, err
	}
	d, err := resolve(s, runs, nil, s.opt.MemBytes, false)
	if err != nil {
		s.Close()
		return nil, err
	}
	d.owner = s
	return d, nil
}

// maxFanIn bounds the runs merged at once (open files and their buffers).
const maxFanIn = 64

// resolve merges the runs and in-memory sources and sorts the duplicates
// found by game, with run files (the merges of many runs, the duplicates'
// runs) named by s. With segments, the records' Seg are s's and give
// each duplicate's Reported.
func resolve(s *Store, runs []string, mem []source[Record], memBytes int64, segments bool) (*Duplicates, error) {
	var tmp []string // intermediate runs, removed at the end
	defer func() {
		for _, p := range tmp {
			os.Remove(p)
		}
	}()
	for len(runs)+len(mem) > maxFanIn && len(runs) > 1 {
		var next []string
		for i := 0; i < len(runs); i += maxFanIn {
			group := runs[i:min(i+maxFanIn, len(runs))]
			if len(group) == 1 {
				next = append(next, group[0])
				continue
			}
			src, closeAll, err := openSources(group)
			if err != nil {
				return nil, err
			}
			path, err := s.newRunPath("merged")
			if err == nil {
				err = mergeTo(path, kindRecords, src, lessRecord)
			}
			closeAll()
			if err != nil {
				return nil, err
			}
			tmp = append(tmp, path)
			next = append(next, path)
		}
		runs = next
	}
	src, closeAll, err := openSources(runs)
	if err != nil {
		return nil, err
	}
	defer closeAll()
	src = append(src, mem...)
	m, err := newMerger(src, lessRecord)
	if err != nil {
		return nil, err
	}
	out := newDupSorter(s, memBytes)
	var first Record
	haveFirst := false
	// segFirst: the earliest game of the current fingerprint in each
	// segment so far, what Add reported (only for a store's own runs).
	segFirst := map[uint32]int64{}
	for {
		r, ok, err := m.next()
		if err != nil {
			out.abort()
			return nil, err
		}
		if !ok {
			break
		}
		if !haveFirst || r.FP != first.FP {
			first, haveFirst = r, true
			clear(segFirst)
			segFirst[r.Seg] = r.Game
			continue
		}
		reported := int64(-1)
		if f, ok := segFirst[r.Seg]; ok && segments {
			reported = f
		} else {
			segFirst[r.Seg] = r.Game
		}
		if err := out.add(Duplicate{Game: r, First: first, Reported: reported}); err != nil {
			out.abort()
			return nil, err
		}
	}
	return out.finish()
}

func lessRecord(a, b *Record) bool { return less(a, b) }

func lessDuplicate(a, b *Duplicate) bool { return a.Game.Game < b.Game.Game }

// openSources opens run files as merge sources.
func openSources(paths []string) ([]source[Record], func(), error) {
	var src []source[Record]
	var readers []*runReader
	closeAll := func() {
		for _, r := range readers {
			r.close()
		}
	}
	for _, p := range paths {
		rr, err := openRun(p, kindRecords)
		if err != nil {
			closeAll()
			return nil, nil, err
		}
		readers = append(readers, rr)
		src = append(src, &runSource[Record]{rr: rr})
	}
	return src, closeAll, nil
}

// source yields items in order.
type source[T any] interface {
	next(*T) (bool, error)
}

type sliceSource[T any] struct {
	items []T
	i     int
}

func (s *sliceSource[T]) next(v *T) (bool, error) {
	if s.i == len(s.items) {
		return false, nil
	}
	*v = s.items[s.i]
	s.i++
	return true, nil
}

type runSource[T any] struct{ rr *runReader }

func (s *runSource[T]) next(v *T) (bool, error) { return readAny(s.rr, v) }

// readAny reads a Record or a Duplicate.
func readAny[T any](rr *runReader, v *T) (bool, error) {
	switch p := any(v).(type) {
	case *Record:
		return readItem(rr, p)
	case *Duplicate:
		return readItem(rr, p)
	}
	panic("fingerprint: unknown item type")
}

func writeAny[T any](rw *runWriter, v *T) error {
	switch p := any(v).(type) {
	case *Record:
		return writeItem(rw, p)
	case *Duplicate:
		return writeItem(rw, p)
	}
	panic("fingerprint: unknown item type")
}

// merger merges sources with a heap; ties go to the earlier source.
type merger[T any] struct {
	h mergeHeap[T]
}

type mergeItem[T any] struct {
	v   T
	src int
}

type mergeHeap[T any] struct {
	items []mergeItem[T]
	srcs  []source[T]
	less  func(a, b *T) bool
}

func (h *mergeHeap[T]) Len() int { return len(h.items) }
func (h *mergeHeap[T]) Less(i, j int) bool {
	a, b := &h.items[i], &h.items[j]
	if h.less(&a.v, &b.v) {
		return true
	}
	if h.less(&b.v, &a.v) {
		return false
	}
	return a.src < b.src
}
func (h *mergeHeap[T]) Swap(i, j int) { h.items[i], h.items[j] = h.items[j], h.items[i] }
func (h *mergeHeap[T]) Push(x any)    { h.items = append(h.items, x.(mergeItem[T])) }
func (h *mergeHeap[T]) Pop() any {
	x := h.items[len(h.items)-1]
	h.items = h.items[:len(h.items)-1]
	return x
}

func newMerger[T any](srcs []source[T], less func(a, b *T) bool) (*merger[T], error) {
	m := &merger[T]{h: mergeHeap[T]{srcs: srcs, less: less}}
	for i, s := range srcs {
		var v T
		ok, err := s.next(&v)
		if err != nil {
			return nil, err
		}
		if ok {
			m.h.items = append(m.h.items, mergeItem[T]{v: v, src: i})
		}
	}
	heap.Init(&m.h)
	return m, nil
}

// next returns the smallest item left.
func (m *merger[T]) next() (T, bool, error) {
	var zero T
	if len(m.h.items) == 0 {
		return zero, false, nil
	}
	top := &m.h.items[0]
	v := top.v
	ok, err := m.h.srcs[top.src].next(&top.v)
	if err != nil {
		return zero, false, err
	}
	if ok {
		heap.Fix(&m.h, 0)
	} else {
		heap.Pop(&m.h)
	}
	return v, true, nil
}

// mergeTo merges sources into a new run file at path.
func mergeTo[T any](path string, kind uint32, srcs []source[T], less func(a, b *T) bool) error {
	rw, err := createRun(path, kind)
	if err != nil {
		return err
	}
	m, err := newMerger(srcs, less)
	if err != nil {
		rw.abort()
		return err
	}
	for {
		v, ok, err := m.next()
		if err == nil && ok {
			err = writeAny(rw, &v)
		}
		if err != nil {
			rw.abort()
			return fmt.Errorf("fingerprint: write run %s: %w", path, err)
		}
		if !ok {
			return rw.close()
		}
	}
}
