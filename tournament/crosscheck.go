package tournament

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/arbiter-chess/arbiter/chess"
)

// The checks of a TRF against its games (P1-P12; Reconcile, and
// CrossCheck for the findings only): a game for every played pairing and
// a pairing for every game (round from the Round tag or the date of record
// 132, players by FIDE ID then by name), colours, results, forfeits and
// games of less than one move against the moves, short games, duplicates,
// header consistency, board numbers and identities. A result the Laws fix
// and the TRF contradicts is applied to a copy of the event and the
// standings are recomputed, so the officer sees what it changes.

// GameInfo is what the pipeline knows of one PGN game: its location, its
// tags, the number of plies recorded and the verdict of its audit (package
// validate's Verdict: PliesRecorded, ResultByRules, Audited, Errors,
// FirstErrorPly). Empty strings mean the tag is absent.
type GameInfo struct {
	ID     int64  // the game's id in the games table
	File   string // source file
	Line   int    // first line of the game in the file
	Index  int    // 0-based index of the game in the file
	Offset int64  // byte offset of the game in the file

	Event, Site, Date, Round string
	White, Black, Result     string
	WhiteFideID, BlackFideID string // WhiteFideId / BlackFideId tags
	WhiteElo, BlackElo       string
	TimeControl, Termination string
	EventDate                string // groups games into events when there is no TRF (FromGames)

	Plies int // plies recorded in the main line

	// The game's own audit (validate.Verdict and Report.Findings).
	Audited       bool   // Verdict.Audited: the Laws were applied (false for unsupported variants)
	ResultByRules string // Verdict.ResultByRules: "1-0", "0-1", "1/2-1/2" when the Laws fix the result, "" otherwise
	// MoveErrors counts the error findings about the moves: illegal_move,
	// ambiguous_move, unreadable_move, invalid_start_position and
	// moves_after_game_end. Result problems are not counted here: P4
	// derives them from ResultByRules.
	MoveErrors    int
	FirstErrorPly int // Verdict.FirstErrorPly; 0 or -1 when none

	// MovetextHash is a hash of the normalised movetext (0 = unknown), used
	// to find the same game filed under two pairings (P8).
	MovetextHash uint64
}

// CrossCheckOptions tune Reconcile.
type CrossCheckOptions struct {
	// Standings are used to say how the results the Laws give change the
	// standings.
	Standings StandingsOptions
	// RequireGames makes a missing game (P1) an error instead of a warning,
	// for federations whose upload policy requires the PGN.
	RequireGames bool
	// ShortDecisivePlies and ShortDrawPlies bound the short games listed
	// by P6: decisive games with fewer plies (default 20) and draws with
	// fewer plies (default 40), unless the Laws ended the game.
	ShortDecisivePlies int
	ShortDrawPlies     int
}

// Match ties a PGN game to a TRF pairing.
type Match struct {
	Game         int  // index in the games slice
	Round        int  // TRF round
	White, Black int  // TRF start ranks, White being the TRF's white player
	Swapped      bool // the PGN has the colours the other way round (P2)
	// How each PGN player was found: "fide_id", "name" or "name_fuzzy"
	// (PGN White, PGN Black).
	WhiteMethod, BlackMethod string
}

// Correction is a result the Laws give that differs from the TRF's.
type Correction struct {
	Round, White, Black int    // TRF pairing
	From, To            string // TRF result and the result by the Laws, from White's side ("1-0", "1/2-1/2", "0-1")
	Game                int    // index in the games slice
	Check               string // the check that found it (P3 or P4)
}

// RankChange is one player whose points or rank change when the
// corrections are applied.
type RankChange struct {
	StartRank                 int
	Name                      string
	PointsBefore, PointsAfter Points
	RankBefore, RankAfter     int
}

// Reconciliation is the result of cross-checking a TRF with its games.
type Reconciliation struct {
	Findings    []Finding
	Matches     []Match
	Unmatched   []int // indices of games that match no pairing
	Pairings    []PairingRow
	Corrections []Correction
	Before      *Standings // standings of the TRF as reported
	After       *Standings // standings with the corrections applied; nil when there are none
	RankChanges []RankChange
}

