package tournament

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrTieBreak is returned for a tie-break code this package cannot read or
// does not implement (team tie-breaks, for instance).
var ErrTieBreak = errors.New("unsupported tie-break")

// TieBreak is one entry of a tie-break list, read with the grammar of the
// FIDE "Mandatory Tie-Breaks" attachment to TRF-2026:
// NAME[:MP|:GP][/Cn|/Mn|/L±n|/Ln][/P][/F][/R], for example "BH/C1",
// "SB/M1", "KS/L60", "DE/P".
type TieBreak struct {
	Name string // acronym: PTS, BH, FB, SB, ESB, AOB, ABH, AFB, DE, WIN, WON, BPG, BWG, REP, VUR, NUM, PS, KS, STD, ARO, TPR, PTP, APRO, APPO, RTNG, TPN, COP, CSQ
	// PointType is "MP" or "GP" when the code names a point type (team
	// events); individual events ignore it.
	PointType string
	Low       int  // /Cn and /Mn: least significant values cut
	High      int  // /Mn: most significant values cut
	Forfeits  bool // /P: forfeits count as games (also the default in round robins)
	Fore      bool // /F: for AOB, average of Fore Buchholz
	Reverse   bool // /R: the opposite sorting direction
	// KS limit: Percent of the maximum score (default 50) plus Offset.
	Percent int
	Offset  Points
	Unrated int // /Un: rating used for unrated players in rating-based tie-breaks
}

// tie-breaks this package implements, with whether higher values rank
// higher.
var tieBreakNames = map[string]bool{
	"PTS": true, "BH": true, "FB": true, "SB": true, "ESB": true, "AOB": true, "ABH": true, "AFB": true,
	"DE": false, "WIN": true, "WON": true, "BPG": true, "BWG": true, "REP": true, "VUR": true, "NUM": true,
	"PS": true, "KS": true, "STD": true, "ARO": true, "TPR": true, "PTP": true, "APRO": true, "APPO": true,
	"RTNG": true, "TPN": false, "COP": true, "CSQ": true,
}

var tieBreakAliases = map[string]string{
	"GE": "REP", "SNO": "TPN", "RTG": "RTNG", "MPTS": "PTS", "GPTS": "PTS", "POINTS": "PTS",
}

// ParseTieBreak reads one tie-break code.
func ParseTieBreak(s string) (TieBreak, error) {
	orig := s
	s = strings.ToUpper(strings.TrimSpace(s))
	parts := strings.Split(s, "/")
	name, pt, _ := strings.Cut(parts[0], ":")
	if a, ok := tieBreakAliases[name]; ok {
		if name == "MPTS" {
			pt = "MP"
		} else if name == "GPTS" {
			pt = "GP"
		}
		name = a
	}
	if _, ok := tieBreakNames[name]; !ok {
		return TieBreak{}, fmt.Errorf("%w: %q", ErrTieBreak, orig)
	}
	tb := TieBreak{Name: name, Percent: 50}
	switch pt {
	case "", "MP", "GP":
		tb.PointType = pt
	default:
		return TieBreak{}, fmt.Errorf("%w: %q: point type %q", ErrTieBreak, orig, pt)
	}
	for _, m := range parts[1:] {
		if m == "" {
			continue
		}
		arg := m[1:]
		num := func() (int, error) {
			n, err := strconv.Atoi(arg)
			if err != nil || n < 0 || n > 99 {
				return 0, fmt.Errorf("%w: %q: modifier %q", ErrTieBreak, orig, m)
			}
			return n, nil
		}
		var err error
		switch m[0] {
		case 'C':
			tb.Low, err = num()
		case 'M':
			tb.Low, err = num()
			tb.High = tb.Low
		case 'L':
			switch {
			case strings.HasPrefix(arg, "+") || strings.HasPrefix(arg, "-"):
				// ±n half points, or ±x.y points when written with a dot.
				var v Points
				if strings.Contains(arg, ".") {
					p, ok := ParsePoints(arg)
					if !ok {
						err = fmt.Errorf("%w: %q: modifier %q", ErrTieBreak, orig, m)
					}
					v = p
				} else {
					n, e := strconv.Atoi(arg)
					if e != nil {
						err = fmt.Errorf("%w: %q: modifier %q", ErrTieBreak, orig, m)
					}
					v = Points(n * 50)
				}
				tb.Offset = v
			default:
				tb.Percent, err = num()
				if err == nil && tb.Percent > 100 {
					err = fmt.Errorf("%w: %q: modifier %q", ErrTieBreak, orig, m)
				}
			}
		case 'K':
			var p Points
			var ok bool
			if p, ok = ParsePoints(arg); !ok {
				err = fmt.Errorf("%w: %q: modifier %q", ErrTieBreak, orig, m)
			}
			tb.Offset = p
		case 'P':
			tb.Forfeits = true
		case 'F':
			tb.Fore = true
		case 'R':
			tb.Reverse = true
		case 'U':
			n, e := strconv.Atoi(arg)
			if e != nil || n < 0 || n > 4000 {
				err = fmt.Errorf("%w: %q: modifier %q", ErrTieBreak, orig, m)
			}
			tb.Unrated = n
		default:
			err = fmt.Errorf("%w: %q: modifier %q", ErrTieBreak, orig, m)
		}
		if err != nil {
			return TieBreak{}, err
		}
	}
	return tb, nil
}

