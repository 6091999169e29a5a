package audit

import (
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/arbiter-chess/arbiter/chess"
	"github.com/arbiter-chess/arbiter/fingerprint"
	"github.com/arbiter-chess/arbiter/ingest"
	"github.com/arbiter-chess/arbiter/report"
	"github.com/arbiter-chess/arbiter/sheet"
	"github.com/arbiter-chess/arbiter/stats"
	"github.com/arbiter-chess/arbiter/tournament"
	"github.com/arbiter-chess/arbiter/validate"
	"github.com/arbiter-chess/arbiter/validate/unwinnable"
)

// The tables, in the order of Output.Records.
const (
	TableGames = iota
	TableMoves
	TableFindings
	TablePositions
	TablePlayers  // TRF inputs only; written by Run, not by a Stage
	TablePairings // TRF inputs only; written by Run, not by a Stage
	numTables
)

// TableNames are the tables' folder names, indexed like Output.Records.
var TableNames = [numTables]string{"games", "moves", "findings", "positions", "players", "pairings"}

// StageOptions choose what a Stage produces.
type StageOptions struct {
	Tables [numTables]bool // which tables to build
	FEN    bool            // add the fen column to the moves table
	// Judge options (node budgets); Plies and FEN are set from the tables.
	Judge validate.Options
	// GameInfos fills Output.GameInfos with what the cross-check of a TRF
	// needs of each game (see GameInfo).
	GameInfos bool
	// Standings keeps GameInfos only for games with a usable Round tag,
	// and counts the others in Output.RoundMissing (standings from the
	// games alone, see standings.go).
	Standings *StandingsGate
	// Duplicates computes each game's fingerprint (see duplicates.go);
	// games of fewer than DupMinPlies plies include players and date.
	Duplicates  bool
	DupMinPlies int
	// Sheet, when set, fills Output.Sheet with the games the HTML report
	// may show (see sheet.go).
	Sheet *sheet.Options
	// Partition fills Output.Keys with each game's partition (see
	// partition.go).
	Partition bool
}

// Output is what a Stage makes of one block.
type Output struct {
	Seq       int64
	Read      int                          // the pipeline's read the block belongs to
	Offset    int64                        // the block's first byte in its source's decompressed text
	Records   [numTables]arrow.RecordBatch // nil for tables not built or with no rows
	Stats     *stats.Run
	Games     int64 // games in the block
	Positions int64 // positions in the block
	// GameInfos holds one record per game of the block, in order, when
	// StageOptions.GameInfos is set (games the reader skipped have none).
	GameInfos []tournament.GameInfo
	// RoundMissing counts, per event, the games without a usable Round
	// tag when StageOptions.Standings is set.
	RoundMissing []RoundMissing
	// fps are the games' fingerprints (StageOptions.Duplicates).
	fps []gameFP
	// Keys are the games' partitions, in the order of the games rows
	// (StageOptions.Partition).
	Keys []gameKey
	// Sheet holds the games of the block the HTML report may show, when
	// StageOptions.Sheet is set (nil when there are none).
	Sheet *sheet.Block
}

// Release frees the record batches.
func (o *Output) Release() {
	for i, r := range o.Records {
		if r != nil {
			r.Release()
			o.Records[i] = nil
		}
	}
}

// Stage turns blocks of raw games into table rows. It holds one worker's
// buffers and is not safe for concurrent use: give each worker its own.
type Stage struct {
	opt   StageOptions
	judge *validate.Judge
	an    *unwinnable.Analyzer

	game ingest.Game
	vg   validate.Game
	rep  validate.Report

	games     *report.GamesBuilder
	moves     *report.MovesBuilder
	findings  *report.FindingsBuilder
	positions *report.PositionsBuilder

	grow  report.GameRow
	mrows []report.MoveRow // one game's moves rows, reused
	frow  report.FindingRow
	prow  report.PositionRow

	sg    stats.Game
	found []validate.Finding // the game's findings, see gatherFindings
	ml    chess.MoveList

	infos   []tournament.GameInfo // of the block being processed (StageOptions.GameInfos)
	infoBuf []byte                // scratch of addGameInfo
	missing roundTally            // of the block being processed (StageOptions.Standings)

	fps  []gameFP           // of the block being processed (StageOptions.Duplicates)
	fph  fingerprint.Hasher // scratch of addFingerprint
	tagh fingerprint.Hasher // scratch of addFingerprint
	line []chess.Move       // scratch of addFingerprint
	row  int                // the row of the game being judged in the block's games batch
	keys []gameKey          // of the block being processed (StageOptions.Partition)

	pick                  *sheet.Picker // StageOptions.Sheet
	sheetKinds, sheetSevs []string      // scratch of offerSheet
}

