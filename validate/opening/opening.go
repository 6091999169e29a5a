package opening

import (
	"bufio"
	"embed"
	"fmt"
	"io"
	"math/bits"
	"strings"
	"sync"

	"github.com/arbiter-chess/arbiter/chess"
)

//go:embed data/*.tsv
var data embed.FS

// Entry is one named line of the list.
type Entry struct {
	ECO  string // "C42"
	Name string // "Petrov's Defense"
	Line string // the moves as listed ("1. e4 e5 2. Nf3 Nf6")
	Ply  int    // the plies of Line: the named position's ply on that line
}

// Book holds named positions by their FIDE position key. It is read-only
// once built and safe for concurrent use.
type Book struct {
	entries []Entry
	// slots is an open-addressing table (linear probing, a power of two
	// at most half full) of the named positions' keys, 0 for an empty
	// slot (a named position whose key is 0 is zeroKey); idx[i] is the
	// entry of slots[i].
	slots   []uint64
	idx     []int16
	mask    uint64
	zeroKey int
	// filter has bit k%32768 set for the key k of every named position:
	// a Walk looks at these 4 KiB, which a game's walk keeps in the
	// cache, on every ply, and at the table only for the last plies
	// the filter passes (see Walk.Result).
	filter [512]uint64
	// reach has bit p set when some named position can still be reached
	// from a position whose unmoved pawns are p (see unmovedPawns): its
	// unmoved pawns are a subset of p. (The castling rights would stop
	// the walks a little earlier, for a table sixteen times as large,
	// which a game's walk would mostly miss in the cache.)
	reach [1 << 16 / 64]uint64
	// Positions that share a key: the first line listed names it (see
	// New); Duplicates counts the later ones, for the tests.
	Duplicates []Duplicate
}

// Duplicate is a line of the list whose final position an earlier line
// already names (a transposition within the list).
type Duplicate struct {
	Entry, Earlier int
}

// Entries returns the named lines, in the order of the list.
func (b *Book) Entries() []Entry { return b.entries }

var lichess = sync.OnceValue(func() *Book {
	var files []io.Reader
	for _, n := range []string{"a", "b", "c", "d", "e"} {
		f, err := data.Open("data/" + n + ".tsv")
		if err != nil {
			panic(fmt.Sprintf("opening: embedded list: %v", err))
		}
		files = append(files, f)
	}
	b, err := New(io.MultiReader(files...))
	if err != nil {
		panic(fmt.Sprintf("opening: embedded list: %v", err))
	}
	return b
})

// Lichess returns the book of Lichess's opening list (3,807 lines at
// commit 51b8862 of lichess-org/chess-openings), built on first use.
func Lichess() *Book { return lichess() }

// New reads a list in the TSV form of lichess-org/chess-openings (columns
// eco, name, pgn; a header line "eco\tname\tpgn" may start each file) and
// returns its book. When two lines reach the same position, the first one
// listed names it.
func New(r io.Reader) (*Book, error) {
	b := &Book{}
	keys := []uint64{}
	states := []uint16{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimRight(sc.Text(), "\r")
		if text == "" || strings.HasPrefix(text, "eco\t") {
			continue
		}
		f := strings.Split(text, "\t")
		if len(f) < 3 {
			return nil, fmt.Errorf("opening: line %d: want 3 tab-separated columns, got %d", line, len(f))
		}
		p, ply, err := play(f[2])
		if err != nil {
			return nil, fmt.Errorf("opening: line %d (%s %s): %w", line, f[0], f[1], err)
		}
		b.entries = append(b.entries, Entry{ECO: f[0], Name: f[1], Line: f[2], Ply: ply})
		keys = append(keys, p.Hash())
		states = append(states, unmovedPawns(&p))
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("opening: %w", err)
	}
	if len(b.entries) >= 1<<15 {
		return nil, fmt.Errorf("opening: %d lines: at most %d", len(b.entries), 1<<15-1)
	}
	b.index(keys)
	b.reachable(states)
	return b, nil
}

// play plays a line of moves ("1. e4 e5 2. Nf3") from the start position.
func play(line string) (chess.Position, int, error) {
	p := chess.StartPosition()
	ply := 0
	for _, tok := range strings.Fields(line) {
		if strings.HasSuffix(tok, ".") { // a move number
			continue
		}
		pm := p.ParseMove([]byte(tok), chess.English)
		if pm.Status != chess.MoveOK {
			return p, ply, fmt.Errorf("move %q: %v", tok, pm.Status)
		}
		p.Play(pm.Move)
		ply++
	}
	if ply == 0 {
		return p, 0, fmt.Errorf("no moves")
	}
	return p, ply, nil
}

// index fills the key table and the filter.
func (b *Book) index(keys []uint64) {
	n := 1 << bits.Len(uint(2*len(keys)))
	b.slots = make([]uint64, n)
	b.idx = make([]int16, n)
	b.mask = uint64(n - 1)
	b.zeroKey = -1
	for i, k := range keys {
		b.filter[k>>6%uint64(len(b.filter))] |= 1 << (k & 63)
		if k == 0 {
			if b.zeroKey >= 0 {
				b.Duplicates = append(b.Duplicates, Duplicate{Entry: i, Earlier: b.zeroKey})
			} else {
				b.zeroKey = i
			}
			continue
		}
		s := k & b.mask
		for b.slots[s] != 0 && b.slots[s] != k {
			s = (s + 1) & b.mask
		}
		if b.slots[s] != 0 {
			b.Duplicates = append(b.Duplicates, Duplicate{Entry: i, Earlier: int(b.idx[s])})
			continue
		}
		b.slots[s], b.idx[s] = k, int16(i)
	}
}

