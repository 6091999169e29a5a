package chess

// Rook attacks by "kindergarten" lookups: a rook's rank and file are looked
// up separately in two small tables (4.5 KB together), indexed by the
// occupancy of the line's six inner squares. A magic table for rooks would
// take 800 KB, more than a core's L2 cache here (512 KB), and replaying
// games reads it at random squares: its misses cost more than this
// arithmetic (measured on the replay of real games).
// Bishops keep their magics (41 KB).

const (
	fileA      = Bitboard(0x0101010101010101)
	fileMagicC = 0x0080402010080400 // gathers a2..a7 into the top six bits
)

var (
	// rankAttacks8[f][o]: the squares a rook on file f of a rank attacks
	// along it, when o holds the occupancy of files b..g (bit 0 = b).
	rankAttacks8 = rankAttackTable()
	// fileAttacksA[r][i]: the squares a rook on rank r of the a-file attacks
	// along it, for the occupancy whose index is i (fileIndex).
	fileAttacksA = fileAttackTable()
)

// fileIndex maps the occupancy of the a-file's inner squares (a2..a7) to 0..63.
func fileIndex(aFileOcc Bitboard) uint64 { return (uint64(aFileOcc) * fileMagicC) >> 58 }

func rankAttackTable() (t [8][64]uint8) {
	for f := range 8 {
		for o := range 64 {
			occ := Bitboard(o) << 1
			t[f][o] = uint8(slowSliderAttacks(NewSquare(f, 0), occ, &rookDirs) & 0xFF)
		}
	}
	return t
}

func fileAttackTable() (t [8][64]Bitboard) {
	var seen [8][64]bool
	for r := range 8 {
		for o := range 64 {
			var occ Bitboard
			for i := range 6 {
				if o&(1<<i) != 0 {
					occ |= NewSquare(0, i+1).Bitboard()
				}
			}
			idx := fileIndex(occ)
			if seen[r][idx] {
				panic("chess: file index not one to one")
			}
			seen[r][idx] = true
			t[r][idx] = slowSliderAttacks(NewSquare(0, r), occ, &rookDirs) & fileA
		}
	}
	return t
}

// RookAttacks returns the squares a rook on s attacks when the board
// occupancy is occ (the first blocker on each ray is included).
func RookAttacks(s Square, occ Bitboard) Bitboard {
	f, r8 := uint(s&7), uint(s&56)
	rank := Bitboard(rankAttacks8[f][(occ>>(r8+1))&63]) << r8
	file := fileAttacksA[r8>>3][fileIndex((occ>>f)&fileA)] << f
	return rank | file
}
