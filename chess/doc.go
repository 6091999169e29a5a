// Package chess is Arbiter's legality core: positions, legal move
// generation, making moves, FEN and UCI text, and Zobrist hashing, following
// the FIDE Laws of Chess 2023 (art. 3 for moves, art. 9.2.3 for when two
// positions are the same) and Chess960 castling (Guideline II).
//
// # What it does
//
//   - Position is a plain value (copy-make): bitboards per piece type and
//     colour, a mailbox, side to move, castling rights (as rook squares, so
//     that Chess960 and standard chess share one code path), the en passant
//     square, the clocks and an incrementally updated hash.
//   - LegalMoves generates strictly legal moves with check and pin masks
//     (no make-and-test loop); LegalMovesTo restricts generation to one piece
//     type and a set of destination squares, the fast path for reading SAN.
//   - Play makes a legal move; undo by keeping a copy.
//   - ParseFEN and FEN read and write standard FEN, X-FEN and Shredder-FEN.
//   - Hash is a 64-bit Zobrist key using the Polyglot numbers; it hashes the
//     en passant file only when a legal en passant capture exists, so equal
//     hashes mean "same position" in the sense of art. 9.2.3 (confirm with
//     Key). PolyglotKey gives the Polyglot book key for interoperability.
//   - Perft and Divide count move paths for testing.
//   - The attack functions (KnightAttacks, RookAttacks, ...) are exported for
//     other analyses such as dead-position detection.
//
// # What it does not do
//
// It does not judge whether a position could arise in a game (ParseFEN
// accepts any placement), read or write SAN or PGN, or decide how a game
// ends beyond checkmate and stalemate of a single position: repetition
// counting, the 50/75-move rules and dead positions belong to the callers.
// It knows nothing about time, players or tournaments.
//
// The package has no mutable global state after initialisation (its tables
// are filled once at start-up), so different
// Positions may be used from different goroutines freely.
//
// Moves are 16-bit values meaningful only together with the position they
// are played in; castling is encoded as "king takes own rook" (see Move).
package chess
