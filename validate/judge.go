package validate

import (
	"fmt"
	"strings"
	"time"

	"github.com/arbiter-chess/arbiter/chess"
	"github.com/arbiter-chess/arbiter/validate/unwinnable"
)

// Options choose what a Judge computes beyond the verdict and findings.
type Options struct {
	Plies bool // fill Report.Plies (SAN, UCI, clocks, repetition counts, keys)
	FEN   bool // with Plies: also the FEN after every ply
	// SAN keeps only the normalized SAN of every ply (Report.SAN,
	// Report.SANCount), as a movetext needs: a fraction of what Plies
	// costs. Plies implies it.
	SAN bool
	// DeadNodes is the node budget of the dead-position test of each game's
	// final position; UnwinnableNodes that of the "could the winner have
	// mated?" test behind a decisive result without mate. Zero means the
	// defaults.
	DeadNodes       int
	UnwinnableNodes int
	// Headers checks the game's tags (Game.Tags): dates, round, players,
	// ratings, titles, result, time control and the Seven Tag Roster (the
	// tag_* findings).
	Headers bool
	// Today is the date of the run, for the dates in the future (the zero
	// time: now).
	Today time.Time
}

// Default node budgets.
const (
	DefaultDeadNodes       = 3_000
	DefaultUnwinnableNodes = 20_000
)

// Judge replays games and judges them. It holds one worker's buffers; use
// one Judge per goroutine.
type Judge struct {
	opt Options
	an  *unwinnable.Analyzer
	h   history // the game replayed so far
	ml  chess.MoveList
	buf []byte
	// finalAnalysed[c]: the exact analysis already ran for c on this
	// game's final position (with the dead-position budget).
	finalAnalysed [2]bool
	// finalWitness[c]: the mating line that analysis found for c, if any.
	finalWitness [2][]chess.Move
	// recordedWinner is the colour the game's result says won, -1 when
	// the result is not decisive (set by judgeEnd).
	recordedWinner int8
	// start is the position the game starts from (Judge).
	start chess.Position
	// finalMated: the last move replayed was read, by run, as one that
	// mates (its check or mate mark checked so): the final position is
	// mate without counting its moves.
	finalMated bool
	// res is the game's result as recorded, read once by Judge.
	res results
	// today is Options.Today in days since 1970-01-01.
	today int32
}

// results is a game's result as its record gives it: the Result tag and
// the movetext's result token, each normalized (ok false: unreadable or
// absent), and the one that counts (the tag, else the token).
type results struct {
	tag, tok, recorded       string
	tagOK, tokOK, recordedOK bool
}

// readResults normalizes g's Result tag and result token.
func readResults(g *Game) results {
	var r results
	r.tag, r.tagOK = NormalizeResult(g.Result)
	r.tok, r.tokOK = NormalizeResult(g.ResultToken)
	r.recorded, r.recordedOK = r.tag, r.tagOK
	if !r.tagOK {
		r.recorded, r.recordedOK = r.tok, r.tokOK
	}
	return r
}

// NewJudge returns a Judge with the given options.
func NewJudge(opt Options) *Judge {
	if opt.DeadNodes <= 0 {
		opt.DeadNodes = DefaultDeadNodes
	}
	if opt.UnwinnableNodes <= 0 {
		opt.UnwinnableNodes = DefaultUnwinnableNodes
	}
	opt.SAN = opt.SAN || opt.Plies
	if opt.Today.IsZero() {
		opt.Today = time.Now()
	}
	return &Judge{opt: opt, an: unwinnable.NewAnalyzer(unwinnable.Options{NoSAN: true}), today: daysOf(opt.Today)}
}

// Judge replays g and writes what the Laws say about it into r, reusing r's
// buffers. r may refer to g's move tokens (see Report.SAN): read it before
// g changes.
func (j *Judge) Judge(g *Game, r *Report) {
	j.judge(g, r)
	if j.opt.Headers {
		j.checkHeaders(g, r)
	}
}

