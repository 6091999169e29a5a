// Package report writes Arbiter's audit results as Parquet tables and a
// summary.json file.
//
// # What it does
//
// The package defines six tables as Arrow schemas (GamesSchema,
// MovesSchema, FindingsSchema, PositionsSchema, and for tournament uploads
// PlayersSchema and PairingsSchema), a reusable row struct per table
// (GameRow, MoveRow, FindingRow, PositionRow, PlayerRow, PairingRow),
// columnar batch builders that turn rows into arrow.RecordBatch values
// (GamesBuilder, MovesBuilder, FindingsBuilder, PositionsBuilder,
// PlayersBuilder, PairingsBuilder), and a TableWriter that writes the
// batches of one table as a folder of Parquet part files:
//
//	DIR/games/part-00000.parquet
//	DIR/games/part-00001.parquet
//	DIR/moves/part-00000.parquet
//	...
//	DIR/summary.json
//
// so that DuckDB, Polars or Spark read a table with a glob such as
// read_parquet('DIR/moves/*.parquet').
//
// The column names and types are a contract with the people who query the
// files; they are listed in schema.go and in the doc comment of each schema
// function. Nullable columns are NULL when a value is absent, never a
// sentinel.
//
// # How the pipeline uses it
//
//  1. One NewTableWriter per table (Tables(withFEN) lists them), in a
//     folder that package output stages for the run.
//  2. Row encoding runs in parallel: each worker goroutine owns one builder
//     per table (NewGamesBuilder, NewMovesBuilder, ...) and one reusable row
//     per table; it calls row.Reset, fills the row, calls Append, and after
//     a block of games calls Flush to obtain one arrow.RecordBatch per
//     table. Ownership of the batch passes to the writer side.
//  3. One goroutine per table owns its TableWriter: it calls Write for each
//     batch in input order, then Release on the batch.
//  4. After the last batch: Close every writer (Abort them instead on
//     error or cancellation), copy the returned TableStats into a Summary
//     with AddTable, and call WriteSummary last, so that the presence of
//     summary.json marks a finished run.
//  5. Values learned only after a part was written (the duplicates that a
//     run finds when it merges its fingerprints) are set by RewritePart,
//     which rewrites that part with the same row groups and replaces it
//     once complete.
//
// # Guarantees
//
//   - A part file appears under its final name only when it is complete: it
//     is written as a hidden temporary file (.part-NNNNN.parquet.tmp),
//     synced, closed and then renamed. Globs like *.parquet never match a
//     partial file.
//   - A table that received no rows still gets one valid part file with the
//     schema and zero rows.
//   - The same batches written in the same order with the same options give
//     byte-identical files (no timestamps are written).
//   - Row groups are cut on purpose (by row count and by buffered bytes),
//     every column chunk is zstd-compressed, with statistics and a page
//     index; dictionary encoding is on, except for long or unique values
//     (FEN, movetext, comments, Zobrist keys, ids) and for tiny fixed
//     vocabularies that zstd compresses as well (colour, piece, squares).
//   - Strings that are not valid UTF-8 are stored with each invalid byte
//     sequence replaced by U+FFFD, because query engines reject invalid
//     UTF-8 in string columns.
//
// # What it does not do
//
// It does not parse PGN, replay moves or judge games: it only stores what
// the pipeline computed. It does not order batches (the pipeline delivers
// them in input order), aggregate statistics (package stats does), print
// the human-readable summary (package audit does), or decide what an output
// folder holds and when a run is published (package output does).
package report