// NewStage returns a Stage allocating its batches from mem (nil for the
// default allocator).
func NewStage(opt StageOptions, mem memory.Allocator) *Stage {
	if mem == nil {
		mem = memory.DefaultAllocator
	}
	jo := opt.Judge
	jo.Plies = opt.Tables[TableMoves]
	jo.SAN = opt.Tables[TableGames] // the movetext
	jo.FEN = opt.FEN && opt.Tables[TableMoves]
	jo.Headers = true
	s := &Stage{opt: opt, judge: validate.NewJudge(jo), an: unwinnable.NewAnalyzer(unwinnable.Options{NodeBudget: validate.DefaultUnwinnableNodes})}
	if opt.Sheet != nil {
		s.pick = sheet.NewPicker(*opt.Sheet)
	}
	if opt.Tables[TableGames] {
		s.games = report.NewGamesBuilder(mem)
	}
	if opt.Tables[TableMoves] {
		s.moves = report.NewMovesBuilder(mem, opt.FEN)
	}
	if opt.Tables[TableFindings] {
		s.findings = report.NewFindingsBuilder(mem)
	}
	if opt.Tables[TablePositions] {
		s.positions = report.NewPositionsBuilder(mem)
	}
	return s
}

// keepGameInfos makes the Stage keep every game's GameInfo from now on: a
// TRF came during the run (see events.lateTRF).
func (s *Stage) keepGameInfos() {
	s.opt.GameInfos, s.opt.Standings = true, nil
}

// Close releases the builders.
func (s *Stage) Close() {
	if s.games != nil {
		s.games.Release()
	}
	if s.moves != nil {
		s.moves.Release()
	}
	if s.findings != nil {
		s.findings.Release()
	}
	if s.positions != nil {
		s.positions.Release()
	}
}

// Process judges every game and position of b. A game's (and a
// position's) id is idBase plus its offset in the decompressed text (see
// plan.GameID): the same however the input is cut into blocks and units.
func (s *Stage) Process(b *ingest.Block, idBase int64) (*Output, error) {
	out := &Output{Seq: int64(b.Seq), Stats: stats.NewRun()}
	// Games in file order: the delivered ones and those the reader had to
	// skip (too large), which get a row and a finding so none is lost.
	k := 0
	for i := range b.Games {
		for ; k < len(b.Skipped) && b.Skipped[k].Index >= 0 && b.Skipped[k].Index < b.Games[i].Index; k++ {
			if err := s.skippedGame(b, &b.Skipped[k], idBase+b.Skipped[k].Offset, out.Stats); err != nil {
				return nil, err
			}
			out.Games++
		}
		s.row = int(out.Games) // the game's row in the block's games batch
		if err := s.safeProcessGame(b, i, idBase+b.Games[i].Offset, out.Stats); err != nil {
			return nil, err
		}
		out.Games++
	}
	for ; k < len(b.Skipped); k++ {
		if b.Skipped[k].Index < 0 {
			continue
		}
		if err := s.skippedGame(b, &b.Skipped[k], idBase+b.Skipped[k].Offset, out.Stats); err != nil {
			return nil, err
		}
		out.Games++
	}
	for i := range b.Positions {
		if err := s.processPosition(&b.Positions[i], b.File, idBase+b.Positions[i].Offset); err != nil {
			return nil, err
		}
	}
	out.Positions = int64(len(b.Positions))
	out.Stats.Positions = out.Positions
	if s.games != nil && s.games.Len() > 0 {
		out.Records[TableGames] = s.games.Flush()
	}
	if s.moves != nil && s.moves.Len() > 0 {
		out.Records[TableMoves] = s.moves.Flush()
	}
	if s.findings != nil && s.findings.Len() > 0 {
		out.Records[TableFindings] = s.findings.Flush()
	}
	if s.positions != nil && s.positions.Len() > 0 {
		out.Records[TablePositions] = s.positions.Flush()
	}
	out.GameInfos, s.infos = s.infos, nil
	out.RoundMissing = s.missing.take()
	out.fps, s.fps = s.fps, nil
	out.Keys, s.keys = s.keys, nil
	if s.pick != nil {
		out.Sheet = s.pick.Take()
	}
	return out, nil
}

