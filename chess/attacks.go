package chess

// Attack tables. Leaper attacks are plain lookup tables. Bishop attacks use
// "fancy" magic bitboards: for every square the relevant occupancy (the
// squares the bishop's rays could be blocked on, edges excluded) is
// multiplied by a magic number and shifted, giving an index into a table
// shared by all squares (41 KB); the magic numbers are in magics_table.go.
// Rook attacks look up the rank and the file separately in two small tables
// (kindergarten.go). The tables are filled at start-up (well under a
// millisecond).

// The tables are package-level variables with initialisers (not filled by
// init functions), so that Go orders their initialisation before any other
// initialiser of the package that uses them, whichever file it is in.
var (
	knightAttacks = leaperTable([][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}})
	kingAttacks   = leaperTable([][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}})
	pawnAttacks   = [2][64]Bitboard{leaperTable([][2]int{{-1, 1}, {1, 1}}), leaperTable([][2]int{{-1, -1}, {1, -1}})}
	rookRays      = rayTable(&rookDirs)   // rook attacks on an empty board
	bishopRays    = rayTable(&bishopDirs) // bishop attacks on an empty board
	betweenBB     = lineTable(false)
	lineBB        = lineTable(true)

	// bishopTable is filled by the initialiser of bishopMagics, which
	// every lookup reads first.
	bishopTable  [bishopTableSize]Bitboard
	bishopMagics = initMagics(&bishopMagicNumbers, &bishopDirs, bishopTableSize)
)

const bishopTableSize = 5248 // sum over squares of 2^(relevant bishop bits)

type magicEntry struct {
	mask   Bitboard
	magic  uint64
	offset uint32
	shift  uint8
}

// KnightAttacks returns the squares a knight on s attacks.
func KnightAttacks(s Square) Bitboard { return knightAttacks[s&63] }

// KingAttacks returns the squares a king on s attacks.
func KingAttacks(s Square) Bitboard { return kingAttacks[s&63] }

// PawnAttacks returns the squares a pawn of colour c on s attacks (diagonally forward).
func PawnAttacks(c Color, s Square) Bitboard { return pawnAttacks[c&1][s&63] }

// BishopAttacks returns the squares a bishop on s attacks when the board
// occupancy is occ (the first blocker on each ray is included).
func BishopAttacks(s Square, occ Bitboard) Bitboard {
	m := &bishopMagics[s&63]
	return bishopTable[m.offset+uint32((uint64(occ&m.mask)*m.magic)>>(m.shift&63))]
}

// QueenAttacks returns the squares a queen on s attacks when the board occupancy is occ.
func QueenAttacks(s Square, occ Bitboard) Bitboard {
	return BishopAttacks(s, occ) | RookAttacks(s, occ)
}

// PieceAttacks returns the squares a piece of type t and colour c on s
// attacks when the board occupancy is occ (NoPieceType attacks nothing).
func PieceAttacks(c Color, t PieceType, s Square, occ Bitboard) Bitboard {
	switch t {
	case Pawn:
		return PawnAttacks(c, s)
	case Knight:
		return KnightAttacks(s)
	case Bishop:
		return BishopAttacks(s, occ)
	case Rook:
		return RookAttacks(s, occ)
	case Queen:
		return QueenAttacks(s, occ)
	case King:
		return KingAttacks(s)
	}
	return 0
}

var (
	rookDirs   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// slowSliderAttacks walks the rays from s in dirs, stopping at blockers.
func slowSliderAttacks(s Square, occ Bitboard, dirs *[4][2]int) Bitboard {
	var att Bitboard
	for _, d := range dirs {
		f, r := s.File()+d[0], s.Rank()+d[1]
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			t := NewSquare(f, r)
			att |= t.Bitboard()
			if occ.Has(t) {
				break
			}
			f, r = f+d[0], r+d[1]
		}
	}
	return att
}

// relevantMask returns the squares whose occupancy matters for a slider on
// s: its empty-board rays without the last square of each ray.
func relevantMask(s Square, dirs *[4][2]int) Bitboard {
	var m Bitboard
	for _, d := range dirs {
		f, r := s.File()+d[0], s.Rank()+d[1]
		for f+d[0] >= 0 && f+d[0] < 8 && r+d[1] >= 0 && r+d[1] < 8 {
			m |= NewSquare(f, r).Bitboard()
			f, r = f+d[0], r+d[1]
		}
	}
	return m
}

// subsets calls f with every subset of mask (Carry-Rippler enumeration).
func subsets(mask Bitboard, f func(Bitboard)) {
	var b Bitboard
	for {
		f(b)
		b = (b - mask) & mask
		if b == 0 {
			return
		}
	}
}

// initMagics fills bishopTable from the magic numbers of a slider that
// moves in dirs and returns its magic entries; size is the expected size
// of the table.
func initMagics(numbers *[64]uint64, dirs *[4][2]int, size uint32) (magics [64]magicEntry) {
	var offset uint32
	for s := A1; s <= H8; s++ {
		m := &magics[s]
		m.mask = relevantMask(s, dirs)
		m.magic = numbers[s]
		m.shift = uint8(64 - m.mask.Count())
		m.offset = offset
		subsets(m.mask, func(occ Bitboard) {
			att := slowSliderAttacks(s, occ, dirs)
			e := &bishopTable[offset+uint32((uint64(occ)*m.magic)>>m.shift)]
			if *e != 0 && *e != att {
				panic("chess: bad magic number")
			}
			*e = att
		})
		offset += 1 << (64 - m.shift)
	}
	if offset != size {
		panic("chess: slider table size")
	}
	return magics
}

// leaperTable returns, for every square, the squares at the given (file,
// rank) offsets that are on the board.
func leaperTable(deltas [][2]int) (t [64]Bitboard) {
	for s := A1; s <= H8; s++ {
		for _, d := range deltas {
			f, r := s.File()+d[0], s.Rank()+d[1]
			if f >= 0 && f < 8 && r >= 0 && r < 8 {
				t[s] |= NewSquare(f, r).Bitboard()
			}
		}
	}
	return t
}

// rayTable returns the empty-board attacks of a slider moving in dirs.
func rayTable(dirs *[4][2]int) (t [64]Bitboard) {
	for s := A1; s <= H8; s++ {
		t[s] = slowSliderAttacks(s, 0, dirs)
	}
	return t
}

// lineTable returns, for aligned squares a and b, the whole line through
// them (line) or the squares strictly between them (!line).
func lineTable(line bool) (t [64][64]Bitboard) {
	for a := A1; a <= H8; a++ {
		for _, dirs := range []*[4][2]int{&rookDirs, &bishopDirs} {
			empty := slowSliderAttacks(a, 0, dirs)
			for b := A1; b <= H8; b++ {
				if a == b || !empty.Has(b) {
					continue
				}
				if line {
					t[a][b] = (empty & slowSliderAttacks(b, 0, dirs)) | a.Bitboard() | b.Bitboard()
				} else {
					t[a][b] = slowSliderAttacks(a, b.Bitboard(), dirs) & slowSliderAttacks(b, a.Bitboard(), dirs)
				}
			}
		}
	}
	return t
}
