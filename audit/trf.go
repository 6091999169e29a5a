package audit

// Tournament uploads: FIDE TRF files given with the games of the event.
//
// A TRF input is recognised by content, whatever its name (the first 4 KiB,
// decompressed, satisfy tournament.LooksLikeTRF), before the reader starts;
// standard input is always read as games. When the run has a TRF, every
// Stage keeps one small tournament.GameInfo per game (tags, plies, the
// verdict's result and errors), so the memory of a run with a TRF grows
// with its games: a few hundred bytes per game, fine for an event upload.
// Without a TRF, only games with a usable Round tag are kept, at most
// MaxStandingsGames, for the standings read from the games (standings.go).
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
	"cmp"
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"log/slog"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/arbiter-chess/arbiter/chess"
	"github.com/arbiter-chess/arbiter/ingest"
	"github.com/arbiter-chess/arbiter/plan"
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

// lateTRF takes a TRF that the reader recognised in a source the plan
// could not look at (a pipe, a FIFO, standard input): read whole from the
// reader's one open, it is checked with the games read after it.
func (ev *events) lateTRF(src plan.Source, data []byte, err error) {
	e := &Event{Input: ingest.Input{Name: src.Path, Size: src.Size}, Source: src, content: data, Err: err,
		decompressed: int64(len(data)), late: true}
	if err == nil && data == nil {
		e.content = []byte{}
	}
	ev.mu.Lock()
	ev.list = append(ev.list, e)
	ev.mu.Unlock()
}

// Event is what a run made of one TRF input.
type Event struct {
	Input      ingest.Input
	Source     plan.Source            // the TRF's source in the run's plan
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
	content        []byte // the file, decompressed, when the reader recognised it (see lateTRF)
	// late says the reader, not the plan, recognised the TRF (a pipe);
	// lateGames counts the games read before it that kept no GameInfo,
	// and so were not cross-checked.
	late      bool
	lateGames int64
	// fromGames is the event read from its games (nil for a TRF input),
	// files its PGN inputs.
	fromGames *tournament.GamesEvent
	files     []string
}

// FromGames returns the event read from its games alone, or nil for a
// TRF input.
func (e *Event) FromGames() *tournament.GamesEvent { return e.fromGames }

// findings are the event's findings: the TRF's (T1-T11, P1-P12), or those
// of an event read from its games (standings_*).
func (e *Event) findings() []tournament.Finding {
	switch {
	case e.fromGames != nil:
		return e.fromGames.Findings
	case e.Reconciliation != nil:
		return e.Reconciliation.Findings
	}
	return nil
}

// kindOf is the kind of a finding's row.
func (e *Event) kindOf(f *tournament.Finding) string {
	if e.fromGames != nil {
		return f.Check
	}
	return CheckKind(f.Check)
}

