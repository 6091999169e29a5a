package chess

import (
	"errors"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// ErrInvalidFEN is wrapped by every error ParseFEN returns (test with errors.Is).
var ErrInvalidFEN = errors.New("invalid FEN")

// FENError reports a syntax error in one field of a FEN string.
type FENError struct {
	Field string // "fen" (the whole string), "placement", "side", "castling", "en passant", "halfmove clock" or "fullmove number"
	Err   error  // what is wrong; wraps ErrInvalidFEN
}

// Error returns a message naming the field.
func (e *FENError) Error() string { return "chess: FEN " + e.Field + ": " + e.Err.Error() }

// Unwrap returns e.Err.
func (e *FENError) Unwrap() error { return e.Err }

func fenErr(field, format string, args ...any) error {
	return &FENError{Field: field, Err: fmt.Errorf("%w: "+format, append([]any{ErrInvalidFEN}, args...)...)}
}

// ParseFEN reads a position in Forsyth-Edwards Notation. It accepts standard
// FEN and, for Chess960, X-FEN (KQkq meaning the outermost rook on that side
// of the king) and Shredder-FEN (rook files, "HAha") castling fields. The
// halfmove clock and fullmove number may be missing (they default to 0 and
// 1); a fullmove number of 0 is read as 1.
//
// Only syntax is checked; syntax errors are returned as *FENError. Positions
// that cannot arise in a game (no king, nine queens, pawns on the first
// rank, the side not to move in check) are accepted; judging them is another
// matter. Information that cannot be represented is dropped silently:
// a castling right whose king is not alone on its back rank or whose rook is
// missing, and an en passant square that does not lie behind a pawn that
// could just have made a double step.
//
// The position is marked Chess960 when a castling right held uses a king not
// on the e-file or a rook not on the a- or h-file.
func ParseFEN(fen string) (Position, error) {
	var p Position
	fields := strings.Fields(fen)
	if len(fields) < 4 || len(fields) > 6 {
		return p, fenErr("fen", "want 4 to 6 fields, got %d", len(fields))
	}
	if err := p.parsePlacement(fields[0]); err != nil {
		return Position{}, err
	}
	switch fields[1] {
	case "w":
		p.side = White
	case "b":
		p.side = Black
	default:
		return Position{}, fenErr("side", "want w or b, got %q", fields[1])
	}
	if err := p.parseCastling(fields[2]); err != nil {
		return Position{}, err
	}
	p.ep = NoSquare
	if fields[3] != "-" {
		s, ok := ParseSquare(fields[3])
		if !ok {
			return Position{}, fenErr("en passant", "want - or a square, got %q", fields[3])
		}
		if p.validEPSquare(s) {
			p.ep = s
		}
	}
	p.fullmove = 1
	if len(fields) > 4 {
		n, err := parseClock(fields[4])
		if err != nil {
			return Position{}, &FENError{Field: "halfmove clock", Err: err}
		}
		p.halfmove = n
	}
	if len(fields) > 5 {
		n, err := parseClock(fields[5])
		if err != nil {
			return Position{}, &FENError{Field: "fullmove number", Err: err}
		}
		p.fullmove = max(n, 1)
	}
	p.epLegal = p.computeEPLegal()
	p.hash = p.computeHash()
	return p, nil
}

func parseClock(s string) (int32, error) {
	if s == "" || len(s) > 9 {
		return 0, fmt.Errorf("%w: want a number of at most 9 digits, got %q", ErrInvalidFEN, s)
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, fmt.Errorf("%w: want a number, got %q", ErrInvalidFEN, s)
		}
	}
	n, err := strconv.Atoi(s)
	return int32(n), err
}

func (p *Position) parsePlacement(s string) error {
	rank, file := 7, 0
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == '/':
			if file != 8 {
				return fenErr("placement", "rank %d has %d squares, want 8", rank+1, file)
			}
			if rank == 0 {
				return fenErr("placement", "more than 8 ranks")
			}
			rank--
			file = 0
		case ch >= '1' && ch <= '8':
			file += int(ch - '0')
			if file > 8 {
				return fenErr("placement", "rank %d has more than 8 squares", rank+1)
			}
		default:
			pc := pieceFromFEN(ch)
			if pc == NoPiece {
				return fenErr("placement", "unexpected character %q", ch)
			}
			if file >= 8 {
				return fenErr("placement", "rank %d has more than 8 squares", rank+1)
			}
			p.put(pc, NewSquare(file, rank))
			file++
		}
	}
	if rank != 0 || file != 8 {
		return fenErr("placement", "want 8 ranks of 8 squares")
	}
	return nil
}

func pieceFromFEN(ch byte) Piece {
	c := White
	if ch >= 'a' && ch <= 'z' {
		c = Black
		ch -= 'a' - 'A'
	}
	for t := Pawn; t <= King; t++ {
		if t.Letter() == ch {
			return MakePiece(c, t)
		}
	}
	return NoPiece
}

