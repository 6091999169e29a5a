package audit

// Tournament uploads: FIDE TRF files given with the games of the event.
//
// A TRF input is recognised by content, whatever its name (the first 4 KiB,
// decompressed, satisfy tournament.LooksLikeTRF), and read whole from the
// one open that recognised it: every input is opened once (a regular file
// that turns out not to be a TRF, twice). Before the reader starts, the
// regular files that no name marks as games or positions (.trf, .txt,
// no suffix...) are looked at (splitTRF); every other input (a .pgn file,
// a pipe, a FIFO, standard input) is looked at by the reader from the
// bytes it reads anyway (openInput). When the run has a TRF, every Stage
// keeps one small tournament.GameInfo per game (tags, plies, the verdict's
// result and errors), so the memory of a run with a TRF grows with its
// games: a few hundred bytes per game, fine for an event upload. Without
// a TRF nothing is kept; a TRF recognised by the reader has the games
// read after it (the games before it are not cross-checked, and its
// event says so).
//
// After the last game, each TRF is parsed, checked on its own (T1-T11),
// cross-checked with the games (P1-P12, tournament.Reconcile) and written
// as the players and pairings tables; its findings go to the findings
// table after the games' own (check_id set, kind a trf_* name of the
// check, source_file and source_line the TRF record, game_id the matched
// game or NULL).
//
// Games are given to the TRFs as follows: with one TRF, every game of the
// run; with several, the games of a PGN input go to the TRF with the same
// name stem (event.pgn.zst and event.trf), and games whose input matches no
// TRF's stem go to every TRF. A run without any game does not run the
// cross-checks (every pairing would lack its game).

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"log/slog"
	"math"
	"path/filepath"
	"strings"
	"sync/atomic"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/arbiter-chess/arbiter/ingest"
	"github.com/arbiter-chess/arbiter/report"
	"github.com/arbiter-chess/arbiter/stats"
	"github.com/arbiter-chess/arbiter/tournament"
	"github.com/arbiter-chess/arbiter/validate"
)

// trfSniffBytes is how much of each input is read to recognise a TRF.
const trfSniffBytes = 4 << 10

// maxTRFBytes caps the TRF read into memory (a report of a thousand
// players is some 200 KB).
const maxTRFBytes = 64 << 20

// Event is what a run made of one TRF input.
type Event struct {
	Input      ingest.Input
	Tournament *tournament.Tournament // nil when the file could not be read
	// Reconciliation is the cross-check with the games: the pairings,
	// the standings as reported (Before) and after the results the Laws
	// give (After), the corrections. Its Findings are every finding of
	// the file: T1-T11, then P1-P12.
	Reconciliation *tournament.Reconciliation
	Games          int      // games of the run cross-checked against the file
	Notes          []string // what the run assumed or left out
	Err            error    // why the file could not be used
	decompressed   int64
	content        []byte // the file, decompressed, read when it was recognised
	// lateGames is the number of games of the run read before the TRF was
	// recognised by the reader (see openInput); 0 for a TRF recognised
	// before the run.
	lateGames int64
}

// Summary writes tournament.WriteSummary's text: the final crosstable, the
// results the Laws changed and the findings per check.
func (e *Event) Summary(w io.Writer) error {
	if e.Tournament == nil || e.Reconciliation == nil {
		return nil
	}
	return tournament.WriteSummary(w, e.Tournament, e.Reconciliation)
}

// checkKinds maps a TRF check id to the kind of its findings rows.
var checkKinds = map[string]string{
	"T1":  "trf_readability",
	"T2":  "trf_reciprocity",
	"T3":  "trf_points",
	"T4":  "trf_unplayed_rounds",
	"T5":  "trf_rounds_and_dates",
	"T6":  "trf_declared_counts",
	"T7":  "trf_player_data",
	"T8":  "trf_pairing_rules",
	"T9":  "trf_ranks",
	"T10": "trf_rate_of_play",
	"T11": "trf_rated_games",
	"P1":  "trf_missing_game",
	"P2":  "trf_colours",
	"P3":  "trf_result",
	"P4":  "trf_result_by_rules",
	"P5":  "trf_unplayed_vs_moves",
	"P6":  "trf_short_game",
	"P7":  "trf_unpaired_game",
	"P8":  "trf_duplicate_game",
	"P9":  "trf_pgn_headers",
	"P10": "trf_board_numbers",
	"P11": "trf_player_identity",
	"P12": "trf_short_game_vs_moves",
}

