// Package stats computes the aggregates of an audit run: how many games,
// plies and findings (per kind and severity, with one example location per
// kind), how games ended, and what each input contributed.
//
// Every aggregate is built incrementally, one game at a time, and is
// mergeable: a Run computed over part of the input can be merged into another
// one, so workers (or machines) each count their share and the counts are
// combined at the end. The result does not depend on the order of merging,
// except for the example location of each finding kind, which is always the
// one from the earliest game (lowest game id) so that it is reproducible.
//
// The package does not read games, judge them or write files.
package stats
