package report

import (
	"encoding/binary"
	"math/bits"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// Column accumulators. arrow-go's generic builders check capacity, set a
// validity bit and go through several calls per value; profiling showed
// them to be most of the cost of a moves row. The
// accumulators below append into allocator-owned memory with one bounds
// check per value and hand their buffers over to the Arrow arrays at
// Flush, without copying. Each Flush starts fresh buffers sized after the
// previous batch.

// region is an allocator-owned, growable byte buffer. New bytes are not
// zeroed (the allocator may or may not do it).
type region struct {
	mem  memory.Allocator
	buf  *memory.Buffer
	hint int // capacity to start with after a take
}

// grow returns the region's memory, with at least need bytes.
func (r *region) grow(need int) []byte {
	if r.buf == nil {
		r.buf = memory.NewResizableBuffer(r.mem)
	}
	r.buf.Reserve(max(need, 2*r.buf.Cap(), r.hint, 256))
	return r.buf.Buf()
}

// take hands over the first n bytes as a buffer (the caller owns one
// reference) and starts an empty region.
func (r *region) take(n int) *memory.Buffer {
	if r.buf == nil {
		return memory.NewBufferBytes(nil)
	}
	b := r.buf
	b.ResizeNoShrink(n)
	r.buf, r.hint = nil, n+n/4 // headroom: the next batch is often a little larger
	return b
}

func (r *region) release() {
	if r.buf != nil {
		r.buf.Release()
		r.buf = nil
	}
}

// bitmap accumulates bits for Arrow's layout (least significant bit
// first). It keeps one byte per bit while rows are appended, so that add
// is a store small enough to inline, and packs them when the buffer is
// taken (a tight loop over the batch, far cheaper than a shift and a mask
// per call).
type bitmap struct {
	r region // receives the packed bits in take
	v []byte // one byte, 0 or 1, per bit; reused from batch to batch
	n int    // bits appended
}

// add appends v.
func (m *bitmap) add(v bool) {
	if m.n >= len(m.v) {
		m.more()
	}
	m.v[m.n] = *(*byte)(unsafe.Pointer(&v)) // a Go bool is stored as 0 or 1
	m.n++
}

// extend appends n bits, left for the caller to set (0 or 1) in the
// returned bytes, one per bit.
func (m *bitmap) extend(n int) []byte {
	if m.n+n > len(m.v) {
		m.v = append(m.v[:m.n], make([]byte, n)...)
		m.v = m.v[:cap(m.v)]
	}
	s := m.v[m.n : m.n+n : m.n+n]
	m.n += n
	return s
}

// more grows v by at least one byte.
func (m *bitmap) more() {
	m.v = append(m.v[:m.n], 0)
	m.v = m.v[:cap(m.v)]
}

// pack returns the bits packed in a buffer and the count of zero bits.
func (m *bitmap) pack() (*memory.Buffer, int) {
	n := m.n
	out := m.r.grow((n + 7) >> 3)[:(n+7)>>3]
	ones := 0
	v := m.v[:n]
	i := 0
	for ; i+8 <= n; i += 8 {
		// eight bytes of 0 or 1 as one word: the multiplication gathers
		// bit 0 of byte k into bit 56+k, and no two partial products
		// overlap, so nothing carries
		w := binary.LittleEndian.Uint64(v[i : i+8])
		x := byte(w * 0x0102040810204080 >> 56)
		out[i>>3] = x
		ones += bits.OnesCount8(x)
	}
	if i < n {
		var x byte
		for k := i; k < n; k++ {
			x |= v[k] << (k - i)
		}
		out[i>>3] = x
		ones += bits.OnesCount8(x)
	}
	m.n = 0
	return m.r.take((n + 7) >> 3), n - ones
}

// take returns the bitmap buffer and the count of zero bits; the buffer is
// nil when every bit is set (a column without nulls needs no validity).
func (m *bitmap) take() (*memory.Buffer, int) {
	b, zeros := m.pack()
	if zeros == 0 {
		b.Release()
		return nil, 0
	}
	return b, zeros
}

// fixedCol accumulates fixed-width numbers (int8, int16, int32, int64 or
// float64), optionally nullable, in a region of its own.
type fixedCol[T fixed] struct {
	r        region
	v        []T
	n        int
	fast     int // add takes the inlined path while n < fast (0 when nullable)
	nullable bool
	valid    bitmap
}

// fixed are the value types of fixedCol.
type fixed interface {
	int8 | int16 | int32 | int64 | float64
}

type (
	f64Col = fixedCol[float64]
	i16Col = fixedCol[int16]
	i32Col = fixedCol[int32]
	i64Col = fixedCol[int64]
)

func (c *fixedCol[T]) size() int { var x T; return int(unsafe.Sizeof(x)) }

func (c *fixedCol[T]) grow() {
	w := c.size()
	b := c.r.grow((len(c.v) + 1) * w)
	c.v = unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(b))), len(b)/w)
	c.setFast()
}

