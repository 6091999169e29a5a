package unwinnable

import (
	"sync"

	"github.com/arbiter-chess/arbiter/chess"
)

// Verdict is the answer to "can the winner still checkmate?".
type Verdict uint8

// The verdicts. The zero value is Undetermined, which claims nothing.
const (
	// Undetermined: neither a mate nor a proof was found within the budget
	// (or the position is invalid, see Result.Invalid). Never treat it as
	// unwinnable.
	Undetermined Verdict = iota
	// Winnable: Result.Witness is a legal line ending in the winner's mate.
	Winnable
	// Unwinnable: proven that no sequence of legal moves lets the winner mate.
	Unwinnable
)

// String returns "winnable", "unwinnable" or "undetermined".
func (v Verdict) String() string {
	switch v {
	case Winnable:
		return "winnable"
	case Unwinnable:
		return "unwinnable"
	}
	return "undetermined"
}

// Methods reported in Result.Method: which step of the pipeline decided.
const (
	MethodInvalid    = "invalid"    // illegal position; Verdict is Undetermined
	MethodForced     = "forced"     // a forced-move cycle, or forced moves into a terminal position
	MethodTerminal   = "terminal"   // mate or stalemate on the board (after forced moves)
	MethodMaterial   = "material"   // CannotMateByMaterial after forced moves
	MethodLone       = "lone"       // the construction against a lone king found a mate
	MethodDive       = "dive"       // a greedy constructive line found a mate
	MethodCorner     = "corner"     // the blocker construction (lone minor piece) found a mate
	MethodSearch     = "search"     // the small exhaustive search settled it
	MethodSemistatic = "semistatic" // the reachability analysis proved it
	MethodSplit      = "split"      // every legal move leads to a proven child
	MethodClosure    = "closure"    // the enumeration of all reachable positions settled it
	MethodHelpmate   = "helpmate"   // the iterative-deepening helpmate search found a mate
	MethodBudget     = "budget"     // node budget exhausted; Verdict is Undetermined
)

// Result is the answer of Analyze.
type Result struct {
	// Verdict is the answer; Winnable and Unwinnable are proven.
	Verdict Verdict
	// Witness, for Winnable, is a legal line from the analysed position
	// ending with the winner checkmating (empty when the position is already
	// that mate). Nil otherwise.
	Witness []chess.Move
	// WitnessSAN is Witness in English SAN with move numbers, for example
	// "45...Kb8 46.Qb7#" (empty unless Winnable, or with Options.NoSAN).
	WitnessSAN string
	// Nodes is the number of positions searched.
	Nodes int
	// Method names the step that decided (the Method* constants).
	Method string
	// Invalid reports an illegal position: the side to move could capture
	// the king, a side has no king or several, or a pawn stands on the first
	// or last rank. The caller should flag the position; Verdict is Undetermined.
	Invalid bool
}

// Options tune the analysis. The zero value selects the defaults.
type Options struct {
	// NodeBudget caps the positions searched per query (per side). Default
	// 200,000. When it runs out the answer is Undetermined.
	NodeBudget int
	// SmallSearchNodes caps the first, small exhaustive search (default
	// 5,000; it never takes more than a fifth of NodeBudget).
	SmallSearchNodes int
	// ClosureNodes caps the positions held by the enumeration of reachable
	// positions (default 100,000, about 180 bytes each, memory kept for the
	// Analyzer's next queries). The enumeration plays at most
	// max(ClosureNodes, NodeBudget/8) moves.
	ClosureNodes int
	// TTBits sets the transposition table to 1<<TTBits entries of 16 bytes
	// (allowed 10..26). Only NewAnalyzer reads it. The default is 18
	// (4 MiB); the table then grows (up to 20, 16 MiB) on the first query
	// whose NodeBudget is above the default budget and could fill more.
	TTBits int
	// NoSAN leaves Result.WitnessSAN empty (Witness is still filled), which
	// saves formatting time in bulk runs.
	NoSAN bool
}