// GameInput fills vg with what the judge needs of the tokenized game g,
// reusing vg's move slice.
func GameInput(g *ingest.Game, vg *validate.Game) {
	moves, tags := vg.Moves[:0], vg.Tags[:0]
	*vg = validate.Game{Line: g.Line, ResultToken: g.ResultToken}
	for i := range g.Tags {
		t := &g.Tags[i]
		tags = append(tags, validate.Tag(*t))
		switch t.Name {
		case "FEN":
			if !vg.HasFEN {
				vg.FEN, vg.HasFEN = t.Value, true
			}
		case "SetUp":
			vg.SetUp = t.Value
		case "Variant":
			vg.Variant = t.Value
		case "Result":
			vg.Result = t.Value
		case "Termination":
			vg.Termination = t.Value
		}
	}
	moves = slices.Grow(moves, len(g.Moves))[:len(g.Moves)]
	for i := range moves {
		// Field by field, every field: a composite literal is built on
		// the stack and copied with wide loads that stall on its narrow
		// stores, and clearing the token first costs a write barrier more
		// whenever the collector runs.
		m, t := &g.Moves[i], &moves[i]
		t.Text = m.Text
		t.Line, t.Col = m.Line, m.Col
		t.EnPassantMark = m.EnPassantMark
	}
	vg.Moves, vg.Tags = moves, tags
}

func (s *Stage) processGame(b *ingest.Block, i int, id int64, st *stats.Run) error {
	raw := &b.Games[i]
	g := &s.game
	perr := ingest.ParseGame(*raw, b.File, ingest.ParseOptions{MainLineOnly: true}, g)
	GameInput(g, &s.vg)
	s.judge.Judge(&s.vg, &s.rep)
	r := &s.rep
	v := &r.Verdict

	sg := &s.sg
	*sg = stats.Game{ID: id, File: b.File, Audited: v.Audited, PliesRecorded: v.PliesRecorded, PliesReplayed: v.PliesReplayed,
		EndKind: v.End.String(), Findings: sg.Findings[:0]}
	if v.Audited {
		sg.Notation = v.Language.String()
	}
	if res, ok := validate.NormalizeResult(s.vg.Result); ok {
		sg.Result = res
	}
	sg.ResultByRules = v.ResultByRules
	s.gatherFindings(g, r, perr)
	if len(s.found) > 0 {
		sg.ClockLeftMS, sg.HasClock = clockLeft(g)
	}
	for k := range s.found {
		f := &s.found[k]
		sg.Findings = append(sg.Findings, stats.Finding{Kind: f.Kind, Severity: f.Severity.String(), Ply: f.Ply, Line: int64(f.Line), Message: f.Message})
	}
	st.AddGame(sg)
	if s.opt.GameInfos {
		s.addGameInfo(raw, b.File, id)
	}
	if s.opt.Partition {
		s.keys = append(s.keys, gameKey{id, monthKey(g.Tags)})
	}
	if s.opt.Duplicates {
		s.addFingerprint(g, id)
	}
	if s.pick != nil && len(s.found) > 0 {
		s.offerSheet(raw, b.File, id, perr)
	}

	if s.findings != nil {
		for k := range s.found {
			if err := s.appendFinding(id, b.File, &s.found[k]); err != nil {
				return err
			}
		}
	}
	if s.moves != nil {
		if err := s.appendMoves(id); err != nil {
			return err
		}
	}
	if s.games != nil {
		if err := s.appendGame(raw, b.File, id); err != nil {
			return err
		}
	}
	return nil
}

