//go:build !arbiter_reference

package report

// This file is a fast path over pqarrow's FileWriter: partFile writes the
// same bytes with less work. Built with the arbiter_reference tag,
// pqfile_reference.go replaces it and every part is written by pqarrow.
// TestPartFileMatchesPqarrow compares the files byte for byte.

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync/atomic"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/metadata"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	"github.com/apache/arrow-go/v18/parquet/schema"
)

// partFile writes a part file through arrow-go's low-level column writers
// (package parquet/file), straight from the Arrow buffers of each batch.
// pqarrow.FileWriter writes the same bytes but first derives definition
// levels from each validity bitmap into pooled buffers (zeroed again on
// release) and hands the column writers spaced values that they compact
// again, page by page. partFile builds the levels in buffers of its own,
// reused from batch to batch, and passes only the non-null values.
//
// It supports the column types of arbiter's tables (see directLayout);
// the file (schema, key-value metadata including the stored Arrow schema,
// pages, statistics, page index) is the one pqarrow writes, byte for byte.
type partFile struct {
	// helper, when set, is offered a share of flushPages' work.
	helper Helper
	fw     *file.Writer
	rg     file.BufferedRowGroupWriter
	layout []leafLayout // one per schema field
	s      scratch
	closed bool
}

// leafLayout locates the Parquet leaf columns of one Arrow field.
type leafLayout struct {
	leaf     int   // index of the field's first leaf column
	maxDef   int16 // definition level of a present value in that leaf
	nullable bool  // the field itself is nullable
	nested   bool  // a list or map: repetition levels, required elements
}

// scratch holds the buffers partFile reuses from batch to batch.
type scratch struct {
	def, rep []int16
	fills    [4][]int16 // fills[v]: levels all equal to v, see fill
	i32      []int32
	i64      []int64
	f64      []float64
	bools    []bool
	offs     []int32
	bytes    []byte
}

// directLayout checks that every field of sc is one that partFile writes
// and returns where each field's leaves are in the Parquet schema ps.
func directLayout(sc *arrow.Schema, ps *schema.Schema) ([]leafLayout, error) {
	layout := make([]leafLayout, sc.NumFields())
	leaf := 0
	for i, f := range sc.Fields() {
		leaves, want, nested, err := fieldShape(f)
		if err != nil {
			return nil, err
		}
		l := leafLayout{leaf: leaf, nullable: f.Nullable, nested: nested}
		if leaf+leaves > ps.NumColumns() {
			return nil, fmt.Errorf("%w: %s: no leaf column", errUnsupported, f.Name)
		}
		for k := 0; k < leaves; k++ {
			c := ps.Column(leaf + k)
			if c.MaxDefinitionLevel() != want || c.MaxRepetitionLevel() != boolLevel(l.nested) {
				return nil, fmt.Errorf("%w: %s: levels %d/%d", errUnsupported, f.Name, c.MaxDefinitionLevel(), c.MaxRepetitionLevel())
			}
		}
		l.maxDef = want
		layout[i] = l
		leaf += leaves
	}
	if leaf != ps.NumColumns() {
		return nil, fmt.Errorf("%w: %d leaves for %d columns", errUnsupported, leaf, ps.NumColumns())
	}
	return layout, nil
}

func boolLevel(b bool) int16 {
	if b {
		return 1
	}
	return 0
}

// fieldShape returns the leaf count of f, the definition level of its
// present values and whether it is a list or a map, for the types
// partFile writes.
func fieldShape(f arrow.Field) (leaves int, maxDef int16, nested bool, err error) {
	opt := boolLevel(f.Nullable)
	switch t := f.Type.(type) {
	case *arrow.Int16Type, *arrow.Int32Type, *arrow.Int64Type, *arrow.Float64Type,
		*arrow.BooleanType, *arrow.StringType, *arrow.Date32Type, *arrow.Time32Type:
		return 1, opt, false, nil
	case *arrow.DictionaryType:
		if t.ValueType.ID() == arrow.STRING {
			return 1, opt, false, nil
		}
	case *arrow.MapType:
		if !t.ItemField().Nullable && flatType(t.KeyType()) && flatType(t.ItemType()) {
			return 2, opt + 1, true, nil
		}
	case *arrow.ListType:
		if !t.ElemField().Nullable && flatType(t.Elem()) {
			return 1, opt + 1, true, nil
		}
	}
	return 0, 0, false, fmt.Errorf("%w: %s %s", errUnsupported, f.Name, f.Type)
}

