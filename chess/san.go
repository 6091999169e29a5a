package chess

// SAN returns m in Standard Algebraic Notation (English letters): the
// piece letter, the minimal disambiguation (file, else rank, else both;
// Appendix C.10), 'x' for captures, the target square, "=Q" for
// promotions, O-O / O-O-O for castling (Chess960 too), and '+' or '#'.
// m must be legal in p.
func (p *Position) SAN(m Move) string {
	var buf [16]byte
	return string(p.AppendSANLang(buf[:0], m, English))
}

// AppendSAN appends the SAN of m (see SAN) to dst. It does not allocate
// when dst has room.
func (p *Position) AppendSAN(dst []byte, m Move) []byte {
	return p.AppendSANLang(dst, m, English)
}

// AppendSANLang appends m in short algebraic notation with the piece
// letters of lang. English is standard SAN (see SAN); the other languages
// follow the FIDE Appendix C style: castling 0-0 / 0-0-0 and promotion
// without '=' (d8D). Check and mate are '+' and '#' in every language.
//
// A move that is not even pseudo-legal in p (no piece of the side to move
// on its from-square) is written in UCI coordinates, and NullMove as "--".
func (p *Position) AppendSANLang(dst []byte, m Move, lang Language) []byte {
	if lang >= numLanguages {
		lang = English
	}
	if m == NullMove {
		return append(dst, '-', '-')
	}
	from, to := m.From(), m.To()
	pc := p.PieceAt(from)
	if pc == NoPiece || pc.Color() != p.SideToMove() {
		return p.AppendUCI(dst, m)
	}
	letters, symbols := &pieceLetters[lang], &scriptSymbols[lang] // symbols: another alphabet
	switch {
	case m.IsCastle():
		o := byte('O')
		if lang != English {
			o = '0'
		}
		dst = append(dst, o, '-', o)
		if to < from {
			dst = append(dst, '-', o)
		}
	case pc.Type() == Pawn:
		if from.File() != to.File() {
			dst = append(dst, byte('a'+from.File()), 'x')
		}
		dst = append(dst, byte('a'+to.File()), byte('1'+to.Rank()))
		if m.IsPromotion() {
			if lang == English {
				dst = append(dst, '=')
			}
			if c := letters[m.Promotion()]; c != 0 {
				dst = append(dst, c)
			} else {
				dst = append(dst, symbols[m.Promotion()]...)
			}
		}
	default:
		pt := pc.Type()
		if c := letters[pt]; c != 0 {
			dst = append(dst, c)
		} else {
			dst = append(dst, symbols[pt]...)
		}
		// A king needs a square only in positions with several kings of
		// one colour, which FEN tags can set up.
		if pt != King || p.Pieces(p.SideToMove(), King).More() {
			froms, ok := p.legalFroms(pt, to)
			if !ok {
				var ml MoveList
				p.LegalMovesTo(&ml, pt, to.Bitboard())
				froms = sameKindFroms(p, &ml, m)
			}
			switch disambiguation(froms, from) {
			case needFile:
				dst = append(dst, byte('a'+from.File()))
			case needRank:
				dst = append(dst, byte('1'+from.Rank()))
			case needBoth:
				dst = append(dst, byte('a'+from.File()), byte('1'+from.Rank()))
			}
		}
		if p.PieceAt(to) != NoPiece {
			dst = append(dst, 'x')
		}
		dst = append(dst, byte('a'+to.File()), byte('1'+to.Rank()))
	}
	if p.givesCheck(m) {
		if p.matesAfter(m) {
			dst = append(dst, '#')
		} else {
			dst = append(dst, '+')
		}
	}
	return dst
}
