package chess

import (
	"fmt"
	"math/bits"
	"strings"
)

// Problem is a reason why a position cannot arise in a game of chess
// (FIDE Laws 3.10.3: a position that cannot be reached by a series of
// legal moves is not a legal position).
type Problem struct {
	// Code is a stable identifier, one of the Problem* constants.
	Code string
	// Message says what is wrong in English, naming colours and squares.
	Message string
}

// The codes of Problem.
const (
	ProblemKingCount             = "king_count"              // a side does not have exactly one king
	ProblemPawnOnBackRank        = "pawn_on_back_rank"       // a pawn on the first or eighth rank
	ProblemOpponentInCheck       = "opponent_in_check"       // the side not to move is in check
	ProblemTooManyCheckers       = "too_many_checkers"       // more than two pieces give check
	ProblemImpossibleDoubleCheck = "impossible_double_check" // two checkers that no single move can produce
	ProblemTooManyPawns          = "too_many_pawns"          // more than eight pawns of one colour
	ProblemTooManyPieces         = "too_many_pieces"         // more than sixteen pieces of one colour
	ProblemTooManyPromoted       = "too_many_promoted"       // more extra pieces than missing pawns
	ProblemCastlingWithoutPieces = "castling_without_pieces" // a castling right without its king and rook in place
	ProblemEnPassantInvalid      = "en_passant_invalid"      // an en passant square no double step can have left
	ProblemKingsAdjacent         = "kings_adjacent"          // the two kings touch
	ProblemPawnCaptures          = "pawn_captures"           // the pawns' files need more captures than the opponent has lost pieces
	ProblemUnreadable            = "unreadable"              // the record is not a FEN or EPD position at all
)

// Problems returns what makes p impossible in a game, or nil when p looks
// legal. It checks the king count, pawns on the back ranks, pawn and piece
// counts (including promoted pieces: each piece beyond the initial set, a
// second light- or dark-squared bishop included, needs a missing pawn),
// adjacent kings, the side not to move being in check, more than two
// checkers, double checks that no single move can give, castling rights
// without their king and rook, and the en passant square.
//
// The checks are sound (a position reported here is really impossible) but
// not complete: a position can pass them and still be unreachable (for
// example through pawn structures needing more captures than there are
// missing pieces). Problems never panics, also on positions without kings.
//
// ParseFEN drops castling rights and en passant squares that cannot exist;
// use FENProblems to report those too.
func (p *Position) Problems() []Problem {
	var probs []Problem
	add := func(code, format string, args ...any) {
		probs = append(probs, Problem{Code: code, Message: fmt.Sprintf(format, args...)})
	}
	us := p.SideToMove()
	them := us.Other()
	occ := p.Occupied()

	for _, c := range [2]Color{White, Black} {
		if n := p.Pieces(c, King).Count(); n != 1 {
			add(ProblemKingCount, "%s has %d kings", colorName(c), n)
		}
	}
	backRankPawns := p.PiecesOfType(Pawn) & (rankMask(0) | rankMask(7))
	if backRankPawns != 0 {
		add(ProblemPawnOnBackRank, "pawn on the first or last rank (%s)", squareList(backRankPawns))
	}
	for _, c := range [2]Color{White, Black} {
		pawns := p.Pieces(c, Pawn).Count()
		if pawns > 8 {
			add(ProblemTooManyPawns, "%s has %d pawns", colorName(c), pawns)
		}
		if n := p.ByColor(c).Count(); n > 16 {
			add(ProblemTooManyPieces, "%s has %d pieces", colorName(c), n)
		}
		const light = Bitboard(0x55AA55AA55AA55AA)
		bishops := p.Pieces(c, Bishop)
		extra := excess(p.Pieces(c, Queen).Count(), 1) + excess(p.Pieces(c, Rook).Count(), 2) +
			excess(p.Pieces(c, Knight).Count(), 2) + excess((bishops&light).Count(), 1) +
			excess((bishops&^light).Count(), 1)
		if missing := max(8-pawns, 0); extra > missing {
			add(ProblemTooManyPromoted, "%s has %d pieces beyond the initial set but only %d pawns missing", colorName(c), extra, missing)
		}
		if pawns > 8 || backRankPawns != 0 {
			continue // reported above; the files count means nothing then
		}
		lost := max(16-p.ByColor(c.Other()).Count(), 0)
		switch need, ok := pawnCaptures(p, c); {
		case !ok:
			add(ProblemPawnCaptures, "%s's pawns on %s cannot all have come from different files", colorName(c), squareList(p.Pieces(c, Pawn)))
		case need > lost:
			add(ProblemPawnCaptures, "%s's pawns stand on files that take at least %d captures, but %s has lost only %d pieces",
				colorName(c), need, colorName(c.Other()), lost)
		}
	}

	wk, bk := p.Pieces(White, King), p.Pieces(Black, King)
	if wk.Count() == 1 && bk.Count() == 1 && KingAttacks(wk.First()).Has(bk.First()) {
		add(ProblemKingsAdjacent, "the kings on %s and %s touch", wk.First(), bk.First())
	}
	if k := p.Pieces(them, King); k.Count() == 1 {
		if a := p.AttackersTo(k.First(), us, occ); a != 0 {
			add(ProblemOpponentInCheck, "%s is to move but %s's king on %s is in check (from %s)", colorName(us), colorName(them), k.First(), squareList(a))
		}
	}
	if k := p.Pieces(us, King); k.Count() == 1 {
		ksq := k.First()
		checkers := p.AttackersTo(ksq, them, occ)
		switch n := checkers.Count(); {
		case n > 2:
			add(ProblemTooManyCheckers, "%s's king on %s is attacked by %d pieces (%s)", colorName(us), ksq, n, squareList(checkers))
		case n == 2 && !p.doubleCheckPossible(ksq, checkers):
			add(ProblemImpossibleDoubleCheck, "no single move can give the double check on %s by %s", ksq, p.pieceList(checkers))
		}
	}

	for _, c := range [2]Color{White, Black} {
		for _, kingSide := range [2]bool{true, false} {
			rook := p.CastlingRook(c, kingSide)
			if rook == NoSquare {
				continue
			}
			if msg := p.castlingRightProblem(c, kingSide, rook); msg != "" {
				add(ProblemCastlingWithoutPieces, "%s", msg)
			}
		}
	}
	if ep := p.EnPassantSquare(); ep != NoSquare {
		if msg := p.enPassantProblem(ep); msg != "" {
			add(ProblemEnPassantInvalid, "%s", msg)
		}
	}
	return probs
}

