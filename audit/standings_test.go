package audit

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/ingest"
	"github.com/arbiter-chess/arbiter/tournament"
)

var updateStandings = flag.Bool("update-standings", false, "rewrite the crosstables under testdata/standings")

const tbDir = "../tournament/testdata/fide-tiebreakserver"

// playerTable is the players table by name: every column as a string.
func playerTable(t *testing.T, out string) map[string]map[string]string {
	t.Helper()
	recs := readTable(t, out, "players")
	names := cells(t, recs, "name")
	byName := map[string]map[string]string{}
	for _, f := range recs[0].Schema().Fields() {
		for i, v := range cells(t, recs, f.Name) {
			if byName[names[i]] == nil {
				byName[names[i]] = map[string]string{}
			}
			byName[names[i]][f.Name] = v
		}
	}
	return byName
}

// held_swiss_5 ranked as a German youth championship announces it: the
// order is used, its values are the exercise's, and where it came from is
// said: the flag, a 202 record, and the flag over a record.
func TestRunTieBreaksFlag(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(tbDir, "held_swiss_5.trf"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name, extra string) string {
		p := filepath.Join(dir, name)
		text := strings.Replace(string(raw), "XXR 5\n", "XXR 5\n"+extra, 1)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	plain := write("plain.trf", "")
	with202 := write("with202.trf", "202 BH/C1,SB,WIN,DE\n")
	other202 := write("other202.trf", "202 SB,BH\n")
	flagOrder, err := ParseTieBreaks("PTS,BH/C1,SB,WIN,DE")
	if err != nil {
		t.Fatal(err)
	}
	// The expected values (2024 edition: the event started 2024-08-01).
	header, want := readTSV(t, filepath.Join(tbDir, "held_swiss_5.expected.tsv"))
	for _, tc := range []struct {
		name, trf string
		flag      []string
		source    string
	}{
		{"flag", plain, flagOrder, "flag -tiebreaks"},
		{"record 202", with202, nil, "TRF record 202"},
		{"flag over record", other202, flagOrder, "flag -tiebreaks"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, res, human := runEventConfig(t, Config{Inputs: []string{tc.trf}, TieBreaks: tc.flag})
			if len(res.Summary.Events) != 1 {
				t.Fatalf("events %+v", res.Summary.Events)
			}
			es := res.Summary.Events[0]
			if strings.Join(es.TieBreaks, ",") != "PTS,BH/C1,SB,WIN,DE" || es.TieBreakSource != tc.source || es.Source != "trf" {
				t.Errorf("summary: order %v from %q (%s)", es.TieBreaks, es.TieBreakSource, es.Source)
			}
			if !strings.Contains(human, "tie-break order ("+tc.source+"): PTS, BH/C1, SB, WIN, DE") || !strings.Contains(human, " PTS BH/C1    SB   WIN    DE") {
				t.Errorf("human summary:\n%s", human)
			}
			players := playerTable(t, out)
			byRank := map[string]map[string]string{}
			for _, p := range players {
				byRank[p["start_rank"]] = p
				if p["tiebreak_order"] != `["PTS","BH/C1","SB","WIN","DE"]` || p["tiebreak_source"] != tc.source {
					t.Fatalf("player %s: order %s from %s", p["name"], p["tiebreak_order"], p["tiebreak_source"])
				}
			}
			checked := 0
			for _, row := range want {
				p := byRank[row["StartNo"]]
				if p == nil {
					t.Fatalf("no player %s", row["StartNo"])
				}
				values := strings.Split(strings.Trim(p["tiebreak_values"], "[]"), ",")
				for k, c := range []struct{ col, exp string }{{"points", "PTS"}, {"bh_c1", "BH/C1@2024"}, {"sb", "SB@2024"}, {"win", "WIN"}} {
					w, _ := strconv.ParseFloat(row[c.exp], 64)
					g, err1 := strconv.ParseFloat(p[c.col], 64)
					v, err2 := strconv.ParseFloat(values[k], 64)
					if err1 != nil || err2 != nil || g != w || v != w {
						t.Errorf("player %s %s: column %s, order value %s, want %s", row["StartNo"], c.exp, p[c.col], values[k], row[c.exp])
					}
					checked++
				}
			}
			if checked != 4*16 || len(header) == 0 {
				t.Errorf("%d values checked", checked)
			}
			// Ranked by that order: Bruno first; Charline (BH/C1 13.0) above
			// David (11.5) and Alyx (11.0).
			rank := func(sno string) int { n, _ := strconv.Atoi(byRank[sno]["rank"]); return n }
			if rank("2") != 1 || !(rank("3") < rank("4") && rank("4") < rank("1")) {
				t.Errorf("ranks: Bruno %d, Charline %d, David %d, Alyx %d", rank("2"), rank("3"), rank("4"), rank("1"))
			}
		})
	}
}

