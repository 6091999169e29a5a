package report

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// Defaults of WriterOptions.
const (
	DefaultRowGroupRows  = 1 << 20   // rows per row group
	DefaultRowGroupBytes = 128 << 20 // buffered bytes per row group
	DefaultPartRows      = 64 << 20  // rows per part file
	DefaultPartBytes     = 1 << 30   // bytes per part file
	DefaultZstdLevel     = 1
)

// ErrOutputExists is wrapped by the error of NewTableWriter when the table
// folder already holds Parquet files and WriterOptions.Overwrite is false.
var ErrOutputExists = errors.New("report: output already exists")

// WriterOptions tunes a TableWriter. The zero value selects the defaults.
type WriterOptions struct {
	// RowGroupRows caps the rows of a row group (default 1 Mi). Row
	// groups hold exactly this many rows, except the last of a part.
	RowGroupRows int64
	// RowGroupBytes closes a row group early once the encoded, compressed
	// pages buffered for it reach this many bytes (default 128 MiB),
	// checked after each batch. Pages are cut at 1 MiB, so the count lags
	// by up to one page per column. It bounds the writer's memory for wide
	// rows (games with long movetext). Negative disables the check.
	RowGroupBytes int64
	// PartRows caps the rows of a part file (default 64 Mi). Parts hold
	// exactly this many rows, except the last.
	PartRows int64
	// PartBytes starts a new part file once a part reaches this many bytes
	// (default 1 GiB), checked when a row group ends. Negative disables the
	// check.
	PartBytes int64
	// ZstdLevel is the zstd compression level (default 1: the fastest
	// level; higher levels make files a little smaller for much more CPU).
	ZstdLevel int
	// Overwrite removes part files left in the table folder by an earlier
	// run instead of failing with ErrOutputExists.
	Overwrite bool
	// NoSync skips fsync of part files and folders (tests, benchmarks,
	// tmpfs). The rename that publishes a part still happens.
	NoSync bool
	// Allocator is used by the Parquet encoder (nil means
	// memory.DefaultAllocator).
	Allocator memory.Allocator
	// Chunked makes this writer one of several that write the same table
	// at once, each a different chunk of its rows: its parts are named
	// part-<Stem>-NNN.parquet, so that the names sort in row order when
	// the stems do, and it leaves the folder's other files alone (call
	// PrepareTable once before starting the writers).
	Chunked bool
	Stem    string
	// Subdir puts the parts in a folder of the table's folder, such as a
	// Hive partition ("year=2024/month=01").
	Subdir string
	// Helper, when set, is offered a share of the work of closing a row
	// group: compressing the last pages of its columns, which the close
	// otherwise does a column at a time. The file is the same either way.
	Helper Helper
}

// Helper lends a TableWriter other goroutines for work it could as well do
// alone. Offered work, it answers at once: ok false when it declines (the
// writer then leaves the work to the row group's close); ok true when it
// has started work on another goroutine or will start it later. The writer
// then runs work itself too (work's calls share their items, so a late
// start finds little left) and calls join, which keeps work from starting
// any more, waits for it if it started, and returns its error.
type Helper func(work func() error) (join func() error, ok bool)

func (o WriterOptions) withDefaults() (WriterOptions, error) {
	def := func(v *int64, d int64, name string, negOK bool) error {
		switch {
		case *v == 0:
			*v = d
		case *v < 0 && !negOK:
			return fmt.Errorf("report: %s must be positive, got %d", name, *v)
		}
		return nil
	}
	if err := def(&o.RowGroupRows, DefaultRowGroupRows, "RowGroupRows", false); err != nil {
		return o, err
	}
	if err := def(&o.PartRows, DefaultPartRows, "PartRows", false); err != nil {
		return o, err
	}
	if err := def(&o.RowGroupBytes, DefaultRowGroupBytes, "RowGroupBytes", true); err != nil {
		return o, err
	}
	if err := def(&o.PartBytes, DefaultPartBytes, "PartBytes", true); err != nil {
		return o, err
	}
	if o.ZstdLevel == 0 {
		o.ZstdLevel = DefaultZstdLevel
	}
	if o.Allocator == nil {
		o.Allocator = memory.DefaultAllocator
	}
	return o, nil
}