// safeProcessGame is processGame, except that a panic (a bug, never bad
// input by design) becomes an error finding on that game instead of
// stopping the run.
func (s *Stage) safeProcessGame(b *ingest.Block, i int, id int64, st *stats.Run) (err error) {
	defer func() {
		if p := recover(); p != nil {
			raw := &b.Games[i]
			err = s.failedGame(b, ingest.Skip{Index: raw.Index, Offset: raw.Offset, Length: int64(len(raw.Data)), Line: raw.Line},
				id, st, KindInternalError, fmt.Sprintf("internal error while judging this game (please report it): %v", p))
		}
	}()
	return s.processGame(b, i, id, st)
}

// skippedGame writes a row and a finding for a game the reader could not
// deliver (over the size cap).
func (s *Stage) skippedGame(b *ingest.Block, sk *ingest.Skip, id int64, st *stats.Run) error {
	return s.failedGame(b, *sk, id, st, KindGameSkipped, fmt.Sprintf("game skipped (%d bytes at offset %d): %v", sk.Length, sk.Offset, sk.Err))
}

// failedGame writes a games row and one error finding for a game that
// could not be judged.
func (s *Stage) failedGame(b *ingest.Block, sk ingest.Skip, id int64, st *stats.Run, kind, msg string) error {
	sg := &s.sg
	*sg = stats.Game{ID: id, File: b.File, Findings: append(sg.Findings[:0],
		stats.Finding{Kind: kind, Severity: "error", Ply: -1, Line: int64(sk.Line), Message: msg})}
	st.AddGame(sg)
	if s.opt.Partition && (len(s.keys) == 0 || s.keys[len(s.keys)-1].id != id) {
		s.keys = append(s.keys, gameKey{id, defaultPartition}) // a game too large to read: no date known
	}
	if s.pick != nil {
		s.offerFailed(b.File, sk, id, kind, msg)
	}
	if s.findings != nil {
		f := validate.Finding{Kind: kind, Severity: validate.Error, Article: "-", Ply: -1, Message: msg, Line: sk.Line}
		s.rep.Verdict = validate.Verdict{FirstMoveNumber: 1}
		if err := s.appendFinding(id, b.File, &f); err != nil {
			return err
		}
	}
	if s.games != nil {
		row := &s.grow
		row.Reset()
		row.GameID = id
		row.SourceFile = b.File
		row.SourceOffset = sk.Offset
		row.SourceLine = int64(sk.Line)
		row.ErrorCount = 1
		return s.games.Append(row)
	}
	return nil
}

// noteSeverity gives the severity of a tokenizer note as a finding, and
// false for the notes that validate reports itself (with the ply).
func noteSeverity(code string) (validate.Severity, bool) {
	switch code {
	case ingest.NoteMissingResult, ingest.NoteNullMove:
		return 0, false
	case ingest.NoteEncodingUndefined, ingest.NoteTagSyntax, ingest.NoteUnexpectedChar, ingest.NoteTokenAfterResult,
		ingest.NoteTagAfterMovetext, ingest.NoteResultRecovered, ingest.NoteError, ingest.NoteBadCommand:
		return validate.Warning, true
	}
	return validate.Info, true
}

func errLine(err error, def int) int {
	if se, ok := err.(*ingest.SyntaxError); ok && se.Line > 0 {
		return se.Line
	}
	return def
}

func side(c chess.Color) report.Side {
	if c == chess.White {
		return report.SideWhite
	}
	return report.SideBlack
}

func (s *Stage) appendFinding(id int64, file string, f *validate.Finding) error {
	v := &s.rep.Verdict
	row := &s.frow
	row.Reset()
	row.GameID = id
	if f.Ply >= 0 {
		row.Ply.Set(int32(f.Ply))
		row.MoveNumber.Set(int32(validate.MoveNumber(f.Ply, v.FirstMoveNumber, v.FirstColor)))
		if f.Ply > 0 {
			row.Color = side(f.Color)
		}
	}
	row.Kind = f.Kind
	row.Severity = report.Severity(f.Severity.String())
	if f.Article != "-" {
		row.Article = f.Article
	}
	row.Message = append(row.Message[:0], f.Message...)
	if f.SAN != "" {
		row.SAN.SetString(f.SAN)
	}
	if f.FEN != "" {
		row.FEN.SetString(f.FEN)
	}
	if f.Witness != "" {
		row.Witness.SetString(f.Witness)
	}
	row.SourceFile = file
	if f.Line > 0 {
		row.SourceLine.Set(int64(f.Line))
	}
	return s.findings.Append(row)
}