// CrossCheck runs the checks P1-P12 of a TRF against the games of the same
// event, with default options, and returns the findings.
func CrossCheck(t *Tournament, games []GameInfo) []Finding {
	rec, err := Reconcile(t, games, CrossCheckOptions{})
	if err != nil {
		// Only an unreadable tie-break order fails; the findings do not
		// depend on it.
		rec, _ = Reconcile(t, games, CrossCheckOptions{Standings: StandingsOptions{Order: []string{"PTS"}}})
	}
	return rec.Findings
}

// pairing is one TRF pairing of a round.
type pairing struct {
	round        int
	white, black int  // start ranks
	wcode, bcode byte // result codes
	line, column int  // the white player's record and round block
	game         int  // matched game index, -1 when none
	match        int  // index in Reconciliation.Matches
	board        int
}

type pairKey struct{ round, a, b int }

// Reconcile cross-checks a TRF with the games of the same event (P1-P12),
// builds the pairings table and, when the Laws give results that differ
// from the TRF's, the standings they lead to. It fails only on an
// unreadable tie-break order in opt.Standings or the file.
func Reconcile(t *Tournament, games []GameInfo, opt CrossCheckOptions) (*Reconciliation, error) {
	if opt.ShortDecisivePlies == 0 {
		opt.ShortDecisivePlies = 20
	}
	if opt.ShortDrawPlies == 0 {
		opt.ShortDrawPlies = 40
	}
	x := &xcheck{t: t, games: games, opt: opt, rec: &Reconciliation{}}
	x.buildPairings()
	x.buildIndexes()
	for i := range games {
		x.matchGame(i)
	}
	x.missing()
	x.headers()
	x.boards()
	x.copies()
	x.pairingRows()
	if err := x.standings(); err != nil {
		return nil, err
	}
	sortFindings(x.rec.Findings)
	return x.rec, nil
}

type xcheck struct {
	t     *Tournament
	games []GameInfo
	opt   CrossCheckOptions
	rec   *Reconciliation

	pairs  []pairing
	byKey  map[pairKey]int // (round, white, black) -> pairs index
	byPair map[pairKey]int // (round, low, high) -> pairs index
	byIDs  map[int64][]int
	byName map[string][]int
	tokens [][]string     // name tokens per Players index
	keys   map[int]string // start rank -> name key

	// identity conflicts: (TRF start rank, PGN FIDE ID) -> first game
	idConflicts map[[2]int64]int
	resolved    []resolved
}

type resolved struct {
	round, board int
	white, black int // start ranks of the PGN's White and Black, 0 = unknown
	wm, bm       string
	matched      bool
}

func (x *xcheck) add(f Finding) { x.rec.Findings = append(x.rec.Findings, f) }

func (x *xcheck) gameFinding(check, sev string, g int, p *pairing, format string, args ...any) {
	gi := &x.games[g]
	f := Finding{Check: check, Severity: sev, HasGame: true, GameID: gi.ID, GameFile: gi.File, GameLine: gi.Line,
		GameIndex: gi.Index, GameOffset: gi.Offset, Message: fmt.Sprintf(format, args...)}
	if p != nil {
		f.Line, f.Column, f.Round, f.Player, f.Opponent, f.Board = p.line, p.column, p.round, p.white, p.black, p.board
	} else if g < len(x.resolved) {
		r := x.resolved[g]
		f.Round, f.Board, f.Player, f.Opponent = r.round, r.board, r.white, r.black
	}
	x.add(f)
}