const (
	defaultBudget      = 200_000
	defaultSmallSearch = 5_000
	defaultClosure     = 100_000
	defaultTTBits      = 18
	maxPly             = 512 // longest line the search follows
	maxForced          = 256 // longest forced chain followed
	// autoTTBits is the largest transposition table (log2 entries) that
	// an Analyzer created with the default TTBits grows to for queries
	// with large budgets (16 MiB).
	autoTTBits = 20
	// deepShare is the share of the node budget (percent) after which the
	// helpmate search resumes its current depth from the root (step 9).
	deepShare = 80
)

func (o Options) withDefaults() Options {
	if o.NodeBudget <= 0 {
		o.NodeBudget = defaultBudget
	}
	if o.SmallSearchNodes <= 0 {
		o.SmallSearchNodes = defaultSmallSearch
	}
	if o.ClosureNodes <= 0 {
		o.ClosureNodes = defaultClosure
	}
	if o.TTBits == 0 {
		o.TTBits = defaultTTBits
	}
	if o.TTBits < 10 {
		o.TTBits = 10
	}
	if o.TTBits > 26 {
		o.TTBits = 26
	}
	return o
}

// Analyzer holds the buffers of the analysis (transposition table, move
// lists, reachability tables) so that queries do not allocate in the search.
// An Analyzer is not safe for concurrent use: give each worker its own.
type Analyzer struct {
	opt Options

	tt     []ttEntry
	ttMask uint64
	igen   uint32 // current search iteration
	qgen   uint32 // first iteration of the current query

	w, l  chess.Color
	wKey  uint64
	nodes int
	limit int
	abort bool // node limit hit: unwind
	cut   bool // some line was cut by depth or node limit in this iteration

	h heuristics

	line     [maxPly]chess.Move
	mateLine [maxPly]chess.Move
	mateLen  int
	frames   [maxPly + 1]frame

	forced [maxForced + 1]uint64
	scores [chess.MaxMoves]int32 // move scores of a dive ply
	route  kingRoute             // the winner king's way to its pawn target (dives)
	lone   loneScratch           // the lone-king construction's arrays (lone.go)
	// diveSeen holds the hashes of the positions of the dive running, and
	// diveCount counts them by their low bits (diveCountBits), so that a
	// ply looks for a repetition only when one is possible (divePick).
	diveSeen  [maxDivePly + 1]uint64
	diveCount [1 << diveCountBits]uint8
	pat       *cornerPattern // the blocker plan of the dive running, if any (corner.go)
	queue     []bfsNode      // closure search, allocated on first use
	ss        semistatic

	visited visitedSet // closure search (closure.go)

	ttAuto bool // TTBits defaulted: the table may grow to autoTTBits
}

// NewAnalyzer returns an Analyzer with the given options (defaults filled in).
func NewAnalyzer(opt Options) *Analyzer {
	auto := opt.TTBits == 0
	opt = opt.withDefaults()
	a := &Analyzer{opt: opt, ttAuto: auto && opt.TTBits < autoTTBits}
	a.tt = make([]ttEntry, 1<<opt.TTBits)
	a.ttMask = uint64(len(a.tt) - 1)
	return a
}

// SetOptions changes the options of later queries (TTBits is ignored).
func (a *Analyzer) SetOptions(opt Options) {
	bits := a.opt.TTBits
	a.opt = opt.withDefaults()
	a.opt.TTBits = bits
}

var pool = sync.Pool{New: func() any { return NewAnalyzer(Options{}) }}

// Analyze reports whether winner can still checkmate the other side in p by
// some sequence of legal moves (FIDE 5.2.2, 6.9, 5.1.2). It borrows an
// Analyzer from a pool; bulk callers should keep their own (NewAnalyzer).
// p is not modified.
func Analyze(p *chess.Position, winner chess.Color, opt Options) Result {
	a := pool.Get().(*Analyzer)
	a.SetOptions(opt)
	r := a.Analyze(p, winner)
	pool.Put(a)
	return r
}

// Dead reports whether p is a dead position (5.2.2): neither side can mate.
// determined is false when a side's answer is Undetermined (or p is
// invalid) and the other side's is not Winnable. white and black are the
// two one-sided answers.
func Dead(p *chess.Position, opt Options) (dead, determined bool, white, black Result) {
	a := pool.Get().(*Analyzer)
	a.SetOptions(opt)
	dead, determined, white, black = a.Dead(p)
	pool.Put(a)
	return
}

