package report

import (
	"fmt"
	"sync"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"
)

// Class k hands out buffers of at least minRecycled<<k bytes and keeps
// those of minRecycled<<k up to twice that; new buffers have the size
// asked for.
func TestRecyclerClasses(t *testing.T) {
	tests := []struct {
		size       int
		fit, hold  int
		recyclable bool
	}{
		{0, 0, 0, false},
		{minRecycled - 1, 0, 0, false},
		{minRecycled, 0, 0, true},
		{minRecycled + 1, 1, 0, true},
		{2*minRecycled - 1, 1, 0, true},
		{2 * minRecycled, 1, 1, true},
		{3 * minRecycled, 2, 1, true},
		{minRecycled << (recycledClasses - 1), recycledClasses - 1, recycledClasses - 1, true},
	}
	r := NewRecycler()
	for _, tc := range tests {
		fit, ok1 := fitClass(tc.size)
		hold, ok2 := holdClass(tc.size)
		if ok1 != tc.recyclable || ok2 != tc.recyclable || (tc.recyclable && (fit != tc.fit || hold != tc.hold)) {
			t.Errorf("size %d: fit class %d %v, hold class %d %v; want %d, %d, %v", tc.size, fit, ok1, hold, ok2, tc.fit, tc.hold, tc.recyclable)
		}
		if tc.size > 64<<20 {
			continue // not worth allocating
		}
		if b := r.Allocate(tc.size); len(b) != tc.size || cap(b) != tc.size {
			t.Errorf("Allocate(%d): len %d cap %d", tc.size, len(b), cap(b))
		}
	}
	if _, ok := fitClass(minRecycled<<(recycledClasses-1) + 1); ok {
		t.Errorf("a size beyond the last class fits a class")
	}
	if _, ok := holdClass(minRecycled << recycledClasses); ok {
		t.Errorf("a capacity beyond the last class is kept")
	}
}

// A freed buffer comes back, as it was left, for any size it fits;
// Reallocate grows in place while the capacity allows and keeps the
// contents when it must move; a class keeps at most recycledPerClass.
func TestRecyclerReuse(t *testing.T) {
	r := NewRecycler()
	a := r.Allocate(70000) // kept in class 1 (64-128 KiB), fits sizes of class 0 and 1
	for i := range a {
		a[i] = 0xAA
	}
	r.Free(a)
	if b := r.Allocate(minRecycled + 1); &b[0] != &a[0] {
		t.Fatalf("a buffer of 70000 bytes was not reused for %d", minRecycled+1)
	}
	r.Free(a)
	if b := r.Allocate(70001); &b[0] == &a[0] {
		t.Fatalf("a buffer of 70000 bytes was handed out for 70001")
	}
	b := r.Allocate(50000)
	if &b[0] != &a[0] || b[0] != 0xAA || len(b) != 50000 {
		t.Fatalf("Allocate after Free: a new buffer (or a zeroed one)")
	}
	c := r.Reallocate(60000, b)
	if &c[0] != &b[0] || len(c) != 60000 {
		t.Fatalf("Reallocate within the capacity moved the buffer")
	}
	d := r.Reallocate(100000, c)
	if len(d) != 100000 || d[59999] != 0xAA || &d[0] == &c[0] {
		t.Fatalf("Reallocate beyond the capacity: len %d, contents lost", len(d))
	}
	if e := r.Allocate(50000); &e[0] != &c[0] {
		t.Fatalf("the buffer Reallocate left was not recycled")
	}
	for range recycledPerClass + 8 {
		r.Free(make([]byte, 0, minRecycled))
	}
	r.Free(make([]byte, 0, minRecycled-1)) // too small
	if n := len(r.free[0]); n != recycledPerClass {
		t.Fatalf("class 0 holds %d buffers, want %d", n, recycledPerClass)
	}
}