// buildPairings lists the pairings of every round from the player records.
func (x *xcheck) buildPairings() {
	t := x.t
	x.byKey, x.byPair = map[pairKey]int{}, map[pairKey]int{}
	for r := 1; r <= t.Rounds; r++ {
		for i := range t.Players {
			p := &t.Players[i]
			res := p.Result(r)
			q := t.Player(res.Opponent)
			if res.Opponent == 0 || q == nil || q == p {
				continue
			}
			lo, hi := min(p.StartRank, q.StartRank), max(p.StartRank, q.StartRank)
			if _, done := x.byPair[pairKey{r, lo, hi}]; done {
				continue
			}
			back := q.Result(r)
			recip := back.Opponent == p.StartRank
			var white bool // p has White
			switch {
			case res.Colour != NoColour:
				white = res.Colour == White
			case recip && back.Colour != NoColour:
				white = back.Colour == Black
			default:
				white = p.StartRank < q.StartRank
			}
			pr := pairing{round: r, game: -1, match: -1}
			switch {
			case white:
				pr.white, pr.black, pr.wcode, pr.bcode = p.StartRank, q.StartRank, res.Code, complementCode(res.Code)
				if recip {
					pr.bcode = back.Code
				}
				pr.line, pr.column = p.Line, res.Column
			case recip:
				pr.white, pr.black, pr.wcode, pr.bcode = q.StartRank, p.StartRank, back.Code, res.Code
				pr.line, pr.column = q.Line, back.Column
			default: // q does not list p: take p's record, from q's side
				pr.white, pr.black, pr.wcode, pr.bcode = q.StartRank, p.StartRank, complementCode(res.Code), res.Code
				pr.line, pr.column = p.Line, res.Column
			}
			x.byPair[pairKey{r, lo, hi}] = len(x.pairs)
			x.byKey[pairKey{r, pr.white, pr.black}] = len(x.pairs)
			x.pairs = append(x.pairs, pr)
		}
	}
}

func complementCode(c byte) byte {
	switch c {
	case '1':
		return '0'
	case '0':
		return '1'
	case '+':
		return '-'
	case '-':
		return '+'
	case 'W':
		return 'L'
	case 'L':
		return 'W'
	}
	return c
}

// parseRound reads "3", "3.12" or "3.1.2" into round and board.
func parseRound(s string) (round, board int) {
	parts := strings.Split(strings.TrimSpace(s), ".")
	r, err := strconv.Atoi(parts[0])
	if err != nil || r <= 0 {
		return 0, 0
	}
	if len(parts) > 1 {
		if b, err := strconv.Atoi(parts[1]); err == nil && b > 0 {
			board = b
		}
	}
	return r, board
}

// codeResult gives the result from White's side for a TRF code of
// White (NoResult for a code that is no game's result).
func codeResult(code byte) chess.Result {
	switch code {
	case '1', '+', 'W':
		return chess.WhiteWins
	case '0', '-', 'L':
		return chess.BlackWins
	case '=', 'D':
		return chess.Draw
	}
	return chess.NoResult
}

func flipResult(r string) string {
	switch r {
	case "1-0":
		return "0-1"
	case "0-1":
		return "1-0"
	}
	return r
}

