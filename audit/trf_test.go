package audit

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/arbiter-chess/arbiter/chess"
	"github.com/arbiter-chess/arbiter/ingest"
	"github.com/arbiter-chess/arbiter/tournament"
)

var updateEvent = flag.Bool("update-event", false, "rewrite testdata/event/event.pgn from the generator")

const (
	grosTRF      = "../tournament/testdata/echecsjs-trf/javafo_sample2.trf"
	eventTRF     = "../testdata/event/event.trf"
	eventPGNPath = "../testdata/event/event.pgn"
	stalemate    = "1. e3 a5 2. Qh5 Ra6 3. Qxa5 h5 4. h4 Rah6 5. Qxc7 f6 6. Qxd7+ Kf7 7. Qxb7 Qd3 8. Qxb8 Qh7 9. Qxc8 Kg6 10. Qe6"
)

// randomGame returns the movetext of a legal game of n plies: a random
// walk, seeded, that never mates or stalemates, so that any result but the
// Laws' own is a resignation or an agreed draw.
func randomGame(seed uint64, n int) string {
	rng := rand.New(rand.NewPCG(seed, 0x7472665f67616d65))
	p := chess.StartPosition()
	var ml chess.MoveList
	var b []byte
	for ply := 0; ply < n; ply++ {
		p.LegalMoves(&ml)
		m, ok := chess.Move(0), false
		for _, k := range rng.Perm(ml.N) {
			q := p
			q.Play(ml.Moves[k])
			if q.HasLegalMove() {
				m, ok = ml.Moves[k], true
				break
			}
		}
		if !ok {
			break
		}
		if ply > 0 {
			b = append(b, ' ')
		}
		if ply%2 == 0 {
			b = fmt.Appendf(b, "%d. ", ply/2+1)
		}
		b = p.AppendSAN(b, m)
		p.Play(m)
	}
	return string(b)
}

// wrap cuts movetext into lines of at most 79 characters.
func wrap(s string) string {
	var b strings.Builder
	n := 0
	for i, w := range strings.Fields(s) {
		if i > 0 {
			if n+1+len(w) > 79 {
				b.WriteByte('\n')
				n = 0
			} else {
				b.WriteByte(' ')
				n++
			}
		}
		b.WriteString(w)
		n += len(w)
	}
	return b.String()
}

// gameOf lets a test change one generated game: its moves and its Result
// tag (both from White's side).
type gameOf func(round, board int, white, black *tournament.Player, moves, result string) (string, string)

// eventPGN writes one game for every game over the board of t, with the
// TRF's players, colours, results, ratings and FIDE IDs, and unique moves.
func eventPGN(t *tournament.Tournament, change gameOf) string {
	var b strings.Builder
	for r := 1; r <= t.Rounds; r++ {
		board := 0
		for i := range t.Players {
			w := &t.Players[i]
			res := w.Result(r)
			if !res.OverTheBoard() || res.Colour != tournament.White {
				continue
			}
			bl := t.Player(res.Opponent)
			board++
			result := map[byte]string{'1': "1-0", '=': "1/2-1/2", '0': "0-1"}[res.Code]
			seed := uint64(r*1000 + w.StartRank)
			moves := randomGame(seed, 40+int(seed%23))
			if change != nil {
				moves, result = change(r, board, w, bl, moves, result)
			}
			fmt.Fprintf(&b, "[Event %q]\n[Site %q]\n", t.Name, t.City)
			if r <= len(t.RoundDates) && !t.RoundDates[r-1].IsZero() {
				d := t.RoundDates[r-1]
				fmt.Fprintf(&b, "[Date \"%04d.%02d.%02d\"]\n", d.Year, d.Month, d.Day)
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
			if t.EncodedTimeControl != "" {
				fmt.Fprintf(&b, "[TimeControl %q]\n", t.EncodedTimeControl)
			}
			fmt.Fprintf(&b, "\n%s\n\n", wrap(moves+" "+result))
		}
	}
	return b.String()
}

func readTRF(t *testing.T, path string) *tournament.Tournament {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tr, err := tournament.Parse(f, path)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

func runEvent(t *testing.T, inputs ...string) (string, *Result, string) {
	t.Helper()
	return runEventConfig(t, Config{Inputs: inputs})
}

// runEventConfig runs cfg with the tests' output, jobs and writer options.
func runEventConfig(t *testing.T, cfg Config) (string, *Result, string) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "out")
	var human bytes.Buffer
	cfg.OutDir, cfg.Jobs, cfg.Progress, cfg.Writer = out, 2, "never", writerForTests()
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	WriteHuman(&human, res, out)
	return out, res, human.String()
}

