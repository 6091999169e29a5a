//go:build arbiter_reference

package report

import (
	"io"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// newDirectEncoder is the fast path of pqfile.go switched off: it writes
// no schema, and pqarrow's FileWriter writes every part.
func newDirectEncoder(io.Writer, *arrow.Schema, *parquet.WriterProperties, pqarrow.ArrowWriterProperties, Helper) (partEncoder, error) {
	return nil, errUnsupported
}

// dropHelper has no helper to drop: pqarrow's writer takes none.
func dropHelper(partEncoder) {}