func excess(n, initial int) int { return max(n-initial, 0) }

// pawnCaptures returns the fewest captures c's pawns (at most eight, none
// on the first or last rank) must have made to stand where they are, and
// false when no game can have put them there. A pawn changes file only by
// capturing, one file a capture, and each capture also takes it one rank
// forward: a pawn k ranks ahead of its start has made at most k captures.
// The pawns came from distinct files of their start rank; the fewest
// captures is the cheapest such assignment (a small dynamic programme
// over the sets of start files already used). Every capture by a pawn
// takes an opponent's piece, so the count may not exceed the pieces the
// opponent has lost.
func pawnCaptures(p *Position, c Color) (int, bool) {
	var file, reach [8]int
	n := 0
	for b := p.Pieces(c, Pawn); b != 0; n++ {
		s := b.PopFirst()
		file[n] = s.File()
		reach[n] = s.Rank() - 1 // ranks advanced from the second
		if c == Black {
			reach[n] = 6 - s.Rank()
		}
	}
	const none = 1 << 30
	var cost [256]int // cost[used]: the pawns 0..popcount(used)-1 placed on the files in used
	for i := range cost {
		cost[i] = none
	}
	cost[0] = 0
	best := none
	for used := range 256 {
		k := bits.OnesCount8(uint8(used))
		if cost[used] == none {
			continue
		}
		if k == n {
			best = min(best, cost[used])
			continue
		}
		for f := range 8 {
			d := max(file[k]-f, f-file[k])
			if used&(1<<f) == 0 && d <= reach[k] {
				cost[used|1<<f] = min(cost[used|1<<f], cost[used]+d)
			}
		}
	}
	return best, best < none
}

func colorName(c Color) string {
	if c == White {
		return "White"
	}
	return "Black"
}

