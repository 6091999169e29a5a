package tournament

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The TRF + PGN pair of the mutation tests: the real TRF of the XX Open
// Internacional de Gros 2010 (testdata/echecsjs-trf/javafo_sample2.trf) and
// one generated PGN game per game played over the board, with the TRF's
// players, colours, results, FIDE IDs and ratings.

const grosTRF = "testdata/echecsjs-trf/javafo_sample2.trf"

// Legal games with the result they end in. The test parser stands in for
// the pipeline's validate package: it knows what the Laws make of each.
var gameTemplates = []struct {
	name, moves, result, byRules string
}{
	// Morphy-Duke of Brunswick and Count Isouard, Paris 1858: mate.
	{"mate", "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8#", "1-0", "1-0"},
	// The same game, Black resigning before the mate.
	{"white-resign", "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8", "1-0", ""},
	// Twenty plies, then White resigns.
	{"black-resign", "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5", "0-1", ""},
	// Sam Loyd's ten-move stalemate.
	{"stalemate", "1. e3 a5 2. Qh5 Ra6 3. Qxa5 h5 4. h4 Rah6 5. Qxc7 f6 6. Qxd7+ Kf7 7. Qxb7 Qd3 8. Qxb8 Qh7 9. Qxc8 Kg6 10. Qe6", "1/2-1/2", "1/2-1/2"},
}

func templateFor(result string, n int) int {
	switch result {
	case "1-0":
		return n % 2 // mate or resignation
	case "0-1":
		return 2
	}
	return 3
}

// writePGN generates the games of every game over the board of t.
func writePGN(t *Tournament) string {
	var b strings.Builder
	for r := 1; r <= t.Rounds; r++ {
		board := 0
		for i := range t.Players {
			w := &t.Players[i]
			res := w.Result(r)
			if !res.OverTheBoard() || res.Colour != White {
				continue
			}
			bl := t.Player(res.Opponent)
			board++
			writeGame(&b, t, r, board, w, bl, codeResult(res.Code).String(), templateFor(codeResult(res.Code).String(), w.StartRank+r))
		}
	}
	return b.String()
}

func writeGame(b *strings.Builder, t *Tournament, round, board int, w, bl *Player, result string, tmpl int) {
	fmt.Fprintf(b, "[Event %q]\n[Site %q]\n[Date \"2010.09.%02d\"]\n", t.Name, t.City, 23+round)
	if board > 0 {
		fmt.Fprintf(b, "[Round \"%d.%d\"]\n", round, board)
	} else {
		fmt.Fprintf(b, "[Round \"%d\"]\n", round)
	}
	fmt.Fprintf(b, "[White %q]\n[Black %q]\n[Result %q]\n", w.Name, bl.Name, result)
	for _, s := range []struct {
		tag string
		p   *Player
	}{{"White", w}, {"Black", bl}} {
		if s.p.Rating > 0 {
			fmt.Fprintf(b, "[%sElo \"%d\"]\n", s.tag, s.p.Rating)
		}
		if s.p.FideID > 0 {
			fmt.Fprintf(b, "[%sFideId \"%d\"]\n", s.tag, s.p.FideID)
		}
	}
	fmt.Fprintf(b, "\n%s %s\n\n", gameTemplates[tmpl].moves, result)
}

var reTag = regexp.MustCompile(`^\[(\w+) "(.*)"\]$`)
var reMoveNo = regexp.MustCompile(`^\d+\.+$`)

// readPGN is a minimal PGN reader for the generated games: tags, plies and
// what the Laws make of the moves (from the templates).
func readPGN(file, text string) []GameInfo {
	var games []GameInfo
	var g *GameInfo
	var moves []string
	flush := func() {
		if g == nil {
			return
		}
		mt := strings.Join(moves, " ")
		for _, tok := range strings.Fields(mt) {
			switch {
			case reMoveNo.MatchString(tok), tok == "1-0", tok == "0-1", tok == "1/2-1/2", tok == "*":
			default:
				g.Plies++
			}
		}
		body := mt
		if i := strings.LastIndexByte(mt, ' '); i >= 0 {
			body = mt[:i] // without the result
		}
		for _, tm := range gameTemplates {
			if body == tm.moves {
				g.ResultByRules = tm.byRules
			}
		}
		g.Audited = true
		games = append(games, *g)
		g, moves = nil, nil
	}
	sc := bufio.NewScanner(strings.NewReader(text))
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		if m := reTag.FindStringSubmatch(s); m != nil {
			if g == nil || len(moves) > 0 {
				flush()
				g = &GameInfo{ID: int64(len(games) + 1), File: file, Line: line, Index: len(games)}
			}
			v := m[2]
			switch m[1] {
			case "Event":
				g.Event = v
			case "Site":
				g.Site = v
			case "Date":
				g.Date = v
			case "Round":
				g.Round = v
			case "White":
				g.White = v
			case "Black":
				g.Black = v
			case "Result":
				g.Result = v
			case "WhiteElo":
				g.WhiteElo = v
			case "BlackElo":
				g.BlackElo = v
			case "WhiteFideId":
				g.WhiteFideID = v
			case "BlackFideId":
				g.BlackFideID = v
			case "TimeControl":
				g.TimeControl = v
			}
			continue
		}
		if s != "" && g != nil {
			moves = append(moves, s)
		}
	}
	flush()
	return games
}

