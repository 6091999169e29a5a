package tournament

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// The engine: per-player, per-round data and every tie-break.

type engine struct {
	t        *Tournament
	opt      StandingsOptions
	ed       Edition
	edReason string
	rr       bool
	R        int
	sc       Scoring
	ps       []pdata
	allRated bool
	notes    []string
	memo     map[string][]Value
}

type pdata struct {
	p      *Player
	rounds []rdata
	S      Points // raw final score
	adj    Points // score as seen by opponents (16.3)
	adjFB  Points // the same in Fore Buchholz mode
	ownFB  Points // own score in Fore Buchholz mode
}

type rdata struct {
	opp  int // index in engine.ps, -1 when none
	code byte
	col  Colour
	pts  Points // points awarded in the round
	rpts Points // rating points of a game (1, ½, 0)
	otb  bool   // a game over the board against opp
	vur  bool   // voluntary unplayed round (16.2.3-16.2.5)
	pab  bool
}

func newEngine(t *Tournament, opt StandingsOptions) *engine {
	e := &engine{t: t, opt: opt, sc: t.Scoring, memo: map[string][]Value{}}
	// Rounds: the round columns in use.
	e.R = t.Rounds
	// Edition.
	switch opt.Edition {
	case Edition2024, Edition2026:
		e.ed, e.edReason = opt.Edition, "forced by option"
	default:
		from := cmp.Or(t.startDateFrom, "record 042")
		switch {
		case t.StartDate.IsZero():
			e.ed, e.edReason = Edition2026, from+" missing or unreadable: newest edition"
		case t.StartDate.Compare(cutover2026) < 0:
			e.ed = Edition2024
			e.edReason = fmt.Sprintf("%s %s is before 2026-03-01", from, t.StartDate)
			if t.StartDate.Compare(Date{Year: 2023, Month: 9, Day: 1}) < 0 {
				e.notes = append(e.notes, "the event started before the 2023 C.07 text (virtual opponent rules); computed with the 2024 rules, as the FIDE reference implementation does")
			}
		default:
			e.ed = Edition2026
			e.edReason = fmt.Sprintf("%s %s is on or after 2026-03-01", from, t.StartDate)
		}
	}
	idx := make(map[int]int, len(t.Players))
	for i := range t.Players {
		if _, dup := idx[t.Players[i].StartRank]; !dup {
			idx[t.Players[i].StartRank] = i
		}
	}
	e.ps = make([]pdata, len(t.Players))
	e.allRated = true
	for i := range t.Players {
		p := &t.Players[i]
		d := &e.ps[i]
		d.p = p
		if p.Rating <= 0 {
			e.allRated = false
		}
		d.rounds = make([]rdata, e.R)
		for r := 0; r < e.R; r++ {
			res := p.Result(r + 1)
			rd := rdata{opp: -1, code: res.Code, col: res.Colour}
			if j, ok := idx[res.Opponent]; ok && res.Opponent > 0 && j != i {
				rd.opp = j
			}
			rd.pts = e.sc.PointsFor(res)
			switch res.Code {
			case '1', '=', '0':
				rd.otb = rd.opp >= 0
			case 'W', 'D', 'L':
				rd.otb = rd.opp >= 0 && !opt.ShortGamesUnplayed
			}
			if rd.otb {
				switch res.Code {
				case '1', 'W':
					rd.rpts = 100
				case '=', 'D':
					rd.rpts = 50
				}
			}
			rd.pab = res.Code == 'U' && rd.opp < 0
			if !rd.otb {
				switch res.Code {
				case 'U', 'F', '+', 'W':
				default:
					rd.vur = true
				}
			}
			d.rounds[r] = rd
			d.S += rd.pts
		}
	}
	e.rr = e.isRoundRobin()
	if opt.UnratedRating > 0 {
		e.allRated = true
	}
	draw := e.sc.Draw()
	for i := range e.ps {
		d := &e.ps[i]
		lna, lmp := 0, 0
		for r, rd := range d.rounds {
			if !rd.vur {
				lna = r + 1
			}
			if rd.opp >= 0 || rd.pab || rd.otb {
				lmp = r + 1
			}
		}
		adj := func(lna int) Points {
			var s Points
			for r, rd := range d.rounds {
				switch {
				case r+1 <= lna || rd.opp >= 0:
					s += rd.pts
				case !e.rr:
					s += draw // 16.3.2: a withdrawal's rounds count as draws
				}
			}
			return s
		}
		d.adj = adj(lna)
		d.adjFB, d.ownFB = d.adj, d.S
		if e.R > 0 && lmp == e.R {
			d.adjFB = adj(e.R)
			if last := d.rounds[e.R-1]; last.opp >= 0 {
				d.adjFB += draw - last.pts
				d.ownFB += draw - last.pts
			}
		}
	}
	return e
}