// pieceList names the pieces on b: "rook on e8 and knight on f6".
func (p *Position) pieceList(b Bitboard) string {
	var parts []string
	for b != 0 {
		s := b.PopFirst()
		parts = append(parts, p.PieceAt(s).Type().String()+" on "+s.String())
	}
	if len(parts) < 2 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// castlingRightProblem says why colour c cannot hold the castling right
// with the rook on rook, or "" when king and rook stand where they must.
func (p *Position) castlingRightProblem(c Color, kingSide bool, rook Square) string {
	side := "queen-side"
	if kingSide {
		side = "king-side"
	}
	back := 7 * int(c)
	kings := p.Pieces(c, King)
	if kings.Count() != 1 || kings.First().Rank() != back {
		return fmt.Sprintf("%s has a %s castling right but no king on its first rank", colorName(c), side)
	}
	k := kings.First()
	if p.PieceAt(rook) != MakePiece(c, Rook) || rook.Rank() != back || (rook.File() > k.File()) != kingSide {
		return fmt.Sprintf("%s has a %s castling right but no rook on %s", colorName(c), side, rook)
	}
	if !p.Chess960() {
		if k.File() != 4 {
			return fmt.Sprintf("%s has a %s castling right but its king is on %s, not %s", colorName(c), side, k, NewSquare(4, back))
		}
		if f := rook.File(); f != 0 && f != 7 {
			return fmt.Sprintf("%s has a %s castling right with a rook on %s", colorName(c), side, rook)
		}
	}
	return ""
}

// enPassantProblem says why ep cannot be the square a pawn of the side not
// to move just passed over with a double step, or "".
func (p *Position) enPassantProblem(ep Square) string {
	us := p.SideToMove()
	them := us.Other()
	wantRank, dir := 5, 8 // White to move: Black's pawn passed over rank 6
	if us == Black {
		wantRank, dir = 2, -8
	}
	if ep < 0 || ep > 63 || ep.Rank() != wantRank {
		return fmt.Sprintf("en passant square %s is not on the %s rank", ep, ordinal(wantRank))
	}
	front, back := ep-Square(dir), ep+Square(dir)
	if p.PieceAt(front) != MakePiece(them, Pawn) {
		return fmt.Sprintf("en passant square %s but no %s pawn on %s that could just have moved two squares", ep, strings.ToLower(colorName(them)), front)
	}
	if p.PieceAt(ep) != NoPiece || p.PieceAt(back) != NoPiece {
		return fmt.Sprintf("en passant square %s but the squares the pawn passed (%s, %s) are not empty", ep, back, ep)
	}
	return ""
}

func ordinal(rank int) string {
	return [...]string{"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"}[rank&7]
}

// doubleCheckPossible reports whether the two pieces on checkers (of the
// side not to move) can both give check to the king on ksq after a single
// move. A double check needs a discovered check: one checker (the mover)
// arrives and gives check while leaving a square on the line of the other,
// a line piece; or an en passant capture opens two lines at once; or
// castling puts a checking rook on its square while the king leaves a
// line. Two checkers on one line through the king are never possible.
func (p *Position) doubleCheckPossible(ksq Square, checkers Bitboard) bool {
	a := checkers.First()
	b := (checkers &^ a.Bitboard()).First()
	if Line(a, b).Has(ksq) {
		return false
	}
	if p.discoveredBy(a, b, ksq) || p.discoveredBy(b, a, ksq) {
		return true
	}
	return p.epDoubleDiscovery(a, b, ksq)
}

// isSlider reports whether t moves along lines.
func isSlider(t PieceType) bool { return t == Bishop || t == Rook || t == Queen }

// discoveredBy reports whether the piece on mover can just have moved
// there, giving check and uncovering the line of the piece on line to ksq.
func (p *Position) discoveredBy(mover, line, ksq Square) bool {
	if !isSlider(p.PieceAt(line).Type()) {
		return false
	}
	seg := Between(line, ksq)
	pc := p.PieceAt(mover)
	c := pc.Color()
	occ := p.Occupied()
	dir := 8
	if c == Black {
		dir = -8
	}
	relRank := mover.Rank()
	if c == Black {
		relRank = 7 - relRank
	}
	var from Bitboard
	switch pc.Type() {
	case Knight:
		from = KnightAttacks(mover)
	case Bishop:
		from = BishopAttacks(mover, occ)
	case Rook:
		from = RookAttacks(mover, occ)
		// castling: the rook on f1/d1 beside its king on g1/c1; the king left a line
		if relRank == 0 {
			if k := p.Pieces(c, King); k != 0 {
				kf, rf := k.First().File(), mover.File()
				if k.First().Rank() == mover.Rank() && (kf == 6 && rf == 5 || kf == 2 && rf == 3) {
					return true
				}
			}
		}
	case Queen:
		from = BishopAttacks(mover, occ) | RookAttacks(mover, occ)
	case Pawn:
		if one := int(mover) - dir; one >= 0 && one < 64 {
			from |= Square(one).Bitboard()
			// (one is also the square of a pawn taken en passant, which
			// opens a line like a square left)
			if relRank == 3 && !occ.Has(Square(one)) {
				from |= Square(one - dir).Bitboard()
			}
		}
		from |= PawnAttacks(c.Other(), mover)
	}
	if relRank == 7 && pc.Type() != Pawn && pc.Type() != King {
		// a promoted piece: it came from the seventh rank
		from |= Square(int(mover)-dir).Bitboard() | PawnAttacks(c.Other(), mover)
	}
	return from&seg != 0
}

// epDoubleDiscovery reports whether an en passant capture can have opened
// the lines of both line pieces a and b to ksq at once.
func (p *Position) epDoubleDiscovery(a, b, ksq Square) bool {
	if !isSlider(p.PieceAt(a).Type()) || !isSlider(p.PieceAt(b).Type()) {
		return false
	}
	c := p.PieceAt(a).Color()
	segA, segB := Between(a, ksq), Between(b, ksq)
	epRank, dir := 5, 8
	if c == Black {
		epRank, dir = 2, -8
	}
	for pawns := p.Pieces(c, Pawn) & rankMask(epRank); pawns != 0; {
		t := pawns.PopFirst()
		captured := (t - Square(dir)).Bitboard()
		for origins := PawnAttacks(c.Other(), t); origins != 0; {
			from := origins.PopFirst().Bitboard()
			if from&segA != 0 && captured&segB != 0 || captured&segA != 0 && from&segB != 0 {
				return true
			}
		}
	}
	return false
}

// FENProblems reads fen with ParseFEN and returns the problems of the
// position (see Position.Problems), adding those that ParseFEN drops
// silently: castling rights whose king and rook are not in place and an
// en passant square no double step can have left. The error is ParseFEN's.
func FENProblems(fen string) ([]Problem, error) {
	p, err := ParseFEN(fen)
	if err != nil {
		return nil, err
	}
	return append(p.Problems(), p.FieldProblems(fen)...), nil
}

// FieldProblems returns the problems of the castling and en passant fields
// of fen (a FEN or EPD record that p was read from) that ParseFEN and
// ParseEPD drop silently: castling rights whose king and rook are not in
// place, and an en passant square no double step can have left. Records
// with fewer than four fields have none.
func (p *Position) FieldProblems(fen string) []Problem {
	fields := strings.Fields(fen)
	if len(fields) < 4 {
		return nil
	}
	var probs []Problem
	if castling := fields[2]; castling != "-" {
		for i := 0; i < len(castling); i++ {
			if msg := p.castlingLetterProblem(castling[i]); msg != "" {
				probs = append(probs, Problem{Code: ProblemCastlingWithoutPieces, Message: msg})
			}
		}
	}
	if fields[3] != "-" && p.EnPassantSquare() == NoSquare {
		if ep, ok := ParseSquare(fields[3]); ok {
			if msg := p.enPassantProblem(ep); msg != "" {
				probs = append(probs, Problem{Code: ProblemEnPassantInvalid, Message: msg})
			}
		}
	}
	return probs
}

// castlingLetterProblem checks one letter of a FEN castling field (KQkq or
// a Shredder-FEN file letter) against the rights ParseFEN kept.
func (p *Position) castlingLetterProblem(ch byte) string {
	c := White
	if ch >= 'a' && ch <= 'z' {
		c = Black
		ch -= 'a' - 'A'
	}
	var kingSide bool
	file := -1
	switch {
	case ch == 'K':
		kingSide = true
	case ch == 'Q':
	case ch >= 'A' && ch <= 'H':
		file = int(ch - 'A')
		k := p.Pieces(c, King)
		if k.Count() != 1 {
			return fmt.Sprintf("castling right %c but %s has no single king", rightLetter(c, ch), colorName(c))
		}
		kingSide = file > k.First().File()
	default:
		return ""
	}
	rook := p.CastlingRook(c, kingSide)
	if rook == NoSquare || file >= 0 && rook.File() != file {
		side := "queen-side"
		if kingSide {
			side = "king-side"
		}
		return fmt.Sprintf("castling right %c but %s has no king and %s rook on their squares", rightLetter(c, ch), colorName(c), side)
	}
	return ""
}

func rightLetter(c Color, upper byte) byte {
	if c == Black {
		return upper + 'a' - 'A'
	}
	return upper
}