// CheckKind returns the kind of the findings rows of a TRF check ("T2" is
// trf_reciprocity, "P4" trf_result_by_rules): "trf_" and a snake_case
// name of what the check looks at.
func CheckKind(id string) string {
	if k, ok := checkKinds[id]; ok {
		return k
	}
	return "trf_" + strings.ToLower(id)
}

// isEventTable reports the tables written from TRF inputs, not by a Stage.
func isEventTable(t int) bool { return t == TablePlayers || t == TablePairings }

// events are the TRF inputs of a run and the games they are checked with.
// The reader goroutine adds the TRFs it recognises (openInput) to list;
// the collector reads list only once the reader is done.
type events struct {
	list   []*Event
	games  []tournament.GameInfo
	tables []report.TableStats
	// checked are the inputs splitTRF looked at (they are no TRF)
	checked map[string]bool
	// infosFrom is the first game id whose GameInfo the Stages keep
	// (StageOptions.infosFrom): the games read after a TRF that the
	// reader recognised
	infosFrom atomic.Int64
}

// splitTRF moves the regular files that hold a TRF, and that no name marks
// as games or positions, out of the game inputs, reading each such file
// whole; the others are looked at by openInput. An input that cannot be
// read stays: the reader reports it.
func splitTRF(ctx context.Context, inputs []ingest.Input, opts ingest.Options) ([]ingest.Input, *events) {
	ev := &events{checked: map[string]bool{}}
	ev.infosFrom.Store(math.MaxInt64)
	kept := inputs[:0:0]
	for _, in := range inputs {
		if in.Regular && in.Kind == ingest.KindAuto {
			if r, err := ingest.OpenContext(ctx, in, opts); err == nil {
				data, isTRF, err := trfContent(r)
				r.Close()
				if isTRF {
					ev.list = append(ev.list, &Event{Input: in, content: data, Err: err, decompressed: int64(len(data))})
					continue
				}
				ev.checked[in.Name] = err == nil
			}
		}
		kept = append(kept, in)
	}
	return kept, ev
}

// openInput opens an input of the reader. An input that turns out to hold
// a TRF (splitTRF did not look at it: a .pgn file, a pipe, standard
// input) is read whole from that one open and added to the run's events;
// openInput then returns no Reader and no error. nextGame is the id the
// next game of the run gets: the Stages keep the GameInfos of the games
// from there on.
func (ev *events) openInput(ctx context.Context, in ingest.Input, opts ingest.Options, nextGame int64) (*ingest.Reader, error) {
	r, err := ingest.OpenContext(ctx, in, opts)
	if err != nil || ev.checked[in.Name] {
		return r, err
	}
	data, isTRF, err := trfContent(r)
	if !isTRF {
		return r, nil // an error of Peek comes again from Next
	}
	r.Close()
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	ev.list = append(ev.list, &Event{Input: in, content: data, Err: err, decompressed: int64(len(data)), lateGames: nextGame})
	if nextGame < ev.infosFrom.Load() {
		ev.infosFrom.Store(nextGame)
	}
	return nil, nil
}

// trfContent returns the decompressed content of the input r reads when
// it holds a TRF (at most maxTRFBytes), and whether it does.
func trfContent(r *ingest.Reader) (data []byte, isTRF bool, err error) {
	head, err := r.Peek(trfSniffBytes)
	if err != nil || !tournament.LooksLikeTRF(head) {
		return nil, false, err
	}
	c, err := r.Content()
	if err != nil {
		return nil, true, err
	}
	data, err = io.ReadAll(io.LimitReader(c, maxTRFBytes+1))
	if err == nil && len(data) > maxTRFBytes {
		err = fmt.Errorf("audit %s: a TRF larger than %s", r.Name(), ingest.FormatSize(maxTRFBytes))
	}
	return data, true, err
}

func (ev *events) active() bool { return len(ev.list) > 0 }

// addGames keeps the games of one block, in input order.
func (ev *events) addGames(gs []tournament.GameInfo) { ev.games = append(ev.games, gs...) }