// isRoundRobin decides the system: from the option, records 092/192, or
// every player having met every other one.
func (e *engine) isRoundRobin() bool {
	switch e.opt.System {
	case SystemSwiss:
		return false
	case SystemRoundRobin:
		return true
	}
	tt := strings.ToUpper(e.t.Type + " " + e.t.TypeCode)
	switch {
	case strings.Contains(tt, "SWISS"):
		return false
	case strings.Contains(tt, "ROBIN") || strings.Contains(tt, "BERGER") || strings.Contains(tt, "RR"):
		return true
	}
	n := len(e.ps)
	if n < 3 || e.R < n-1 {
		return false
	}
	seen := make([]bool, n)
	for i := range e.ps {
		clear(seen)
		met := 0
		for _, rd := range e.ps[i].rounds {
			if rd.opp >= 0 && !seen[rd.opp] {
				seen[rd.opp] = true
				met++
			}
		}
		if met != n-1 {
			return false
		}
	}
	return true
}

func (e *engine) index(startRank int) (int, bool) {
	for i := range e.ps {
		if e.ps[i].p.StartRank == startRank {
			return i, true
		}
	}
	return 0, false
}

// column computes (and memoises) one tie-break for every player.
func (e *engine) column(tb TieBreak) []Value {
	key := tb.String()
	if v, ok := e.memo[key]; ok {
		return v
	}
	var out []Value
	if tb.Name == "DE" {
		groups := e.groups([]TieBreak{{Name: "PTS"}})
		out = e.directEncounter(tb, groups)
	} else {
		out = e.compute(tb)
	}
	e.memo[key] = out
	return out
}

// groups returns the players (indices) split into groups tied on every
// criterion of order, in rank order.
func (e *engine) groups(order []TieBreak) [][]int {
	_, _, g := e.rankGroups(order)
	return g
}

// rank applies the order and returns the key values and the ranks.
func (e *engine) rank(order []TieBreak) ([][]Value, []int) {
	keys, ranks, _ := e.rankGroups(order)
	return keys, ranks
}

func (e *engine) rankGroups(order []TieBreak) ([][]Value, []int, [][]int) {
	all := make([]int, len(e.ps))
	for i := range all {
		all[i] = i
	}
	groups := [][]int{all}
	keys := make([][]Value, len(order))
	for k, tb := range order {
		var col []Value
		if tb.Name == "DE" {
			col = e.directEncounter(tb, groups)
		} else {
			col = e.column(tb)
		}
		keys[k] = col
		higher := tb.HigherIsBetter()
		var next [][]int
		for _, g := range groups {
			if len(g) == 1 {
				next = append(next, g)
				continue
			}
			slices.SortStableFunc(g, func(a, b int) int {
				return compareValues(col[a], col[b], higher)
			})
			start := 0
			for i := 1; i <= len(g); i++ {
				if i == len(g) || compareValues(col[g[start]], col[g[i]], higher) != 0 {
					next = append(next, g[start:i:i])
					start = i
				}
			}
		}
		groups = next
	}
	ranks := make([]int, len(e.ps))
	pos := 1
	for _, g := range groups {
		slices.SortFunc(g, func(a, b int) int { return e.ps[a].p.StartRank - e.ps[b].p.StartRank })
		for _, i := range g {
			ranks[i] = pos
		}
		pos += len(g)
	}
	return keys, ranks, groups
}