func flatType(t arrow.DataType) bool {
	switch t.ID() {
	case arrow.INT32, arrow.FLOAT64, arrow.STRING:
		return true
	}
	return false
}

// storedMetadata returns the key-value metadata pqarrow stores in a file
// of schema sc (the schema's own metadata and, with WithStoreSchema, the
// serialized Arrow schema), read from an empty file it writes in memory.
func storedMetadata(sc *arrow.Schema, props *parquet.WriterProperties, aprops pqarrow.ArrowWriterProperties) (metadata.KeyValueMetadata, error) {
	var buf bytes.Buffer
	fw, err := pqarrow.NewFileWriter(sc, &buf, props, aprops)
	if err != nil {
		return nil, err
	}
	if err := fw.Close(); err != nil {
		return nil, err
	}
	md, err := fw.FileMetadata()
	if err != nil {
		return nil, err
	}
	return md.KeyValueMetadata(), nil
}

// newDirectEncoder starts a partFile of schema sc on w, which helper (nil:
// none) may help close its row groups. It fails, wrapping errUnsupported,
// when a column type is not one partFile writes.
func newDirectEncoder(w io.Writer, sc *arrow.Schema, props *parquet.WriterProperties, aprops pqarrow.ArrowWriterProperties, helper Helper) (partEncoder, error) {
	pf, err := newPartFile(w, sc, props, aprops)
	if err != nil {
		return nil, err
	}
	pf.helper = helper
	return pf, nil
}

// dropHelper stops enc's helper from being offered work (the pages of a
// part that is thrown away).
func dropHelper(enc partEncoder) {
	if pf, ok := enc.(*partFile); ok {
		pf.helper = nil
	}
}

// newPartFile starts a part file of schema sc on w. It fails, wrapping
// errUnsupported, when a column type is not one partFile writes.
func newPartFile(w io.Writer, sc *arrow.Schema, props *parquet.WriterProperties, aprops pqarrow.ArrowWriterProperties) (*partFile, error) {
	ps, err := pqarrow.ToParquet(sc, props, aprops)
	if err != nil {
		return nil, err
	}
	layout, err := directLayout(sc, ps)
	if err != nil {
		return nil, err
	}
	for i, f := range sc.Fields() {
		// writeDict writes dictionary indices as they are, which pqarrow
		// does only for columns without statistics.
		if f.Type.ID() == arrow.DICTIONARY && props.StatisticsEnabledFor(ps.Column(layout[i].leaf).Path()) {
			return nil, fmt.Errorf("%w: statistics of the dictionary column %s", errUnsupported, f.Name)
		}
	}
	meta, err := storedMetadata(sc, props, aprops)
	if err != nil {
		return nil, err
	}
	fw, err := file.NewParquetWriterWithError(w, ps.Root(), file.WithWriterProps(props), file.WithWriteMetadata(meta))
	if err != nil {
		return nil, err
	}
	return &partFile{fw: fw, layout: layout}, nil
}

// NewBufferedRowGroupChecked closes the current row group, if any, and
// starts the next.
func (p *partFile) NewBufferedRowGroupChecked() error {
	if p.rg != nil {
		err := p.flushPages()
		if err == nil {
			err = p.rg.Close()
		}
		if err != nil {
			p.rg = nil // closed or broken: Close must not end its pages again
			return err
		}
	}
	rg, err := p.fw.AppendBufferedRowGroupChecked()
	if err != nil {
		return err
	}
	p.rg = rg
	return nil
}

// RowGroupTotalBytesWritten returns the bytes of the pages buffered for
// the current row group.
func (p *partFile) RowGroupTotalBytesWritten() int64 {
	if p.rg == nil {
		return 0
	}
	return p.rg.TotalBytesWritten()
}

// RowGroupTotalCompressedBytes returns the compressed bytes of the current
// row group.
func (p *partFile) RowGroupTotalCompressedBytes() int64 {
	if p.rg == nil {
		return 0
	}
	return p.rg.TotalCompressedBytes()
}

