package chess

// This file reads the written form of a move token (moveSyntax) in one pass
// over its bytes, without looking at the position.

const (
	castleKingSide  = 1
	castleQueenSide = 2
)

// moveSyntax is a move token taken apart.
type moveSyntax struct {
	piece    PieceType // the letter written; NoPieceType for none
	alt      PieceType // a lower-case letter that is also a file letter ("b" in English): retry as this piece
	fromFile int8      // -1 when absent
	fromRank int8      // -1 when absent
	to       Square
	promo    PieceType // promotion piece written; NoPieceType for none
	promoBad bool      // a promotion sign naming no valid piece (king, pawn)
	castle   uint8     // 0, castleKingSide or castleQueenSide
	mark     byte      // capture sign: 0, 'x', ':' or '-' (a dash, no capture)
	check    CheckMark
	notes    NoteFlags
	ep       bool
	coord    bool // no letter and a full from-square: any piece (UCI / pawn long form)
	reason   IllegalReason
}

// figurinePiece maps the third byte of U+2654..U+265F to a piece type.
var figurinePiece = [12]PieceType{King, Queen, Rook, Bishop, Knight, Pawn, King, Queen, Rook, Bishop, Knight, Pawn}

// isDash reports whether tok[i:] starts with a dash: '-', or an en dash,
// em dash or minus sign in UTF-8. It returns its length in bytes (0: none).
func isDash(tok []byte, i int, n int) int {
	c := tok[i]
	if c == '-' {
		return 1
	}
	if c == 0xE2 && i+2 < n {
		b1, b2 := tok[i+1], tok[i+2]
		if b1 == 0x80 && (b2 == 0x93 || b2 == 0x94) || b1 == 0x88 && b2 == 0x92 {
			return 3
		}
	}
	return 0
}

// stripSuffixes removes trailing glyphs, check marks, "e.p."/"ep" and
// blanks in any order, and returns the length of what is left.
func (s *moveSyntax) stripSuffixes(tok []byte) int {
	n := len(tok)
	for n > 0 {
		c := tok[n-1]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			n--
		case c == '!' || c == '?':
			n--
			s.notes |= Annotated
		case c == '+':
			if s.check != NoCheckMark {
				return n
			}
			if n >= 2 && tok[n-2] == '+' {
				s.check = CheckDoublePlus
				n -= 2
			} else {
				s.check = CheckPlus
				n--
			}
		case c == '#':
			if s.check != NoCheckMark {
				return n
			}
			s.check = CheckMate
			n--
		case c == '.' || c == 'p':
			// "e.p.", "e.p", "ep" (with something before it)
			if s.ep {
				return n
			}
			m := n
			if tok[m-1] == '.' {
				m--
			}
			if m < 2 || tok[m-1] != 'p' {
				return n
			}
			m--
			if tok[m-1] == '.' {
				m--
			}
			if m < 2 || tok[m-1] != 'e' {
				return n
			}
			s.ep = true
			n = m - 1
		case c >= 0xBC && n >= 3 && tok[n-3] == 0xE2 &&
			(tok[n-2] == 0x80 && c == 0xBC || tok[n-2] == 0x81 && c >= 0x87 && c <= 0x89):
			// ‼ ⁇ ⁈ ⁉
			n -= 3
			s.notes |= Annotated
		default:
			return n
		}
	}
	return n
}

// isNullToken reports whether tok[:n] is a null move.
func isNullToken(tok []byte, n int) bool {
	switch n {
	case 2:
		return tok[0] == '-' && tok[1] == '-' || tok[0] == 'Z' && tok[1] == '0'
	case 4:
		return string(tok[:4]) == "0000" || string(tok[:4]) == "@@@@" || string(tok[:4]) == "null"
	}
	return false
}

// latinOs appends b to dst with each Cyrillic or Greek letter O (upper or
// lower case) replaced by a Latin O, and returns it; nil when b has none or
// is longer than dst's capacity (so that it never allocates).
func latinOs(b, dst []byte) []byte {
	if len(b) > cap(dst) {
		return nil
	}
	found := false
	for i := 0; i < len(b); i++ {
		if i+1 < len(b) && (b[i] == 0xD0 && (b[i+1] == 0x9E || b[i+1] == 0xBE) || b[i] == 0xCE && (b[i+1] == 0x9F || b[i+1] == 0xBF)) {
			dst = append(dst, 'O')
			found = true
			i++
			continue
		}
		dst = append(dst, b[i])
	}
	if !found {
		return nil
	}
	return dst
}

