package tournament

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The checks of a TRF on its own (those of the research note
// federation-uploads.md §4.2): readability and start ranks (T1),
// reciprocity of pairings, colours and results (T2), points against the
// scoring system of records 162/XXS/BB? (T3), unplayed codes and byes
// (T4), rounds and dates (T5), declared counts (T6), FIDE IDs,
// federations, ratings and birth dates (T7), Swiss pairing rules:
// repeated pairings, colour criteria, the PAB rule (T8), declared ranks
// against recomputed ones (T9), the rate of play against B.02 §1 (T10)
// and rated games per player (T11). Pairing checks stop at the absolute
// criteria (no Dutch or Burstein engine: use bbpPairings -c or JaVaFo -c),
// and nothing is checked against the FIDE rating list.

// Check runs the checks T1-T11 on the TRF alone (research note §4.2) and
// returns the findings sorted by check and line. The ranks (T9) are checked
// against the tie-break order the file states (records 212/202); without
// one, only their agreement with the points is checked. Use CheckWith to
// give the order.
func Check(t *Tournament) []Finding {
	return CheckWith(t, StandingsOptions{})
}

// CheckWith is Check with the standings options used for T9 (edition,
// tie-break order).
func CheckWith(t *Tournament, opt StandingsOptions) []Finding {
	c := checker{t: t}
	c.t1()
	c.t2()
	c.t3()
	c.t4()
	c.t5()
	c.t6()
	c.t7()
	c.t8()
	c.t9(opt)
	c.t10()
	c.t11()
	sortFindings(c.out)
	return c.out
}

type checker struct {
	t   *Tournament
	out []Finding
}

func (c *checker) add(f Finding) { c.out = append(c.out, f) }

func (c *checker) addf(check, sev string, line, col, player, round int, format string, args ...any) {
	c.add(Finding{Check: check, Severity: sev, Line: line, Column: col, Player: player, Round: round, Message: fmt.Sprintf(format, args...)})
}

// T1: every line parses; start ranks unique and 1..N; opponents exist.
func (c *checker) t1() {
	t := c.t
	for _, e := range t.Errors {
		c.addf("T1", SeverityError, e.Line, e.Column, 0, 0, "%v", e.Err)
	}
	seen := map[int]int{}
	for _, p := range t.Players {
		if first, dup := seen[p.StartRank]; dup {
			c.addf("T1", SeverityError, p.Line, 5, p.StartRank, 0, "start rank %d used twice (first at line %d)", p.StartRank, first)
			continue
		}
		seen[p.StartRank] = p.Line
	}
	if n := len(t.Players); n > 0 {
		var missing []string
		maxRank := t.Players[n-1].StartRank
		for r := 1; r <= maxRank && len(missing) <= 20; r++ {
			if _, ok := seen[r]; !ok {
				missing = append(missing, strconv.Itoa(r))
			}
		}
		if len(missing) > 0 {
			c.addf("T1", SeverityWarning, 0, 0, 0, 0, "start ranks are not 1..%d without gaps: missing %s", maxRank, strings.Join(missing, ", "))
		}
	}
	for _, p := range t.Players {
		for r, res := range p.Results {
			switch {
			case res.Opponent == 0:
			case res.Opponent == p.StartRank:
				c.addf("T1", SeverityError, p.Line, res.Column, p.StartRank, r+1, "player %d is paired against itself", p.StartRank)
			case t.Player(res.Opponent) == nil:
				c.addf("T1", SeverityError, p.Line, res.Column, p.StartRank, r+1, "opponent %d does not exist", res.Opponent)
			}
		}
	}
}

// complement reports whether two result codes of one pairing agree.
func complement(a, b byte) bool {
	switch string([]byte{a, b}) {
	case "10", "01", "==", "+-", "-+", "--", "WL", "LW", "DD":
		return true
	}
	return false
}

// T2: reciprocity of opponents, colours and results.
func (c *checker) t2() {
	t := c.t
	for i := range t.Players {
		p := &t.Players[i]
		for r, res := range p.Results {
			if res.Opponent == 0 || res.Opponent == p.StartRank {
				continue
			}
			q := t.Player(res.Opponent)
			if q == nil {
				continue
			}
			back := q.Result(r + 1)
			if back.Opponent != p.StartRank {
				what := "no opponent"
				if back.Opponent > 0 {
					what = fmt.Sprintf("opponent %d", back.Opponent)
				}
				c.add(Finding{Check: "T2", Severity: SeverityError, Line: p.Line, Column: res.Column, Player: p.StartRank, Opponent: q.StartRank, Round: r + 1,
					Message: fmt.Sprintf("round %d: player %d lists opponent %d, but player %d lists %s (line %d)", r+1, p.StartRank, q.StartRank, q.StartRank, what, q.Line)})
				continue
			}
			if p.StartRank > q.StartRank {
				continue // report each pairing once
			}
			if !(res.Colour == NoColour && back.Colour == NoColour) && back.Colour != res.Colour.Opposite() {
				c.add(Finding{Check: "T2", Severity: SeverityError, Line: p.Line, Column: res.Column + 5, Player: p.StartRank, Opponent: q.StartRank, Round: r + 1,
					Message: fmt.Sprintf("round %d: colours %s (player %d) and %s (player %d, line %d) do not match", r+1, res.Colour, p.StartRank, back.Colour, q.StartRank, q.Line)})
			}
			if !complement(res.Code, back.Code) {
				c.add(Finding{Check: "T2", Severity: SeverityError, Line: p.Line, Column: res.Column + 7, Player: p.StartRank, Opponent: q.StartRank, Round: r + 1,
					Message: fmt.Sprintf("round %d: results %q (player %d) and %q (player %d, line %d) do not match", r+1, res.Code, p.StartRank, back.Code, q.StartRank, q.Line)})
			}
		}
	}
}

// T3: the points column equals the sum of the results.
func (c *checker) t3() {
	t := c.t
	for _, p := range t.Players {
		if !p.HasPoints {
			continue
		}
		var s Points
		for r := 1; r <= t.Rounds; r++ {
			s += t.Scoring.PointsFor(p.Result(r))
		}
		if s != p.Points {
			c.addf("T3", SeverityError, p.Line, 81, p.StartRank, 0, "points column %s, but the results add up to %s (scoring system: %s)", p.Points, s, t.Scoring.Source)
		}
	}
}

// T4: unplayed codes and byes.
func (c *checker) t4() {
	t := c.t
	team := t.IsTeamEvent()
	for _, p := range t.Players {
		for r, res := range p.Results {
			col := res.Column
			switch res.Code {
			case 'U', 'F', 'H', 'Z', ' ':
				if res.Colour != NoColour {
					c.addf("T4", SeverityError, p.Line, col+5, p.StartRank, r+1, "round %d: bye or absence %q with colour %s", r+1, res.Code, res.Colour)
				}
				if res.Opponent > 0 {
					c.addf("T4", SeverityError, p.Line, col+7, p.StartRank, r+1, "round %d: bye or absence %q against opponent %d", r+1, res.Code, res.Opponent)
				}
			case '1', '=', '0', 'W', 'D', 'L':
				if res.Opponent == 0 {
					c.addf("T4", SeverityError, p.Line, col, p.StartRank, r+1, "round %d: result %q without opponent", r+1, res.Code)
				} else if res.Colour == NoColour {
					c.addf("T4", SeverityWarning, p.Line, col+5, p.StartRank, r+1, "round %d: game without colour", r+1)
				}
			case '+', '-':
				if res.Opponent == 0 && !team {
					c.addf("T4", SeverityError, p.Line, col, p.StartRank, r+1, "round %d: forfeit %q without opponent (a bye is U, F, H or Z)", r+1, res.Code)
				}
			}
		}
	}
	// At most one PAB per round.
	for r := 1; r <= t.Rounds; r++ {
		var pabs []int
		for _, p := range t.Players {
			if res := p.Result(r); res.Code == 'U' && res.Opponent == 0 {
				pabs = append(pabs, p.StartRank)
			}
		}
		if len(pabs) > 1 {
			c.addf("T4", SeverityError, 0, 0, 0, r, "round %d: %d pairing-allocated byes (players %s)", r, len(pabs), joinInts(pabs))
		}
	}
}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ", ")
}