// add appends x. It is inlined (cost 80, Go's budget exactly: a bounds
// check or a second call would push it over), so the common case (room
// left, column not nullable) costs a compare and a store.
func (c *fixedCol[T]) add(x T) {
	if c.n >= c.fast {
		c.slow()
	}
	c.v[c.n] = x
	c.n++
}

// slow makes room for one more value and, in a nullable column, marks it
// valid: what add cannot do inline.
func (c *fixedCol[T]) slow() {
	if c.n == len(c.v) {
		c.grow()
	}
	if c.nullable {
		c.valid.add(true)
	}
}

// extend appends n slots and returns them for the caller to fill, with
// their validity bytes when the column is nullable (nil otherwise): set 1
// for a value, 0 for a NULL (whose slot must hold 0).
func (c *fixedCol[T]) extend(n int) ([]T, []byte) {
	for c.n+n > len(c.v) {
		c.grow()
	}
	s := c.v[c.n : c.n+n : c.n+n]
	c.n += n
	if !c.nullable {
		return s, nil
	}
	return s, c.valid.extend(n)
}

// null appends a NULL (the slot holds 0).
func (c *fixedCol[T]) null() {
	if c.n == len(c.v) {
		c.grow()
	}
	c.v[c.n] = 0
	c.n++
	c.valid.add(false)
}

func (c *fixedCol[T]) data(dt arrow.DataType) *array.Data {
	d := fixedData(dt, c.n, c.r.take(c.n*c.size()), c.nullable, &c.valid)
	c.v, c.n, c.fast = nil, 0, 0
	return d
}

// takeValues hands over the values (without validity) and starts an empty
// column; strings and lists use it for their offsets.
func (c *fixedCol[T]) takeValues() *memory.Buffer {
	b := c.r.take(c.n * c.size())
	c.v, c.n, c.fast = nil, 0, 0
	return b
}

func (c *fixedCol[T]) setFast() {
	if c.nullable {
		c.fast = 0
	} else {
		c.fast = len(c.v)
	}
}

func (c *fixedCol[T]) release() { c.r.release(); c.valid.r.release() }

func (c *fixedCol[T]) setup(mem memory.Allocator, nullable bool) {
	c.r.mem, c.valid.r.mem, c.nullable = mem, mem, nullable
}

func fixedData(dt arrow.DataType, n int, vals *memory.Buffer, nullable bool, valid *bitmap) *array.Data {
	var vb *memory.Buffer
	nulls := 0
	if nullable {
		vb, nulls = valid.take()
	}
	d := array.NewData(dt, n, []*memory.Buffer{vb, vals}, nil, nulls, 0)
	releaseBuffers(vb, vals)
	return d
}

// dictCol accumulates a column of a small fixed vocabulary (colours, piece
// letters, squares, UCI and SAN moves) as int8, int16 or int32 indices into
// one dictionary that every batch shares: an Arrow dictionary<int, utf8>
// column. The Parquet writer
// stores the dictionary page and the indices as they are, where a string
// column would cost a copy, a hash or a comparison per row; readers see a
// string column (DuckDB: VARCHAR; Polars and pandas: a categorical).
type dictCol[I int8 | int16 | int32] struct {
	idx   fixedCol[I]
	vocab []string    // set before setup
	dict  *array.Data // built by setup from vocab
}

// add appends vocab[i].
func (c *dictCol[I]) add(i I) { c.idx.add(i) }

func (c *dictCol[I]) null() { c.idx.null() }

func (c *dictCol[I]) data(dt arrow.DataType) *array.Data {
	d := c.idx.data(dt)
	d.SetDictionary(c.dict)
	return d
}

func (c *dictCol[I]) release() {
	c.idx.release()
	if c.dict != nil {
		c.dict.Release()
		c.dict = nil
	}
}

func (c *dictCol[I]) setup(mem memory.Allocator, nullable bool) {
	c.idx.setup(mem, nullable)
	b := array.NewStringBuilder(mem)
	defer b.Release()
	b.AppendValues(c.vocab, nil)
	a := b.NewStringArray()
	c.dict = a.Data().(*array.Data)
	c.dict.Retain()
	a.Release()
}

