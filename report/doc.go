// Package report writes Arbiter's audit results as Parquet tables and a
// summary.json file.
//
// # What it does
//
// It defines the tables as Arrow schemas (GamesSchema, MovesSchema,
// FindingsSchema, PositionsSchema, and for tournament uploads PlayersSchema
// and PairingsSchema; schema.go lists every column: the names and types are
// a contract with the people who query the files), a reusable row struct
// per table (GameRow, MoveRow, ...), builders that turn rows into
// arrow.RecordBatch values (GamesBuilder, MovesBuilder, ...), and a
// TableWriter that writes the batches of one table as a folder of part
// files (DIR/moves/part-00000.parquet, ...) that DuckDB, Polars or Spark
// read with a glob. WriteSummary writes summary.json last, so that its
// presence marks a finished run; RewritePart rewrites a part with values
// learned after it was written (the duplicates of a run).
//
// The pipeline gives each worker goroutine its own builders and rows
// (Reset, fill, Append, then Flush per block); one goroutine per table
// owns its TableWriter and writes the batches in input order, then Close
// (or Abort on error).
//
// # Guarantees
//
//   - A part file appears under its final name only when complete (written
//     as a hidden temporary file, synced, renamed); a table without rows
//     still gets one valid part.
//   - The same batches in the same order with the same options give the
//     same bytes (no timestamps), whatever WriterOptions.Helper does.
//   - Row groups are cut by rows and by buffered bytes; every column is
//     zstd-compressed with statistics and a page index.
//   - Invalid UTF-8 is stored with U+FFFD in place of each bad sequence.
//
// # What it does not do
//
// It does not parse PGN, replay moves, judge games or read notation: the
// moves table's san and uci columns receive indices into the vocabularies
// of package chess (SANVocabulary, UCIVocabulary), which are their
// dictionaries. It does not order batches, aggregate statistics (package
// stats), print the human summary (package audit), schedule goroutines
// (the pipeline lends a writer help through WriterOptions.Helper) or decide
// what an output folder holds (package output).
//
// pqfile.go writes the part files straight from the Arrow buffers, the same
// bytes as arrow-go's pqarrow writer with less work; built with the tag
// arbiter_reference, pqarrow writes every part.
package report
