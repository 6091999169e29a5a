package tournament

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/arbiter-chess/arbiter/chess"
)

// Standings from the games alone: a club that uploads only its PGN file
// still gets its standings. FromGames reads an event's players and rounds
// from the tags of its games and builds the Tournament a TRF would have
// given, with what PGN cannot say stated rather than guessed: a round in
// which a player has no game is an unplayed round of zero points (a TRF's
// blank round, which C.07 counts as a zero-point bye), games whose rounds
// cannot be told apart give no standings, and the games left out are named
// in findings.
//
// GroupEvents puts games into events by their Event, Site and EventDate
// tags; players are told apart by FIDE ID tag, then by name and
// Reconcile's fuzzy name match, and numbered by rating, then name, as
// pairing programs do; the event is a round robin when its rounds are k
// times those of a single round robin and no two players met more than k
// times.

// The kinds of the findings of an event read from its games (Finding.Check
// holds them; these findings concern the games, not a TRF).
const (
	// KindRoundMissing: games without a usable Round tag ("?", absent,
	// text): they cannot be placed in a round and are left out.
	KindRoundMissing = "standings_round_missing"
	// KindRoundConflict: a player with games against different opponents
	// in the same round: the rounds cannot be told apart and the event
	// has no standings.
	KindRoundConflict = "standings_round_conflict"
	// KindGameLeftOut: a game left out of the standings: no result, a
	// player without a name, a player against themself, or a second game
	// of the same pairing in the same round.
	KindGameLeftOut = "standings_game_left_out"
)

// Defaults of GamesOptions: events with fewer players or rounds get no
// standings unless the options lower the bar.
const (
	DefaultMinPlayers = 3
	DefaultMinRounds  = 2
)

// GamesOptions tune FromGames.
type GamesOptions struct {
	// MinPlayers and MinRounds: an event with fewer players, or fewer
	// rounds with a game, gets no standings (0: DefaultMinPlayers,
	// DefaultMinRounds).
	MinPlayers, MinRounds int
	// CrossCheck holds the standings options (tie-break order, edition).
	CrossCheck CrossCheckOptions
}

// GamesPlayer is a player of an event read from its games.
type GamesPlayer struct {
	StartRank int
	Name      string   // as written (the fullest spelling when several were read as one player)
	Spellings []string // the other spellings read as this player
	FideID    int64    // from the WhiteFideId/BlackFideId tags, 0 = none
	Rating    int      // the first Elo tag, in round order; 0 = none
	File      string   // the player's first game
	Line      int
	// Method is how the player's games were put together: "fide_id" (by
	// the FIDE ID tags), "name" (the same name, up to case, accents,
	// punctuation and word order) or "name_fuzzy" (initials, missing
	// given names: Reconcile's fuzzy match, used only when the two never
	// meet in one round).
	Method string
}

// GamesEvent is an event read from its PGN games alone.
type GamesEvent struct {
	Key   EventKey
	Games []GameInfo // every game given, in input order (Reconciliation's indices)
	// Tournament is the event as a TRF would give it, Reconciliation its
	// pairings, standings and the results the Laws give; both nil when
	// the event has no standings (Skipped says why).
	Tournament     *Tournament
	Reconciliation *Reconciliation
	Players        []GamesPlayer // by start rank
	Rounds         int           // rounds with at least one game
	Used           int           // games in the standings
	Unplayed       int           // unplayed rounds (a player without a game in a round)
	// Findings are the games left out, the rounds that cannot be told
	// apart and the games without a usable Round tag (Check is a Kind*).
	Findings []Finding
	Skipped  string   // why there are no standings, "" when there are
	Notes    []string // what was assumed
}

// side is one player of one game.
type side struct {
	name  string
	id    int64
	elo   int
	ident int // identity index, -1 when unknown
}