// TableStats describes what a TableWriter wrote.
type TableStats struct {
	Table     string   `json:"table"`
	Rows      int64    `json:"rows"`
	RowGroups int      `json:"row_groups"`
	Bytes     int64    `json:"bytes"`
	Parts     []string `json:"parts"` // relative to the output directory, e.g. "moves/part-00000.parquet"
	// PartRows, PartBytes and PartSHA256 describe each part, in the order
	// of Parts (for manifests; not in summary.json).
	PartRows      []int64  `json:"-"`
	PartBytes     []int64  `json:"-"`
	PartSHA256    []string `json:"-"`
	PartRowGroups []int    `json:"-"`
}

// TableWriter writes the batches of one table as part files under
// DIR/<table>/. It is not safe for concurrent use: one goroutine owns it,
// calls Write for each batch in input order and finally Close (or Abort).
type TableWriter struct {
	dir   string // DIR/<table>
	table Table
	opts  WriterOptions
	props *parquet.WriterProperties
	aprop pqarrow.ArrowWriterProperties

	// The open part, if any.
	f   *os.File
	buf *bufio.Writer
	sum hash.Hash // SHA-256 of the part's bytes
	// partRowGroups is stats.RowGroups when the open part started.
	partRowGroups int
	fw            partEncoder
	tmp           string
	partRows      int64
	rgRows        int64
	rgFull        bool

	stats  TableStats
	closed bool
	// viaPqarrow makes the parts be written by pqarrow.FileWriter instead
	// of partFile: for a schema partFile does not support, and for the
	// tests that compare the two.
	viaPqarrow bool
}

const (
	partPrefix = "part-"
	partSuffix = ".parquet"
	tmpPrefix  = ".part-" // hidden: not matched by *.parquet, skipped by Spark and Hive
	tmpSuffix  = ".parquet.tmp"
)

// NewTableWriter prepares the folder root/<table.Name> and returns a writer
// for the table. Temporary files left by an interrupted run are removed.
// Parquet files already in the folder make it fail with ErrOutputExists,
// unless opts.Overwrite is set, in which case part files are removed. No
// part file is created until the first Write (or Close).
func NewTableWriter(root string, table Table, opts WriterOptions) (*TableWriter, error) {
	opts, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	dir := filepath.Join(root, table.Name, filepath.FromSlash(opts.Subdir))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("report: create table folder: %w", err)
	}
	if !opts.Chunked {
		if err := removeTemps(dir); err != nil {
			return nil, err
		}
		if err := clearParts(dir, opts.Overwrite); err != nil {
			return nil, err
		}
	}
	wp := []parquet.WriterProperty{
		parquet.WithAllocator(opts.Allocator),
		parquet.WithCompression(compress.Codecs.Zstd),
		parquet.WithCompressionLevel(opts.ZstdLevel),
		parquet.WithStats(true),
		parquet.WithPageIndexEnabled(true),
		parquet.WithDictionaryDefault(true),
		parquet.WithMaxRowGroupLength(opts.RowGroupRows),
	}
	for _, c := range table.plain {
		// the column, or the leaves of a map or list column
		for _, leaf := range []string{c, c + ".key_value.key", c + ".key_value.value", c + ".list.element"} {
			wp = append(wp, parquet.WithDictionaryFor(leaf, false))
		}
	}
	for _, c := range table.noStats() {
		wp = append(wp, parquet.WithStatsFor(c, false))
	}
	for _, c := range table.delta {
		wp = append(wp, parquet.WithEncodingFor(c, parquet.Encodings.DeltaBinaryPacked))
	}
	return &TableWriter{
		dir:   dir,
		table: table,
		opts:  opts,
		props: parquet.NewWriterProperties(wp...),
		aprop: pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema(), pqarrow.WithAllocator(opts.Allocator)),
		stats: TableStats{Table: table.Name},
	}, nil
}

// PrepareTable readies root/<table> for chunked writers: it creates the
// folder, removes temporary files of an interrupted run and, with
// overwrite, the part files of an earlier run (ErrOutputExists otherwise).
func PrepareTable(root string, table Table, overwrite bool) error {
	dir := filepath.Join(root, table.Name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("report: create table folder: %w", err)
	}
	if err := removeTemps(dir); err != nil {
		return err
	}
	return clearParts(dir, overwrite)
}

func removeTemps(dir string) error {
	tmps, err := filepath.Glob(filepath.Join(dir, tmpPrefix+"*"+tmpSuffix))
	if err != nil {
		return fmt.Errorf("report: list temporary files: %w", err)
	}
	for _, t := range tmps {
		if err := os.Remove(t); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("report: remove stale temporary file: %w", err)
		}
	}
	return nil
}