// parseScriptCastling reads castling written with the Cyrillic or Greek
// letter O (О-О, as a keyboard set for Кр and Ф types it) in tok, which
// has no suffixes left.
func (s *moveSyntax) parseScriptCastling(tok []byte) bool {
	var buf [24]byte
	if m := latinOs(tok, buf[:0]); m != nil && s.parseCastling(m, len(m)) {
		s.notes |= CastlingNonStandard
		return true
	}
	return false
}

// parseCastling reads 0-0, O-O, o-o, 0-0-0, ... in tok[:n].
func (s *moveSyntax) parseCastling(tok []byte, n int) bool {
	count, dashes, zeros := 0, 0, 0
	nonStd := false
	i := 0
	for i < n {
		c := tok[i]
		if c != '0' && c != 'O' && c != 'o' {
			return false
		}
		count++
		switch c {
		case '0':
			zeros++
		case 'o':
			nonStd = true
		}
		i++
		if i < n {
			d := isDash(tok, i, n)
			if d == 0 {
				continue
			}
			if d > 1 {
				nonStd = true
				s.notes |= UnicodeSign
			}
			dashes++
			i += d
			if i == n {
				return false // trailing dash
			}
		}
	}
	if count != 2 && count != 3 || dashes != 0 && dashes != count-1 {
		return false
	}
	if dashes == 0 {
		nonStd = true
	}
	if zeros == count {
		s.notes |= ZeroCastling
	} else if zeros != 0 {
		nonStd = true
	}
	if nonStd {
		s.notes |= CastlingNonStandard
	}
	if count == 2 {
		s.castle = castleKingSide
	} else {
		s.castle = castleQueenSide
	}
	return true
}

// parse reads tok in language lang. It reports false when tok is not a
// move (s.reason then says Unreadable or NullMoveToken). forceLetter reads
// a leading lower-case letter as a piece even when it is a file letter.
func (s *moveSyntax) parse(tok []byte, lang Language, forceLetter bool) bool {
	*s = moveSyntax{fromFile: -1, fromRank: -1, to: NoSquare, reason: Unreadable}
	if lang >= numLanguages {
		lang = English
	}
	n := s.stripSuffixes(tok)
	if n == 0 {
		return false
	}
	if isNullToken(tok, n) {
		s.reason = NullMoveToken
		return false
	}
	switch tok[0] {
	case '0', 'O', 'o':
		if s.parseCastling(tok, n) {
			s.reason = NoReason
			return true
		}
		return false
	case 0xD0, 0xCE:
		if s.parseScriptCastling(tok[:n]) {
			s.reason = NoReason
			return true
		}
	}
	table := &letterTable[lang]
	i := 0
	c := tok[0]
	switch {
	case c >= 'A' && c <= 'Z':
		v := table[c]
		if v == 0 {
			return false
		}
		s.piece = PieceType(v)
		i = 1
	case c >= 'a' && c <= 'z':
		v := table[c]
		if v != 0 {
			if c <= 'h' && !forceLetter {
				s.alt = PieceType(v & 7)
			} else {
				s.piece = PieceType(v & 7)
				s.notes |= LowerCasePiece
				i = 1
			}
		}
	case c == 0xE2:
		if n >= 3 && tok[1] == 0x99 && tok[2] >= 0x94 && tok[2] <= 0x9F {
			s.piece = figurinePiece[tok[2]-0x94]
			s.notes |= Figurine
			i = 3
		}
	case c >= 0xC0:
		t, size, lower := matchScript(tok[:n], lang)
		if size == 0 {
			return false
		}
		s.piece, i = t, size
		if lower {
			s.notes |= LowerCasePiece
		}
	}
	if s.piece == Pawn {
		s.notes |= PawnLetter
	}

	var co [4]byte
	nc := 0
	sepAt := -1
coords:
	for i < n {
		c := tok[i]
		switch {
		case c >= 'a' && c <= 'h' || c >= '1' && c <= '8':
			if i == n-1 && nc >= 2 && isFile(c) && isRank(co[nc-1]) && isFile(co[nc-2]) {
				break coords // a lower-case promotion letter: e7e8b
			}
			if nc == 4 {
				return false
			}
			co[nc] = c
			nc++
			i++
		case c == 'x' || c == ':':
			if sepAt >= 0 {
				return false
			}
			sepAt, s.mark = nc, c
			i++
		case c == 0xC3 && i+1 < n && tok[i+1] == 0x97: // ×
			if sepAt >= 0 {
				return false
			}
			sepAt, s.mark = nc, 'x'
			s.notes |= UnicodeSign
			i += 2
		default:
			d := isDash(tok, i, n)
			if d == 0 {
				break coords
			}
			if sepAt >= 0 {
				return false
			}
			if d > 1 {
				s.notes |= UnicodeSign
			}
			sepAt, s.mark = nc, '-'
			i += d
		}
	}
	if nc < 2 || !isFile(co[nc-2]) || !isRank(co[nc-1]) || sepAt >= 0 && sepAt != nc-2 {
		return false
	}
	s.to = NewSquare(int(co[nc-2]-'a'), int(co[nc-1]-'1'))
	switch nc {
	case 3:
		if isFile(co[0]) {
			s.fromFile = int8(co[0] - 'a')
		} else {
			s.fromRank = int8(co[0] - '1')
		}
	case 4:
		if !isFile(co[0]) || !isRank(co[1]) {
			return false
		}
		s.fromFile = int8(co[0] - 'a')
		s.fromRank = int8(co[1] - '1')
	}
	if s.mark == '-' && nc != 4 {
		return false // a dash only between two full squares
	}

	if i < n && !s.parsePromotion(tok[i:n], lang) {
		return false
	}
	if s.piece == NoPieceType {
		if s.fromFile >= 0 && s.fromRank >= 0 {
			s.coord = true
		} else {
			s.piece = Pawn
		}
	}
	s.reason = NoReason
	return true
}