// appendMoves appends the game's moves rows. Each row's fields are all
// set here (the rows are not Reset), and its FEN and comment are the
// judge's and the tokenizer's own bytes, not copies: AppendRows copies
// them, and nothing else uses s.mrows.
func (s *Stage) appendMoves(id int64) error {
	r := &s.rep
	v := &r.Verdict
	g := &s.game
	n := len(r.Plies)
	if cap(s.mrows) < n {
		s.mrows = append(s.mrows[:cap(s.mrows)], make([]report.MoveRow, n-cap(s.mrows))...)
	}
	rows := s.mrows[:n]
	mateAt := -1 // the ply that checkmates, when it is the last one
	if v.End == validate.EndCheckmate && v.EndPly == n {
		mateAt = n - 1
	}
	// the mover alternates from the first colour; the move number goes up
	// after each move of Black
	mover := v.FirstColor
	moveNumber := int32(validate.MoveNumber(1, v.FirstMoveNumber, mover))
	for i := range rows {
		p := &r.Plies[i]
		tok := &g.Moves[i]
		row := &rows[i]
		row.GameID = id
		row.Ply = int32(i + 1)
		row.MoveNumber = moveNumber
		row.Color = side(mover)
		if mover == chess.Black {
			moveNumber++
		}
		mover = mover.Other()
		var ok bool
		if row.SAN, ok = chess.SANIndex(r.SAN(i)); !ok {
			return fmt.Errorf("game %d: %w: game %d ply %d: %q is not standard algebraic notation", id, report.ErrInvalidRow, id, i+1, r.SAN(i))
		}
		// Chess960 castling is written king takes rook
		if row.UCI, ok = p.Move.UCIIndex(v.Chess960); !ok {
			return fmt.Errorf("game %d: %w: game %d ply %d: no chess piece moves from %d to %d", id, report.ErrInvalidRow, id, i+1, p.Move.From(), p.Move.To())
		}
		row.Null = p.Move == chess.NullMove
		row.Piece = 0
		if !row.Null {
			row.Piece = p.Piece.Type().Letter()
		}
		from, to := p.Move.From(), p.Move.To()
		if p.Move.IsCastle() {
			file := 6
			if to.File() < from.File() {
				file = 2
			}
			to = chess.NewSquare(file, from.Rank())
		}
		row.From, row.To = uint8(from), uint8(to)
		row.Captured = 0
		if p.Captured != chess.NoPiece {
			row.Captured = p.Captured.Type().Letter()
		}
		row.Promotion = 0
		if pt := p.Move.Promotion(); pt != chess.NoPieceType {
			row.Promotion = pt.Letter()
		}
		row.IsCheck = p.Check
		row.IsMate = i == mateAt
		row.ClockMS = report.OptInt64{V: tok.ClockMS, Valid: tok.ClockMS >= 0}
		row.EMTMS = report.OptInt64{V: tok.EmtMS, Valid: tok.EmtMS >= 0}
		row.EvalCP = report.OptInt32{V: tok.EvalCP, Valid: tok.HasEvalCP}
		row.EvalMate = report.OptInt32{V: tok.EvalMate, Valid: tok.HasEvalMate}
		row.NAGs = row.NAGs[:0]
		for _, n := range tok.NAGList() {
			row.NAGs = append(row.NAGs, int32(n))
		}
		row.Comment = report.OptBytes{V: tok.Comment, Valid: len(tok.Comment) > 0}
		row.HalfmoveClock = int32(p.Halfmove)
		row.RepetitionCount = int32(p.Repetition)
		row.Zobrist = p.Hash
		row.FEN = nil
		if s.opt.FEN {
			row.FEN = r.FEN(i)
		}
	}
	if err := s.moves.AppendRows(rows); err != nil {
		return fmt.Errorf("game %d: %w", id, err)
	}
	return nil
}

