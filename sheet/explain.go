package sheet

import (
	"strconv"
	"strings"

	"github.com/arbiter-chess/arbiter/chess"
)

// The sentences of the findings are rendered here from their structured
// fields with the page's message table. For the kinds whose English
// message package validate builds from the same fields, the English table
// gives validate's message word for word (TestEnglishMatchesValidate).

// notation returns the language the game's moves were read in.
func notation(name string) chess.Language {
	for _, l := range chess.Languages {
		if l.String() == name {
			return l
		}
	}
	return chess.English
}

// position parses a finding's FEN for a game (Chess960 castling when the
// game is one).
func position(fen string, chess960 bool) (chess.Position, bool) {
	if fen == "" {
		return chess.Position{}, false
	}
	p, err := chess.ParseFEN(fen)
	if err != nil {
		return chess.Position{}, false
	}
	if chess960 {
		p.SetChess960(true)
	}
	return p, true
}

// colour names a side inside a sentence ("white", "Weiß").
func (l *Lang) colour(c chess.Color) string {
	if c == chess.White {
		return l.T("colour.white")
	}
	return l.T("colour.black")
}

// moveLabel writes "12." or "12..." for the move played from p.
func (l *Lang) moveLabel(p *chess.Position) string {
	return l.label(p.FullmoveNumber(), p.SideToMove() == chess.Black)
}

func (l *Lang) label(n int, black bool) string {
	if black {
		return l.T("move.black", "n", strconv.Itoa(n))
	}
	return l.T("move.white", "n", strconv.Itoa(n))
}

// Move writes a finding's move as "37... Kxh1" (the SAN as written), or
// "" when the finding concerns no move.
func (l *Lang) Move(f *Finding) string {
	if f.Ply <= 0 {
		return ""
	}
	s := l.label(f.MoveNumber, f.Black)
	if f.SAN != "" {
		s += " " + f.SAN
	}
	return s
}

// squares lists squares as "b1", "b1 and f2", "b1, d4 and f2".
func (l *Lang) squares(b chess.Bitboard) string {
	var parts []string
	for b != 0 {
		parts = append(parts, b.PopFirst().String())
	}
	return l.list(parts)
}

