package report

import (
	"errors"
	"io"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// partEncoder is what a TableWriter needs from the encoder of one part
// file. pqarrow.FileWriter has these methods; partFile (pqfile.go) is the
// faster implementation used for the tables it supports.
type partEncoder interface {
	WriteBuffered(rec arrow.RecordBatch) error
	NewBufferedRowGroupChecked() error
	RowGroupTotalBytesWritten() int64
	RowGroupTotalCompressedBytes() int64
	TotalBytesWritten() int64
	Close() error
}

// errUnsupported is returned by newDirectEncoder for a schema that
// partFile cannot write (for every schema when built with the
// arbiter_reference tag); the TableWriter then uses pqarrow.
var errUnsupported = errors.New("report: column type not supported by the direct Parquet writer")

// newEncoder starts the encoder of a part of schema sc on w: a partFile,
// which helper may help, or pqarrow's writer when direct is false or
// partFile does not support the schema (direct is then false).
func newEncoder(w io.Writer, sc *arrow.Schema, props *parquet.WriterProperties, aprops pqarrow.ArrowWriterProperties, helper Helper, direct bool) (enc partEncoder, isDirect bool, err error) {
	if direct {
		enc, err := newDirectEncoder(w, sc, props, aprops, helper)
		if !errors.Is(err, errUnsupported) {
			return enc, true, err
		}
	}
	fw, err := pqarrow.NewFileWriter(sc, w, props, aprops)
	return fw, false, err
}
