package sheet

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/arbiter-chess/arbiter/report"
	"github.com/arbiter-chess/arbiter/stats"
	"github.com/arbiter-chess/arbiter/tournament"
)

//go:embed page.html
var pageTemplate string

//go:embed style.css
var pageCSS string

//go:embed filter.js
var pageJS string

// Run is what the page reports on: the run's summary and aggregates, the
// games the Collector kept, and the tournament uploads.
type Run struct {
	Summary *report.Summary
	Stats   *stats.Run
	Games   *Collector
	Events  []Event
	// OutDir is the folder of the tables, for the DuckDB queries printed
	// under the kinds with more games than the sheet shows; Findings and
	// GamesTable say whether those tables were written.
	OutDir        string
	FindingsTable bool
	GamesTable    bool
}

// Event is one FIDE TRF of the run.
type Event struct {
	File           string
	Tournament     *tournament.Tournament // nil when the file could not be read
	Reconciliation *tournament.Reconciliation
	Games          int // games of the run cross-checked with it
	Err            error
}

// Render writes the page for r.
func Render(w io.Writer, r *Run, opt Options) error {
	if err := opt.Check(); err != nil {
		return err
	}
	l, err := LangFor(opt.Lang)
	if err != nil {
		return err
	}
	v, err := buildPage(l, r, opt)
	if err != nil {
		return err
	}
	t, err := template.New("page").Funcs(template.FuncMap{
		"t": func(key string, args ...string) string { return l.T(key, args...) },
	}).Parse(pageTemplate)
	if err != nil {
		return fmt.Errorf("sheet: template: %w", err)
	}
	if err := t.Execute(w, v); err != nil {
		return fmt.Errorf("sheet: render: %w", err)
	}
	return nil
}

// The view of the page: strings in the page's language, ready to print.
type pageView struct {
	Lang      string
	Title     string
	Subtitle  string
	CSS       template.CSS
	JS        template.JS
	Facts     []fact
	Inputs    []inputRow
	Kinds     []kindRow
	Changes   []changeRow
	Articles  []fact
	Plots     []plotView
	Level     string
	Max       int
	Intro     string
	Blocks    []blockView
	Filters   []fact // kind code, name
	More      []kindRow
	Events    []eventView
	Generated string
}

type fact struct{ Label, Value string }

// metaItem is one tag of a block; a Wide one (a file name) spans two
// columns.
type metaItem struct {
	Label, Value string
	Wide         bool
}

type inputRow struct {
	Path, Bytes, Decompressed, Games, Positions, Skipped, Status string
	Failed                                                       bool
}

type kindRow struct {
	Severity, SevLabel, Kind, Name, Article string
	Findings, Games, Shown                  string
	More                                    string // "12 of 340 games shown"
	Query                                   string
}

type changeRow struct{ Recorded, ByRules, Games string }

type plotView struct {
	Title string
	SVG   template.HTML
	Note  string
}

type findingView struct {
	Move, Message, Article, Severity, SevLabel, Name string
	Comment                                          string
	Main                                             bool
}

type blockView struct {
	N          int
	ID         int64
	Severity   string
	KindsAttr  string
	White      string
	Black      string
	Result     string
	ByRules    string
	Meta       []metaItem
	Findings   []findingView
	Board      template.HTML
	Caption    string
	Reasons    []string
	Tournament []string
}