// Dead is the method form of the package function Dead.
func (a *Analyzer) Dead(p *chess.Position) (dead, determined bool, white, black Result) {
	white = a.Analyze(p, chess.White)
	black = a.Analyze(p, chess.Black)
	switch {
	case white.Verdict == Unwinnable && black.Verdict == Unwinnable:
		return true, true, white, black
	case white.Verdict == Winnable || black.Verdict == Winnable:
		return false, true, white, black
	}
	return false, false, white, black
}

// Analyze reports whether winner can still checkmate the other side in p.
// See the package documentation for the method and its guarantees.
func (a *Analyzer) Analyze(p *chess.Position, winner chess.Color) Result {
	a.w, a.l = winner, winner.Other()
	a.wKey = 0
	if winner == chess.Black {
		a.wKey = 0x9E3779B97F4A7C15
	}
	a.nodes = 0
	a.nextIteration()
	a.qgen = a.igen
	// Use only as much of the transposition table as the budget can fill
	// (four slots per node): a small query then touches a few hundred
	// kilobytes that stay in the cache instead of the whole table. Entries
	// carry their full key, so the size may change from query to query.
	// An Analyzer with the default table size grows its table for a
	// budget above the default one that could fill more than it has.
	if a.ttAuto && a.opt.NodeBudget > defaultBudget && uint64(a.opt.NodeBudget)*4 > uint64(len(a.tt)) {
		n := len(a.tt)
		for n < a.opt.NodeBudget*4 && n < 1<<autoTTBits {
			n <<= 1
		}
		if n > len(a.tt) {
			a.tt = make([]ttEntry, n) // generation 0: older than any query
		}
		a.ttAuto = n < 1<<autoTTBits
	}
	size := uint64(1024)
	for size < uint64(a.opt.NodeBudget)*4 && size < uint64(len(a.tt)) {
		size <<= 1
	}
	a.ttMask = size - 1

	if !validPosition(p) {
		return Result{Method: MethodInvalid, Invalid: true}
	}

	// Step 2: follow forced moves.
	root := *p
	var prefix [maxForced]chess.Move
	nPrefix := 0
	var ml chess.MoveList
	for {
		if legalKingSteps(&root).More() {
			// Two king steps or more: neither forced nor terminal. The
			// moves are generated when the split needs them.
			ml.N = -1
			break
		}
		root.LegalMoves(&ml)
		if ml.N != 1 {
			break
		}
		a.forced[nPrefix] = root.Hash()
		for i := 0; i < nPrefix; i++ {
			if a.forced[i] == a.forced[nPrefix] {
				// A forced cycle: play can only go round it, no mate on the way.
				return Result{Verdict: Unwinnable, Method: MethodForced, Nodes: a.nodes}
			}
		}
		if nPrefix == maxForced {
			break
		}
		prefix[nPrefix] = ml.Moves[0]
		nPrefix++
		root.Play(ml.Moves[0])
		a.nodes++
	}
	forcedMethod := func(m string) string {
		if nPrefix > 0 && (m == MethodTerminal || m == MethodMaterial) {
			return MethodForced
		}
		return m
	}

	// Step 3: terminal positions.
	if ml.N == 0 {
		if root.SideToMove() == a.l && root.InCheck() {
			return a.winnable(p, prefix[:nPrefix], nil, forcedMethod(MethodTerminal))
		}
		return Result{Verdict: Unwinnable, Method: forcedMethod(MethodTerminal), Nodes: a.nodes}
	}

	// Step 4: material.
	if cannotMate(&root, a.w, a.l) {
		return Result{Verdict: Unwinnable, Method: forcedMethod(MethodMaterial), Nodes: a.nodes}
	}

	budget := a.opt.NodeBudget
	diveStop := a.nodes + min(budget/2, diveNodes)

	// Step 5a: against a lone king (or king and pawns), the direct
	// construction of a mate (lone.go), which settles most of those
	// positions in a few microseconds; it only finds mates, so it goes
	// before the proofs.
	a.limit = diveStop
	// Step 5a': a bare king against a queen or rook, the commonest final
	// position, first by the cheapest construction (bare.go). It gives
	// back the nodes it spent when it fails, so that the pipeline below
	// runs as without it.
	if n := a.nodes; a.bareKing(&root) {
		return a.winnable(p, prefix[:nPrefix], a.mateLine[:a.mateLen], MethodLone)
	} else {
		a.nodes = n
	}
	if a.loneKing(&root) {
		return a.winnable(p, prefix[:nPrefix], a.mateLine[:a.mateLen], MethodLone)
	}

	// Step 7 (run before steps 5 and 6: it costs about a microsecond, the
	// dives and the small search dozens to thousands of nodes): semi-static
	// analysis.
	if a.ss.unwinnable(&root, a.w) {
		return Result{Verdict: Unwinnable, Method: MethodSemistatic, Nodes: a.nodes}
	}

	a.h.init(&root, a.w)

	// Step 5: the greedy constructive lines (dive.go): most winnable
	// positions end here after a few dozen nodes. Every variant is tried
	// up to an eighth of the budget before the small search. With a lone
	// minor piece, the blocker construction (step 5c, corner.go) runs
	// after the first, short variants, before the others.
	diveEnd := a.nodes + min(budget/8, diveNodes)
	minor := loneMinor(&root, a.w)
	upTo := diveTries
	if minor {
		upTo = firstDives
	}
	found, next := a.dives(&root, 0, upTo, diveEnd, false)
	if found {
		return a.winnable(p, prefix[:nPrefix], a.mateLine[:a.mateLen], MethodDive)
	}
	if minor {
		if a.cornerDives(&root, a.nodes+min(budget/8, cornerNodes)) {
			return a.winnable(p, prefix[:nPrefix], a.mateLine[:a.mateLen], MethodCorner)
		}
		if next == upTo {
			if found, next = a.dives(&root, upTo, diveTries, diveEnd, false); found {
				return a.winnable(p, prefix[:nPrefix], a.mateLine[:a.mateLen], MethodDive)
			}
		}
	}

	// Step 6: small exhaustive search, then the other dives, with more
	// noise and longer lines.
	small := min(a.opt.SmallSearchNodes, budget/5)
	a.limit = a.nodes + small
	a.frames[0].pos = root
	found, _ = a.search(&a.frames[0].pos, 2, 0, false)
	if found {
		return a.winnable(p, prefix[:nPrefix], a.mateLine[:a.mateLen], MethodSearch)
	}
	if !a.cut {
		return Result{Verdict: Unwinnable, Method: MethodSearch, Nodes: a.nodes}
	}

	diveStop = max(diveStop, a.nodes+min(budget-a.nodes, diveNodes)/2)
	// The variants not yet tried, then the first ones again at full length.
	if found, _ = a.dives(&root, next, diveTries, diveStop, false); found {
		return a.winnable(p, prefix[:nPrefix], a.mateLine[:a.mateLen], MethodDive)
	}
	if found, _ = a.dives(&root, 0, min(next, firstDives), diveStop, true); found {
		return a.winnable(p, prefix[:nPrefix], a.mateLine[:a.mateLen], MethodDive)
	}

	// Step 8: one-ply split. Children proven unwinnable are stored in the
	// transposition table as finished, so the search below skips them.
	if ml.N < 0 {
		root.LegalMoves(&ml)
	}
	if a.split(&root, &ml) {
		return Result{Verdict: Unwinnable, Method: MethodSplit, Nodes: a.nodes}
	}

	// Step 9: iterative-deepening helpmate search, first up to a share of
	// the budget; then the closure search (a complete enumeration, when
	// small enough); then the helpmate search again up to deepShare of the
	// budget, and once more from the depth it reached with what is left.
	depth := 3
	for phase := 0; phase < 3; phase++ {
		stop := budget
		switch phase {
		case 0:
			stop = min(budget, a.nodes+max(budget/10, a.opt.SmallSearchNodes))
		case 1:
			stop = max(a.nodes, budget/100*deepShare)
		case 2:
			// Resume the depth reached, now from the root moves that its
			// interrupted iteration never entered: the entries of that
			// iteration make the search skip the subtrees it entered (see
			// search), and the root's own entry is dropped so that the
			// root is expanded again. An iteration that runs out of nodes
			// tends to spend them all under its first root moves; this
			// gives the others their turn before going deeper.
			a.dropEntry(root.Hash())
		}
		for ; depth <= 1000 && a.nodes < stop; depth++ {
			a.nextIteration()
			a.limit = min(stop, a.nodes+10_000*depth)
			a.frames[0].pos = root
			found, _ := a.search(&a.frames[0].pos, depth, 0, false)
			if found {
				return a.winnable(p, prefix[:nPrefix], a.mateLine[:a.mateLen], MethodHelpmate)
			}
			if !a.cut {
				return Result{Verdict: Unwinnable, Method: MethodHelpmate, Nodes: a.nodes}
			}
			if a.abort && a.nodes >= stop {
				break // resume this depth in the next phase
			}
		}
		if phase == 0 {
			limit := min(max(a.opt.ClosureNodes, budget/8), budget-a.nodes)
			switch a.closure(&root, limit, a.opt.ClosureNodes) {
			case Winnable:
				return a.winnable(p, prefix[:nPrefix], a.mateLine[:a.mateLen], MethodClosure)
			case Unwinnable:
				return Result{Verdict: Unwinnable, Method: MethodClosure, Nodes: a.nodes}
			}
		}
	}
	return Result{Verdict: Undetermined, Method: MethodBudget, Nodes: a.nodes}
}

