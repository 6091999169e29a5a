package report

import (
	"math/bits"
	"sync"

	"github.com/apache/arrow-go/v18/arrow/memory"
)

// Recycler is a memory.Allocator for the table builders: the large
// buffers of a batch, freed when the writer releases it, are kept and
// handed out again for later batches, as they are (not zeroed). Go's
// allocator zeroes every new large buffer and the garbage collector must
// account for each; a run builds batch after batch of the same sizes.
// Smaller buffers come from memory.DefaultAllocator.
//
// Only the builders may use it: they write every byte they hand over,
// while other Arrow code may count on zeroed memory. It is safe for
// concurrent use (workers allocate, writers free). It keeps at most
// recycledPerClass buffers of each size class and maxRecycledBytes in
// all: never more than the run had in flight, and little after a peak
// (a block of huge games) has passed.
type Recycler struct {
	mu   sync.Mutex
	free [recycledClasses][][]byte // free[k]: buffers of capacity minRecycled<<k to twice that
	held int                       // bytes in free
}

const (
	minRecycledShift = 15 // 32 KiB, Go's first size of a large allocation
	minRecycled      = 1 << minRecycledShift
	recycledClasses  = 16 // up to 1 GiB
	recycledPerClass = 32
	maxRecycledBytes = 32 << 20
)

// NewRecycler returns an empty Recycler.
func NewRecycler() *Recycler { return new(Recycler) }

// fitClass returns the class of the buffers that fit size bytes (all of
// class k have a capacity of at least minRecycled<<k), and false when
// size is too small or too large to be recycled.
func fitClass(size int) (int, bool) {
	if size < minRecycled {
		return 0, false
	}
	k := bits.Len(uint(size-1)) - minRecycledShift
	return k, k < recycledClasses
}

// holdClass returns the class that keeps a buffer of capacity c: class k
// holds capacities from minRecycled<<k up to twice that.
func holdClass(c int) (int, bool) {
	if c < minRecycled {
		return 0, false
	}
	k := bits.Len(uint(c)) - 1 - minRecycledShift
	return k, k < recycledClasses
}

// Allocate returns a buffer of size bytes; its contents are undefined
// when it is recycled. A new buffer has the capacity asked for.
func (r *Recycler) Allocate(size int) []byte {
	k, ok := fitClass(size)
	if !ok {
		return memory.DefaultAllocator.Allocate(size)
	}
	r.mu.Lock()
	if n := len(r.free[k]); n > 0 {
		b := r.free[k][n-1]
		r.free[k][n-1] = nil
		r.free[k] = r.free[k][:n-1]
		r.held -= cap(b)
		r.mu.Unlock()
		return b[:size]
	}
	r.mu.Unlock()
	return make([]byte, size) // large: page-aligned
}

// Reallocate resizes b to size bytes, in place when its capacity allows,
// keeping its contents.
func (r *Recycler) Reallocate(size int, b []byte) []byte {
	if size <= cap(b) {
		return b[:size]
	}
	nb := r.Allocate(size)
	copy(nb, b)
	r.Free(b)
	return nb
}

// Free takes b back for recycling when it is large enough and there is
// room for it; other buffers are left to the garbage collector.
func (r *Recycler) Free(b []byte) {
	k, ok := holdClass(cap(b))
	if !ok {
		return
	}
	r.mu.Lock()
	if len(r.free[k]) < recycledPerClass && r.held+cap(b) <= maxRecycledBytes {
		r.free[k] = append(r.free[k], b[:0])
		r.held += cap(b)
	}
	r.mu.Unlock()
}
