package validate

import (
	"fmt"
	"strings"

	"github.com/arbiter-chess/arbiter/chess"
	"github.com/arbiter-chess/arbiter/validate/unwinnable"
)

// judgeEnd finds the claims and automatic ends after the replay and judges
// the recorded result.
func (j *Judge) judgeEnd(g *Game, r *Report) {
	v := &r.Verdict
	h := &j.h
	n := h.last()
	final := &h.cur
	j.finalAnalysed = [2]bool{}
	j.finalWitness = [2][]chess.Move{}
	v.Final = *final
	// None, one or several legal moves: the dead-position test needs it too.
	finalMoves := 0
	if !j.finalMated {
		finalMoves = final.CountLegalMovesUpTo(2)
	}
	finalHasMove := finalMoves > 0
	if h.firstTwice >= 0 || h.firstLong >= 0 { // a draw rule may apply (most games: none)
		j.drawRules(v, finalHasMove)
	}

	mated := !finalHasMove && (j.finalMated || final.InCheck())
	stalemated := !finalHasMove && !mated
	j.recordedWinner = -1
	if res := j.res.recorded; j.res.recordedOK && (res == "1-0" || res == "0-1") {
		j.recordedWinner = int8(chess.White)
		if res == "0-1" {
			j.recordedWinner = int8(chess.Black)
		}
	}
	if mated {
		winner := final.SideToMove().Other()
		v.WhiteCanMate, v.BlackCanMate = TriOf(winner == chess.White), TriOf(winner == chess.Black)
	} else {
		j.deadAnalysis(g, r, n, finalMoves)
	}

	// The game ends at the first automatic end; on the same ply the order
	// of EndKind is the precedence.
	setEnd := func(e EndKind, ply int) {
		if ply >= 0 && (v.EndPly < 0 || ply < v.EndPly) {
			v.End, v.EndPly = e, ply
		}
	}
	if mated {
		setEnd(EndCheckmate, n)
	}
	if stalemated {
		setEnd(EndStalemate, n)
	}
	setEnd(EndDeadPosition, v.DeadPly)
	setEnd(EndSeventyFive, v.SeventyFivePly)
	setEnd(EndFivefold, v.FivefoldPly)

	if mated || stalemated || v.DeadPly >= 0 || h.firstTwice >= 0 || h.firstLong >= 0 {
		// Something to report (every rule ply needs a twice-seen ply or a
		// clock of 100): most games have nothing.
		j.eventFindings(g, r, mated, stalemated)
	}
	j.judgeResult(g, r)
}

// drawRules finds the first plies of the draw rules (repetitions, 50 and
// 75 moves) from what the replay noted; finalHasMove says whether the final
// position has a legal move. A claim (the 50-move rule, or a threefold
// repetition by announcing a move) needs a legal move at its ply, which
// only the final ply can lack.
func (j *Judge) drawRules(v *Verdict, finalHasMove bool) {
	h := &j.h
	n := h.last()
	claimable := func(k int) int {
		if k >= 0 && (k < n || finalHasMove) {
			return k
		}
		return -1
	}
	v.FiftyPly, v.SeventyFivePly = claimable(h.firstLong), claimable(h.firstVeryLong)
	v.ThreefoldPly, v.FivefoldPly = h.firstThree, h.firstFive
	v.ThreefoldClaimPly = h.firstThree
	if h.firstTwice < 0 {
		return
	}
	// A claim by announced move (9.2.1.1) at ply k aims at a twice-seen ply
	// before k, of the other side to move and since the last capture or
	// pawn move; it can only come before the third occurrence, which is a
	// claim itself.
	end := n
	if h.firstThree >= 0 {
		end = h.firstThree - 1
	}
	tw := h.twice
	// twice[parity]: the latest twice-seen ply of that parity before k;
	// ti: how many of tw are before k.
	twice := [2]int{-1, -1}
	ti := 0
	// pos is the position at ply posPly <= k, moved forward only when a
	// claim by announced move has to be tested.
	var pos chess.Position
	posPly := -checkpointEvery
	for k := h.firstTwice + 1; k <= end; k++ {
		if ti < len(tw) && tw[ti].ply == k-1 {
			twice[(k-1)&1] = k - 1
			ti++
		}
		if twice[(k-1)&1] < max(k-int(h.ply[k].clock)-1, 0) || claimable(k) < 0 {
			continue
		}
		if k-posPly >= checkpointEvery { // also the first time
			pos, posPly = h.at(k), k
		}
		for ; posPly < k; posPly++ {
			pos.Play(h.ply[posPly+1].move)
		}
		if j.claimableByMove(&pos, k, tw[:ti]) {
			v.ThreefoldClaimPly = k
			return
		}
	}
}