// judge is Judge without the header checks.
func (j *Judge) judge(g *Game, r *Report) {
	r.Findings = r.Findings[:0]
	r.Plies = r.Plies[:0]
	r.sans = r.sans[:0]
	r.text = r.text[:0]
	r.toks = g.Moves
	v := &r.Verdict
	*v = freshVerdict
	v.PliesRecorded = len(g.Moves)

	// The tag values are read here together, the result's for judgeEnd:
	// when they are not in the cache (a game read long ago), their loads
	// overlap instead of stalling one after the other.
	kind := ClassifyVariant(g.Variant)
	j.res = readResults(g)
	if kind == VariantOther {
		j.add(r, Finding{Kind: KindVariantNotAudited, Severity: Warning, Article: "-", Ply: -1, Line: g.Line,
			Message: fmt.Sprintf("variant %q has other rules than chess: the game was read but not audited", g.Variant)})
		return
	}
	start := &j.start
	if !j.startPosition(g, kind, r, start) {
		return
	}
	v.Audited = true
	v.Chess960 = start.Chess960()
	v.FirstMoveNumber = start.FullmoveNumber()
	v.FirstColor = start.SideToMove()

	lang, failed := j.replay(g, start, chess.English, r)
	if failed >= 0 {
		// The game may be written in another language: keep the reading
		// that replays furthest (English wins ties). A language whose
		// letters do not fit the token English failed on cannot read past
		// it either, so it cannot win.
		best, bestN := chess.English, failed
		fit := chess.TokenLanguages(g.Moves[failed].Text)
		for _, l := range chess.Languages[1:] {
			if !fit.Has(l) {
				continue
			}
			if n := j.probe(g, start, l); n > bestN {
				best, bestN = l, n
			}
		}
		if best != chess.English {
			r.Findings = r.Findings[:0]
			r.Plies = r.Plies[:0]
			r.sans = r.sans[:0]
			r.text = r.text[:0]
			v.Errors, v.Warnings, v.Infos = 0, 0, 0
			lang, _ = j.replay(g, start, best, r)
		}
	}
	v.Language = lang
	if nameOpenings && !g.HasFEN && kind == VariantStandard {
		j.nameOpening(v)
	}
	j.judgeEnd(g, r)
}

// freshVerdict is a Verdict before judging: nothing happened yet.
var freshVerdict = Verdict{
	EndPly: -1, FirstErrorPly: -1, ThreefoldPly: -1, ThreefoldClaimPly: -1,
	FiftyPly: -1, FivefoldPly: -1, SeventyFivePly: -1, DeadPly: -1, FirstMoveNumber: 1, OpeningPly: -1,
}

// standardStart is the standard start position.
var standardStart = chess.StartPosition()

// startPosition sets p to the position the game starts from and reports
// whether the game can be replayed from it.
func (j *Judge) startPosition(g *Game, kind VariantKind, r *Report, p *chess.Position) bool {
	if !g.HasFEN {
		*p = standardStart
		if kind == VariantChess960 {
			p.SetChess960(true)
		}
		return true
	}
	var err error
	*p, err = chess.ParseFEN(g.FEN)
	if err != nil {
		j.add(r, Finding{Kind: KindInvalidStart, Severity: Error, Article: "3.10.3", Ply: 0, FEN: g.FEN, Line: g.Line,
			Message: fmt.Sprintf("the FEN tag cannot be read: %v", err)})
		return false
	}
	if kind == VariantChess960 {
		p.SetChess960(true)
	}
	if probs := append(p.Problems(), p.FieldProblems(g.FEN)...); len(probs) > 0 {
		// Problems that break the rules of movement stop the replay; the
		// others (a position with more promoted pieces than missing pawns,
		// say, as custom "From Position" games have) make a position that
		// no game can reach, but its moves can still be judged.
		var fatal, other []string
		for _, pr := range probs {
			switch pr.Code {
			case chess.ProblemKingCount, chess.ProblemPawnOnBackRank, chess.ProblemOpponentInCheck, chess.ProblemKingsAdjacent:
				fatal = append(fatal, pr.Message)
			default:
				other = append(other, pr.Message)
			}
		}
		if len(fatal) > 0 {
			j.add(r, Finding{Kind: KindInvalidStart, Severity: Error, Article: "3.10.3", Ply: 0, FEN: g.FEN, Line: g.Line,
				Message: "the start position breaks the rules of play, the game is not replayed: " + strings.Join(append(fatal, other...), "; ")})
			return false
		}
		j.add(r, Finding{Kind: KindUnreachableStart, Severity: Warning, Article: "3.10.3", Ply: 0, FEN: g.FEN, Line: g.Line,
			Message: "the start position cannot arise in a game (the moves are still judged): " + strings.Join(other, "; ")})
	}
	if g.SetUp != "1" {
		j.add(r, Finding{Kind: KindSetUpMissing, Severity: Info, Article: "-", Ply: 0, FEN: g.FEN, Line: g.Line,
			Message: `the game has a FEN tag without [SetUp "1"]; the FEN was used`})
	}
	return true
}