// compareValues orders a before b (-1) when a ranks higher. Undefined
// values rank last.
func compareValues(a, b Value, higher bool) int {
	switch {
	case !a.Defined && !b.Defined:
		return 0
	case !a.Defined:
		return 1
	case !b.Defined:
		return -1
	}
	if a.Text != "" || b.Text != "" {
		c := strings.Compare(a.Text, b.Text)
		if higher {
			return -c
		}
		return c
	}
	switch {
	case a.Num == b.Num:
		return 0
	case (a.Num > b.Num) == higher:
		return -1
	}
	return 1
}

// compute evaluates every tie-break except DE.
func (e *engine) compute(tb TieBreak) []Value {
	out := make([]Value, len(e.ps))
	win, draw := e.sc.Win(), e.sc.Draw()
	for i := range e.ps {
		d := &e.ps[i]
		var v Value
		count := func(f func(rd rdata) bool) Value {
			n := int64(0)
			for _, rd := range d.rounds {
				if f(rd) {
					n++
				}
			}
			return num(n * valueScale)
		}
		switch tb.Name {
		case "PTS":
			v = num(int64(d.S) * 100)
		case "ABH":
			v = num(int64(d.adj) * 100)
		case "AFB":
			v = num(int64(d.adjFB) * 100)
		case "BH", "FB", "SB", "ESB":
			v = e.buchholz(i, tb)
		case "AOB":
			v = e.averageOf(i, e.column(TieBreak{Name: "BH", Low: tb.Low, High: tb.High, Fore: false, Forfeits: tb.Forfeits, Percent: 50}), tb.Fore, tb)
		case "WIN":
			v = count(func(rd rdata) bool { return rd.pts == win })
		case "WON":
			v = count(func(rd rdata) bool { return rd.otb && rd.pts == win })
		case "BPG":
			v = count(func(rd rdata) bool { return rd.otb && rd.col == Black })
		case "BWG":
			v = count(func(rd rdata) bool { return rd.otb && rd.col == Black && rd.pts == win })
		case "REP":
			v = count(func(rd rdata) bool { return rd.otb || rd.pab || rd.pts == win })
		case "VUR":
			v = count(func(rd rdata) bool { return rd.vur })
		case "NUM":
			v = count(func(rd rdata) bool { return rd.otb })
		case "STD":
			var s int64
			for _, rd := range d.rounds {
				switch {
				case rd.pts > draw:
					s += 2
				case rd.pts == draw:
					s++
				}
			}
			v = num(s * valueScale / 2)
		case "PS":
			var cum, s Points
			for r, rd := range d.rounds {
				cum += rd.pts
				if r >= tb.Low {
					s += cum
				}
			}
			v = num(int64(s) * 100)
		case "KS":
			v = e.koya(i, tb)
		case "ARO", "TPR", "PTP":
			v = e.ratingPerformance(i, tb)
		case "APRO":
			v = e.averageOf(i, e.column(TieBreak{Name: "TPR", Low: tb.Low, High: tb.High, Unrated: tb.Unrated, Percent: 50}), false, tb)
		case "APPO":
			v = e.averageOf(i, e.column(TieBreak{Name: "PTP", Low: tb.Low, High: tb.High, Unrated: tb.Unrated, Percent: 50}), false, tb)
		case "RTNG":
			if r := e.rating(i, tb); r > 0 {
				v = num(int64(r) * valueScale)
			}
		case "TPN":
			v = num(int64(d.p.StartRank) * valueScale)
		case "COP":
			v = Value{Text: e.colourPreference(i), Defined: true}
		case "CSQ":
			var b strings.Builder
			for _, rd := range d.rounds {
				if rd.otb {
					b.WriteString(rd.col.String())
				}
			}
			v = Value{Text: b.String(), Defined: true}
		}
		out[i] = v
	}
	return out
}