// Summary writes tournament.WriteSummary's text: the final crosstable, the
// results the Laws changed and the findings per check.
func (e *Event) Summary(w io.Writer) error {
	if e.fromGames != nil {
		return e.fromGames.WriteSummary(w)
	}
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
type events struct {
	mu    sync.Mutex // list, while the reader adds late TRFs
	list  []*Event
	games []tournament.GameInfo
	order []string        // -tiebreaks, for every event
	mode  string          // -standings
	std   *gamesStandings // standings from the games (no TRF), nil when off
}

func (ev *events) active() bool { return len(ev.list) > 0 || ev.std != nil }

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
	if s.opt.Standings != nil && !s.standingsGame(raw, file, id) {
		return
	}
	g := &s.game
	r := &s.rep
	v := &r.Verdict
	gi := tournament.GameInfo{ID: id, File: file, Line: raw.Line, Index: raw.Index, Offset: raw.Offset,
		Plies: v.PliesRecorded, Audited: v.Audited, ResultByRules: v.ResultByRules, FirstErrorPly: v.FirstErrorPly}
	fields := [...]*string{&gi.Event, &gi.Site, &gi.Date, &gi.Round, &gi.White, &gi.Black, &gi.Result,
		&gi.WhiteFideID, &gi.BlackFideID, &gi.WhiteElo, &gi.BlackElo, &gi.TimeControl, &gi.Termination, &gi.EventDate}
	names := [...]string{"Event", "Site", "Date", "Round", "White", "Black", "Result",
		"WhiteFideId", "BlackFideId", "WhiteElo", "BlackElo", "TimeControl", "Termination", "EventDate"}
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

// finisher returns what the pipeline does once every game is collected
// and before the table writers close: read, check and cross-check every
// TRF with the run's games (or, without TRF, read the events from the
// games), write their rows to the players, pairings and findings tables
// (those wanted) and count their findings. A TRF's rows are in part files
// of its own and it becomes a source result of the run; the events read
// from the games become the run's derived result (derivedSource), which
// every run computes anew from all its sources' games. kept are the
// results of the sources an incremental run did not read: their games
// count too.
func (ev *events) finisher(want [numTables]bool, kept []*SourceResult, log *slog.Logger) func(context.Context, *pipeOut) error {
	return func(ctx context.Context, out *pipeOut) error {
		if !ev.active() { // (a TRF found in a pipe makes it active)
			return nil
		}
		if len(ev.list) > 0 {
			ev.std = nil // a TRF came through a pipe: the games go to it
		}
		// Every source's games, in the order of their ids.
		srcs := append(slices.Clone(out.sources), kept...)
		slices.SortStableFunc(srcs, func(a, b *SourceResult) int { return cmp.Compare(a.Source.ID, b.Source.ID) })
		ev.games = nil
		var total int64
		for _, sr := range srcs {
			ev.add(sr.GameInfos, sr.RoundMissing)
			total += sr.Input.Games
		}
		// Games read before a TRF came through a pipe may have no
		// GameInfo: those were not cross-checked.
		for _, e := range ev.list {
			if e.late {
				e.lateGames = max(0, total-int64(len(ev.games)))
			}
		}
		if ev.std != nil {
			ev.fromGames()
		} else {
			for i, e := range ev.list {
				e.load(ev.gamesFor(i), len(ev.games) > 0, ev.standingsOptions())
				if e.Err != nil {
					log.Error("input", "file", e.Input.Name, "err", e.Err)
				}
			}
		}
		all := ev.list
		if ev.std != nil && ev.std.loose != nil {
			all = append(slices.Clip(all), ev.std.loose)
		}
		var derived *SourceResult
		derivedAt := 0
		for i, e := range all {
			var sr *SourceResult
			var stem string
			if e.fromGames == nil { // a TRF
				sr = newSourceResult(e.Source)
				sr.Input.Bytes, sr.Input.DecompressedBytes = e.Input.Size, e.decompressed
				sr.Source.SHA256 = fileSHA256(e.Input.Name)
				if e.Err != nil {
					sr.Input.Error = e.Err.Error()
				}
				stem = plan.PartStem(e.Source.ID, 0)
				out.sources = append(out.sources, sr)
			} else {
				if derived == nil {
					derived = newSourceResult(plan.Source{ID: derivedSource, Path: "(events read from the games)"})
					derivedAt = len(out.sources)
					out.sources = append(out.sources, derived)
				}
				sr = derived
				stem = fmt.Sprintf("standings-%05d", i)
			}
			idx := len(out.sources) - 1
			if sr == derived {
				idx = derivedAt
			}
			if e.Err != nil {
				continue
			}
			if len(e.findings()) > 0 {
				countFindings(out.total, e)
				countFindings(sr.Stats, e)
			}
			if e.Reconciliation != nil || e.fromGames != nil && e != ev.std.loose {
				sr.Events = append(sr.Events, *e.summary())
			}
			for _, t := range []struct {
				table int
				fill  func(*Event) (arrow.RecordBatch, error)
			}{{TablePlayers, playersBatch}, {TablePairings, pairingsBatch}, {TableFindings, findingsBatch}} {
				sink := out.sinks[t.table]
				if !want[t.table] || sink == nil || t.table != TableFindings && e.Reconciliation == nil {
					continue
				}
				rec, err := t.fill(e)
				if err != nil {
					return fmt.Errorf("audit: table %s: %w", TableNames[t.table], err)
				}
				if rec.NumRows() == 0 && t.table == TableFindings {
					rec.Release()
					continue
				}
				err = sink.writeChunk(stem, idx, rec)
				rec.Release()
				if err != nil {
					return err
				}
			}
		}
		return nil
	}
}

// load parses, checks and cross-checks one TRF.
func (e *Event) load(games []tournament.GameInfo, anyGames bool, sopt tournament.StandingsOptions) {
	if e.Err != nil {
		return // it could not be read
	}
	if e.content == nil { // recognised by the plan: read it now
		rc, err := ingest.OpenContent(e.Input, ingest.Options{})
		if err != nil {
			e.Err = err
			return
		}
		data, err := io.ReadAll(io.LimitReader(rc, maxTRFBytes+1))
		rc.Close()
		if err == nil && len(data) > maxTRFBytes {
			err = fmt.Errorf("audit %s: a TRF larger than %s", e.Input.Name, ingest.FormatSize(maxTRFBytes))
		}
		if err != nil {
			e.Err = err
			return
		}
		e.content = data
	}
	e.decompressed = int64(len(e.content))
	t, err := tournament.Parse(bytes.NewReader(e.content), e.Input.Name)
	e.content = nil
	var el tournament.ErrorList
	if err != nil && !errors.As(err, &el) {
		e.Err = err
		return
	}
	e.Tournament = t
	fs := tournament.Check(t)
	opt := tournament.CrossCheckOptions{Standings: sopt}
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
		e.Notes = append(e.Notes, fmt.Sprintf("recognised while the games were read (it came through a pipe or standard input): "+
			"the %d games read before it were not cross-checked with it; give it first, or as a .trf file", e.lateGames))
	}
	if !anyGames {
		rec.Findings = nil
		e.Notes = append(e.Notes, "no games in the run: the cross-checks with the games (P1-P12) were not run")
	}
	rec.Findings = append(fs, rec.Findings...)
	e.Reconciliation = rec
}

