package chess

import "strings"

// Explain returns a one-line English explanation of pm, which ParseMove
// read from tok in position p, for reports: for example
//
//	illegal: the knight on d2 is pinned (it would leave the king on e1 in check)
//	ambiguous: knights on b1 and f2 can both move to d2
//	castling not allowed: the king has moved (no castling right)
//	ok: Nf3 (long form)
//
// It allocates; it is meant for the rare moves that are reported.
func (pm ParsedMove) Explain(p *Position, tok []byte) string {
	var b strings.Builder
	us := p.SideToMove()
	name := pm.Piece.String()
	if pm.Piece == NoPieceType {
		if pc := p.PieceAt(pm.From); pc != NoPiece {
			name = pc.Type().String()
		} else if pm.Candidates != 0 {
			name = p.PieceAt(pm.Candidates.First()).Type().String()
		}
	}
	switch pm.Status {
	case MoveOK:
		b.WriteString("ok: ")
		b.WriteString(p.SAN(pm.Move))
		if pm.Notes != 0 {
			b.WriteString(" (")
			b.WriteString(pm.Notes.String())
			b.WriteString(")")
		}
		return b.String()
	case MoveUnreadable:
		if pm.Reason == NullMoveToken {
			return "not a move: " + quote(tok) + " is a null move"
		}
		return "unreadable: " + quote(tok) + " is not a move"
	case MoveAmbiguous:
		n := pm.Candidates.Count()
		b.WriteString("ambiguous: ")
		if pm.Piece == NoPieceType {
			b.WriteString("pieces")
		} else {
			b.WriteString(plural(name))
		}
		b.WriteString(" on ")
		b.WriteString(squareList(pm.Candidates))
		if n == 2 {
			b.WriteString(" can both move to ")
		} else {
			b.WriteString(" can all move to ")
		}
		b.WriteString(pm.To.String())
		return b.String()
	}

	// MoveIllegal
	ksq := p.KingSquare(us)
	switch pm.Reason {
	case CastlingNoRight, CastlingBlocked, CastlingThroughCheck, CastlingInCheck:
		return "castling not allowed: " + p.castlingExplanation(pm)
	case NoPieceOnFrom:
		return "illegal: there is no piece on " + pm.From.String()
	case WrongPieceOnFrom:
		pc := p.PieceAt(pm.From)
		if pc.Color() != us {
			return "illegal: the " + pc.Type().String() + " on " + pm.From.String() + " is " + pc.Color().String() + " and " + us.String() + " is to move"
		}
		return "illegal: the piece on " + pm.From.String() + " is " + article(pc.Type().String()) + ", not " + article(name)
	case WrongPromotion:
		lastRank := pm.To != NoSquare && pm.To.Rank() == 7-7*int(us)
		switch {
		case pm.Promotion == King || pm.Promotion == Pawn:
			return "illegal: a pawn can only be promoted to a queen, rook, bishop or knight, not to " + article(pm.Promotion.String())
		case pm.Promotion != NoPieceType && !lastRank:
			return "illegal: only a pawn reaching the last rank is promoted (" + pm.To.String() + " is not on it)"
		case pm.Promotion == NoPieceType:
			return "illegal: the pawn reaching " + pm.To.String() + " must be promoted: the new piece is missing"
		}
		return "illegal: wrong promotion"
	case NoPieceCanReach:
		if pm.From != NoSquare {
			pc := p.PieceAt(pm.From)
			return "illegal: the " + pc.Type().String() + " on " + pm.From.String() + " cannot move to " + pm.To.String()
		}
		if pm.Piece == NoPieceType {
			return "illegal: no piece can move to " + pm.To.String()
		}
		return "illegal: no " + name + " can move to " + pm.To.String()
	case DestinationOccupied:
		pc := p.PieceAt(pm.To)
		return "illegal: " + pm.To.String() + " is occupied by the mover's own " + pc.Type().String()
	case Pinned:
		b.WriteString("illegal: the ")
		if pm.Candidates.More() {
			b.WriteString(plural(name))
			b.WriteString(" on ")
			b.WriteString(squareList(pm.Candidates))
			b.WriteString(" are pinned (each would leave the king on ")
		} else {
			b.WriteString(name)
			b.WriteString(" on ")
			b.WriteString(squareList(pm.Candidates))
			b.WriteString(" is pinned (it would leave the king on ")
		}
		b.WriteString(ksq.String())
		b.WriteString(" in check)")
		return b.String()
	case LeavesKingInCheck:
		if pm.Piece == King && ksq != NoSquare {
			return "illegal: the king on " + ksq.String() + " would be in check on " + pm.To.String()
		}
		if ksq != NoSquare && p.InCheck() {
			return "illegal: the king on " + ksq.String() + " is in check and " + quote(tok) + " does not parry it"
		}
		return "illegal: the move would leave the king in check"
	}
	return "illegal: " + pm.Reason.String()
}