// parseCastling reads the castling field; the placement must be set.
func (p *Position) parseCastling(s string) error {
	if s == "-" {
		return nil
	}
	if len(s) > 8 {
		return fenErr("castling", "too long: %q", s)
	}
	for i := 0; i < len(s); i++ {
		ch := s[i]
		c := White
		if ch >= 'a' && ch <= 'z' {
			c = Black
			ch -= 'a' - 'A'
		}
		if ch != 'K' && ch != 'Q' && (ch < 'A' || ch > 'H') {
			return fenErr("castling", "unexpected character %q", s[i])
		}
		kings := p.byType[King] & p.byColor[c]
		if kings.More() || kings&backRank(c) == 0 {
			continue // no single king on the back rank: the right cannot exist
		}
		k := kings.First()
		rooks := p.byType[Rook] & p.byColor[c] & backRank(c)
		var r Square = NoSquare
		switch ch {
		case 'K':
			if b := rooks & ^(k.Bitboard()<<1 - 1) &^ k.Bitboard(); b != 0 {
				r = b.Last()
			}
		case 'Q':
			if b := rooks & (k.Bitboard() - 1); b != 0 {
				r = b.First()
			}
		default:
			sq := NewSquare(int(ch-'A'), k.Rank())
			if rooks.Has(sq) && sq != k {
				r = sq
			}
		}
		if r == NoSquare {
			continue
		}
		idx := castleIndex(c, r > k)
		if p.castle&(1<<idx) != 0 {
			continue
		}
		p.castle |= 1 << idx
		p.castleRook[idx] = r
		if k.File() != 4 || (r.File() != 0 && r.File() != 7) {
			p.chess960 = true
		}
	}
	return nil
}

// validEPSquare reports whether s can be the square a pawn of the side not
// to move just skipped with a double step.
func (p *Position) validEPSquare(s Square) bool {
	front, back := s-8, s+8 // the pawn that moved, the square it came from
	want := MakePiece(Black, Pawn)
	if p.side == Black {
		front, back = s+8, s-8
		want = MakePiece(White, Pawn)
	}
	if relativeRank(p.side, s) != 5 {
		return false
	}
	return p.board[s] == NoPiece && p.board[back] == NoPiece && p.board[front] == want
}

// FEN returns the position in Forsyth-Edwards Notation. Castling rights are
// written KQkq, or for a right whose rook is not the outermost on its side of
// the king (possible only in Chess960), as the rook's file (Shredder-FEN
// letter, upper case for White). The en passant square is written only when
// a legal en passant capture exists.
func (p *Position) FEN() string {
	var buf [96]byte
	return string(p.AppendFEN(buf[:0]))
}

// AppendFEN appends the FEN of the position (see FEN) to dst.
func (p *Position) AppendFEN(dst []byte) []byte {
	occ := p.Occupied()
	for rank := 7; rank >= 0; rank-- {
		// the rank's pieces by their bits: a run of empty squares is the
		// distance to the next one
		row := uint(occ>>(8*rank)) & 0xFF
		file := uint(0)
		for row != 0 {
			f := uint(bits.TrailingZeros(row))
			if f > file {
				dst = append(dst, byte('0'+f-file))
			}
			dst = append(dst, fenLetters[p.board[rank*8+int(f)]])
			file = f + 1
			row &= row - 1
		}
		if file < 8 {
			dst = append(dst, byte('0'+8-file))
		}
		if rank > 0 {
			dst = append(dst, '/')
		}
	}
	if p.side == White {
		dst = append(dst, " w "...)
	} else {
		dst = append(dst, " b "...)
	}
	if p.castle == 0 {
		dst = append(dst, '-')
	}
	for i := 0; i < 4; i++ {
		if p.castle&(1<<i) == 0 {
			continue
		}
		c := Color(i >> 1)
		r := p.castleRook[i]
		rooks := p.byType[Rook] & p.byColor[c] & backRank(c)
		var outer bool
		var letter byte
		if i&1 == 0 {
			outer = rooks&^(r.Bitboard()<<1-1) == 0
			letter = 'K'
		} else {
			outer = rooks&(r.Bitboard()-1) == 0
			letter = 'Q'
		}
		if !outer {
			letter = byte('A' + r.File())
		}
		if c == Black {
			letter += 'a' - 'A'
		}
		dst = append(dst, letter)
	}
	dst = append(dst, ' ')
	if p.epLegal {
		dst = append(dst, byte('a'+p.ep.File()), byte('1'+p.ep.Rank()))
	} else {
		dst = append(dst, '-')
	}
	dst = append(dst, ' ')
	dst = strconv.AppendInt(dst, int64(p.halfmove), 10)
	dst = append(dst, ' ')
	dst = strconv.AppendInt(dst, int64(p.fullmove), 10)
	return dst
}

// fenLetters maps a piece to its FEN letter.
var fenLetters = func() (t [256]byte) {
	for _, c := range []Color{White, Black} {
		for pt := Pawn; pt <= King; pt++ {
			t[MakePiece(c, pt)] = MakePiece(c, pt).FENLetter()
		}
	}
	return t
}()

// String returns the FEN of the position.
func (p Position) String() string { return p.FEN() }