// legalKingSteps returns the legal steps of the king of the side to move in p:
// to squares without a man of its own that the other side does not attack
// (through the king's square, so that no slider attacks past it).
func legalKingSteps(p *chess.Position) chess.Bitboard {
	s := p.SideToMove()
	k := p.KingSquare(s)
	return chess.KingAttacks(k) &^ p.ByColor(s) &^ attacksOf(p, s.Other(), p.Occupied()&^k.Bitboard())
}

// split plays every legal move of root (listed in ml), follows forced moves
// and tries the cheap proofs on the result. It reports whether every child
// is proven unwinnable; proven children are recorded in the transposition
// table so that the search does not enter them again.
func (a *Analyzer) split(root *chess.Position, ml *chess.MoveList) bool {
	all := true
	var cml chess.MoveList
	for i := 0; i < ml.N; i++ {
		child := *root
		child.Play(ml.Moves[i])
		a.nodes++
		if a.provenChild(&child, &cml) {
			a.storeProven(child.Hash())
		} else {
			all = false
		}
	}
	return all
}

// provenChild follows the forced moves from c and reports whether the
// result is proven unwinnable for the winner by the static tests.
func (a *Analyzer) provenChild(c *chess.Position, ml *chess.MoveList) bool {
	p := *c
	n := 0
	for {
		p.LegalMoves(ml)
		if ml.N != 1 {
			break
		}
		a.forced[n] = p.Hash()
		for i := 0; i < n; i++ {
			if a.forced[i] == a.forced[n] {
				return true
			}
		}
		if n == maxForced {
			return false
		}
		n++
		p.Play(ml.Moves[0])
		a.nodes++
	}
	if ml.N == 0 {
		return !(p.SideToMove() == a.l && p.InCheck())
	}
	if cannotMate(&p, a.w, a.l) {
		return true
	}
	return a.ss.unwinnable(&p, a.w)
}

// winnable builds a Winnable result from the forced prefix and the line found
// by the search, both played from p.
func (a *Analyzer) winnable(p *chess.Position, prefix, line []chess.Move, method string) Result {
	w := make([]chess.Move, 0, len(prefix)+len(line))
	w = append(w, prefix...)
	w = append(w, line...)
	r := Result{Verdict: Winnable, Witness: w, Nodes: a.nodes, Method: method}
	if !a.opt.NoSAN {
		r.WitnessSAN = FormatLine(p, w)
	}
	return r
}
