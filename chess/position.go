package chess

// Position is a chess position: piece placement, side to move, castling
// rights, en passant square, clocks, and its Zobrist hash. It is a plain
// value of 168 bytes with no pointers: copy it to keep an earlier position
// (copy-make; there is no undo). The zero value is an empty board with White
// to move; use StartPosition or ParseFEN.
//
// A Position may describe an impossible position (no king, pawns on the
// first rank, the side not to move in check, ...): ParseFEN accepts such
// positions and every method stays safe on them. See LegalMoves for what
// "legal" means when a side has no king or several kings.
type Position struct {
	board      [64]Piece
	byType     [7]Bitboard // indexed by PieceType; [NoPieceType] holds every occupied square
	byColor    [2]Bitboard
	hash       uint64
	halfmove   int32
	fullmove   int32
	castleRook [4]Square // rook square of each castling right, valid when its bit in castle is set
	castle     uint8     // castling rights: bit castleIndex(c, kingSide)
	side       Color
	ep         Square // square skipped by the last double pawn step, or NoSquare
	epLegal    bool   // a legal en passant capture exists (and its file is in hash)
	chess960   bool
}

// castleIndex numbers the four castling rights in Polyglot order: white
// king-side, white queen-side, black king-side, black queen-side.
func castleIndex(c Color, kingSide bool) int {
	if kingSide {
		return 2 * int(c)
	}
	return 2*int(c) + 1
}

// StartFEN is the FEN of the standard initial position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

var startPosition = mustParseFEN(StartFEN)

func mustParseFEN(fen string) Position {
	p, err := ParseFEN(fen)
	if err != nil {
		panic(err)
	}
	return p
}

// StartPosition returns the standard initial position.
func StartPosition() Position { return startPosition }

// PieceAt returns the piece on s (NoPiece if s is empty or not a square).
func (p *Position) PieceAt(s Square) Piece {
	if s < 0 || s > 63 {
		return NoPiece
	}
	return p.board[s]
}

// Pieces returns the squares of the pieces of colour c and type t.
// Pieces(c, NoPieceType) returns all pieces of colour c.
func (p *Position) Pieces(c Color, t PieceType) Bitboard {
	if t > King {
		return 0
	}
	return p.byType[t] & p.byColor[c&1]
}

// PiecesOfType returns the squares of the pieces of type t of both colours.
func (p *Position) PiecesOfType(t PieceType) Bitboard {
	if t > King {
		return 0
	}
	return p.byType[t]
}

// ByColor returns the squares of all pieces of colour c.
func (p *Position) ByColor(c Color) Bitboard { return p.byColor[c&1] }

// Occupied returns the squares of all pieces.
func (p *Position) Occupied() Bitboard { return p.byType[NoPieceType] }

// KingSquare returns the square of c's king, NoSquare if c has none (and the
// lowest one if c has several).
func (p *Position) KingSquare(c Color) Square {
	k := p.byType[King] & p.byColor[c&1]
	if k == 0 {
		return NoSquare
	}
	return k.First()
}

// SideToMove returns the colour to move.
func (p *Position) SideToMove() Color { return p.side }

// HalfmoveClock returns the number of plies since the last capture or pawn move.
func (p *Position) HalfmoveClock() int { return int(p.halfmove) }

// FullmoveNumber returns the move number, incremented after each Black move.
func (p *Position) FullmoveNumber() int { return int(p.fullmove) }

// EnPassantSquare returns the square the last move's double pawn step passed
// over (NoSquare if the last move was not a double step), whether or not an
// en passant capture is legal. See HasLegalEnPassant.
func (p *Position) EnPassantSquare() Square { return p.ep }

// Chess960 reports whether the position is marked as Chess960, which decides
// how castling moves are written in UCI and how castling rights are written in FEN.
func (p *Position) Chess960() bool { return p.chess960 }

// SetChess960 marks the position as Chess960 (on) or standard chess (off).
// Move generation does not depend on it: castling always follows the
// Chess960 rules, which for the standard start arrangement are the standard
// rules. It changes how castling moves are written in UCI (king takes rook in
// Chess960, e1g1 in standard chess).
func (p *Position) SetChess960(on bool) { p.chess960 = on }

// CastlingRook returns the square of the rook c may still castle with on the
// king side (kingSide) or the queen side, or NoSquare if that right is lost.
func (p *Position) CastlingRook(c Color, kingSide bool) Square {
	i := castleIndex(c&1, kingSide)
	if p.castle&(1<<i) == 0 {
		return NoSquare
	}
	return p.castleRook[i]
}

// CastlingRights returns the castling rights still held as a 4-bit mask:
// bit 0 White king side, bit 1 White queen side, bit 2 Black king side, bit 3
// Black queen side.
func (p *Position) CastlingRights() uint8 { return p.castle }

// put places pc on the empty square s, updating the hash.
func (p *Position) put(pc Piece, s Square) {
	b := s.Bitboard()
	p.board[s] = pc
	p.byType[pc.Type()] |= b
	p.byType[NoPieceType] |= b
	p.byColor[pc.Color()] |= b
	p.hash ^= zobPiece[pc][s]
}

