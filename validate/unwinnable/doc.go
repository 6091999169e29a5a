// Package unwinnable decides whether a side can still checkmate: the dead
// position rule (FIDE Laws 2023, art. 5.2.2) and the one-sided test behind
// art. 6.9 (time forfeit) and 5.1.2 (resignation), where a player who runs
// out of time or resigns only draws if the opponent could not mate "by any
// possible series of legal moves".
//
// Analyze(p, winner) asks whether some sequence of legal moves from p, both
// sides cooperating, ends with winner checkmating the loser (art. 3 moves
// only: the 50/75-move and repetition limits are ignored, as D3-Chess and
// the usual reading of 5.2.2 do). The answer is Winnable, always with a
// witness line that ends in the mate (CheckWitness replays it); Unwinnable,
// only when a sound argument proves it; or Undetermined, when the node
// budget ran out or p is not a legal position (Result.Invalid): it claims
// nothing. Dead(p) asks for both sides. CannotMateByMaterial is the
// material test alone.
//
// The method follows the description of D3-Chess / CHA (M. Ambrona, "A
// Practical Algorithm for Chess Unwinnability", FUN 2022), with
// constructive stages of our own that build mates directly: forced moves,
// material, bare-king and lone-king mates, greedy dives, blocker
// constructions, a semi-static reachability analysis, a one-ply split, and
// helpmate and closure searches. docs/unwinnable.md describes each stage,
// the move classes of the searches and the limits of soundness (the
// searches trust the 64-bit Zobrist hash).
//
// The package judges single positions: it does not read games, count
// repetitions or decide which ply of a game to ask about (package validate
// does). Use an Analyzer per goroutine; the package-level Analyze and Dead
// borrow one from a pool. Searches do not allocate.
package unwinnable
