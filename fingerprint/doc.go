// Package fingerprint finds the games that occur more than once in a large
// collection, in bounded memory: each game is reduced to a Record (a
// 128-bit Fingerprint of what makes it the same game, where it is, and a
// hash of its tags), a Store keeps the records of the games added so far
// in memory up to a budget and spills them to disk as sorted runs beyond
// it, and Resolve merges the runs into the list of duplicates (every game
// with the fingerprint of an earlier one, and that earlier one), in game
// order.
//
// What goes into a fingerprint is the caller's choice (Hasher is a fast
// 128-bit hash over 64-bit words and strings); arbiter hashes the start
// position and the replayed moves, and for short games the players and
// the date too. "Earlier" is by Record.Game, an id the caller assigns in
// input order; the first occurrence of a fingerprint is the record with the
// smallest Game.
//
// The package knows nothing of chess, PGN or Parquet, and nothing of how
// the games are read: any engine that can assign game ids can add records
// block by block, in any order, on one machine or several. Runs are plain
// files (see WriteRun for the format) that Resolve merges together with
// runs written by other Stores, so the runs of several blocks, machines or
// earlier runs can be resolved at once.
//
// It does not decide what to do with a duplicate (package audit writes the
// findings and the games table's columns), and it keeps no index across
// runs by itself.
package fingerprint
