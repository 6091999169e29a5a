package sheet

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/arbiter-chess/arbiter/tournament"
)

// The tournament part of the page: for each TRF, the crosstable as
// recomputed (the same facts as the players table), what the Laws change,
// the declared ranks that differ, and the pairings whose game is missing
// or scored against the Laws (the same facts as the pairings table).

type eventView struct {
	Name, File, Error string
	Event             string // the event's name as the players table has it
	Facts             []fact
	Rounds            []int
	Heads             []fact // tie-break code, name
	Rows              []crossRow
	HasAfter          bool
	Legend            []fact
	RankDiffs         []string
	Pairings          []pairingView
	Corrections       []string
	RankChanges       []string
	Checks            []checkRow
	Findings          []string
	FindingsMore      string
}

type crossRow struct {
	StartRank                           int
	Rank, SNo, Name, Title, Fed, Rating string
	Cells                               []cellView
	Points, PointsLaws, RankLaws, Decl  string
	TieBreaks                           []string
	DeclDiff, Changed                   bool
	PtsChanged, RankChanged             bool // the Laws' points, rank differ from the declared results'
}

type cellView struct {
	Text, Note string
	Changed    bool
}

type pairingView struct {
	Round, Board, White, Black, Result, Game, ByRules, What, Anchor string
}

type checkRow struct{ Check, Name, Errors, Warnings, Infos string }