// probe replays g's moves in language l and returns how many read legally.
func (j *Judge) probe(g *Game, start *chess.Position, l chess.Language) int {
	p := *start
	for i := range g.Moves {
		pm := p.ParseMove(g.Moves[i].Text, l)
		if pm.Status != chess.MoveOK {
			if pm.Reason == chess.NullMoveToken && !p.InCheck() {
				p.Play(chess.NullMove)
				continue
			}
			return i
		}
		p.Play(pm.Move)
	}
	return len(g.Moves)
}

// replay plays the moves in language l, recording positions, plies and move
// findings. It returns the index of the first move that failed, or -1.
func (j *Judge) replay(g *Game, start *chess.Position, l chess.Language, r *Report) (chess.Language, int) {
	v := &r.Verdict
	v.FirstErrorPly = -1
	j.h.reset(start, len(g.Moves))
	j.finalMated = false
	var marks checkMarks
	nullNoted := false
	failed := -1
	var san *Report // where run keeps the SAN
	if j.opt.SAN {
		san = r
	}
	for i := 0; i < len(g.Moves); i++ {
		if !j.opt.Plies {
			// Most moves take the short path; the loop below handles
			// the one it stopped at.
			if i = j.run(g.Moves, i, l, &marks, san); i == len(g.Moves) {
				break
			}
		}
		tok := &g.Moves[i]
		p := &j.h.cur
		ply := i + 1
		pm := p.ParseMove(tok.Text, l)
		m := pm.Move
		if pm.Status != chess.MoveOK {
			if pm.Reason == chess.NullMoveToken && !p.InCheck() {
				m = chess.NullMove
				pm.Move = m // written "--" in the SAN kept
				if !nullNoted {
					nullNoted = true
					j.add(r, Finding{Kind: KindNullMove, Severity: Warning, Article: "3.10.1", Ply: ply, Color: p.SideToMove(),
						SAN: string(tok.Text), FEN: p.FEN(), Line: tok.Line,
						Message: "a null move (a pass) is recorded: it is not a legal move; the replay passes the turn and goes on"})
				}
			} else {
				j.moveError(r, p, tok, ply, pm)
				failed = i
				break
			}
		} else if pm.Notes&checkMarkNotes != 0 && !isUCI(tok.Text) {
			marks.note(ply) // UCI has no check marks to miss
		}
		if j.opt.SAN {
			j.keepSAN(r, p, &pm, i, l)
		}
		var pl Ply
		if j.opt.Plies {
			pl.Move = m
			pl.Piece = p.MovedPiece(m)
			pl.Captured = p.CapturedPiece(m)
		}
		j.h.push(m)
		if j.opt.Plies {
			next := &j.h.cur
			k := j.h.last()
			pl.Check = pm.Check
			if m == chess.NullMove {
				pl.Check = next.InCheck()
			}
			pl.Halfmove = next.HalfmoveClock()
			pl.Repetition = int(j.h.ply[k].reps)
			pl.Hash = j.h.ply[k].hash
			if j.opt.FEN {
				j.buf = next.AppendFEN(j.buf[:0])
				pl.fen = r.appendText(j.buf)
			}
			r.Plies = append(r.Plies, pl)
		}
	}
	v.PliesReplayed = j.h.last()
	if failed >= 0 {
		v.FirstErrorPly = failed + 1
	}
	if marks.n > 0 {
		first := marks.first
		p := j.h.at(first - 1)
		j.add(r, Finding{Kind: KindCheckMark, Severity: Info, Article: "C.13", Ply: first, Color: p.SideToMove(),
			SAN: string(g.Moves[first-1].Text), FEN: p.FEN(), Line: g.Moves[first-1].Line, Count: marks.n,
			Message: fmt.Sprintf("%d move(s) have a missing or wrong check or mate mark, the first at move %s", marks.n, moveLabel(&p, first))})
	}
	return l, failed
}