// FromGames reads one event from its games: players by FIDE ID tag, then
// by name (the TRF cross-check's name match, and its fuzzy match for two
// spellings that never meet in one round), rounds and boards from the
// Round tags, results from the Result tags (a game of fewer than two
// plies is a game of less than one move: W/D/L, not rated). It then
// computes the standings, pairings and results by the Laws as Reconcile
// does for a TRF. It fails only on an unreadable tie-break order.
func FromGames(key EventKey, games []GameInfo, opt GamesOptions) (*GamesEvent, error) {
	opt.MinPlayers = cmp.Or(opt.MinPlayers, DefaultMinPlayers)
	opt.MinRounds = cmp.Or(opt.MinRounds, DefaultMinRounds)
	ev := &GamesEvent{Key: key, Games: games}
	b := &builder{ev: ev, games: games}
	b.read()
	b.identify()
	b.leaveOut()
	b.count()
	switch {
	case ev.Used == 0 && len(b.usable) == 0:
		ev.Skipped = "no game with a usable Round tag"
		return ev, nil
	case len(b.alive) < opt.MinPlayers || ev.Rounds < opt.MinRounds:
		ev.Skipped = fmt.Sprintf("%d players and %d rounds with games: standings need at least %d players and %d rounds",
			len(b.alive), ev.Rounds, opt.MinPlayers, opt.MinRounds)
		// An event too small to rank: its left-out games are no news.
		ev.Findings = slices.DeleteFunc(ev.Findings, func(f Finding) bool { return f.Check == KindGameLeftOut })
		return ev, nil
	}
	if b.conflicts() {
		ev.Skipped = "the rounds cannot be told apart: a player has games against different opponents in the same round"
		sortGamesFindings(ev.Findings)
		return ev, nil
	}
	b.tournament()
	if err := b.reconcile(opt.CrossCheck); err != nil {
		return nil, err
	}
	sortGamesFindings(ev.Findings)
	return ev, nil
}

type builder struct {
	ev     *GamesEvent
	games  []GameInfo
	sides  [][2]side
	round  []int // per game, 0 when unusable
	board  []int
	code   [][2]byte // per game: the TRF codes of White and Black, 0 when left out
	usable []int     // games with a round, in order
	ids    []identity
	alive  []int // identities not merged, in order of first appearance
	used   []bool
	// how the players were identified: counts for the notes
	byID, byName int
	maxRound     int
	startRank    []int // identity -> start rank
}

func (b *builder) leftOut(g int, format string, args ...any) {
	gi := &b.games[g]
	b.ev.Findings = append(b.ev.Findings, Finding{Check: KindGameLeftOut, Severity: SeverityInfo, Round: b.round[g], Board: b.board[g],
		HasGame: true, GameID: gi.ID, GameFile: gi.File, GameLine: gi.Line, GameIndex: gi.Index, GameOffset: gi.Offset,
		Message: fmt.Sprintf(format, args...)})
	b.code[g] = [2]byte{}
}

// read takes the rounds, results and players of each game.
func (b *builder) read() {
	n := len(b.games)
	b.sides = make([][2]side, n)
	b.round, b.board = make([]int, n), make([]int, n)
	b.code = make([][2]byte, n)
	var missing []int
	for g := range b.games {
		gi := &b.games[g]
		b.round[g], b.board[g] = ParseRound(gi.Round)
		for k, s := range []struct{ name, id, elo string }{{gi.White, gi.WhiteFideID, gi.WhiteElo}, {gi.Black, gi.BlackFideID, gi.BlackElo}} {
			sd := side{name: strings.TrimSpace(s.name), ident: -1}
			if v, err := strconv.ParseInt(strings.TrimSpace(s.id), 10, 64); err == nil && v > 0 {
				sd.id = v
			}
			if v, err := strconv.Atoi(strings.TrimSpace(s.elo)); err == nil && v > 0 && v < 4000 {
				sd.elo = v
			}
			if sd.name == "?" {
				sd.name = ""
			}
			b.sides[g][k] = sd
		}
		if b.round[g] == 0 {
			missing = append(missing, g)
			continue
		}
		b.usable = append(b.usable, g)
		b.code[g] = resultCodes(normalResult(gi.Result), gi.Plies)
	}
	if len(missing) > 0 {
		ex := make([]GameInfo, 0, 3)
		for _, g := range missing[:min(3, len(missing))] {
			ex = append(ex, b.games[g])
		}
		b.ev.Findings = append(b.ev.Findings, RoundMissingFinding(b.ev.Key, len(missing), len(b.usable), ex))
	}
}

// RoundMissingFinding is the finding for n games of an event without a
// usable Round tag (examples: the first few), when withRound other games
// of the event have one.
func RoundMissingFinding(key EventKey, n, withRound int, examples []GameInfo) Finding {
	var ids []string
	for _, e := range examples {
		ids = append(ids, fmt.Sprintf("game %d (%s:%d, Round %q)", e.ID, e.File, e.Line, e.Round))
	}
	more := ""
	if n > len(examples) {
		more = fmt.Sprintf(" and %d more", n-len(examples))
	}
	what := "the event has no standings: no game can be placed in a round"
	if withRound > 0 {
		what = fmt.Sprintf("they are left out of the standings of its %d games with a round", withRound)
	}
	f := Finding{Check: KindRoundMissing, Severity: SeverityInfo,
		Message: fmt.Sprintf("event %s: %d game(s) without a usable Round tag: %s%s; %s", key, n, strings.Join(ids, ", "), more, what)}
	if len(examples) > 0 {
		e := &examples[0]
		f.HasGame, f.GameID, f.GameFile, f.GameLine, f.GameIndex, f.GameOffset = true, e.ID, e.File, e.Line, e.Index, e.Offset
	}
	return f
}

