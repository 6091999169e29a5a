package report

import "sync"

// The moves table stores san as a dictionary column over every string
// standard algebraic notation (English letters) can write for a move:
// castling, king steps, the queen-, rook-, bishop- and knight-like moves
// with every disambiguation their geometry allows (none, the file, the
// rank, or the square of any square the piece could come from), pawn
// pushes, captures and promotions, each with and without a capture sign
// where SAN allows both, and each plain, with '+' and with '#'; and "--",
// the null move. 42,019 strings, fixed in advance, so that every
// batch shares one dictionary and a row costs an index instead of a
// string (the dictionary page, about a third of a megabyte, is written
// once per row group).

// sanVocabulary returns the strings in index order and the tables that
// find a string's index from its parts. It is built once, on first use.
var sanVocabulary = sync.OnceValues(buildSANVocab)

// sanTables find the index of a SAN string from its parts, with about
// 25 KB of tables that stay in the cache (a hash table over the 42,000
// strings missed the cache on most rows; a Go map also gave the garbage
// collector 42,000 strings to scan). Each entry is the index of the plain
// form; '+' adds 1 and '#' adds 2.
type sanTables struct {
	king int32 // "Ka1"; +3 for "Kxa1", +6 for each square
	// pieceBase[pc][to] is the index of the piece's plain move to `to`,
	// pc 0..3 for Q, R, B, N; piecePos[pc][to][d] the rank of
	// disambiguation d (0 none, 1+file, 9+rank, 17+square; -1 when no such
	// piece could come from there) among that move's forms, 6 strings each
	// (plain, capture, and their check and mate signs).
	pieceBase [4][64]int32
	piecePos  [4][64][81]int8
	// pawn[to][k] is the pawn move to `to`: k 0 a push, 1 a capture from
	// the file to the left, 2 from the right; -1 when there is none. For
	// promotions, promo[to][k] is the form with "=Q", +3 for "=R", +6 for
	// "=B", +9 for "=N".
	pawn, promo [64][3]int32
	null        int32 // "--"
}

func buildSANVocab() ([]string, *sanTables) {
	var vocab []string
	t := new(sanTables)
	add := func(s string) int32 {
		i := int32(len(vocab))
		vocab = append(vocab, s, s+"+", s+"#")
		return i
	}
	add("O-O")
	add("O-O-O")
	t.king = int32(len(vocab))
	for to := 0; to < 64; to++ {
		sq := squareNames[to]
		add("K" + sq)
		add("Kx" + sq)
	}
	for pi, pc := range []byte("QRBN") {
		for to := 0; to < 64; to++ {
			sq := squareNames[to]
			// the disambiguations: none, then the files, ranks and squares
			// of the squares the piece could come from, in that order
			var files, ranks [8]bool
			var froms []int
			for from := 0; from < 64; from++ {
				if pieceReaches(pc, from, to) {
					files[from%8], ranks[from/8] = true, true
					froms = append(froms, from)
				}
			}
			type form struct {
				code int
				text string
			}
			forms := []form{{0, ""}}
			for f := 0; f < 8; f++ {
				if files[f] {
					forms = append(forms, form{1 + f, string(rune('a' + f))})
				}
			}
			for r := 0; r < 8; r++ {
				if ranks[r] {
					forms = append(forms, form{9 + r, string(rune('1' + r))})
				}
			}
			for _, from := range froms {
				forms = append(forms, form{17 + from, squareNames[from]})
			}
			for d := range t.piecePos[pi][to] {
				t.piecePos[pi][to][d] = -1
			}
			t.pieceBase[pi][to] = int32(len(vocab))
			for k, f := range forms {
				t.piecePos[pi][to][f.code] = int8(k)
				add(string(pc) + f.text + sq)
				add(string(pc) + f.text + "x" + sq)
			}
		}
	}
	for to := 0; to < 64; to++ {
		sq := squareNames[to]
		f, r := to%8, to/8
		t.pawn[to] = [3]int32{-1, -1, -1}
		t.promo[to] = [3]int32{-1, -1, -1}
		if r >= 1 && r <= 6 {
			t.pawn[to][0] = add(sq) // a push
			for k, df := range []int{-1, 1} {
				if f+df >= 0 && f+df < 8 {
					t.pawn[to][k+1] = add(string(rune('a'+f+df)) + "x" + sq)
				}
			}
		}
		if r == 0 || r == 7 { // promotions only
			forms := [3]string{sq}
			for k, df := range []int{-1, 1} {
				if f+df >= 0 && f+df < 8 {
					forms[k+1] = string(rune('a'+f+df)) + "x" + sq
				}
			}
			for k, s := range forms {
				if s == "" {
					continue
				}
				t.promo[to][k] = int32(len(vocab))
				for _, p := range []string{"=Q", "=R", "=B", "=N"} {
					add(s + p)
				}
			}
		}
	}
	t.null = int32(len(vocab))
	vocab = append(vocab, "--")
	return vocab, t
}