func clearParts(dir string, overwrite bool) error {
	old, err := filepath.Glob(filepath.Join(dir, "*"+partSuffix))
	if err != nil {
		return fmt.Errorf("report: list part files: %w", err)
	}
	if len(old) == 0 {
		return nil
	}
	if !overwrite {
		return fmt.Errorf("%w: %s (%d files)", ErrOutputExists, dir, len(old))
	}
	var foreign []string
	for _, p := range old {
		if !strings.HasPrefix(filepath.Base(p), partPrefix) {
			foreign = append(foreign, filepath.Base(p))
			continue
		}
		if err := os.Remove(p); err != nil {
			return fmt.Errorf("report: remove old part file: %w", err)
		}
	}
	if len(foreign) > 0 {
		return fmt.Errorf("%w: %s holds files not written by arbiter: %s",
			ErrOutputExists, dir, strings.Join(foreign, ", "))
	}
	return nil
}

// Write appends the rows of rec to the table. rec must have the table's
// schema; Write does not keep it, so the caller releases it afterwards.
// Batches of zero rows are ignored. Row groups and part files are cut at
// the configured limits, splitting rec when needed. After an error the
// writer is unusable: call Abort.
func (w *TableWriter) Write(rec arrow.RecordBatch) error {
	if w.closed {
		return fmt.Errorf("report: %s: write after close", w.table.Name)
	}
	if !rec.Schema().Equal(w.table.Schema) {
		return fmt.Errorf("report: %s: batch schema does not match the table schema", w.table.Name)
	}
	n := rec.NumRows()
	for off := int64(0); off < n; {
		if err := w.startRowGroup(); err != nil {
			return err
		}
		take := min(n-off, w.opts.RowGroupRows-w.rgRows, w.opts.PartRows-w.partRows)
		var err error
		if off == 0 && take == n {
			err = w.fw.WriteBuffered(rec)
		} else {
			s := rec.NewSlice(off, off+take)
			err = w.fw.WriteBuffered(s)
			s.Release()
		}
		if err != nil {
			return fmt.Errorf("report: %s: write %s: %w", w.table.Name, w.tmp, err)
		}
		w.rgRows += take
		w.partRows += take
		w.stats.Rows += take
		off += take
		if w.rgRows >= w.opts.RowGroupRows || w.partRows >= w.opts.PartRows ||
			(w.opts.RowGroupBytes > 0 && w.fw.RowGroupTotalBytesWritten() >= w.opts.RowGroupBytes) {
			w.rgFull = true
		}
	}
	return nil
}

// startRowGroup makes sure an open part with room in its current row group
// is ready for the next rows.
func (w *TableWriter) startRowGroup() error {
	if w.fw != nil && w.rgFull {
		partFull := w.partRows >= w.opts.PartRows ||
			(w.opts.PartBytes > 0 && w.fw.TotalBytesWritten()+w.fw.RowGroupTotalCompressedBytes() >= w.opts.PartBytes)
		if partFull {
			if err := w.finishPart(); err != nil {
				return err
			}
		} else {
			if err := w.fw.NewBufferedRowGroupChecked(); err != nil {
				return fmt.Errorf("report: %s: new row group: %w", w.table.Name, err)
			}
			w.stats.RowGroups++
			w.rgRows, w.rgFull = 0, false
		}
	}
	if w.fw == nil {
		return w.openPart()
	}
	return nil
}

func (w *TableWriter) partName(i int) string {
	if w.opts.Chunked {
		return fmt.Sprintf("%s%s-%03d%s", partPrefix, w.opts.Stem, i, partSuffix)
	}
	return fmt.Sprintf("%s%05d%s", partPrefix, i, partSuffix)
}

func (w *TableWriter) openPart() error {
	name := w.partName(len(w.stats.Parts))
	w.tmp = filepath.Join(w.dir, "."+name+".tmp")
	f, err := os.OpenFile(w.tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return fmt.Errorf("report: %s: create part: %w", w.table.Name, err)
	}
	w.f = f
	w.sum = sha256.New()
	w.buf = bufio.NewWriterSize(io.MultiWriter(f, w.sum), 1<<20)
	fw, err := w.newEncoder()
	if err != nil {
		w.f.Close()
		os.Remove(w.tmp)
		w.f, w.buf = nil, nil
		return fmt.Errorf("report: %s: start part %s: %w", w.table.Name, name, err)
	}
	w.fw = fw
	w.partRows, w.rgRows, w.rgFull = 0, 0, false
	return nil
}