// readTSV reads a tab-separated table with a header line.
func readTSV(t *testing.T, path string) ([]string, []map[string]string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	var header []string
	var rows []map[string]string
	for sc.Scan() {
		cells := strings.Split(sc.Text(), "\t")
		if header == nil {
			header = cells
			continue
		}
		if len(cells) != len(header) {
			continue
		}
		row := map[string]string{}
		for i, h := range header {
			row[h] = cells[i]
		}
		rows = append(rows, row)
	}
	return header, rows
}

// A run refuses an unknown code or modifier before doing anything.
func TestRunTieBreaksRefused(t *testing.T) {
	for _, bad := range []string{"BH/X1", "WIN/C1", "BUCHHOLZ"} {
		out := filepath.Join(t.TempDir(), "out")
		_, err := Run(context.Background(), Config{Inputs: []string{eventPGNPath}, OutDir: out, TieBreaks: []string{"PTS", bad}})
		if err == nil || !strings.Contains(err.Error(), bad) || !strings.Contains(err.Error(), "-tiebreaks") {
			t.Errorf("%s: %v", bad, err)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("%s: the run wrote %s", bad, out)
		}
	}
	if _, err := Run(context.Background(), Config{Inputs: []string{eventPGNPath}, OutDir: t.TempDir(), Standings: "all"}); err == nil {
		t.Error("-standings all accepted")
	}
}

// testdata/event/event.pgn alone gives the players, points, ranks and
// tie-breaks event.trf gives with it, and the same results by the Laws.
func TestRunPGNAloneMatchesTRF(t *testing.T) {
	trfOut, trfRes, _ := runEvent(t, eventTRF, eventPGNPath)
	pgnOut, pgnRes, human := runEvent(t, eventPGNPath)
	if len(pgnRes.Events) != 1 || pgnRes.Events[0].FromGames() == nil || len(trfRes.Events) != 1 {
		t.Fatalf("events %+v", pgnRes.Events)
	}
	want, got := playerTable(t, trfOut), playerTable(t, pgnOut)
	if len(got) != 6 || len(want) != 6 {
		t.Fatalf("players %d, want %d", len(got), len(want))
	}
	skip := map[string]bool{"source_file": true, "source_line": true, "start_rank": true, "sex": true, "federation": true,
		"declared_points": true, "declared_rank": true, "rated_games": true}
	for name, w := range want {
		g := got[name]
		if g == nil {
			t.Errorf("no player %q from the PGN alone", name)
			continue
		}
		for col, v := range w {
			if !skip[col] && g[col] != v {
				t.Errorf("%s: %s = %s, with the TRF %s", name, col, g[col], v)
			}
		}
		if g["source_file"] != eventPGNPath || g["source_line"] == "0" || g["rated_games"] != w["rated_games"] {
			t.Errorf("%s: source %s:%s, rated games %s", name, g["source_file"], g["source_line"], g["rated_games"])
		}
	}
	// The pairings: the same games, each located in the PGN.
	pairings := readTable(t, pgnOut, "pairings")
	kinds, files := cells(t, pairings, "kind"), cells(t, pairings, "source_file")
	gameIDs := cells(t, pairings, "game_id")
	for i := range kinds {
		if kinds[i] != "game" || files[i] != eventPGNPath || gameIDs[i] == "NULL" {
			t.Errorf("pairing %d: %s %s game %s", i, kinds[i], files[i], gameIDs[i])
		}
	}
	if len(kinds) != 15 {
		t.Errorf("%d pairings", len(kinds))
	}
	es := pgnRes.Summary.Events[0]
	if es.Source != "pgn" || es.Path != eventPGNPath || es.Players != 6 || es.Rounds != 5 || es.GamesMatched != 15 || es.Corrections != 1 ||
		es.TieBreakSource != "default for round robins" || !strings.Contains(es.EditionReason, "Date tag") {
		t.Errorf("summary event %+v", es)
	}
	if ss := pgnRes.Summary.Standings; ss == nil || ss.Mode != StandingsAuto || ss.GamesKept != 15 || ss.Events != 1 {
		t.Errorf("summary standings %+v", ss)
	}
	for _, w := range []string{`event "Arbiter Example Round Robin" (Example City) from the games alone`, "round 4, 3-6: 1-0 -> 1/2-1/2",
		"The same with the results the Laws give", "round robin: 6 players in 5 rounds"} {
		if !strings.Contains(human, w) {
			t.Errorf("human summary lacks %q:\n%s", w, human)
		}
	}
	// The game's own findings only: the event is clean.
	for kind := range pgnRes.Summary.FindingsByKind {
		if strings.HasPrefix(kind, "standings_") || strings.HasPrefix(kind, "trf_") {
			t.Errorf("finding %s", kind)
		}
	}
}

