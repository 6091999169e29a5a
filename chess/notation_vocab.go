package chess

import "sync"

// The move vocabularies: every string standard algebraic notation
// (English letters) and UCI can write for a move, each in a fixed order,
// so that a move can be stored as an index into them (the moves table of
// package report stores its san and uci columns so, with the vocabulary
// as the dictionary of every batch).

// SANVocabulary returns every string SAN (English letters) can write for a
// move, in a fixed order: castling, king steps, the queen-, rook-, bishop-
// and knight-like moves with every disambiguation their geometry allows
// (none, the file, the rank, or the square of any square the piece could
// come from), pawn pushes, captures and promotions, each with and without
// a capture sign where SAN allows both, and each plain, with '+' and with
// '#'; and "--", the null move, last. The order never changes: stored
// indices depend on it. The slice is shared: do not modify it. It is
// built on first use.
func SANVocabulary() []string {
	v, _ := sanVocabulary()
	return v
}

// SANIndex returns the index in SANVocabulary of the SAN string s, or
// false when s is not in it. It does not allocate.
func SANIndex(s []byte) (int32, bool) {
	_, t := sanVocabulary()
	return t.index(s)
}

// sanVocabulary returns the strings in index order and the tables that
// find a string's index from its parts. It is built once, on first use.
var sanVocabulary = sync.OnceValues(buildSANVocab)

// sanTables find the index of a SAN string from its parts, with small
// tables that stay in the cache (a hash table or a Go map over the 42,019
// strings missed the cache on most lookups, and gave the garbage collector
// the strings to scan). Each entry is the index of the plain form; '+'
// adds 1 and '#' adds 2.
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
	for to := Square(0); to < 64; to++ {
		sq := to.String()
		add("K" + sq)
		add("Kx" + sq)
	}
	for pi, pc := range []byte("QRBN") {
		for to := Square(0); to < 64; to++ {
			sq := to.String()
			// the disambiguations: none, then the files, ranks and squares
			// of the squares the piece could come from, in that order
			var files, ranks [8]bool
			var froms []Square
			for from := Square(0); from < 64; from++ {
				if pieceReaches(pc, from, to) {
					files[from.File()], ranks[from.Rank()] = true, true
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
				forms = append(forms, form{17 + int(from), from.String()})
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
	for to := Square(0); to < 64; to++ {
		sq := to.String()
		f, r := to.File(), to.Rank()
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
func pieceReaches(pc byte, from, to Square) bool {
	if from == to {
		return false
	}
	df, dr := absInt(from.File()-to.File()), absInt(from.Rank()-to.Rank())
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

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
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
// byte first: pawn moves and piece moves, most lookups, go straight to
// their tables.
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
		to, ok := vocabSquare(s[n-2:])
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
			from, ok := vocabSquare(mid)
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
	to, ok := vocabSquare(s)
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

// vocabSquare reads a square name such as "e4".
func vocabSquare(b []byte) (int, bool) {
	if len(b) != 2 || b[0] < 'a' || b[0] > 'h' || b[1] < '1' || b[1] > '8' {
		return 0, false
	}
	return int(b[1]-'1')*8 + int(b[0]-'a'), true
}

// UCIVocabulary returns every move a chess piece can make, written in UCI:
// the queen-like and knight-like steps between two squares (castling
// included, as the king's two-square step or, in Chess960, king takes
// rook), the promotions from the seventh rank (second for Black), by
// from-square, then to-square, then promotion (none, n, b, r, q); and the
// null move "0000" last. The order never changes: stored indices depend
// on it. The slice is shared: do not modify it.
func UCIVocabulary() []string { return uciVocab }

// UCIIndex returns the index in UCIVocabulary of the UCI string u, or
// false when u is not in it. It does not allocate.
func UCIIndex(u []byte) (int16, bool) {
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
	k := 0
	if len(u) == 5 {
		if k = uciPromoIndex(u[4]); k <= 0 {
			return -1, false
		}
	}
	i := uciTable[r0*8+f0][r1*8+f1][k]
	return i, i >= 0
}

// UCIIndex returns the index in UCIVocabulary of m's UCI text, as
// AppendUCI writes it for a position of the given kind, or false for a
// move no chess piece can make. It does not write the text.
func (m Move) UCIIndex(chess960 bool) (int16, bool) {
	if m == NullMove {
		return uciNull, true
	}
	from, to := m.From(), m.To()
	if m.IsCastle() && !chess960 {
		to = CastleKingTarget(m)
	}
	k := 0
	if pt := m.Promotion(); pt != NoPieceType {
		if k = uciPromoIndex(pt.Letter() | 0x20); k <= 0 {
			return -1, false
		}
	}
	i := uciTable[from&63][to&63][k]
	return i, i >= 0
}

// uciVocab lists the strings in index order; uciTable[from][to][promo] is
// the index (-1: not a move of any piece), promo being 0 for none and 1..4
// for n, b, r, q.
var uciVocab, uciTable = buildUCIVocab()

// uciNull is the index of the null move "0000".
var uciNull = int16(len(uciVocab) - 1)

const uciPromoLetters = "nbrq"

// uciPromoIndex returns 1..4 for the UCI promotion letters n, b, r, q and
// 0 for any other byte.
func uciPromoIndex(c byte) int {
	switch c {
	case 'n':
		return 1
	case 'b':
		return 2
	case 'r':
		return 3
	case 'q':
		return 4
	}
	return 0
}

func buildUCIVocab() ([]string, *[64][64][5]int16) {
	var t [64][64][5]int16
	var vocab []string
	for from := Square(0); from < 64; from++ {
		for to := Square(0); to < 64; to++ {
			t[from][to] = [5]int16{-1, -1, -1, -1, -1}
			if !pieceReaches('Q', from, to) && !pieceReaches('N', from, to) {
				continue
			}
			name := from.String() + to.String()
			t[from][to][0] = int16(len(vocab))
			vocab = append(vocab, name)
			fr, tr, df := from.Rank(), to.Rank(), from.File()-to.File()
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