// What a Recycler holds stays within maxRecycledBytes, and what it hands
// out is counted off.
func TestRecyclerByteBound(t *testing.T) {
	r := NewRecycler()
	const size = 8 << 20 // class 8
	for range 8 {
		r.Free(make([]byte, size))
	}
	if r.held != maxRecycledBytes || len(r.free[8]) != maxRecycledBytes/size {
		t.Fatalf("holds %d bytes in %d buffers, want %d in %d", r.held, len(r.free[8]), maxRecycledBytes, maxRecycledBytes/size)
	}
	r.Free(make([]byte, minRecycled)) // no room left, even for a small one
	if len(r.free[0]) != 0 {
		t.Fatalf("took a buffer beyond the byte bound")
	}
	_ = r.Allocate(size)
	if r.held != maxRecycledBytes-size {
		t.Fatalf("holds %d bytes after handing one out, want %d", r.held, maxRecycledBytes-size)
	}
}

func TestRecyclerConcurrent(t *testing.T) {
	r := NewRecycler()
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 200 {
				b := r.Allocate(minRecycled + (g*200+i)%minRecycled)
				for k := range b {
					b[k] = byte(g)
				}
				for k := range b {
					if b[k] != byte(g) {
						t.Errorf("buffer shared between goroutines")
						return
					}
				}
				r.Free(b)
			}
		}()
	}
	wg.Wait()
}

// Batches built on recycled, dirty memory read back exactly as built:
// the builders write every byte they hand over (values, offsets and
// validity of columns with NULLs in changing places).
func TestBuildersOnRecycledMemory(t *testing.T) {
	r := NewRecycler()
	b := NewGamesBuilder(r)
	defer b.Release()
	var row GameRow
	const rows = 20000
	for batch := range 4 {
		before := pooled(r)
		if batch > 0 && before == 0 {
			t.Fatalf("batch %d: nothing to recycle", batch)
		}
		for i := range rows {
			row.Reset()
			row.GameID = int64(i)
			if (i+batch)%3 == 0 {
				row.Event.SetString(fmt.Sprintf("event %d.%d", batch, i))
			}
			if (i+batch)%2 == 0 {
				row.WhiteElo.Set(int16(i % 3000))
			}
			row.Movetext = append(row.Movetext, fmt.Sprintf("1. e4 e5 %d", batch*rows+i)...)
			if err := b.Append(&row); err != nil {
				t.Fatal(err)
			}
		}
		rec := b.Flush()
		if batch > 0 && pooled(r) >= before {
			t.Fatalf("batch %d: built without recycled buffers (%d pooled before, %d after)", batch, before, pooled(r))
		}
		col := func(name string) any { return rec.Column(rec.Schema().FieldIndices(name)[0]) }
		event, elo, mt := col("event").(*array.String), col("white_elo").(*array.Int16), col("movetext").(*array.String)
		for i := range rows {
			wantEvent := (i+batch)%3 == 0
			if event.IsValid(i) != wantEvent || (wantEvent && event.Value(i) != fmt.Sprintf("event %d.%d", batch, i)) {
				t.Fatalf("batch %d row %d: event valid %v %q", batch, i, event.IsValid(i), event.Value(i))
			}
			wantElo := (i+batch)%2 == 0
			if elo.IsValid(i) != wantElo || (wantElo && elo.Value(i) != int16(i%3000)) {
				t.Fatalf("batch %d row %d: white_elo valid %v %d", batch, i, elo.IsValid(i), elo.Value(i))
			}
			if got, want := mt.Value(i), fmt.Sprintf("1. e4 e5 %d", batch*rows+i); got != want {
				t.Fatalf("batch %d row %d: movetext %q, want %q", batch, i, got, want)
			}
		}
		rec.Release() // its buffers go back to r, dirty, for the next batch
	}
}

// pooled counts the buffers r holds.
func pooled(r *Recycler) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for k := range r.free {
		n += len(r.free[k])
	}
	return n
}
