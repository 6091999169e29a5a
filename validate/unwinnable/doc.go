// Package unwinnable decides whether a side can still checkmate: the dead
// position rule (FIDE Laws 2023, art. 5.2.2) and the one-sided test behind
// art. 6.9 (time forfeit) and 5.1.2 (resignation), where a player who runs
// out of time or resigns only draws if the opponent could not mate "by any
// possible series of legal moves".
//
// # Question and answers
//
// Analyze(p, winner) asks: is there a sequence of legal moves from p, both
// sides cooperating, that ends with winner checkmating the other side (the
// loser)? The moves are those of art. 3 only: the 50/75-move and repetition
// limits are ignored, as D3-Chess and the usual reading of 5.2.2 do. The
// answer is one of
//
//   - Winnable, always with Result.Witness: a legal line from p that ends in
//     the winner's mate. Every such line is a proof; tests replay it with
//     CheckWitness.
//   - Unwinnable, only when proven by one of the sound arguments below.
//   - Undetermined, when the node budget ran out first, or when p is not a
//     legal position (Result.Invalid: the side to move could capture the
//     king, a side has no king or several, a pawn stands on the first or last
//     rank). It claims nothing: never treat it as unwinnable.
//
// Dead(p) runs both sides. Because every position reachable from an
// unwinnable one is unwinnable too, a caller can test the final position of a
// game first and binary-search for the first dead ply only when it is dead.
//
// # Method
//
// The pipeline follows the description of D3-Chess / CHA (M. Ambrona, "A
// Practical Algorithm for Chess Unwinnability", FUN 2022) in the project's
// research notes; it was designed from that description (no code of the
// GPL original was used). For one query:
//
//  1. Invalid positions are reported, not analysed.
//  2. Forced moves are followed while the side to move has exactly one legal
//     move. A forced chain that repeats a position is a cycle nobody can
//     leave: unwinnable.
//  3. Terminal: no legal move. The loser mated is Winnable (the forced moves
//     are the witness); stalemate or the winner mated is Unwinnable.
//  4. Material: CannotMateByMaterial (lone king; king and knight against
//     king and queens only; bishops of one colour with no pawns, no knights
//     and no enemy bishop of the other colour). Each rule stays true after
//     any move, so it proves the answer for every continuation.
//  5. Constructive stages, our addition to the method; they only find
//     mates, and a line they find is the witness.
//     Before a, the bare king (bare.go): against a king (and pawns, which
//     never move) and a queen, a rook or a pawn, the back-rank mate of 5a
//     below with less planning (plain king distances; the most advanced
//     pawn that can step promotes first; only the winner's king, queens,
//     rooks and that pawn move; up to three target squares are tried). It
//     mates about 95% of the bare kings among the final positions of real
//     games; a failed attempt gives its nodes back, so the steps below run
//     as without it. The dives (5b) try it too, with two target squares,
//     once a capture leaves the loser its king and pawns, and again
//     whenever the loser loses another pawn or a promotion gives the
//     winner a queen or a rook.
//     a. Lone king (lone.go; run before step 7, it costs a few
//     microseconds): when the loser has nothing but its king and pawns
//     and the winner has a queen, a rook or a pawn, a back-rank mate is
//     built directly. The loser's king walks (by king-step distances
//     around the pawns) to an edge square e, the winner's king to the
//     square two steps inside, facing it, and a queen or rook (promoted
//     first from the most advanced pawn that can advance; not while the
//     new queen would stand next to the loser's king, undefended, with no
//     other flight square: its king steps instead) waits one move from
//     the edge line, off the loser king's way, then checks along that
//     line. Each ply generates only the moves the plan wants (king
//     steps, the heavy pieces' moves, one pawn push or capture; the
//     loser's pawns move only when its king cannot), and the checks that
//     may leave no flight square are played to test for mate only when
//     the loser's king stands on the edge. Since the loser has no piece
//     that can pin, every such winner's move is legal (king steps are
//     tested against attacks); the winner in check ends the attempt.
//     A repeated position ends an attempt; a second one uses another
//     target square. Among the final positions of real games it mates
//     about 95% of those with a lone king and 60% of those with king
//     and pawns. The dives (5b) hand over to it, for at most 50 nodes,
//     once a capture leaves the loser with its king and pawns, or a
//     promotion gives the winner a queen or rook, while the winner has a
//     queen or rook and no minor piece (the plan does not take minor
//     pieces into account); many generic dives end that way.
//     b. Dives (dive.go): greedy constructive lines that follow at every
//     ply the move with the best score for a simple plan, and try every
//     checking move of the winner for a mate in one (played only when it
//     may leave the king without a flight square). The generic plan: the
//     loser's king walks towards the winner's king and the edge, the
//     winner's pieces close in, the winner captures and promotes (its king
//     escorts its pawn, or takes the piece blocking it, by steps around
//     the pawns, when it has no queen or rook; the loser's king then walks
//     away from that piece), the loser's other pieces step aside or are
//     offered instead of capturing. The corner plan (always when the winner has
//     only minor pieces): the loser's king goes to a corner where those
//     pieces can mate, its other pieces gather next to the corner as
//     blockers (off a bishop's checking diagonal; its pawns promote to new
//     blockers when the winner needs them), the winner's king and pieces
//     come near and avoid captures, except of the loser's queens (a
//     queen could always interpose or take the checker). Positions
//     already on the line are avoided, and a move into a dead end (a
//     stalemate, the winner mated, no mating material left) is taken back
//     for the next best one. 48 variants (generic plan, corner
//     plan at the nearest and at the second-nearest corner, then both
//     plans with noise added to the scores) run first, the first three
//     half as long, until an eighth of the budget is spent: most final
//     positions of real games that step 5a leaves end here within a few
//     dozen nodes. A dive proves nothing when it fails.
//     c. Blocker construction (corner.go), for a winner with nothing but
//     its king and one minor piece when the first three dives of 5b
//     found nothing (the other variants run after it):
//     a mate needs the loser's king in a corner with one of its own men
//     beside it. Each pattern names the squares (corner, blocking square,
//     the winner king's square covering the two other flight squares,
//     the squares the minor piece checks from); dives whose scores drive
//     each man to its square (the blocker, the loser's man fewest moves of
//     its kind away, moves in only after the king has passed) run for the
//     four cheapest patterns, at most 600 nodes in all.
//  6. A small helpmate search (depth 2 in cost units, at most
//     Options.SmallSearchNodes and a fifth of the budget; see below). A mate
//     gives the witness; a search that needed no cut proves unwinnability
//     (see search.go for the closure argument). Then the dive variants not
//     reached yet, and the first three again at full length.
//  7. Semi-static reachability analysis (semistatic.go; run before steps
//     5b and 6, as it costs about a microsecond): for each piece, an
//     over-approximation of the squares it can ever stand on, computed as a
//     fixpoint together with the squares that can ever be free of each
//     colour; kings avoid squares attacked by immovable, uncapturable
//     pieces; blocked and facing pawns; promotion makes a piece universal;
//     castling moves king and rook to their target squares when the squares
//     between can be empty. The stalemate rule: when a side can never move
//     anything but its king, the enemy king never steps onto a square after
//     which that king would have no step left (not next to the enemy king,
//     not onto its own pinned-down pieces, not onto a square attacked by a
//     pinned-down enemy piece): that step would stalemate, and the game
//     would end without a mate (or mate, but only as the last move of a
//     line, which the decision allows for). This is what keeps a king out
//     of a locked pawn chain whose pawns it could only take by
//     stalemating. The position is unwinnable if no square the loser's king
//     can reach is a possible mate square: one a winner's piece can attack,
//     whose neighbours in the king's reach can all be attacked by the
//     winner or blocked, each by a different loser's piece (a bipartite
//     matching). This includes D3's "no visitors" and "bishops of one
//     colour" rules. Positions with a legal en passant capture are skipped,
//     and so are positions where the winner has a pawn that can step
//     forward and has no pawn or king ahead on its file (it can nearly
//     always promote, which makes the decision negative anyway). The "pawn
//     visitors that can never promote" step of D3 is left out: its author
//     flags it as unproven. The helpmate search also asks it at every node
//     with at least three units of depth left (unless the loser has such an
//     open pawn too: its promotion would give blockers for every flight
//     square): a proven position is not expanded (it counts as done, like a
//     material-dead one).
//  8. One-ply split: every legal move is played, forced moves followed, and
//     steps 3, 4 and 7 tried on the result. All children proven: unwinnable.
//     Proven children are stored as done so the searches skip them.
//  9. Iterative-deepening helpmate search (search.go) with a transposition
//     table keyed by the Zobrist hash (and the winner), storing the depth
//     searched, for a tenth of the budget; then a closure search
//     (closure.go): breadth-first enumeration of all positions reachable
//     from the root, each once (its own exact set of visited positions),
//     without depth limit, capped at Options.ClosureNodes positions. When
//     the move cap max(ClosureNodes, NodeBudget/8) is reached while the
//     unexpanded frontier is below a quarter of the expanded positions (the
//     enumeration looks nearly complete), it may go on to three quarters of
//     the node budget. Running out of positions proves unwinnability; a
//     mate on the way is a shortest witness. Then the helpmate search goes
//     on up to 80% of the node budget, and then resumes the depth it reached
//     from the root moves its interrupted iteration never entered, until the
//     node budget is spent (Undetermined).
//
// The helpmate search classifies every move as REWARD (no depth), NORMAL
// (one unit, free right after a REWARD move) or PUNISH (three units), after
// §4.3 of the notes: for the winner, captures, promotions to queen or knight,
// pawn pushes into the far half, and king or knight moves toward a target
// corner are rewarded (captures and promotions searched first; direct checks
// are NORMAL but searched before the other moves); for the loser, king steps
// toward the corner and piece moves next to it are rewarded, captures
// punished. When the winner needs a promoted blocker (no pawn, rook or
// queen; a lone knight or bishops of one colour), the loser's pawn moves and
// under-promotions are rewarded and its other moves punished, its pieces are
// rewarded for any approach to the corner, and the winner is rewarded for
// clearing the loser's pawn paths and punished for capturing its pawns. The
// classes only reorder the moves and change depths: no move is ever
// skipped, so a search without cuts is still exhaustive.
//
// Closed pawn structures (locked.go) need other lines: pawns of both sides
// advance, a king takes the pawn that blocks an enemy pawn, the loser
// promotes (often to a minor piece) and gives the new piece up to a blocked
// pawn of the winner so that it changes file and runs. At nodes where both
// sides have pawns and the winner has nothing else but its king, and at all
// nodes where both sides have pawns once 80% of the node budget is spent,
// the search uses other classes: promotions (to any piece) and the
// winner's captures first, every other pawn push rewarded (a pawn has at
// most six of them, so rewards stay finite), the loser's king rewarded for
// steps toward the corner, the winner's direct checks searched early,
// everything else (the loser's captures too) normal. An iteration
// proves unwinnability only if nothing was cut by depth or node limit and no
// position was skipped on the strength of an earlier iteration (see the
// closure argument in search.go). A move into a leaf (no depth left) is
// played only if it can end there in a mate (a check by the winner) or in a
// material-dead position (a capture or a promotion); every other leaf is a
// depth cut anyway, so it is counted as one without being played.
//
// # Soundness and its limits
//
// Winnable answers carry a replayable witness. Unwinnable answers rest on
// the arguments above; the searches also rely on the 64-bit Zobrist hash
// (a collision could make the transposition table skip a position that was
// never searched; with full-key comparison the chance is about one in 2^64
// per probe). The D28 case of the notes (side to move can capture the king),
// which D3 answers as unwinnable, is reported as invalid instead.
//
// Use an Analyzer per goroutine; the package-level Analyze and Dead borrow
// one from a pool. Searches do not allocate; the closure search's queue is
// allocated once per Analyzer. A query uses only as much of the
// transposition table as its budget can fill (four entries per node, at
// least 1,024), so that small queries stay in the cache; entries carry
// their full key and the query's generation, so nothing carries over.
package unwinnable
