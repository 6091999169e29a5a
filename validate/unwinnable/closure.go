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

// The closure keeps its own set of visited positions (the transposition
// table is direct-mapped: two positions sharing a slot could evict each other
// forever and keep the enumeration going round a cycle). The set is an
// open-addressing table of keys (0 = empty), allocated once and emptied
// after each run through the list of used slots.
type visitedSet struct {
	keys []uint64
	used []int32
	mask uint64
}

func (v *visitedSet) init(maxQueue int) {
	n := 1024
	for n < 2*maxQueue {
		n *= 2
	}
	if len(v.keys) < n {
		v.keys = make([]uint64, n)
		v.used = make([]int32, 0, n/2)
	}
	v.mask = uint64(len(v.keys) - 1)
}

// insert adds key and reports whether it was new. A full table reports
// every key as new (the enumeration stops at maxQueue well before that).
func (v *visitedSet) insert(key uint64) bool {
	if key == 0 {
		key = 1
	}
	i := key & v.mask
	for n := 0; n <= int(v.mask); n++ {
		switch v.keys[i] {
		case key:
			return false
		case 0:
			v.keys[i] = key
			v.used = append(v.used, int32(i))
			return true
		}
		i = (i + 1) & v.mask
	}
	return true
}

func (v *visitedSet) reset() {
	for _, i := range v.used {
		v.keys[i] = 0
	}
	v.used = v.used[:0]
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
	vs := &a.visited
	vs.init(maxQueue)
	defer vs.reset()
	vs.insert(root.Hash() ^ a.wKey)
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
		if a.nodes+ml.N > stop && len(q)-head < head/4 && stop < a.opt.NodeBudget*3/4 {
			// The frontier is small next to what has been expanded: the
			// enumeration looks close to its end, so it may go on with up
			// to three quarters of the whole budget.
			stop = a.opt.NodeBudget * 3 / 4
		}
		if a.nodes+ml.N > stop || len(q)+ml.N > maxQueue {
			return Undetermined
		}
		a.nodes += ml.N
		for i := 0; i < ml.N; i++ {
			c := *p
			c.Play(ml.Moves[i])
			key := c.Hash() ^ a.wKey
			if !vs.insert(key) {
				continue // visited
			}
			e := &a.tt[key&a.ttMask]
			if e.key == key && e.gen >= a.qgen && e.done {
				continue // proven
			}
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