// TotalBytesWritten returns the bytes written to the file so far.
func (p *partFile) TotalBytesWritten() int64 { return p.fw.TotalBytesWritten() }

// Close writes the last row group and the footer. After a failure (a full
// disk) the part is unusable; closing it again does nothing.
func (p *partFile) Close() error {
	if p.closed {
		return nil
	}
	p.closed = true
	if p.rg != nil {
		err := p.flushPages()
		if err == nil {
			err = p.rg.Close()
		}
		p.rg = nil
		if err != nil {
			p.fw.Close()
			return err
		}
	}
	return p.fw.Close()
}

// WriteBuffered appends the rows of rec to the current row group (started
// if needed). The caller keeps the row group within its row limit.
func (p *partFile) WriteBuffered(rec arrow.RecordBatch) error {
	if p.rg == nil {
		if err := p.NewBufferedRowGroupChecked(); err != nil {
			return err
		}
	}
	for i, l := range p.layout {
		if err := p.writeField(l, rec.Column(i)); err != nil {
			return fmt.Errorf("column %s: %w", rec.Schema().Field(i).Name, err)
		}
	}
	return nil
}

func (p *partFile) column(i int) (file.ColumnChunkWriter, error) { return p.rg.Column(i) }

// pageFlusher is the part of arrow-go's column writers that ends the page
// being filled: it encodes and compresses the page and keeps it with the
// column's other pages (written to the file when the row group closes).
type pageFlusher interface{ FlushCurrentPage() error }

// flushPages ends the page being filled of every column of the open row
// group before the row group closes, with the helper's goroutines as well
// as its own, when at least two columns have a page to end and the helper
// takes the work: closing does the same column after column, and
// compressing those last pages (some forty columns of the games table) is
// most of a row group's close. When the helper declines, the close does it
// all, a column at a time: ending every page first keeps all of them in
// memory at once, which raises the peak of a run with every table.
// A column whose page holds no value is left to the close (ending an empty
// page would add one). Each column's pages stay in its own buffer and in
// their order, so the file is the same byte for byte.
func (p *partFile) flushPages() error {
	if p.helper == nil {
		return nil
	}
	// The fullest pages first: a helper that starts late then finds only
	// small ones left, and the writer never waits long for it.
	type page struct {
		f    pageFlusher
		cw   file.ColumnChunkWriter
		size int64
	}
	var pages []page
	for i := range p.rg.NumColumns() {
		cw, err := p.rg.Column(i)
		if err != nil {
			return err
		}
		f, isFlusher := cw.(pageFlusher)
		enc := cw.CurrentEncoder()
		if enc == nil {
			return nil // the writer failed (a full disk): the close reports it
		}
		if size := enc.EstimatedDataEncodedSize(); isFlusher && size > 0 {
			pages = append(pages, page{f, cw, size})
		}
	}
	if len(pages) < 2 {
		return nil // no work to share: the close ends the page
	}
	slices.SortStableFunc(pages, func(a, b page) int { return cmp.Compare(b.size, a.size) })
	var next atomic.Int64
	work := func() error {
		for {
			i := int(next.Add(1) - 1)
			if i >= len(pages) {
				return nil
			}
			if err := pages[i].f.FlushCurrentPage(); err != nil {
				return fmt.Errorf("column %s: %w", pages[i].cw.Descr().Path(), err)
			}
		}
	}
	join, ok := p.helper(work)
	if !ok {
		return nil
	}
	err := work()
	return errors.Join(err, join())
}

// writeField writes one column of a batch to its leaves.
func (p *partFile) writeField(l leafLayout, a arrow.Array) error {
	cw, err := p.column(l.leaf)
	if err != nil {
		return err
	}
	if !l.nested {
		var def []int16
		if l.nullable {
			def = p.s.flatDefLevels(a)
		}
		return p.writeLeaf(cw, a, def, nil)
	}
	var children []arrow.Array
	var offs []int32
	switch a := a.(type) {
	case *array.Map:
		children, offs = []arrow.Array{a.Keys(), a.Items()}, a.Offsets()
	case *array.List:
		children, offs = []arrow.Array{a.ListValues()}, a.Offsets()
	default:
		return fmt.Errorf("%w: %s", errUnsupported, a.DataType())
	}
	off := a.Data().Offset()
	offs = offs[off : off+a.Len()+1] // Offsets are those of the whole buffer
	def, rep, err := p.s.listLevels(a, offs, l)
	if err != nil {
		return err
	}
	first, end := listRange(a, offs)
	for k, c := range children {
		if k > 0 {
			if cw, err = p.column(l.leaf + k); err != nil {
				return err
			}
		}
		elems := array.NewSlice(c, first, end)
		err = p.writeLeaf(cw, elems, def, rep)
		elems.Release()
		if err != nil {
			return err
		}
	}
	return nil
}