func isFile(c byte) bool { return c >= 'a' && c <= 'h' }
func isRank(c byte) bool { return c >= '1' && c <= '8' }

// parsePromotion reads "=Q", "Q", "q", "(Q)", "/Q" (letters of lang).
func (s *moveSyntax) parsePromotion(b []byte, lang Language) bool {
	i := 0
	closing := byte(0)
	switch b[0] {
	case '=':
		i = 1
	case '/':
		i = 1
		s.notes |= PromotionBracketed
	case '(':
		i = 1
		closing = ')'
		s.notes |= PromotionBracketed
	default:
		s.notes |= PromotionNoEquals
	}
	if i < len(b) && b[i] == '(' && closing == 0 { // "=(Q)"
		i++
		closing = ')'
	}
	if i >= len(b) {
		return false
	}
	c := b[i]
	var t PieceType
	switch {
	case c >= 'A' && c <= 'Z':
		t = PieceType(letterTable[lang][c])
		if t == NoPieceType {
			return false
		}
		i++
	case c >= 'a' && c <= 'z':
		t = PieceType(letterTable[lang][c] & 7)
		if t == NoPieceType || t == Pawn || t == King {
			// UCI writes promotions in lower-case English letters.
			if e := PieceType(letterTable[English][c] & 7); e >= Knight && e <= Queen {
				t = e
			}
		}
		if t == NoPieceType {
			return false
		}
		i++
	case c == 0xE2 && i+2 < len(b) && b[i+1] == 0x99 && b[i+2] >= 0x94 && b[i+2] <= 0x9F:
		t = figurinePiece[b[i+2]-0x94]
		s.notes |= Figurine
		i += 3
	case c >= 0xC0:
		var size int
		t, size, _ = matchScript(b[i:], lang)
		if size == 0 {
			return false
		}
		i += size
	default:
		return false
	}
	if closing != 0 {
		if i >= len(b) || b[i] != closing {
			return false
		}
		i++
	}
	if i != len(b) {
		return false
	}
	s.promo = t
	if t < Knight || t > Queen {
		s.promoBad = true
	}
	return true
}
