package validate

import "github.com/arbiter-chess/arbiter/chess"

// checkpointEvery is how many plies apart history keeps full positions.
const checkpointEvery = 32

// history is what the judge keeps of a replayed game: per ply the move, the
// FIDE key, the halfmove clock and the repetition count, the current
// position, and one full position every checkpointEvery plies, from which
// any earlier position is rebuilt by playing at most checkpointEvery-1
// moves. Keeping every position (160 bytes a ply) cost more than the
// rules that need them, which look at earlier positions only now and then:
// to confirm a repetition, to find the first dead ply, to write a finding.
type history struct {
	// ply[k], k <= n: what is kept of ply k. reset makes room for every
	// move of the game, so that recording a ply is one store at its index.
	ply         []plyRecord
	n           int              // the last ply
	checkpoints []chess.Position // checkpoints[c]: the position at ply c*checkpointEvery
	cur         chess.Position   // the position at the last ply
	// The first plies (-1: none yet) whose position had occurred twice,
	// three times and five times, and whose halfmove clock reached 100 and
	// 150: the draw rules apply from these (Judge.drawRules). Only
	// pushRare sees such plies.
	firstTwice, firstThree, firstFive, firstLong, firstVeryLong int

	// seen[key%512] is epoch for the key of every ply since the last
	// capture or pawn move (the only plies a repetition can come from):
	// when a position's entry is not, no earlier ply can be the same and
	// the scan is skipped (most plies of most games). An irreversible move
	// starts a new epoch instead of clearing the table (no branch on the
	// clock); an entry left from 256 epochs earlier only costs a scan
	// that finds nothing. 512 bytes: eight cache lines.
	seen  [512]uint8
	epoch uint8

	// cursor is the last earlier position rebuilt (at ply cursorPly, -1:
	// none): the repetition checks of a long shuffle look at plies a few
	// moves apart, and go on from there instead of from a checkpoint.
	cursor    chess.Position
	cursorPly int

	// twice holds, in ply order, the plies whose position had occurred at
	// least twice, with the position: the ones a claim by announced move
	// can aim at (Judge.claimableByMove). Only shuffling games have many.
	twice []twiceSeen
}

// twiceSeen is a ply whose position had occurred at least twice.
type twiceSeen struct {
	ply int
	pos chess.Position
}

// plyRecord is what history keeps of one ply.
type plyRecord struct {
	hash  uint64     // FIDE key of the position
	move  chess.Move // the move that led to it (zero at ply 0)
	clock int32      // its halfmove clock
	reps  int32      // occurrences of the position among plies 0..k
}

// reset starts a game from start, with room for moves more plies.
func (h *history) reset(start *chess.Position, moves int) {
	if cap(h.ply) <= moves {
		h.ply = make([]plyRecord, moves+1)
	}
	h.ply = h.ply[:moves+1]
	h.n = 0
	h.cur = *start
	h.checkpoints = append(h.checkpoints[:0], h.cur)
	h.ply[0] = plyRecord{hash: h.cur.Hash(), clock: int32(h.cur.HalfmoveClock()), reps: 1}
	h.epoch++
	h.mark(h.ply[0].hash)
	h.firstTwice, h.firstThree, h.firstFive, h.firstLong, h.firstVeryLong = -1, -1, -1, -1, -1
	h.cursorPly = -1
	h.twice = h.twice[:0]
	h.noteRules(0, 1, h.ply[0].clock)
}

// noteRules updates the first plies of the draw rules with ply k, whose
// position has occurred reps times and has the halfmove clock clock.
func (h *history) noteRules(k int, reps, clock int32) {
	first := func(f *int, hit bool) {
		if hit && *f < 0 {
			*f = k
		}
	}
	first(&h.firstTwice, reps >= 2)
	first(&h.firstThree, reps >= 3)
	first(&h.firstFive, reps >= 5)
	first(&h.firstLong, clock >= 100)
	first(&h.firstVeryLong, clock >= 150)
}

// mark marks key as seen in this epoch and reports whether it was already.
func (h *history) mark(key uint64) bool {
	s := &h.seen[key%uint64(len(h.seen))]
	was := *s == h.epoch
	*s = h.epoch
	return was
}