// normalResult gives "1-0", "0-1", "1/2-1/2", a forfeit ("+-", "-+",
// "--"), or "" for any other Result tag ("*", absent, unreadable).
func normalResult(s string) string {
	r, sp := chess.ParseResult(s)
	switch {
	case sp == chess.DoubleForfeitSpelling:
		return "--"
	case sp == chess.ForfeitSpelling && r == chess.WhiteWins:
		return "+-"
	case sp == chess.ForfeitSpelling:
		return "-+"
	case r == chess.Unfinished:
		return ""
	}
	return r.String()
}

// resultCodes are the TRF codes of a result: a game of fewer than two
// plies is a game of less than one move (W/D/L); a Result tag that says
// forfeit is one (+/-).
func resultCodes(res string, plies int) [2]byte {
	short := plies < 2
	switch {
	case res == "+-", res == "-+", res == "--":
		return [2]byte{res[0], res[1]}
	case res == "1-0" && short:
		return [2]byte{'W', 'L'}
	case res == "1-0":
		return [2]byte{'1', '0'}
	case res == "0-1" && short:
		return [2]byte{'L', 'W'}
	case res == "0-1":
		return [2]byte{'0', '1'}
	case res == "1/2-1/2" && short:
		return [2]byte{'D', 'D'}
	case res == "1/2-1/2":
		return [2]byte{'=', '='}
	}
	return [2]byte{}
}

// leaveOut drops the games that cannot enter the standings.
func (b *builder) leaveOut() {
	b.used = make([]bool, len(b.games))
	type pairRound struct{ round, a, b int }
	first := map[pairRound]int{}
	for _, g := range b.usable {
		gi := &b.games[g]
		w, bl := b.sides[g][0].ident, b.sides[g][1].ident
		switch {
		case w < 0 || bl < 0:
			who := gi.White
			if w >= 0 {
				who = gi.Black
			}
			if strings.TrimSpace(who) == "" || strings.TrimSpace(who) == "?" {
				b.leftOut(g, "round %d: a player without a name: left out of the standings", b.round[g])
			} else {
				b.leftOut(g, "round %d: %q cannot be told apart from players of the same name with different FIDE IDs: left out of the standings", b.round[g], who)
			}
			continue
		case w == bl:
			b.leftOut(g, "round %d: %q plays against themself: left out of the standings", b.round[g], gi.White)
			continue
		case b.code[g] == [2]byte{}:
			b.leftOut(g, "round %d, %s - %s: no result (Result %q): left out of the standings, both players have an unplayed round", b.round[g], gi.White, gi.Black, gi.Result)
			continue
		}
		k := pairRound{b.round[g], min(w, bl), max(w, bl)}
		if f, dup := first[k]; dup {
			fg := &b.games[f]
			b.leftOut(g, "round %d: a second game of %s - %s (the first is game %d at %s:%d): left out of the standings", b.round[g], gi.White, gi.Black, fg.ID, fg.File, fg.Line)
			continue
		}
		first[k] = g
		b.used[g] = true
	}
}

// count sets the rounds with a game and the games used.
func (b *builder) count() {
	rounds := map[int]bool{}
	for g, u := range b.used {
		if u {
			b.ev.Used++
			rounds[b.round[g]] = true
			b.maxRound = max(b.maxRound, b.round[g])
		}
	}
	b.ev.Rounds = len(rounds)
}

