package tournament

import (
	"slices"
	"strconv"
	"strings"
)

// Points is a score in hundredths of a point: 1.5 points is 150. Every
// scoring system in use (1/½/0, 3/1/0, match points) is exact in it.
type Points int64

// Float64 returns the score as a float.
func (p Points) Float64() float64 { return float64(p) / 100 }

// String writes the score with one decimal, or two when needed: "4.0",
// "11.5", "2.25".
func (p Points) String() string {
	neg := p < 0
	if neg {
		p = -p
	}
	s := strconv.FormatInt(int64(p/100), 10)
	frac := int64(p % 100)
	if frac%10 == 0 {
		s += "." + strconv.FormatInt(frac/10, 10)
	} else {
		s += "." + strconv.FormatInt(frac/10, 10) + strconv.FormatInt(frac%10, 10)
	}
	if neg {
		s = "-" + s
	}
	return s
}

// ParsePoints reads a decimal score such as "11.5", "4", "2,5" or "-1.0"
// with at most two decimals.
func ParsePoints(s string) (Points, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, false
	}
	neg := false
	switch s[0] {
	case '-':
		neg, s = true, s[1:]
	case '+':
		s = s[1:]
	}
	whole, frac, hasDot := strings.Cut(strings.Replace(s, ",", ".", 1), ".")
	if whole == "" && !hasDot || len(frac) > 2 || len(whole) > 9 {
		return 0, false
	}
	var v int64
	for _, c := range whole {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int64(c-'0')
	}
	v *= 100
	for i, c := range frac {
		if c < '0' || c > '9' {
			return 0, false
		}
		v += int64(c-'0') * [2]int64{10, 1}[i]
	}
	if neg {
		v = -v
	}
	return Points(v), true
}

// Scoring is the event's scoring system: the points each result code is
// worth. It comes from record 162 (TRF-2026), XXS (JaVaFo) or BBW..BBU
// (bbpPairings), in that order of precedence; the default is 1 / ½ / 0
// with every bye and forfeit win worth its natural value and the
// pairing-allocated bye worth a win.
type Scoring struct {
	WinWhite, WinBlack   Points // '1' (also 'W', a game of less than one move)
	DrawWhite, DrawBlack Points // '='
	LossWhite, LossBlack Points // '0'
	ForfeitWin           Points // '+'
	ForfeitLoss          Points // '-'
	PAB                  Points // 'U', pairing-allocated bye
	FullBye              Points // 'F'
	HalfBye              Points // 'H'
	ZeroBye              Points // 'Z' and blank
	Source               string // "default", "162", "XXS" or "BB"
}

// DefaultScoring returns 1 / ½ / 0 with PAB = 1.
func DefaultScoring() Scoring {
	return Scoring{
		WinWhite: 100, WinBlack: 100, DrawWhite: 50, DrawBlack: 50,
		ForfeitWin: 100, PAB: 100, FullBye: 100, HalfBye: 50, Source: "default",
	}
}

// Win returns the points of a win (White's value when the colours differ).
func (s Scoring) Win() Points { return s.WinWhite }

// Draw returns the points of a draw.
func (s Scoring) Draw() Points { return s.DrawWhite }

// Loss returns the points of a loss.
func (s Scoring) Loss() Points { return s.LossWhite }

// PointsFor returns the points of a round result.
func (s Scoring) PointsFor(r Result) Points {
	black := r.Colour == Black
	switch r.Code {
	case '1', 'W':
		if black {
			return s.WinBlack
		}
		return s.WinWhite
	case '=', 'D':
		if black {
			return s.DrawBlack
		}
		return s.DrawWhite
	case '0', 'L':
		if black {
			return s.LossBlack
		}
		return s.LossWhite
	case '+':
		if r.Opponent == 0 {
			return s.FullBye // team files: "0000 - +" is a board won by default
		}
		return s.ForfeitWin
	case '-':
		return s.ForfeitLoss
	case 'U':
		return s.PAB
	case 'F':
		return s.FullBye
	case 'H':
		return s.HalfBye
	}
	return s.ZeroBye
}

// scoringParts collects the explicit point values of a file.
type scoringParts struct {
	src  string
	vals map[string]Points
}

func (sp *scoringParts) set(src, key string, v Points) {
	if sp.vals == nil {
		sp.vals = map[string]Points{}
	}
	// 162 beats XXS beats BB.
	rank := map[string]int{"162": 3, "XXS": 2, "BB": 1}
	if rank[src] < rank[sp.src] {
		return
	}
	if rank[src] > rank[sp.src] {
		clear(sp.vals)
		sp.src = src
	}
	sp.vals[key] = v
}