// moveErrorKinds are the findings tournament.GameInfo.MoveErrors counts.
var moveErrorKinds = map[string]bool{
	validate.KindIllegalMove:    true,
	validate.KindAmbiguousMove:  true,
	validate.KindUnreadableMove: true,
	validate.KindInvalidStart:   true,
	validate.KindMovesAfterEnd:  true,
}

// addGameInfo records what the TRF cross-check needs of the game just
// judged. The tag values kept are copied into one string, so that the
// record does not hold the game's buffers.
func (s *Stage) addGameInfo(raw *ingest.RawGame, file string, id int64) {
	g := &s.game
	r := &s.rep
	v := &r.Verdict
	gi := tournament.GameInfo{ID: id, File: file, Line: raw.Line, Index: raw.Index, Offset: raw.Offset,
		Plies: v.PliesRecorded, Audited: v.Audited, ResultByRules: v.ResultByRules, FirstErrorPly: v.FirstErrorPly}
	fields := [...]*string{&gi.Event, &gi.Site, &gi.Date, &gi.Round, &gi.White, &gi.Black, &gi.Result,
		&gi.WhiteFideID, &gi.BlackFideID, &gi.WhiteElo, &gi.BlackElo, &gi.TimeControl, &gi.Termination}
	names := [...]string{"Event", "Site", "Date", "Round", "White", "Black", "Result",
		"WhiteFideId", "BlackFideId", "WhiteElo", "BlackElo", "TimeControl", "Termination"}
	var spans [len(fields)][2]int
	var found [len(fields)]bool
	buf := s.infoBuf[:0]
	for i := range g.Tags {
		t := &g.Tags[i]
		for k, n := range names {
			if t.Name == n && !found[k] {
				found[k] = true
				spans[k] = [2]int{len(buf), len(buf) + len(t.Value)}
				buf = append(buf, t.Value...)
			}
		}
	}
	all := string(buf)
	for k, f := range fields {
		if found[k] {
			*f = all[spans[k][0]:spans[k][1]]
		}
	}
	s.infoBuf = buf
	for k := range r.Findings {
		f := &r.Findings[k]
		if f.Severity == validate.Error && moveErrorKinds[f.Kind] {
			gi.MoveErrors++
		}
	}
	if v.PliesRecorded > 0 {
		h := fnv.New64a()
		for i := range g.Moves {
			if i < r.SANCount() {
				h.Write(r.SAN(i))
			} else {
				h.Write(g.Moves[i].Text)
			}
			h.Write([]byte{' '})
		}
		gi.MovetextHash = h.Sum64()
	}
	s.infos = append(s.infos, gi)
}

// stem is a file name without its folder and its format and compression
// suffixes: "a/Event.PGN.zst" and "b/event.trf" both give "event".
func stem(name string) string {
	b := strings.ToLower(filepath.Base(name))
	for {
		switch ext := filepath.Ext(b); ext {
		case ".zst", ".zstd", ".gz", ".bz2", ".pgn", ".trf", ".txt":
			b = strings.TrimSuffix(b, ext)
			continue
		}
		return b
	}
}

// gamesFor returns the games to cross-check with the i-th TRF.
func (ev *events) gamesFor(i int) []tournament.GameInfo {
	if len(ev.list) == 1 {
		return ev.games
	}
	stems := map[string]int{}
	for j, e := range ev.list {
		if _, dup := stems[stem(e.Input.Name)]; !dup {
			stems[stem(e.Input.Name)] = j
		}
	}
	var out []tournament.GameInfo
	file, owner := "", -1
	for _, g := range ev.games {
		if g.File != file {
			file = g.File
			owner = -1
			if j, ok := stems[stem(file)]; ok {
				owner = j
			}
		}
		if owner < 0 || owner == i {
			out = append(out, g)
		}
	}
	return out
}