func opt32(o *report.OptInt32, ply int) {
	if ply >= 0 {
		o.Set(int32(ply))
	}
}

// gatherFindings collects into s.found what a game's rows report: the
// judge's findings, then the tokenizer's notes that carry a severity, then
// the syntax error, if any.
func (s *Stage) gatherFindings(g *ingest.Game, r *validate.Report, perr error) {
	s.found = append(s.found[:0], r.Findings...)
	if errors.Is(perr, ingest.ErrTruncated) || errors.Is(perr, ingest.ErrInputLimit) {
		// the stream was cut inside the game: its missing result is the cut
		s.found = slices.DeleteFunc(s.found, func(f validate.Finding) bool { return f.Kind == validate.KindMissingResult })
	}
	for k := range g.Notes {
		n := &g.Notes[k]
		if sev, ok := noteSeverity(n.Code); ok {
			s.found = append(s.found, validate.Finding{Kind: n.Code, Severity: sev, Article: "-", Ply: -1, Message: n.Message, Line: n.Line})
		}
	}
	if perr != nil {
		kind := KindSyntaxError
		switch {
		case errors.Is(perr, ingest.ErrInputLimit):
			kind = ingest.CodeInputBomb // the stream was stopped inside the game
		case errors.Is(perr, ingest.ErrTruncated):
			kind = ingest.CodeInputTruncated // the stream ended inside the game
		}
		s.found = append(s.found, validate.Finding{Kind: kind, Severity: validate.Error, Article: "-", Ply: -1,
			Message: perr.Error(), Line: errLine(perr, g.Line)})
	}
}

func (s *Stage) appendGame(raw *ingest.RawGame, file string, id int64) error {
	g := &s.game
	r := &s.rep
	v := &r.Verdict
	row := &s.grow
	row.Reset()
	row.GameID = id
	row.SourceFile = file
	row.SourceOffset = raw.Offset
	row.SourceLine = int64(raw.Line)
	for i := range g.Tags {
		row.SetTagString(g.Tags[i].Name, g.Tags[i].Value)
	}
	// written straight into the column, see MovetextBuffer
	row.Movetext = appendMovetext(s.games.MovetextBuffer(movetextRoom(r.SANCount())), r)
	row.PliesRecorded = int32(v.PliesRecorded)
	row.PliesReplayed = int32(v.PliesReplayed)
	row.EndKind = report.EndKind(v.End.String())
	opt32(&row.EndPly, v.EndPly)
	row.ResultByRules = v.ResultByRules
	if v.ResultOK != validate.Unknown {
		row.ResultOK.Set(v.ResultOK == validate.Yes)
	}
	opt32(&row.FirstErrorPly, v.FirstErrorPly)
	opt32(&row.ThreefoldPly, v.ThreefoldPly)
	opt32(&row.ThreefoldClaim, v.ThreefoldClaimPly)
	opt32(&row.FiftyPly, v.FiftyPly)
	opt32(&row.FivefoldPly, v.FivefoldPly)
	opt32(&row.SeventyFivePly, v.SeventyFivePly)
	opt32(&row.DeadPly, v.DeadPly)
	if v.Opening != nil {
		row.OpeningECO, row.OpeningName = v.Opening.ECO, v.Opening.Name
		row.OpeningPly.Set(int32(v.OpeningPly))
	}
	if v.Audited {
		row.FinalFEN = v.Final.AppendFEN(row.FinalFEN[:0])
		row.NotationLanguage = v.Language.String()
	}
	for k := range s.found {
		switch s.found[k].Severity {
		case validate.Error:
			row.ErrorCount++
		case validate.Warning:
			row.WarningCount++
		default:
			row.InfoCount++
		}
	}
	row.Audited = v.Audited
	row.UncheckedPlies = int32(v.PliesRecorded - v.PliesReplayed)
	if v.WhiteCanMate != validate.Unknown {
		row.WhiteCanMate.Set(v.WhiteCanMate == validate.Yes)
	}
	if v.BlackCanMate != validate.Unknown {
		row.BlackCanMate.Set(v.BlackCanMate == validate.Yes)
	}
	err := s.games.Append(row)
	row.Movetext = nil // the builder's memory
	return err
}

