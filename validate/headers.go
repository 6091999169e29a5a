package validate

import (
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Tag is one tag pair of a game as written.
type Tag struct {
	Name, Value string
}

// Kinds of the header findings (Options.Headers).
const (
	KindTagDate        = "tag_date"         // Date, UTCDate or EventDate not a calendar date, or in the future
	KindTagRound       = "tag_round"        // Round not N, N.M, "-" or "?"
	KindTagSamePlayer  = "tag_same_player"  // White and Black name the same player
	KindTagRating      = "tag_rating"       // WhiteElo or BlackElo not a number in 0-3500
	KindTagTitle       = "tag_title"        // WhiteTitle or BlackTitle not a FIDE title, BOT or LM
	KindTagResult      = "tag_result"       // Result not 1-0, 0-1, 1/2-1/2 or *
	KindTagMissing     = "tag_missing"      // a tag of the Seven Tag Roster is missing (info)
	KindTagTimeControl = "tag_time_control" // TimeControl not in the PGN standard's form
)

// MaxRating is the highest rating a WhiteElo or BlackElo tag may hold.
const MaxRating = 3500

// sevenTagRoster are the tags every PGN game must have (PGN standard
// 8.1.1), in the order of the bits of checkHeaders' seen.
var sevenTagRoster = [...]string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}

// checkHeaders appends to r the findings about g's tags: values that
// cannot be right and missing Seven Tag Roster tags. today is the run's
// date in days since 1970-01-01 (UTC).
func (j *Judge) checkHeaders(g *Game, r *Report) {
	var seen uint8 // bit k: sevenTagRoster[k] is there
	var white, black string
	var hasWhite, hasBlack bool
	for i := range g.Tags {
		t := &g.Tags[i]
		var problem string
		kind := ""
		switch t.Name {
		case "Event":
			seen |= 1
		case "Site":
			seen |= 2
		case "Date":
			seen |= 4
			kind, problem = KindTagDate, dateProblem(t.Value, j.today)
		case "UTCDate", "EventDate":
			kind, problem = KindTagDate, dateProblem(t.Value, j.today)
		case "Round":
			seen |= 8
			kind, problem = KindTagRound, roundProblem(t.Value)
		case "White":
			seen |= 16
			white, hasWhite = t.Value, true
		case "Black":
			seen |= 32
			black, hasBlack = t.Value, true
		case "Result":
			seen |= 64
			kind, problem = KindTagResult, resultTagProblem(t.Value)
		case "WhiteElo", "BlackElo":
			kind, problem = KindTagRating, ratingProblem(t.Value)
		case "WhiteTitle", "BlackTitle":
			kind, problem = KindTagTitle, titleProblem(t.Value)
		case "TimeControl":
			kind, problem = KindTagTimeControl, timeControlProblem(t.Value)
		}
		if problem != "" {
			j.add(r, Finding{Kind: kind, Severity: Warning, Article: "-", Ply: -1, Line: g.Line,
				Message: fmt.Sprintf("tag %s %q: %s", t.Name, t.Value, problem)})
		}
	}
	if hasWhite && hasBlack && !unknownName(white) && samePlayer(white, black) {
		j.add(r, Finding{Kind: KindTagSamePlayer, Severity: Warning, Article: "-", Ply: -1, Line: g.Line,
			Message: fmt.Sprintf("tags White %q and Black %q: the same player on both sides", white, black)})
	}
	if missing := ^seen & (1<<len(sevenTagRoster) - 1); missing != 0 {
		j.add(r, Finding{Kind: KindTagMissing, Severity: Info, Article: "-", Ply: -1, Line: g.Line,
			Message: missingMessages[missing]})
	}
}

// missingMessages[m] is the message of a game missing the roster tags of
// the bits of m (written once: whole collections miss the same tags).
var missingMessages = func() (t [1 << len(sevenTagRoster)]string) {
	for m := 1; m < len(t); m++ {
		var names []string
		for k, n := range sevenTagRoster {
			if m&(1<<k) != 0 {
				names = append(names, n)
			}
		}
		t[m] = fmt.Sprintf("the Seven Tag Roster tag(s) %s are missing", strings.Join(names, ", "))
	}
	return t
}()

// today returns the days from 1970-01-01 to t's date in UTC.
func daysOf(t time.Time) int32 {
	y, m, d := t.UTC().Date()
	return civilDays(int32(y), int32(m), int32(d))
}

// civilDays returns the days from 1970-01-01 to the Gregorian date y-m-d
// (0 <= y, 1 <= m <= 12, 1 <= d), as time.Date would, without its cost
// (years counted from March, in 400-year eras of 146097 days).
func civilDays(y, m, d int32) int32 {
	if m <= 2 {
		y--
	}
	era := (y+400)/400 - 1 // y >= -1: shifted so that the division floors
	yoe := y - era*400
	doy := (153*((m+9)%12)+2)/5 + d - 1
	return era*146097 + yoe*365 + yoe/4 - yoe/100 + doy - 719468
}

