// Package sheet writes the arbiter's report: one self-contained HTML page
// per run (report.html) that a tournament arbiter reads and prints without
// SQL.
//
// The page has four parts: an overview (inputs, rulebook, findings by
// severity and kind with the FIDE article, the results the Laws change,
// the time the run took); plots drawn here as SVG (findings per kind,
// recorded results against results by the Laws, game lengths, clock time
// left at the end of games with findings); the correction sheet, one block
// per game with an error or warning, in input order, with the move as
// written, what the Laws say, and the position before the move as an SVG
// board diagram; and, for each FIDE TRF of the run, the crosstable as
// recomputed, the declared ranks that differ, the pairings whose game is
// missing or scored against the Laws, and the results the Laws change.
//
// Every word of the page comes from a message table, one JSON file per
// language in lang/ (en.json, de.json): a third language is a file. The
// findings' sentences are rendered from their structured fields (kind,
// ply, SAN as written, position, article, end of the game, results,
// Termination tag, ...) with the table of the page's language, not taken
// from the English message of package validate; only data from the input
// (tags, SAN as written, file names, comments) stays as written. The
// English table renders validate's messages word for word for the kinds
// whose message is made of those fields (a test checks it on real games).
//
// Memory is bounded whatever the input size: a Picker keeps, per block of
// games, the games that can still be among the first Options.Max of one of
// their kinds, and a Collector, fed the blocks in input order, keeps the
// first Options.Max games of each kind. The plots' histograms live in
// package stats.
//
// The page is built with html/template (input is hostile text: a <script>
// in a player's name stays text), inline CSS and SVG, and makes no request
// to any network address; a little vanilla JavaScript filters the
// correction sheet, and everything reads without it. Print styles give A4
// pages with one game per block and no cut diagrams.
//
// What it does not do: it does not read the Parquet tables back (the
// counts it shows come from the run itself), list every game of a kind
// beyond Options.Max (the page prints the DuckDB query that does), or
// draw plots with a charting library: each plot is a few hand-drawn bars.
package sheet