// rating returns the rating used for player i in rating-based tie-breaks,
// 0 when undefined.
func (e *engine) rating(i int, tb TieBreak) int {
	unrated := tb.Unrated
	if unrated == 0 {
		unrated = e.opt.UnratedRating
	}
	if !e.allRated && unrated == 0 {
		return 0
	}
	if r := e.ps[i].p.Rating; r > 0 {
		return r
	}
	return unrated
}

// contrib is one round's contribution to a Buchholz-type tie-break.
type contrib struct {
	score int64 // the opponent's (or dummy's) score, ×10000
	value int64 // score (BH) or score × own points (SB), ×10000
	vur   bool
}

// buchholz computes BH, FB and SB (and their cuts) under art. 16.
func (e *engine) buchholz(i int, tb TieBreak) Value {
	d := &e.ps[i]
	fore := tb.Name == "FB" || tb.Fore
	sb := tb.Name == "SB" || tb.Name == "ESB"
	asPlayed := e.rr || tb.Forfeits
	draw := e.sc.Draw()
	own := d.S
	if fore {
		own = d.ownFB
	}
	adjOf := func(j int) Points {
		if fore {
			return e.ps[j].adjFB
		}
		return e.ps[j].adj
	}
	cs := make([]contrib, 0, len(d.rounds))
	for r, rd := range d.rounds {
		played := rd.otb || (asPlayed && rd.opp >= 0) || (fore && r == e.R-1 && rd.opp >= 0)
		var s Points
		vur := false
		switch {
		case played && rd.opp >= 0:
			s = adjOf(rd.opp)
		case !e.rr:
			// The dummy opponent (16.4).
			s = own
			if e.ed == Edition2026 {
				if rd.opp >= 0 {
					s = min(s, adjOf(rd.opp)) // 16.4.1
				} else {
					s = min(s, draw*Points(e.R)) // 16.4.2
				}
			}
			vur = rd.vur
		default:
			continue // round robin: a round without opponent does not count
		}
		c := contrib{score: int64(s) * 100, vur: vur}
		if sb {
			c.value = int64(s) * int64(rd.pts)
		} else {
			c.value = c.score
		}
		cs = append(cs, c)
	}
	return num(cutSum(cs, tb.Low, tb.High, e.R))
}

// cutSum removes low least significant and high most significant
// contributions (16.5: a voluntary unplayed round is cut first, unless the
// least significant contribution is worth more) and sums the rest.
func cutSum(cs []contrib, low, high, rounds int) int64 {
	low = min(low, rounds)
	high = min(high, rounds-low)
	for ; low > 0 && len(cs) > 0; low-- {
		least, vur := -1, -1
		for k, c := range cs {
			if least < 0 || c.score < cs[least].score || (c.score == cs[least].score && c.value < cs[least].value) {
				least = k
			}
			if c.vur && (vur < 0 || c.value < cs[vur].value || (c.value == cs[vur].value && c.score < cs[vur].score)) {
				vur = k
			}
		}
		cut := least
		if vur >= 0 && cs[least].value <= cs[vur].value {
			cut = vur
		}
		cs = slices.Delete(cs, cut, cut+1)
	}
	for ; high > 0 && len(cs) > 0; high-- {
		most := 0
		for k, c := range cs {
			if c.score > cs[most].score || (c.score == cs[most].score && c.value > cs[most].value) {
				most = k
			}
		}
		cs = slices.Delete(cs, most, most+1)
	}
	var s int64
	for _, c := range cs {
		s += c.value
	}
	return s
}