func buildPage(l *Lang, r *Run, opt Options) (*pageView, error) {
	s := r.Summary
	st := r.Stats
	if st == nil {
		st = stats.NewRun()
	}
	if r.Games == nil {
		r.Games = NewCollector(opt)
	}
	v := &pageView{
		Lang:  l.Code,
		Title: l.T("page.title"),
		CSS:   template.CSS(pageCSS),
		JS:    template.JS(pageJS),
		Level: opt.Level,
		Max:   opt.Max,
	}
	finished := s.FinishedAt
	if finished.IsZero() {
		finished = time.Now()
	}
	v.Generated = l.T("page.generated", "date", finished.UTC().Format(l.T("fmt.datetime")), "version", s.Version, "rulebook", l.T("rulebook"))
	v.Subtitle = l.T("page.subtitle", "games", l.Int(s.Games), "inputs", l.Int(int64(len(s.Inputs))), "date", finished.UTC().Format(l.T("fmt.date")))

	// Overview.
	var bytes, dec int64
	for _, in := range s.Inputs {
		bytes += in.Bytes
		dec += in.DecompressedBytes
	}
	changed := changedResults(st)
	corrections := 0
	for _, e := range r.Events {
		if e.Reconciliation != nil {
			corrections += len(e.Reconciliation.Corrections)
		}
	}
	inputsValue := l.Int(int64(len(s.Inputs)))
	if s.FailedInputs > 0 {
		inputsValue = l.T("fact.inputs_failed", "n", inputsValue, "failed", l.Int(int64(s.FailedInputs)))
	}
	v.Facts = []fact{
		{l.T("fact.rulebook"), l.T("rulebook")},
		{l.T("fact.inputs"), inputsValue},
		{l.T("fact.bytes"), l.T("fact.bytes_value", "read", l.Bytes(bytes), "decompressed", l.Bytes(dec))},
		{l.T("fact.games"), l.T("fact.games_value", "games", l.Int(s.Games), "audited", l.Int(st.GamesAudited))},
		{l.T("fact.plies"), l.Int(s.Plies)},
	}
	if s.Positions > 0 {
		v.Facts = append(v.Facts, fact{l.T("fact.positions"), l.Int(s.Positions)})
	}
	v.Facts = append(v.Facts,
		fact{l.T("fact.findings"), l.T("fact.findings_value", "n", l.Int(s.Findings),
			"errors", l.Int(st.BySeverity["error"]), "warnings", l.Int(st.BySeverity["warning"]), "infos", l.Int(st.BySeverity["info"]))},
		fact{l.T("fact.games_with_errors"), l.Int(st.GamesWithError)},
		fact{l.T("fact.changed"), l.Int(changed)},
	)
	if len(r.Events) > 0 {
		v.Facts = append(v.Facts, fact{l.T("fact.corrections"), l.Int(int64(corrections))})
	}
	v.Facts = append(v.Facts,
		fact{l.T("fact.time"), l.T("fact.time_value", "seconds", l.Dec(s.WallSeconds, 1),
			"gps", l.Int(int64(s.GamesPerSecond+0.5)), "mbps", l.Dec(s.MBPerSecond, 1))},
		fact{l.T("fact.version"), s.Version},
	)
	for _, in := range s.Inputs {
		row := inputRow{Path: in.Path, Bytes: l.Bytes(in.Bytes), Decompressed: l.Bytes(in.DecompressedBytes),
			Games: l.Int(in.Games), Positions: l.Int(in.Positions), Skipped: l.Int(in.SkippedGames), Status: l.T("input.ok")}
		if in.Error != "" {
			row.Failed = true
			row.Status = l.T("input.failed")
		} else if in.GarbageRanges > 0 {
			row.Status = l.T("input.garbage", "bytes", l.Bytes(in.GarbageBytes))
		}
		v.Inputs = append(v.Inputs, row)
	}
	articles := map[string]bool{}
	for _, k := range st.Kinds() {
		row := kindRow{Severity: k.Severity, SevLabel: l.T("severity." + k.Severity), Kind: k.Kind, Name: l.kindName(k.Kind),
			Article: kindArticles[k.Kind], Findings: l.Int(k.Count), Games: l.Int(k.Games)}
		for _, a := range strings.Split(row.Article, ", ") {
			if a != "" {
				articles[a] = true
			}
		}
		if strings.HasPrefix(k.Kind, "trf_") {
			// the TRF's own findings: in the tournament part
			row.Shown = l.T("kinds.tournament")
		} else if listed(k.Severity, opt.Level) || r.Games.Seen(k.Kind) > 0 {
			seen, shown := r.Games.Seen(k.Kind), r.Games.Shown(k.Kind)
			row.Shown = l.Int(int64(shown))
			if seen > shown {
				row.More = l.T("kinds.more", "shown", l.Int(int64(shown)), "all", l.Int(int64(seen)))
				row.Query = l.query(r, k.Kind, opt.Level)
				v.More = append(v.More, row)
			}
		} else {
			row.Shown = l.T("kinds.counted")
		}
		v.Kinds = append(v.Kinds, row)
	}
	for i := range stats.NumResults {
		for j := range stats.NumResults {
			if n := st.ResultMatrix[i][j]; n > 0 && isChange(i, j) {
				v.Changes = append(v.Changes, changeRow{l.resultName(i), l.resultName(j), l.Int(n)})
			}
		}
	}
	for _, a := range sortedArticles(articles) {
		if l.Has("art." + a) {
			v.Articles = append(v.Articles, fact{a, l.T("art." + a)})
		}
	}

	v.Plots = l.plots(st)

	// The correction sheet.
	v.Intro = l.T("sheet.intro."+opt.Level, "max", l.Int(int64(opt.Max)))
	trf := trfByGame(r.Events)
	var kinds []string
	for i := range r.Games.Games {
		g := &r.Games.Games[i]
		b, err := l.block(g, i+1, opt.Level, trf[g.ID])
		if err != nil {
			return nil, err
		}
		v.Blocks = append(v.Blocks, b)
		for _, k := range g.Kinds {
			if !slices.Contains(kinds, k) {
				kinds = append(kinds, k)
			}
		}
	}
	slices.Sort(kinds)
	for _, k := range kinds {
		v.Filters = append(v.Filters, fact{k, l.kindName(k)})
	}

	for _, e := range r.Events {
		v.Events = append(v.Events, l.event(&e, r.Games, opt))
	}
	return v, nil
}