// event builds the view of one TRF.
func (l *Lang) event(e *Event, shown *Collector, opt Options) eventView {
	v := eventView{File: e.File}
	t, rec := e.Tournament, e.Reconciliation
	if t == nil || rec == nil || rec.Before == nil {
		v.Name = e.File
		v.Error = l.T("event.unreadable")
		return v
	}
	v.Name, v.Event = t.Name, t.Name
	if v.Name == "" {
		v.Name = e.File
	}
	st := rec.Before
	system := l.T("event.swiss")
	if st.RoundRobin {
		system = l.T("event.round_robin")
	}
	edition := l.T("edition.2026")
	if st.Edition == tournament.Edition2024 {
		edition = l.T("edition.2024")
	}
	why := l.T("edition.newest")
	if !t.StartDate.IsZero() {
		why = l.T("edition.by_date", "date", t.StartDate.String())
	}
	games := 0
	for _, p := range rec.Pairings {
		if p.Kind == "game" {
			games++
		}
	}
	v.Facts = []fact{
		{l.T("event.file"), e.File},
		{l.T("event.format"), t.Format.String()},
		{l.T("event.system"), l.T("event.system_value", "system", system, "rounds", strconv.Itoa(st.Rounds), "players", strconv.Itoa(len(st.Rows)))},
		{l.T("event.edition"), edition + " — " + why},
		{l.T("event.games"), l.T("event.games_value", "games", strconv.Itoa(games), "matched", strconv.Itoa(len(rec.Matches)), "run", strconv.Itoa(e.Games))},
	}
	if t.ChiefArbiter != "" {
		v.Facts = append(v.Facts, fact{l.T("event.arbiter"), t.ChiefArbiter})
	}
	for r := 1; r <= st.Rounds; r++ {
		v.Rounds = append(v.Rounds, r)
	}
	for _, tb := range st.Order {
		if tb.Name == "PTS" {
			continue
		}
		v.Heads = append(v.Heads, fact{tb.String(), l.tieBreakName(tb)})
	}

	// What the Laws change: the cells, the points and ranks after.
	type key struct{ round, rank int }
	changed := map[key]string{}
	for _, c := range rec.Corrections {
		note := l.T("event.cell_changed", "from", c.From, "to", c.To, "check", c.Check)
		changed[key{c.Round, c.White}] = note
		changed[key{c.Round, c.Black}] = note
		w, b := t.Player(c.White), t.Player(c.Black)
		v.Corrections = append(v.Corrections, l.T("event.correction", "round", strconv.Itoa(c.Round),
			"white", nameOf(w, c.White), "black", nameOf(b, c.Black), "from", c.From, "to", c.To, "check", c.Check, "name", l.checkName(c.Check)))
	}
	for _, rc := range rec.RankChanges {
		v.RankChanges = append(v.RankChanges, l.T("event.rank_change", "sno", strconv.Itoa(rc.StartRank), "name", rc.Name,
			"points_before", l.Points(rc.PointsBefore.Float64()), "points_after", l.Points(rc.PointsAfter.Float64()),
			"rank_before", strconv.Itoa(rc.RankBefore), "rank_after", strconv.Itoa(rc.RankAfter)))
	}
	type after struct {
		points float64
		rank   int
	}
	fixed := map[int]after{}
	if rec.After != nil {
		v.HasAfter = true
		for _, s := range rec.After.Rows {
			fixed[s.StartRank] = after{s.Points.Float64(), s.Rank}
		}
	}

	rows := tournament.PlayerRows(t, st)
	for i, p := range rows {
		s := st.Rows[i]
		cr := crossRow{StartRank: p.StartRank, Rank: strconv.Itoa(p.Rank), SNo: strconv.Itoa(p.StartRank), Name: p.Name,
			Title: p.Title, Fed: p.Federation, Points: l.Points(p.Points)}
		if p.Rating > 0 {
			cr.Rating = strconv.Itoa(p.Rating)
		}
		if p.DeclaredRank > 0 {
			cr.Decl = strconv.Itoa(p.DeclaredRank)
			cr.DeclDiff = p.DeclaredRank != p.Rank
			if cr.DeclDiff {
				v.RankDiffs = append(v.RankDiffs, l.T("event.rank_diff", "sno", cr.SNo, "name", p.Name,
					"declared", cr.Decl, "rank", cr.Rank))
			}
		}
		if a, ok := fixed[p.StartRank]; ok {
			cr.PointsLaws, cr.RankLaws = l.Points(a.points), strconv.Itoa(a.rank)
			cr.PtsChanged, cr.RankChanged = a.points != p.Points, a.rank != p.Rank
			cr.Changed = cr.PtsChanged || cr.RankChanged
		}
		pl := s.Player
		for r := 1; r <= st.Rounds; r++ {
			var res tournament.Result
			if pl != nil {
				res = pl.Result(r)
			} else {
				res = tournament.Result{Code: ' '}
			}
			c := cellView{Text: l.cell(res)}
			if note, ok := changed[key{r, p.StartRank}]; ok {
				c.Changed, c.Note = true, note
			}
			cr.Cells = append(cr.Cells, c)
		}
		for j, tb := range st.Order {
			if tb.Name == "PTS" {
				continue
			}
			val := tb.Format(s.Keys[j])
			if d := l.T("num.decimal"); d != "." {
				val = strings.Replace(val, ".", d, 1)
			}
			cr.TieBreaks = append(cr.TieBreaks, val)
		}
		v.Rows = append(v.Rows, cr)
	}
	for _, h := range v.Heads {
		v.Legend = append(v.Legend, fact{h.Label, h.Value})
	}

	// Pairings whose game is missing or scored against the Laws.
	for _, p := range rec.Pairings {
		var what string
		switch {
		case p.Kind == "game" && !p.HasGame:
			what = l.T("pairing.missing")
		case p.HasGame && p.ResultByRules != "" && p.ResultByRules != p.Result:
			what = l.T("pairing.by_rules", "result", p.ResultByRules)
		case p.HasGame && p.GameResult != "" && p.Result != "" && p.GameResult != p.Result:
			what = l.T("pairing.game_result", "result", p.GameResult)
		default:
			continue
		}
		pv := pairingView{Round: strconv.Itoa(p.Round), Board: strconv.Itoa(p.Board), White: p.WhiteName, Black: p.BlackName,
			Result: p.Result, Game: p.GameResult, ByRules: p.ResultByRules, What: what}
		if p.HasGame {
			pv.Anchor = "game-" + strconv.FormatInt(p.GameID, 10)
		}
		v.Pairings = append(v.Pairings, pv)
	}

	// The findings of the file, by check.
	counts := map[string]*[3]int{}
	var ids []string
	listedN := 0
	for i := range rec.Findings {
		f := &rec.Findings[i]
		c := counts[f.Check]
		if c == nil {
			c = &[3]int{}
			counts[f.Check] = c
			ids = append(ids, f.Check)
		}
		c[severityRank(f.Severity)]++
		if !listed(f.Severity, opt.Level) {
			continue
		}
		listedN++
		if len(v.Findings) < opt.Max {
			s := l.trfFinding(f)
			if f.Player > 0 {
				s += l.T("trf.players", "players", l.players(t, f.Player, f.Opponent))
			}
			if f.HasGame {
				s += l.T("trf.game", "id", strconv.FormatInt(f.GameID, 10), "source", fmt.Sprintf("%s:%d", f.GameFile, f.GameLine))
			}
			v.Findings = append(v.Findings, s)
		}
	}
	if listedN > len(v.Findings) {
		v.FindingsMore = l.T("event.findings_more", "shown", strconv.Itoa(len(v.Findings)), "all", strconv.Itoa(listedN))
	}
	for _, id := range ids {
		c := counts[id]
		v.Checks = append(v.Checks, checkRow{id, l.checkName(id), strconv.Itoa(c[0]), strconv.Itoa(c[1]), strconv.Itoa(c[2])})
	}
	return v
}

