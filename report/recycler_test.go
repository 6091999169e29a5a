package report

import (
	"fmt"
	"sync"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"
)

func TestRecyclerClasses(t *testing.T) {
	tests := []struct {
		size     int
		class    int
		recycled bool
	}{
		{0, 0, false},
		{minRecycled - 1, 0, false},
		{minRecycled, 0, true},
		{minRecycled + 1, 1, true},
		{2 * minRecycled, 1, true},
		{3 * minRecycled, 2, true},
		{minRecycled << (recycledClasses - 1), recycledClasses - 1, true},
		{minRecycled<<(recycledClasses-1) + 1, 0, false},
	}
	r := NewRecycler()
	for _, tc := range tests {
		k, ok := class(tc.size)
		if ok != tc.recycled || (ok && k != tc.class) {
			t.Errorf("class(%d) = %d, %v; want %d, %v", tc.size, k, ok, tc.class, tc.recycled)
		}
		if tc.size > 64<<20 {
			continue // not worth allocating
		}
		b := r.Allocate(tc.size)
		if len(b) != tc.size {
			t.Errorf("Allocate(%d): len %d", tc.size, len(b))
		}
		if tc.recycled && cap(b) != minRecycled<<tc.class {
			t.Errorf("Allocate(%d): cap %d, want %d", tc.size, cap(b), minRecycled<<tc.class)
		}
		r.Free(b)
	}
}

// A freed buffer comes back, as it was left, for a size of its class;
// Reallocate grows in place while the capacity allows and keeps the
// contents when it must move; a class keeps at most recycledPerClass.
func TestRecyclerReuse(t *testing.T) {
	r := NewRecycler()
	a := r.Allocate(40000)
	for i := range a {
		a[i] = 0xAA
	}
	r.Free(a)
	b := r.Allocate(50000)
	if &b[0] != &a[0] || b[0] != 0xAA {
		t.Fatalf("Allocate after Free: a new buffer (or a zeroed one)")
	}
	c := r.Reallocate(60000, b)
	if &c[0] != &b[0] || len(c) != 60000 {
		t.Fatalf("Reallocate within the capacity moved the buffer")
	}
	d := r.Reallocate(100000, c)
	if len(d) != 100000 || d[39999] != 0xAA || cap(d) != 4*minRecycled {
		t.Fatalf("Reallocate beyond the capacity: len %d cap %d, contents lost", len(d), cap(d))
	}
	if e := r.Allocate(50000); &e[0] != &c[0] {
		t.Fatalf("the buffer Reallocate left was not recycled")
	}
	for range recycledPerClass + 8 {
		r.Free(make([]byte, 0, minRecycled))
	}
	r.Free(make([]byte, 0, minRecycled+1)) // not a class capacity
	if n := len(r.free[0]); n != recycledPerClass {
		t.Fatalf("class 0 holds %d buffers, want %d", n, recycledPerClass)
	}
}

// What a Recycler holds stays within maxRecycledBytes, and what it hands
// out is counted off.
func TestRecyclerByteBound(t *testing.T) {
	r := NewRecycler()
	const size = 16 << 20 // class 9
	for range 8 {
		r.Free(make([]byte, size))
	}
	if r.held != maxRecycledBytes || len(r.free[9]) != maxRecycledBytes/size {
		t.Fatalf("holds %d bytes in %d buffers, want %d in %d", r.held, len(r.free[9]), maxRecycledBytes, maxRecycledBytes/size)
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