// An event uploaded as one PGN per round is one event; each row says which
// file it comes from.
func TestRunPGNRoundFiles(t *testing.T) {
	raw, err := os.ReadFile(eventPGNPath)
	if err != nil {
		t.Fatal(err)
	}
	games := strings.SplitAfter(string(raw), "\n\n[")
	dir := t.TempDir()
	var a, b strings.Builder
	for i, g := range games {
		if i > 0 {
			g = "[" + g
		}
		g = strings.TrimSuffix(g, "[")
		if strings.Contains(g, `[Round "1.`) || strings.Contains(g, `[Round "2.`) {
			a.WriteString(g)
		} else {
			b.WriteString(g)
		}
	}
	pa, pb := filepath.Join(dir, "round1-2.pgn"), filepath.Join(dir, "round3-5.pgn")
	for p, s := range map[string]string{pa: a.String(), pb: b.String()} {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, res, _ := runEvent(t, pa, pb)
	if res.Summary.Games != 15 || len(res.Events) != 1 {
		t.Fatalf("games %d, events %d", res.Summary.Games, len(res.Events))
	}
	es := res.Summary.Events[0]
	if !slices.Equal(es.Files, []string{pa, pb}) || es.GamesMatched != 15 || es.Rounds != 5 {
		t.Errorf("event %+v", es)
	}
	pairings := readTable(t, out, "pairings")
	round, file := cells(t, pairings, "round"), cells(t, pairings, "source_file")
	for i := range round {
		if want := map[bool]string{true: pa, false: pb}[round[i] <= "2"]; file[i] != want {
			t.Errorf("round %s from %s", round[i], file[i])
		}
	}
	for name, p := range playerTable(t, out) {
		if p["source_file"] != pa {
			t.Errorf("%s first seen in %s", name, p["source_file"])
		}
	}
}

// trfAsPGN writes the games of a TRF as PGN: one short legal game per
// pairing played over the board (a game without moves for W/D/L), with
// the TRF's players, colours, ratings, FIDE IDs and results; forfeits and
// byes have no game.
func trfAsPGN(t *tournament.Tournament) string {
	var b strings.Builder
	date := func(d tournament.Date) string { return fmt.Sprintf("%04d.%02d.%02d", d.Year, d.Month, d.Day) }
	for r := 1; r <= t.Rounds; r++ {
		board := 0
		for i := range t.Players {
			w := &t.Players[i]
			res := w.Result(r)
			if res.Colour != tournament.White || !(res.OverTheBoard() || res.ShortGame()) {
				continue
			}
			bl := t.Player(res.Opponent)
			board++
			result := map[byte]string{'1': "1-0", '=': "1/2-1/2", '0': "0-1", 'W': "1-0", 'D': "1/2-1/2", 'L': "0-1"}[res.Code]
			fmt.Fprintf(&b, "[Event %q]\n[Site %q]\n", t.Name, t.City)
			if !t.StartDate.IsZero() {
				fmt.Fprintf(&b, "[EventDate %q]\n", date(t.StartDate))
			}
			if r <= len(t.RoundDates) && !t.RoundDates[r-1].IsZero() {
				fmt.Fprintf(&b, "[Date %q]\n", date(t.RoundDates[r-1]))
			}
			fmt.Fprintf(&b, "[Round \"%d.%d\"]\n[White %q]\n[Black %q]\n[Result %q]\n", r, board, w.Name, bl.Name, result)
			for _, s := range []struct {
				tag string
				p   *tournament.Player
			}{{"White", w}, {"Black", bl}} {
				if s.p.Rating > 0 {
					fmt.Fprintf(&b, "[%sElo \"%d\"]\n", s.tag, s.p.Rating)
				}
				if s.p.FideID > 0 {
					fmt.Fprintf(&b, "[%sFideId \"%d\"]\n", s.tag, s.p.FideID)
				}
			}
			moves := ""
			if res.OverTheBoard() {
				seed := uint64(r*1000 + w.StartRank)
				moves = randomGame(seed, 10+int(seed%11)) + " "
			}
			fmt.Fprintf(&b, "\n%s\n\n", wrap(moves+result))
		}
	}
	return b.String()
}

// withoutUnplayed is t with its forfeits and byes made blank rounds and
// the rounds after its last game dropped: what its games alone can say.
// absent are the players without any game, whom the PGN cannot know.
func withoutUnplayed(t *tournament.Tournament) (c *tournament.Tournament, absent map[string]bool) {
	cp := *t
	c, absent = &cp, map[string]bool{}
	c.Players = slices.Clone(t.Players)
	c.Rounds = 0
	for i := range c.Players {
		p := &c.Players[i]
		p.Results = slices.Clone(p.Results)
		played := false
		for r, res := range p.Results {
			if res.OverTheBoard() || res.ShortGame() {
				played = true
				c.Rounds = max(c.Rounds, r+1)
				continue
			}
			p.Results[r] = tournament.Result{Code: ' '}
		}
		if !played {
			absent[p.Name] = true
		}
	}
	return c, absent
}

// A round robin and two Swiss events of the corpus, written out as PGN and
// read back without their TRF: the TRF's standings, forfeits and byes
// aside (they are unplayed rounds), and the crosstables of the golden
// files.
func TestRunPGNRoundTrip(t *testing.T) {
	for _, tc := range []struct{ trf, golden string }{
		{filepath.Join(tbDir, "held_round_robin.trf"), "held_round_robin.txt"},
		{filepath.Join(tbDir, "held_swiss_5.trf"), "held_swiss_5.txt"},
		{"../tournament/testdata/echecsjs-trf/javafo_sample2.trf", "gros_2010.txt"},
	} {
		t.Run(tc.golden, func(t *testing.T) {
			tr := readTRF(t, tc.trf)
			dir := t.TempDir()
			pgn := filepath.Join(dir, strings.TrimSuffix(tc.golden, ".txt")+".pgn")
			if err := os.WriteFile(pgn, []byte(trfAsPGN(tr)), 0o644); err != nil {
				t.Fatal(err)
			}
			out, res, _ := runEvent(t, pgn)
			if len(res.Events) != 1 || res.Events[0].FromGames() == nil || res.Events[0].Reconciliation == nil {
				t.Fatalf("events %+v", res.Events)
			}
			ge := res.Events[0].FromGames()
			orig, err := tournament.ComputeStandings(tr, tournament.StandingsOptions{})
			if err != nil {
				t.Fatal(err)
			}
			system := tournament.SystemSwiss
			if orig.RoundRobin {
				system = tournament.SystemRoundRobin
			}
			blanked, absent := withoutUnplayed(tr)
			want, err := tournament.ComputeStandings(blanked, tournament.StandingsOptions{System: system})
			if err != nil {
				t.Fatal(err)
			}
			got := ge.Reconciliation.Before
			if got.RoundRobin != want.RoundRobin || got.Edition != want.Edition || got.Rounds != want.Rounds || len(got.Rows)+len(absent) != len(want.Rows) {
				t.Fatalf("round robin %v, %s, %d rounds, %d players; want %v, %s, %d, %d", got.RoundRobin, got.Edition, got.Rounds, len(got.Rows),
					want.RoundRobin, want.Edition, want.Rounds, len(want.Rows))
			}
			players := playerTable(t, out)
			for _, w := range want.Rows {
				if absent[w.Player.Name] {
					continue // ranked last, with no points: below everyone the PGN knows
				}
				p := players[w.Player.Name]
				if p == nil {
					t.Fatalf("no player %q", w.Player.Name)
				}
				if p["points"] != strconv.FormatFloat(w.Points.Float64(), 'g', -1, 64) || p["rank"] != strconv.Itoa(w.Rank) || p["source_file"] != pgn {
					t.Errorf("%s: points %s rank %s, want %s rank %d", w.Player.Name, p["points"], p["rank"], w.Points, w.Rank)
				}
				g := got.Row(mustAtoi(t, p["start_rank"]))
				for _, code := range tournament.StandardTieBreaks {
					wv, _ := want.Value(w.StartRank, code)
					gv, _ := got.Value(g.StartRank, code)
					if wv != gv {
						t.Errorf("%s: %s %+v, want %+v", w.Player.Name, code, gv, wv)
					}
				}
				for k := range want.Order {
					if g.Keys[k] != w.Keys[k] {
						t.Errorf("%s: %s %+v, want %+v", w.Player.Name, want.Order[k], g.Keys[k], w.Keys[k])
					}
				}
			}
			// Forfeits and byes are the unplayed rounds of the pairings.
			unplayed := 0
			for _, p := range blanked.Players {
				for r := 1; r <= blanked.Rounds && !absent[p.Name]; r++ {
					if p.Result(r).Opponent == 0 {
						unplayed++
					}
				}
			}
			kinds := map[string]int{}
			for _, k := range cells(t, readTable(t, out, "pairings"), "kind") {
				kinds[k]++
			}
			if kinds["unplayed"] != unplayed || kinds["game"] != int(res.Summary.Games) || len(kinds) > 2 {
				t.Errorf("pairings %v, want %d unplayed and %d games", kinds, unplayed, res.Summary.Games)
			}
			// The crosstable, as the human summary prints it.
			var text strings.Builder
			for _, n := range res.Events[0].Notes {
				fmt.Fprintf(&text, "note: %s\n", n)
			}
			if err := res.Events[0].Summary(&text); err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", "standings", tc.golden)
			if *updateStandings {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, []byte(text.String()), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if g, err := os.ReadFile(golden); err != nil || string(g) != text.String() {
				t.Errorf("crosstable differs from %s (%v): run go test ./audit -run PGNRoundTrip -update-standings\n%s", golden, err, text.String())
			}
		})
	}
}

func mustAtoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// A game with Round "-" (an online archive) costs nothing: no GameInfo,
// not counted; a game with Round "?" is counted for its event; one with a
// round is kept.
func TestStageStandingsGames(t *testing.T) {
	pgn := `[Event "Rated Blitz game"]
[Site "https://lichess.org/abc"]
[Round "-"]
[White "a"]
[Black "b"]
[Result "1-0"]

1. e4 e5 1-0

[Event "Club"]
[Round "?"]
[White "A, Anna"]
[Black "B, Bert"]
[Result "0-1"]

1. d4 d5 0-1

[Event "Club"]
[White "A, Anna"]
[Black "C, Cleo"]
[Result "0-1"]

1. c4 c5 0-1

[Event "Club"]
[Round "2.1"]
[White "B, Bert"]
[Black "C, Cleo"]
[Result "1/2-1/2"]

1. Nf3 Nf6 1/2-1/2
`
	p := filepath.Join(t.TempDir(), "mixed.pgn")
	if err := os.WriteFile(p, []byte(pgn), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := ingest.Open(ingest.Input{Name: p}, ingest.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	b, _ := r.Next()
	if b == nil || len(b.Games) != 4 {
		t.Fatal("no block of 4 games")
	}
	gate := &StandingsGate{}
	st := NewStage(StageOptions{GameInfos: true, Standings: gate}, nil)
	defer st.Close()
	o, err := st.Process(b, 0)
	if err != nil {
		t.Fatal(err)
	}
	o.Release()
	if len(o.GameInfos) != 1 || o.GameInfos[0].Round != "2.1" || o.GameInfos[0].ID != b.Games[3].Offset {
		t.Errorf("game infos %+v", o.GameInfos)
	}
	if len(o.RoundMissing) != 1 || o.RoundMissing[0].N != 2 || o.RoundMissing[0].Absent != 1 || o.RoundMissing[0].Key.Event != "Club" ||
		len(o.RoundMissing[0].Examples) != 2 || o.RoundMissing[0].Examples[0].ID != b.Games[1].Offset {
		t.Errorf("round missing %+v", o.RoundMissing)
	}
	// Past the cap nothing is kept.
	gate.stop.Store(true)
	o, err = st.Process(b, 0)
	if err != nil {
		t.Fatal(err)
	}
	o.Release()
	if len(o.GameInfos) != 0 || len(o.RoundMissing) != 0 {
		t.Errorf("kept %d infos, %d tallies past the cap", len(o.GameInfos), len(o.RoundMissing))
	}

	// The run: the Club event is too small to rank, but its games without
	// a round are named; the Lichess game is not mentioned.
	out, res, _ := runEvent(t, p)
	ss := res.Summary.Standings
	if ss == nil || ss.GamesKept != 1 || ss.GamesWithoutRound != 2 || ss.Events != 0 || ss.EventsSkipped != 1 {
		t.Errorf("standings summary %+v", ss)
	}
	kinds, msgs := cells(t, readTable(t, out, "findings"), "kind"), cells(t, readTable(t, out, "findings"), "message")
	found := 0
	for i, k := range kinds {
		if k == tournament.KindRoundMissing {
			found++
			if !strings.Contains(msgs[i], `event "Club": 2 game(s) without a usable Round tag`) || strings.Contains(msgs[i], "Blitz") {
				t.Errorf("message %s", msgs[i])
			}
		}
	}
	if found != 1 {
		t.Errorf("%d %s findings: %v", found, tournament.KindRoundMissing, kinds)
	}
	if _, err := os.Stat(filepath.Join(out, "players")); !os.IsNotExist(err) {
		t.Errorf("players table without standings")
	}
}

// Past MaxStandingsGames the run keeps no game and says so.
func TestRunStandingsCap(t *testing.T) {
	defer func(n int64) { maxStandingsGames = n }(maxStandingsGames)
	maxStandingsGames = 10
	out, res, human := runEvent(t, eventPGNPath)
	ss := res.Summary.Standings
	if ss == nil || ss.GamesKept != 0 || len(ss.Notes) != 1 || !strings.Contains(ss.Notes[0], "more than 10 games") || len(res.Events) != 0 {
		t.Fatalf("standings %+v, events %d", ss, len(res.Events))
	}
	if !strings.Contains(human, "standings: no standings from the games: more than 10 games") {
		t.Errorf("human summary:\n%s", human)
	}
	if _, err := os.Stat(filepath.Join(out, "players")); !os.IsNotExist(err) {
		t.Errorf("players table past the cap")
	}
}