// castlingExplanation says why castling (pm.Reason) is not allowed.
func (p *Position) castlingExplanation(pm ParsedMove) string {
	us := p.SideToMove()
	ksq := p.KingSquare(us)
	kingSide := pm.To == NoSquare || pm.To.File() >= 4
	switch pm.Reason {
	case CastlingInCheck:
		return "the king is in check"
	case CastlingNoRight:
		if ksq == NoSquare {
			return "there is no king (no castling right)"
		}
		if !p.Chess960() {
			home := NewSquare(4, 7*int(us))
			rook := NewSquare(0, 7*int(us))
			if kingSide {
				rook = NewSquare(7, 7*int(us))
			}
			if ksq != home {
				return "the king has moved (no castling right)"
			}
			if p.PieceAt(rook) != MakePiece(us, Rook) {
				return "the rook on " + rook.String() + " has moved or been taken (no castling right)"
			}
		}
		return "the king or the rook has moved earlier (no castling right)"
	}
	rook := p.CastlingRook(us, kingSide)
	if ksq == NoSquare || rook == NoSquare {
		return pm.Reason.String()
	}
	kingTo := CastleKingTarget(NewCastle(ksq, rook))
	rookTo := NewSquare(5, kingTo.Rank())
	if !kingSide {
		rookTo = NewSquare(3, kingTo.Rank())
	}
	kr := ksq.Bitboard() | rook.Bitboard()
	occ := p.Occupied() &^ kr
	switch pm.Reason {
	case CastlingBlocked:
		path := Between(ksq, kingTo) | kingTo.Bitboard() | Between(rook, rookTo) | rookTo.Bitboard()
		return "pieces stand between the king and the rook or on their target squares (" + squareList(path&occ) + ")"
	case CastlingThroughCheck:
		var hit Bitboard
		for b := Between(ksq, kingTo) | kingTo.Bitboard(); b != 0; {
			s := b.PopFirst()
			if p.AttackersTo(s, us.Other(), occ) != 0 {
				hit |= s.Bitboard()
			}
		}
		if hit == kingTo.Bitboard() {
			return "the king would land on the attacked square " + kingTo.String()
		}
		return "the king would pass through the attacked square " + squareList(hit&^kingTo.Bitboard())
	}
	return pm.Reason.String()
}

// squareList writes the squares of b as "b1", "b1 and f2" or "b1, d4 and f2".
func squareList(b Bitboard) string {
	var parts []string
	for b != 0 {
		parts = append(parts, b.PopFirst().String())
	}
	switch len(parts) {
	case 0:
		return "-"
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

func plural(name string) string {
	if name == "" || name == "none" {
		return "pieces"
	}
	return name + "s"
}

func article(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case 'a', 'e', 'i', 'o', 'u':
		return "an " + s
	}
	return "a " + s
}

func quote(tok []byte) string {
	return "\"" + strings.TrimSpace(string(tok)) + "\""
}