// T5: rounds and dates.
func (c *checker) t5() {
	t := c.t
	if t.rounds142 > 0 && t.roundsXXR > 0 && t.rounds142 != t.roundsXXR {
		c.addf("T5", SeverityWarning, t.HeaderLine("XXR"), 0, 0, 0, "record 142 says %d rounds, XXR says %d", t.rounds142, t.roundsXXR)
	}
	line := t.HeaderLine("142")
	if line == 0 {
		line = t.HeaderLine("XXR")
	}
	switch {
	case t.DeclaredRounds > 0 && t.Rounds > t.DeclaredRounds:
		c.addf("T5", SeverityWarning, line, 0, 0, 0, "%d rounds declared, but player records fill %d", t.DeclaredRounds, t.Rounds)
	case t.DeclaredRounds > 0 && t.Rounds < t.DeclaredRounds:
		c.addf("T5", SeverityInfo, line, 0, 0, 0, "the file covers %d of %d rounds (an export during the event)", t.Rounds, t.DeclaredRounds)
	}
	if t.StartDate.IsZero() {
		c.addf("T5", SeverityWarning, t.HeaderLine("042"), 0, 0, 0, "start date (record 042) missing or unreadable: mandatory for rating")
	}
	if t.EndDate.IsZero() {
		c.addf("T5", SeverityWarning, t.HeaderLine("052"), 0, 0, 0, "end date (record 052) missing or unreadable: mandatory for rating")
	}
	if !t.StartDate.IsZero() && !t.EndDate.IsZero() && t.EndDate.Compare(t.StartDate) < 0 {
		c.addf("T5", SeverityWarning, t.HeaderLine("052"), 0, 0, 0, "end date %s is before start date %s", t.EndDate, t.StartDate)
	}
	dates := 0
	for _, d := range t.RoundDates {
		if !d.IsZero() {
			dates++
		}
	}
	if dates == 0 {
		return
	}
	l132 := t.HeaderLine("132")
	if len(t.RoundDates) != t.Rounds {
		c.addf("T5", SeverityWarning, l132, 0, 0, 0, "record 132 gives %d round dates for %d rounds", len(t.RoundDates), t.Rounds)
	}
	var prev Date
	for i, d := range t.RoundDates {
		if d.IsZero() {
			continue
		}
		if !t.StartDate.IsZero() && d.Compare(t.StartDate) < 0 || !t.EndDate.IsZero() && d.Compare(t.EndDate) > 0 {
			c.addf("T5", SeverityWarning, l132, 92+10*i, 0, i+1, "round %d date %s is outside the event (%s to %s)", i+1, d, t.StartDate, t.EndDate)
		}
		if !prev.IsZero() && d.Compare(prev) < 0 {
			c.addf("T5", SeverityWarning, l132, 92+10*i, 0, i+1, "round %d date %s is before the previous round's %s", i+1, d, prev)
		}
		prev = d
	}
}

