// Package chess is Arbiter's legality core: positions, legal moves, move
// notation and the other facts of chess every other package relies on,
// following the FIDE Laws of Chess 2023 (art. 3 for moves, art. 9.2.3 for
// when two positions are the same, Appendix C for notation) and Chess960
// castling (Guideline II).
//
// # What it does
//
//   - Position is a plain value (copy-make): bitboards, a mailbox, side to
//     move, castling rights as rook squares (standard chess and Chess960
//     share one code path), the en passant square, the clocks and an
//     incrementally updated Zobrist hash (Polyglot numbers; equal hashes
//     mean the same position in the sense of art. 9.2.3, confirm with Key).
//   - LegalMoves generates strictly legal moves; LegalMovesTo restricts them
//     to a piece type and target squares; CountLegalMoves and
//     CountLegalMovesUpTo count them; Play makes one; Perft and Divide
//     count move paths for testing.
//   - ParseFEN, FEN, ParseEPD and EPD.String read and write FEN (X-FEN and
//     Shredder-FEN too) and EPD. Problems and FENProblems say why a
//     position cannot arise in a game (sound, not complete).
//   - ParseMove reads a move token as players write it (SAN in the piece
//     letters of every language of Appendix C, long algebraic, UCI,
//     castling with zeros, ...) and says what is wrong with one that names
//     no legal move; SAN, AppendSANLang and UCI write moves.
//   - ParseResult and ParseResultToken read a game's result in every
//     spelling found in the wild (Result, ResultSpelling).
//   - SANVocabulary and UCIVocabulary list every string SAN and UCI can
//     write for a move, in a fixed order, so that a move can be stored as
//     an index (SANIndex, UCIIndex, Move.UCIIndex).
//   - The attack functions (KnightAttacks, RookAttacks, ...) serve other
//     analyses, such as dead positions.
//
// # What it does not do
//
// It does not read PGN files (package ingest), judge a game's moves, clocks
// and result against the Laws (package validate: repetitions, the 50/75-move
// rules, dead positions, the result), or know about time, players or
// tournaments. It does no I/O.
//
// Fast paths sit in files of their own beside the reference code they must
// agree with (notation_quick.go, notation_parse_fast.go,
// notation_resolve_fast.go, givescheck_fast.go, movegen_count.go); built
// with the tag arbiter_reference, every one is replaced by its reference.
//
// The package has no mutable global state after initialisation, so
// different Positions may be used from different goroutines freely. Moves
// are 16-bit values meaningful only with the position they are played in;
// castling is encoded as "king takes own rook" (see Move).
package chess
