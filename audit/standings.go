package audit

// Standings from the games alone: a run with games but no TRF groups its
// games into events (tournament.GroupEvents: the Event tag, and Site and
// EventDate where present) and computes each event's players and pairings
// tables, crosstable and tie-breaks from the games (tournament.FromGames),
// exactly as for a TRF, with source_file the PGN.
//
// Memory stays bounded whatever the archive: a Stage keeps a GameInfo only
// for a game with a usable Round tag (a Lichess or chess.com archive, whose
// games have Round "-", keeps nothing), and games without one ("?",
// absent, text) are only counted per event, for at most maxRoundlessEvents
// events. Past MaxStandingsGames kept games the run keeps none and has no
// standings, and the summary says so.
//
// -tiebreaks (Config.TieBreaks) sets the ranking order of every event of
// the run, read from a TRF or from the games; it is read strictly
// (tournament.ParseOrder) before any work.

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/arbiter-chess/arbiter/ingest"
	"github.com/arbiter-chess/arbiter/report"
	"github.com/arbiter-chess/arbiter/tournament"
)

// MaxStandingsGames is how many games with a usable Round tag a run without
// TRF keeps for its standings (about 500 bytes each: 25 MB at most). Past
// it the run has no standings from the games: an archive of that size is
// not an event upload.
const MaxStandingsGames = 50_000

// maxStandingsGames is MaxStandingsGames, lowered by tests.
var maxStandingsGames int64 = MaxStandingsGames

const (
	// maxRoundlessEvents bounds the events whose games without a usable
	// Round tag are counted one by one; the rest are counted together.
	maxRoundlessEvents = 10_000
	// maxRoundlessFindings bounds the standings_round_missing findings of
	// events that have no game with a round at all.
	maxRoundlessFindings = 1_000
	// maxEventFiles bounds the PGN inputs an event lists in the summary.
	maxEventFiles = 20
	// roundMissingExamples is how many games a standings_round_missing
	// finding names.
	roundMissingExamples = 3
)

// Standings modes (Config.Standings).
const (
	StandingsAuto = "auto" // events of at least three players and two rounds, when the run has no TRF
	StandingsNone = "none" // no standings from the games
)

// tieBreaksSource is where an order from Config.TieBreaks comes from.
const tieBreaksSource = "flag -tiebreaks"

// ParseTieBreaks reads the value of -tiebreaks ("PTS,BH/C1,SB,WIN,DE"):
// C.07 codes with their modifiers, as the players table names them. It
// returns them in their canonical spelling, or an error naming the code or
// modifier at fault and listing the valid ones.
func ParseTieBreaks(s string) ([]string, error) {
	tbs, err := tournament.ParseOrder(tournament.SplitOrder(s))
	if err != nil {
		return nil, fmt.Errorf("-tiebreaks: %w", err)
	}
	out := make([]string, len(tbs))
	for i, tb := range tbs {
		out[i] = tb.String()
	}
	return out, nil
}

// StandingsGate is shared by the Stages of a run computing standings from
// the games: once the run has kept MaxStandingsGames, they keep no more.
type StandingsGate struct{ stop atomic.Bool }

// RoundMissing counts the games of one event without a usable Round tag:
// N in all, Absent of them without any Round tag.
type RoundMissing struct {
	Key       tournament.EventKey
	N, Absent int64
	Examples  []tournament.GameInfo // the first few (ID, File, Line, Index, Offset, Round)
}

// roundTally counts one block's games without a usable Round tag.
type roundTally struct {
	list []RoundMissing
	at   map[tournament.EventKey]int
}

func (t *roundTally) add(k tournament.EventKey, ex tournament.GameInfo, absent bool) {
	if t.at == nil {
		t.at = map[tournament.EventKey]int{}
	}
	i, ok := t.at[k]
	if !ok {
		// The tag values may point into the block's buffer.
		k = tournament.EventKey{Event: strings.Clone(k.Event), Site: strings.Clone(k.Site), EventDate: strings.Clone(k.EventDate), File: k.File}
		i = len(t.list)
		t.at[k] = i
		t.list = append(t.list, RoundMissing{Key: k})
	}
	m := &t.list[i]
	m.N++
	if absent {
		m.Absent++
	}
	if len(m.Examples) < roundMissingExamples {
		ex.Round = strings.Clone(ex.Round)
		m.Examples = append(m.Examples, ex)
	}
}

// take hands the tally of a block over and starts a new one.
func (t *roundTally) take() []RoundMissing {
	out := t.list
	t.list = nil
	clear(t.at)
	return out
}