// averageOf averages the values of the opponents met over the board (AOB,
// APRO, APPO). AOB keeps two decimals, the others none.
func (e *engine) averageOf(i int, col []Value, fore bool, tb TieBreak) Value {
	if fore {
		col = e.column(TieBreak{Name: "FB", Low: tb.Low, High: tb.High, Forfeits: tb.Forfeits, Percent: 50})
	}
	var sum, n int64
	for _, rd := range e.ps[i].rounds {
		if rd.otb && rd.opp >= 0 && col[rd.opp].Defined {
			sum += col[rd.opp].Num
			n++
		}
	}
	if n == 0 {
		return Value{}
	}
	unit := int64(valueScale) // whole numbers
	if tb.Name == "AOB" {
		unit = 100 // hundredths
	}
	return num(roundHalfUp(sum, n*unit) * unit)
}

// koya sums the points scored against opponents who reached the limit
// (50 % of the maximum score by default).
func (e *engine) koya(i int, tb TieBreak) Value {
	maxGames := int64(e.R)
	n := int64(len(e.ps))
	if e.rr && n > 0 {
		if int64(e.R)%n == 0 {
			maxGames -= int64(e.R) / n
		}
		for j := range e.ps {
			paired := false
			for _, rd := range e.ps[j].rounds {
				if rd.opp >= 0 || rd.pab {
					paired = true
					break
				}
			}
			if !paired {
				maxGames--
			}
		}
	}
	// S(opp) >= percent% × win × maxGames + offset, in hundredths × 100.
	limit := int64(tb.Percent)*int64(e.sc.Win())*maxGames + int64(tb.Offset)*100
	var s Points
	for _, rd := range e.ps[i].rounds {
		if rd.opp >= 0 && int64(e.ps[rd.opp].S)*100 >= limit {
			s += rd.pts
		}
	}
	return num(int64(s) * 100)
}

// ratingPerformance computes ARO, TPR and PTP over the games played over
// the board (forfeits never count), after the cuts.
func (e *engine) ratingPerformance(i int, tb TieBreak) Value {
	type g struct {
		rating int
		pts    Points
	}
	var games []g
	for _, rd := range e.ps[i].rounds {
		if !rd.otb || rd.opp < 0 {
			continue
		}
		r := e.rating(rd.opp, tb)
		if r <= 0 {
			return Value{} // unrated players present and no rating for them
		}
		games = append(games, g{r, rd.rpts})
	}
	if e.rating(i, tb) <= 0 && !e.allRated {
		return Value{}
	}
	slices.SortStableFunc(games, func(a, b g) int { return a.rating - b.rating })
	low, high := min(tb.Low, len(games)), tb.High
	games = games[low:]
	high = min(high, len(games))
	games = games[:len(games)-high]
	if len(games) == 0 {
		return Value{}
	}
	ratings := make([]int, len(games))
	var score Points
	for k, x := range games {
		ratings[k] = x.rating
		score += x.pts
	}
	switch tb.Name {
	case "ARO":
		return num(aro(ratings) * valueScale)
	case "TPR":
		return num(tpr(score, ratings) * valueScale)
	}
	return num(ptp(score, ratings) * valueScale)
}

// colourPreference is the colour a player should get next (C.04.1): the
// colour played less, or the other of the last when balanced; the digit is
// 2 after two equal colours in a row, the colour difference otherwise.
func (e *engine) colourPreference(i int) string {
	cd, last, prev := 0, NoColour, NoColour
	for _, rd := range e.ps[i].rounds {
		if !rd.otb {
			continue
		}
		if rd.col == White {
			cd++
		} else if rd.col == Black {
			cd--
		}
		prev, last = last, rd.col
	}
	if last == NoColour {
		return "  "
	}
	pref := last.Opposite()
	switch {
	case cd > 0:
		pref = Black
	case cd < 0:
		pref = White
	}
	strength := cd
	if strength < 0 {
		strength = -strength
	}
	if last == prev {
		strength = 2
	}
	return fmt.Sprintf("%s%d", pref, strength)
}

