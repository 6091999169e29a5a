package tournament

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// trfGames returns what the pipeline would know of the games of t, one per
// pairing played (over the board, or W/D/L as a game without moves), with
// the TRF's players, colours, ratings, FIDE IDs and results: forfeits and
// byes have no game.
func trfGames(t *Tournament, file string) []GameInfo {
	var out []GameInfo
	for r := 1; r <= t.Rounds; r++ {
		board := 0
		for i := range t.Players {
			w := &t.Players[i]
			res := w.Result(r)
			if res.Colour != White || !(res.OverTheBoard() || res.ShortGame()) {
				continue
			}
			bl := t.Player(res.Opponent)
			board++
			plies := 30
			if res.ShortGame() {
				plies = 0
			}
			g := GameInfo{ID: int64(len(out)), File: file, Line: 10 * (len(out) + 1), Index: len(out),
				Event: t.Name, Site: t.City, Round: fmt.Sprintf("%d.%d", r, board),
				White: w.Name, Black: bl.Name, Result: codeResult(res.Code).String(), Plies: plies, Audited: true}
			if !t.StartDate.IsZero() {
				g.EventDate = fmt.Sprintf("%04d.%02d.%02d", t.StartDate.Year, t.StartDate.Month, t.StartDate.Day)
			}
			for _, s := range []struct {
				p        *Player
				elo, fid *string
			}{{w, &g.WhiteElo, &g.WhiteFideID}, {bl, &g.BlackElo, &g.BlackFideID}} {
				if s.p.Rating > 0 {
					*s.elo = fmt.Sprint(s.p.Rating)
				}
				if s.p.FideID > 0 {
					*s.fid = fmt.Sprint(s.p.FideID)
				}
			}
			out = append(out, g)
		}
	}
	return out
}

// withoutUnplayed is t with every forfeit and bye made a blank round,
// without the players who played no game and the rounds after the last
// game (pairings without results): what its games alone can tell.
func withoutUnplayed(t *Tournament) *Tournament {
	c := *t
	c.Players, c.Rounds = nil, 0
	for _, p := range t.Players {
		p.Results = slices.Clone(p.Results)
		played := false
		for r, res := range p.Results {
			if !res.OverTheBoard() && !res.ShortGame() {
				p.Results[r] = Result{Code: ' '}
			} else {
				played = true
				c.Rounds = max(c.Rounds, r+1)
			}
		}
		if played {
			c.Players = append(c.Players, p)
		}
	}
	c.byRank = make([]int32, len(t.byRank))
	for i := range c.Players {
		c.byRank[c.Players[i].StartRank] = int32(i + 1)
	}
	return &c
}

// sameStandings compares two standings player by player (by name): points,
// rank, the ranking order and its values, and every tie-break of the
// players table.
func sameStandings(t *testing.T, what string, want, got *Standings) {
	t.Helper()
	if len(want.Rows) != len(got.Rows) {
		t.Fatalf("%s: %d players, want %d", what, len(got.Rows), len(want.Rows))
	}
	if want.Edition != got.Edition || want.RoundRobin != got.RoundRobin || orderString(want.Order) != orderString(got.Order) || want.Rounds != got.Rounds {
		t.Errorf("%s: %s, rr %v, %s, %d rounds; want %s, rr %v, %s, %d rounds", what, got.Edition, got.RoundRobin, orderString(got.Order), got.Rounds,
			want.Edition, want.RoundRobin, orderString(want.Order), want.Rounds)
	}
	byName := map[string]*Standing{}
	for i := range got.Rows {
		byName[got.Rows[i].Player.Name] = &got.Rows[i]
	}
	for _, w := range want.Rows {
		g := byName[w.Player.Name]
		if g == nil {
			t.Errorf("%s: no player %q", what, w.Player.Name)
			continue
		}
		if g.Points != w.Points || g.Rank != w.Rank {
			t.Errorf("%s: %s: %s points rank %d, want %s rank %d", what, w.Player.Name, g.Points, g.Rank, w.Points, w.Rank)
		}
		for k := range want.Order {
			if g.Keys[k] != w.Keys[k] {
				t.Errorf("%s: %s: %s = %s, want %s", what, w.Player.Name, want.Order[k], want.Order[k].Format(g.Keys[k]), want.Order[k].Format(w.Keys[k]))
			}
		}
		for _, code := range StandardTieBreaks {
			wv, err := want.Value(w.StartRank, code)
			if err != nil {
				t.Fatal(err)
			}
			gv, err := got.Value(g.StartRank, code)
			if err != nil {
				t.Fatal(err)
			}
			if gv != wv {
				tb, _ := ParseTieBreak(code)
				t.Errorf("%s: %s: %s = %s, want %s", what, w.Player.Name, code, tb.Format(gv), tb.Format(wv))
			}
		}
	}
}