// standingsGame reports whether the game just judged can belong to
// standings from the games (a usable Round tag), and counts it per event
// when it cannot (unless its Round is "-": a game outside any round).
func (s *Stage) standingsGame(raw *ingest.RawGame, file string, id int64) bool {
	if s.opt.Standings.stop.Load() {
		return false
	}
	var round, event, site, eventDate string
	var seen [4]bool
	for i := range s.game.Tags {
		t := &s.game.Tags[i]
		for k, p := range [...]struct {
			name string
			v    *string
		}{{"Round", &round}, {"Event", &event}, {"Site", &site}, {"EventDate", &eventDate}} {
			if t.Name == p.name && !seen[k] {
				seen[k], *p.v = true, t.Value
			}
		}
	}
	if r, _ := tournament.ParseRound(round); r > 0 {
		return true
	}
	if strings.TrimSpace(round) == "-" {
		return false
	}
	s.missing.add(tournament.KeyOf(event, site, eventDate, file),
		tournament.GameInfo{ID: id, File: file, Line: raw.Line, Index: raw.Index, Offset: raw.Offset, Round: round}, !seen[0])
	return false
}

// gamesStandings is the state of a run computing standings from its games.
type gamesStandings struct {
	gate *StandingsGate
	over bool // more than MaxStandingsGames: none kept
	// Games without a usable Round tag, per event, the first
	// maxRoundlessEvents events; the rest counted together.
	missing       []RoundMissing
	missingAt     map[tournament.EventKey]int
	otherEvents   map[tournament.EventKey]bool // capped like missing
	otherGames    int64
	kept, without int64
	counted       int64 // games kept by the Stages so far (count)
	skipped       int
	notes         []string
	// loose holds the findings of events that are not listed (no game
	// with a round, or too small to rank).
	loose *Event
}

// configure reads the standings options of the run: the tie-break order for
// every event, and whether events are read from the games (no TRF).
func (ev *events) configure(cfg Config) error {
	if len(cfg.TieBreaks) > 0 {
		order, err := ParseTieBreaks(strings.Join(cfg.TieBreaks, ","))
		if err != nil {
			return fmt.Errorf("audit: %w", err)
		}
		ev.order = order
	}
	switch cfg.Standings {
	case "", StandingsAuto:
		ev.mode = StandingsAuto
	case StandingsNone:
		ev.mode = StandingsNone
	default:
		return fmt.Errorf("audit: -standings %q: want %s or %s", cfg.Standings, StandingsAuto, StandingsNone)
	}
	if len(ev.list) == 0 && ev.mode == StandingsAuto {
		ev.std = &gamesStandings{gate: &StandingsGate{}, missingAt: map[tournament.EventKey]int{}}
	}
	return nil
}

// gate is the StageOptions.Standings of the run (nil: no standings from
// the games).
func (ev *events) gate() *StandingsGate {
	if ev.std == nil {
		return nil
	}
	return ev.std.gate
}

// standingsOptions are the options of every event's standings.
func (ev *events) standingsOptions() tournament.StandingsOptions {
	if len(ev.order) == 0 {
		return tournament.StandingsOptions{}
	}
	return tournament.StandingsOptions{Order: ev.order, OrderSource: tieBreaksSource}
}

// count takes the collector's count of a block's kept games: past
// MaxStandingsGames the Stages keep no more (the gate), so that an archive
// of any size costs bounded memory.
func (ev *events) count(o *Output) {
	st := ev.std
	if st == nil || st.over {
		return
	}
	st.counted += int64(len(o.GameInfos))
	if st.counted > maxStandingsGames {
		st.gate.stop.Store(true)
	}
}

// add takes the games of one source (or unit) that the standings or the
// TRF cross-checks need, in input order.
func (ev *events) add(infos []tournament.GameInfo, missing []RoundMissing) {
	st := ev.std
	if st == nil {
		ev.addGames(infos)
		return
	}
	for _, m := range missing {
		st.without += m.N
		if i, ok := st.missingAt[m.Key]; ok {
			x := &st.missing[i]
			x.N += m.N
			x.Absent += m.Absent
			x.Examples = append(x.Examples, m.Examples[:min(len(m.Examples), roundMissingExamples-len(x.Examples))]...)
			continue
		}
		if len(st.missing) < maxRoundlessEvents {
			st.missingAt[m.Key] = len(st.missing)
			st.missing = append(st.missing, m)
			continue
		}
		if st.otherEvents == nil {
			st.otherEvents = map[tournament.EventKey]bool{}
		}
		if len(st.otherEvents) < maxRoundlessEvents {
			st.otherEvents[m.Key] = true
		}
		st.otherGames += m.N
	}
	if st.over {
		return
	}
	st.kept += int64(len(infos))
	ev.games = append(ev.games, infos...)
	if st.kept > maxStandingsGames || st.gate.stop.Load() {
		st.over = true
		st.gate.stop.Store(true)
		ev.games = nil
	}
}