// checkMarkNotes are the notes of a move whose check or mate mark is
// missing or wrong.
const checkMarkNotes = chess.CheckMarkMissing | chess.CheckMarkWrong | chess.MateMarkMissing

// checkMarks counts the moves with a missing or wrong check or mate mark
// and keeps the ply of the first.
type checkMarks struct{ n, first int }

func (c *checkMarks) note(ply int) {
	if c.n == 0 {
		c.first = ply
	}
	c.n++
}

// run plays moves[i:] while they are ordinary (legal, read in language l),
// counting their check-mark notes in marks and, when san is not nil,
// keeping their normalized SAN there; it returns the index of the first
// move it did not play, len(moves) when it played them all. It is the
// replay's common path, kept apart from the rare cases (null moves,
// errors) and from the recording of plies, so that each ply does only
// what every ply needs.
//
// It records the plies as history.push does, with push's common case
// written out here: the history was reset with room for every move, and
// move i makes ply i+1 (the slow path of replay pushes one ply a move too).
// A method shared with push is too large for the compiler to inline, and
// calling it made the judge measurably slower: keep the two alike.
func (j *Judge) run(moves []Token, i int, l chess.Language, marks *checkMarks, san *Report) int {
	h := &j.h
	rec := h.ply[1 : len(moves)+1] // rec[i]: ply i+1
	moves = moves[:len(rec)]       // (tells the compiler that rec[i] is in range)
	var pm chess.ParsedMove        // (kept after the loop)
	for ; i < len(moves); i++ {
		pm = h.cur.ParseMove(moves[i].Text, l)
		if pm.Status != chess.MoveOK {
			break
		}
		if pm.Notes&checkMarkNotes != 0 {
			marks.note(i + 1)
		}
		if san != nil {
			j.keepSAN(san, &h.cur, &pm, i, l)
		}
		h.cur.Play(pm.Move)
		hash, clock := h.cur.Hash(), int32(h.cur.HalfmoveClock())
		h.irreversible(clock)
		if seen := h.mark(hash); seen || clock >= 100 || (i+1)%checkpointEvery == 0 {
			h.n = i // pushRare looks back from ply i+1
			h.pushRare(i+1, pm.Move, hash, clock, seen)
		} else {
			rec[i] = plyRecord{hash: hash, move: pm.Move, clock: clock, reps: 1}
		}
	}
	h.n = i
	j.finalMated = i == len(moves) && mates(&pm)
	return i
}

// mates reports whether pm, read as a legal move, is known to mate: the
// reading checks a mate mark ("#", "++") and a check mark on a move that
// gives check against the position after the move, and notes a wrong one
// (CheckMarkWrong) or a missing mate mark (MateMarkMissing).
func mates(pm *chess.ParsedMove) bool {
	if pm.Status != chess.MoveOK || !pm.Check {
		return false
	}
	switch pm.CheckMark {
	case chess.CheckMate, chess.CheckDoublePlus:
		return pm.Notes&chess.CheckMarkWrong == 0
	case chess.CheckPlus:
		return pm.Notes&chess.MateMarkMissing != 0
	}
	return false
}

// keepSAN appends to r the normalized SAN of the move pm read from move i
// in position p: a reference to the token itself when it is written so
// already (no copy), else the SAN written out.
func (j *Judge) keepSAN(r *Report, p *chess.Position, pm *chess.ParsedMove, i int, l chess.Language) {
	if pm.IsSAN(l) {
		r.sans = append(r.sans, r.tokenSpan(i))
		return
	}
	j.buf = p.AppendSAN(j.buf[:0], pm.Move)
	r.sans = append(r.sans, r.appendText(j.buf))
}