// finish reads, checks and cross-checks every TRF, writes the players and
// pairings tables (when wanted) and sends the TRF findings to the findings
// table (when wanted), and counts them in total. It is called once every
// game has been collected and before the table writers are closed.
func (ev *events) finish(ctx context.Context, outDir string, wopt report.WriterOptions, want [numTables]bool,
	findings *tableSink, total *stats.Run, log *slog.Logger) error {
	for i, e := range ev.list {
		e.load(ev.gamesFor(i), len(ev.games) > 0)
		if e.Err != nil {
			log.Error("input", "file", e.Input.Name, "err", e.Err)
		}
	}
	if want[TablePlayers] {
		if err := ev.writeTable(outDir, report.PlayersTable(), wopt, appendPlayers); err != nil {
			return err
		}
	}
	if want[TablePairings] {
		if err := ev.writeTable(outDir, report.PairingsTable(), wopt, appendPairings); err != nil {
			return err
		}
	}
	fb := report.NewFindingsBuilder(nil)
	defer fb.Release()
	for _, e := range ev.list {
		if e.Reconciliation == nil {
			continue
		}
		countFindings(total, e)
		if findings == nil {
			continue
		}
		if err := appendFindings(fb, e); err != nil {
			return err
		}
		if fb.Len() == 0 {
			continue
		}
		if err := findings.send(ctx, fb.Flush()); err != nil {
			return err
		}
	}
	return nil
}

// load parses, checks and cross-checks one TRF.
func (e *Event) load(games []tournament.GameInfo, anyGames bool) {
	if e.Err != nil {
		return // it could not be read
	}
	t, err := tournament.Parse(bytes.NewReader(e.content), e.Input.Name)
	e.content = nil
	var el tournament.ErrorList
	if err != nil && !errors.As(err, &el) {
		e.Err = err
		return
	}
	e.Tournament = t
	fs := tournament.Check(t)
	opt := tournament.CrossCheckOptions{}
	rec, err := tournament.Reconcile(t, games, opt)
	if err != nil {
		// Only an unreadable tie-break order fails (the T checks report
		// it): rank by points alone.
		e.Notes = append(e.Notes, fmt.Sprintf("%v: ranked by points alone", err))
		opt.Standings.Order = []string{"PTS"}
		if rec, err = tournament.Reconcile(t, games, opt); err != nil {
			e.Err = err
			return
		}
	}
	e.Games = len(games)
	if e.lateGames > 0 {
		e.Notes = append(e.Notes, fmt.Sprintf("recognised while the games were read (it came after them, through a pipe or under a games file's name): "+
			"the %d games read before it were not cross-checked with it; give it first, or as a .trf file", e.lateGames))
	}
	if !anyGames {
		rec.Findings = nil
		e.Notes = append(e.Notes, "no games in the run: the cross-checks with the games (P1-P12) were not run")
	}
	rec.Findings = append(fs, rec.Findings...)
	e.Reconciliation = rec
}

// writeTable writes one table of every usable TRF with a plain writer; no
// table is written when no TRF could be read.
func (ev *events) writeTable(outDir string, table report.Table, wopt report.WriterOptions,
	fill func(*report.TableWriter, *Event) error) error {
	var w *report.TableWriter
	for _, e := range ev.list {
		if e.Reconciliation == nil {
			continue
		}
		if w == nil {
			var err error
			if w, err = report.NewTableWriter(outDir, table, wopt); err != nil {
				return fmt.Errorf("audit: table %s: %w", table.Name, err)
			}
		}
		if err := fill(w, e); err != nil {
			w.Abort()
			return fmt.Errorf("audit: table %s: %w", table.Name, err)
		}
	}
	if w == nil {
		return nil
	}
	st, err := w.Close()
	if err != nil {
		return fmt.Errorf("audit: table %s: %w", table.Name, err)
	}
	ev.tables = append(ev.tables, st)
	return nil
}

func writeBatch(w *report.TableWriter, b interface{ Flush() arrow.RecordBatch }) error {
	rec := b.Flush()
	defer rec.Release()
	return w.Write(rec)
}

