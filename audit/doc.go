// Package audit is the main job of Arbiter: it wires ingest → validate →
// stats → report into one streaming, parallel pipeline.
//
// A reader goroutine cuts the inputs into blocks of games (package ingest);
// N workers each run a Stage over a block — tokenize every game, replay and
// judge it (package validate), count it (package stats) and encode its rows
// into columnar batches (package report); a collector puts the finished
// blocks back into input order and hands the batches to one writer
// goroutine per table. Channels are bounded and at most a fixed number of
// blocks is in flight, so memory does not grow with the input.
//
// Stage is a plain value with no global state: the same code can run
// inside another engine (for example a distributed one) over blocks it
// reads itself.
//
// Duplicate games: each Stage fingerprints its games (start position and
// replayed moves), and the collector finds the games seen before with a
// fingerprint.Store that spills to disk beyond a memory budget; see
// duplicates.go for how the answers learned only at the end reach the
// tables.
//
// Inputs are opened with the run's context (ingest.OpenContext), so that
// an interrupted run does not wait on a FIFO or a pipe, and each is read
// once. An input that fails (empty, not PGN, truncated, a decompression
// bomb...) is reported in summary.json with its code (ingest.ErrorCode)
// and makes the run exit 2; the other inputs are still read. A run whose
// output folder fills up says so, naming the folder and its free space.
//
// Tournament uploads: an input recognised as a FIDE TRF file is not read
// as games; once every game is written, Run checks it (package
// tournament), cross-checks it with the run's games and writes the players
// and pairings tables and its findings (see Event and trf.go). A run with
// games but no TRF reads its events from the games alone and writes the
// same tables for them (standings.go); Config.TieBreaks sets the ranking
// order of every event.
//
// -jobs bounds the goroutines that compute at once with CPU tokens
// (cpuTokens): a worker judging a block and a writer encoding a batch each
// hold one; a writer ending a row group's last pages may borrow a second
// (cpuhelper.go). Goroutines waiting on a channel hold none.
//
// The package does not read PGN, judge moves, compute tie-breaks or encode
// Parquet itself (ingest, validate, tournament, report do), nor parse the
// command line (cmd/arbiter) or decide what a finished output folder holds
// (package output).
package audit