// pgnGames splits PGN text into games (each starting with its [Event tag).
func pgnGames(text string) []string {
	parts := strings.Split(text, "[Event ")
	var out []string
	for _, p := range parts[1:] {
		out = append(out, "[Event "+p)
	}
	return out
}

func parseTRFText(t *testing.T, text string) *Tournament {
	t.Helper()
	tr, err := Parse(strings.NewReader(text), "gros.trf")
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// findingKey identifies a finding by check, severity and location.
func findingKey(f Finding) string {
	return fmt.Sprintf("%s %s line=%d round=%d player=%d", f.Check, f.Severity, f.Line, f.Round, f.Player)
}

// newFindings returns the findings of after that before does not have.
func newFindings(before, after []Finding) []Finding {
	seen := map[string]int{}
	for _, f := range before {
		seen[f.String()]++
	}
	var out []Finding
	for _, f := range after {
		if seen[f.String()] > 0 {
			seen[f.String()]--
			continue
		}
		out = append(out, f)
	}
	return out
}

func allFindings(t *testing.T, trfText, pgn string) []Finding {
	t.Helper()
	tr := parseTRFText(t, trfText)
	fs := Check(tr)
	return append(fs, CrossCheck(tr, readPGN("gros.pgn", pgn))...)
}

func TestMutations(t *testing.T) {
	raw, err := os.ReadFile(grosTRF)
	if err != nil {
		t.Fatal(err)
	}
	trfText := string(raw)
	tr := parseTRFText(t, trfText)
	pgn := writePGN(tr)
	games := pgnGames(pgn)
	infos := readPGN("gros.pgn", pgn)

	// The unmutated pair: no error, no warning.
	base := allFindings(t, trfText, pgn)
	for _, f := range base {
		if f.Severity != SeverityInfo {
			t.Errorf("baseline: %v", f)
		}
	}
	rec, err := Reconcile(tr, infos, CrossCheckOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Matches) != len(infos) || len(rec.Unmatched) != 0 {
		t.Fatalf("baseline: %d of %d games matched", len(rec.Matches), len(infos))
	}
	t.Logf("baseline: %d games for %d pairings, %d findings (all info)", len(infos), len(rec.Pairings), len(base))

	// pick returns the index of the first game whose template and round
	// satisfy the condition.
	pick := func(tmpl string, round int) int {
		for i, g := range infos {
			r, _ := parseRound(g.Round)
			if r != round {
				continue
			}
			for _, tm := range gameTemplates {
				if tm.name == tmpl && strings.Contains(games[i], tm.moves+" "+tm.result) {
					return i
				}
			}
		}
		t.Fatalf("no %s game in round %d", tmpl, round)
		return -1
	}
	// where returns the TRF line and start rank of a game's White.
	where := func(g GameInfo) (line, white int) {
		for _, p := range tr.Players {
			if p.Name == g.White {
				return p.Line, p.StartRank
			}
		}
		t.Fatalf("no player %q", g.White)
		return
	}
	join := func(gs []string) string { return strings.Join(gs, "") }

	type want struct {
		check, sev   string
		line, player int
		round        int
	}
	cases := []struct {
		name      string
		trf, pgn  string
		want      []want
		wantGames int
	}{}

	// 1. One result changed: a White win by resignation reported 0-1.
	{
		i := pick("white-resign", 3)
		gs := slices.Clone(games)
		gs[i] = strings.ReplaceAll(gs[i], "1-0", "0-1")
		line, white := where(infos[i])
		cases = append(cases, struct {
			name      string
			trf, pgn  string
			want      []want
			wantGames int
		}{"result changed", trfText, join(gs), []want{{"P3", SeverityError, line, white, 3}}, 0})
	}
	// 2. One game missing.
	{
		i := pick("black-resign", 2)
		line, white := where(infos[i])
		gs := slices.Delete(slices.Clone(games), i, i+1)
		cases = append(cases, struct {
			name      string
			trf, pgn  string
			want      []want
			wantGames int
		}{"game missing", trfText, join(gs), []want{{"P1", SeverityWarning, line, white, 2}}, 0})
	}
	// 3. One pairing swapped in colour: a draw with the names the other way.
	{
		i := pick("stalemate", 4)
		g := infos[i]
		line, white := where(g)
		s := games[i]
		s = strings.Replace(s, fmt.Sprintf("[White %q]", g.White), "[White \x00]", 1)
		s = strings.Replace(s, fmt.Sprintf("[Black %q]", g.Black), fmt.Sprintf("[Black %q]", g.White), 1)
		s = strings.Replace(s, "[White \x00]", fmt.Sprintf("[White %q]", g.Black), 1)
		s = strings.Replace(s, "WhiteElo", "\x01", 1)
		s = strings.Replace(s, "BlackElo", "WhiteElo", 1)
		s = strings.Replace(s, "\x01", "BlackElo", 1)
		s = strings.Replace(s, "WhiteFideId", "\x01", 1)
		s = strings.Replace(s, "BlackFideId", "WhiteFideId", 1)
		s = strings.Replace(s, "\x01", "BlackFideId", 1)
		gs := slices.Clone(games)
		gs[i] = s
		cases = append(cases, struct {
			name      string
			trf, pgn  string
			want      []want
			wantGames int
		}{"colours swapped", trfText, join(gs), []want{{"P2", SeverityError, line, white, 4}}, 0})
	}
	// 4. One extra game: players 1 and 2 never met.
	{
		var b strings.Builder
		writeGame(&b, tr, 2, 0, tr.Player(1), tr.Player(2), "1/2-1/2", 3)
		cases = append(cases, struct {
			name      string
			trf, pgn  string
			want      []want
			wantGames int
		}{"extra game", trfText, pgn + b.String(), []want{{"P7", SeverityError, 0, 1, 2}}, 0})
	}
	// 5. One FIDE ID duplicated: player 2 gets player 1's ID in the TRF.
	{
		lines := strings.Split(trfText, "\n")
		var id1 string
		for _, l := range lines {
			if strings.HasPrefix(l, "001    1 ") {
				id1 = l[57:68]
			}
		}
		line2 := 0
		for k, l := range lines {
			if strings.HasPrefix(l, "001    2 ") {
				lines[k] = l[:57] + id1 + l[68:]
				line2 = k + 1
			}
		}
		cases = append(cases, struct {
			name      string
			trf, pgn  string
			want      []want
			wantGames int
		}{"FIDE ID duplicated", strings.Join(lines, "\n"), pgn, []want{
			{"T7", SeverityError, line2, 2, 0},
			{"P11", SeverityError, line2, 2, 0},
		}, 0})
	}

	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := newFindings(base, allFindings(t, tc.trf, tc.pgn))
			var gotKeys, wantKeys []string
			for _, f := range got {
				gotKeys = append(gotKeys, findingKey(f))
			}
			for _, w := range tc.want {
				wantKeys = append(wantKeys, findingKey(Finding{Check: w.check, Severity: w.sev, Line: w.line, Round: w.round, Player: w.player}))
			}
			slices.Sort(gotKeys)
			slices.Sort(wantKeys)
			if !slices.Equal(gotKeys, wantKeys) {
				t.Errorf("new findings:\n  %s\nwant:\n  %s", strings.Join(gotKeys, "\n  "), strings.Join(wantKeys, "\n  "))
				for _, f := range got {
					t.Logf("  %v", f)
				}
			}
			for _, f := range got {
				if strings.HasPrefix(f.Check, "P") && !f.HasGame && f.Check != "P1" {
					t.Errorf("%v: no game location", f)
				}
				t.Logf("found: %v", f)
			}
		})
	}
}

