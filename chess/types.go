package chess

import "math/bits"

// Color is the side of a piece or the side to move.
type Color uint8

// The two colours.
const (
	White Color = iota
	Black
)

// Other returns the opposite colour.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// PieceType is a kind of piece without its colour.
type PieceType uint8

// The piece types. NoPieceType is the zero value.
const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// Letter returns the English upper-case letter of t ('P' for pawns, 0 for none).
func (t PieceType) Letter() byte { return " PNBRQK"[t] }

// String returns the English name of t ("pawn", "knight", ...).
func (t PieceType) String() string {
	return [...]string{"none", "pawn", "knight", "bishop", "rook", "queen", "king"}[t]
}

// Piece is a coloured piece: colour<<3 | type. NoPiece (0) is an empty square.
type Piece uint8

// NoPiece marks an empty square.
const NoPiece Piece = 0

// MakePiece returns the piece of type t and colour c.
func MakePiece(c Color, t PieceType) Piece { return Piece(c)<<3 | Piece(t) }

// Color returns the colour of p (White for NoPiece).
func (p Piece) Color() Color { return Color(p >> 3) }

// Type returns the type of p.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// FENLetter returns the FEN letter of p: upper case for White, lower case for Black.
func (p Piece) FENLetter() byte {
	if p == NoPiece {
		return '.'
	}
	l := p.Type().Letter()
	if p.Color() == Black {
		l += 'a' - 'A'
	}
	return l
}

// Square is a board square, 0 = a1, 1 = b1, ..., 63 = h8.
type Square int8

// NoSquare is the absence of a square (for example no en passant square).
const NoSquare Square = -1

// The squares by name.
const (
	A1 Square = iota
	B1
	C1
	D1
	E1
	F1
	G1
	H1
	A2
	B2
	C2
	D2
	E2
	F2
	G2
	H2
	A3
	B3
	C3
	D3
	E3
	F3
	G3
	H3
	A4
	B4
	C4
	D4
	E4
	F4
	G4
	H4
	A5
	B5
	C5
	D5
	E5
	F5
	G5
	H5
	A6
	B6
	C6
	D6
	E6
	F6
	G6
	H6
	A7
	B7
	C7
	D7
	E7
	F7
	G7
	H7
	A8
	B8
	C8
	D8
	E8
	F8
	G8
	H8
)

// NewSquare returns the square on file f (0 = a) and rank r (0 = the first rank).
func NewSquare(file, rank int) Square { return Square(rank*8 + file) }

// File returns 0 for the a-file ... 7 for the h-file.
func (s Square) File() int { return int(s) & 7 }

// Rank returns 0 for the first rank ... 7 for the eighth.
func (s Square) Rank() int { return int(s) >> 3 }

// String returns the algebraic name, such as "e4", or "-" for NoSquare.
func (s Square) String() string {
	if s < 0 || s > 63 {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// Bitboard returns the set holding only s.
func (s Square) Bitboard() Bitboard { return Bitboard(1) << uint(s) }

// ParseSquare reads a square name such as "e4". It returns NoSquare and false
// when s is not a square name.
func ParseSquare(s string) (Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, false
	}
	return NewSquare(int(s[0]-'a'), int(s[1]-'1')), true
}

// Bitboard is a set of squares, bit i set when square i is in the set.
type Bitboard uint64

// Count returns the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// First returns the lowest square of b; b must not be empty.
func (b Bitboard) First() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// PopFirst removes the lowest square of *b and returns it; *b must not be empty.
func (b *Bitboard) PopFirst() Square {
	s := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return s
}

// Has reports whether s is in b.
func (b Bitboard) Has(s Square) bool { return b&(Bitboard(1)<<uint(s)) != 0 }

// Move is a move packed into 16 bits:
//
//	bits 0-5   from square
//	bits 6-11  to square (for castling: the square of the castling rook, as in Chess960 UCI)
//	bits 12-13 promotion piece (0 knight, 1 bishop, 2 rook, 3 queen), meaningful only with FlagPromotion
//	bits 14-15 kind: FlagNormal, FlagPromotion, FlagEnPassant, FlagCastle
//
// The zero Move is NullMove. A Move means something only together with the
// position it is played in.
type Move uint16

// NullMove is the zero Move ("--" in PGN): no piece moves.
const NullMove Move = 0

// Move kinds, in bits 14-15.
const (
	FlagNormal    Move = 0 << 14
	FlagPromotion Move = 1 << 14
	FlagEnPassant Move = 2 << 14
	FlagCastle    Move = 3 << 14
)

// NewMove returns a normal move (or a double pawn step, or a capture) from -> to.
func NewMove(from, to Square) Move { return Move(from) | Move(to)<<6 }

// NewPromotion returns a pawn move from -> to promoting to pt (Knight..Queen).
func NewPromotion(from, to Square, pt PieceType) Move {
	return Move(from) | Move(to)<<6 | Move(pt-Knight)<<12 | FlagPromotion
}

// NewEnPassant returns an en passant capture from -> to (to is the empty square the pawn lands on).
func NewEnPassant(from, to Square) Move { return Move(from) | Move(to)<<6 | FlagEnPassant }

// NewCastle returns castling of the king on kingFrom with the rook on rookFrom.
func NewCastle(kingFrom, rookFrom Square) Move {
	return Move(kingFrom) | Move(rookFrom)<<6 | FlagCastle
}

// From returns the square the moving piece (the king, for castling) leaves.
func (m Move) From() Square { return Square(m & 63) }

// To returns the destination square; for castling, the castling rook's square.
func (m Move) To() Square { return Square(m >> 6 & 63) }

// Kind returns one of FlagNormal, FlagPromotion, FlagEnPassant, FlagCastle.
func (m Move) Kind() Move { return m & (3 << 14) }

// Promotion returns the piece promoted to, or NoPieceType.
func (m Move) Promotion() PieceType {
	if m.Kind() != FlagPromotion {
		return NoPieceType
	}
	return Knight + PieceType(m>>12&3)
}

// IsCastle reports whether m is castling.
func (m Move) IsCastle() bool { return m.Kind() == FlagCastle }

// IsEnPassant reports whether m is an en passant capture.
func (m Move) IsEnPassant() bool { return m.Kind() == FlagEnPassant }

// IsPromotion reports whether m is a promotion.
func (m Move) IsPromotion() bool { return m.Kind() == FlagPromotion }

// MaxMoves is the capacity of a MoveList. No position reachable in a game
// has more than 218 legal moves, but ParseFEN accepts any material, and the
// generator must never overflow. A bound for any placement: a destination
// square can be reached by at most one piece per ray direction (8) plus 8
// knights, and only pawns (from at most 3 directions) multiply a move by 4
// promotions, so with N pieces of the side to move there are at most
// 16*(64-N) + 8*9 + 2 moves (the 2 for castling); each piece has at most 27
// moves, so also at most 27*N + 2. The smaller of the two never exceeds 682.
const MaxMoves = 768

// MoveList is a fixed-capacity list of moves, so that generating moves does
// not allocate. It holds every move of any position (see MaxMoves).
type MoveList struct {
	N     int
	Moves [MaxMoves]Move
}

// Add appends m.
func (l *MoveList) Add(m Move) { l.Moves[l.N] = m; l.N++ }

// Slice returns the moves as a slice aliasing the list.
func (l *MoveList) Slice() []Move { return l.Moves[:l.N] }
