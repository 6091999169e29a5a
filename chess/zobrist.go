package chess

// Zobrist hashing with the Polyglot numbers (see polyglotRandom), so that
// Hash equals the Polyglot book key in every position without an en passant
// square. The two differ only in when the en passant file is hashed: Hash
// follows art. 9.2.3 of the FIDE Laws (only when a legal en passant capture
// exists), Polyglot hashes it whenever a pawn of the side to move stands next
// to the pawn that just made a double step.

var (
	zobPiece  = zobristPieces()                    // indexed by Piece and Square
	zobCastle = zobristCastling()                  // indexed by the castling rights mask
	zobEP     = [8]uint64(polyglotRandom[772:780]) // indexed by file
	zobSide   = polyglotRandom[780]                // White to move
)

func zobristPieces() (t [16][64]uint64) {
	for c := White; c <= Black; c++ {
		for pt := Pawn; pt <= King; pt++ {
			kind := 2 * int(pt-Pawn)
			if c == White {
				kind++
			}
			for s := 0; s < 64; s++ {
				t[MakePiece(c, pt)][s] = polyglotRandom[64*kind+s]
			}
		}
	}
	return t
}

func zobristCastling() (t [16]uint64) {
	for mask := range t {
		for i := 0; i < 4; i++ {
			if mask&(1<<i) != 0 {
				t[mask] ^= polyglotRandom[768+i]
			}
		}
	}
	return t
}

// Hash returns the 64-bit Zobrist hash of the position's identity under art.
// 9.2.3 of the FIDE Laws: placement, side to move, castling rights, and the
// en passant file only when a legal en passant capture exists. Equal
// positions have equal hashes; confirm a match with Key. Play updates it
// incrementally.
func (p *Position) Hash() uint64 { return p.hash }

// PolyglotKey returns the key of the position in the Polyglot opening book
// format: like Hash, but the en passant file is included whenever the last
// move was a double pawn step and a pawn of the side to move stands next to
// the pawn that made it, legal capture or not.
func (p *Position) PolyglotKey() uint64 {
	h := p.hash
	if p.epLegal {
		h ^= zobEP[p.ep.File()]
	}
	if p.ep != NoSquare && pawnAttacks[p.side^1][p.ep]&p.byType[Pawn]&p.byColor[p.side] != 0 {
		h ^= zobEP[p.ep.File()]
	}
	return h
}

// computeHash returns the hash of p computed from scratch (p.epLegal must be up to date).
func (p *Position) computeHash() uint64 {
	var h uint64
	for b := p.byType[NoPieceType]; b != 0; {
		s := b.PopFirst()
		h ^= zobPiece[p.board[s]][s]
	}
	h ^= zobCastle[p.castle]
	if p.epLegal {
		h ^= zobEP[p.ep.File()]
	}
	if p.side == White {
		h ^= zobSide
	}
	return h
}

// HashAfterQuiet returns what Hash would be after playing m, a legal move
// that neither captures nor moves a pawn (a normal piece move or castling),
// without playing it: such a move leaves no en passant square, so the new
// hash follows from the pieces moved, the castling rights lost and the side
// to move. Repetition checks use it to test every move of a position
// cheaply. For other moves the result is unspecified.
func (p *Position) HashAfterQuiet(m Move) uint64 {
	h := p.hash ^ zobSide
	if p.epLegal {
		h ^= zobEP[p.ep.File()]
	}
	from, to := m.From(), m.To()
	pc := p.board[from]
	if m.Kind() == FlagCastle {
		kt, rt := castleTargetsOf(m)
		rook := p.board[to]
		h ^= zobPiece[pc][from] ^ zobPiece[rook][to] ^ zobPiece[pc][kt] ^ zobPiece[rook][rt]
	} else {
		h ^= zobPiece[pc][from] ^ zobPiece[pc][to]
	}
	if c := p.castle; c != 0 {
		for i := 0; i < 4; i++ {
			if c&(1<<i) != 0 && (p.castleRook[i] == from || p.castleRook[i] == to) {
				c &^= 1 << i
			}
		}
		if pc.Type() == King {
			c &^= 3 << (2 * pc.Color())
		}
		h ^= zobCastle[p.castle] ^ zobCastle[c]
	}
	return h
}