// list joins words as "a", "a and b", "a, b and c".
func (l *Lang) list(parts []string) string {
	switch len(parts) {
	case 0:
		return "-"
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + l.T("list.and") + parts[len(parts)-1]
}

// piece names a piece type in the given form: "" (a name: "knight"),
// "the" ("the knight", "der Springer"), "a" ("a knight", "ein
// Springer"), "no" ("no knight", "kein Springer"), "plural" ("knights").
func (l *Lang) piece(t chess.PieceType, form string) string {
	name := t.String()
	if form != "" {
		return l.T("piece." + form + "." + name)
	}
	return l.T("piece." + name)
}

// Message renders the sentence of finding f of game g.
func (l *Lang) Message(g *Game, f *Finding) string {
	key := "msg." + f.Kind
	switch f.Kind {
	case "illegal_move", "ambiguous_move", "unreadable_move":
		p, ok := position(f.FEN, g.Chess960)
		if !ok {
			return l.T(key + ".bare")
		}
		pm := p.ParseMove([]byte(f.SAN), notation(g.Language))
		s := l.T("msg.move_error", "move", l.moveLabel(&p), "san", f.SAN, "why", l.explain(&p, pm, f.SAN))
		if left := g.PliesRecorded - f.Ply; left > 0 {
			s += l.T("msg.later_unchecked", "n", strconv.Itoa(left))
		}
		return s
	case "moves_after_game_end":
		end := g.EndKind
		return l.T(key, "end", strconv.Itoa(g.EndPly), "by", l.T("endby."+end), "art", f.Article,
			"n", strconv.Itoa(g.PliesRecorded-g.EndPly))
	case "result_mismatch":
		if f.Severity != "error" {
			return l.T(key+".tag_token", "tag", g.ResultTag, "tok", g.ResultToken)
		}
		end := g.EndKind
		return l.T(key, "recorded", l.result(g.Recorded), "end", strconv.Itoa(g.EndPly), "by", l.T("endby."+end),
			"art", f.Article, "want", l.result(g.ResultByRules))
	case "unwinnable_win":
		winner := winnerOf(g.Recorded)
		return l.T(key, "recorded", l.result(g.Recorded), "winner", l.colour(winner), "how", l.how(g.Termination),
			"art", f.Article)
	case "minor_piece_win":
		winner := winnerOf(g.Recorded)
		p, _ := position(f.FEN, g.Chess960)
		return l.T(key, "winner", l.colour(winner), "how", l.how(g.Termination), "witness", l.line(&p, f.Witness))
	case "unwinnability_undetermined":
		return l.T(key, "winner", l.colour(winnerOf(g.Recorded)))
	case "checkmate", "stalemate":
		p, ok := position(f.FEN, g.Chess960)
		if !ok {
			return l.T(key + ".bare")
		}
		us := p.SideToMove()
		return l.T(key, "side", l.colour(us), "winner", l.colour(us.Other()))
	case "threefold_claimable", "threefold_repetition":
		// the side to move at the ply: it claims
		p, ok := position(f.FEN, g.Chess960)
		if !ok {
			return l.T(key + ".bare")
		}
		return l.T(key, "side", l.colour(p.SideToMove()))
	case "fifty_move_rule":
		if f.Ply > 0 {
			return l.T(key + ".announced")
		}
		return l.T(key)
	case "check_mark":
		p, ok := position(f.FEN, g.Chess960)
		move := ""
		if ok {
			move = l.moveLabel(&p)
		}
		return l.T(key, "n", strconv.Itoa(f.Count), "move", move)
	case "variant_not_audited":
		return l.T(key, "variant", g.Variant)
	case "invalid_start_position", "unreachable_start_position":
		if f.Code == "unreadable" {
			return l.T(key + ".unreadable")
		}
		var probs []string
		for _, c := range strings.Split(f.Code, ",") {
			if c != "" {
				probs = append(probs, l.T("problem."+c))
			}
		}
		return l.T(key, "problems", strings.Join(probs, "; "))
	case "syntax_error":
		return l.T(key, "what", l.T("syntax."+f.Code))
	case "game_skipped":
		return l.T(key, "what", l.T("syntax."+f.Code), "detail", f.Detail)
	case "internal_error":
		return l.T(key, "detail", f.Detail)
	}
	if l.Has(key) {
		return l.T(key)
	}
	return l.T("msg.unknown", "kind", f.Kind)
}

// result writes a result; "" is "no result".
func (l *Lang) result(r string) string {
	if r == "" {
		return l.T("result.none")
	}
	return r
}

// winnerOf returns the side a decisive result gives the win.
func winnerOf(result string) chess.Color {
	if result == "0-1" {
		return chess.Black
	}
	return chess.White
}

// how says how a decisive game ended, from its Termination tag, the way
// package validate reads it to choose the article (6.9 on time, 7.5.5
// after illegal moves, 5.1.2 otherwise).
func (l *Lang) how(term string) string {
	t := strings.ToLower(term)
	switch {
	case strings.Contains(t, "time") || strings.Contains(t, "flag"):
		return l.T("how.time")
	case strings.Contains(t, "illegal") || strings.Contains(t, "infraction"):
		return l.T("how.illegal")
	case strings.Contains(t, "abandon"):
		return l.T("how.abandoned")
	case strings.Contains(t, "resign"):
		return l.T("how.resigned")
	case term == "":
		return l.T("how.none")
	}
	return l.T("how.other", "termination", term)
}

// explain says why the token tok names no legal move in p, as
// chess.ParsedMove.Explain does in English.
func (l *Lang) explain(p *chess.Position, pm chess.ParsedMove, tok string) string {
	tok = strings.TrimSpace(tok)
	us := p.SideToMove()
	name := pm.Piece
	if name == chess.NoPieceType {
		if pc := pieceAt(p, pm.From); pc != chess.NoPiece {
			name = pc.Type()
		} else if pm.Candidates != 0 {
			name = p.PieceAt(pm.Candidates.First()).Type()
		}
	}
	switch pm.Status {
	case chess.MoveOK:
		return l.T("why.ok", "san", p.SAN(pm.Move))
	case chess.MoveUnreadable:
		if pm.Reason == chess.NullMoveToken {
			return l.T("why.null", "tok", tok)
		}
		return l.T("why.unreadable", "tok", tok)
	case chess.MoveAmbiguous:
		pieces := l.T("piece.plural.none")
		if pm.Piece != chess.NoPieceType {
			pieces = l.piece(pm.Piece, "plural")
		}
		key := "why.ambiguous_all"
		if pm.Candidates.Count() == 2 {
			key = "why.ambiguous_both"
		}
		return l.T(key, "pieces", pieces, "squares", l.squares(pm.Candidates), "to", pm.To.String())
	}
	ksq := p.KingSquare(us)
	switch pm.Reason {
	case chess.CastlingNoRight, chess.CastlingBlocked, chess.CastlingThroughCheck, chess.CastlingInCheck:
		return l.T("why.castling", "reason", l.castling(p, pm))
	case chess.NoPieceOnFrom:
		return l.T("why.no_piece_on", "from", pm.From.String())
	case chess.WrongPieceOnFrom:
		pc := p.PieceAt(pm.From)
		if pc.Color() != us {
			return l.T("why.wrong_colour", "piece", l.piece(pc.Type(), "the"), "from", pm.From.String(),
				"colour", l.colour(pc.Color()), "us", l.colour(us))
		}
		return l.T("why.wrong_piece", "from", pm.From.String(), "is", l.piece(pc.Type(), "a"), "named", l.piece(name, "a"))
	case chess.WrongPromotion:
		lastRank := pm.To != chess.NoSquare && pm.To.Rank() == 7-7*int(us)
		switch {
		case pm.Promotion == chess.King || pm.Promotion == chess.Pawn:
			return l.T("why.promote_to", "piece", l.piece(pm.Promotion, "a"))
		case pm.Promotion != chess.NoPieceType && !lastRank:
			return l.T("why.promote_not_last", "to", pm.To.String())
		case pm.Promotion == chess.NoPieceType:
			return l.T("why.promote_missing", "to", pm.To.String())
		}
		return l.T("why.promote_wrong")
	case chess.NoPieceCanReach:
		if pm.From != chess.NoSquare {
			pc := p.PieceAt(pm.From)
			return l.T("why.cannot_move", "piece", l.piece(pc.Type(), "the"), "from", pm.From.String(), "to", pm.To.String())
		}
		if pm.Piece == chess.NoPieceType {
			return l.T("why.no_piece_reaches", "to", pm.To.String())
		}
		return l.T("why.none_reaches", "piece", l.piece(name, "no"), "to", pm.To.String())
	case chess.DestinationOccupied:
		pc := p.PieceAt(pm.To)
		return l.T("why.occupied", "to", pm.To.String(), "piece", l.piece(pc.Type(), ""))
	case chess.Pinned:
		if pm.Candidates.Count() > 1 {
			return l.T("why.pinned_all", "pieces", l.piece(name, "plural"), "squares", l.squares(pm.Candidates), "king", ksq.String())
		}
		return l.T("why.pinned", "piece", l.piece(name, "the"), "squares", l.squares(pm.Candidates), "king", ksq.String())
	case chess.LeavesKingInCheck:
		if pm.Piece == chess.King && ksq != chess.NoSquare {
			return l.T("why.king_attacked", "king", ksq.String(), "to", pm.To.String())
		}
		if ksq != chess.NoSquare && p.InCheck() {
			return l.T("why.check_not_parried", "king", ksq.String(), "tok", tok)
		}
		return l.T("why.leaves_check")
	}
	return l.T("why.illegal", "reason", l.T("reason."+strconv.Itoa(int(pm.Reason))))
}

// pieceAt is p.PieceAt that accepts NoSquare.
func pieceAt(p *chess.Position, s chess.Square) chess.Piece {
	if s < 0 || s > 63 {
		return chess.NoPiece
	}
	return p.PieceAt(s)
}

// castling says why castling is not allowed, as the chess package does in
// English.
func (l *Lang) castling(p *chess.Position, pm chess.ParsedMove) string {
	us := p.SideToMove()
	ksq := p.KingSquare(us)
	kingSide := pm.To == chess.NoSquare || pm.To.File() >= 4
	switch pm.Reason {
	case chess.CastlingInCheck:
		return l.T("castle.in_check")
	case chess.CastlingNoRight:
		if ksq == chess.NoSquare {
			return l.T("castle.no_king")
		}
		if !p.Chess960() {
			home := chess.NewSquare(4, 7*int(us))
			rook := chess.NewSquare(0, 7*int(us))
			if kingSide {
				rook = chess.NewSquare(7, 7*int(us))
			}
			if ksq != home {
				return l.T("castle.king_moved")
			}
			if p.PieceAt(rook) != chess.MakePiece(us, chess.Rook) {
				return l.T("castle.rook_moved", "rook", rook.String())
			}
		}
		return l.T("castle.moved")
	}
	rook := p.CastlingRook(us, kingSide)
	if ksq == chess.NoSquare || rook == chess.NoSquare {
		return l.T("reason." + strconv.Itoa(int(pm.Reason)))
	}
	kingTo := chess.CastleKingTarget(chess.NewCastle(ksq, rook))
	rookTo := chess.NewSquare(5, kingTo.Rank())
	if !kingSide {
		rookTo = chess.NewSquare(3, kingTo.Rank())
	}
	kr := ksq.Bitboard() | rook.Bitboard()
	occ := p.Occupied() &^ kr
	switch pm.Reason {
	case chess.CastlingBlocked:
		path := chess.Between(ksq, kingTo) | kingTo.Bitboard() | chess.Between(rook, rookTo) | rookTo.Bitboard()
		return l.T("castle.blocked", "squares", l.squares(path&occ))
	case chess.CastlingThroughCheck:
		var hit chess.Bitboard
		for b := chess.Between(ksq, kingTo) | kingTo.Bitboard(); b != 0; {
			s := b.PopFirst()
			if p.AttackersTo(s, us.Other(), occ) != 0 {
				hit |= s.Bitboard()
			}
		}
		if hit == kingTo.Bitboard() {
			return l.T("castle.lands_attacked", "square", kingTo.String())
		}
		return l.T("castle.through_attacked", "squares", l.squares(hit&^kingTo.Bitboard()))
	}
	return l.T("reason." + strconv.Itoa(int(pm.Reason)))
}

// line rewrites a line in English SAN with move numbers ("45...Kb8
// 46.Qb7#") played from p in the page's piece letters (table key
// "letters", KQRBNP order); as written when it does not replay.
func (l *Lang) line(p *chess.Position, s string) string {
	letters := l.T("letters")
	if s == "" || letters == "KQRBNP" || len(letters) != 6 {
		return s
	}
	q := *p
	toks := strings.Fields(s)
	for i, t := range toks {
		k := strings.LastIndexByte(t, '.') + 1
		pm := q.ParseMove([]byte(t[k:]), chess.English)
		if pm.Status != chess.MoveOK {
			return s
		}
		toks[i] = t[:k] + translateSAN(q.SAN(pm.Move), letters)
		q.Play(pm.Move)
	}
	return strings.Join(toks, " ")
}

// translateSAN replaces the English piece letters of an English SAN move
// by letters (in KQRBNP order).
func translateSAN(san, letters string) string {
	b := []byte(san)
	for i, c := range b {
		if k := strings.IndexByte("KQRBNP", c); k >= 0 && (i == 0 || b[i-1] == '=') {
			b[i] = letters[k]
		}
	}
	return string(b)
}

// Reasons writes, for the findings that turn on the material left, what
// is left: each side's pieces, the pawns blocked head-on, bishops that
// stand on one colour of squares. It returns nil for other positions.
func (l *Lang) Reasons(p *chess.Position) []string {
	var out []string
	out = append(out, l.T("reason.material", "white", l.material(p, chess.White), "black", l.material(p, chess.Black)))
	var pairs []string
	wp, bp := p.Pieces(chess.White, chess.Pawn), p.Pieces(chess.Black, chess.Pawn)
	for b := wp; b != 0; {
		s := b.PopFirst()
		if s.Rank() < 7 && bp.Has(s+8) {
			pairs = append(pairs, s.String()+"/"+(s+8).String())
		}
	}
	if len(pairs) > 0 {
		out = append(out, l.T("reason.locked", "pairs", strings.Join(pairs, ", ")))
	}
	bishops := p.PiecesOfType(chess.Bishop)
	const lightSquares = chess.Bitboard(0x55AA55AA55AA55AA)
	if bishops != 0 {
		switch {
		case bishops&lightSquares == bishops:
			out = append(out, l.T("reason.bishops_light"))
		case bishops&^lightSquares == bishops:
			out = append(out, l.T("reason.bishops_dark"))
		}
	}
	return out
}

// material lists a side's pieces: "king, bishop and 2 pawns".
func (l *Lang) material(p *chess.Position, c chess.Color) string {
	var parts []string
	for _, t := range []chess.PieceType{chess.King, chess.Queen, chess.Rook, chess.Bishop, chess.Knight, chess.Pawn} {
		switch n := p.Pieces(c, t).Count(); n {
		case 0:
		case 1:
			parts = append(parts, l.piece(t, ""))
		default:
			parts = append(parts, l.T("count", "n", strconv.Itoa(n), "pieces", l.piece(t, "plural")))
		}
	}
	return l.list(parts)
}

// arrows returns the move of a finding drawn on its board: the move
// written (legal: green), or the squares it names (red, dashed) for a
// move that is not legal or was recorded after the end of the game.
func arrows(p *chess.Position, g *Game, f *Finding) []Arrow {
	if f.SAN == "" || !sanBefore[f.Kind] {
		return nil
	}
	pm := p.ParseMove([]byte(f.SAN), notation(g.Language))
	bad := pm.Status != chess.MoveOK || f.Kind == "moves_after_game_end"
	if pm.Status == chess.MoveOK {
		from, to := pm.Move.From(), pm.Move.To()
		if pm.Move.IsCastle() {
			to = chess.CastleKingTarget(pm.Move)
		}
		return []Arrow{{From: from, To: to, Illegal: bad}}
	}
	if pm.To == chess.NoSquare {
		return nil
	}
	if pm.From != chess.NoSquare {
		return []Arrow{{From: pm.From, To: pm.To, Illegal: true}}
	}
	if pm.Candidates == 0 {
		return []Arrow{{From: chess.NoSquare, To: pm.To, Illegal: true}}
	}
	var out []Arrow
	for b := pm.Candidates; b != 0; {
		out = append(out, Arrow{From: b.PopFirst(), To: pm.To, Illegal: true})
	}
	return out
}

// sanBefore are the kinds whose FEN is the position before the move
// written in SAN; for the others (checkmate, repetitions, ...) the FEN is
// the position the move led to.
var sanBefore = map[string]bool{
	"illegal_move": true, "ambiguous_move": true, "unreadable_move": true, "null_move": true,
	"check_mark": true, "moves_after_game_end": true,
}

// endKinds are the kinds whose FEN is the final position of the game.
var endKinds = map[string]bool{
	"result_mismatch": true, "unwinnable_win": true, "minor_piece_win": true, "unwinnability_undetermined": true,
}

// reasonKinds are the kinds whose block says, in words, what material is
// left.
var reasonKinds = map[string]bool{
	"dead_position": true, "unwinnable_win": true, "minor_piece_win": true, "unwinnability_undetermined": true,
	"result_mismatch": true, "dead_position_undetermined": true,
}