func nameOf(p *tournament.Player, rank int) string {
	if p == nil || p.Name == "" {
		return "#" + strconv.Itoa(rank)
	}
	return p.Name
}

// players names the player and opponent of a finding.
func (l *Lang) players(t *tournament.Tournament, a, b int) string {
	s := nameOf(t.Player(a), a)
	if b > 0 {
		s += " – " + nameOf(t.Player(b), b)
	}
	return s
}

// cell writes one round of a player in the crosstable: opponent, colour
// and result ("4 w 1"), or the bye's code.
func (l *Lang) cell(r tournament.Result) string {
	res := string(r.Code)
	switch r.Code {
	case '=', 'D':
		res = "½"
	case 'W':
		res = "1"
	case 'L':
		res = "0"
	case '-':
		res = "−"
	case ' ':
		res = "–"
	}
	if r.Opponent == 0 {
		return res
	}
	colour := ""
	switch r.Colour {
	case tournament.White:
		colour = l.T("colour.short.white")
	case tournament.Black:
		colour = l.T("colour.short.black")
	}
	return strconv.Itoa(r.Opponent) + colour + " " + res
}

// tieBreakName names a tie-break code of C.07 in the page's language:
// the name of the acronym, then its cut or median modifier, then the
// other modifiers as written.
func (l *Lang) tieBreakName(tb tournament.TieBreak) string {
	name := tb.Name
	if l.Has("tb." + tb.Name) {
		name = l.T("tb." + tb.Name)
	}
	switch {
	case tb.High > 0 && tb.High == tb.Low:
		name = l.T("tb.median", "name", name, "n", strconv.Itoa(tb.Low))
	case tb.Low == 1:
		name = l.T("tb.cut1", "name", name)
	case tb.Low > 1:
		name = l.T("tb.cut", "name", name, "n", strconv.Itoa(tb.Low))
	}
	code := tb.String()
	if i := strings.IndexByte(code, '/'); i >= 0 {
		var rest []string
		for _, m := range strings.Split(code[i+1:], "/") {
			if m != "" && m[0] != 'C' && m[0] != 'M' {
				rest = append(rest, "/"+m)
			}
		}
		if len(rest) > 0 {
			name += " (" + strings.Join(rest, "") + ")"
		}
	}
	return name
}