// directEncounter computes DE within each group: 0 when DE does not
// separate the group, else the 1-based position inside it (tied players
// share a position).
func (e *engine) directEncounter(tb TieBreak, groups [][]int) []Value {
	out := make([]Value, len(e.ps))
	for i := range out {
		out[i] = num(0)
	}
	counted := func(rd rdata) bool {
		return rd.opp >= 0 && (rd.otb || e.rr || tb.Forfeits)
	}
	for _, g := range groups {
		if len(g) < 2 {
			continue
		}
		pos := e.deRanks(g, counted)
		separated := false
		for _, p := range pos {
			if p != pos[0] {
				separated = true
			}
		}
		if !separated {
			continue
		}
		for k, i := range g {
			out[i] = num(int64(pos[k]+1) * valueScale)
		}
	}
	return out
}

// deScale makes averages over up to 16 meetings exact.
const deScale = 720720

// deRanks returns, for each player of sub, its 0-based position by direct
// encounter within sub, applied recursively to the players still tied.
func (e *engine) deRanks(sub []int, counted func(rdata) bool) []int {
	k := len(sub)
	in := make(map[int]int, k)
	for pos, i := range sub {
		in[i] = pos
	}
	type acc struct{ sum, n int64 }
	deval := make([]int64, k)
	demax := make([]int64, k)
	metAll := true
	for pos, i := range sub {
		per := map[int]*acc{}
		for _, rd := range e.ps[i].rounds {
			if !counted(rd) {
				continue
			}
			if _, ok := in[rd.opp]; !ok {
				continue
			}
			a := per[rd.opp]
			if a == nil {
				a = &acc{}
				per[rd.opp] = a
			}
			a.sum += int64(rd.pts)
			a.n++
		}
		for _, a := range per {
			deval[pos] += a.sum * deScale / a.n
		}
		met := int64(len(per))
		demax[pos] = deval[pos] + (int64(k-1)-met)*int64(e.sc.Win())*deScale
		if !e.rr && met < int64(k-1) {
			metAll = false
		}
	}
	idx := make([]int, k)
	for j := range idx {
		idx[j] = j
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case deval[a] != deval[b]:
			if deval[a] > deval[b] {
				return -1
			}
			return 1
		case !metAll && demax[a] != demax[b]:
			if demax[a] > demax[b] {
				return -1
			}
			return 1
		}
		return e.ps[sub[a]].p.StartRank - e.ps[sub[b]].p.StartRank
	})
	rank := make([]int, k) // by sorted position
	if metAll {
		for j := 1; j < k; j++ {
			if deval[idx[j]] == deval[idx[j-1]] {
				rank[j] = rank[j-1]
			} else {
				rank[j] = j
			}
		}
	} else {
		unique := true
		for j := 1; j < k; j++ {
			best := int64(-1 << 62)
			for _, x := range idx[j:] {
				best = max(best, demax[x])
			}
			if unique && deval[idx[j-1]] > best {
				rank[j] = j
			} else {
				rank[j] = rank[j-1]
				unique = false
			}
		}
	}
	out := make([]int, k)
	for j := 0; j < k; {
		l := j + 1
		for l < k && rank[l] == rank[j] {
			l++
		}
		if l-j > 1 && l-j < k {
			group := make([]int, 0, l-j)
			for _, x := range idx[j:l] {
				group = append(group, sub[x])
			}
			subRanks := e.deRanks(group, counted)
			for m, x := range idx[j:l] {
				out[x] = rank[j] + subRanks[m]
			}
		} else {
			for _, x := range idx[j:l] {
				out[x] = rank[j]
			}
		}
		j = l
	}
	return out
}