// The games of a TRF, read without it, give the TRF's standings with its
// forfeits and byes as unplayed rounds: a round robin, two Swiss events
// (one with H, Z, U, F, + and - entries and a withdrawal) and a real
// partial event with FIDE IDs.
func TestFromGamesMatchesTRF(t *testing.T) {
	for _, tc := range []struct {
		file    string
		players int
	}{
		{"fide-tiebreakserver/held_round_robin.trf", 6},
		{"fide-tiebreakserver/held_swiss_5.trf", 16},
		{"fide-tiebreakserver/swiss_with_many_unplayed_rounds.trf", 15},
		{"echecsjs-trf/javafo_sample2.trf", 52},
	} {
		t.Run(filepath.Base(tc.file), func(t *testing.T) {
			tr := mustParseFile(t, filepath.Join("testdata", tc.file))
			orig, err := ComputeStandings(tr, StandingsOptions{})
			if err != nil {
				t.Fatal(err)
			}
			games := trfGames(tr, "event.pgn")
			ev, err := FromGames(KeyOf(tr.Name, tr.City, games[0].EventDate, "event.pgn"), games, GamesOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if ev.Reconciliation == nil {
				t.Fatalf("no standings: %s (findings %v)", ev.Skipped, ev.Findings)
			}
			// Players without any game are not in the PGN.
			played := 0
			for i := range tr.Players {
				if slices.ContainsFunc(tr.Players[i].Results, func(r Result) bool { return r.OverTheBoard() || r.ShortGame() }) {
					played++
				}
			}
			if len(ev.Players) != played || played > tc.players || ev.Used != len(games) || len(ev.Findings) != 0 {
				t.Fatalf("%d players (%d with games), %d of %d games used, findings %v", len(ev.Players), played, ev.Used, len(games), ev.Findings)
			}
			want, err := ComputeStandings(withoutUnplayed(tr), StandingsOptions{System: systemOf(orig)})
			if err != nil {
				t.Fatal(err)
			}
			sameStandings(t, tc.file, want, ev.Reconciliation.Before)
			// Every blank round is an unplayed row of the pairings.
			unplayed := 0
			for _, p := range withoutUnplayed(tr).Players {
				for r := 1; r <= ev.Reconciliation.Before.Rounds; r++ {
					if p.Result(r).Opponent == 0 {
						unplayed++
					}
				}
			}
			kinds := map[string]int{}
			for _, p := range ev.Reconciliation.Pairings {
				kinds[p.Kind]++
				if p.File != "event.pgn" || p.Line == 0 {
					t.Fatalf("pairing row without its PGN place: %+v", p)
				}
			}
			if kinds["unplayed"] != unplayed || ev.Unplayed != unplayed || kinds["game"]+kinds["short"] != len(games) || len(kinds) > 3 {
				t.Errorf("pairings %v, unplayed %d, want %d unplayed and %d games", kinds, ev.Unplayed, unplayed, len(games))
			}
		})
	}
}

// systemOf is the system a standings' tie-breaks followed.
func systemOf(st *Standings) System {
	if st.RoundRobin {
		return SystemRoundRobin
	}
	return SystemSwiss
}

func game(id int, round, white, black, result string) GameInfo {
	return GameInfo{ID: int64(id), File: "club.pgn", Line: 1 + 12*id, Index: id, Event: "Club Championship", Round: round,
		White: white, Black: black, Result: result, Plies: 40, Audited: true}
}

// Players are put together by FIDE ID, by name up to spelling, and by the
// fuzzy match only when the two spellings never play in the same round.
func TestFromGamesIdentity(t *testing.T) {
	gs := []GameInfo{
		game(0, "1.1", "Carlsen, Magnus", "Nakamura, Hikaru", "1-0"),
		game(1, "1.2", "Li, Wei", "Li, Wei Ming", "1/2-1/2"),
		game(2, "2.1", "Nakamura, H.", "CARLSEN Magnus", "0-1"),
		game(3, "2.2", "Li Wei Ming", "Li, Wei", "1/2-1/2"),
		game(4, "3", "Dupont, Jean", "Li, Wei", "1-0"),
		game(5, "3", "carlsen magnus", "Nakamura, H", "1/2-1/2"),
	}
	gs[4].WhiteFideID = "1234567"
	gs[0].WhiteElo, gs[2].BlackElo = "2830", "2840" // the first in round order is the rating
	ev, err := FromGames(KeyOf("Club Championship", "", "", "club.pgn"), gs, GamesOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if ev.Reconciliation == nil {
		t.Fatalf("no standings: %s", ev.Skipped)
	}
	got := map[string]GamesPlayer{}
	for _, p := range ev.Players {
		got[p.Name] = p
	}
	if len(ev.Players) != 5 {
		t.Fatalf("players %+v", ev.Players)
	}
	if p := got["Carlsen, Magnus"]; p.StartRank != 1 || p.Rating != 2830 || p.Method != "name" || len(p.Spellings) != 2 {
		t.Errorf("Carlsen %+v", p)
	}
	if p := got["Nakamura, Hikaru"]; p.Method != "name_fuzzy" || !slices.Equal(p.Spellings, []string{"Nakamura, H.", "Nakamura, H"}) {
		t.Errorf("Nakamura %+v", p)
	}
	// "Li, Wei" and "Li, Wei Ming" play each other: never one player.
	if _, ok := got["Li, Wei"]; !ok {
		t.Errorf("Li, Wei merged: %+v", ev.Players)
	}
	if p := got["Dupont, Jean"]; p.FideID != 1234567 || p.Method != "fide_id" {
		t.Errorf("Dupont %+v", p)
	}
	st := ev.Reconciliation.Before
	if st.Rounds != 3 || st.RoundRobin {
		t.Errorf("rounds %d, round robin %v", st.Rounds, st.RoundRobin)
	}
	if r := st.Rows[0]; r.Player.Name != "Carlsen, Magnus" || r.Points != 250 || r.Rank != 1 {
		t.Errorf("leader %+v", r)
	}
	// Dupont played round 3 only: two unplayed rounds, zero points; Li Wei
	// Ming has no game in round 3.
	rows := 0
	for _, p := range ev.Reconciliation.Pairings {
		if p.Kind == "unplayed" {
			rows++
			if p.Black != 0 || p.RatedReason == "" || p.Codes != "" {
				t.Errorf("unplayed row %+v", p)
			}
		}
	}
	if rows != 3 || ev.Unplayed != 3 {
		t.Errorf("%d unplayed rows, %d unplayed", rows, ev.Unplayed)
	}
	// A match method per side: the Reconciliation's matches.
	methods := map[string]int{}
	for _, m := range ev.Reconciliation.Matches {
		methods[m.WhiteMethod]++
		methods[m.BlackMethod]++
	}
	if methods["name_fuzzy"] != 2 || methods["fide_id"] != 1 {
		t.Errorf("match methods %v", methods)
	}
}

func TestFromGamesLeftOut(t *testing.T) {
	base := []GameInfo{
		game(0, "1", "A, Anna", "B, Bert", "1-0"),
		game(1, "1", "C, Cleo", "D, Dirk", "0-1"),
		game(2, "2", "A, Anna", "C, Cleo", "1/2-1/2"),
		game(3, "2", "B, Bert", "D, Dirk", "1/2-1/2"),
	}
	for _, tc := range []struct {
		name    string
		extra   []GameInfo
		kinds   []string
		skipped string
		used    int
	}{
		{"clean", nil, nil, "", 4},
		{"duplicate", []GameInfo{game(4, "1", "B, Bert", "A, Anna", "0-1")}, []string{KindGameLeftOut}, "", 4},
		{"no result", []GameInfo{game(4, "3", "A, Anna", "D, Dirk", "*")}, []string{KindGameLeftOut}, "", 4},
		{"no name", []GameInfo{game(4, "3", "?", "D, Dirk", "1-0")}, []string{KindGameLeftOut}, "", 4},
		{"self", []GameInfo{game(4, "3", "A, Anna", "A. Anna", "1-0")}, []string{KindGameLeftOut}, "", 4},
		{"no round", []GameInfo{game(4, "?", "A, Anna", "D, Dirk", "1-0")}, []string{KindRoundMissing}, "", 4},
		{"conflict", []GameInfo{game(4, "2", "A, Anna", "D, Dirk", "1-0")}, []string{KindRoundConflict}, "cannot be told apart", 5},
		{"short game", []GameInfo{{ID: 4, File: "club.pgn", Line: 60, Event: "Club Championship", Round: "3", White: "A, Anna", Black: "D, Dirk", Result: "1-0"}}, nil, "", 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gs := append(slices.Clone(base), tc.extra...)
			ev, err := FromGames(KeyOf("Club Championship", "", "", "club.pgn"), gs, GamesOptions{})
			if err != nil {
				t.Fatal(err)
			}
			var kinds []string
			for _, f := range ev.Findings {
				kinds = append(kinds, f.Check)
				if f.Severity != SeverityInfo || !f.HasGame || f.GameFile != "club.pgn" || f.Message == "" {
					t.Errorf("finding %+v", f)
				}
			}
			if !slices.Equal(kinds, tc.kinds) || !strings.Contains(ev.Skipped, tc.skipped) || (tc.skipped == "") != (ev.Reconciliation != nil) || ev.Used != tc.used {
				t.Fatalf("findings %v, skipped %q, used %d", ev.Findings, ev.Skipped, ev.Used)
			}
			if tc.name == "short game" {
				for _, p := range ev.Reconciliation.Pairings {
					if p.Round == 3 && p.Kind != "short" && p.Kind != "unplayed" || p.Round == 3 && p.Kind == "short" && (p.Rated || p.Codes != "W/L") {
						t.Errorf("round 3 row %+v", p)
					}
				}
			}
		})
	}
}

// Too small to rank: two players, or one round.
func TestFromGamesThreshold(t *testing.T) {
	two := []GameInfo{game(0, "1", "A, Anna", "B, Bert", "1-0"), game(1, "2", "B, Bert", "A, Anna", "1-0"), game(2, "3", "A, Anna", "B, Bert", "1-0")}
	one := []GameInfo{game(0, "1", "A, Anna", "B, Bert", "1-0"), game(1, "1", "C, Cleo", "D, Dirk", "1-0")}
	for _, gs := range [][]GameInfo{two, one} {
		ev, err := FromGames(KeyOf("Club Championship", "", "", "club.pgn"), gs, GamesOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if ev.Reconciliation != nil || !strings.Contains(ev.Skipped, "standings need at least 3 players and 2 rounds") {
			t.Errorf("skipped %q", ev.Skipped)
		}
		ev, err = FromGames(KeyOf("Club Championship", "", "", "club.pgn"), gs, GamesOptions{MinPlayers: 2, MinRounds: 1})
		if err != nil || ev.Reconciliation == nil {
			t.Errorf("lower bar: skipped %q, %v", ev.Skipped, err)
		}
	}
}

// Four players in three rounds without a repeated pairing are a round
// robin; a double round robin has every pair twice.
func TestFromGamesRoundRobin(t *testing.T) {
	single := []GameInfo{
		game(0, "1", "A, Anna", "D, Dirk", "1-0"), game(1, "1", "B, Bert", "C, Cleo", "0-1"),
		game(2, "2", "D, Dirk", "C, Cleo", "1/2-1/2"), game(3, "2", "A, Anna", "B, Bert", "1-0"),
		game(4, "3", "B, Bert", "D, Dirk", "1-0"), game(5, "3", "C, Cleo", "A, Anna", "0-1"),
	}
	double := slices.Clone(single)
	for i, g := range single {
		r := int(g.Round[0]-'0') + 3
		double = append(double, game(6+i, fmt.Sprint(r), g.Black, g.White, "1/2-1/2"))
	}
	swiss := slices.Clone(single[:4]) // two rounds of four players: a Swiss
	for _, tc := range []struct {
		games []GameInfo
		rr    bool
		order string
	}{{single, true, "PTS, DE, SB, WIN, KS"}, {double, true, "PTS, DE, SB, WIN, KS"}, {swiss, false, "PTS, BH/C1, BH, SB, DE"}} {
		ev, err := FromGames(KeyOf("Club Championship", "", "", "club.pgn"), tc.games, GamesOptions{})
		if err != nil || ev.Reconciliation == nil {
			t.Fatalf("%v %s", err, ev.Skipped)
		}
		st := ev.Reconciliation.Before
		if st.RoundRobin != tc.rr || orderString(st.Order) != tc.order || st.OrderSource == "" {
			t.Errorf("%d games: round robin %v, order %s (%s)", len(tc.games), st.RoundRobin, orderString(st.Order), st.OrderSource)
		}
	}
}

// A game the Laws score otherwise changes the standings beside the
// recorded ones, as for a TRF.
func TestFromGamesResultsByRules(t *testing.T) {
	gs := []GameInfo{
		game(0, "1", "A, Anna", "B, Bert", "1-0"), game(1, "1", "C, Cleo", "D, Dirk", "0-1"),
		game(2, "2", "A, Anna", "C, Cleo", "1-0"), game(3, "2", "B, Bert", "D, Dirk", "1/2-1/2"),
	}
	gs[2].ResultByRules = "1/2-1/2" // a stalemate recorded as a win
	ev, err := FromGames(KeyOf("Club Championship", "", "", "club.pgn"), gs, GamesOptions{})
	if err != nil || ev.Reconciliation == nil {
		t.Fatal(err, ev.Skipped)
	}
	rec := ev.Reconciliation
	if len(rec.Corrections) != 1 || rec.After == nil || len(rec.RankChanges) == 0 || len(ev.Findings) != 0 {
		t.Fatalf("corrections %+v, changes %+v, findings %v", rec.Corrections, rec.RankChanges, ev.Findings)
	}
	var b strings.Builder
	if err := ev.WriteSummary(&b); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"with the results the Laws give", "Results changed by the Laws:", "round 2, 1-3: 1-0 -> 1/2-1/2", "Games in the standings: 4 of 4"} {
		if !strings.Contains(b.String(), w) {
			t.Errorf("summary lacks %q:\n%s", w, b.String())
		}
	}
}

func TestGroupEvents(t *testing.T) {
	g := func(event, site, date, file string) GameInfo {
		return GameInfo{Event: event, Site: site, EventDate: date, File: file}
	}
	games := []GameInfo{
		g("Open", "Bern SUI", "2025.06.01", "a.pgn"),
		g("Open", "", "", "b.pgn"),                   // joins the one fuller "Open"
		g("Open", "Bern SUI", "????.??.??", "c.pgn"), // no EventDate: joins it too
		g("Rapid", "https://lichess.org/abc", "", "a.pgn"),
		g("Rapid", "https://lichess.org/def", "", "a.pgn"), // URLs name games, not venues
		g("Blitz", "Bern", "", "a.pgn"),
		g("Blitz", "Basel", "", "a.pgn"),
		g("Blitz", "", "", "a.pgn"), // two fuller keys: stays alone
		g("?", "", "", "x.pgn"),
		g("", "", "", "y.pgn"), // no Event: one event per file
	}
	gr := GroupEvents(games, []EventKey{KeyOf("Open", "Bern SUI", "", "d.pgn")})
	var got []string
	for i, k := range gr.Keys {
		got = append(got, fmt.Sprintf("%s=%v", k, gr.Games[i]))
	}
	want := []string{
		`"Open" (Bern SUI, 2025.06.01)=[0 1 2]`, `"Rapid"=[3 4]`, `"Blitz" (Bern)=[5]`, `"Blitz" (Basel)=[6]`, `"Blitz"=[7]`,
		`"x.pgn"=[8]`, `"y.pgn"=[9]`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("groups\n got %q\nwant %q", got, want)
	}
	if i, ok := gr.Index(KeyOf("Open", "Bern SUI", "", "d.pgn")); !ok || i != 0 {
		t.Errorf("extra key went to %d %v", i, ok)
	}
}

func TestParseRound(t *testing.T) {
	for s, want := range map[string][2]int{"3": {3, 0}, " 3.12 ": {3, 12}, "3.1.2": {3, 1}, "?": {}, "-": {}, "": {}, "abc": {}, "0": {}, "-1": {},
		"200": {200, 0}, "201": {}, "99999999999": {}} {
		if r, b := ParseRound(s); [2]int{r, b} != want {
			t.Errorf("ParseRound(%q) = %d, %d, want %v", s, r, b, want)
		}
	}
}

// FromGames never panics and always explains itself: standings, or why
// not.
func FuzzFromGames(f *testing.F) {
	f.Add("1.1", "A, Anna", "B, Bert", "1-0", "2", "B, Bert", "C, Cleo", "1/2-1/2", "123", 30)
	f.Add("?", "Carlsen, M", "Carlsen, Magnus", "*", "1", "", "?", "0-1", "x", 0)
	f.Add("200", "Li", "Li Wei", "1/2", "200.3", "Li Wei", "Li", "½-½", "-5", 1)
	f.Fuzz(func(t *testing.T, r1, w1, b1, res1, r2, w2, b2, res2, fid string, plies int) {
		gs := []GameInfo{
			{ID: 0, File: "f.pgn", Line: 1, Event: "E", Round: r1, White: w1, Black: b1, Result: res1, WhiteFideID: fid, Plies: plies},
			{ID: 1, File: "f.pgn", Line: 9, Event: "E", Round: r2, White: w2, Black: b2, Result: res2, BlackFideID: fid, Plies: plies},
			{ID: 2, File: "f.pgn", Line: 17, Event: "E", Round: r1, White: b2, Black: w1, Result: res2, Plies: 40},
		}
		ev, err := FromGames(KeyOf("E", "", "", "f.pgn"), gs, GamesOptions{MinPlayers: 2, MinRounds: 1})
		if err != nil {
			t.Fatal(err)
		}
		if (ev.Reconciliation == nil) == (ev.Skipped == "") {
			t.Fatalf("standings %v, skipped %q", ev.Reconciliation != nil, ev.Skipped)
		}
		var b strings.Builder
		if err := ev.WriteSummary(&b); err != nil {
			t.Fatal(err)
		}
	})
}

// A Result tag that says forfeit makes a forfeit: not a game for the
// tie-breaks of a Swiss, a pairing of kind forfeit.
func TestFromGamesForfeit(t *testing.T) {
	gs := []GameInfo{
		game(0, "1", "A, Anna", "B, Bert", "1-0"), game(1, "1", "C, Cleo", "D, Dirk", "+/-"),
		game(2, "2", "A, Anna", "C, Cleo", "1:0"), game(3, "2", "B, Bert", "D, Dirk", "0-0"),
	}
	gs[1].Plies, gs[3].Plies = 0, 0
	ev, err := FromGames(KeyOf("Club Championship", "", "", "club.pgn"), gs, GamesOptions{})
	if err != nil || ev.Reconciliation == nil {
		t.Fatal(err, ev.Skipped)
	}
	kinds := map[string]string{}
	for _, p := range ev.Reconciliation.Pairings {
		kinds[p.WhiteName+"-"+p.BlackName] = p.Kind + " " + p.Result
	}
	want := map[string]string{"A, Anna-B, Bert": "game 1-0", "C, Cleo-D, Dirk": "forfeit +-", "A, Anna-C, Cleo": "game 1-0", "B, Bert-D, Dirk": "forfeit --"}
	for k, w := range want {
		if kinds[k] != w {
			t.Errorf("%s: %q, want %q (%v)", k, kinds[k], w, kinds)
		}
	}
	if r := ev.Reconciliation.Before.Row(ev.Players[slices.IndexFunc(ev.Players, func(p GamesPlayer) bool { return p.Name == "C, Cleo" })].StartRank); r.Points != 100 {
		t.Errorf("Cleo has %s points", r.Points)
	}
}