func (x *xcheck) matchGame(g int) {
	t := x.t
	gi := &x.games[g]
	res := &x.resolved[g]
	res.round, res.board = parseRound(gi.Round)
	if res.round == 0 && len(t.RoundDates) > 0 {
		if d, ok := ParseDate(gi.Date, false); ok {
			n := 0
			for i, rd := range t.RoundDates {
				if !rd.IsZero() && rd.Compare(d) == 0 {
					res.round, n = i+1, n+1
				}
			}
			if n > 1 {
				res.round = 0
			}
		}
	}
	var altW, altB int
	res.white, res.wm, altW = x.resolvePlayer(g, gi.White, gi.WhiteFideID)
	res.black, res.bm, altB = x.resolvePlayer(g, gi.Black, gi.BlackFideID)
	// An ID that contradicts the name (P11, reported): keep whichever
	// reading gives a pairing.
	if altW != 0 || altB != 0 {
		paired := func(w, b int) bool {
			if w == 0 || b == 0 || w == b {
				return false
			}
			for r := 1; r <= t.Rounds; r++ {
				if _, ok := x.byPair[pairKey{r, min(w, b), max(w, b)}]; ok && (res.round == 0 || res.round == r) {
					return true
				}
			}
			return false
		}
		if !paired(res.white, res.black) {
			for _, c := range [][2]int{{altW, res.black}, {res.white, altB}, {altW, altB}} {
				if paired(c[0], c[1]) {
					if c[0] != res.white {
						res.white, res.wm = c[0], "name"
					}
					if c[1] != res.black {
						res.black, res.bm = c[1], "name"
					}
					break
				}
			}
		}
	}
	switch {
	case res.white == 0 && res.black == 0:
		x.gameFinding("P7", SeverityError, g, nil, "neither %q nor %q is a player of the TRF", gi.White, gi.Black)
		x.rec.Unmatched = append(x.rec.Unmatched, g)
		return
	case res.white == 0 || res.black == 0:
		who := gi.White
		if res.white != 0 {
			who = gi.Black
		}
		x.gameFinding("P7", SeverityError, g, nil, "%q is not a player of the TRF", who)
		x.rec.Unmatched = append(x.rec.Unmatched, g)
		return
	}
	if res.round == 0 {
		// No usable Round tag or date: a pair that met once matches.
		var found []int
		for r := 1; r <= t.Rounds; r++ {
			if k, ok := x.byPair[pairKey{r, min(res.white, res.black), max(res.white, res.black)}]; ok {
				found = append(found, k)
			}
		}
		if len(found) != 1 {
			x.gameFinding("P7", SeverityError, g, nil, "round %q unknown and players %d and %d met %d times", gi.Round, res.white, res.black, len(found))
			x.rec.Unmatched = append(x.rec.Unmatched, g)
			return
		}
		res.round = x.pairs[found[0]].round
		x.gameFinding("P9", SeverityWarning, g, &x.pairs[found[0]], "no usable Round tag (%q): matched to round %d by its players", gi.Round, res.round)
	}
	k, ok := x.byKey[pairKey{res.round, res.white, res.black}]
	swapped := false
	if !ok {
		if k, ok = x.byKey[pairKey{res.round, res.black, res.white}]; ok {
			swapped = true
		}
	}
	if !ok {
		hint := ""
		for r := 1; r <= t.Rounds; r++ {
			if kk, met := x.byPair[pairKey{r, min(res.white, res.black), max(res.white, res.black)}]; met {
				hint = fmt.Sprintf(" (they were paired in round %d)", x.pairs[kk].round)
				break
			}
		}
		x.gameFinding("P7", SeverityError, g, nil, "no pairing of players %d and %d in round %d%s", res.white, res.black, res.round, hint)
		x.rec.Unmatched = append(x.rec.Unmatched, g)
		return
	}
	p := &x.pairs[k]
	if p.game >= 0 {
		first := &x.games[p.game]
		x.gameFinding("P8", SeverityError, g, p, "a second game for round %d, %d-%d (the first is game %d at %s:%d)", p.round, p.white, p.black, first.ID, first.File, first.Line)
		x.rec.Unmatched = append(x.rec.Unmatched, g)
		return
	}
	res.matched = true
	p.game, p.board = g, res.board
	m := Match{Game: g, Round: p.round, White: p.white, Black: p.black, Swapped: swapped, WhiteMethod: res.wm, BlackMethod: res.bm}
	p.match = len(x.rec.Matches)
	x.rec.Matches = append(x.rec.Matches, m)
	x.judge(g, p, swapped)
}