// deadAnalysis tests the final position (with finalMoves legal moves) for a
// dead position and, when it is dead, finds the first dead ply (deadness is
// monotone along a game).
func (j *Judge) deadAnalysis(g *Game, r *Report, n, finalMoves int) {
	v := &r.Verdict
	final := &j.h.cur
	dead := j.isDead(final, v, finalMoves)
	if !dead {
		return
	}
	// The first dead ply is in lo..hi: hi is dead, lo-1 is not.
	lo, hi := 0, n
	probe := func(k int) bool { return j.isDead(j.h.seek(k), nil, -1) }
	// A game mostly dies at a capture or a pawn move (the last man that
	// could have mated taken, the last pawn locked): the last such ply, c,
	// and the one before it settle most games in two probes instead of a
	// bisection's seven or so.
	if c := n - int(j.h.ply[n].clock); c > 0 && c < n {
		switch {
		case !probe(c):
			lo = c + 1
		case !probe(c - 1):
			lo, hi = c, c
		default:
			hi = c - 1
		}
	}
	for lo < hi {
		mid := (lo + hi) / 2
		if probe(mid) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	v.DeadPly = hi
}

// isDead reports whether p is proven dead. The cheap proofs run first;
// the exact analysis of package unwinnable runs only on positions where
// a dead position beyond them is possible: no queens or rooks on the board
// with locked pawns or lone minor pieces, or one side already unable to
// mate. When v is not nil, it records which sides were proven able or
// unable to mate. nMoves is p's number of legal moves counted up to 2
// (CountLegalMovesUpTo), or -1 when the caller has not counted them.
func (j *Judge) isDead(p *chess.Position, v *Verdict, nMoves int) bool {
	if nMoves < 0 {
		nMoves = p.CountLegalMovesUpTo(2)
	}
	forced := nMoves < 2 // only then can a forced line prove anything
	w := j.quickUnwinnable(p, chess.White, forced)
	b := j.quickUnwinnable(p, chess.Black, forced)
	if v != nil {
		if w {
			v.WhiteCanMate = No
		}
		if b {
			v.BlackCanMate = No
		}
	}
	if w && b {
		return true
	}
	heavy := p.PiecesOfType(chess.Queen)|p.PiecesOfType(chess.Rook) != 0
	if heavy && !w && !b && !closedPawns(p) {
		return false // not dead in practice; see deadCandidate
	}
	if !deadCandidate(p) {
		return false
	}
	// One side's helpmate settles it: the other side is analysed only when
	// the first cannot mate.
	j.an.SetOptions(unwinnable.Options{NodeBudget: j.opt.DeadNodes, NoSAN: true})
	first := likelierMater(p)
	if v != nil && j.recordedWinner >= 0 {
		// The side the record says won: its answer serves the result
		// check too (judgeResult), so a decisive game needs one analysis.
		first = chess.Color(j.recordedWinner)
	}
	if w || b {
		first = chess.White
		if w {
			first = chess.Black
		}
	}
	second := first.Other()
	r1 := j.an.Analyze(p, first)
	if v != nil {
		j.noteFinal(v, first, r1)
	}
	if r1.Verdict != unwinnable.Unwinnable {
		return false
	}
	if (second == chess.White && w) || (second == chess.Black && b) {
		return true
	}
	r2 := j.an.Analyze(p, second)
	if v != nil {
		j.noteFinal(v, second, r2)
	}
	return r2.Verdict == unwinnable.Unwinnable
}

// noteFinal records the analysis of the final position for side c.
func (j *Judge) noteFinal(v *Verdict, c chess.Color, res unwinnable.Result) {
	setCanMate(v, c, canMate(res))
	j.finalAnalysed[c] = true
	j.finalWitness[c] = res.Witness
}

// likelierMater returns the side whose helpmate the analysis is likely to
// find first: the one with more pawns (more ways to promote), then more
// material. Deadness needs only one side's mate, so asking that side first
// saves the other's search on most positions (a sixth of the dead-position
// analysis on the final positions of real games).
func likelierMater(p *chess.Position) chess.Color {
	score := func(c chess.Color) int {
		return 100*p.Pieces(c, chess.Pawn).Count() + 9*p.Pieces(c, chess.Queen).Count() + 5*p.Pieces(c, chess.Rook).Count() +
			3*(p.Pieces(c, chess.Bishop)|p.Pieces(c, chess.Knight)).Count()
	}
	if score(chess.Black) > score(chess.White) {
		return chess.Black
	}
	return chess.White
}

func setCanMate(v *Verdict, c chess.Color, t Tri) {
	if c == chess.White {
		v.WhiteCanMate = t
	} else {
		v.BlackCanMate = t
	}
}

// deadCandidate reports whether the exact dead-position analysis is worth
// running on p after the quick proofs failed: minor pieces and pawns only
// with locked pawns or no pawns at all, queens or rooks behind pawns that
// cannot move (closedPawns), or one side already unable to mate. A position
// with a queen or rook and a pawn that can still advance, or with free
// pawns, is not dead in practice: a helpmate needs only cooperation.
// (Among the final positions of real games, the closed ones with a queen
// or rook are rare and cheap to analyse; those that were dead were all
// stalemates, which the judge reports as such.)
func deadCandidate(p *chess.Position) bool {
	if unwinnable.CannotMateByMaterial(p, chess.White) || unwinnable.CannotMateByMaterial(p, chess.Black) {
		return true
	}
	if p.PiecesOfType(chess.Queen)|p.PiecesOfType(chess.Rook) != 0 {
		return closedPawns(p)
	}
	return p.PiecesOfType(chess.Pawn) == 0 || lockedPawns(p)
}

func canMate(res unwinnable.Result) Tri {
	switch res.Verdict {
	case unwinnable.Winnable:
		return Yes
	case unwinnable.Unwinnable:
		return No
	}
	return Unknown
}

// eventFindings writes one finding per rule that applied, at its first ply.
func (j *Judge) eventFindings(g *Game, r *Report, mated, stalemated bool) {
	v := &r.Verdict
	n := j.h.last()
	final := &j.h.cur
	// at(k) describes ply k; its Color is the side that moved into it, so
	// Color.Other() is the side to move there.
	at := func(k int) Finding {
		p := j.h.seek(k)
		f := Finding{Ply: k, FEN: p.FEN(), Color: p.SideToMove().Other()}
		if k > 0 && k <= len(g.Moves) {
			f.SAN = string(g.Moves[k-1].Text)
			f.Line = g.Moves[k-1].Line
		} else {
			f.Line = g.Line
		}
		return f
	}
	if mated {
		f := at(n)
		f.Kind, f.Severity, f.Article = KindCheckmate, Info, "5.1.1"
		f.Message = mateMessage[final.SideToMove()]
		j.add(r, f)
	}
	if stalemated {
		f := at(n)
		f.Kind, f.Severity, f.Article = KindStalemate, Info, "5.2.1"
		f.Message = stalemateMessage[final.SideToMove()]
		j.add(r, f)
	}
	if v.DeadPly >= 0 && !(stalemated && v.DeadPly == n) { // a stalemate is reported as such
		f := at(v.DeadPly)
		f.Kind, f.Severity, f.Article = KindDeadPosition, Info, "5.2.2"
		f.Message = "dead position: neither side can checkmate by any sequence of legal moves; the game is drawn"
		j.add(r, f)
	}
	if v.ThreefoldClaimPly >= 0 && (v.ThreefoldPly < 0 || v.ThreefoldClaimPly < v.ThreefoldPly) {
		f := at(v.ThreefoldClaimPly)
		f.Kind, f.Severity, f.Article = KindThreefoldClaim, Info, "9.2.1"
		f.Message = f.Color.Other().String() + " could claim a draw by announcing a move that repeats a position for the third time"
		j.add(r, f)
	}
	if v.ThreefoldPly >= 0 {
		f := at(v.ThreefoldPly)
		f.Kind, f.Severity, f.Article = KindThreefold, Info, "9.2.2"
		f.Message = "the same position stands for the third time; " + f.Color.Other().String() + " may claim a draw"
		j.add(r, f)
	}
	if v.FiftyPly >= 0 {
		f := at(v.FiftyPly)
		f.Kind, f.Severity, f.Article = KindFiftyMove, Info, "9.3.2"
		f.Message = "50 moves by each player without a pawn move or capture: a draw may be claimed"
		if v.FiftyPly > 0 {
			f.Message += " (by announcing the move, already one ply earlier)"
		}
		j.add(r, f)
	}
	if v.FivefoldPly >= 0 {
		f := at(v.FivefoldPly)
		f.Kind, f.Severity, f.Article = KindFivefold, Info, "9.6.1"
		f.Message = "the same position stands for the fifth time: the game is drawn"
		j.add(r, f)
	}
	if v.SeventyFivePly >= 0 {
		f := at(v.SeventyFivePly)
		f.Kind, f.Severity, f.Article = KindSeventyFive, Info, "9.6.2"
		f.Message = "75 moves by each player without a pawn move or capture: the game is drawn"
		j.add(r, f)
	}
	if v.EndPly >= 0 && v.EndPly < v.PliesRecorded {
		var f Finding
		if v.EndPly+1 <= n {
			f = at(v.EndPly + 1)
		} else {
			f = at(n)
			f.Ply = v.EndPly + 1
			f.SAN = string(g.Moves[v.EndPly].Text)
			f.Line = g.Moves[v.EndPly].Line
		}
		p := j.h.at(v.EndPly)
		f.FEN = p.FEN()
		f.Color = p.SideToMove()
		f.Kind, f.Severity, f.Article = KindMovesAfterEnd, Error, v.End.Article()
		f.Message = fmt.Sprintf("the game ended at ply %d by %s (art. %s), but %d more ply(s) are recorded after it",
			v.EndPly, strings.ReplaceAll(v.End.String(), "_", " "), v.End.Article(), v.PliesRecorded-v.EndPly)
		if san, why := j.dropMoveError(r, v.EndPly+1); why != "" {
			// After mate or stalemate no move is legal: the move's own
			// error is this one, said once.
			f.Message += fmt.Sprintf("; the first, %s, is not a legal move either: %s", san, why)
		}
		j.add(r, f)
	}
}

// The messages of the commonest findings, by the colour of the side to move.
var (
	mateMessage      = [2]string{"white is checkmated: black wins", "black is checkmated: white wins"}
	stalemateMessage = [2]string{
		"white has no legal move and is not in check: the game is drawn by stalemate",
		"black has no legal move and is not in check: the game is drawn by stalemate",
	}
)

// judgeResult compares the recorded result with what the Laws say.
func (j *Judge) judgeResult(g *Game, r *Report) {
	v := &r.Verdict
	n := j.h.last()
	tag, tagOK, tok, tokOK := j.res.tag, j.res.tagOK, j.res.tok, j.res.tokOK
	// A movetext ending in "*" (unfinished record) does not contradict a
	// result in the tag, as pgn-extract also reads it.
	if g.Result != "" && g.ResultToken != "" && tagOK && tokOK && tag != tok && tok != "*" {
		j.add(r, Finding{Kind: KindResultMismatch, Severity: Warning, Article: "8.7", Ply: -1, Line: g.Line,
			Message: fmt.Sprintf("the Result tag says %s but the movetext ends with %s", tag, tok)})
	}
	recorded, ok := j.res.recorded, j.res.recordedOK
	if !ok {
		j.add(r, Finding{Kind: KindMissingResult, Severity: Warning, Article: "8.7", Ply: -1, Line: g.Line,
			Message: "the game has no readable result (Result tag or result token)"})
	}
	if v.End != EndNone {
		e := v.EndPly
		p := j.h.seek(e)
		want := "1/2-1/2"
		if v.End == EndCheckmate {
			want = winFor(p.SideToMove().Other())
		}
		v.ResultByRules = want
		if !ok {
			return
		}
		v.ResultOK = TriOf(recorded == want)
		if recorded != want {
			what := fmt.Sprintf("the game ended at ply %d by %s (art. %s)", e, strings.ReplaceAll(v.End.String(), "_", " "), v.End.Article())
			j.add(r, Finding{Kind: KindResultMismatch, Severity: Error, Article: v.End.Article(), Ply: e, FEN: p.FEN(), Line: g.Line,
				Message: fmt.Sprintf("recorded result %s contradicts the position: %s, so the result is %s", recorded, what, want)})
		}
		return
	}
	if !ok || v.FirstErrorPly >= 0 {
		return // unreadable result, or the replay did not reach the end
	}
	if recorded != "1-0" && recorded != "0-1" {
		v.ResultOK = Yes
		return
	}
	winner := chess.White
	if recorded == "0-1" {
		winner = chess.Black
	}
	can := v.WhiteCanMate
	if winner == chess.Black {
		can = v.BlackCanMate
	}
	final := &j.h.cur
	// deadAnalysis has already tried the quick proofs on the final
	// position (can is No when one succeeded) and, where it ran the exact
	// analysis for the winner, left its answer in can.
	weak := final.Pieces(winner, chess.Pawn)|final.Pieces(winner, chess.Rook)|final.Pieces(winner, chess.Queen) == 0
	if can == Unknown && !weak && !deadCandidate(final) {
		// The winner keeps pawns, a rook or a queen and nothing locks the
		// position: no contradiction with the recorded result.
		v.ResultOK = Yes
		return
	}
	if (can == Unknown && (weak || !j.finalAnalysed[winner])) || (can == Yes && weak) {
		budget := j.opt.UnwinnableNodes
		if !weak {
			budget = j.opt.DeadNodes // pawns to promote: the small search settles most
		}
		var res unwinnable.Result
		if w := j.finalWitness[winner]; can == Yes && w != nil {
			// The dead-position analysis already found the line: only
			// its SAN is missing.
			res = unwinnable.Result{Verdict: unwinnable.Winnable, Witness: w, WitnessSAN: unwinnable.FormatLine(final, w)}
		} else {
			j.an.SetOptions(unwinnable.Options{NodeBudget: budget})
			res = j.an.Analyze(final, winner)
		}
		if weak && res.Verdict == unwinnable.Winnable {
			// Only minor pieces left: show why the win stands.
			article, how := terminationArticle(g.Termination, final, winner)
			j.add(r, Finding{Kind: KindMinorPieceWin, Severity: Info, Article: article, Ply: n, FEN: final.FEN(), Line: g.Line,
				Witness: res.WitnessSAN,
				Message: fmt.Sprintf("%s won %s with only minor pieces left; the win stands because %s could still checkmate, for example %s",
					winner, how, winner, res.WitnessSAN)})
		}
		can = canMate(res)
		if winner == chess.White {
			v.WhiteCanMate = can
		} else {
			v.BlackCanMate = can
		}
	}
	if can == Yes {
		v.ResultOK = Yes
		return
	}
	article, how := terminationArticle(g.Termination, final, winner)
	switch can {
	case No:
		v.ResultByRules = "1/2-1/2"
		v.ResultOK = No
		j.add(r, Finding{Kind: KindUnwinnableWin, Severity: Error, Article: article, Ply: n, FEN: final.FEN(), Line: g.Line,
			Message: fmt.Sprintf("%s is recorded as won by %s %s, but %s could not checkmate by any sequence of legal moves: the Laws make it a draw (art. %s)",
				recorded, winner, how, winner, article)})
	default:
		j.add(r, Finding{Kind: KindUnwinnableUnknown, Severity: Info, Article: "6.9", Ply: n, FEN: final.FEN(), Line: g.Line,
			Message: fmt.Sprintf("could not decide within the search budget whether %s could still checkmate", winner)})
	}
}

func winFor(c chess.Color) string {
	if c == chess.White {
		return "1-0"
	}
	return "0-1"
}

// terminationArticle says which article turns a decisive result into a draw
// when the winner could not mate, from the Termination tag.
func terminationArticle(term string, final *chess.Position, winner chess.Color) (article, how string) {
	t := strings.ToLower(term)
	switch {
	case strings.Contains(t, "time") || strings.Contains(t, "flag"):
		return "6.9", "on time"
	case strings.Contains(t, "illegal") || strings.Contains(t, "infraction"):
		return "7.5.5", "after illegal moves"
	case strings.Contains(t, "abandon"):
		return "5.1.2", "after the opponent abandoned"
	case strings.Contains(t, "resign"):
		return "5.1.2", "by resignation"
	}
	if term == "" {
		return "5.1.2", "(no Termination tag; read as a resignation)"
	}
	return "5.1.2", fmt.Sprintf("(Termination %q; read as a resignation)", term)
}

// NormalizeResult maps the spellings of results found in the wild (see
// chess.ParseResult) to "1-0", "0-1", "1/2-1/2" or "*". It reports false
// for anything else, and for a double forfeit ("0-0"): no game was played,
// so there is no result the judge could compare with the moves.
func NormalizeResult(s string) (string, bool) {
	r, sp := chess.ParseResult(s)
	if sp == chess.NotResult || sp == chess.DoubleForfeitSpelling {
		return "", false
	}
	return r.String(), true
}

// dropMoveError removes the finding that the move at ply is illegal,
// ambiguous or unreadable, if there is one, and returns the move as
// written and the reason the finding gave (both "" when there was none).
func (j *Judge) dropMoveError(r *Report, ply int) (san, why string) {
	for i := range r.Findings {
		f := &r.Findings[i]
		if f.Ply != ply || f.Severity != Error {
			continue
		}
		switch f.Kind {
		case KindIllegalMove, KindAmbiguousMove, KindUnreadableMove:
		default:
			continue
		}
		why = f.Message
		if _, after, ok := strings.Cut(why, ": "); ok {
			why = after
		}
		if before, _, ok := strings.Cut(why, "; the "); ok {
			why = before
		}
		why = strings.TrimPrefix(why, "illegal: ")
		san = f.SAN
		r.Verdict.Errors--
		r.Findings = append(r.Findings[:i], r.Findings[i+1:]...)
		return san, why
	}
	return "", ""
}