func appendPlayers(w *report.TableWriter, e *Event) error {
	b := report.NewPlayersBuilder(nil)
	defer b.Release()
	t, rec := e.Tournament, e.Reconciliation
	type after struct {
		points float64
		rank   int
	}
	var fixed map[int]after
	if rec.After != nil {
		fixed = make(map[int]after, len(rec.After.Rows))
		for _, s := range rec.After.Rows {
			fixed[s.StartRank] = after{s.Points.Float64(), s.Rank}
		}
	}
	var row report.PlayerRow
	for _, p := range tournament.PlayerRows(t, rec.Before) {
		row.Reset()
		row.SourceFile = e.Input.Name
		if pl := t.Player(p.StartRank); pl != nil {
			row.SourceLine = int64(pl.Line)
		}
		row.StartRank = int32(p.StartRank)
		row.Name, row.Title, row.Sex, row.Federation, row.BirthDate = p.Name, p.Title, p.Sex, p.Federation, p.BirthDate
		if row.Name == "" {
			row.Name = fmt.Sprintf("#%d", p.StartRank) // the name column is required; T1/T7 report the blank
		}
		if p.FideID > 0 {
			row.FideID.Set(p.FideID)
		}
		if p.Rating > 0 && p.Rating <= 1<<15-1 {
			row.Rating.Set(int16(p.Rating))
		}
		row.Points = p.Points
		if p.DeclaredPoints != nil {
			row.DeclaredPoints.Set(*p.DeclaredPoints)
		}
		row.Rank = int32(p.Rank)
		if p.DeclaredRank > 0 {
			row.DeclaredRank.Set(int32(p.DeclaredRank))
		}
		if a, ok := fixed[p.StartRank]; ok {
			row.PointsByRules.Set(a.points)
			row.RankByRules.Set(int32(a.rank))
		}
		row.TieBreakOrder = append(row.TieBreakOrder, p.TieBreakOrder...)
		row.TieBreakValues = append(row.TieBreakValues, p.OrderValues...)
		row.BH, row.BHC1, row.BHC2, row.BHM1, row.BHM2, row.FB = p.BH, p.BHC1, p.BHC2, p.BHM1, p.BHM2, p.FB
		if p.AOB != nil {
			row.AOB.Set(*p.AOB)
		}
		row.SB, row.SBC1, row.SBC2 = p.SB, p.SBC1, p.SBC2
		row.Win, row.Won, row.BPG, row.BWG, row.REP = int32(p.Wins), int32(p.Won), int32(p.BPG), int32(p.BWG), int32(p.REP)
		row.PS, row.PSC1, row.KS, row.DE = p.PS, p.PSC1, p.KS, int32(p.DE)
		for _, o := range []struct {
			dst *report.OptInt32
			src *int
		}{{&row.ARO, p.ARO}, {&row.AROC1, p.AROC1}, {&row.TPR, p.TPR}, {&row.PTP, p.PTP}} {
			if o.src != nil {
				o.dst.Set(int32(*o.src))
			}
		}
		row.RatedGames = int32(p.RatedGames)
		row.Edition = p.Edition
		if err := b.Append(&row); err != nil {
			return err
		}
	}
	return writeBatch(w, b)
}

func appendPairings(w *report.TableWriter, e *Event) error {
	b := report.NewPairingsBuilder(nil)
	defer b.Release()
	var row report.PairingRow
	for _, p := range e.Reconciliation.Pairings {
		row.Reset()
		row.SourceFile = e.Input.Name
		row.SourceLine = int64(p.Line)
		row.Round, row.Board = int32(p.Round), int32(p.Board)
		row.WhiteStartRank, row.White = int32(p.White), p.WhiteName
		if row.White == "" {
			row.White = fmt.Sprintf("#%d", p.White)
		}
		if p.Kind != "bye" {
			row.BlackStartRank.Set(int32(p.Black))
			row.Black = p.BlackName
		}
		row.Kind, row.Result, row.Codes = p.Kind, p.Result, p.Codes
		if p.HasGame {
			row.GameID.Set(p.GameID)
			row.GameResult = p.GameResult
			row.ResultByRules = normResult(p.ResultByRules)
			row.MatchMethod = p.MatchMethod
		}
		row.Rated, row.RatedReason = p.Rated, p.RatedReason
		if err := b.Append(&row); err != nil {
			return err
		}
	}
	return writeBatch(w, b)
}

// normResult keeps the three PGN results a result by rules can be.
func normResult(s string) string {
	switch s {
	case report.ResultWhiteWins, report.ResultBlackWins, report.ResultDraw:
		return s
	}
	return ""
}

