package report

// The moves table stores uci as a dictionary column over every move a
// chess piece can make, written in UCI: the queen-like and knight-like
// steps between two squares (castling included, as the king's two-square
// step or, in Chess960, king takes rook), the promotions from the seventh
// rank (second for Black) and the null move "0000". That is 1,969 strings,
// fixed in advance, so that every batch shares one dictionary and a row
// costs an index instead of a string.

// uciVocab lists the strings in index order: by from-square, then
// to-square, then promotion (none, n, b, r, q); "0000" last.
// uciTable[from][to][promo] is the index (-1: not a move of any piece),
// promo being 0 for none and 1..4 for n, b, r, q.
var uciVocab, uciTable = buildUCIVocab()

// uciNull is the index of the null move "0000".
var uciNull = int16(len(uciVocab) - 1)

const uciPromoLetters = "nbrq"

func buildUCIVocab() ([]string, *[64][64][5]int16) {
	var t [64][64][5]int16
	var vocab []string
	for from := 0; from < 64; from++ {
		for to := 0; to < 64; to++ {
			t[from][to] = [5]int16{-1, -1, -1, -1, -1}
			if !pieceStep(from, to) {
				continue
			}
			name := squareNames[from] + squareNames[to]
			t[from][to][0] = int16(len(vocab))
			vocab = append(vocab, name)
			fr, tr, df := from/8, to/8, from%8-to%8
			if (fr == 6 && tr == 7 || fr == 1 && tr == 0) && df >= -1 && df <= 1 {
				for k := 0; k < 4; k++ {
					t[from][to][k+1] = int16(len(vocab))
					vocab = append(vocab, name+uciPromoLetters[k:k+1])
				}
			}
		}
	}
	return append(vocab, "0000"), &t
}

// pieceStep reports whether some chess piece moves from one square to the
// other: along a rank, a file or a diagonal, or a knight's jump.
func pieceStep(from, to int) bool {
	return pieceReaches('Q', from, to) || pieceReaches('N', from, to)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// uciIndexOf returns the index of the move from -> to promoting to the
// piece letter promo (0 for none), or -1.
func uciIndexOf(from, to uint8, promo byte) int16 {
	if from > 63 || to > 63 {
		return -1
	}
	k := 0
	if promo != 0 {
		switch promo | 0x20 {
		case 'n':
			k = 1
		case 'b':
			k = 2
		case 'r':
			k = 3
		case 'q':
			k = 4
		default:
			return -1
		}
	}
	return uciTable[from][to][k]
}

// uciIndex returns the index of the UCI string u.
func uciIndex(u []byte) (int16, bool) {
	if len(u) == 4 && string(u) == "0000" {
		return uciNull, true
	}
	if len(u) != 4 && len(u) != 5 {
		return -1, false
	}
	f0, r0, f1, r1 := u[0]-'a', u[1]-'1', u[2]-'a', u[3]-'1'
	if f0 > 7 || r0 > 7 || f1 > 7 || r1 > 7 {
		return -1, false
	}
	var promo byte
	if len(u) == 5 {
		promo = u[4]
		if promo < 'a' || promo > 'z' { // UCI writes the piece in lower case
			return -1, false
		}
	}
	i := uciIndexOf(r0*8+f0, r1*8+f1, promo)
	return i, i >= 0
}