// pieceReaches reports whether a piece with the SAN letter pc moves from
// one square to the other on an empty board.
func pieceReaches(pc byte, from, to int) bool {
	if from == to {
		return false
	}
	df, dr := abs(from%8-to%8), abs(from/8-to/8)
	switch pc {
	case 'N':
		return df*dr == 2
	case 'B':
		return df == dr
	case 'R':
		return df == 0 || dr == 0
	case 'Q':
		return df == dr || df == 0 || dr == 0
	}
	return false
}

// sanIndex returns the index of the SAN string s.
func sanIndex(s []byte) (int32, bool) {
	_, t := sanVocabulary()
	return t.index(s)
}

// sanPiece is the index of a piece letter in sanTables.pieceBase (Q R B
// N), -1 for every other byte.
var sanPiece = func() (t [256]int8) {
	for i := range t {
		t[i] = -1
	}
	t['Q'], t['R'], t['B'], t['N'] = 0, 1, 2, 3
	return t
}()

// index returns the index of the SAN string s, looking at its first
// byte first: pawn moves and piece moves, most rows, go straight to their
// tables.
func (t *sanTables) index(s []byte) (int32, bool) {
	n := len(s)
	if n < 2 {
		return -1, false
	}
	var suffix int32
	switch s[n-1] {
	case '+':
		suffix, n = 1, n-1
	case '#':
		suffix, n = 2, n-1
	}
	s = s[:n]
	if n < 2 {
		return -1, false
	}
	switch c := s[0]; c {
	case 'O', '-':
		switch {
		case string(s) == "O-O":
			return suffix, true
		case string(s) == "O-O-O":
			return 3 + suffix, true
		case string(s) == "--" && suffix == 0:
			return t.null, true
		}
		return -1, false
	case 'K', 'Q', 'R', 'B', 'N':
		// letter, disambiguation (0-2 bytes), optional 'x', square
		to, ok := sanSquare(s[n-2:])
		if !ok {
			return -1, false
		}
		mid := s[1 : n-2]
		var capt int32
		if len(mid) > 0 && mid[len(mid)-1] == 'x' {
			capt, mid = 1, mid[:len(mid)-1]
		}
		if c == 'K' {
			if len(mid) != 0 {
				return -1, false
			}
			return t.king + int32(to)*6 + capt*3 + suffix, true
		}
		d := 0
		switch len(mid) {
		case 0:
		case 1:
			switch m := mid[0]; {
			case m >= 'a' && m <= 'h':
				d = 1 + int(m-'a')
			case m >= '1' && m <= '8':
				d = 9 + int(m-'1')
			default:
				return -1, false
			}
		case 2:
			from, ok := sanSquare(mid)
			if !ok {
				return -1, false
			}
			d = 17 + from
		default:
			return -1, false
		}
		pi := sanPiece[c]
		pos := t.piecePos[pi][to][d]
		if pos < 0 {
			return -1, false
		}
		return t.pieceBase[pi][to] + int32(pos)*6 + capt*3 + suffix, true
	}
	// a pawn: [file 'x'] square ['=' piece]
	promo := int32(-1)
	if n >= 4 && s[n-2] == '=' {
		if promo = int32(sanPiece[s[n-1]]); promo < 0 {
			return -1, false
		}
		s, n = s[:n-2], n-2
	}
	k := 0
	switch n {
	case 2:
	case 4:
		if s[1] != 'x' || s[0] < 'a' || s[0] > 'h' {
			return -1, false
		}
		switch int(s[0]) - int(s[2]) {
		case -1:
			k = 1
		case 1:
			k = 2
		default:
			return -1, false
		}
		s = s[2:]
	default:
		return -1, false
	}
	to, ok := sanSquare(s)
	if !ok {
		return -1, false
	}
	base := t.pawn[to][k]
	if promo >= 0 {
		if base = t.promo[to][k]; base >= 0 {
			base += promo * 3
		}
	}
	if base < 0 {
		return -1, false
	}
	return base + suffix, true
}

// sanSquare reads a square name such as "e4".
func sanSquare(b []byte) (int, bool) {
	if len(b) != 2 || b[0] < 'a' || b[0] > 'h' || b[1] < '1' || b[1] > '8' {
		return 0, false
	}
	return int(b[1]-'1')*8 + int(b[0]-'a'), true
}