// moveLabel writes "12." or "12..." for the move played from p.
func moveLabel(p *chess.Position, _ int) string {
	if p.SideToMove() == chess.White {
		return fmt.Sprintf("%d.", p.FullmoveNumber())
	}
	return fmt.Sprintf("%d...", p.FullmoveNumber())
}

// moveError records an illegal, ambiguous or unreadable move.
func (j *Judge) moveError(r *Report, p *chess.Position, tok *Token, ply int, pm chess.ParsedMove) {
	f := Finding{Severity: Error, Ply: ply, Color: p.SideToMove(), SAN: string(tok.Text), FEN: p.FEN(), Line: tok.Line}
	switch pm.Status {
	case chess.MoveAmbiguous:
		f.Kind, f.Article = KindAmbiguousMove, "C.10"
	case chess.MoveIllegal:
		f.Kind, f.Article = KindIllegalMove, "3.10.1"
	default:
		f.Kind, f.Article = KindUnreadableMove, "8.1.1"
	}
	f.Message = fmt.Sprintf("%s %s: %s", moveLabel(p, ply), tok.Text, pm.Explain(p, tok.Text))
	if left := r.Verdict.PliesRecorded - ply; left > 0 {
		f.Message += fmt.Sprintf("; the %d later ply(s) are not checked", left)
	}
	j.add(r, f)
}

// claimableByMove reports whether the player to move at ply k, in
// position p, can claim a threefold repetition by announcing a move
// (9.2.1.1): some legal move makes a position that has already occurred at
// least twice. Such a position is one of history's twice-seen plies before
// k (tw, in ply order) since the last capture or pawn move, with the other
// side to move; a move that
// reaches it moves one piece of the side to move, neither a pawn nor a
// capture (those make a position never seen before, and a move that
// changes castling rights cannot give back earlier rights), so each
// candidate is told by comparing the two positions' pieces, and only the
// one move that fits is tested for legality and played.
func (j *Judge) claimableByMove(p *chess.Position, k int, tw []twiceSeen) bool {
	lo := max(k-p.HalfmoveClock()-1, 0)
	us := p.SideToMove()
	mine, theirs := p.ByColor(us), p.ByColor(us.Other())
	for i := len(tw) - 1; i >= 0 && tw[i].ply >= lo; i-- {
		t := &tw[i]
		if (k-1-t.ply)&1 != 0 {
			continue
		}
		q := &t.pos
		gone, come := mine&^q.ByColor(us), q.ByColor(us)&^mine
		if q.ByColor(us.Other()) != theirs || gone.Count() != 1 || come.Count() != 1 {
			continue
		}
		from, to := gone.First(), come.First()
		if pc := p.PieceAt(from); pc.Type() == chess.Pawn || q.PieceAt(to) != pc {
			continue
		}
		m := chess.NewMove(from, to)
		if !p.IsLegal(m) {
			continue
		}
		r := *p
		r.Play(m)
		if r.Key() == q.Key() {
			return true
		}
	}
	return false
}

func (j *Judge) add(r *Report, f Finding) {
	switch f.Severity {
	case Error:
		r.Verdict.Errors++
	case Warning:
		r.Verdict.Warnings++
	default:
		r.Verdict.Infos++
	}
	r.Findings = append(r.Findings, f)
}

// isUCI reports whether tok is a move in UCI's coordinate form (g1f3,
// e7e8q): squares only, no piece letter, separator or mark.
func isUCI(tok []byte) bool {
	if len(tok) != 4 && len(tok) != 5 {
		return false
	}
	for i := 0; i < 4; i += 2 {
		if tok[i] < 'a' || tok[i] > 'h' || tok[i+1] < '1' || tok[i+1] > '8' {
			return false
		}
	}
	if len(tok) == 5 {
		switch tok[4] {
		case 'q', 'r', 'b', 'n', 'Q', 'R', 'B', 'N':
		default:
			return false
		}
	}
	return true
}