// remove takes the piece off s (which must hold one), updating the hash.
func (p *Position) remove(s Square) {
	pc := p.board[s]
	b := s.Bitboard()
	p.board[s] = NoPiece
	p.byType[pc.Type()] &^= b
	p.byType[NoPieceType] &^= b
	p.byColor[pc.Color()] &^= b
	p.hash ^= zobPiece[pc][s]
}

// movePiece moves the piece on from to the empty square to, updating the hash.
func (p *Position) movePiece(from, to Square) {
	pc := p.board[from]
	b := from.Bitboard() | to.Bitboard()
	p.board[from] = NoPiece
	p.board[to] = pc
	p.byType[pc.Type()] ^= b
	p.byType[NoPieceType] ^= b
	p.byColor[pc.Color()] ^= b
	p.hash ^= zobPiece[pc][from] ^ zobPiece[pc][to]
}

// AttackersTo returns the pieces of colour by that attack s when the board
// occupancy is occ (pass Occupied() for the position as it stands). Pinned
// pieces attack too (art. 3.9.1). Pieces not in occ still count when they are
// in the position's piece sets, so remove a captured piece from the result
// yourself.
func (p *Position) AttackersTo(s Square, by Color, occ Bitboard) Bitboard {
	s &= 63
	by &= 1
	them := p.byColor[by]
	return (pawnAttacks[by^1][s]&p.byType[Pawn] |
		knightAttacks[s]&p.byType[Knight] |
		kingAttacks[s]&p.byType[King] |
		BishopAttacks(s, occ)&(p.byType[Bishop]|p.byType[Queen]) |
		RookAttacks(s, occ)&(p.byType[Rook]|p.byType[Queen])) & them
}

// attacked reports whether s is attacked by colour by with occupancy occ.
func (p *Position) attacked(s Square, by Color, occ Bitboard) bool {
	them := p.byColor[by]
	if (pawnAttacks[by^1][s]&p.byType[Pawn]|knightAttacks[s]&p.byType[Knight]|kingAttacks[s]&p.byType[King])&them != 0 {
		return true
	}
	if BishopAttacks(s, occ)&(p.byType[Bishop]|p.byType[Queen])&them != 0 {
		return true
	}
	return RookAttacks(s, occ)&(p.byType[Rook]|p.byType[Queen])&them != 0
}

// IsAttacked reports whether s is attacked by a piece of colour by in the position as it stands.
func (p *Position) IsAttacked(s Square, by Color) bool {
	return p.attacked(s&63, by&1, p.byType[NoPieceType])
}

// Checkers returns the pieces giving check to the king of the side to move
// (empty when that side has no king; with several kings, those checking the
// lowest one).
func (p *Position) Checkers() Bitboard {
	k := p.byType[King] & p.byColor[p.side]
	if k == 0 {
		return 0
	}
	return p.AttackersTo(k.First(), p.side^1, p.byType[NoPieceType])
}

// InCheck reports whether the side to move is in check (never, when it has no king).
func (p *Position) InCheck() bool { return p.Checkers() != 0 }

// MovedPiece returns the piece m moves (the king, for castling), in the
// position before m is played.
func (p *Position) MovedPiece(m Move) Piece {
	if m == NullMove {
		return NoPiece
	}
	return p.board[m.From()]
}

// CapturedPiece returns the piece m captures (the pawn taken en passant,
// NoPiece for castling and quiet moves), in the position before m is played.
func (p *Position) CapturedPiece(m Move) Piece {
	switch m.Kind() {
	case FlagCastle:
		return NoPiece
	case FlagEnPassant:
		return p.board[epVictim(m.From(), m.To())]
	}
	if m == NullMove {
		return NoPiece
	}
	return p.board[m.To()]
}

// IsCapture reports whether m captures a piece (en passant included).
func (p *Position) IsCapture(m Move) bool { return p.CapturedPiece(m) != NoPiece }

// epVictim returns the square of the pawn captured en passant by a pawn moving from -> to.
func epVictim(from, to Square) Square { return NewSquare(to.File(), from.Rank()) }

// PositionKey is the identity of a position in the sense of art. 9.2.3 of the
// FIDE Laws (same pieces on the same squares, same side to move, same
// possible moves): placement, side to move, castling rights (with their rook
// squares) and the en passant file only when a legal en passant capture
// exists. It is comparable; use it to confirm that equal Hash values mean
// equal positions.
type PositionKey struct {
	White      Bitboard    // squares of the white pieces
	Types      [6]Bitboard // squares of pawns, knights, bishops, rooks, queens, kings (both colours)
	CastleRook [4]Square   // rook square of each castling right held (Polyglot order), NoSquare if lost
	EPFile     int8        // file of a legal en passant capture, -1 if none
	Side       Color
}

// Key returns the identity of the position (see PositionKey).
func (p *Position) Key() PositionKey {
	k := PositionKey{White: p.byColor[White], Side: p.side, EPFile: -1}
	copy(k.Types[:], p.byType[Pawn:])
	for i := range k.CastleRook {
		k.CastleRook[i] = NoSquare
		if p.castle&(1<<i) != 0 {
			k.CastleRook[i] = p.castleRook[i]
		}
	}
	if p.HasLegalEnPassant() {
		k.EPFile = int8(p.ep.File())
	}
	return k
}