// listRange returns the range of child values that the lists of a span.
func listRange(a arrow.Array, offs []int32) (int64, int64) {
	if a.Len() == 0 {
		return 0, 0
	}
	return int64(offs[0]), int64(offs[a.Len()])
}

// writeLeaf writes the values of a (all of them, or only the valid ones
// when def is given) with the levels def and rep.
func (p *partFile) writeLeaf(cw file.ColumnChunkWriter, a arrow.Array, def, rep []int16) error {
	var err error
	switch w := cw.(type) {
	case *file.Int32ColumnChunkWriter:
		_, err = w.WriteBatch(p.s.int32s(a), def, rep)
	case *file.Int64ColumnChunkWriter:
		_, err = w.WriteBatch(denseValues(a, a.(*array.Int64).Int64Values(), &p.s.i64), def, rep)
	case *file.Float64ColumnChunkWriter:
		_, err = w.WriteBatch(denseValues(a, a.(*array.Float64).Float64Values(), &p.s.f64), def, rep)
	case *file.BooleanColumnChunkWriter:
		err = p.writeBools(w, a.(*array.Boolean), def, rep)
	case *file.ByteArrayColumnChunkWriter:
		err = p.writeBytes(w, a, def, rep)
	default:
		err = fmt.Errorf("%w: %T", errUnsupported, cw)
	}
	return err
}

// int32s returns the values of an int16, int32, date32 or time32 array as
// int32, without the nulls.
func (s *scratch) int32s(a arrow.Array) []int32 {
	switch a := a.(type) {
	case *array.Int32:
		return denseValues(a, a.Int32Values(), &s.i32)
	case *array.Date32:
		v := a.Date32Values()
		return denseValues(a, unsafe.Slice((*int32)(unsafe.SliceData(v)), len(v)), &s.i32)
	case *array.Time32:
		v := a.Time32Values()
		return denseValues(a, unsafe.Slice((*int32)(unsafe.SliceData(v)), len(v)), &s.i32)
	case *array.Int16:
		vals := a.Int16Values()
		out := grown(&s.i32, len(vals))
		if a.NullN() == 0 {
			for i, v := range vals {
				out[i] = int32(v)
			}
			return out
		}
		bm, off := a.NullBitmapBytes(), a.Data().Offset()
		k := 0
		for i, v := range vals {
			out[k] = int32(v)
			k += bitAt(bm, off+i)
		}
		return out[:k]
	}
	panic(fmt.Sprintf("report: int32 column from %s", a.DataType()))
}

// denseValues returns vals (the values of a) without the slots of its
// nulls, compacted into *buf when there are any.
func denseValues[T any](a arrow.Array, vals []T, buf *[]T) []T {
	switch a.NullN() {
	case 0:
		return vals
	case len(vals):
		return vals[:0]
	}
	out := grown(buf, len(vals))
	bm, off := a.NullBitmapBytes(), a.Data().Offset()
	k := 0
	for i, v := range vals {
		out[k] = v // kept only when valid: k moves on past it
		k += bitAt(bm, off+i)
	}
	return out[:k]
}

// bitAt returns bit i of the bitmap bm (least significant bit first).
func bitAt(bm []byte, i int) int { return int(bm[i>>3] >> (i & 7) & 1) }

func (p *partFile) writeBools(w *file.BooleanColumnChunkWriter, a *array.Boolean, def, rep []int16) error {
	if a.NullN() == 0 {
		var bits []byte
		if b := a.Data().Buffers()[1]; b != nil {
			bits = b.Bytes()
		}
		_, err := w.WriteBitmapBatch(bits, int64(a.Data().Offset()), a.Len(), def, rep)
		return err
	}
	out := grown(&p.s.bools, a.Len())
	k := 0
	if a.NullN() < a.Len() {
		bm, off := a.NullBitmapBytes(), a.Data().Offset()
		for i := range out {
			out[k] = a.Value(i)
			k += bitAt(bm, off+i)
		}
	}
	out = out[:k]
	_, err := w.WriteBatch(out, def, rep)
	return err
}

