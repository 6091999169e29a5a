package chess

import "math/bits"

// Files and ranks as bitboards.
const (
	FileA Bitboard = 0x0101010101010101
	FileB Bitboard = FileA << 1
	FileG Bitboard = FileA << 6
	FileH Bitboard = FileA << 7
	Rank1 Bitboard = 0xFF
	Rank2 Bitboard = Rank1 << 8
	Rank3 Bitboard = Rank1 << 16
	Rank4 Bitboard = Rank1 << 24
	Rank5 Bitboard = Rank1 << 32
	Rank6 Bitboard = Rank1 << 40
	Rank7 Bitboard = Rank1 << 48
	Rank8 Bitboard = Rank1 << 56
)

// Light and dark squares (a1 is dark).
const (
	DarkSquares  Bitboard = 0xAA55AA55AA55AA55
	LightSquares Bitboard = ^DarkSquares
)

// FileBB returns the squares of file f (0 = a-file).
func FileBB(f int) Bitboard { return FileA << uint(f&7) }

// RankBB returns the squares of rank r (0 = first rank).
func RankBB(r int) Bitboard { return Rank1 << (8 * uint(r&7)) }

// Between returns the squares strictly between a and b when they share a
// rank, file or diagonal, and the empty set otherwise.
func Between(a, b Square) Bitboard { return betweenBB[a&63][b&63] }

// Line returns the whole line (rank, file or diagonal, edge to edge) through
// a and b, or the empty set when they are not aligned or equal.
func Line(a, b Square) Bitboard { return lineBB[a&63][b&63] }

// More reports whether b holds more than one square.
func (b Bitboard) More() bool { return b&(b-1) != 0 }

// Last returns the highest square of b; b must not be empty.
func (b Bitboard) Last() Square { return Square(63 - bits.LeadingZeros64(uint64(b))) }

// relativeRank returns rank r as seen from c's side (0 = own back rank).
func relativeRank(c Color, s Square) int { return s.Rank() ^ int(c)*7 }

// backRank returns the first rank of colour c.
func backRank(c Color) Bitboard {
	if c == White {
		return Rank1
	}
	return Rank8
}