// isChange reports whether the recorded result i and the result by the
// Laws j (indices of stats.ResultMatrix) differ, the Laws fixing one.
func isChange(i, j int) bool {
	return j != stats.NoResult && i != stats.NoResult && i != j
}

// changedResults counts the games whose recorded result the Laws change.
func changedResults(st *stats.Run) int64 {
	var n int64
	for i := range stats.NumResults {
		for j := range stats.NumResults {
			if isChange(i, j) {
				n += st.ResultMatrix[i][j]
			}
		}
	}
	return n
}

func (l *Lang) resultName(i int) string {
	switch i {
	case stats.WhiteWins:
		return "1-0"
	case stats.BlackWins:
		return "0-1"
	case stats.Draw:
		return "½-½"
	case stats.Unfinished:
		return "*"
	}
	return l.T("result.none")
}

// kindName names a finding kind, or gives its code when the table has no
// name for it.
func (l *Lang) kindName(kind string) string {
	if l.Has("kind." + kind) {
		return l.T("kind." + kind)
	}
	return kind
}

// sqlString quotes s for SQL.
func sqlString(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// shellDouble quotes s for a POSIX shell's double quotes.
func shellDouble(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "$", `\$`, "`", "\\`")
	return `"` + r.Replace(s) + `"`
}

// query returns the DuckDB command that lists every game of a kind.
func (l *Lang) query(r *Run, kind, level string) string {
	if !r.FindingsTable {
		return l.T("kinds.no_table")
	}
	sev := "'error'"
	switch level {
	case "warning":
		sev = "'error', 'warning'"
	case "info":
		sev = "'error', 'warning', 'info'"
	}
	f := sqlString(filepath.Join(r.OutDir, "findings", "*.parquet"))
	var q string
	if r.GamesTable {
		g := sqlString(filepath.Join(r.OutDir, "games", "*.parquet"))
		q = fmt.Sprintf("SELECT g.game_id, g.source_file, g.source_line, g.event, g.round, g.white, g.black, f.move_number, f.san, f.message FROM %s f JOIN %s g USING (game_id) WHERE f.kind = %s AND f.severity IN (%s) ORDER BY g.game_id", f, g, sqlString(kind), sev)
	} else {
		q = fmt.Sprintf("SELECT game_id, source_file, source_line, move_number, san, message FROM %s WHERE kind = %s AND severity IN (%s) ORDER BY game_id", f, sqlString(kind), sev)
	}
	return "duckdb -c " + shellDouble(q)
}

