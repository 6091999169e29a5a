package chess

// UCI returns m in UCI long algebraic notation: e2e4, e7e8q, "0000" for
// NullMove. Castling is written as the king's move (e1g1) in standard chess
// and as king takes own rook (e1h1) in Chess960, as UCI engines expect.
func (p *Position) UCI(m Move) string {
	var buf [5]byte
	return string(p.AppendUCI(buf[:0], m))
}

// AppendUCI appends the UCI text of m (see UCI) to dst.
func (p *Position) AppendUCI(dst []byte, m Move) []byte {
	return m.AppendUCI(dst, p.chess960)
}

// AppendUCI appends the UCI form of m to dst, as Position.AppendUCI does
// for a position of the given kind: castling is the king's move to its
// target square in standard chess and king takes rook in Chess960.
func (m Move) AppendUCI(dst []byte, chess960 bool) []byte {
	if m == NullMove {
		return append(dst, "0000"...)
	}
	from, to := m.From(), m.To()
	if m.IsCastle() && !chess960 {
		to = CastleKingTarget(m)
	}
	dst = append(dst, byte('a'+from.File()), byte('1'+from.Rank()), byte('a'+to.File()), byte('1'+to.Rank()))
	if pt := m.Promotion(); pt != NoPieceType {
		dst = append(dst, pt.Letter()+'a'-'A')
	}
	return dst
}

// ParseUCI reads a move in UCI notation and returns it if it is legal in p.
// Castling is accepted both as the king's move (e1g1) and as king takes own
// rook (e1h1), in standard chess and in Chess960 (where a king move to the
// same square, if legal, takes precedence over the e1g1 reading). The
// promotion letter may be upper or lower case. "0000" is not accepted: null
// moves are not legal moves.
func (p *Position) ParseUCI(s string) (Move, bool) {
	if len(s) != 4 && len(s) != 5 {
		return NullMove, false
	}
	from, ok1 := ParseSquare(s[0:2])
	to, ok2 := ParseSquare(s[2:4])
	if !ok1 || !ok2 {
		return NullMove, false
	}
	promo := NoPieceType
	if len(s) == 5 {
		switch s[4] {
		case 'q', 'Q':
			promo = Queen
		case 'r', 'R':
			promo = Rook
		case 'b', 'B':
			promo = Bishop
		case 'n', 'N':
			promo = Knight
		default:
			return NullMove, false
		}
	}
	pc := p.board[from]
	if pc == NoPiece || pc.Color() != p.side {
		return NullMove, false
	}
	var ml MoveList
	p.genLegal(&ml, 1<<pc.Type(), to.Bitboard())
	var castle Move
	for _, m := range ml.Moves[:ml.N] {
		if m.From() != from || m.Promotion() != promo {
			continue
		}
		if m.To() == to {
			return m, true
		}
		if m.IsCastle() && CastleKingTarget(m) == to {
			castle = m
		}
	}
	if castle != NullMove {
		return castle, true
	}
	return NullMove, false
}
