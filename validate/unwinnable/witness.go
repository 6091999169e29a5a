package unwinnable

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/arbiter-chess/arbiter/chess"
)

// CheckWitness replays line from p and returns nil if every move is legal
// and the line ends with winner checkmating the other side (an empty line
// when p already is that mate). p is not modified.
func CheckWitness(p *chess.Position, winner chess.Color, line []chess.Move) error {
	q := *p
	for i, m := range line {
		if !q.IsLegal(m) {
			return fmt.Errorf("unwinnable: witness move %d (%s) is illegal in %s", i+1, q.UCI(m), q.FEN())
		}
		q.Play(m)
	}
	if q.SideToMove() != winner.Other() || !q.IsCheckmate() {
		return errors.New("unwinnable: witness does not end in the winner's checkmate: " + q.FEN())
	}
	return nil
}

// FormatLine writes line, played from p, in English SAN with move numbers,
// as in "45...Kb8 46.Qb7#". The moves must be legal.
func FormatLine(p *chess.Position, line []chess.Move) string {
	q := *p
	var b []byte
	for i, m := range line {
		if i > 0 {
			b = append(b, ' ')
		}
		if q.SideToMove() == chess.White {
			b = strconv.AppendInt(b, int64(q.FullmoveNumber()), 10)
			b = append(b, '.')
		} else if i == 0 {
			b = strconv.AppendInt(b, int64(q.FullmoveNumber()), 10)
			b = append(b, "..."...)
		}
		b = appendSAN(b, &q, m)
		q.Play(m)
		if q.InCheck() {
			if q.HasLegalMove() {
				b = append(b, '+')
			} else {
				b = append(b, '#')
			}
		}
	}
	return string(b)
}

// appendSAN appends the SAN of the legal move m in p, without the check
// mark. (A local formatter, so that the witness does not wait for the chess
// package's SAN writer.)
func appendSAN(b []byte, p *chess.Position, m chess.Move) []byte {
	if m.IsCastle() {
		if m.To().File() > m.From().File() {
			return append(b, "O-O"...)
		}
		return append(b, "O-O-O"...)
	}
	from, to := m.From(), m.To()
	pt := p.PieceAt(from).Type()
	capture := m.IsEnPassant() || p.PieceAt(to) != chess.NoPiece
	if pt == chess.Pawn {
		if capture {
			b = append(b, byte('a'+from.File()), 'x')
		}
		b = append(b, to.String()...)
		if pr := m.Promotion(); pr != chess.NoPieceType {
			b = append(b, '=', pr.Letter())
		}
		return b
	}
	b = append(b, pt.Letter())
	if pt != chess.King {
		var ml chess.MoveList
		p.LegalMovesTo(&ml, pt, to.Bitboard())
		sameFile, sameRank, others := false, false, false
		for _, o := range ml.Slice() {
			if o.From() == from {
				continue
			}
			others = true
			if o.From().File() == from.File() {
				sameFile = true
			}
			if o.From().Rank() == from.Rank() {
				sameRank = true
			}
		}
		if others {
			switch {
			case !sameFile:
				b = append(b, byte('a'+from.File()))
			case !sameRank:
				b = append(b, byte('1'+from.Rank()))
			default:
				b = append(b, from.String()...)
			}
		}
	}
	if capture {
		b = append(b, 'x')
	}
	return append(b, to.String()...)
}