// playersBatch returns the players rows of one TRF.
func playersBatch(e *Event) (arrow.RecordBatch, error) {
	b := report.NewPlayersBuilder(nil)
	defer b.Release()
	t, rec := e.Tournament, e.Reconciliation
	type after struct {
		points float64
		rank   int
		values []float64
	}
	var fixed map[int]after
	if rec.After != nil {
		fixed = make(map[int]after, len(rec.After.Rows))
		for _, s := range rec.After.Rows {
			a := after{points: s.Points.Float64(), rank: s.Rank}
			for k := range rec.After.Order {
				a.values = append(a.values, s.Keys[k].Float64())
			}
			fixed[s.StartRank] = a
		}
	}
	var row report.PlayerRow
	for _, p := range tournament.PlayerRows(t, rec.Before) {
		row.Reset()
		row.SourceFile, row.Event = e.Input.Name, t.Name
		if e.fromGames != nil && p.StartRank <= len(e.fromGames.Players) {
			row.SourceFile = e.fromGames.Players[p.StartRank-1].File
		}
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
			row.TieBreakValuesByRules = append(row.TieBreakValuesByRules, a.values...)
		}
		row.TieBreakOrder = append(row.TieBreakOrder, p.TieBreakOrder...)
		row.TieBreakValues = append(row.TieBreakValues, p.OrderValues...)
		row.TieBreakSource = p.TieBreakSource
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
			return nil, err
		}
	}
	return b.Flush(), nil
}