// Lookup returns the entry naming the position with FIDE key key.
func (b *Book) Lookup(key uint64) (*Entry, bool) {
	if i := b.find(key); i >= 0 {
		return &b.entries[i], true
	}
	return nil, false
}

// find returns the index of the entry with key key, or -1.
func (b *Book) find(key uint64) int {
	if !b.maybe(key) {
		return -1
	}
	if key == 0 {
		return b.zeroKey
	}
	for s := key & b.mask; ; s = (s + 1) & b.mask {
		switch b.slots[s] {
		case key:
			return int(b.idx[s])
		case 0:
			return -1
		}
	}
}

// maybe reports whether key may be a named position's (the filter).
func (b *Book) maybe(key uint64) bool {
	return b.filter[key>>6%uint64(len(b.filter))]&(1<<(key&63)) != 0
}

// unmovedPawns returns the pawns of p on their start squares (bits 0-7:
// White's a2-h2, bits 8-15: Black's a7-h7). A position can reach another
// only if the other's unmoved pawns are a subset of its own: pawns move
// forward only and never come back to rank 2 or 7.
func unmovedPawns(p *chess.Position) uint16 {
	const rank2, rank7 = chess.Bitboard(0xFF) << 8, chess.Bitboard(0xFF) << 48
	w := p.Pieces(chess.White, chess.Pawn) & rank2
	bl := p.Pieces(chess.Black, chess.Pawn) & rank7
	return uint16(w>>8) | uint16(bl>>48)<<8
}

// reachable fills reach from the states of the named positions.
func (b *Book) reachable(states []uint16) {
	// exact[p]: a named position has unmoved pawns p; then every
	// superset of p can reach it (sum over subsets, one bit at a time).
	exact := make([]bool, 1<<16)
	for _, s := range states {
		exact[s] = true
	}
	for bit := range 16 {
		for p := range exact {
			if p&(1<<bit) != 0 && exact[p&^(1<<bit)] {
				exact[p] = true
			}
		}
	}
	for p, ok := range exact {
		if ok {
			b.reach[p/64] |= 1 << (p % 64)
		}
	}
}

// alive reports whether a position whose unmoved pawns are p can still
// reach a named position.
func (b *Book) alive(p uint16) bool { return b.reach[p/64]&(1<<(p%64)) != 0 }

// Walk follows one game from the standard start position and keeps the
// last named position it met. The zero Walk is not usable: call Start.
type Walk struct {
	b *Book
	// pawns holds the pawns still on their start squares (bits 0-7:
	// White's a2-h2, 8-15: Black's a7-h7): a move from or to such a
	// square moves or takes that pawn.
	pawns uint16
	done  bool
	// cand holds the last plies whose key passed the filter (ring, n in
	// all), confirmed by the table only in Result; entry and ply are the
	// latest confirmed one among those that left the ring.
	cand  [8]candidate
	n     int
	entry int
	ply   int
}

type candidate struct {
	key uint64
	ply int
}

// Start starts a walk at the standard start position, whose key is
// startKey (named only if the list names it).
func (b *Book) Start(startKey uint64) Walk {
	w := Walk{b: b, pawns: 0xFFFF, entry: -1, ply: -1}
	if b.maybe(startKey) {
		w.cand[0], w.n = candidate{startKey, 0}, 1
	}
	return w
}

// squareBit maps a square to its bit in Walk.pawns (0 for other squares).
var squareBit = func() (t [64]uint16) {
	for f := range 8 {
		t[8+f] = 1 << f
		t[48+f] = 1 << (8 + f)
	}
	return t
}()

// Next follows move m, the game's ply-th, to the position with FIDE key
// key. It reports false once no later position can be named: the walk is
// then over, and Next need not be called again (it does nothing).
func (w *Walk) Next(m chess.Move, key uint64, ply int) bool {
	if w.done {
		return false
	}
	if t := squareBit[m.From()] | squareBit[m.To()]; t&w.pawns != 0 {
		w.pawns &^= t
		if !w.b.alive(w.pawns) {
			w.done = true
			return false
		}
	}
	if w.b.maybe(key) {
		if w.n >= len(w.cand) { // confirm the oldest before it leaves
			old := w.cand[w.n%len(w.cand)]
			if i := w.b.find(old.key); i >= 0 {
				w.entry, w.ply = i, old.ply
			}
		}
		w.cand[w.n%len(w.cand)] = candidate{key, ply}
		w.n++
	}
	return true
}

// Result returns the last named position met and its ply; ok is false
// when none was.
func (w *Walk) Result() (e *Entry, ply int, ok bool) {
	for k := w.n - 1; k >= max(w.n-len(w.cand), 0); k-- {
		c := w.cand[k%len(w.cand)]
		if i := w.b.find(c.key); i >= 0 {
			return &w.b.entries[i], c.ply, true
		}
	}
	if w.entry < 0 {
		return nil, -1, false
	}
	return &w.b.entries[w.entry], w.ply, true
}