// trf26 reads record 162: " W 1.0    D 0.5    L 0.0" plus A, P, X and the
// bye letters.
func (sp *scoringParts) trf26(v string, p *parser) {
	f := strings.Fields(v)
	for i := 0; i+1 < len(f); i += 2 {
		pts, ok := ParsePoints(f[i+1])
		if !ok {
			p.errorf(5, ErrField, "record 162: points %q", f[i+1])
			return
		}
		switch k := strings.ToUpper(f[i]); k {
		case "W", "D", "L", "A", "P", "X", "Z", "H", "F", "U", "FW", "FL":
			sp.set("162", k, pts)
		default:
			p.errorf(5, ErrField, "record 162: code %q", f[i])
		}
	}
	if len(f)%2 != 0 {
		p.errorf(5, ErrField, "record 162: %q", v)
	}
}

// xxs reads JaVaFo's "XXS WW=1 BW=1 ... PAB=0.5".
func (sp *scoringParts) xxs(v string, p *parser) {
	for _, f := range strings.Fields(v) {
		k, val, ok := strings.Cut(f, "=")
		pts, ok2 := ParsePoints(val)
		if !ok || !ok2 {
			p.errorf(5, ErrField, "record XXS: %q", f)
			continue
		}
		sp.set("XXS", "XXS:"+strings.ToUpper(k), pts)
	}
}

// bb reads bbpPairings' "BBW 1.0" records.
func (sp *scoringParts) bb(code, v string, p *parser) {
	pts, ok := ParsePoints(firstField(v))
	if !ok {
		p.errorf(5, ErrField, "record %s: %q", code, v)
		return
	}
	sp.set("BB", code, pts)
}

// apply builds the scoring system from the collected values.
func (sp *scoringParts) apply(s Scoring) Scoring {
	if sp.src == "" {
		return s
	}
	v := sp.vals
	get := func(def Points, keys ...string) Points {
		for _, k := range keys {
			if x, ok := v[k]; ok {
				return x
			}
		}
		return def
	}
	s.Source = sp.src
	switch sp.src {
	case "162":
		w, d, l := get(100, "W"), get(50, "D"), get(0, "L")
		a := get(l, "A")
		s = Scoring{
			WinWhite: w, WinBlack: w, DrawWhite: d, DrawBlack: d, LossWhite: l, LossBlack: l,
			ForfeitWin: get(w, "FW"), ForfeitLoss: get(a, "FL"), PAB: get(w, "P", "U"),
			FullBye: get(w, "F"), HalfBye: get(d, "H"), ZeroBye: get(a, "Z"), Source: "162",
		}
	case "XXS":
		w, d := get(100, "XXS:W"), get(50, "XXS:D")
		ww, bw := get(w, "XXS:WW"), get(w, "XXS:BW")
		s = Scoring{
			WinWhite: ww, WinBlack: bw, DrawWhite: get(d, "XXS:WD"), DrawBlack: get(d, "XXS:BD"),
			LossWhite: get(0, "XXS:WL"), LossBlack: get(0, "XXS:BL"),
			ForfeitWin: get(w, "XXS:FW"), ForfeitLoss: get(0, "XXS:FL"),
			PAB: get(w, "XXS:PAB"), FullBye: get(w, "XXS:FPB"), HalfBye: get(d, "XXS:HPB"),
			ZeroBye: get(0, "XXS:ZPB"), Source: "XXS",
		}
	case "BB":
		w, d, l := get(100, "BBW"), get(50, "BBD"), get(0, "BBL")
		s = Scoring{
			WinWhite: w, WinBlack: w, DrawWhite: d, DrawBlack: d, LossWhite: l, LossBlack: l,
			ForfeitWin: w, ForfeitLoss: get(l, "BBF"), PAB: get(w, "BBU"),
			FullBye: w, HalfBye: d, ZeroBye: get(l, "BBZ"), Source: "BB",
		}
	}
	return s
}

func sortPlayers(ps []Player) {
	slices.SortStableFunc(ps, func(a, b Player) int { return a.StartRank - b.StartRank })
}

func sortErrors(l ErrorList) {
	slices.SortStableFunc(l, func(a, b *SyntaxError) int {
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		return a.Column - b.Column
	})
}
