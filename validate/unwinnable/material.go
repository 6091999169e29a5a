package unwinnable

import "github.com/arbiter-chess/arbiter/chess"

// Square colours. A square is dark when file+rank is even (a1 is dark).
const (
	darkSquares  chess.Bitboard = 0xAA55AA55AA55AA55
	lightSquares chess.Bitboard = ^darkSquares
)

// CannotMateByMaterial reports whether colour c can never checkmate in p
// whatever the moves, judged from the material on the board alone. It is
// sound (true only when no sequence of legal moves lets c mate) and cheap
// enough for every ply, but incomplete: blocked pawns, forced lines and the
// like are left to Analyze. The rules, each invariant under every future move
// because nobody can gain a new kind of piece without a pawn:
//
//   - c has only its king;
//   - c has king and one knight, and the opponent has nothing but its king
//     and queens (a knight mates only against a king boxed in by its own
//     pawns, minor pieces or rooks; queens can always take the checker);
//   - c has king and bishops all on squares of one colour, there are no
//     pawns and no knights on the board, and the opponent has no bishop on
//     the other colour (a bishop check on one colour leaves a flight square of
//     the other colour beside the checking line, which only an enemy piece
//     could block, and an enemy rook or queen standing there can always
//     interpose or capture).
func CannotMateByMaterial(p *chess.Position, c chess.Color) bool {
	return cannotMate(p, c, c.Other())
}

func cannotMate(p *chess.Position, w, l chess.Color) bool {
	if p.Pieces(w, chess.Pawn)|p.Pieces(w, chess.Rook)|p.Pieces(w, chess.Queen) != 0 {
		return false
	}
	wn := p.Pieces(w, chess.Knight)
	wb := p.Pieces(w, chess.Bishop)
	if wn|wb == 0 {
		return true
	}
	if p.Pieces(l, chess.Pawn) != 0 {
		return false // the opponent may promote to a blocker
	}
	if wb == 0 {
		if wn.Count() != 1 {
			return false
		}
		return p.Pieces(l, chess.Knight)|p.Pieces(l, chess.Bishop)|p.Pieces(l, chess.Rook) == 0
	}
	if wn != 0 || p.Pieces(l, chess.Knight) != 0 {
		return false
	}
	lb := p.Pieces(l, chess.Bishop)
	switch {
	case wb&darkSquares == 0:
		return lb&darkSquares == 0
	case wb&lightSquares == 0:
		return lb&lightSquares == 0
	}
	return false
}

// needsPromotion reports whether w's own material could never mate without
// a promotion of the opponent: w has no pawn, rook or queen and only a lone
// knight or bishops of one colour. Used by the move heuristics only.
func needsPromotion(p *chess.Position, w chess.Color) bool {
	if p.Pieces(w, chess.Pawn)|p.Pieces(w, chess.Rook)|p.Pieces(w, chess.Queen) != 0 {
		return false
	}
	wn := p.Pieces(w, chess.Knight)
	wb := p.Pieces(w, chess.Bishop)
	if wb == 0 {
		return wn.Count() <= 1
	}
	return wn == 0 && (wb&darkSquares == 0 || wb&lightSquares == 0)
}

// validPosition reports whether p is a position the analysis can trust:
// one king per side, no pawn on the first or last rank, and the side not to
// move not in check (otherwise the side to move could take the king).
func validPosition(p *chess.Position) bool {
	const backRanks chess.Bitboard = 0xFF000000000000FF
	if p.Pieces(chess.White, chess.King).Count() != 1 || p.Pieces(chess.Black, chess.King).Count() != 1 {
		return false
	}
	if (p.Pieces(chess.White, chess.Pawn)|p.Pieces(chess.Black, chess.Pawn))&backRanks != 0 {
		return false
	}
	us := p.SideToMove()
	return p.AttackersTo(p.KingSquare(us.Other()), us, p.Occupied()) == 0
}
