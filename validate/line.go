package validate

import "github.com/arbiter-chess/arbiter/chess"

// Line returns what the last game judged played: the position it started
// from and, appended to dst, the moves replayed (chess.NullMove for a
// pass), as far as the replay went. It means something only when the
// game was audited (Verdict.Audited). The start position is the Judge's:
// valid until the next game.
func (j *Judge) Line(dst []chess.Move) (start *chess.Position, moves []chess.Move) {
	h := &j.h
	for k := 1; k <= h.n; k++ {
		dst = append(dst, h.ply[k].move)
	}
	return &j.start, dst
}