// kindArticles gives the articles of the Laws behind each kind (README's
// findings table).
var kindArticles = map[string]string{
	"illegal_move": "3.10.1", "ambiguous_move": "C.10", "unreadable_move": "8.1.1",
	"moves_after_game_end": "5.1.1, 5.2.1, 5.2.2, 9.6.1, 9.6.2", "result_mismatch": "8.7, 5.1.1, 5.2.1, 5.2.2, 9.6.1, 9.6.2",
	"unwinnable_win": "6.9, 5.1.2, 7.5.5", "invalid_start_position": "3.10.3", "unreachable_start_position": "3.10.3",
	"null_move": "3.10.1", "missing_result": "8.7", "checkmate": "5.1.1", "stalemate": "5.2.1", "dead_position": "5.2.2",
	"threefold_claimable": "9.2.1", "threefold_repetition": "9.2.2", "fifty_move_rule": "9.3.2",
	"fivefold_repetition": "9.6.1", "seventyfive_move_rule": "9.6.2", "minor_piece_win": "6.9, 5.1.2",
	"dead_position_undetermined": "5.2.2", "unwinnability_undetermined": "6.9", "check_mark": "C.13",
}

// sortedArticles orders article numbers as the Laws do: 3.10.1 before
// 5.1.1 before 9.6.2 before C.10.
func sortedArticles(set map[string]bool) []string {
	var out []string
	for a := range set {
		out = append(out, a)
	}
	slices.SortFunc(out, func(a, b string) int {
		pa, pb := strings.Split(a, "."), strings.Split(b, ".")
		for i := 0; i < len(pa) && i < len(pb); i++ {
			na, ea := strconv.Atoi(pa[i])
			nb, eb := strconv.Atoi(pb[i])
			switch {
			case ea == nil && eb == nil && na != nb:
				return na - nb
			case (ea == nil) != (eb == nil):
				if ea == nil {
					return -1
				}
				return 1
			case ea != nil && pa[i] != pb[i]:
				return strings.Compare(pa[i], pb[i])
			}
		}
		return len(pa) - len(pb)
	})
	return out
}

// trfByGame gathers the tournament findings that concern a game.
func trfByGame(events []Event) map[int64][]tournament.Finding {
	out := map[int64][]tournament.Finding{}
	for _, e := range events {
		if e.Reconciliation == nil {
			continue
		}
		for _, f := range e.Reconciliation.Findings {
			if f.HasGame {
				out[f.GameID] = append(out[f.GameID], f)
			}
		}
	}
	return out
}

