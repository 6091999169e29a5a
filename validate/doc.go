// Package validate replays a game and judges it by the FIDE Laws of Chess
// 2023: every illegal, ambiguous or unreadable move; checkmate and stalemate;
// threefold and fivefold repetition; the 50- and 75-move rules; dead
// positions; moves recorded after the game had ended; and recorded results
// that contradict the position, including wins on time or by resignation that
// the Laws make draws because the winner could not have mated by any sequence
// of legal moves.
//
// The input is a plain Game (start position, variant, result, move tokens as
// written); the output is a Report: a Verdict for the games table, the
// Findings (each with ply, article, severity and a one-line message) and,
// when asked, one Ply record per replayed move. A Judge holds the buffers of
// one worker and is reused game after game; it has no global state, so any
// number of Judges may run in parallel.
//
// Ply numbers count half-moves from the game's start position: ply 0 is the
// start position, ply k the position after the k-th recorded move. The
// columns follow "How the verdict columns count" in RULES.md.
//
// Beyond the Laws, the verdict names the opening of a standard game from
// the standard start position by position (subpackage opening: Lichess's
// list, the last named position of the game), and with Options.Headers the
// judge checks the tags that federations and researchers rely on (dates,
// round, players, ratings, titles, result, time control, the Seven Tag
// Roster: the tag_* findings, see headers.go).
//
// The package does not read PGN (package ingest does) and does not write
// tables (package report does).
package validate