// judge runs the per-game checks of a matched game.
func (x *xcheck) judge(g int, p *pairing, swapped bool) {
	gi := &x.games[g]
	if swapped {
		x.gameFinding("P2", SeverityError, g, p, "colours swapped: the TRF has %d with White, the PGN has %q with White", p.white, gi.White)
	}
	// Everything below is from the TRF White's side.
	pgn := gi.Result
	byRules := gi.ResultByRules
	if swapped {
		pgn, byRules = flipResult(pgn), flipResult(byRules)
	}
	trf := codeResult(p.wcode).String()
	moved := gi.Plies >= 2 // both players made a move
	switch p.wcode {
	case '+', '-':
		if moved {
			x.gameFinding("P5", SeverityError, g, p, "the TRF has a forfeit (%c/%c) but the PGN has a game of %d plies: a game in which both players moved is rated (B.02 §5.1)", p.wcode, p.bcode, gi.Plies)
		}
	case 'W', 'D', 'L':
		if moved {
			x.gameFinding("P12", SeverityWarning, g, p, "the TRF has a game of less than one move (%c/%c) but the PGN has %d plies", p.wcode, p.bcode, gi.Plies)
		}
	case '1', '=', '0':
		if !moved {
			x.gameFinding("P5", SeverityError, g, p, "the PGN game has %d plies: with fewer than one move each it is not rated and the TRF should use W/D/L or +/- (B.02 §5.1)", gi.Plies)
		}
	}
	switch {
	case pgn == "" || pgn == "*":
		x.gameFinding("P3", SeverityError, g, p, "the PGN has no result (%q); the TRF has %s", gi.Result, trf)
	case trf != "" && pgn != trf:
		msg := fmt.Sprintf("the PGN result %s (from %d's side) differs from the TRF's %s", pgn, p.white, trf)
		if byRules != "" {
			msg += fmt.Sprintf("; the Laws give %s", byRules)
		}
		x.gameFinding("P3", SeverityError, g, p, "%s", msg)
	}
	if gi.Audited {
		if gi.MoveErrors > 0 {
			at := ""
			if gi.FirstErrorPly > 0 {
				at = fmt.Sprintf(", the first at ply %d", gi.FirstErrorPly)
			}
			x.gameFinding("P4", SeverityError, g, p, "the game's audit found %d error(s) in the moves%s: the game must be examined", gi.MoveErrors, at)
		}
		if byRules != "" && pgn != "" && pgn != "*" && byRules != pgn {
			x.gameFinding("P4", SeverityError, g, p, "the Laws give %s, the PGN says %s", byRules, pgn)
		}
	}
	// A result the Laws fix and the TRF contradicts changes the standings.
	if gi.Audited && byRules != "" && trf != "" && byRules != trf && (p.wcode == '1' || p.wcode == '=' || p.wcode == '0') {
		check := "P4"
		if byRules == pgn {
			check = "P3" // the PGN agrees with the Laws: the TRF is wrong
		}
		x.rec.Corrections = append(x.rec.Corrections, Correction{Round: p.round, White: p.white, Black: p.black, From: trf, To: byRules, Game: g, Check: check})
	}
	if moved && gi.ResultByRules == "" && (p.wcode == '1' || p.wcode == '=' || p.wcode == '0') {
		switch pgn {
		case "1-0", "0-1":
			if gi.Plies < x.opt.ShortDecisivePlies {
				x.gameFinding("P6", SeverityInfo, g, p, "decisive game of %d plies (rated): possible no-show or pre-arranged result", gi.Plies)
			}
		case "1/2-1/2":
			if gi.Plies < x.opt.ShortDrawPlies {
				x.gameFinding("P6", SeverityInfo, g, p, "draw agreed after %d plies (rated)", gi.Plies)
			}
		}
	}
}

// missing reports played pairings without a game (P1).
func (x *xcheck) missing() {
	sev := SeverityWarning
	if x.opt.RequireGames {
		sev = SeverityError
	}
	for i := range x.pairs {
		p := &x.pairs[i]
		if p.game >= 0 || !(p.wcode == '1' || p.wcode == '=' || p.wcode == '0') {
			continue
		}
		x.add(Finding{Check: "P1", Severity: sev, Line: p.line, Column: p.column, Round: p.round, Player: p.white, Opponent: p.black,
			Message: fmt.Sprintf("round %d: no game for %d-%d (%s)", p.round, p.white, p.black, codeResult(p.wcode).String())})
	}
}