// TestLawsChangeStandings: a game the TRF and the PGN call a draw ends in
// checkmate. P4 reports it and the standings with the result the Laws give
// are recomputed.
func TestLawsChangeStandings(t *testing.T) {
	tr := mustParseFile(t, "testdata/fide-tiebreakserver/held_swiss_5.trf")
	// Round 5: Charline (3) - Bruno (2) is a draw; record a mate for White.
	w, b := tr.Player(3), tr.Player(2)
	var sb strings.Builder
	writeGame(&sb, tr, 5, 1, w, b, "1/2-1/2", 0) // the moves mate, the tag says draw
	games := readPGN("held.pgn", sb.String())
	rec, err := Reconcile(tr, games, CrossCheckOptions{Standings: StandingsOptions{Order: []string{"PTS", "BH/C1", "BH"}}})
	if err != nil {
		t.Fatal(err)
	}
	var p4 []Finding
	for _, f := range rec.Findings {
		if f.Check == "P4" {
			p4 = append(p4, f)
		}
	}
	errs := 0
	for _, f := range p4 {
		if f.Severity == SeverityError {
			errs++
			if f.Round != 5 || f.Player != 3 || f.Opponent != 2 || !f.HasGame {
				t.Errorf("P4 error located at %v", f)
			}
		}
	}
	if len(p4) != 3 || errs != 1 {
		t.Fatalf("P4 findings: %v", p4)
	}
	if len(rec.Corrections) != 1 || rec.Corrections[0].To != "1-0" || rec.After == nil {
		t.Fatalf("corrections: %+v", rec.Corrections)
	}
	if got := rec.After.Row(3).Points; got != 400 {
		t.Errorf("Charline after: %s points, want 4.0", got)
	}
	if got := rec.After.Row(2).Points; got != 350 {
		t.Errorf("Bruno after: %s points, want 3.5", got)
	}
	if rec.After.Row(3).Rank != 1 || rec.Before.Row(2).Rank != 1 {
		t.Errorf("ranks: Charline %d after, Bruno %d before", rec.After.Row(3).Rank, rec.Before.Row(2).Rank)
	}
	if len(rec.RankChanges) == 0 {
		t.Fatal("no rank changes")
	}
	var sum strings.Builder
	if err := WriteSummary(&sum, tr, rec); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(sum.String(), "round 5, 3-2: 1/2-1/2 -> 1-0") {
		t.Errorf("summary lacks the change:\n%s", sum.String())
	}
	t.Log(p4[len(p4)-1].Message)
}