// appendFindings appends the findings of one TRF.
func appendFindings(b *report.FindingsBuilder, e *Event) error {
	var row report.FindingRow
	for _, f := range e.Reconciliation.Findings {
		row.Reset()
		row.GameID, row.NoGame = f.GameID, !f.HasGame
		row.Kind = CheckKind(f.Check)
		row.Severity = report.Severity(f.Severity)
		row.Message = append(row.Message, f.Message...)
		row.SourceFile = e.Input.Name
		if f.Line > 0 {
			row.SourceLine.Set(int64(f.Line))
		}
		row.CheckID = f.Check
		if err := b.Append(&row); err != nil {
			return err
		}
	}
	return nil
}

// countFindings adds the findings of one TRF to the run's counts: per
// severity and per kind, with the number of games concerned. A kind's
// severity is the worst of its findings, and its example the first finding
// of that severity (GameID -1 when it concerns no game).
func countFindings(total *stats.Run, e *Event) {
	rank := map[string]int{"error": 0, "warning": 1, "info": 2}
	seen := map[string]map[int64]bool{}
	for _, f := range e.Reconciliation.Findings {
		kind := CheckKind(f.Check)
		total.BySeverity[f.Severity]++
		kc := total.ByKind[kind]
		if kc == nil {
			kc = &stats.KindCount{Kind: kind, Severity: "info"}
			total.ByKind[kind] = kc
		}
		if seen[kind] == nil {
			seen[kind] = map[int64]bool{}
		}
		if kc.Count == 0 || rank[f.Severity] < rank[kc.Severity] {
			kc.Severity = f.Severity
			kc.Example = stats.Example{GameID: -1, File: e.Input.Name, Line: int64(f.Line), Ply: -1, Message: f.Message}
			if f.HasGame {
				kc.Example.GameID = f.GameID
			}
		}
		kc.Count++
		if f.HasGame && !seen[kind][f.GameID] {
			seen[kind][f.GameID] = true
			kc.Games++
		}
	}
}

// summarize adds the TRF inputs, their tables and events to the summary.
func (ev *events) summarize(sum *report.Summary) {
	for _, st := range ev.tables {
		sum.AddTable(st)
	}
	for _, e := range ev.list {
		is := report.InputSummary{Path: e.Input.Name, Bytes: e.Input.Size, DecompressedBytes: e.decompressed}
		es := report.EventSummary{Path: e.Input.Name, Notes: e.Notes}
		if e.Err != nil {
			is.Error = e.Err.Error()
			is.ErrorCode = ingest.ErrorCode(e.Err)
			es.Error = is.Error
			sum.FailedInputs++
		}
		sum.Inputs = append(sum.Inputs, is)
		if t, rec := e.Tournament, e.Reconciliation; t != nil && rec != nil {
			es.Name, es.Format = t.Name, t.Format.String()
			es.Players, es.Pairings, es.Rounds = len(rec.Before.Rows), len(rec.Pairings), rec.Before.Rounds
			es.Edition, es.EditionReason = rec.Before.Edition.String(), rec.Before.EditionReason
			for _, tb := range rec.Before.Order {
				es.TieBreaks = append(es.TieBreaks, tb.String())
			}
			es.Notes = append(es.Notes, rec.Before.Notes...)
			es.Games, es.GamesMatched = e.Games, len(rec.Matches)
			es.Findings = int64(len(rec.Findings))
			if len(rec.Findings) > 0 {
				es.FindingsByCheck = map[string]int64{}
				for _, f := range rec.Findings {
					es.FindingsByCheck[f.Check]++
				}
			}
			es.Corrections, es.RankChanges = len(rec.Corrections), len(rec.RankChanges)
		}
		sum.Events = append(sum.Events, es)
	}
}

// writeEvents writes, for the human summary, each TRF's final crosstable
// and what changed.
func writeEvents(w io.Writer, events []*Event) {
	for _, e := range events {
		if e.Reconciliation == nil {
			continue
		}
		rec := e.Reconciliation
		fmt.Fprintf(w, "\nevent %s: %q, %d players, %d pairings, %d of %d games matched\n",
			e.Input.Name, e.Tournament.Name, len(rec.Before.Rows), len(rec.Pairings), len(rec.Matches), e.Games)
		for _, n := range e.Notes {
			fmt.Fprintf(w, "note: %s\n", n)
		}
		if err := e.Summary(w); err != nil {
			fmt.Fprintf(w, "summary: %v\n", err)
		}
	}
}