// irreversible starts a new epoch of seen when clock, the halfmove clock
// after a move, is 0.
func (h *history) irreversible(clock int32) {
	e := h.epoch
	if clock == 0 {
		e++
	}
	h.epoch = e
}

// last returns the last ply.
func (h *history) last() int { return h.n }

// push plays m (legal, or chess.NullMove) on the current position.
// Judge.run, the replay's common path, does the same with the common case
// written out.
func (h *history) push(m chess.Move) {
	h.cur.Play(m)
	hash, clock := h.cur.Hash(), int32(h.cur.HalfmoveClock())
	h.irreversible(clock)
	k := h.n + 1
	if k == len(h.ply) { // more plies than reset made room for
		h.ply = append(h.ply, plyRecord{})
		h.ply = h.ply[:cap(h.ply)]
	}
	// The common case here: an irreversible move, or a key whose bit is
	// new since the last one, cannot repeat an earlier position; the rest
	// goes to pushRare, out of line so that this path stays small.
	if seen := h.mark(hash); seen || clock >= 100 || k%checkpointEvery == 0 {
		h.pushRare(k, m, hash, clock, seen)
		return
	}
	h.ply[k] = plyRecord{hash: hash, move: m, clock: clock, reps: 1}
	h.n = k
}

// pushRare records ply k (the current position, after h.n+1 == k plies
// and room for it in h.ply), with key hash and halfmove clock clock, when
// its position may repeat an earlier one (seen: its entry was marked), its
// clock reached 100 or it is a checkpoint.
//
//go:noinline
func (h *history) pushRare(k int, m chess.Move, hash uint64, clock int32, seen bool) {
	if k%checkpointEvery == 0 {
		h.checkpoints = append(h.checkpoints, h.cur)
	}
	reps := int32(1)
	if seen {
		reps = h.countReps(k, hash, int(clock))
	}
	h.ply[k] = plyRecord{hash: hash, move: m, clock: clock, reps: reps}
	h.n = k
	if reps >= 2 || clock >= 100 {
		if reps >= 2 {
			h.twice = append(h.twice, twiceSeen{k, h.cur})
		}
		h.noteRules(k, reps, clock)
	}
}

// at returns the position at ply k.
func (h *history) at(k int) chess.Position { return *h.seek(k) }

// seek returns the position at ply k, valid until the next call of seek
// or push: the current position, or the cursor moved to ply k from the
// nearer of its own ply (when not after k) and k's checkpoint.
func (h *history) seek(k int) *chess.Position {
	if k == h.last() {
		return &h.cur
	}
	from := k / checkpointEvery * checkpointEvery
	if h.cursorPly < from || h.cursorPly > k {
		h.cursor = h.checkpoints[k/checkpointEvery]
		h.cursorPly = from
	}
	for ; h.cursorPly < k; h.cursorPly++ {
		h.cursor.Play(h.ply[h.cursorPly+1].move)
	}
	return &h.cursor
}

// countReps counts how often the position at ply k (the current one, with
// key hash and halfmove clock back) occurred among plies 0..k, once its
// entry in seen showed that an earlier ply since the last irreversible move
// may share it (push tests that). Only those plies can be the same, only
// every other ply has the same side to move, and the latest earlier
// occurrence already counts the ones before it: so one confirmed match
// settles the count.
func (h *history) countReps(k int, hash uint64, back int) int32 {
	if i := h.latestSame(&h.cur, k-2, k-back, 1); i >= 0 {
		return h.ply[i].reps + 1
	}
	return 1
}

// latestSame returns the latest of the plies from, from-2, ... down to
// stop (and 0) whose position is q's and had occurred at least minReps
// times, or -1. Keys are compared first; a matching key is confirmed on
// the exact position.
func (h *history) latestSame(q *chess.Position, from, stop int, minReps int32) int {
	key := q.Hash()
	var exact chess.PositionKey
	keyed := false
	for i := from; i >= max(stop, 0); i -= 2 {
		if r := &h.ply[i]; r.hash != key || r.reps < minReps {
			continue
		}
		if !keyed {
			exact, keyed = q.Key(), true
		}
		if h.seek(i).Key() == exact {
			return i
		}
	}
	return -1
}