// T6: declared player counts.
func (c *checker) t6() {
	t := c.t
	if t.DeclaredPlayers >= 0 && t.DeclaredPlayers != len(t.Players) {
		c.addf("T6", SeverityWarning, t.HeaderLine("062"), 0, 0, 0, "record 062 says %d players, the file has %d", t.DeclaredPlayers, len(t.Players))
	}
	rated := 0
	for _, p := range t.Players {
		if p.Rating > 0 {
			rated++
		}
	}
	if t.DeclaredRated >= 0 && t.DeclaredRated != rated {
		c.addf("T6", SeverityWarning, t.HeaderLine("072"), 0, 0, 0, "record 072 says %d rated players, the file has %d", t.DeclaredRated, rated)
	}
	if t.DeclaredTeams > 0 && len(t.Teams) > 0 && t.DeclaredTeams != len(t.Teams) {
		c.addf("T6", SeverityWarning, t.HeaderLine("082"), 0, 0, 0, "record 082 says %d teams, the file has %d", t.DeclaredTeams, len(t.Teams))
	}
}

// T7: FIDE IDs, federations, ratings, birth dates.
func (c *checker) t7() {
	t := c.t
	ids := map[int64]int{}
	for _, p := range t.Players {
		switch {
		case p.FideIDText != "" && p.FideID == 0 && strings.Trim(p.FideIDText, "0") != "":
			c.addf("T7", SeverityError, p.Line, 58, p.StartRank, 0, "FIDE ID %q is not a number", p.FideIDText)
		case p.FideID > 0:
			if first, dup := ids[p.FideID]; dup {
				c.addf("T7", SeverityError, p.Line, 58, p.StartRank, 0, "FIDE ID %d is also player %d's", p.FideID, first)
			} else {
				ids[p.FideID] = p.StartRank
			}
		case p.Rating > 0:
			c.addf("T7", SeverityWarning, p.Line, 58, p.StartRank, 0, "rated player (%d) without FIDE ID", p.Rating)
		}
		if !validFederation(p.Federation) {
			c.addf("T7", SeverityWarning, p.Line, 54, p.StartRank, 0, "federation %q is not a three-letter code", p.Federation)
		}
		if p.Rating != 0 && (p.Rating < 1000 || p.Rating > 3000) {
			c.addf("T7", SeverityWarning, p.Line, 49, p.StartRank, 0, "rating %d is implausible", p.Rating)
		}
		if !validBirthDate(p.BirthDate) {
			c.addf("T7", SeverityWarning, p.Line, 70, p.StartRank, 0, "birth date %q is not YYYY/MM/DD", p.BirthDate)
		}
		switch p.Sex {
		case "", "m", "w", "f":
		default:
			c.addf("T7", SeverityWarning, p.Line, 10, p.StartRank, 0, "sex %q is not m or w", p.Sex)
		}
	}
}