// dateProblem says what is wrong with a PGN date ("YYYY.MM.DD", each part
// possibly all '?'), or "" when nothing is: a date that is not in that
// form, is not a calendar date, or lies after today (a day of slack for
// the time zones ahead of UTC). Unknown dates ("", "?", "????.??.??") are
// fine.
func dateProblem(v string, today int32) string {
	if v == "" || v == "?" || v == "-" {
		return ""
	}
	if len(v) != 10 || v[4] != '.' || v[7] != '.' {
		return "not a PGN date YYYY.MM.DD (unknown parts as ??)"
	}
	y, yk, ok1 := datePart(v[0:4])
	m, mk, ok2 := datePart(v[5:7])
	d, dk, ok3 := datePart(v[8:10])
	if !ok1 || !ok2 || !ok3 {
		return "not a PGN date YYYY.MM.DD (unknown parts as ??)"
	}
	if mk && (m < 1 || m > 12) {
		return fmt.Sprintf("there is no month %d", m)
	}
	if dk && (d < 1 || d > 31) {
		return fmt.Sprintf("there is no day %d", d)
	}
	if yk && mk && dk && d > daysInMonth(y, m) {
		return fmt.Sprintf("month %d of %d has %d days", m, y, daysInMonth(y, m))
	}
	if !yk {
		return ""
	}
	// The earliest day the date can mean, against today.
	first := civilDays(y, max(m, 1), max(d, 1))
	if !mk {
		first = civilDays(y, 1, 1)
	} else if !dk {
		first = civilDays(y, m, 1)
	}
	if first > today+1 {
		return "the date lies in the future of this run"
	}
	return ""
}

// datePart reads a date part: all digits (known), or all '?' (unknown).
func datePart(s string) (n int32, known, ok bool) {
	if s[0] == '?' {
		if strings.Trim(s, "?") == "" {
			return 0, false, true
		}
		return 0, false, false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false, false
		}
		n = n*10 + int32(c-'0')
	}
	return n, true, true
}

func daysInMonth(y, m int32) int32 {
	return int32(time.Date(int(y), time.Month(m)+1, 0, 0, 0, 0, 0, time.UTC).Day()) // day 0 of the next month
}

// roundProblem accepts "N", "N.M", "-" and "?" (N, M natural numbers).
func roundProblem(v string) string {
	if v == "-" || v == "?" {
		return ""
	}
	a, b, dot := strings.Cut(v, ".")
	if natural(a) && (!dot || natural(b)) {
		return ""
	}
	return `not a round "N" or "N.M" (or "-", "?")`
}

func natural(s string) bool {
	if s == "" || len(s) > 9 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// ratingProblem accepts a number from 0 to MaxRating and the unknown
// markers "", "?", "-".
func ratingProblem(v string) string {
	if v == "" || v == "?" || v == "-" {
		return ""
	}
	if !natural(v) {
		return "not a number"
	}
	n := 0
	for i := 0; i < len(v); i++ {
		n = n*10 + int(v[i]-'0')
	}
	if n > MaxRating {
		return fmt.Sprintf("a rating above %d", MaxRating)
	}
	return ""
}

// titleProblem accepts FIDE's titles, Lichess's BOT and LM, and the
// unknown markers.
func titleProblem(v string) string {
	switch v {
	case "GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM", "BOT", "LM", "", "?", "-":
		return ""
	}
	return "not a FIDE title (GM, IM, FM, CM, WGM, WIM, WFM, WCM) nor Lichess's BOT or LM"
}

func resultTagProblem(v string) string {
	switch v {
	case "1-0", "0-1", "1/2-1/2", "*":
		return ""
	}
	if res, ok := NormalizeResult(v); ok {
		return fmt.Sprintf("not one of 1-0, 0-1, 1/2-1/2, * (read as %s)", res)
	}
	return "not one of 1-0, 0-1, 1/2-1/2, *"
}

// timeControlProblem checks the PGN standard's TimeControl (9.6.1): "?",
// "-", or periods separated by ':', each "moves/seconds", "seconds",
// "seconds+increment" or "*seconds" (sandclock).
func timeControlProblem(v string) string {
	if v == "?" || v == "-" {
		return ""
	}
	for rest, more := v, true; more; {
		var p string
		p, rest, more = strings.Cut(rest, ":")
		if !timePeriod(p) {
			return `not in the PGN form ("40/7200:3600", "300+3", "*180", "-", "?")`
		}
	}
	return ""
}

func timePeriod(p string) bool {
	if s, ok := strings.CutPrefix(p, "*"); ok {
		return natural(s)
	}
	if m, s, ok := strings.Cut(p, "/"); ok {
		return natural(m) && natural(s)
	}
	if s, inc, ok := strings.Cut(p, "+"); ok {
		return natural(s) && natural(inc)
	}
	return natural(p)
}

// unknownName reports a player name that says nothing ("", "?", "-",
// "NN", "N.N.").
func unknownName(s string) bool {
	switch strings.TrimSpace(s) {
	case "", "?", "-", "NN", "N.N.", "N.N":
		return true
	}
	return false
}

// samePlayer compares two player names, ignoring case and spaces
// ("Carlsen, Magnus" and "carlsen,magnus"), without allocating.
func samePlayer(a, b string) bool {
	if a == b {
		return true
	}
	for {
		a, b = strings.TrimLeft(a, " "), strings.TrimLeft(b, " ")
		if a == "" || b == "" {
			return a == b
		}
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if ra != rb && unicode.ToLower(ra) != unicode.ToLower(rb) {
			return false
		}
		a, b = a[na:], b[nb:]
	}
}