// dictEncoder is the part of arrow-go's dictionary encoder that writing
// an Arrow dictionary column needs (as pqarrow does).
type dictEncoder interface {
	NormalizeDict(arrow.Array) (arrow.Array, error)
	PutDictionary(arrow.Array) error
	PreservedDictionary() arrow.Array
	NumEntries() int
}

func (p *partFile) writeBytes(w *file.ByteArrayColumnChunkWriter, a arrow.Array, def, rep []int16) error {
	switch a := a.(type) {
	case *array.String:
		return p.writeStrings(w, a, def, rep)
	case *array.Dictionary:
		return p.writeDict(w, a, def, rep)
	}
	return fmt.Errorf("%w: %s", errUnsupported, a.DataType())
}

// writeStrings writes the valid strings of a, from its buffers.
func (p *partFile) writeStrings(w *file.ByteArrayColumnChunkWriter, a *array.String, def, rep []int16) error {
	var vals []byte
	if b := a.Data().Buffers()[2]; b != nil {
		vals = b.Bytes()
	}
	offs := a.ValueOffsets()
	if nulls := a.NullN(); nulls > 0 {
		n := a.Len()
		dense := grown(&p.s.offs, n+1)
		dense[0] = offs[0]
		k, empty := 1, true
		if nulls < n {
			bm, off := a.NullBitmapBytes(), a.Data().Offset()
			for i := 0; i < n; i++ {
				v := bitAt(bm, off+i)
				dense[k] = offs[i+1]
				k += v
				empty = empty && (v == 1 || offs[i+1] == offs[i])
			}
		} else {
			empty = offs[n] == offs[0] // offsets never decrease
		}
		if !empty {
			return fmt.Errorf("%w: a NULL string with bytes", errUnsupported)
		}
		offs = dense[:k]
	}
	if !w.SupportsArrowOffsets() {
		return writeByteArrays(w, vals, offs, def, rep)
	}
	_, err := w.WriteBatchArrow(vals, offs, def, rep)
	return err
}

// writeByteArrays writes the strings vals[offs[i]:offs[i+1]] for an
// encoder without Arrow offsets (the dictionary encoder of a string
// column).
func writeByteArrays(w *file.ByteArrayColumnChunkWriter, vals []byte, offs []int32, def, rep []int16) error {
	n := max(len(offs)-1, 0)
	ba := make([]parquet.ByteArray, n)
	for i := range ba {
		ba[i] = vals[offs[i]:offs[i+1]:offs[i+1]]
	}
	_, err := w.WriteBatch(ba, def, rep)
	return err
}

// writeDict writes a dictionary column as pqarrow does: the dictionary
// goes to the encoder once per column chunk and the indices as they are;
// when the encoder has fallen back to plain encoding, or the dictionary
// changes, the strings are written instead.
func (p *partFile) writeDict(w *file.ByteArrayColumnChunkWriter, a *array.Dictionary, def, rep []int16) error {
	enc, ok := w.CurrentEncoder().(dictEncoder)
	if !ok || !isDictEncoding(w.CurrentEncoder().Encoding()) {
		return p.writeDictValues(w, a, def, rep)
	}
	dict, err := enc.NormalizeDict(a.Dictionary())
	if err != nil {
		return err
	}
	defer dict.Release()
	switch kept := enc.PreservedDictionary(); {
	case kept == nil:
		if err := enc.PutDictionary(dict); err != nil {
			return err
		}
		if enc.NumEntries() != dict.Len() { // duplicates in the dictionary
			w.FallbackToPlain()
			return p.writeDictValues(w, a, def, rep)
		}
	// the batches of one builder share their dictionaries' data: the
	// strings are compared only for a batch of another builder
	case kept != dict && kept.Data() != dict.Data() && !array.Equal(kept, dict):
		w.FallbackToPlain()
		return p.writeDictValues(w, a, def, rep)
	}
	return w.WriteDictIndices(a.Indices(), def, rep)
}

func isDictEncoding(e parquet.Encoding) bool {
	return e == parquet.Encodings.PlainDict || e == parquet.Encodings.RLEDict
}

