// Package fentest helps tests build positions: it writes the placement
// field of a FEN from a board of piece letters, which random-position
// tests fill square by square (a board that is no legal position, with
// several kings or none, included).
package fentest

import "strings"

// Placement writes board (index 0 = a1, 63 = h8; a FEN piece letter, or 0
// for an empty square) as a FEN placement field, rank 8 first.
func Placement(board *[64]byte) string {
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			c := board[r*8+f]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(c)
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	return b.String()
}
