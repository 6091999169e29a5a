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
	// at most half full) of the named positions' keys; idx[i] is the
	// entry of slots[i], -1 for an empty slot.
	slots []uint64
	idx   []int16
	mask  uint64
	// reach[pawns] has bit c set when some named position can still be
	// reached from a position whose unmoved pawns are pawns (see state)
	// and whose castling rights are c: its unmoved pawns and its rights
	// are subsets of these.
	reach []uint16
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
	states := []uint32{}
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
		states = append(states, stateOf(&p))
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

// index fills the key table.
func (b *Book) index(keys []uint64) {
	n := 1 << bits.Len(uint(2*len(keys)))
	b.slots = make([]uint64, n)
	b.idx = make([]int16, n)
	for i := range b.idx {
		b.idx[i] = -1
	}
	b.mask = uint64(n - 1)
	for i, k := range keys {
		s := k & b.mask
		for b.idx[s] >= 0 && b.slots[s] != k {
			s = (s + 1) & b.mask
		}
		if b.idx[s] >= 0 {
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
	for s := key & b.mask; ; s = (s + 1) & b.mask {
		i := b.idx[s]
		if i < 0 || b.slots[s] == key {
			return int(i)
		}
	}
}

// A state is what of a position can never come back once lost: the pawns
// on their start squares (bits 0-7: White's a2-h2, bits 8-15: Black's
// a7-h7) and the castling rights (bits 16-19, in the order of
// chess.Position.CastlingRights). A position can reach another only if
// the other's state is a subset of its own (pawns move forward only, and
// a right lost is lost for good).
const (
	rank2 = chess.Bitboard(0xFF) << 8
	rank7 = chess.Bitboard(0xFF) << 48
)

func stateOf(p *chess.Position) uint32 {
	w := p.Pieces(chess.White, chess.Pawn) & rank2
	bl := p.Pieces(chess.Black, chess.Pawn) & rank7
	return uint32(w>>8) | uint32(bl>>48)<<8 | uint32(p.CastlingRights()&15)<<16
}

// reachable fills reach from the states of the named positions: for each
// pawn set, the castling states from which some named position is still
// reachable.
func (b *Book) reachable(states []uint32) {
	// exact[p] has bit c set when a named position has pawns p and
	// castling rights c; then every superset of p and of c can reach it.
	reach := make([]uint16, 1<<16)
	for _, s := range states {
		reach[s&0xFFFF] |= 1 << (s >> 16)
	}
	// Close over supersets of the castling rights...
	for p := range reach {
		r := reach[p]
		for c := range 16 {
			if r&(1<<c) == 0 {
				continue
			}
			for sup := range 16 {
				if sup&c == c {
					reach[p] |= 1 << sup
				}
			}
		}
	}
	// ... and of the pawns (sum over subsets, one bit at a time).
	for bit := range 16 {
		for p := range reach {
			if p&(1<<bit) != 0 {
				reach[p] |= reach[p&^(1<<bit)]
			}
		}
	}
	b.reach = reach
}

// alive reports whether a position with state s can still reach a named
// position.
func (b *Book) alive(s uint32) bool { return b.reach[s&0xFFFF]&(1<<(s>>16)) != 0 }

// Walk follows one game from the standard start position and keeps the
// last named position it met. The zero Walk is not usable: call Start.
type Walk struct {
	b *Book
	// untouched holds the start squares of the pawns, kings and rooks
	// that no move has left or reached yet: a pawn there never moved,
	// and a king and rook there keep their castling right.
	untouched chess.Bitboard
	state     uint32
	entry     int
	ply       int
	done      bool
}

// tracked are the squares Walk watches.
const tracked = rank2 | rank7 | 1<<chess.A1 | 1<<chess.E1 | 1<<chess.H1 | 1<<chess.A8 | 1<<chess.E8 | 1<<chess.H8

var startState = func() uint32 { p := chess.StartPosition(); return stateOf(&p) }()

// Start starts a walk at the standard start position, whose key is
// startKey (named only if the list names it).
func (b *Book) Start(startKey uint64) Walk {
	w := Walk{b: b, untouched: tracked, state: startState, entry: -1, ply: -1}
	if i := b.find(startKey); i >= 0 {
		w.entry, w.ply = i, 0
	}
	return w
}

// Next follows move m, the game's ply-th, to the position with FIDE key
// key. It reports false once no later position can be named: the walk is
// then over, and Next need not be called again (it does nothing).
func (w *Walk) Next(m chess.Move, key uint64, ply int) bool {
	if w.done {
		return false
	}
	if m != chess.NullMove {
		if touched := (chess.Bitboard(1)<<m.From() | chess.Bitboard(1)<<m.To()) & w.untouched; touched != 0 {
			w.untouched &^= touched
			w.state = stateFromSquares(w.untouched)
			if !w.b.alive(w.state) {
				w.done = true
				return false
			}
		}
	}
	if i := w.b.find(key); i >= 0 {
		w.entry, w.ply = i, ply
	}
	return true
}

// stateFromSquares is the state of a game from the standard start whose
// untouched tracked squares are u.
func stateFromSquares(u chess.Bitboard) uint32 {
	s := uint32(u>>8&0xFF) | uint32(u>>48&0xFF)<<8
	const e1, e8 = 1 << chess.E1, 1 << chess.E8
	if u&(e1|1<<chess.H1) == e1|1<<chess.H1 {
		s |= 1 << 16
	}
	if u&(e1|1<<chess.A1) == e1|1<<chess.A1 {
		s |= 1 << 17
	}
	if u&(e8|1<<chess.H8) == e8|1<<chess.H8 {
		s |= 1 << 18
	}
	if u&(e8|1<<chess.A8) == e8|1<<chess.A8 {
		s |= 1 << 19
	}
	return s
}

// Result returns the last named position met and its ply; ok is false
// when none was.
func (w *Walk) Result() (e *Entry, ply int, ok bool) {
	if w.entry < 0 {
		return nil, -1, false
	}
	return &w.b.entries[w.entry], w.ply, true
}
