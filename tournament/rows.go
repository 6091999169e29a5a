package tournament

import (
	"fmt"
	"slices"
)

// PlayerRow is one row of the players table. Tie-break values that can be
// undefined (rating-based ones with unrated players present, averages over
// no game) are pointers: nil is NULL.
type PlayerRow struct {
	File       string
	StartRank  int
	Name       string
	Title      string
	Sex        string
	Federation string
	FideID     int64 // 0 = none
	Rating     int   // 0 = unrated
	BirthDate  string

	Points         float64  // recomputed from the results
	DeclaredPoints *float64 // columns 81-84, nil when blank

	BH, BHC1, BHC2, BHM1, BHM2 float64 // Buchholz, cut 1, cut 2, median 1, median 2
	FB                         float64 // Fore Buchholz
	AOB                        *float64
	SB, SBC1, SBC2             float64 // Sonneborn-Berger and its cuts
	Wins, Won, BPG, BWG, REP   int     // WIN, WON, BPG, BWG, REP
	PS, PSC1                   float64 // progressive score, cut 1
	KS                         float64 // Koya
	DE                         int     // direct encounter position within the points group, 0 = not separated
	ARO, AROC1, TPR, PTP       *int

	// OrderValues are the values of TieBreakOrder (PTS first), as floats;
	// COP/CSQ and undefined values are NaN-free zeros.
	TieBreakOrder []string
	OrderValues   []float64
	// TieBreakSource says where the order came from (Standings.OrderSource).
	TieBreakSource string

	Rank         int // recomputed, tied players share it
	DeclaredRank int // columns 86-89, 0 = none
	RatedGames   int // games rated under B.02 §5.1
	Edition      string
}

// PlayerRows builds the players table from the standings, in rank order.
func PlayerRows(t *Tournament, st *Standings) []PlayerRow {
	col := func(code string) []Value {
		tb, err := ParseTieBreak(code)
		if err != nil {
			panic(err) // the codes below are constants
		}
		return st.Column(tb)
	}
	cols := map[string][]Value{}
	for _, c := range StandardTieBreaks {
		cols[c] = col(c)
	}
	idx := make(map[int]int, len(t.Players))
	for i := range t.Players {
		if _, ok := idx[t.Players[i].StartRank]; !ok {
			idx[t.Players[i].StartRank] = i
		}
	}
	order := make([]string, len(st.Order))
	for i, tb := range st.Order {
		order[i] = tb.String()
	}
	rows := make([]PlayerRow, 0, len(st.Rows))
	for _, s := range st.Rows {
		i := idx[s.StartRank]
		p := s.Player
		f := func(c string) float64 { return cols[c][i].Float64() }
		n := func(c string) int { return int(cols[c][i].Num / valueScale) }
		opt := func(c string) *int {
			if v := cols[c][i]; v.Defined {
				x := int(v.Num / valueScale)
				return &x
			}
			return nil
		}
		r := PlayerRow{
			File: t.File, StartRank: p.StartRank, Name: p.Name, Title: p.Title, Sex: p.Sex, Federation: p.Federation,
			FideID: p.FideID, Rating: p.Rating, BirthDate: p.BirthDate,
			Points: s.Points.Float64(),
			BH:     f("BH"), BHC1: f("BH/C1"), BHC2: f("BH/C2"), BHM1: f("BH/M1"), BHM2: f("BH/M2"), FB: f("FB"),
			SB: f("SB"), SBC1: f("SB/C1"), SBC2: f("SB/C2"),
			Wins: n("WIN"), Won: n("WON"), BPG: n("BPG"), BWG: n("BWG"), REP: n("REP"),
			PS: f("PS"), PSC1: f("PS/C1"), KS: f("KS"), DE: n("DE"),
			ARO: opt("ARO"), AROC1: opt("ARO/C1"), TPR: opt("TPR"), PTP: opt("PTP"),
			TieBreakOrder: order, TieBreakSource: st.OrderSource, Rank: s.Rank, DeclaredRank: s.DeclaredRank, Edition: st.Edition.String(),
		}
		if p.HasPoints {
			v := p.Points.Float64()
			r.DeclaredPoints = &v
		}
		if v := cols["AOB"][i]; v.Defined {
			x := v.Float64()
			r.AOB = &x
		}
		for k := range st.Order {
			r.OrderValues = append(r.OrderValues, s.Keys[k].Float64())
		}
		for _, res := range p.Results {
			if res.Rated() {
				r.RatedGames++
			}
		}
		rows = append(rows, r)
	}
	return rows
}