func validFederation(f string) bool {
	if len(f) != 3 {
		return false
	}
	for i := 0; i < 3; i++ {
		if !isUpper(f[i]) {
			return false
		}
	}
	return true
}

func validBirthDate(s string) bool {
	if s == "" {
		return true
	}
	digits := func(x string) bool {
		for i := 0; i < len(x); i++ {
			if !isDigit(x[i]) {
				return false
			}
		}
		return x != ""
	}
	if len(s) == 4 {
		return digits(s)
	}
	if len(s) != 10 {
		return false
	}
	sep := s[4]
	return (sep == '/' || sep == '-' || sep == '.') && s[7] == sep && digits(s[:4]) && digits(s[5:7]) && digits(s[8:])
}

// T8: Swiss pairings: repeated pairings, colour sequences, the PAB rule.
func (c *checker) t8() {
	t := c.t
	if len(t.Players) == 0 {
		return
	}
	e := newEngine(t, StandingsOptions{})
	tt := strings.ToUpper(t.Type + " " + t.TypeCode)
	if e.rr || strings.Contains(tt, "DOUBLE") || t.IsTeamEvent() {
		return
	}
	for i := range t.Players {
		p := &t.Players[i]
		met := map[int]int{}
		var cols []Colour
		cd := 0
		hadPAB, hadWinWithoutGame := false, false
		for r, res := range p.Results {
			game := res.OverTheBoard() || res.ShortGame()
			if game && t.Player(res.Opponent) != nil {
				if first, again := met[res.Opponent]; again && p.StartRank < res.Opponent {
					c.add(Finding{Check: "T8", Severity: SeverityWarning, Line: p.Line, Column: res.Column, Player: p.StartRank, Opponent: res.Opponent, Round: r + 1,
						Message: fmt.Sprintf("round %d: players %d and %d meet again (first in round %d)", r+1, p.StartRank, res.Opponent, first)})
				}
				if _, again := met[res.Opponent]; !again {
					met[res.Opponent] = r + 1
				}
			}
			if res.OverTheBoard() && res.Colour != NoColour {
				cols = append(cols, res.Colour)
				if res.Colour == White {
					cd++
				} else {
					cd--
				}
				n := len(cols)
				switch {
				case n >= 3 && cols[n-1] == cols[n-2] && cols[n-2] == cols[n-3]:
					c.addf("T8", SeverityWarning, p.Line, res.Column+5, p.StartRank, r+1, "round %d: third %s in a row (C.04.1 absolute criterion; allowed only for topscorers in the last round)", r+1, colourName(res.Colour))
				case cd > 2 || cd < -2:
					c.addf("T8", SeverityWarning, p.Line, res.Column+5, p.StartRank, r+1, "round %d: colour difference %+d (C.04.1 absolute criterion)", r+1, cd)
				}
			}
			if res.Code == 'U' && res.Opponent == 0 {
				if hadPAB || hadWinWithoutGame {
					c.addf("T8", SeverityWarning, p.Line, res.Column+7, p.StartRank, r+1, "round %d: pairing-allocated bye to a player who already had a bye or a win without playing (C.04.1)", r+1)
				}
				hadPAB = true
			}
			if res.Code == '+' || res.Code == 'F' {
				hadWinWithoutGame = true
			}
		}
	}
}

func colourName(c Colour) string {
	if c == White {
		return "White"
	}
	return "Black"
}

