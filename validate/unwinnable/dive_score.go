package unwinnable

import "github.com/arbiter-chess/arbiter/chess"

// The dives' scores: how much each move serves the generic plan or the
// corner plan, for the winner and for the loser (see dive.go).

// diveNoise is the noise added to the score of the i-th move of a ply.
func diveNoise(i int, seed, noise uint32) int32 {
	r := uint32(i)*2654435761 + seed
	r ^= r >> 15
	r *= 0x2c1b3c6d
	r ^= r >> 12
	return int32(r & noise)
}

// scoreWinner fills a.scores (score*16 plus the noise) for the moves of f
// under the generic plan, the winner to move: a queen promotion first;
// captures by value; pawn pushes, the further the better; the king towards
// the piece blocking its pawn (pawnT; by steps around the pawns, see
// kingRoute) or to two squares from the loser's king, the other pieces towards that king but not next to it; a possible
// check (f.class, set by mateInOne) a little; a piece left where the loser
// can take it and only one winner's piece defends it, much less. It returns
// the index of the best score (the first one).
func (a *Analyzer) scoreWinner(p *chess.Position, ctx *diveContext, f *frame, seed, noise uint32) (best int) {
	w := a.w
	occ, lk := ctx.occ, ctx.lk
	toLK := &distTable[lk&63] // the distances to the loser's king
	bs := triedScore
	exposed := ctx.lAtt &^ ctx.wAtt2
	// The moves come grouped by the square they leave: look the piece and
	// its distance to the loser's king up once per group.
	lastFrom, pt, dFrom := chess.NoSquare, chess.NoPieceType, 0
	var route *kingDist // the king's way to pawnT, got at its first move
	moves := f.ml.Moves[:f.ml.N]
	scores, class := a.scores[:len(moves)], f.class[:len(moves)]
	for i, m := range moves {
		from, to := m.From(), m.To()
		if from != lastFrom {
			lastFrom, pt, dFrom = from, p.PieceAt(from).Type(), int(toLK[from&63])
		}
		s := 0
		if k := m.Kind(); k == chess.FlagNormal {
			if occ.Has(to) {
				s = 40 + 10*pieceValue[p.PieceAt(to).Type()]
			}
		} else if k == chess.FlagEnPassant {
			s = 40 + 10*pieceValue[chess.Pawn]
		} else {
			s, _ = specialScore(m)
			goto done
		}
		switch pt {
		case chess.Pawn:
			s += 15 + (to.Rank()^int(w)*7)*2
			if exposed.Has(to) {
				s -= 30 + 5*pieceValue[chess.Pawn]
			}
		case chess.King:
			if ctx.pawnT != chess.NoSquare {
				if route == nil {
					route = a.kingRoute(p, ctx.pawnT)
				}
				s += 6 * (route.at(from) - route.at(to))
			} else {
				s += 6 * (abs(dFrom-2) - abs(int(toLK[to&63])-2))
			}
		default:
			dt := int(toLK[to&63])
			s += 4 * (dFrom - dt)
			if dt <= 1 {
				s -= 3 // next to the king it is usually taken
			}
			if exposed.Has(to) {
				// Do not hand the loser a piece the mate may need.
				s -= 30 + 5*pieceValue[pt]
			}
		}
		if class[i] != 0 {
			s += 6
		}
	done:
		best, bs = keepScore(scores, i, s, seed, noise, best, bs)
	}
	return best
}

// scoreLoser fills a.scores (score*16 plus the noise) for the moves of f
// under the generic plan, the loser to move: no captures; the king towards
// the winner's king (not next to it) and the edge, or away from its own
// piece that the winner's king goes for (pawnT); pawns stay unless a
// promoted blocker is needed (ctx.promo); other pieces step onto squares
// the winner attacks or next to their king. It returns the index of the best
// score (the first one).
func (a *Analyzer) scoreLoser(p *chess.Position, ctx *diveContext, f *frame, seed, noise uint32) (best int) {
	occ, lk, wk := ctx.occ, ctx.lk, ctx.wk
	bs := triedScore
	moves := f.ml.Moves[:f.ml.N]
	scores := a.scores[:len(moves)]
	for i, m := range moves {
		from, to := m.From(), m.To()
		var s int
		switch m.Kind() {
		case chess.FlagCastle:
			s = -5
			goto done
		case chess.FlagEnPassant:
			s = -60 - 10*pieceValue[chess.Pawn]
			goto done
		}
		if occ.Has(to) {
			s = -60 - 10*pieceValue[p.PieceAt(to).Type()]
			goto done
		}
		switch p.PieceAt(from).Type() {
		case chess.King:
			dt := dist(to, wk)
			if ctx.pawnT != chess.NoSquare && p.ByColor(a.l).Has(ctx.pawnT) {
				s = 8 * (dist(to, ctx.pawnT) - dist(from, ctx.pawnT))
			} else {
				s = 8*(dist(from, wk)-dt) + 3*(edgeDist(from)-edgeDist(to))
			}
			if dt < 2 {
				s -= 20
			}
		case chess.Pawn:
			pr := m.Promotion()
			switch {
			case ctx.promo && pr == chess.Queen:
				s = -10
			case ctx.promo:
				s = 30
			case pr != chess.NoPieceType && pr != chess.Knight:
				s = -30
			default:
				s = -2
			}
		default:
			// Another loser piece: step aside from the king's path, or
			// next to it as a blocker; offering it to the winner
			// simplifies.
			if ctx.wAtt1.Has(to) {
				s += 5
			}
			if dist(to, lk) == 1 {
				s += 2
			}
		}
	done:
		best, bs = keepScore(scores, i, s, seed, noise, best, bs)
	}
	return best
}