// String writes the canonical code, e.g. "BH/C1", "SB/M1", "KS/L60".
func (tb TieBreak) String() string {
	var b strings.Builder
	b.WriteString(tb.Name)
	if tb.PointType != "" {
		b.WriteString(":" + tb.PointType)
	}
	switch {
	case tb.High > 0 && tb.High == tb.Low:
		fmt.Fprintf(&b, "/M%d", tb.Low)
	case tb.Low > 0:
		fmt.Fprintf(&b, "/C%d", tb.Low)
	}
	if tb.Name == "KS" && tb.Percent != 50 {
		fmt.Fprintf(&b, "/L%d", tb.Percent)
	}
	if tb.Offset != 0 {
		if tb.Name == "KS" && tb.Offset%50 == 0 {
			fmt.Fprintf(&b, "/L%+d", tb.Offset/50)
		} else {
			fmt.Fprintf(&b, "/K%s", tb.Offset)
		}
	}
	if tb.Forfeits {
		b.WriteString("/P")
	}
	if tb.Fore {
		b.WriteString("/F")
	}
	if tb.Reverse {
		b.WriteString("/R")
	}
	if tb.Unrated > 0 {
		fmt.Fprintf(&b, "/U%d", tb.Unrated)
	}
	return b.String()
}

// HigherIsBetter reports the sorting direction of the tie-break.
func (tb TieBreak) HigherIsBetter() bool { return tieBreakNames[tb.Name] != tb.Reverse }

// decimals is the number of decimals a value of the tie-break is shown
// with.
func (tb TieBreak) decimals() int {
	switch tb.Name {
	case "SB", "ESB", "AOB":
		return 2
	case "PTS", "BH", "FB", "ABH", "AFB", "PS", "KS", "STD":
		return 1
	}
	return 0
}

// Value is one tie-break value of one player: an exact decimal (Num is the
// value times 10000), a text (COP, CSQ) or undefined (rating-based
// tie-breaks with unrated players, averages over no game).
type Value struct {
	Num     int64
	Text    string
	Defined bool
}

// valueScale is the fixed-point scale of Value.Num.
const valueScale = 10000

func num(n int64) Value { return Value{Num: n, Defined: true} }

// Float64 returns the value as a float (NaN-free: 0 when undefined).
func (v Value) Float64() float64 { return float64(v.Num) / valueScale }

// Format writes the value with the given number of decimals, "" when
// undefined.
func (v Value) Format(decimals int) string {
	if !v.Defined {
		return ""
	}
	if v.Text != "" {
		return v.Text
	}
	n := v.Num
	neg := n < 0
	if neg {
		n = -n
	}
	div := int64(valueScale)
	for i := 0; i < decimals; i++ {
		div /= 10
	}
	n = (n + div/2) / div // half up
	s := strconv.FormatInt(n, 10)
	if decimals > 0 {
		for len(s) <= decimals {
			s = "0" + s
		}
		s = s[:len(s)-decimals] + "." + s[len(s)-decimals:]
	}
	if neg && n != 0 {
		s = "-" + s
	}
	return s
}

// ParseValue reads a decimal such as "12.5", "1888" or "9.25" into a Value
// ("", "-0" and "None" are undefined), for tests and callers comparing
// against published tables.
func ParseValue(s string) (Value, error) {
	s = strings.TrimSpace(s)
	switch s {
	case "", "-0", "None", "-":
		return Value{}, nil
	}
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	whole, frac, _ := strings.Cut(s, ".")
	if len(frac) > 4 {
		return Value{}, fmt.Errorf("tournament: value %q has more than 4 decimals", s)
	}
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return Value{}, fmt.Errorf("tournament: value %q: %w", s, err)
	}
	n := w * valueScale
	if frac != "" {
		f, err := strconv.ParseInt(frac, 10, 64)
		if err != nil {
			return Value{}, fmt.Errorf("tournament: value %q: %w", s, err)
		}
		for i := len(frac); i < 4; i++ {
			f *= 10
		}
		n += f
	}
	if neg {
		n = -n
	}
	return num(n), nil
}