// conflicts reports the players with games against different opponents
// in one round: one finding for the event, naming the first.
func (b *builder) conflicts() bool {
	var first []int // games of the first conflict
	firstPlayer, firstRound, n := -1, 0, 0
	for _, i := range b.alive {
		per := map[int][]int{}
		for _, g := range b.ids[i].games {
			if b.used[g] {
				per[b.round[g]] = append(per[b.round[g]], g)
			}
		}
		for r, gs := range per {
			if len(gs) < 2 {
				continue
			}
			n++
			if first == nil || gs[1] < first[1] {
				first, firstPlayer, firstRound = gs, i, r
			}
		}
	}
	if n == 0 {
		return false
	}
	var list []string
	for _, g := range first {
		gi := &b.games[g]
		list = append(list, fmt.Sprintf("game %d (%s:%d, %s - %s, Round %q)", gi.ID, gi.File, gi.Line, gi.White, gi.Black, gi.Round))
	}
	more := ""
	if n > 1 {
		more = fmt.Sprintf(" (and %d more player-rounds like it)", n-1)
	}
	gi := &b.games[first[1]]
	b.ev.Findings = append(b.ev.Findings, Finding{Check: KindRoundConflict, Severity: SeverityInfo, Round: firstRound,
		HasGame: true, GameID: gi.ID, GameFile: gi.File, GameLine: gi.Line, GameIndex: gi.Index, GameOffset: gi.Offset,
		Message: fmt.Sprintf("event %s: %s has %d games against different opponents in round %d: %s%s; the rounds cannot be told apart, so the event has no standings",
			b.ev.Key, b.display(firstPlayer), len(first), firstRound, strings.Join(list, ", "), more)})
	return true
}

// display is the name a player is shown with: the fullest spelling.
func (b *builder) display(i int) string {
	id := &b.ids[i]
	if id.display != "" {
		return id.display
	}
	best, words := "", 0
	for _, n := range id.names {
		if w := len(nameTokens(n)); w > words || w == words && len(n) > len(best) {
			best, words = n, w
		}
	}
	if best == "" && id.fideID > 0 {
		best = "FIDE " + strconv.FormatInt(id.fideID, 10)
	}
	id.display = best
	return best
}

// tournament builds the Tournament a TRF would have given.
func (b *builder) tournament() {
	ev := b.ev
	// Start ranks: rating, then name, as pairing programs number players.
	order := slices.Clone(b.alive)
	slices.SortStableFunc(order, func(x, y int) int {
		return cmp.Or(b.ids[y].rating-b.ids[x].rating, strings.Compare(strings.ToLower(b.display(x)), strings.ToLower(b.display(y))))
	})
	b.startRank = make([]int, len(b.ids))
	R := b.maxRound
	t := &Tournament{
		File: b.games[b.usable[0]].File, Name: ev.Key.Name(), City: ev.Key.Site,
		DeclaredPlayers: -1, DeclaredRated: -1, DeclaredTeams: -1, Scoring: DefaultScoring(),
		headerLine: map[string]int{}, Rounds: R,
	}
	ev.Players = make([]GamesPlayer, len(order))
	for n, i := range order {
		b.startRank[i] = n + 1
		id := &b.ids[i]
		fg := &b.games[id.first]
		name := b.display(i)
		p := Player{StartRank: n + 1, Name: name, Rating: id.rating, FideID: id.fideID, Line: fg.Line, Results: make([]Result, R)}
		if id.fideID > 0 {
			p.FideIDText = strconv.FormatInt(id.fideID, 10)
		}
		for r := range p.Results {
			p.Results[r] = Result{Code: ' '}
		}
		t.Players = append(t.Players, p)
		var others []string
		for _, s := range id.names {
			if s != name {
				others = append(others, s)
			}
		}
		ev.Players[n] = GamesPlayer{StartRank: n + 1, Name: name, Spellings: others, FideID: id.fideID, Rating: id.rating,
			File: fg.File, Line: fg.Line, Method: id.method}
		switch id.method {
		case "fide_id":
			b.byID++
		case "name":
			b.byName++
		}
	}
	var first, last Date
	for g, u := range b.used {
		if !u {
			continue
		}
		w, bl := b.startRank[b.sides[g][0].ident], b.startRank[b.sides[g][1].ident]
		r := b.round[g]
		c := b.code[g]
		t.Players[w-1].Results[r-1] = Result{Opponent: bl, Colour: White, Code: c[0]}
		t.Players[bl-1].Results[r-1] = Result{Opponent: w, Colour: Black, Code: c[1]}
		if d, ok := ParseDate(strings.ReplaceAll(b.games[g].Date, "?", ""), false); ok {
			if first.IsZero() || d.Compare(first) < 0 {
				first = d
			}
			if last.IsZero() || d.Compare(last) > 0 {
				last = d
			}
		}
	}
	t.startDateFrom = "the first game's Date tag"
	t.StartDate, t.EndDate = first, last
	if d, ok := ParseDate(ev.Key.EventDate, false); ok {
		t.StartDate, t.startDateFrom = d, "EventDate tag"
	}
	if t.StartDate.IsZero() {
		t.startDateFrom = "EventDate and Date tags"
	}
	t.byRank = make([]int32, len(t.Players)+1)
	for i := range t.Players {
		t.byRank[i+1] = int32(i + 1)
	}
	for i := range t.Players {
		for _, res := range t.Players[i].Results {
			if res.Opponent == 0 {
				ev.Unplayed++
			}
		}
	}
	rrTimes, rr := b.roundRobin(len(order), R)
	if rr {
		t.Type = "round robin"
	}
	ev.Tournament = t
	// Notes: what was read and assumed.
	ev.Notes = append(ev.Notes, fmt.Sprintf("read from %d games alone (no TRF): %d players (%d by FIDE ID, %d by name, %d with several spellings read as one by the fuzzy name match), %d rounds",
		ev.Used, len(order), b.byID, b.byName, countMethod(ev.Players, "name_fuzzy"), R))
	var empty []string
	for r := 1; r <= R; r++ {
		has := false
		for g, u := range b.used {
			if u && b.round[g] == r {
				has = true
				break
			}
		}
		if !has {
			empty = append(empty, strconv.Itoa(r))
		}
	}
	if rr {
		ev.Notes = append(ev.Notes, fmt.Sprintf("round robin: %d players in %d rounds, no two met more than %d time(s) (the PGN names no system; a Swiss never pairs two players twice)", len(order), R, rrTimes))
	}
	if len(empty) > 0 {
		ev.Notes = append(ev.Notes, fmt.Sprintf("round(s) %s have no game in the PGN: every player has an unplayed round there", strings.Join(empty, ", ")))
	}
	if ev.Unplayed > 0 {
		ev.Notes = append(ev.Notes, fmt.Sprintf("%d unplayed round(s), marked - in the crosstable: no game in the PGN (a bye, a forfeit or an absence: the PGN cannot say which), scored 0 and counted as C.07 art. 16 counts a zero-point unplayed round", ev.Unplayed))
	}
	for _, p := range ev.Players {
		if len(p.Spellings) > 0 {
			q := make([]string, len(p.Spellings))
			for k, s := range p.Spellings {
				q[k] = strconv.Quote(s)
			}
			ev.Notes = append(ev.Notes, fmt.Sprintf("player %d %q also written %s", p.StartRank, p.Name, strings.Join(q, ", ")))
		}
	}
}

