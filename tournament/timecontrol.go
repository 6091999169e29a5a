package tournament

import (
	"regexp"
	"strconv"
	"strings"
)

// TimeControl is a rate of play read from record 222 (TRF-2026 coded form,
// which is also the PGN TimeControl tag's form), or leniently from the free
// text of record 122.
type TimeControl struct {
	Periods []Period
	// Armageddon is set for unequal times ("W300-B240"); Periods then holds
	// White's time and BlackBase Black's base time.
	Armageddon bool
	BlackBase  int // seconds, Armageddon only
	Text       string
}

// Period is one period of a time control: Moves moves (0 = rest of the
// game) in Base seconds, with Increment seconds added per move.
type Period struct {
	Moves     int
	Base      int
	Increment int
}

// SecondsFor60 returns a player's thinking time for a game of 60 moves
// (B.02 §1): the base of every period starting by move 60 plus 60 times
// the increment of the period each move is played in.
func (tc TimeControl) SecondsFor60() int {
	total, move := 0, 1
	for i := 0; move <= 60 && len(tc.Periods) > 0; i++ {
		p := tc.Periods[min(i, len(tc.Periods)-1)] // the last period repeats ("40/7200")
		total += p.Base
		n := p.Moves
		if n == 0 {
			n = 61 - move
		}
		end := min(60, move+n-1)
		total += (end - move + 1) * p.Increment
		move = end + 1
	}
	return total
}

var (
	reTCPeriod = regexp.MustCompile(`^(?:(\d+)/)?(\d+)(?:\+(\d+))?$`)
	reTCArma   = regexp.MustCompile(`^W(\d+)(?:\+(\d+))?-B(\d+)(?:\+(\d+))?$`)
	reTCText   = regexp.MustCompile(`^(\d+)\s*(?:'|’|min\.?|mins|minutes|minutos|m)?\s*(?:\+\s*(\d+)\s*(?:"|''|”|s|sec\.?|secs|seconds|segundos)?(?:\s*(?:per move|/move|increment|inc\.?))?)?$`)
)

// ParseTimeControl reads the coded form ("5400+30",
// "40/6000+30:20/3000+30:1500+30", "W300-B240"); with lenient set it also
// reads simple free text in minutes and seconds ("90+30", "90' + 30\"",
// "90 min + 30 sec").
func ParseTimeControl(s string, lenient bool) (TimeControl, bool) {
	s = strings.TrimSpace(s)
	tc := TimeControl{Text: s}
	if s == "" || s == "-" || s == "?" {
		return tc, false
	}
	if m := reTCArma.FindStringSubmatch(s); m != nil {
		w, _ := strconv.Atoi(m[1])
		wi, _ := strconv.Atoi(m[2])
		b, _ := strconv.Atoi(m[3])
		tc.Periods = []Period{{Base: w, Increment: wi}}
		tc.Armageddon, tc.BlackBase = true, b
		return tc, true
	}
	ok := true
	for _, part := range strings.Split(s, ":") {
		m := reTCPeriod.FindStringSubmatch(strings.TrimSpace(part))
		if m == nil {
			ok = false
			break
		}
		var p Period
		p.Moves, _ = strconv.Atoi(m[1])
		p.Base, _ = strconv.Atoi(m[2])
		p.Increment, _ = strconv.Atoi(m[3])
		tc.Periods = append(tc.Periods, p)
	}
	if ok {
		// In free text a base below 200 is minutes ("90", "90+30"), not
		// seconds.
		if lenient && len(tc.Periods) == 1 && tc.Periods[0].Moves == 0 && tc.Periods[0].Base < 200 {
			tc.Periods[0].Base *= 60
		}
		return tc, true
	}
	tc.Periods = nil
	if !lenient {
		return tc, false
	}
	if m := reTCText.FindStringSubmatch(strings.ToLower(s)); m != nil {
		base, _ := strconv.Atoi(m[1])
		inc, _ := strconv.Atoi(m[2])
		tc.Periods = []Period{{Base: base * 60, Increment: inc}}
		return tc, true
	}
	return tc, false
}
