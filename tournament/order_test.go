package tournament

import (
	"errors"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestParseOrder(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string // canonical codes, or the error's text
		mod  string // OrderError.Modifier
		err  bool
	}{
		{in: "PTS,BH/C1,SB,WIN,DE", want: "PTS BH/C1 SB WIN DE"},
		{in: "bh/m1; aro/c1 ks/l60 de/p sb/c2/p", want: "BH/M1 ARO/C1 KS/L60 DE/P SB/C2/P"},
		{in: "GE, SNO, RTG/U1000, tpr/u1400/c1", want: "REP TPN RTNG/U1000 TPR/C1/U1400"},
		{in: "BH/F, AOB/F/C1, KS/L+1, KS/K0.5, WIN/R", want: "BH/F AOB/C1/F KS/L+1 KS/L+1 WIN/R"},
		{in: "BHH", want: `tie-break "BHH": unknown tie-break; valid tie-breaks: PTS, BH[/Cn|/Mn][/P][/F][/R]`, err: true},
		{in: "COP", want: "unknown tie-break", err: true},
		{in: "BH/X1", want: `tie-break "BH/X1": unknown modifier /X1; BH takes /Cn`, mod: "/X1", err: true},
		{in: "WIN/C1", want: "modifier /C1 does not apply to WIN; WIN takes /R (reverse the sorting)", mod: "/C1", err: true},
		{in: "PTS/R", want: "PTS takes no modifier", mod: "/R", err: true},
		{in: "BH/C", want: "unreadable modifier value", mod: "/C", err: true},
		{in: "BH//C1", want: "empty modifier", mod: "/", err: true},
		{in: "KS/L101", want: "unreadable modifier value", mod: "/L101", err: true},
		{in: "", want: "empty order", err: true},
	} {
		tbs, err := ParseOrder(SplitOrder(tc.in))
		if tc.err {
			var oe *OrderError
			if err == nil || !errors.As(err, &oe) || !errors.Is(err, ErrTieBreak) || !strings.Contains(err.Error(), tc.want) || oe.Modifier != tc.mod {
				t.Errorf("ParseOrder(%q) = %v, want an OrderError with %q (modifier %q)", tc.in, err, tc.want, tc.mod)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseOrder(%q): %v", tc.in, err)
			continue
		}
		var got []string
		for _, tb := range tbs {
			got = append(got, tb.String())
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("ParseOrder(%q) = %v, want %s", tc.in, got, tc.want)
		}
	}
}

// Every code the players table has a column for is a valid order entry.
func TestParseOrderStandardTieBreaks(t *testing.T) {
	if _, err := ParseOrder(StandardTieBreaks); err != nil {
		t.Fatal(err)
	}
}

// An order from an option beats the file's records and says so; without
// one, the record and then the default for the event type.
func TestOrderSource(t *testing.T) {
	tr := mustParseFile(t, filepath.Join(tbDir, "held_swiss_5.trf"))
	order := []string{"PTS", "BH/C1", "SB", "WIN", "DE"}
	for _, tc := range []struct {
		name   string
		tie202 []string
		opt    StandingsOptions
		source string
		order  string
	}{
		{"default", nil, StandingsOptions{}, "default for Swiss events", "PTS, BH/C1, BH, SB, DE"},
		{"record", order[1:], StandingsOptions{}, "TRF record 202", "PTS, BH/C1, SB, WIN, DE"},
		{"option", []string{"SB", "BH"}, StandingsOptions{Order: order, OrderSource: "flag -tiebreaks"}, "flag -tiebreaks", "PTS, BH/C1, SB, WIN, DE"},
		{"unnamed option", nil, StandingsOptions{Order: order}, "option", "PTS, BH/C1, SB, WIN, DE"},
	} {
		c := *tr
		c.TieBreaks = tc.tie202
		st, err := ComputeStandings(&c, tc.opt)
		if err != nil {
			t.Fatal(err)
		}
		if st.OrderSource != tc.source || orderString(st.Order) != tc.order || !strings.Contains(strings.Join(st.Notes, "\n"), "tie-break order ("+tc.source+"): "+tc.order) {
			t.Errorf("%s: order %s from %q, notes %q", tc.name, orderString(st.Order), st.OrderSource, st.Notes)
		}
		for _, r := range PlayerRows(&c, st) {
			if r.TieBreakSource != tc.source || strings.Join(r.TieBreakOrder, ", ") != tc.order {
				t.Fatalf("%s: player row %s from %s", tc.name, r.TieBreakOrder, r.TieBreakSource)
			}
		}
	}
}

// The order's values are the exercise's: BH/C1, SB and WIN of Held's
// 5-round Swiss (2024 edition), ranked as announced.
func TestOrderHeldSwiss5(t *testing.T) {
	tr := mustParseFile(t, filepath.Join(tbDir, "held_swiss_5.trf"))
	header, rows, _ := readTable(t, filepath.Join(tbDir, "held_swiss_5.expected.tsv"))
	col := map[string]int{}
	for i, h := range header {
		col[h] = i
	}
	st, err := ComputeStandings(tr, StandingsOptions{Order: []string{"PTS", "BH/C1", "SB", "WIN", "DE"}})
	if err != nil {
		t.Fatal(err)
	}
	if st.Edition != Edition2024 {
		t.Fatalf("edition %s", st.Edition)
	}
	for _, row := range rows {
		sno, _ := strconv.Atoi(row[0])
		s := st.Row(sno)
		for k, h := range []string{"PTS", "BH/C1@2024", "SB@2024", "WIN"} {
			compareValue(t, "player "+row[0], st.Order[k].String(), s.Keys[k], row[col[h]])
		}
	}
	// Ranked by those keys: each row sorts after the one above.
	for i := 1; i < len(st.Rows); i++ {
		a, b := st.Rows[i-1], st.Rows[i]
		for k, tb := range st.Order {
			if c := compareValues(a.Keys[k], b.Keys[k], tb.HigherIsBetter()); c != 0 {
				if c > 0 {
					t.Errorf("%s above %s on %s", a.Player.Name, b.Player.Name, tb)
				}
				break
			}
		}
	}
}

func FuzzParseOrder(f *testing.F) {
	for _, s := range []string{"PTS,BH/C1,SB,WIN,DE", "KS/L+1/K0.5", "ARO/C1/U1400", "BH/X", "//", "AOB/F/P/R/M2", "bh:mp/c1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tbs, err := ParseOrder(SplitOrder(s))
		if err != nil {
			var oe *OrderError
			if !errors.As(err, &oe) || oe.Reason == "" {
				t.Fatalf("%q: %v is not an OrderError with a reason", s, err)
			}
			return
		}
		// The canonical spelling reads back to the same tie-breaks.
		for _, tb := range tbs {
			again, err := ParseOrder([]string{tb.String()})
			if err != nil || again[0] != tb {
				t.Fatalf("%q: %s reads back as %v, %v", s, tb, again, err)
			}
		}
	})
}
