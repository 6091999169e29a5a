package ingest

import (
	"runtime/debug"
	"sync"
)

// The memory of the zstd windows. A `zstd --long=31` stream makes its
// decoder keep a history of up to 2 GiB. That memory is live for as long
// as the decoder is (idle decoders are kept for the next file), so a soft
// memory limit that counted it in the heap's budget would leave the
// garbage collector nothing to gain and make it run without pause.
var memLimit struct {
	sync.Mutex
	heap    int64 // the budget set by SetMemoryLimit; 0: not managed
	windows int64 // bytes of the decoders' history rings
}

// SetMemoryLimit sets the runtime's soft memory limit (debug.SetMemoryLimit)
// to heap plus the memory that zstd decoders hold for their windows, and
// keeps it so as decoders are made and dropped: the window of a large
// stream is counted outside the heap's budget. heap <= 0 stops the
// adjustment (the limit is left as it is).
func SetMemoryLimit(heap int64) {
	memLimit.Lock()
	defer memLimit.Unlock()
	memLimit.heap = max(heap, 0)
	applyMemoryLimit()
}

// WindowMemory returns the bytes that zstd decoders, busy or idle, hold for
// their windows.
func WindowMemory() int64 {
	memLimit.Lock()
	defer memLimit.Unlock()
	return memLimit.windows
}

func addWindowMemory(d int64) {
	if d == 0 {
		return
	}
	memLimit.Lock()
	defer memLimit.Unlock()
	memLimit.windows += d
	applyMemoryLimit()
}

func applyMemoryLimit() {
	if memLimit.heap > 0 {
		debug.SetMemoryLimit(memLimit.heap + memLimit.windows)
	}
}
