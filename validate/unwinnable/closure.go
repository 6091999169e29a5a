package unwinnable

import "github.com/arbiter-chess/arbiter/chess"

// The closure search: a breadth-first enumeration of every position
// reachable from the root, each visited once, without any depth limit.
// Terminal, material-dead and done positions are not expanded. If the
// enumeration runs out of positions before its node cap, the reachable set
// holds no mate by the winner: a proof. If it meets a mate, the parent links
// give the shortest helpmate line among those explored.

type bfsNode struct {
	pos    chess.Position
	parent int32
	move   chess.Move
}

// closure runs the enumeration from root, playing at most limit moves (each
// counted as a node) and keeping at most maxQueue positions. It returns
// Winnable (line in a.mateLine), Unwinnable, or Undetermined.
func (a *Analyzer) closure(root *chess.Position, limit, maxQueue int) Verdict {
	if limit <= 0 {
		return Undetermined
	}
	a.nextIteration()
	stop := a.nodes + limit
	q := a.queue[:0]
	defer func() { a.queue = q[:0] }()
	q = append(q, bfsNode{pos: *root, parent: -1})
	a.markVisited(root.Hash())
	ml := &a.frames[0].ml
	for head := 0; head < len(q); head++ {
		p := &q[head].pos
		p.LegalMoves(ml)
		if ml.N == 0 {
			if p.SideToMove() == a.l && p.InCheck() {
				n := 0
				for i := head; q[i].parent >= 0; i = int(q[i].parent) {
					n++
				}
				if n > maxPly {
					return Undetermined
				}
				a.mateLen = n
				for i := head; q[i].parent >= 0; i = int(q[i].parent) {
					n--
					a.mateLine[n] = q[i].move
				}
				return Winnable
			}
			continue
		}
		if cannotMate(p, a.w, a.l) {
			continue
		}
		if a.nodes+ml.N > stop || len(q)+ml.N > maxQueue {
			return Undetermined
		}
		a.nodes += ml.N
		for i := 0; i < ml.N; i++ {
			c := *p
			c.Play(ml.Moves[i])
			key := c.Hash() ^ a.wKey
			e := &a.tt[key&a.ttMask]
			if e.key == key && e.gen >= a.qgen && (e.done || e.gen == a.igen) {
				continue // visited, or proven
			}
			*e = ttEntry{key: key, gen: a.igen}
			q = append(q, bfsNode{pos: c, parent: int32(head), move: ml.Moves[i]})
			p = &q[head].pos // q may have grown
		}
	}
	return Unwinnable
}

func (a *Analyzer) markVisited(hash uint64) {
	key := hash ^ a.wKey
	e := &a.tt[key&a.ttMask]
	if !(e.key == key && e.done && e.gen >= a.qgen) {
		*e = ttEntry{key: key, gen: a.igen}
	}
}