// newEncoder starts the encoder of a part on w.buf: a partFile, or
// pqarrow's writer for a schema that partFile does not support.
func (w *TableWriter) newEncoder() (partEncoder, error) {
	enc, direct, err := newEncoder(w.buf, w.table.Schema, w.props, w.aprop, w.opts.Helper, !w.viaPqarrow)
	w.viaPqarrow = !direct
	return enc, err
}

// finishPart closes the open part, syncs it and renames it to its final
// name.
func (w *TableWriter) finishPart() error {
	name := w.partName(len(w.stats.Parts))
	final := filepath.Join(w.dir, name)
	hadRows := w.partRows > 0
	if err := w.fw.Close(); err != nil {
		w.fw = nil // closed, if badly: Abort removes the file
		return fmt.Errorf("report: %s: close part %s: %w", w.table.Name, name, err)
	}
	if hadRows {
		w.stats.RowGroups++
	}
	size := w.fw.TotalBytesWritten()
	w.fw = nil
	if err := w.buf.Flush(); err != nil {
		return fmt.Errorf("report: %s: write part %s: %w", w.table.Name, name, err)
	}
	if !w.opts.NoSync {
		if err := w.f.Sync(); err != nil {
			return fmt.Errorf("report: %s: sync part %s: %w", w.table.Name, name, err)
		}
	}
	err := w.f.Close()
	w.f, w.buf = nil, nil
	if err != nil {
		return fmt.Errorf("report: %s: close part %s: %w", w.table.Name, name, err)
	}
	if err := os.Rename(w.tmp, final); err != nil {
		return fmt.Errorf("report: %s: publish part %s: %w", w.table.Name, name, err)
	}
	w.tmp = ""
	if !w.opts.NoSync {
		if err := syncDir(w.dir); err != nil {
			return fmt.Errorf("report: %s: %w", w.table.Name, err)
		}
	}
	w.stats.Bytes += size
	w.stats.Parts = append(w.stats.Parts, filepath.ToSlash(filepath.Join(w.table.Name, filepath.FromSlash(w.opts.Subdir), name)))
	w.stats.PartRows = append(w.stats.PartRows, w.partRows)
	w.stats.PartBytes = append(w.stats.PartBytes, size)
	w.stats.PartSHA256 = append(w.stats.PartSHA256, hex.EncodeToString(w.sum.Sum(nil)))
	w.stats.PartRowGroups = append(w.stats.PartRowGroups, w.stats.RowGroups-w.partRowGroups)
	w.partRowGroups = w.stats.RowGroups
	return nil
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("sync folder: %w", err)
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("sync folder %s: %w", dir, err)
	}
	return nil
}

// Close finishes the open part and returns what was written. A table that
// received no rows gets one part file with the schema and zero rows.
// Close also removes temporary files of this table. Calling Close again
// returns the same stats.
func (w *TableWriter) Close() (TableStats, error) {
	if w.closed {
		return w.stats, nil
	}
	if w.fw == nil && len(w.stats.Parts) == 0 {
		if err := w.openPart(); err != nil {
			w.Abort()
			return w.stats, err
		}
	}
	if w.fw != nil {
		if err := w.finishPart(); err != nil {
			w.Abort()
			return w.stats, err
		}
	}
	w.closed = true
	if !w.opts.Chunked { // other chunk writers' temporary files are in use
		if err := removeTemps(w.dir); err != nil {
			return w.stats, err
		}
	}
	return w.stats, nil
}

// Abort stops the writer after an error or a cancellation: the open part
// is discarded (its temporary file removed) and its buffers are freed.
// Parts already published stay; they are complete files, and the missing
// summary.json marks the run as unfinished. Abort after Close does
// nothing.
func (w *TableWriter) Abort() {
	if w.closed {
		return
	}
	w.closed = true
	if w.fw != nil {
		dropHelper(w.fw) // no help for pages that are thrown away
		w.fw.Close()     // frees the buffered row group; the file is discarded
		w.fw = nil
	}
	if w.f != nil {
		w.f.Close()
		w.f, w.buf = nil, nil
	}
	if w.tmp != "" {
		os.Remove(w.tmp)
		w.tmp = ""
	}
}
