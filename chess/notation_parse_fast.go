//go:build !arbiter_reference

package chess

// This file is a fast path over parse (notation_parse.go): built with the
// arbiter_reference tag, notation_parse_reference.go replaces it and every
// token goes through parse. TestParseFastAgrees and FuzzParseMove check
// that both read every token alike.

// parseFast reads the shapes that make up nearly every token of real
// games — a pawn push (e4), a pawn capture (exd5), a piece move (Nf3), a
// piece capture (Nxf3) and a piece move with a file or rank (Nbd7, N1f3),
// each with at most one '+' or '#' — exactly as parse would, without
// parse's general loop. It reports false for anything else, which parse
// then reads (TestParseFastAgrees checks both agree).
func (s *moveSyntax) parseFast(tok []byte, lang Language) bool {
	n := len(tok)
	check := NoCheckMark
	if n > 0 {
		switch tok[n-1] {
		case '+':
			check, n = CheckPlus, n-1
		case '#':
			check, n = CheckMate, n-1
		}
	}
	if n < 2 || n > 4 || tok[n-1] == '+' || tok[n-1] == '#' {
		return false
	}
	if lang >= numLanguages {
		lang = English
	}
	*s = moveSyntax{fromFile: -1, fromRank: -1, check: check}
	c := tok[0]
	rest := tok[:n]
	switch {
	case c >= 'A' && c <= 'Z':
		v := letterTable[lang][c]
		if v == 0 || PieceType(v) == Pawn {
			return false
		}
		s.piece = PieceType(v)
		rest = tok[1:n]
		switch len(rest) {
		case 2:
		case 3:
			switch d := rest[0]; {
			case d == 'x':
				s.mark = 'x'
			case isFile(d):
				s.fromFile = int8(d - 'a')
			case isRank(d):
				s.fromRank = int8(d - '1')
			default:
				return false
			}
			rest = rest[1:]
		default:
			return false
		}
	case isFile(c):
		if v := letterTable[lang][c]; v != 0 {
			s.alt = PieceType(v & 7) // "b4" in English: a bishop if not a pawn
		}
		switch len(rest) {
		case 2:
		case 4:
			if rest[1] != 'x' {
				return false
			}
			s.fromFile, s.mark = int8(c-'a'), 'x'
			rest = rest[2:]
		default:
			return false
		}
		s.piece = Pawn
	default:
		return false
	}
	if !isFile(rest[0]) || !isRank(rest[1]) {
		return false
	}
	s.to = NewSquare(int(rest[0]-'a'), int(rest[1]-'1'))
	return true
}
