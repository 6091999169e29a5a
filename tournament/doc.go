// Package tournament audits a rated-event upload: a FIDE Tournament Report
// File (TRF) and, when there is one, the PGN games of the same event. It
// reads the TRF, checks it on its own, recomputes the standings and every
// FIDE tie-break under the C.07 edition in force, and matches each pairing
// to its game.
//
// What it does:
//   - Parse reads TRF16 and TRF-2026 files (every record; unknown ones kept
//     verbatim) with the JaVaFo and bbpPairings extensions, any line ends,
//     a byte-order mark and Windows-1252 text. What it cannot read becomes
//     a located *SyntaxError in an ErrorList returned with the usable
//     Tournament; it never panics. LooksLikeTRF recognises a TRF by content.
//   - Check runs the checks T1-T11 on the TRF alone (listed in check.go).
//   - ComputeStandings recomputes points and the C.07 tie-breaks, unplayed
//     rounds by art. 16, in exact arithmetic, under the edition of the
//     event's start date (standings.go lists the tie-breaks, the editions
//     and the choices where the sources leave room).
//   - Reconcile (and CrossCheck, its findings only) runs the checks P1-P12
//     of a TRF against the games (GameInfo: tags, plies and the verdict of
//     the game's own audit), and recomputes the standings with the results
//     the Laws fix (crosscheck.go).
//   - FromGames reads an event from its PGN games alone and gives the same
//     standings, pairings and results by the Laws as a TRF would, stating
//     in findings what the games cannot say (fromgames.go).
//   - PlayerRows and Reconciliation.Pairings are the rows of the players and
//     pairings tables; WriteCrosstable and WriteSummary write the final
//     crosstable and what changed. ParseOrder reads a ranking order given
//     by a person strictly (*OrderError lists the valid tie-breaks).
//
// What it does not do: team standings (team files are read and checked at
// player level), the pre-2023 "virtual opponent" rules, acceleration,
// pairing checks beyond the absolute criteria or against the rating list
// (standings.go and check.go say more); nor read PGN or replay moves: the
// pipeline fills GameInfo from packages ingest and validate, which this
// package does not import.
package tournament