// fromGames reads the events of a run without TRF from its games.
func (ev *events) fromGames() {
	st := ev.std
	if st.over {
		st.notes = append(st.notes, fmt.Sprintf("no standings from the games: more than %d games with a Round tag (the limit for an event upload; audit the event's own PGN, or give its TRF)", maxStandingsGames))
		ev.games = nil
		return
	}
	extra := make([]tournament.EventKey, len(st.missing))
	for i, m := range st.missing {
		extra[i] = m.Key
	}
	groups := tournament.GroupEvents(ev.games, extra)
	without := make([][]int, len(groups.Keys)) // indices into st.missing per event
	for i, m := range st.missing {
		if j, ok := groups.Index(m.Key); ok {
			without[j] = append(without[j], i)
		}
	}
	opt := tournament.GamesOptions{CrossCheck: tournament.CrossCheckOptions{Standings: ev.standingsOptions()}}
	st.loose = &Event{fromGames: &tournament.GamesEvent{}}
	dropped := 0
	for j, key := range groups.Keys {
		games := make([]tournament.GameInfo, len(groups.Games[j]))
		for k, g := range groups.Games[j] {
			games[k] = ev.games[g]
		}
		ge, err := tournament.FromGames(key, games, opt)
		if err != nil {
			// Only an unreadable order fails, and -tiebreaks was read
			// before the run: rank by points alone.
			o := opt
			o.CrossCheck.Standings.Order = []string{"PTS"}
			if ge, err = tournament.FromGames(key, games, o); err != nil {
				st.notes = append(st.notes, fmt.Sprintf("event %s: %v", key, err))
				continue
			}
		}
		var n, absent int64
		var ex []tournament.GameInfo
		for _, i := range without[j] {
			n += st.missing[i].N
			absent += st.missing[i].Absent
			ex = append(ex, st.missing[i].Examples...)
		}
		// Games without any Round tag in an event without rounds are
		// not a round-based event (an online archive): nothing to say.
		if n > 0 && (len(games) > 0 || n > absent) {
			ge.Findings = append(ge.Findings, tournament.RoundMissingFinding(key, int(n), len(games), ex[:min(len(ex), roundMissingExamples)]))
		}
		conflict := slices.ContainsFunc(ge.Findings, func(f tournament.Finding) bool { return f.Check == tournament.KindRoundConflict })
		switch {
		case ge.Reconciliation != nil || conflict:
			e := &Event{Input: ingest.Input{Name: games[0].File}, Tournament: ge.Tournament, Reconciliation: ge.Reconciliation,
				Games: len(games), Notes: ge.Notes, fromGames: ge}
			for _, g := range games {
				if !slices.Contains(e.files, g.File) && len(e.files) < maxEventFiles {
					e.files = append(e.files, g.File)
				}
			}
			if ge.Reconciliation == nil {
				st.skipped++
			}
			ev.list = append(ev.list, e)
		default:
			if len(games) > 0 {
				st.skipped++
			}
			for _, f := range ge.Findings {
				if len(st.loose.fromGames.Findings) >= maxRoundlessFindings {
					dropped++
					continue
				}
				st.loose.fromGames.Findings = append(st.loose.fromGames.Findings, f)
			}
		}
	}
	ev.games = nil
	if dropped > 0 {
		st.notes = append(st.notes, fmt.Sprintf("%d more events without a game with a usable Round tag have no %s finding (at most %d are written)", dropped, tournament.KindRoundMissing, maxRoundlessFindings))
	}
	if st.otherGames > 0 {
		n := fmt.Sprint(len(st.otherEvents))
		if len(st.otherEvents) >= maxRoundlessEvents {
			n = "at least " + n
		}
		st.notes = append(st.notes, fmt.Sprintf("%d games without a usable Round tag in %s further events were counted, not listed (events counted one by one: at most %d)", st.otherGames, n, maxRoundlessEvents))
	}
}