// boolCol accumulates booleans, optionally nullable.
type boolCol struct {
	vals     bitmap
	nullable bool
	valid    bitmap
}

func (c *boolCol) add(v bool) {
	c.vals.add(v)
	if c.nullable {
		c.valid.add(true)
	}
}

// extend appends n values, left for the caller to set (0 or 1) in the
// returned bytes; in a nullable column they are all valid.
func (c *boolCol) extend(n int) []byte {
	s := c.vals.extend(n)
	if c.nullable {
		v := c.valid.extend(n)
		for i := range v {
			v[i] = 1
		}
	}
	return s
}

func (c *boolCol) null() {
	c.vals.add(false)
	c.valid.add(false)
}

func (c *boolCol) data(dt arrow.DataType) *array.Data {
	n := c.vals.n
	vals, _ := c.vals.pack()
	var valid *memory.Buffer
	nulls := 0
	if c.nullable {
		valid, nulls = c.valid.take()
	}
	d := array.NewData(dt, n, []*memory.Buffer{valid, vals}, nil, nulls, 0)
	releaseBuffers(valid, vals)
	return d
}

func (c *boolCol) release() { c.vals.r.release(); c.valid.r.release() }
func (c *boolCol) setup(mem memory.Allocator, nullable bool) {
	c.vals.r.mem, c.valid.r.mem, c.nullable = mem, mem, nullable
}

// strCol accumulates strings (int32 offsets), optionally nullable.
type strCol struct {
	offs     i32Col // n+1 offsets, starting with 0
	r        region
	d        []byte
	dn       int
	nullable bool
	valid    bitmap
}

func (c *strCol) rows() int {
	if c.offs.n == 0 {
		return 0
	}
	return c.offs.n - 1
}

func (c *strCol) add(b []byte) {
	if c.offs.n == 0 {
		c.offs.add(0)
	}
	if c.dn+len(b) > len(c.d) {
		c.d = c.r.grow(c.dn + len(b))
	}
	if len(b) > 0 && &b[0] == &c.d[c.dn] {
		c.dn += len(b) // written in place, into the slice of tail
	} else {
		c.dn += copy(c.d[c.dn:], b)
	}
	c.offs.add(int32(c.dn))
	if c.nullable {
		c.valid.add(true)
	}
}

// tail returns the column's free memory, room for at least n bytes, as
// an empty slice: a value appended to it within its capacity and then
// passed to add is taken where it is, without a copy. The slice is valid
// until the column's next add, data or release.
func (c *strCol) tail(n int) []byte {
	if c.dn+n > len(c.d) {
		c.d = c.r.grow(c.dn + n)
	}
	return c.d[c.dn:c.dn]
}

func (c *strCol) addString(s string) { c.add(bytesOf(s)) }

func (c *strCol) null() {
	if c.offs.n == 0 {
		c.offs.add(0)
	}
	c.offs.add(int32(c.dn))
	c.valid.add(false)
}

// nulls appends k NULLs.
func (c *strCol) nulls(k int) { appendNullOffsets(&c.offs, &c.valid, k, int32(c.dn)) }

func (c *strCol) data(dt arrow.DataType) *array.Data {
	n := c.rows()
	if c.offs.n == 0 {
		c.offs.add(0)
	}
	offs := c.offs.takeValues()
	vals := c.r.take(c.dn)
	c.d, c.dn = nil, 0
	var valid *memory.Buffer
	nulls := 0
	if c.nullable {
		valid, nulls = c.valid.take()
	}
	d := array.NewData(dt, n, []*memory.Buffer{valid, offs, vals}, nil, nulls, 0)
	releaseBuffers(valid, offs, vals)
	return d
}

func (c *strCol) release() { c.offs.release(); c.r.release(); c.valid.r.release() }
func (c *strCol) setup(mem memory.Allocator, nullable bool) {
	c.offs.setup(mem, false)
	c.r.mem, c.valid.r.mem, c.nullable = mem, mem, nullable
}

// listOffsets accumulates the offsets and validity of a list or map column.
type listOffsets struct {
	offs     i32Col
	nullable bool
	valid    bitmap
}

func (l *listOffsets) rows() int {
	if l.offs.n == 0 {
		return 0
	}
	return l.offs.n - 1
}

// end closes the current list at child length n.
func (l *listOffsets) end(n int) {
	if l.offs.n == 0 {
		l.offs.add(0)
	}
	l.offs.add(int32(n))
	if l.nullable {
		l.valid.add(true)
	}
}