// writeDictValues writes the strings that the valid indices of a point
// at.
func (p *partFile) writeDictValues(w *file.ByteArrayColumnChunkWriter, a *array.Dictionary, def, rep []int16) error {
	dict, ok := a.Dictionary().(*array.String)
	if !ok {
		return fmt.Errorf("%w: dictionary of %s", errUnsupported, a.Dictionary().DataType())
	}
	vals, offs := p.s.bytes[:0], append(p.s.offs[:0], 0)
	for i := 0; i < a.Len(); i++ {
		if a.IsValid(i) {
			vals = append(vals, dict.Value(a.GetValueIndex(i))...)
			offs = append(offs, int32(len(vals)))
		}
	}
	p.s.bytes, p.s.offs = vals, offs
	if !w.SupportsArrowOffsets() {
		return writeByteArrays(w, vals, offs, def, rep)
	}
	_, err := w.WriteBatchArrow(vals, offs, def, rep)
	return err
}

// flatDefLevels returns the definition levels of a nullable column
// without nesting: 1 for a value, 0 for a NULL.
func (s *scratch) flatDefLevels(a arrow.Array) []int16 {
	n := a.Len()
	switch a.NullN() {
	case 0:
		return s.fill(1, n)
	case n:
		return s.fill(0, n)
	}
	def := grown(&s.def, n)
	bm, off := a.NullBitmapBytes(), a.Data().Offset()
	i := 0
	for ; i < n && (off+i)&7 != 0; i++ {
		def[i] = int16(bitAt(bm, off+i))
	}
	for ; i+8 <= n; i += 8 { // a byte of the bitmap at a time
		*(*[8]int16)(def[i : i+8]) = byteLevels[bm[(off+i)>>3]]
	}
	for ; i < n; i++ {
		def[i] = int16(bitAt(bm, off+i))
	}
	return def
}

// byteLevels[b] are the definition levels of the 8 slots whose validity
// bits are the byte b.
var byteLevels = func() (t [256][8]int16) {
	for b := range t {
		for k := range t[b] {
			t[b][k] = int16(b >> k & 1)
		}
	}
	return t
}()

// fill returns n levels equal to v (0 to 3), from a buffer kept filled
// with v: the writers only read the levels they are given.
func (s *scratch) fill(v int16, n int) []int16 {
	f := &s.fills[v]
	if len(*f) < n {
		*f = make([]int16, n+n/4)
		for i := range *f {
			(*f)[i] = v
		}
	}
	return (*f)[:n]
}

// listLevels returns the definition and repetition levels of a list or
// map column whose elements are required: per element, l.maxDef and 0
// for the first of its list, 1 for the others; per empty list,
// l.maxDef-1; per NULL list, l.maxDef-2.
func (s *scratch) listLevels(a arrow.Array, offs []int32, l leafLayout) (def, rep []int16, err error) {
	n := a.Len()
	if n == 0 {
		return s.def[:0], s.rep[:0], nil
	}
	if l.nullable && a.NullN() == n && offs[n] == offs[0] {
		return s.fill(l.maxDef-2, n), s.fill(0, n), nil // all NULL
	}
	total := n + int(offs[n]-offs[0])
	def, rep = grown(&s.def, total)[:0], grown(&s.rep, total)[:0]
	for i := 0; i < n; i++ {
		k := int(offs[i+1] - offs[i])
		switch {
		case l.nullable && a.IsNull(i):
			if k != 0 {
				return nil, nil, fmt.Errorf("%w: a NULL list with elements", errUnsupported)
			}
			def, rep = append(def, l.maxDef-2), append(rep, 0)
		case k == 0:
			def, rep = append(def, l.maxDef-1), append(rep, 0)
		default:
			def, rep = append(def, l.maxDef), append(rep, 0)
			for j := 1; j < k; j++ {
				def, rep = append(def, l.maxDef), append(rep, 1)
			}
		}
	}
	return def, rep, nil
}

// grown returns (*buf)[:n], growing *buf when needed; the contents are
// left for the caller to overwrite.
func grown[T any](buf *[]T, n int) []T {
	if cap(*buf) < n {
		*buf = make([]T, n+n/4)
	}
	return (*buf)[:n]
}