// TestGameChecks covers the per-game checks on crafted games: P5, P6, P8,
// P9, P10, P12 and the name matching.
func TestGameChecks(t *testing.T) {
	src := "012 Test\n042 2024/08/01\n052 2024/08/05\n132" + strings.Repeat(" ", 87) + "24/08/01  24/08/02\n" +
		"001    1 m    Alpha, Anna                       2000 NOR     1000001 1990/01/01  1.0    1     2 w 1     3 b +\n" +
		"001    2 m    Bravo, Bert                       1900 NOR     1000002 1990/01/01  1.0    2     1 b 0     4 w W\n" +
		"001    3 m    Çelik, Cem                        1800 TUR     1000003 1990/01/01  0.5    3     4 w =     1 w -\n" +
		"001    4 m    Delta, Dora                       1700 NOR     1000004 1990/01/01  0.5    4     3 b =     2 b L\n"
	tr, err := Parse(strings.NewReader(src), "t.trf")
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.RoundDates) != 2 || tr.RoundDates[1].Day != 2 {
		t.Fatalf("round dates %v", tr.RoundDates)
	}
	g := func(round, white, black, result string, plies int) GameInfo {
		return GameInfo{Event: "Test", Site: "X", Date: "2024.08.0" + round[:1], Round: round, White: white, Black: black, Result: result, Plies: plies, Audited: true}
	}
	for _, tc := range []struct {
		name  string
		games []GameInfo
		want  []string // check ids expected, in order
	}{
		{"clean", []GameInfo{g("1.1", "Alpha, Anna", "Bravo, Bert", "1-0", 60), g("1.2", "Celik, Cem", "Delta, Dora", "1/2-1/2", 80)}, nil},
		{"forfeit played", []GameInfo{g("1.1", "Alpha, Anna", "Bravo, Bert", "1-0", 60), g("1.2", "Cem Celik", "Dora Delta", "1/2-1/2", 80), g("2.1", "Celik, Cem", "Alpha, Anna", "0-1", 30)}, []string{"P5"}},
		{"short game played", []GameInfo{g("1.1", "Alpha, Anna", "Bravo, Bert", "1-0", 60), g("1.2", "CELIK Cem", "DELTA Dora", "1/2-1/2", 80), g("2.2", "Bravo, Bert", "Delta, Dora", "1-0", 12)}, []string{"P12"}},
		{"no move", []GameInfo{g("1.1", "Alpha, Anna", "Bravo, Bert", "1-0", 1), g("1.2", "Celik, C.", "Delta, D.", "1/2-1/2", 80)}, []string{"P5"}},
		{"short decisive and draw", []GameInfo{g("1.1", "Alpha, Anna", "Bravo, Bert", "1-0", 9), g("1.2", "Celik, Cem", "Delta, Dora", "1/2-1/2", 20)}, []string{"P6", "P6"}},
		{"duplicate", []GameInfo{g("1.1", "Alpha, Anna", "Bravo, Bert", "1-0", 60), g("1.2", "Celik, Cem", "Delta, Dora", "1/2-1/2", 80), g("1.3", "Alpha, Anna", "Bravo, Bert", "1-0", 60)}, []string{"P8"}},
		{"board twice", []GameInfo{g("1.1", "Alpha, Anna", "Bravo, Bert", "1-0", 60), g("1.1", "Celik, Cem", "Delta, Dora", "1/2-1/2", 80)}, []string{"P10"}},
		{"wrong date and elo", []GameInfo{{Event: "Test", Date: "2024.08.02", Round: "1.1", White: "Alpha, Anna", Black: "Bravo, Bert", WhiteElo: "2100", Result: "1-0", Plies: 60, Audited: true}, g("1.2", "Celik, Cem", "Delta, Dora", "1/2-1/2", 80)}, []string{"P9", "P9"}},
		{"no result", []GameInfo{g("1.1", "Alpha, Anna", "Bravo, Bert", "*", 60), g("1.2", "Celik, Cem", "Delta, Dora", "1/2-1/2", 80)}, []string{"P3"}},
		{"illegal move", []GameInfo{{Event: "Test", Date: "2024.08.01", Round: "1.1", White: "Alpha, Anna", Black: "Bravo, Bert", Result: "1-0", Plies: 60, Audited: true, MoveErrors: 1, FirstErrorPly: 17}, g("1.2", "Celik, Cem", "Delta, Dora", "1/2-1/2", 80)}, []string{"P4"}},
		{"identity", []GameInfo{{Event: "Test", Date: "2024.08.01", Round: "1.1", White: "Alpha, Anna", WhiteFideID: "1000002", Black: "Bravo, Bert", Result: "1-0", Plies: 60, Audited: true}, g("1.2", "Celik, Cem", "Delta, Dora", "1/2-1/2", 80)}, []string{"P11"}},
		{"unknown player and missing game", []GameInfo{g("1.1", "Zulu, Zed", "Bravo, Bert", "1-0", 60), g("1.2", "Celik, Cem", "Delta, Dora", "1/2-1/2", 80)}, []string{"P1", "P7"}},
		{"round from players", []GameInfo{{Event: "Test", Round: "?", White: "Alpha, Anna", Black: "Bravo, Bert", Result: "1-0", Plies: 60, Audited: true}, g("1.2", "Celik, Cem", "Delta, Dora", "1/2-1/2", 80)}, []string{"P9"}},
		{"two events", []GameInfo{g("1.1", "Alpha, Anna", "Bravo, Bert", "1-0", 60), {Event: "Other", Date: "2024.08.01", Round: "1.2", White: "Celik, Cem", Black: "Delta, Dora", Result: "1/2-1/2", Plies: 80, Audited: true}}, []string{"P9"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for i := range tc.games {
				tc.games[i].ID, tc.games[i].Line = int64(i+1), 10*i+1
			}
			var got []string
			for _, f := range CrossCheck(tr, tc.games) {
				got = append(got, f.Check)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("checks %v, want %v", got, tc.want)
				for _, f := range CrossCheck(tr, tc.games) {
					t.Log(f)
				}
			}
		})
	}
}