// cornerWinnerScores fills a.scores (score*16 plus the noise) for the
// winner's moves of f under the corner plan, for when
// the winner has only minor pieces: its king and pieces close in on the
// target corner, captures are avoided (the loser's pieces are to become
// blockers) unless the winner has a queen, rook or pawn, or the piece
// taken is a queen; a possible check (f.class) counts a little. It
// returns the index of the best score (the first one).
func (a *Analyzer) cornerWinnerScores(p *chess.Position, ctx *diveContext, f *frame, seed, noise uint32) (best int) {
	c := ctx.corner
	toC := &distTable[c&63] // the distances to the corner
	exposed := ctx.lAtt &^ ctx.wAtt2
	bs := triedScore
	// The moves come grouped by the square they leave.
	lastFrom, pt, dFrom := chess.NoSquare, chess.NoPieceType, 0
	moves := f.ml.Moves[:f.ml.N]
	scores, class := a.scores[:len(moves)], f.class[:len(moves)]
	for i, m := range moves {
		from, to := m.From(), m.To()
		if from != lastFrom {
			lastFrom, pt, dFrom = from, p.PieceAt(from).Type(), int(toC[from&63])
		}
		s := 0
		if k := m.Kind(); k == chess.FlagNormal {
			if ctx.occ.Has(to) {
				s = cornerCapture(ctx, p.PieceAt(to).Type())
			}
		} else if k == chess.FlagEnPassant {
			s = cornerCapture(ctx, chess.Pawn)
		} else {
			s, _ = specialScore(m)
			goto done
		}
		switch pt {
		case chess.Pawn:
			s += 15 + (to.Rank()^int(a.w)*7)*2
		case chess.King:
			s += 6 * (abs(dFrom-2) - abs(int(toC[to&63])-2))
		default:
			s += 4 * (abs(dFrom-3) - abs(int(toC[to&63])-3))
			if exposed.Has(to) {
				s -= 30
			}
		}
		if class[i] != 0 {
			s += 3
		}
	done:
		best, bs = keepScore(scores, i, s, seed, noise, best, bs)
	}
	return best
}

// cornerCapture is the score of the winner's capture of a piece of type
// capt under the corner plan.
func cornerCapture(ctx *diveContext, capt chess.PieceType) int {
	if ctx.heavy || capt == chess.Queen {
		// A queen next to the corner can always interpose on the
		// bishop's line or take the checker: a bad blocker.
		return 40 + 10*pieceValue[capt]
	}
	return -10 - 5*pieceValue[capt] // blockers are needed
}

// cornerLoserScores fills a.scores (score*16 plus the noise) for the
// loser's moves of f under the corner plan: its king
// goes to the target corner, its other pieces gather around it as blockers
// off the bishop's line into the corner (its pawns promote to new ones
// when the winner needs that, ctx.promo), and nothing is captured. It
// returns the index of the best score (the first one).
func (a *Analyzer) cornerLoserScores(p *chess.Position, ctx *diveContext, f *frame, seed, noise uint32) (best int) {
	c := ctx.corner
	toC := &distTable[c&63] // the distances to the corner
	bs := triedScore
	lastFrom, pt, dFrom := chess.NoSquare, chess.NoPieceType, 0
	moves := f.ml.Moves[:f.ml.N]
	scores := a.scores[:len(moves)]
	for i, m := range moves {
		from, to := m.From(), m.To()
		if from != lastFrom {
			lastFrom, pt, dFrom = from, p.PieceAt(from).Type(), int(toC[from&63])
		}
		var s int
		switch {
		case m.IsCastle():
			s = -5
		case m.IsEnPassant():
			s = -60 - 10*pieceValue[chess.Pawn]
		case ctx.occ.Has(to):
			s = -60 - 10*pieceValue[p.PieceAt(to).Type()]
		case pt == chess.King:
			s = 15 * (dFrom - int(toC[to&63]))
		default:
			// Keep the bishop's checking line into the corner open.
			if ctx.diag.Has(from) && !ctx.diag.Has(to) {
				s = 12
			} else if ctx.diag.Has(to) {
				s = -15
			}
			dTo := int(toC[to&63])
			if pt == chess.Pawn {
				if !ctx.promo {
					s += 2 * (dFrom - dTo)
					break
				}
				switch m.Promotion() {
				case chess.NoPieceType:
					s += 12
				case chess.Queen:
					s -= 10
				default:
					s += 30
				}
				break
			}
			s += 5 * (dFrom - dTo)
			switch {
			case to == c:
				s -= 20 // the king's square
			case dTo == 1:
				s += 10
			}
			if dist(to, ctx.lk) == 1 {
				s += 3
			}
		}
		best, bs = keepScore(scores, i, s, seed, noise, best, bs)
	}
	return best
}

// diveCorner picks the corner of the corner plan: of the corners where the
// winner's minor pieces can mate (a bishop's corners are of its colour),
// the nearest to the loser's king, or for variant 2 the second nearest.
func diveCorner(p *chess.Position, w chess.Color, lk chess.Square, variant int) chess.Square {
	corners := [4]chess.Square{chess.A1, chess.H8, chess.A8, chess.H1} // dark, dark, light, light
	cand := corners[:]
	if p.Pieces(w, chess.Knight) == 0 {
		wb := p.Pieces(w, chess.Bishop)
		if wb&lightSquares == 0 {
			cand = corners[:2]
		} else if wb&darkSquares == 0 {
			cand = corners[2:]
		}
	}
	best, second := chess.NoSquare, chess.NoSquare
	for _, c := range cand {
		switch {
		case best == chess.NoSquare || dist(c, lk) < dist(best, lk):
			best, second = c, best
		case second == chess.NoSquare || dist(c, lk) < dist(second, lk):
			second = c
		}
	}
	if variant%3 == 2 && second != chess.NoSquare {
		return second
	}
	return best
}