// null appends a NULL list at child length n.
func (l *listOffsets) null(n int) {
	if l.offs.n == 0 {
		l.offs.add(0)
	}
	l.offs.add(int32(n))
	l.valid.add(false)
}

// nulls appends k NULL lists at child length n.
func (l *listOffsets) nulls(k, n int) { appendNullOffsets(&l.offs, &l.valid, k, int32(n)) }

// appendNullOffsets appends k NULLs to a column of offsets (strings or
// lists): k offsets equal to end, k clear validity bits.
func appendNullOffsets(offs *i32Col, valid *bitmap, k int, end int32) {
	if offs.n == 0 {
		offs.add(0)
	}
	o, _ := offs.extend(k)
	for i := range o {
		o[i] = end
	}
	clear(valid.extend(k))
}

func (l *listOffsets) data(dt arrow.DataType, children ...arrow.ArrayData) *array.Data {
	n := l.rows()
	if l.offs.n == 0 {
		l.offs.add(0)
	}
	offs := l.offs.takeValues()
	var valid *memory.Buffer
	nulls := 0
	if l.nullable {
		valid, nulls = l.valid.take()
	}
	d := array.NewData(dt, n, []*memory.Buffer{valid, offs}, children, nulls, 0)
	releaseBuffers(valid, offs)
	for _, c := range children {
		c.Release()
	}
	return d
}

func (l *listOffsets) setup(mem memory.Allocator, nullable bool) {
	l.offs.setup(mem, false)
	l.valid.r.mem, l.nullable = mem, nullable
}

// listCol accumulates list<E> with non-null elements: the lists' offsets
// and validity, and one accumulator E of all their elements.
type listCol[E any, P elemCol[E]] struct {
	listOffsets
	elems E
}

// elemCol is a pointer to an element accumulator of a listCol.
type elemCol[E any] interface {
	*E
	column
}

func (c *listCol[E, P]) data(dt arrow.DataType) *array.Data {
	return c.listOffsets.data(dt, P(&c.elems).data(dt.(*arrow.ListType).Elem()))
}

func (c *listCol[E, P]) release() { c.listOffsets.release(); P(&c.elems).release() }

func (c *listCol[E, P]) setup(mem memory.Allocator, nullable bool) {
	c.listOffsets.setup(mem, nullable)
	P(&c.elems).setup(mem, false)
}

// numListCol accumulates lists of fixed-width numbers.
type numListCol[T fixed] struct {
	listCol[fixedCol[T], *fixedCol[T]]
}

func (c *numListCol[T]) add(vs []T) {
	for _, v := range vs {
		c.elems.add(v)
	}
	c.end(c.elems.n)
}

func (c *numListCol[T]) null() { c.listOffsets.null(c.elems.n) }

type (
	int32ListCol = numListCol[int32]
	f64ListCol   = numListCol[float64]
	strListCol   = listCol[strCol, *strCol] // filled by the builders (UTF-8 repair)
)

// strMapCol accumulates map<string, string> with non-null values.
type strMapCol struct {
	listOffsets
	keys, values strCol
}

func (c *strMapCol) data(dt arrow.DataType) *array.Data {
	mt := dt.(*arrow.MapType)
	st := mt.Elem().(*arrow.StructType)
	n := c.keys.rows()
	k, v := c.keys.data(mt.KeyType()), c.values.data(mt.ItemType())
	entries := array.NewData(st, n, []*memory.Buffer{nil}, []arrow.ArrayData{k, v}, 0, 0)
	k.Release()
	v.Release()
	return c.listOffsets.data(dt, entries)
}

func (c *strMapCol) release() { c.listOffsets.release(); c.keys.release(); c.values.release() }

func (c *strMapCol) setup(mem memory.Allocator, nullable bool) {
	c.listOffsets.setup(mem, nullable)
	c.keys.setup(mem, false)
	c.values.setup(mem, false)
}

func (l *listOffsets) release() { l.offs.release(); l.valid.r.release() }

// column is what a batch needs from every accumulator.
type column interface {
	// data hands the accumulated values over as Arrow data of type dt
	// (the caller releases it) and starts an empty column.
	data(dt arrow.DataType) *array.Data
	// release frees buffers not handed over yet.
	release()
	// setup sets the allocator and whether NULLs are allowed.
	setup(mem memory.Allocator, nullable bool)
}

func releaseBuffers(bufs ...*memory.Buffer) {
	for _, b := range bufs {
		if b != nil {
			b.Release()
		}
	}
}