// TestPairingRows checks the pairings table of the generated event.
func TestPairingRows(t *testing.T) {
	tr := mustParseFile(t, grosTRF)
	games := readPGN("gros.pgn", writePGN(tr))
	rec, err := Reconcile(tr, games, CrossCheckOptions{})
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for _, p := range rec.Pairings {
		kinds[p.Kind]++
		if p.Kind == "game" && (!p.HasGame || !p.Rated || p.GameResult != p.Result) {
			t.Errorf("round %d %d-%d: %+v", p.Round, p.White, p.Black, p)
		}
		if p.Kind != "game" && p.Rated {
			t.Errorf("round %d %d-%d: %s rated", p.Round, p.White, p.Black, p.Kind)
		}
	}
	if kinds["game"] != len(games) || kinds["forfeit"] == 0 || kinds["bye"] == 0 {
		t.Errorf("kinds %v, %d games", kinds, len(games))
	}
	t.Logf("pairings table: %v", kinds)
	rows := PlayerRows(tr, rec.Before)
	if len(rows) != len(tr.Players) || rows[0].Rank != 1 || rows[0].TieBreakOrder[0] != "PTS" {
		t.Fatalf("players table: %d rows, first %+v", len(rows), rows[0])
	}
	for _, r := range rows {
		if r.RatedGames > 4 || r.DeclaredPoints == nil {
			t.Errorf("row %+v", r)
		}
	}
	_ = strconv.Itoa
}