// headers checks the PGN tags against the TRF header and each other (P9).
func (x *xcheck) headers() {
	t := x.t
	for _, tag := range []struct {
		name string
		get  func(*GameInfo) string
	}{{"Event", func(g *GameInfo) string { return g.Event }}, {"Site", func(g *GameInfo) string { return g.Site }}} {
		count := map[string]int{}
		first := map[string]int{}
		for i := range x.games {
			v := strings.TrimSpace(tag.get(&x.games[i]))
			if v == "" || v == "?" {
				continue
			}
			if _, ok := count[v]; !ok {
				first[v] = i
			}
			count[v]++
		}
		if len(count) > 1 {
			vals := make([]string, 0, len(count))
			for v := range count {
				vals = append(vals, v)
			}
			sort.Slice(vals, func(a, b int) bool {
				return count[vals[a]] > count[vals[b]] || count[vals[a]] == count[vals[b]] && vals[a] < vals[b]
			})
			parts := make([]string, len(vals))
			for i, v := range vals {
				parts[i] = fmt.Sprintf("%q (%d)", v, count[v])
			}
			x.gameFinding("P9", SeverityWarning, first[vals[1]], nil, "%d different %s tags: %s", len(vals), tag.name, strings.Join(parts, ", "))
		}
	}
	// Time control.
	trfTC, ok := ParseTimeControl(t.EncodedTimeControl, false)
	if !ok {
		trfTC, ok = ParseTimeControl(t.TimeControl, true)
	}
	tcReported := false
	tcCache := map[string]int{} // PGN TimeControl -> seconds for 60 moves, -1 unreadable
	eloReported := map[int]bool{}
	for i := range x.pairs {
		p := &x.pairs[i]
		if p.game < 0 {
			continue
		}
		g := &x.games[p.game]
		res := x.resolved[p.game]
		// Date.
		if d, ok := ParseDate(strings.ReplaceAll(g.Date, "?", ""), false); ok {
			switch {
			case !t.StartDate.IsZero() && d.Compare(t.StartDate) < 0, !t.EndDate.IsZero() && d.Compare(t.EndDate) > 0:
				x.gameFinding("P9", SeverityWarning, p.game, p, "date %s is outside the event (%s to %s)", d, t.StartDate, t.EndDate)
			case p.round <= len(t.RoundDates) && !t.RoundDates[p.round-1].IsZero() && d.Compare(t.RoundDates[p.round-1]) != 0:
				x.gameFinding("P9", SeverityWarning, p.game, p, "date %s differs from round %d's date %s (record 132)", d, p.round, t.RoundDates[p.round-1])
			}
		}
		if ok && !tcReported && g.TimeControl != "" {
			secs, seen := tcCache[g.TimeControl]
			if !seen {
				secs = -1
				if gtc, gok := ParseTimeControl(g.TimeControl, false); gok {
					secs = gtc.SecondsFor60()
				}
				tcCache[g.TimeControl] = secs
			}
			if secs >= 0 && secs != trfTC.SecondsFor60() {
				x.gameFinding("P9", SeverityWarning, p.game, p, "TimeControl %q differs from the TRF's rate of play %q", g.TimeControl, trfTC.Text)
				tcReported = true
			}
		}
		// Elo tags against the TRF ratings, once per player.
		for _, side := range []struct {
			rank int
			elo  string
		}{{res.white, g.WhiteElo}, {res.black, g.BlackElo}} {
			elo, err := strconv.Atoi(strings.TrimSpace(side.elo))
			pl := t.Player(side.rank)
			if err != nil || elo <= 0 || pl == nil || pl.Rating <= 0 || elo == pl.Rating || eloReported[side.rank] {
				continue
			}
			eloReported[side.rank] = true
			x.gameFinding("P9", SeverityWarning, p.game, p, "Elo tag %d for player %d (%s), the TRF rating is %d", elo, side.rank, pl.Name, pl.Rating)
		}
	}
}

