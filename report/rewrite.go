package report

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// RewritePart rewrites the part file at path, one of table's written by
// a TableWriter with opts, passing each record batch read from it through
// fix, which returns the batch to write in its place, with the same rows
// (or its argument itself); RewritePart releases both. The row groups
// stay as they were; when fix changes nothing, so do the rows, and the
// bytes too if the part was written one batch per row group (the column
// writers end some pages where a batch ends). The new file replaces the
// old one only once complete. It returns the new file's size.
//
// It serves values learned after a part was written (the duplicates of a
// run, see package audit); a part holds at most one row group of the
// writer's size in memory, as when it was written.
func RewritePart(path string, table Table, opts WriterOptions, fix func(arrow.RecordBatch) (arrow.RecordBatch, error)) (int64, error) {
	opts.Chunked = true // leaves the folder's other files alone
	opts.Helper = nil
	// The writer's settings for the part's folder: root/<table>/<subdir>.
	d, sub := filepath.Dir(path), ""
	for filepath.Base(d) != table.Name && filepath.Dir(d) != d {
		sub = filepath.Join(filepath.Base(d), sub)
		d = filepath.Dir(d)
	}
	opts.Subdir = filepath.ToSlash(sub)
	tw, err := NewTableWriter(filepath.Dir(d), table, opts)
	if err != nil {
		return 0, err
	}
	pf, err := file.OpenParquetFile(path, false)
	if err != nil {
		return 0, fmt.Errorf("report: rewrite %s: %w", path, err)
	}
	defer pf.Close()
	fr, err := pqarrow.NewFileReader(pf, pqarrow.ArrowReadProperties{BatchSize: 1 << 14}, tw.opts.Allocator)
	if err != nil {
		return 0, fmt.Errorf("report: rewrite %s: %w", path, err)
	}
	// named like a writer's temporary file, so that a run interrupted
	// here leaves nothing the next run does not remove
	tmp := filepath.Join(filepath.Dir(path), "."+strings.TrimSuffix(filepath.Base(path), partSuffix)+".rewrite"+tmpSuffix)
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return 0, fmt.Errorf("report: rewrite %s: %w", path, err)
	}
	done := false
	defer func() {
		if !done {
			f.Close()
			os.Remove(tmp)
		}
	}()
	buf := bufio.NewWriterSize(f, 1<<20)
	enc, _, err := newEncoder(buf, table.Schema, tw.props, tw.aprop, nil, true)
	if err != nil {
		return 0, fmt.Errorf("report: rewrite %s: %w", path, err)
	}
	for rg := 0; rg < pf.NumRowGroups(); rg++ {
		if err := rewriteRowGroup(fr, rg, table, enc, fix); err != nil {
			enc.Close()
			return 0, fmt.Errorf("report: rewrite %s: row group %d: %w", path, rg, err)
		}
	}
	if err := enc.Close(); err != nil {
		return 0, fmt.Errorf("report: rewrite %s: %w", path, err)
	}
	size := enc.TotalBytesWritten()
	if err := buf.Flush(); err != nil {
		return 0, fmt.Errorf("report: rewrite %s: %w", path, err)
	}
	if !tw.opts.NoSync {
		if err := f.Sync(); err != nil {
			return 0, fmt.Errorf("report: rewrite %s: %w", path, err)
		}
	}
	if err := f.Close(); err != nil {
		return 0, fmt.Errorf("report: rewrite %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return 0, fmt.Errorf("report: rewrite %s: %w", path, err)
	}
	done = true
	if !tw.opts.NoSync {
		if err := syncDir(filepath.Dir(path)); err != nil {
			return size, fmt.Errorf("report: rewrite %s: %w", path, err)
		}
	}
	return size, nil
}

// rewriteRowGroup copies row group rg of fr into a new row group of enc.
func rewriteRowGroup(fr *pqarrow.FileReader, rg int, table Table, enc partEncoder, fix func(arrow.RecordBatch) (arrow.RecordBatch, error)) error {
	rr, err := fr.GetRecordReader(context.Background(), nil, []int{rg})
	if err != nil {
		return err
	}
	defer rr.Release()
	if err := enc.NewBufferedRowGroupChecked(); err != nil {
		return err
	}
	for rr.Next() {
		read := rr.RecordBatch()
		if read.NumCols() != int64(table.Schema.NumFields()) {
			return fmt.Errorf("%d columns, the table has %d", read.NumCols(), table.Schema.NumFields())
		}
		for i, c := range read.Columns() {
			if !arrow.TypeEqual(c.DataType(), table.Schema.Field(i).Type) {
				return fmt.Errorf("column %s is %s, the table's is %s", table.Schema.Field(i).Name, c.DataType(), table.Schema.Field(i).Type)
			}
		}
		rec := array.NewRecordBatch(table.Schema, read.Columns(), read.NumRows())
		out, err := fix(rec)
		if err == nil && (out.NumRows() != rec.NumRows() || !out.Schema().Equal(table.Schema)) {
			err = fmt.Errorf("the fixed batch changed its rows or schema")
		}
		if err == nil {
			err = enc.WriteBuffered(out)
		}
		if out != nil && out != rec {
			out.Release()
		}
		rec.Release()
		if err != nil {
			return err
		}
	}
	return rr.Err()
}