// pairingsBatch returns the pairings rows of one TRF.
func pairingsBatch(e *Event) (arrow.RecordBatch, error) {
	b := report.NewPairingsBuilder(nil)
	defer b.Release()
	var row report.PairingRow
	for _, p := range e.Reconciliation.Pairings {
		row.Reset()
		row.SourceFile = e.Input.Name
		if e.Tournament != nil {
			row.Event = e.Tournament.Name
		}
		if e.fromGames != nil && p.File != "" {
			row.SourceFile = p.File // the game's PGN
		}
		row.SourceLine = int64(p.Line)
		row.Round, row.Board = int32(p.Round), int32(p.Board)
		row.WhiteStartRank, row.White = int32(p.White), p.WhiteName
		if row.White == "" {
			row.White = fmt.Sprintf("#%d", p.White)
		}
		if p.Kind != "bye" && p.Kind != "unplayed" {
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
			return nil, err
		}
	}
	return b.Flush(), nil
}

// normResult keeps the three PGN results a result by rules can be.
func normResult(s string) string {
	if r, sp := chess.ParseResult(s); sp == chess.StandardSpelling && r != chess.Unfinished {
		return r.String()
	}
	return ""
}

// findingsBatch returns the findings rows of one TRF.
func findingsBatch(e *Event) (arrow.RecordBatch, error) {
	b := report.NewFindingsBuilder(nil)
	defer b.Release()
	if err := appendFindings(b, e); err != nil {
		return nil, err
	}
	return b.Flush(), nil
}

// appendFindings appends the findings of one TRF.
func appendFindings(b *report.FindingsBuilder, e *Event) error {
	var row report.FindingRow
	fs := e.findings()
	for i := range fs {
		f := &fs[i]
		row.Reset()
		row.GameID, row.NoGame = f.GameID, !f.HasGame
		row.Kind = e.kindOf(f)
		row.Severity = report.Severity(f.Severity)
		row.Message = append(row.Message, f.Message...)
		row.SourceFile = e.Input.Name
		if f.Line > 0 {
			row.SourceLine.Set(int64(f.Line))
		}
		row.CheckID = f.Check
		if e.fromGames != nil {
			// A finding about games, not a TRF check: located at the game.
			row.CheckID, row.SourceFile = "", f.GameFile
			if f.GameLine > 0 {
				row.SourceLine.Set(int64(f.GameLine))
			}
		}
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
	fs := e.findings()
	for i := range fs {
		f := &fs[i]
		kind := e.kindOf(f)
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
			if e.fromGames != nil {
				kc.Example.File, kc.Example.Line = f.GameFile, int64(f.GameLine)
			}
		}
		kc.Count++
		if f.HasGame && !seen[kind][f.GameID] {
			seen[kind][f.GameID] = true
			kc.Games++
		}
	}
}

// summary describes the event for summary.json.
func (e *Event) summary() *report.EventSummary {
	if e.fromGames != nil {
		es := e.pgnEventSummary()
		return &es
	}
	es := &report.EventSummary{Path: e.Input.Name, Source: "trf", Notes: e.Notes}
	if e.Err != nil {
		es.Error = e.Err.Error()
	}
	if t, rec := e.Tournament, e.Reconciliation; t != nil && rec != nil {
		es.Name, es.Format = t.Name, t.Format.String()
		es.Players, es.Pairings, es.Rounds = len(rec.Before.Rows), len(rec.Pairings), rec.Before.Rounds
		es.Edition, es.EditionReason = rec.Before.Edition.String(), rec.Before.EditionReason
		for _, tb := range rec.Before.Order {
			es.TieBreaks = append(es.TieBreaks, tb.String())
		}
		es.TieBreakSource = rec.Before.OrderSource
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
	return es
}

// writeEvents writes, for the human summary, each TRF's final crosstable
// and what changed.
func writeEvents(w io.Writer, events []*Event) {
	writePGNEvents(w, events)
	for _, e := range events {
		if e.fromGames != nil {
			continue
		}
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
