package chess

// Play plays m, which must be legal in p (from LegalMoves, or checked with
// IsLegal or ParseUCI): it moves the pieces, updates castling rights (lost
// when the king or that rook moves, or the rook is captured on its square),
// the en passant square, the clocks, the side to move and the hash. To undo
// a move, keep a copy of the Position from before. NullMove passes the turn
// ("--" in PGN): only the side to move, the clocks and the en passant square
// change. Playing an illegal move leaves p in an unspecified (but safe) state.
func (p *Position) Play(m Move) {
	us := p.side
	p.hash ^= zobSide
	if p.epLegal {
		p.hash ^= zobEP[p.ep.File()]
		p.epLegal = false
	}
	p.ep = NoSquare
	p.halfmove++
	if us == Black {
		p.fullmove++
	}
	p.side = us ^ 1
	if m == NullMove {
		return
	}

	f, t := uint(m)&63, uint(m>>6)&63
	from, to := Square(f), Square(t)
	pc := p.board[f]
	switch m.Kind() {
	case FlagNormal:
		// Written out rather than through remove and movePiece: the
		// squares are known to be on the board (no bounds checks, no
		// guarded shifts) and the hash is updated once.
		fb, tb := Bitboard(1)<<f, Bitboard(1)<<t
		pc &= 15
		h := p.hash ^ zobPiece[pc][f] ^ zobPiece[pc][t]
		if x := p.board[t] & 15; x != NoPiece {
			p.byType[x.Type()] ^= tb
			p.byColor[x>>3&1] ^= tb
			p.byType[NoPieceType] ^= fb
			h ^= zobPiece[x][t]
			p.halfmove = 0
		} else {
			p.byType[NoPieceType] ^= fb | tb
		}
		p.board[f] = NoPiece
		p.board[t] = pc
		p.byType[pc.Type()] ^= fb | tb
		p.byColor[pc>>3&1] ^= fb | tb
		p.hash = h
		if pc.Type() == Pawn {
			p.halfmove = 0
			if to-from == 16 || from-to == 16 {
				p.ep = (from + to) / 2
				if pawnAttacks[us][p.ep]&p.byType[Pawn]&p.byColor[us^1] != 0 && p.computeEPLegal() {
					p.epLegal = true
					p.hash ^= zobEP[p.ep.File()]
				}
			}
		}
		// Castling rights are tied to squares of the back ranks (the
		// castling rooks' squares, and the king's while it holds one).
		if p.castle != 0 && ((fb|tb)&(Rank1|Rank8) != 0 || pc.Type() == King) {
			p.updateCastling(from, to, pc)
		}
		return
	case FlagPromotion:
		if p.board[to] != NoPiece {
			p.remove(to)
		}
		p.remove(from)
		p.put(MakePiece(us, m.Promotion()), to)
		p.halfmove = 0
	case FlagEnPassant:
		p.remove(epVictim(from, to))
		p.movePiece(from, to)
		p.halfmove = 0
	case FlagCastle:
		kt, rt := castleTargetsOf(m)
		rook := p.board[to]
		p.remove(from)
		p.remove(to)
		p.put(pc, kt)
		p.put(rook, rt)
	}
	if p.castle != 0 {
		p.updateCastling(from, to, pc)
	}
}

// updateCastling removes the castling rights lost by a move from -> to of piece pc.
func (p *Position) updateCastling(from, to Square, pc Piece) {
	old := p.castle
	c := old
	// written out: four rights, each lost when its rook's square is touched
	r := &p.castleRook
	if r[0] == from || r[0] == to {
		c &^= 1
	}
	if r[1] == from || r[1] == to {
		c &^= 2
	}
	if r[2] == from || r[2] == to {
		c &^= 4
	}
	if r[3] == from || r[3] == to {
		c &^= 8
	}
	if pc.Type() == King {
		c &^= 3 << (2 * pc.Color())
	}
	if c != old {
		p.castle = c
		p.hash ^= zobCastle[old] ^ zobCastle[c]
	}
}