// PairingRow is one row of the pairings table: a pairing or a bye of one
// round.
type PairingRow struct {
	File         string
	Round        int
	Board        int // from the matched game's Round tag ("r.b"), else the order of the round (by the better start rank)
	White, Black int // start ranks; Black is 0 for a bye (White is then the player)
	WhiteName    string
	BlackName    string
	// Kind is "game", "forfeit", "short" (less than one move) or "bye".
	Kind string
	// Result as reported in the TRF: "1-0", "0-1", "1/2-1/2" for games and
	// short games, "+-", "-+", "--" for forfeits, the code for byes
	// ("U", "F", "H", "Z").
	Result        string
	Codes         string // the TRF codes of White and Black, e.g. "1/0"
	GameResult    string // the matched game's Result tag, oriented to the TRF's White; "" when no game
	ResultByRules string // the result the Laws give for the matched game, oriented likewise
	Rated         bool
	RatedReason   string
	HasGame       bool
	GameID        int64
	MatchMethod   string // how the game's players were found: "fide_id", "name", "name_fuzzy" (White/Black)
	Line          int    // TRF line of the White player's (or bye's) record
}

func (x *xcheck) pairingRows() {
	t := x.t
	type item struct {
		round, first, idx int
		bye               bool
	}
	var items []item
	for i, p := range x.pairs {
		items = append(items, item{p.round, min(p.white, p.black), i, false})
	}
	for i := range t.Players {
		p := &t.Players[i]
		for r, res := range p.Results {
			if res.Opponent == 0 && res.Code != ' ' {
				items = append(items, item{r + 1, p.StartRank + 1<<20, i, true})
			}
		}
	}
	slices.SortStableFunc(items, func(a, b item) int {
		if a.round != b.round {
			return a.round - b.round
		}
		return a.first - b.first
	})
	board, round := 0, 0
	for _, it := range items {
		if it.round != round {
			round, board = it.round, 0
		}
		board++
		if it.bye {
			p := &t.Players[it.idx]
			res := p.Result(it.round)
			x.rec.Pairings = append(x.rec.Pairings, PairingRow{
				File: t.File, Round: it.round, Board: board, White: p.StartRank, WhiteName: p.Name, Kind: "bye",
				Result: string(res.Code), Codes: string(res.Code), RatedReason: "bye: not a game", Line: p.Line,
			})
			continue
		}
		pr := &x.pairs[it.idx]
		w, b := t.Player(pr.white), t.Player(pr.black)
		row := PairingRow{File: t.File, Round: pr.round, Board: board, White: pr.white, Black: pr.black,
			WhiteName: w.Name, BlackName: b.Name, Codes: string(pr.wcode) + "/" + string(pr.bcode), Line: pr.line}
		if pr.board > 0 {
			row.Board = pr.board
		}
		switch pr.wcode {
		case '1', '=', '0':
			row.Kind, row.Result, row.Rated, row.RatedReason = "game", codeResult(pr.wcode).String(), true, "game over the board (B.02 §5.1)"
		case 'W', 'D', 'L':
			row.Kind, row.Result, row.RatedReason = "short", codeResult(pr.wcode).String(), "game of less than one move: not rated (B.02 §5.1)"
		case '+', '-':
			row.Kind, row.Result, row.RatedReason = "forfeit", string(pr.wcode)+string(pr.bcode), "forfeit: not rated (B.02 §5.1)"
		default:
			row.Kind, row.Result, row.RatedReason = "game", "", fmt.Sprintf("unknown result code %q", pr.wcode)
		}
		if pr.game >= 0 {
			g := &x.games[pr.game]
			m := x.rec.Matches[pr.match]
			row.HasGame, row.GameID = true, g.ID
			row.GameResult, row.ResultByRules = g.Result, g.ResultByRules
			if m.Swapped {
				row.GameResult, row.ResultByRules = flipResult(g.Result), flipResult(g.ResultByRules)
			}
			row.MatchMethod = m.WhiteMethod + "/" + m.BlackMethod
			moved := g.Plies >= 2
			switch {
			case row.Kind == "game" && !moved:
				row.Rated, row.RatedReason = false, fmt.Sprintf("the PGN game has %d plies, fewer than one move each: not rated (B.02 §5.1)", g.Plies)
			case row.Kind != "game" && moved:
				row.Rated, row.RatedReason = true, fmt.Sprintf("the TRF has %s but the PGN game has %d plies: both players moved, so it is rated (B.02 §5.1)", row.Kind, g.Plies)
			}
		}
		x.rec.Pairings = append(x.rec.Pairings, row)
	}
}