// roundRobin reports whether n players in R rounds are a round robin
// played k times: R is k times the rounds of a single round robin (n-1,
// or n when n is odd) and no two players met more than k times. A Swiss
// this long with no repeated pairing is a round robin too.
func (b *builder) roundRobin(n, R int) (int, bool) {
	per := n - 1
	if n%2 == 1 {
		per = n
	}
	if n < 3 || R%per != 0 {
		return 0, false
	}
	k := R / per
	met := map[[2]int]int{}
	for g, u := range b.used {
		if !u {
			continue
		}
		w, bl := b.sides[g][0].ident, b.sides[g][1].ident
		key := [2]int{min(w, bl), max(w, bl)}
		met[key]++
		if met[key] > k {
			return 0, false
		}
	}
	return k, true
}

func countMethod(ps []GamesPlayer, m string) int {
	n := 0
	for _, p := range ps {
		if p.Method == m {
			n++
		}
	}
	return n
}

// reconcile computes the pairings, the standings and the results the Laws
// give, as Reconcile does, with every game matched by construction.
func (b *builder) reconcile(opt CrossCheckOptions) error {
	ev := b.ev
	t := ev.Tournament
	if opt.ShortDecisivePlies == 0 {
		opt.ShortDecisivePlies = 20
	}
	if opt.ShortDrawPlies == 0 {
		opt.ShortDrawPlies = 40
	}
	x := &xcheck{t: t, games: b.games, opt: opt, rec: &Reconciliation{}}
	x.buildPairings()
	x.resolved = make([]resolved, len(b.games))
	for g, u := range b.used {
		if !u {
			x.rec.Unmatched = append(x.rec.Unmatched, g)
			continue
		}
		wi, bi := b.sides[g][0].ident, b.sides[g][1].ident
		w, bl := b.startRank[wi], b.startRank[bi]
		k, ok := x.byKey[pairKey{b.round[g], w, bl}]
		if !ok {
			return fmt.Errorf("tournament: %s: game %d has no pairing", t.File, b.games[g].ID) // cannot happen: the pairing is built from it
		}
		p := &x.pairs[k]
		p.game, p.board = g, b.board[g]
		m := Match{Game: g, Round: p.round, White: w, Black: bl, WhiteMethod: b.method(g, 0), BlackMethod: b.method(g, 1)}
		p.match = len(x.rec.Matches)
		x.rec.Matches = append(x.rec.Matches, m)
		x.resolved[g] = resolved{round: b.round[g], board: b.board[g], white: w, black: bl, wm: m.WhiteMethod, bm: m.BlackMethod, matched: true}
		x.judge(g, p, false)
	}
	x.pairingRows()
	if err := x.standings(); err != nil {
		return err
	}
	// The P checks compare a TRF with its games; here the TRF is the
	// games, so their findings say nothing new (the games' own findings
	// report the results the Laws give).
	x.rec.Findings = nil
	byID := make(map[int64]int, len(b.games))
	for g := range b.games {
		byID[b.games[g].ID] = g
	}
	for i := range x.rec.Pairings {
		if row := &x.rec.Pairings[i]; row.HasGame {
			g := &b.games[byID[row.GameID]]
			row.File, row.Line = g.File, g.Line
		}
	}
	x.rec.Pairings = append(x.rec.Pairings, b.unplayedRows(t)...)
	slices.SortStableFunc(x.rec.Pairings, func(a, c PairingRow) int { return a.Round - c.Round })
	ev.Reconciliation = x.rec
	return nil
}