// block builds the view of one game of the correction sheet.
func (l *Lang) block(g *Game, n int, level string, trf []tournament.Finding) (blockView, error) {
	b := blockView{N: n, ID: g.ID, KindsAttr: strings.Join(g.Kinds, " ")}
	b.White = player(g.White, g.WhiteElo, l.T("label.white"))
	b.Black = player(g.Black, g.BlackElo, l.T("label.black"))
	b.Result = g.ResultTag
	if b.Result == "" {
		b.Result = g.ResultToken
	}
	if g.ResultByRules != "" && g.ResultByRules != g.Recorded {
		b.ByRules = l.T("block.by_rules", "result", g.ResultByRules)
	}
	add := func(key, value string) {
		if value != "" {
			b.Meta = append(b.Meta, metaItem{Label: l.T(key), Value: value, Wide: key == "meta.source"})
		}
	}
	add("meta.event", g.Event)
	add("meta.site", g.Site)
	add("meta.round", g.Round)
	add("meta.date", g.Date)
	add("meta.termination", g.Termination)
	add("meta.time_control", g.TimeControl)
	add("meta.source", fmt.Sprintf("%s:%d", g.File, g.Line))
	add("meta.game", l.T("meta.game_value", "id", strconv.FormatInt(g.ID, 10)))
	if g.Language != "" && g.Language != "English" {
		add("meta.notation", l.T("language."+strings.ToLower(g.Language)))
	}

	// The findings in ply order (the game as a whole last); the board
	// shows the first listed one with a position, preferring a move.
	fs := make([]*Finding, len(g.Findings))
	for i := range g.Findings {
		fs[i] = &g.Findings[i]
	}
	slices.SortStableFunc(fs, func(a, b *Finding) int { return plyOrder(a.Ply) - plyOrder(b.Ply) })
	var main *Finding
	worst := "info"
	for _, f := range fs {
		if !listed(f.Severity, level) {
			continue
		}
		if severityRank(f.Severity) < severityRank(worst) {
			worst = f.Severity
		}
		if f.FEN == "" {
			continue
		}
		if main == nil || (sanBefore[f.Kind] && f.SAN != "" && !(sanBefore[main.Kind] && main.SAN != "")) {
			main = f
		}
	}
	b.Severity = worst
	for _, f := range fs {
		fv := findingView{Move: l.Move(f), Message: Cap(l.Message(g, f)), Severity: f.Severity,
			SevLabel: l.T("severity." + f.Severity), Name: l.kindName(f.Kind), Main: f == main}
		if f.Article != "" && f.Article != "-" {
			fv.Article = l.T("article", "n", f.Article)
		}
		fv.Comment = f.Comment
		b.Findings = append(b.Findings, fv)
	}

	fen, caption := "", l.T("board.none")
	var arrs []Arrow
	switch {
	case main != nil:
		fen = main.FEN
		p, ok := position(fen, g.Chess960)
		if !ok {
			fen = ""
			caption = l.T("board.unreadable")
			break
		}
		switch {
		case main.Ply == 0:
			caption = l.T("board.start")
		case sanBefore[main.Kind] && main.SAN != "":
			caption = l.T("board.before", "move", l.Move(main))
			arrs = arrows(&p, g, main)
		case endKinds[main.Kind]:
			caption = l.T("board.end", "ply", strconv.Itoa(main.Ply))
		case main.SAN != "":
			caption = l.T("board.after", "move", l.Move(main))
		default:
			caption = l.T("board.ply", "ply", strconv.Itoa(main.Ply))
		}
		caption += l.T("board.to_move", "side", l.T("label."+p.SideToMove().String()))
		if reasonKinds[main.Kind] && (main.Kind != "result_mismatch" || g.EndKind == "dead_position") {
			b.Reasons = l.Reasons(&p)
		}
	case g.FinalFEN != "":
		fen, caption = g.FinalFEN, l.T("board.final")
	}
	if main == nil && g.FinalFEN == "" && g.Audited {
		caption = l.T("board.none")
	}
	svg, err := BoardSVG(fen, arrs, caption)
	if err != nil {
		svg, _ = BoardSVG("", nil, l.T("board.unreadable"))
		caption = l.T("board.unreadable")
	}
	b.Board = template.HTML(svg)
	b.Caption = caption

	for _, f := range trf {
		b.Tournament = append(b.Tournament, l.trfFinding(&f))
	}
	return b, nil
}

// plyOrder puts the findings about the game as a whole after the others.
func plyOrder(ply int) int {
	if ply < 0 {
		return 1 << 30
	}
	return ply
}

// player writes "Name (2450)", or the side's name when the tag is empty.
func player(name, elo, side string) string {
	if name == "" || name == "?" {
		name = side
	}
	if elo != "" && elo != "?" && elo != "-" && elo != "0" {
		return name + " (" + elo + ")"
	}
	return name
}

// trfFinding writes one tournament finding of a game: its check and where.
func (l *Lang) trfFinding(f *tournament.Finding) string {
	s := l.T("trf.finding", "check", f.Check, "name", l.checkName(f.Check), "severity", l.T("severity."+f.Severity))
	if f.Round > 0 {
		s += l.T("trf.round", "round", strconv.Itoa(f.Round))
	}
	if f.Line > 0 {
		s += l.T("trf.line", "line", strconv.Itoa(f.Line))
	}
	return s
}

// checkName names a TRF check ("T2", "P4").
func (l *Lang) checkName(id string) string {
	if l.Has("check." + id) {
		return l.T("check." + id)
	}
	return id
}
