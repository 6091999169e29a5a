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
		b = q.AppendSAN(b, m)
		q.Play(m)
	}
	return string(b)
}