// method says how side k of game g was identified.
func (b *builder) method(g, k int) string {
	sd := &b.sides[g][k]
	if sd.id > 0 {
		return "fide_id"
	}
	if nameKey(sd.name) != strings.Join(b.ids[sd.ident].tokens, " ") {
		return "name_fuzzy"
	}
	return "name"
}

// unplayedRows are the pairings rows of the rounds without a game.
func (b *builder) unplayedRows(t *Tournament) []PairingRow {
	var out []PairingRow
	boards := make([]int, t.Rounds+1)
	for _, p := range t.Players {
		for r, res := range p.Results {
			if res.Opponent > 0 {
				boards[r+1]++
			}
		}
	}
	for r := 1; r <= t.Rounds; r++ {
		board := boards[r] / 2
		for i := range t.Players {
			p := &t.Players[i]
			if p.Result(r).Opponent != 0 {
				continue
			}
			board++
			gp := &b.ev.Players[i]
			out = append(out, PairingRow{File: gp.File, Line: gp.Line, Round: r, Board: board, White: p.StartRank, WhiteName: p.Name,
				Kind: "unplayed", RatedReason: "no game in the PGN for this round: an unplayed round, 0 points (C.07 art. 16)"})
		}
	}
	return out
}

func sortGamesFindings(fs []Finding) {
	slices.SortStableFunc(fs, func(a, b Finding) int {
		return cmp.Or(cmp.Compare(a.GameID, b.GameID), strings.Compare(a.Check, b.Check))
	})
}

// WriteSummary writes the human summary of an event read from its games:
// the final crosstable (with the results the Laws give, when they change
// any), what changed, the games used and left out and the findings per
// kind; or why the event has no standings.
func (ev *GamesEvent) WriteSummary(w io.Writer) error {
	var b strings.Builder
	rec := ev.Reconciliation
	if rec == nil {
		fmt.Fprintf(&b, "No standings: %s\n", ev.Skipped)
	} else {
		b.WriteString("Crosstable from the games alone, with the recorded results (the players table):\n")
		if err := WriteCrosstable(&b, ev.Tournament, rec.Before); err != nil {
			return err
		}
		if rec.After != nil {
			b.WriteString("\nThe same with the results the Laws give (the players table's *_by_rules columns):\n")
			if err := WriteCrosstable(&b, ev.Tournament, rec.After); err != nil {
				return err
			}
		}
		writeCorrections(&b, rec, false)
		fmt.Fprintf(&b, "\nGames in the standings: %d of %d; unplayed rounds (marked -): %d\n", ev.Used, len(ev.Games), ev.Unplayed)
	}
	counts := map[string]int{}
	var kinds []string
	for _, f := range ev.Findings {
		if counts[f.Check] == 0 {
			kinds = append(kinds, f.Check)
		}
		counts[f.Check]++
	}
	if len(kinds) > 0 {
		slices.Sort(kinds)
		b.WriteString("Findings:")
		for _, k := range kinds {
			fmt.Fprintf(&b, " %s %d", k, counts[k])
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}
