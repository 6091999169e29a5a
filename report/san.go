package report

import "sync"

// The moves table stores san as a dictionary column over every string
// standard algebraic notation (English letters) can write for a move:
// castling, king steps, the queen-, rook-, bishop- and knight-like moves
// with every disambiguation their geometry allows (none, the file, the
// rank, or the square of any square the piece could come from), pawn
// pushes, captures and promotions, each with and without a capture sign
// where SAN allows both, and each plain, with '+' and with '#'; and "--",
// the null move. About 39,000 strings, fixed in advance, so that every
// batch shares one dictionary and a row costs an index instead of a
// string (the dictionary page, about a third of a megabyte, is written
// once per row group).

// sanVocabulary returns the strings in index order and a table from string
// to index. It is built once, on first use.
var sanVocabulary = sync.OnceValues(buildSANVocab)

// sanTable maps a SAN string, packed into a uint64 (every one has at most
// eight bytes), to its index: open addressing with linear probing, and no
// pointers for the garbage collector to scan (a Go map of 42,000 strings
// cost more per row than the strings it replaced).
type sanTable struct {
	keys [sanSlots]uint64 // 0: empty
	idx  [sanSlots]int32
}

const sanSlots = 1 << 16

// packSAN packs s into a uint64, one byte a character: without NUL bytes
// (which no SAN has) that is one-to-one for up to eight bytes, and never 0.
func packSAN(s []byte) (uint64, bool) {
	if len(s) == 0 || len(s) > 8 {
		return 0, false
	}
	var k uint64
	for i, c := range s {
		if c == 0 {
			return 0, false
		}
		k |= uint64(c) << (8 * i)
	}
	return k, true
}

func sanSlot(k uint64) uint64 { return (k * 0x9E3779B97F4A7C15) >> (64 - 16) }

func (t *sanTable) put(s string, i int32) {
	k, ok := packSAN([]byte(s))
	if !ok {
		panic("report: SAN string longer than 8 bytes: " + s)
	}
	h := sanSlot(k)
	for t.keys[h] != 0 {
		h = (h + 1) % sanSlots
	}
	t.keys[h], t.idx[h] = k, i
}

func (t *sanTable) get(s []byte) (int32, bool) {
	k, ok := packSAN(s)
	if !ok {
		return -1, false
	}
	for h := sanSlot(k); ; h = (h + 1) % sanSlots {
		switch t.keys[h] {
		case k:
			return t.idx[h], true
		case 0:
			return -1, false
		}
	}
}

func buildSANVocab() ([]string, *sanTable) {
	var vocab []string
	add := func(s string) {
		vocab = append(vocab, s, s+"+", s+"#")
	}
	add("O-O")
	add("O-O-O")
	for to := 0; to < 64; to++ {
		sq := squareNames[to]
		add("K" + sq)
		add("Kx" + sq)
	}
	for _, pc := range []byte("QRBN") {
		for to := 0; to < 64; to++ {
			sq := squareNames[to]
			// the disambiguations: "", then files, ranks and squares of the
			// squares the piece could come from, in that order
			prefixes := []string{""}
			var files, ranks [8]bool
			var squares []string
			for from := 0; from < 64; from++ {
				if !pieceReaches(pc, from, to) {
					continue
				}
				files[from%8], ranks[from/8] = true, true
				squares = append(squares, squareNames[from])
			}
			for f := 0; f < 8; f++ {
				if files[f] {
					prefixes = append(prefixes, string(rune('a'+f)))
				}
			}
			for r := 0; r < 8; r++ {
				if ranks[r] {
					prefixes = append(prefixes, string(rune('1'+r)))
				}
			}
			prefixes = append(prefixes, squares...)
			for _, d := range prefixes {
				add(string(pc) + d + sq)
				add(string(pc) + d + "x" + sq)
			}
		}
	}
	for to := 0; to < 64; to++ {
		sq := squareNames[to]
		f, r := to%8, to/8
		var forms []string
		if r >= 1 && r <= 6 {
			forms = append(forms, sq) // a push
		}
		for _, df := range []int{-1, 1} {
			if f+df >= 0 && f+df < 8 && r >= 1 && r <= 6 {
				forms = append(forms, string(rune('a'+f+df))+"x"+sq)
			}
		}
		for _, s := range forms {
			add(s)
		}
		if r == 0 || r == 7 { // promotions only
			forms = []string{sq}
			for _, df := range []int{-1, 1} {
				if f+df >= 0 && f+df < 8 {
					forms = append(forms, string(rune('a'+f+df))+"x"+sq)
				}
			}
			for _, s := range forms {
				for _, p := range []string{"=Q", "=R", "=B", "=N"} {
					add(s + p)
				}
			}
		}
	}
	vocab = append(vocab, "--")
	index := new(sanTable)
	for i, s := range vocab {
		index.put(s, int32(i))
	}
	return vocab, index
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
	_, index := sanVocabulary()
	return index.get(s)
}