// summarizeStandings adds the standings from the games to the summary of
// a run without TRF.
func (ev *events) summarizeStandings(sum *report.Summary) {
	st := ev.std
	if st == nil {
		if ev.mode == StandingsNone && len(ev.list) == 0 {
			sum.Standings = &report.StandingsSummary{Mode: StandingsNone}
		}
		return
	}
	ss := &report.StandingsSummary{Mode: ev.mode, GamesKept: st.kept, GamesWithoutRound: st.without,
		EventsSkipped: st.skipped, Notes: st.notes}
	if st.over {
		ss.GamesKept = 0
	}
	for _, e := range ev.list {
		if e.Reconciliation != nil {
			ss.Events++
		}
	}
	sum.Standings = ss
}

// pgnEventSummary describes an event read from its games.
func (e *Event) pgnEventSummary() report.EventSummary {
	ge := e.fromGames
	es := report.EventSummary{Path: e.Input.Name, Name: ge.Key.Name(), Format: "PGN", Source: "pgn", Files: e.files,
		Notes: e.Notes, Games: len(ge.Games), GamesMatched: ge.Used, Skipped: ge.Skipped, UnplayedRounds: ge.Unplayed}
	if rec := ge.Reconciliation; rec != nil {
		es.Players, es.Pairings, es.Rounds = len(rec.Before.Rows), len(rec.Pairings), rec.Before.Rounds
		es.Edition, es.EditionReason = rec.Before.Edition.String(), rec.Before.EditionReason
		for _, tb := range rec.Before.Order {
			es.TieBreaks = append(es.TieBreaks, tb.String())
		}
		es.TieBreakSource = rec.Before.OrderSource
		es.Notes = append(slices.Clip(es.Notes), rec.Before.Notes...)
		es.Corrections, es.RankChanges = len(rec.Corrections), len(rec.RankChanges)
	}
	es.Findings = int64(len(ge.Findings))
	if len(ge.Findings) > 0 {
		es.FindingsByCheck = map[string]int64{}
		for _, f := range ge.Findings {
			es.FindingsByCheck[f.Check]++
		}
	}
	return es
}

// humanEvents is how many events read from the games the human summary
// shows in full (crosstable and all); humanEventLines how many more it
// names in one line each.
const (
	humanEvents     = 3
	humanEventLines = 20
)

// writePGNEvents writes, for the human summary, the events read from the
// games: the first few in full, a line for the next ones, then a count.
func writePGNEvents(w io.Writer, events []*Event) {
	n := 0
	for _, e := range events {
		if e.fromGames == nil {
			continue
		}
		switch {
		case n < humanEvents:
			writePGNEvent(w, e)
		case n < humanEvents+humanEventLines:
			if n == humanEvents {
				fmt.Fprintln(w)
			}
			ge := e.fromGames
			if rec := ge.Reconciliation; rec != nil {
				fmt.Fprintf(w, "event %s from the games alone: %d players, %d rounds, %d of %d games in the standings\n",
					ge.Key, len(rec.Before.Rows), rec.Before.Rounds, ge.Used, len(ge.Games))
			} else {
				fmt.Fprintf(w, "event %s from the games alone: no standings: %s\n", ge.Key, ge.Skipped)
			}
		}
		n++
	}
	if n > humanEvents+humanEventLines {
		fmt.Fprintf(w, "... and %d more events from the games (summary.json lists them all; their standings are in the players table)\n", n-humanEvents-humanEventLines)
	}
}

// writePGNEvent writes an event read from its games: its crosstable and
// what changed, or why it has no standings.
func writePGNEvent(w io.Writer, e *Event) {
	ge := e.fromGames
	files := e.Input.Name
	if len(e.files) > 1 {
		files = fmt.Sprintf("%s and %d more files", e.Input.Name, len(e.files)-1)
	}
	if rec := ge.Reconciliation; rec != nil {
		fmt.Fprintf(w, "\nevent %s from the games alone (%s): %d players, %d rounds, %d of %d games in the standings\n",
			ge.Key, files, len(rec.Before.Rows), rec.Before.Rounds, ge.Used, len(ge.Games))
	} else {
		fmt.Fprintf(w, "\nevent %s from the games alone (%s): %d games\n", ge.Key, files, len(ge.Games))
	}
	for _, n := range e.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	if err := ge.WriteSummary(w); err != nil {
		fmt.Fprintf(w, "summary: %v\n", err)
	}
}

// writeStandingsNotes writes what the standings from the games left out.
func writeStandingsNotes(w io.Writer, ss *report.StandingsSummary) {
	if ss == nil {
		return
	}
	for _, n := range ss.Notes {
		fmt.Fprintf(w, "standings: %s\n", n)
	}
}