// movetextRoom bounds the movetext of a game of n plies: SAN of at most 7
// bytes, a space and, every other ply, a move number of up to 6 digits
// with ". ".
func movetextRoom(n int) int { return 8*n + 9*(n/2+1) }

// appendMovetext appends the movetext of the games table to dst: the
// normalized English SAN of each replayed ply of r, with move numbers
// ("1. e4 e5 2. Nf3", or "12... Kd7 13. Qe2" when Black moves first).
// It copies a game's hundred-odd short strings with an append of their
// bytes (one for the usual lengths, else byte by byte), which is cheaper
// than a call to copy each.
func appendMovetext(dst []byte, r *validate.Report) []byte {
	v := &r.Verdict
	num, white := v.FirstMoveNumber, v.FirstColor == chess.White
	for i := range r.SANCount() {
		switch {
		case white && num >= 10 && num < 100 && i > 0: // most moves
			dst = append(dst, ' ', byte('0'+num/10), byte('0'+num%10), '.', ' ')
		case white && num > 0 && num < 10 && i > 0:
			dst = append(dst, ' ', byte('0'+num), '.', ' ')
		case white:
			if i > 0 {
				dst = append(dst, ' ')
			}
			dst = appendMoveNumber(dst, num)
			dst = append(dst, '.', ' ')
		case i == 0:
			dst = appendMoveNumber(dst, num)
			dst = append(dst, '.', '.', '.', ' ')
		default:
			dst = append(dst, ' ')
		}
		switch san := r.SAN(i); len(san) { // one append for most
		case 2:
			dst = append(dst, san[0], san[1])
		case 3:
			dst = append(dst, san[0], san[1], san[2])
		case 4:
			dst = append(dst, san[0], san[1], san[2], san[3])
		default:
			dst = append(dst, san...)
		}
		if !white {
			num++
		}
		white = !white
	}
	return dst
}

// appendMoveNumber appends n in decimal, without strconv's call for the
// numbers of real games.
func appendMoveNumber(dst []byte, n int) []byte {
	if n < 0 || n >= 1000 {
		return strconv.AppendInt(dst, int64(n), 10)
	}
	if n >= 100 {
		dst = append(dst, byte('0'+n/100))
	}
	if n >= 10 {
		dst = append(dst, byte('0'+n/10%10))
	}
	return append(dst, byte('0'+n%10))
}

// processPosition judges one FEN/EPD record.
func (s *Stage) processPosition(rp *ingest.RawPosition, file string, id int64) error {
	if s.positions == nil {
		return nil
	}
	row := &s.prow
	row.Reset()
	row.PositionID = id
	row.SourceFile = file
	row.SourceLine = int64(rp.Line)
	row.FEN = append(row.FEN, rp.Text...)
	text := string(rp.Text)
	e, err := chess.ParseEPD(text)
	if err != nil {
		row.Problems = append(row.Problems, chess.ProblemUnreadable+": "+err.Error())
		return s.positions.Append(row)
	}
	p := &e.Position
	row.SideToMove = side(p.SideToMove())
	if probs := append(p.Problems(), p.FieldProblems(text)...); len(probs) > 0 {
		for _, pr := range probs {
			row.Problems = append(row.Problems, pr.Code+": "+pr.Message)
		}
		return s.positions.Append(row)
	}
	row.Valid = true
	p.LegalMoves(&s.ml)
	row.LegalMoves.Set(int32(s.ml.N))
	inCheck := p.InCheck()
	row.InCheck.Set(inCheck)
	row.Checkmate.Set(inCheck && s.ml.N == 0)
	row.Stalemate.Set(!inCheck && s.ml.N == 0)
	dead, determined, w, b := s.an.Dead(p)
	if determined {
		row.Dead.Set(dead)
	}
	setCan := func(o *report.OptBool, r unwinnable.Result) {
		switch r.Verdict {
		case unwinnable.Winnable:
			o.Set(true)
		case unwinnable.Unwinnable:
			o.Set(false)
		}
	}
	setCan(&row.WhiteCanMate, w)
	setCan(&row.BlackCanMate, b)
	return s.positions.Append(row)
}
