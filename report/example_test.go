package report_test

import (
	"fmt"
	"log"
	"os"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/arbiter-chess/arbiter/chess"
	"github.com/arbiter-chess/arbiter/report"
)

// Example shows the life of one table: a worker fills a builder and
// flushes a batch, the table's writer goroutine writes batches in order and
// releases them, and the pipeline closes the writer and writes the summary
// last.
func Example() {
	dir, err := os.MkdirTemp("", "arbiter-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)

	w, err := report.NewTableWriter(dir, report.MovesTable(false), report.WriterOptions{})
	if err != nil {
		log.Fatal(err)
	}

	// The writer goroutine owns w; it receives batches in input order and
	// releases each one after writing it.
	batches := make(chan arrow.RecordBatch, 4)
	written := make(chan error, 1)
	go func() {
		var err error
		for rec := range batches {
			if err == nil {
				err = w.Write(rec)
			}
			rec.Release()
		}
		written <- err
	}()

	// A worker owns a builder and one reusable row.
	b := report.NewMovesBuilder(nil, false)
	defer b.Release()
	var row report.MoveRow
	for i, san := range []string{"e4", "e5", "Nf3"} {
		row.Reset()
		row.GameID, row.Ply, row.MoveNumber = 0, int32(i+1), int32(i/2+1)
		row.Color = report.SideWhite + report.Side(i%2)
		row.SAN, _ = chess.SANIndex([]byte(san)) // the move as its index in the vocabulary
		row.UCI, _ = chess.UCIIndex([]byte("e2e4"))
		row.Piece, row.From, row.To = 'P', 12, 28 // e2-e4, for brevity
		row.HalfmoveClock, row.RepetitionCount = 0, 1
		if err := b.Append(&row); err != nil {
			log.Fatal(err)
		}
	}
	batches <- b.Flush() // ownership passes to the writer goroutine
	close(batches)

	if err := <-written; err != nil {
		w.Abort()
		log.Fatal(err)
	}
	st, err := w.Close()
	if err != nil {
		log.Fatal(err)
	}

	s := report.NewSummary("dev")
	s.AddTable(st)
	s.Plies = st.Rows
	if err := report.WriteSummary(dir, s); err != nil {
		log.Fatal(err)
	}
	fmt.Println(st.Rows, st.Parts)
	// Output: 3 [moves/part-00000.parquet]
}

// ExampleGameRow_SetTag shows how tag pairs land in typed columns or in the
// tags map.
func ExampleGameRow_SetTag() {
	var r report.GameRow
	r.Reset()
	for _, t := range [][2]string{
		{"White", "Carlsen"}, {"WhiteElo", "2830"}, {"BlackElo", "?"},
		{"UTCDate", "2023.02.30"}, {"Annotator", "Arbiter"},
	} {
		r.SetTag([]byte(t[0]), []byte(t[1]))
	}
	fmt.Printf("white=%s white_elo=%v black_elo_valid=%v utc_date_valid=%v\n",
		r.White.V, r.WhiteElo.V, r.BlackElo.Valid, r.UTCDate.Valid)
	for _, t := range r.Tags() {
		fmt.Printf("tags[%s]=%s\n", t.Name, t.Value)
	}
	// Output:
	// white=Carlsen white_elo=2830 black_elo_valid=false utc_date_valid=false
	// tags[UTCDate]=2023.02.30
	// tags[Annotator]=Arbiter
}
