// Package opening names a game's opening the way Lichess does: by the last
// position of the game that Lichess's opening list names, compared by
// position, so that a transposition gets the name of the position it
// reaches whatever the move order.
//
// The list (data/*.tsv, lichess-org/chess-openings, public domain: see
// data/COPYING.txt and data/README.md) is embedded and read once, on first
// use: each line's moves are played from the start position and the final
// position is stored under its FIDE position key (chess.Position.Hash:
// placement, side to move, castling rights, and the en passant file only
// when an en passant capture is legal), the same key the replay computes
// for every ply.
//
// A game is classified by Walk, ply by ply, while it can still reach a
// named position: pawns never return to their start squares, so once the
// game's unmoved pawns no longer include those of any named position, no
// later position can be named and the walk stops (on real games, long
// before their end). Each ply costs a look at a 4 KiB filter of the
// named keys; only the last plies it passes are looked up in the table.
//
// The package does not decide which games are classified (standard chess
// from the standard start position only: the judge decides) and does not
// read PGN.
package opening
