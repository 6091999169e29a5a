package validate

import "github.com/arbiter-chess/arbiter/validate/opening"

// book is Lichess's opening list, built on the first game judged.
var book = opening.Lichess

// nameOpenings switches the naming off for the benchmark that measures
// its cost (BenchmarkOpeningsHeaders).
var nameOpenings = true

// nameOpening sets v.Opening and v.OpeningPly from the replayed plies of a
// game from the standard start position: the last position the list
// names, looked up by the key the replay recorded for each ply, while a
// named position can still come (see opening.Walk).
func (j *Judge) nameOpening(v *Verdict) {
	h := &j.h
	w := book().Start(h.ply[0].hash)
	for k := 1; k <= h.n; k++ {
		r := &h.ply[k]
		if !w.Next(r.move, r.hash, k) {
			break
		}
	}
	if e, ply, ok := w.Result(); ok {
		v.Opening, v.OpeningPly = e, ply
	}
}