// T9: declared ranks against recomputed ranks.
func (c *checker) t9(opt StandingsOptions) {
	t := c.t
	declared := 0
	for _, p := range t.Players {
		if p.Rank > 0 {
			declared++
		}
	}
	if declared == 0 || len(t.Players) == 0 {
		return
	}
	hasOrder := len(opt.Order) > 0 || len(t.StandingsOrder) > 0 || len(t.TieBreaks) > 0
	if t.IsTeamEvent() {
		c.addf("T9", SeverityInfo, 0, 0, 0, 0, "team event: ranks not checked (team standings are not implemented)")
		return
	}
	if hasOrder {
		st, err := ComputeStandings(t, opt)
		if err != nil {
			c.addf("T9", SeverityWarning, t.HeaderLine("202"), 0, 0, 0, "ranks not checked: %v", err)
			return
		}
		// A declared rank agrees when it lies in the recomputed tie group.
		size := map[int]int{}
		for _, r := range st.Rows {
			size[r.Rank]++
		}
		for _, r := range st.Rows {
			if r.DeclaredRank == 0 {
				continue
			}
			if r.DeclaredRank < r.Rank || r.DeclaredRank >= r.Rank+size[r.Rank] {
				want := strconv.Itoa(r.Rank)
				if size[r.Rank] > 1 {
					want = fmt.Sprintf("%d-%d (tied)", r.Rank, r.Rank+size[r.Rank]-1)
				}
				c.addf("T9", SeverityWarning, r.Player.Line, 86, r.StartRank, 0, "declared rank %d, recomputed %s (%s; %s)", r.DeclaredRank, want, orderString(st.Order), st.Edition)
			}
		}
		return
	}
	// No tie-break order: the ranks must at least follow the points.
	e := newEngine(t, opt)
	idx := make([]int, 0, len(t.Players))
	for i, p := range t.Players {
		if p.Rank > 0 {
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int { return t.Players[a].Rank - t.Players[b].Rank })
	for k := 1; k < len(idx); k++ {
		a, b := &e.ps[idx[k-1]], &e.ps[idx[k]]
		if b.S > a.S {
			c.addf("T9", SeverityWarning, b.p.Line, 86, b.p.StartRank, 0, "declared rank %d with %s points, below player %d (rank %d) with %s points", b.p.Rank, b.S, a.p.StartRank, a.p.Rank, a.S)
		}
	}
}

// T10: the rate of play against B.02 §1.
func (c *checker) t10() {
	t := c.t
	src, line := t.EncodedTimeControl, t.HeaderLine("222")
	tc, ok := ParseTimeControl(src, false)
	if !ok {
		src, line = t.TimeControl, t.HeaderLine("122")
		tc, ok = ParseTimeControl(src, true)
	}
	if !ok {
		c.addf("T10", SeverityInfo, line, 0, 0, 0, "rate of play %q is not machine-readable (records 222/122): not checked", src)
		return
	}
	if tc.Armageddon {
		c.addf("T10", SeverityWarning, line, 0, 0, 0, "unequal times %q (Armageddon): not rated in rapid or blitz", src)
		return
	}
	minutes := float64(tc.SecondsFor60()) / 60
	top := 0
	for _, p := range t.Players {
		top = max(top, p.Rating)
	}
	kind := strings.ToUpper(t.Name + " " + t.Type + " " + t.TypeCode)
	switch {
	case minutes >= 60 && !strings.Contains(kind, "RAPID") && !strings.Contains(kind, "BLITZ"):
		need := 60.0
		switch {
		case top >= 2400:
			need = 120
		case top >= 1800:
			need = 90
		}
		if minutes < need {
			c.addf("T10", SeverityError, line, 0, 0, 0, "rate of play %q gives %.0f minutes per player for 60 moves; standard play with a player rated %d needs %.0f (B.02 §1)", src, minutes, top, need)
		}
		if p := tc.Periods[0]; p.Moves > 0 && p.Moves < 30 && len(tc.Periods) > 1 {
			c.addf("T10", SeverityError, line, 0, 0, 0, "first time control %d moves: at least 30 are required (B.02 §1)", p.Moves)
		}
	case minutes > 10 && minutes < 60:
		// Rapid.
	case minutes > 3 && minutes <= 10:
		// Blitz.
	case minutes >= 60:
		// Declared rapid or blitz with a standard rate of play: rated as standard.
	default:
		c.addf("T10", SeverityError, line, 0, 0, 0, "rate of play %q gives %.1f minutes per player for 60 moves: not ratable (blitz needs more than 3)", src, minutes)
	}
}

// T11: rated games per player, for information.
func (c *checker) t11() {
	t := c.t
	rated, forfeits, short, byes := 0, 0, 0, 0
	for _, p := range t.Players {
		n, vsRated := 0, 0
		for _, res := range p.Results {
			switch {
			case res.Rated():
				n++
				if q := t.Player(res.Opponent); q != nil && q.Rating > 0 {
					vsRated++
				}
			case res.Forfeit():
				forfeits++
			case res.ShortGame():
				short++
			case res.Bye() && res.Code != ' ':
				byes++
			}
		}
		rated += n
		if p.Rating == 0 && n > 0 {
			c.addf("T11", SeverityInfo, p.Line, 0, p.StartRank, 0, "unrated player %d %s: %d rated games, %d against rated opponents (an initial rating needs at least 5)", p.StartRank, p.Name, n, vsRated)
		}
	}
	c.addf("T11", SeverityInfo, 0, 0, 0, 0, "%d rated games; not rated: %d forfeits, %d games of less than one move, %d byes (counted per player)", rated/2, forfeits, short, byes)
}