// boards checks that the board numbers of a round are unique (P10).
func (x *xcheck) boards() {
	seen := map[[2]int]int{}
	for g := range x.games {
		r := x.resolved[g]
		if r.round == 0 || r.board == 0 {
			continue
		}
		k := [2]int{r.round, r.board}
		if first, dup := seen[k]; dup {
			x.gameFinding("P10", SeverityWarning, g, nil, "round %d board %d also holds game %d (%s:%d)", r.round, r.board, x.games[first].ID, x.games[first].File, x.games[first].Line)
			continue
		}
		seen[k] = g
	}
}

// copies reports the same movetext under two pairings (P8).
func (x *xcheck) copies() {
	seen := map[uint64]int{}
	for g := range x.games {
		gi := &x.games[g]
		if gi.MovetextHash == 0 || gi.Plies < 20 {
			continue
		}
		if first, dup := seen[gi.MovetextHash]; dup {
			f := &x.games[first]
			x.gameFinding("P8", SeverityWarning, g, nil, "the same moves as game %d (%s:%d) under another pairing", f.ID, f.File, f.Line)
			continue
		}
		seen[gi.MovetextHash] = g
	}
}

// standings computes the standings as reported and, when the Laws change
// results, as corrected, and lists what changes.
func (x *xcheck) standings() error {
	before, err := ComputeStandings(x.t, x.opt.Standings)
	if err != nil {
		return err
	}
	x.rec.Before = before
	if len(x.rec.Corrections) == 0 {
		return nil
	}
	fixed := x.t.withCorrections(x.rec.Corrections)
	after, err := ComputeStandings(fixed, x.opt.Standings)
	if err != nil {
		return err
	}
	x.rec.After = after
	var parts []string
	for _, rb := range before.Rows {
		ra := after.Row(rb.StartRank)
		if ra == nil || (ra.Points == rb.Points && ra.Rank == rb.Rank) {
			continue
		}
		x.rec.RankChanges = append(x.rec.RankChanges, RankChange{StartRank: rb.StartRank, Name: rb.Player.Name,
			PointsBefore: rb.Points, PointsAfter: ra.Points, RankBefore: rb.Rank, RankAfter: ra.Rank})
		parts = append(parts, fmt.Sprintf("%d %s %s→%s pts, rank %d→%d", rb.StartRank, rb.Player.Name, rb.Points, ra.Points, rb.Rank, ra.Rank))
	}
	for _, c := range x.rec.Corrections {
		p := &x.pairs[x.byKey[pairKey{c.Round, c.White, c.Black}]]
		x.gameFinding(c.Check, SeverityInfo, c.Game, p, "round %d, %d-%d: the Laws give %s where the TRF has %s; applied to the standings", c.Round, c.White, c.Black, c.To, c.From)
	}
	check := x.rec.Corrections[0].Check
	msg := "the results the Laws give change no rank"
	if len(parts) > 0 {
		msg = "with the results the Laws give: " + strings.Join(parts, "; ")
	}
	x.add(Finding{Check: check, Severity: SeverityInfo, Message: msg})
	return nil
}

// withCorrections returns a copy of t with the corrected results (and the
// points columns moved by the same amounts).
func (t *Tournament) withCorrections(cs []Correction) *Tournament {
	c := *t
	c.Players = slices.Clone(t.Players)
	for i := range c.Players {
		c.Players[i].Results = slices.Clone(t.Players[i].Results)
	}
	code := func(r string) (byte, byte) {
		switch r {
		case "1-0":
			return '1', '0'
		case "0-1":
			return '0', '1'
		}
		return '=', '='
	}
	for _, x := range cs {
		w, b := code(x.To)
		for _, side := range []struct {
			rank int
			code byte
		}{{x.White, w}, {x.Black, b}} {
			p := c.Player(side.rank)
			if p == nil || x.Round > len(p.Results) {
				continue
			}
			old := p.Results[x.Round-1]
			nw := old
			nw.Code = side.code
			p.Points += c.Scoring.PointsFor(nw) - c.Scoring.PointsFor(old)
			p.Results[x.Round-1] = nw
		}
	}
	return &c
}
