// Package tournament audits a rated-event upload: a FIDE Tournament Report
// File (TRF) and, when there is one, the PGN games of the same event. It
// reads the TRF, checks it on its own, recomputes the standings and every
// FIDE tie-break under the C.07 edition in force, and matches each pairing
// to its game.
//
// What it does:
//   - Parse reads TRF16 and TRF-2026 files (header records 012-132 and the
//     2026 records 142-362, player records 001 with their round columns,
//     team records 310/013, every other record kept verbatim) with the
//     JaVaFo XX? and bbpPairings BB? extensions, CR, LF or CRLF line ends,
//     a byte-order mark and Windows-1252 text. Columns count characters.
//     What it cannot read becomes a located *SyntaxError (file, line,
//     column) in an ErrorList returned with the usable Tournament; it never
//     panics. LooksLikeTRF recognises a TRF by content.
//   - Check runs the checks T1-T11 of the research note
//     (research/federation-uploads.md §4.2) on the TRF alone: readability
//     and start ranks (T1), reciprocity of pairings, colours and results
//     (T2), points against the scoring system of records 162/XXS/BB? (T3),
//     unplayed codes and byes (T4), rounds and dates (T5), declared counts
//     (T6), FIDE IDs, federations, ratings and birth dates (T7), Swiss
//     pairing rules: repeated pairings, colour criteria, the PAB rule (T8),
//     declared ranks against recomputed ones (T9), the rate of play
//     against B.02 §1 (T10) and rated games per player (T11).
//   - ComputeStandings recomputes points and tie-breaks (C.07): PTS, BH,
//     BH/C1, BH/C2, BH/M1, BH/M2, FB, AOB, ABH/AFB (the adjusted scores),
//     SB, SB/Cn, SB/Mn, ESB, DE, WIN, WON, BPG, BWG, REP (GE), VUR, NUM,
//     PS, PS/Cn, KS, STD, ARO, ARO/Cn, TPR, PTP, APRO, APPO, RTNG, TPN, and
//     the pairing helpers COP and CSQ, with the modifiers /Cn /Mn /L /K /P
//     /F /R /U. Unplayed rounds follow art. 16: the categories of unplayed
//     rounds, the adjusted score opponents see (a withdrawal's rounds count
//     as draws), the dummy opponent for one's own unplayed rounds, and the
//     cut of voluntary unplayed rounds first. Arithmetic is exact
//     (hundredths of points; values to 1/10000).
//   - Reconcile (and CrossCheck, its findings only) runs the checks P1-P12
//     of a TRF against the games (GameInfo: tags, plies and the verdict of
//     the game's own audit): a game for every played pairing and a pairing
//     for every game (round from the Round tag or the date of record 132,
//     players by FIDE ID then by name), colours, results, forfeits and
//     games of less than one move against the moves, short games,
//     duplicates, header consistency, board numbers and identities. A
//     result the Laws fix and the TRF contradicts is applied to a copy of
//     the event and the standings are recomputed, so the officer sees what
//     it changes.
//   - PlayerRows and Reconciliation.Pairings are the rows of the players
//     and pairings tables; WriteCrosstable and WriteSummary write the final
//     crosstable and what changed for the human summary.
//   - FromGames reads an event from its PGN games alone (GroupEvents puts
//     games into events by their Event, Site and EventDate tags): players
//     by FIDE ID tag, then by name and Reconcile's fuzzy name match,
//     rounds from the Round tag, a round without a game a blank unplayed
//     round; it gives the same Tournament, standings, pairings and results
//     by the Laws as a TRF would, and states in findings
//     (standings_round_missing, standings_round_conflict,
//     standings_game_left_out) what the games cannot say.
//   - ParseOrder reads a ranking order given by a person (a command-line
//     flag) strictly: an unknown tie-break or modifier, or one the
//     tie-break does not take, is an *OrderError listing the valid ones.
//
// C.07 editions: the edition is chosen by the event's start date (record
// 042), like the FIDE reference implementation (TEC's TieBreakServer):
// Edition2024 (the 2023 text with the 2024 clarifications, in force until
// 28 February 2026) before 1 March 2026, Edition2026 (approved 2 February
// 2026: the dummy's value capped by art. 16.4.1 and 16.4.2) from that day
// or when 042 is missing. StandingsOptions.Edition forces one. The
// standings name the edition and why it was chosen. The tie-break order
// comes from StandingsOptions.Order, else record 212 or 202, else the
// default for the event type; Standings.OrderSource says which.
//
// The expected values published with IA Mario Held's "Exercises in
// Tie-Breaking" and the reference implementation's outputs are reproduced
// exactly for both editions (see tiebreak_test.go).
//
// What it does not do:
//   - Team standings: match and game points of team events, the team
//     tie-breaks (EDE*, EMGSB and the other extended SB forms, BC, TBR,
//     BBE, MPvGP, SSSC). Team files are read and checked at player level;
//     their standings are individual and say so in Standings.Notes.
//   - The pre-2023 "virtual opponent" rules: events that started before
//     1 September 2023 are computed with the 2024 rules, as the reference
//     implementation does (a note says so).
//   - The 2026 round-robin refinement that keeps forfeit losses unplayed for
//     the type-B tie-breaks: in round robins every forfeit counts as a game
//     except for the rating-based tie-breaks.
//   - Acceleration (records 250/XXA), abnormal points (299) and
//     out-of-order boards (300) are kept verbatim but not applied;
//     acceleration points never enter a tie-break anyway.
//   - Pairing checks beyond the absolute criteria (no Dutch or Burstein
//     engine: use bbpPairings -c or JaVaFo -c) and checks against the FIDE
//     rating list.
//   - Reading PGN or replaying moves: the pipeline fills GameInfo from
//     packages ingest and validate; this package imports neither.
//
// Choices where the sources leave room:
//   - W/D/L (games of less than one move) count as games for tie-breaks,
//     as in the reference implementation, and are never rated;
//     StandingsOptions.ShortGamesUnplayed treats them as unplayed rounds.
//   - The number of rounds is the number of round columns in use (a TRF
//     written during the event counts the rounds played so far); it is
//     also the "number of rounds" of the art. 16.4.2 cap.
//   - Rating-based tie-breaks are undefined when any player is unrated,
//     unless StandingsOptions.UnratedRating (or /Unnnn) gives a rating.
//   - Without records 212/202 or an option, Swiss events are ranked by PTS,
//     BH/C1, BH, SB, DE and round robins by PTS, DE, SB, WIN, KS
//     (Arbiter's defaults, not a FIDE rule); T9 then only checks that the
//     declared ranks follow the points.
//   - An event read from its games numbers its players by rating, then
//     name, as pairing programs do; a round in which a player has no game
//     counts as a TRF's blank round (a zero-point unplayed round: the PGN
//     cannot say whether it was a bye, a forfeit or an absence); the event
//     is a round robin when its rounds are k times those of a single round
//     robin and no two players met more than k times.
package tournament