// column values as strings, NULL as "NULL".
func cells(t *testing.T, recs []arrow.RecordBatch, name string) []string {
	t.Helper()
	var out []string
	for _, r := range recs {
		idx := r.Schema().FieldIndices(name)
		if len(idx) == 0 {
			t.Fatalf("no column %s", name)
		}
		c := r.Column(idx[0])
		for i := 0; i < c.Len(); i++ {
			if c.IsNull(i) {
				out = append(out, "NULL")
			} else {
				out = append(out, c.ValueStr(i))
			}
		}
	}
	return out
}

// A TRF from the library's test data, under a name that says nothing, with
// a PGN generated for its pairings: two games changed.
func TestRunTRFWithGames(t *testing.T) {
	dir := t.TempDir()
	raw, err := os.ReadFile(grosTRF)
	if err != nil {
		t.Fatal(err)
	}
	trf := filepath.Join(dir, "gros.dat") // recognised by content
	if err := os.WriteFile(trf, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	tr := readTRF(t, trf)
	// Round 2, board 1: the stalemate recorded as the TRF's win (the Laws
	// give a draw: P4); round 3, board 2: a Result tag that contradicts the
	// TRF (P3).
	var stalemated, wrongResult string
	pgn := eventPGN(tr, func(round, board int, w, b *tournament.Player, moves, result string) (string, string) {
		switch {
		case round == 2 && board == 1 && result == "1-0":
			stalemated = w.Name
			return stalemate, result
		case round == 3 && board == 2 && result != "1/2-1/2":
			wrongResult = w.Name
			return moves, "1/2-1/2"
		}
		return moves, result
	})
	if stalemated == "" || wrongResult == "" {
		t.Fatal("the mutated games were not generated")
	}
	pgnPath := filepath.Join(dir, "gros.pgn")
	if err := os.WriteFile(pgnPath, []byte(pgn), 0o644); err != nil {
		t.Fatal(err)
	}
	out, res, human := runEvent(t, trf, pgnPath)
	if res.ExitCode != 0 || len(res.Events) != 1 || res.Events[0].Err != nil {
		t.Fatalf("exit %d, events %+v", res.ExitCode, res.Events)
	}
	want, err := tournament.Reconcile(tr, nil, tournament.CrossCheckOptions{})
	if err != nil {
		t.Fatal(err)
	}
	games := readTable(t, out, "games")
	players := readTable(t, out, "players")
	pairings := readTable(t, out, "pairings")
	if rows(players) != int64(len(tr.Players)) || rows(pairings) != int64(len(want.Pairings)) || rows(games) != int64(strings.Count(pgn, "[Event ")) {
		t.Fatalf("players %d (want %d), pairings %d (want %d), games %d", rows(players), len(tr.Players), rows(pairings), len(want.Pairings), rows(games))
	}
	// Every game is matched to its pairing, and the pairing names it.
	gid := int64s(t, games, "game_id")
	white := strs(t, games, "white")
	round := strs(t, games, "round")
	pid := cells(t, pairings, "game_id")
	pkey := map[string]string{} // "round.board" -> game_id
	pr, pb, pw := cells(t, pairings, "round"), cells(t, pairings, "board"), cells(t, pairings, "white")
	matched := 0
	for i, id := range pid {
		if id != "NULL" {
			matched++
			pkey[pr[i]+"."+pb[i]+" "+pw[i]] = id
		}
	}
	if matched != len(gid) {
		t.Fatalf("%d pairings have a game, %d games", matched, len(gid))
	}
	idOf := func(name string, r string) int64 {
		for i := range gid {
			if white[i] == name && strings.HasPrefix(round[i], r+".") {
				return gid[i]
			}
		}
		t.Fatalf("no game of %s in round %s", name, r)
		return -1
	}
	for i := range gid {
		if got := pkey[round[i]+" "+white[i]]; got != fmt.Sprint(gid[i]) {
			t.Errorf("game %d (round %s, %s): pairing names game %s", gid[i], round[i], white[i], got)
		}
	}
	// The findings: P4 names the stalemate, P3 the wrong Result tag.
	findings := readTable(t, out, "findings")
	check, fgame, kind, file := cells(t, findings, "check_id"), cells(t, findings, "game_id"), cells(t, findings, "kind"), cells(t, findings, "source_file")
	has := func(id string, game int64) bool {
		for i := range check {
			if check[i] == id && fgame[i] == fmt.Sprint(game) && file[i] == trf && kind[i] == CheckKind(id) {
				return true
			}
		}
		return false
	}
	if g := idOf(stalemated, "2"); !has("P4", g) {
		t.Errorf("no P4 finding for the stalemate (game %d)", g)
	}
	if g := idOf(wrongResult, "3"); !has("P3", g) {
		t.Errorf("no P3 finding for the changed result (game %d)", g)
	}
	var trfRows, noGame int
	for i := range check {
		if check[i] != "NULL" {
			trfRows++
			if fgame[i] == "NULL" {
				noGame++
			}
		}
	}
	if trfRows != len(res.Events[0].Reconciliation.Findings) || noGame == 0 {
		t.Errorf("%d TRF findings rows (%d without a game), the event has %d", trfRows, noGame, len(res.Events[0].Reconciliation.Findings))
	}
	// The summary counts them, names the event and the edition.
	s := res.Summary
	if s.Findings != rows(findings) || s.Tables["players"].Rows != rows(players) || s.Tables["pairings"].Rows != rows(pairings) {
		t.Errorf("summary: findings %d (table %d), tables %+v", s.Findings, rows(findings), s.Tables)
	}
	if len(s.Events) != 1 || s.Events[0].Players != len(tr.Players) || s.Events[0].Pairings != len(want.Pairings) ||
		s.Events[0].GamesMatched != len(gid) || !strings.Contains(s.Events[0].Edition, "2024") || s.Events[0].Corrections != 1 {
		t.Errorf("summary events %+v", s.Events)
	}
	if s.FindingsByKind["trf_result_by_rules"] == 0 || len(s.Inputs) != 2 {
		t.Errorf("summary kinds %v, inputs %+v", s.FindingsByKind, s.Inputs)
	}
	// The players table: recomputed and declared ranks, and the ranks the
	// correction leads to.
	if sr := cells(t, players, "start_rank"); sr[0] != "1" || cells(t, players, "declared_rank")[0] != "1" {
		t.Errorf("first player %s", sr[0])
	}
	if byRules := cells(t, players, "rank_by_rules"); byRules[0] == "NULL" {
		t.Error("rank_by_rules is NULL although a result changed")
	}
	for _, w := range []string{"Crosstable with the results the Laws give", "Results changed by the Laws:", "XX Open Internacional de Gros", "trf_result_by_rules", "players/*.parquet"} {
		if !strings.Contains(human, w) {
			t.Errorf("human summary lacks %q:\n%s", w, human)
		}
	}
}

// The bundled example: a 6-player round robin in which the arbiter scored
// a stalemate as a win.
func TestRunBundledEvent(t *testing.T) {
	tr := readTRF(t, eventTRF)
	pgn := eventPGN(tr, func(round, board int, w, b *tournament.Player, moves, result string) (string, string) {
		if round == 4 && w.StartRank == 2 {
			return stalemate, result
		}
		return moves, result
	})
	if *updateEvent {
		if err := os.WriteFile(eventPGNPath, []byte(pgn), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if got, err := os.ReadFile(eventPGNPath); err != nil || string(got) != pgn {
		t.Fatalf("%s is not the generator's output (%v): run go test ./audit -run BundledEvent -update-event", eventPGNPath, err)
	}
	out, res, human := runEvent(t, "../testdata/event")
	if len(res.Events) != 1 || res.Summary.Games != 15 {
		t.Fatalf("events %d, games %d", len(res.Events), res.Summary.Games)
	}
	rec := res.Events[0].Reconciliation
	if len(rec.Corrections) != 1 || rec.Corrections[0].To != "1/2-1/2" || len(rec.RankChanges) == 0 {
		t.Fatalf("corrections %+v, rank changes %+v", rec.Corrections, rec.RankChanges)
	}
	// Nothing else is wrong with the event but the stalemate scored as a
	// win: P4 and the game's own result_mismatch are its only errors.
	for kind, n := range res.Summary.FindingsByKind {
		if strings.HasPrefix(kind, "trf_") && kind != "trf_result_by_rules" && kind != "trf_rated_games" {
			t.Errorf("unexpected %d %s findings", n, kind)
		}
	}
	if res.Summary.FindingsBySeverity["warning"] != 0 {
		t.Errorf("warnings: %v", res.Summary.FindingsByKind)
	}
	if got := rows(readTable(t, out, "pairings")); got != 15 {
		t.Errorf("pairings %d", got)
	}
	if !strings.Contains(human, "round 4, 2-3: 1-0 -> 1/2-1/2 (P4)") {
		t.Errorf("human summary:\n%s", human)
	}
}

// Without a TRF and with -standings none: no players or pairings table,
// no event, and the Stage keeps nothing per game.
func TestRunWithoutTRF(t *testing.T) {
	out, res, _ := runEventConfig(t, Config{Inputs: []string{eventPGNPath}, Standings: StandingsNone})
	for _, table := range []string{"players", "pairings"} {
		if _, err := os.Stat(filepath.Join(out, table)); !os.IsNotExist(err) {
			t.Errorf("%s table written without a TRF (%v)", table, err)
		}
		if _, ok := res.Summary.Tables[table]; ok {
			t.Errorf("summary lists %s", table)
		}
	}
	if len(res.Events) != 0 || len(res.Summary.Events) != 0 || res.Summary.Games != 15 {
		t.Errorf("events %d/%d, games %d", len(res.Events), len(res.Summary.Events), res.Summary.Games)
	}
	if ss := res.Summary.Standings; ss == nil || ss.Mode != StandingsNone || ss.GamesKept != 0 {
		t.Errorf("summary standings %+v", ss)
	}
	for _, c := range cells(t, readTable(t, out, "findings"), "check_id") {
		if c != "NULL" {
			t.Fatalf("check_id %s without a TRF", c)
		}
	}

	r, err := ingest.Open(ingest.Input{Name: eventPGNPath}, ingest.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	b, _ := r.Next()
	if b == nil || len(b.Games) != 15 {
		t.Fatal("no block of 15 games")
	}
	for _, keep := range []bool{false, true} {
		st := NewStage(StageOptions{Tables: [numTables]bool{TableGames: true}, GameInfos: keep}, nil)
		o, err := st.Process(b, 100<<40)
		st.Close()
		if err != nil {
			t.Fatal(err)
		}
		o.Release()
		if !keep {
			if o.GameInfos != nil {
				t.Errorf("GameInfos kept without being asked for")
			}
			continue
		}
		if len(o.GameInfos) != 15 {
			t.Fatalf("%d GameInfos", len(o.GameInfos))
		}
		g := o.GameInfos[10] // round 4, board 2: Okafor-Varga, the stalemate
		if g.ID != 100<<40|b.Games[10].Offset || g.Round != "4.2" || g.White != "Okafor, Daniel" || g.Result != "1-0" || g.ResultByRules != "1/2-1/2" ||
			g.Plies != 19 || !g.Audited || g.MoveErrors != 0 || g.MovetextHash == 0 || g.TimeControl != "5400+30" || g.File != eventPGNPath {
			t.Errorf("game info %+v", g)
		}
		hashes := map[uint64]bool{}
		for _, g := range o.GameInfos {
			hashes[g.MovetextHash] = true
		}
		if len(hashes) != 15 {
			t.Errorf("%d distinct movetext hashes for 15 games", len(hashes))
		}
	}
}

// Several TRFs: each takes the games of the PGN input with its name.
func TestGamesForStems(t *testing.T) {
	ev := &events{list: []*Event{{Input: ingest.Input{Name: "x/open.trf"}}, {Input: ingest.Input{Name: "rapid.TRF.gz"}}}}
	ev.games = []tournament.GameInfo{{ID: 0, File: "a/open.pgn.zst"}, {ID: 1, File: "rapid.pgn"}, {ID: 2, File: "other.pgn"}}
	ids := func(gs []tournament.GameInfo) (out []int64) {
		for _, g := range gs {
			out = append(out, g.ID)
		}
		return out
	}
	if got := ids(ev.gamesFor(0)); !slices.Equal(got, []int64{0, 2}) {
		t.Errorf("open gets %v", got)
	}
	if got := ids(ev.gamesFor(1)); !slices.Equal(got, []int64{1, 2}) {
		t.Errorf("rapid gets %v", got)
	}
	ev.list = ev.list[:1]
	if got := ids(ev.gamesFor(0)); len(got) != 3 {
		t.Errorf("a single TRF gets %v", got)
	}
}

// A TRF under a games file's name is recognised when the run is planned,
// so every game is cross-checked whatever the order. One that only the
// reader recognises (through a pipe or standard input) is read from that
// one open; it is cross-checked with the games read after it, and its
// event says which were not.
func TestRunLateTRF(t *testing.T) {
	trf, err := os.ReadFile(eventTRF)
	if err != nil {
		t.Fatal(err)
	}
	named := filepath.Join(t.TempDir(), "report.pgn")
	if err := os.WriteFile(named, trf, 0o644); err != nil {
		t.Fatal(err)
	}
	pipe := func() string {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { r.Close() })
		go func() { w.Write(trf); w.Close() }()
		return fmt.Sprintf("/dev/fd/%d", r.Fd())
	}
	for _, c := range []struct {
		inputs func() []string
		late   bool // the reads overlap: some games may come before the TRF
	}{
		{func() []string { return []string{named, eventPGNPath} }, false},
		{func() []string { return []string{eventPGNPath, named} }, false},
		{func() []string { return []string{eventPGNPath, pipe()} }, true},
	} {
		inputs := c.inputs()
		_, res, _ := runEvent(t, inputs...)
		if len(res.Events) != 1 || res.Events[0].Tournament == nil || res.Summary.FailedInputs != 0 {
			t.Fatalf("%v: events %+v", inputs, res.Events)
		}
		ev := res.Events[0]
		notes := strings.Join(ev.Notes, "\n")
		before := 0
		if i := strings.Index(notes, " games read before it were not cross-checked"); i >= 0 {
			fmt.Sscan(notes[strings.LastIndex(notes[:i], "the ")+4:i], &before)
		}
		if ev.Games+before != 15 || (!c.late && before != 0) {
			t.Errorf("%v: %d games cross-checked, notes %q", inputs, ev.Games, notes)
		}
		if len(res.Summary.Inputs) != 2 || res.Summary.Games != 15 {
			t.Errorf("%v: inputs %+v, %d games", inputs, res.Summary.Inputs, res.Summary.Games)
		}
	}
}
