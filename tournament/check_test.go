package tournament

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// trfPlayer writes a 001 record with the fixed columns of TRF16; rounds
// are "opp colour result" triples such as "2 w 1" or "0 - H".
func trfPlayer(rank int, name string, rating int, fed string, id int64, points string, declRank int, rounds ...string) string {
	idText := ""
	if id > 0 {
		idText = fmt.Sprint(id)
	}
	rt := ""
	if rating > 0 {
		rt = fmt.Sprint(rating)
	}
	s := fmt.Sprintf("001 %4d %1s%3s %-33s %4s %-3s %11s %-10s %4s %4d", rank, "m", "", name, rt, fed, idText, "1990/01/01", points, declRank)
	for _, r := range rounds {
		var opp int
		var col, res string
		fmt.Sscanf(r, "%d %s %s", &opp, &col, &res)
		s += fmt.Sprintf("  %4d %s %s", opp, col, res)
	}
	return s
}

// baseTRF is a clean 4-player, 2-round Swiss: Check reports infos only.
func baseTRF() []string {
	return []string{
		"012 Test Open",
		"022 Oslo",
		"032 NOR",
		"042 2024/08/01",
		"052 2024/08/02",
		"062 4",
		"072 4",
		"092 Swiss",
		"122 90+30",
		"132" + strings.Repeat(" ", 88) + "24/08/01  24/08/02",
		"XXR 2",
		trfPlayer(1, "Alpha, Anna", 2000, "NOR", 1000001, "1.5", 1, "2 w 1", "3 b ="),
		trfPlayer(2, "Bravo, Bert", 1900, "NOR", 1000002, "1.0", 2, "1 b 0", "4 w 1"),
		trfPlayer(3, "Celik, Cem", 1800, "TUR", 1000003, "1.0", 3, "4 w =", "1 w ="),
		trfPlayer(4, "Delta, Dora", 1700, "NOR", 1000004, "0.5", 4, "3 b =", "2 b 0"),
	}
}

func checkKeys(t *testing.T, lines []string) []string {
	t.Helper()
	tr, _ := Parse(strings.NewReader(strings.Join(lines, "\n")+"\n"), "c.trf")
	var out []string
	for _, f := range Check(tr) {
		if f.Severity == SeverityInfo && (f.Check == "T11") {
			continue
		}
		out = append(out, fmt.Sprintf("%s/%s@%d", f.Check, f.Severity, f.Line))
	}
	return out
}

func TestChecks(t *testing.T) {
	if got := checkKeys(t, baseTRF()); len(got) != 0 {
		t.Fatalf("baseline: %v", got)
	}
	// Line numbers of the base file: players on lines 12-15.
	const p1, p2, p3, p4 = 12, 13, 14, 15
	set := func(i int, s string) func([]string) []string {
		return func(l []string) []string { l[i-1] = s; return l }
	}
	edit := func(i int, old, new string) func([]string) []string {
		return func(l []string) []string { l[i-1] = strings.Replace(l[i-1], old, new, 1); return l }
	}
	header := func(code, s string) func([]string) []string {
		return func(l []string) []string {
			for i := range l {
				if strings.HasPrefix(l[i], code+" ") || l[i] == code {
					l[i] = s
				}
			}
			return l
		}
	}
	for _, tc := range []struct {
		name string
		mod  func([]string) []string
		want []string
	}{
		{"T1 duplicate start rank", set(p4, trfPlayer(3, "Delta, Dora", 1700, "NOR", 1000004, "0.5", 4, "3 b =", "2 b 0")),
			// The second 3 is paired against "itself" and 4 no longer exists.
			[]string{"T1/error@15", "T1/error@15", "T1/error@13", "T1/error@14", "T2/error@15"}},
		{"T1 missing opponent", edit(p3, "    4 w =", "    9 w ="), []string{"T1/error@14", "T2/error@15"}},
		{"T1 unreadable field", edit(p1, "2000", "2o00"), []string{"T1/error@12", "T6/warning@7"}},
		{"T2 colours", edit(p3, "    4 w =", "    4 b ="), []string{"T2/error@14"}},
		{"T2 results", set(p4, trfPlayer(4, "Delta, Dora", 1700, "NOR", 1000004, "0.0", 4, "3 b 0", "2 b 0")), []string{"T2/error@14"}},
		{"T3 points", edit(p2, " 1.0    2", " 2.0    2"), []string{"T3/error@13"}},
		{"T4 bye with colour", func(l []string) []string {
			l = append(l, trfPlayer(5, "Echo, Eve", 1600, "NOR", 1000005, "1.0", 0, "0 w H", "0 - H"))
			return l
		}, []string{"T4/error@16", "T6/warning@6", "T6/warning@7"}},
		{"T4 two PABs", func(l []string) []string {
			l = append(l, trfPlayer(5, "Echo, Eve", 1600, "NOR", 1000005, "1.0", 0, "0 - U"),
				trfPlayer(6, "Fox, Fay", 1500, "NOR", 1000006, "1.0", 0, "0 - U"))
			return l
		}, []string{"T4/error@0", "T6/warning@6", "T6/warning@7"}},
		{"T4 result without opponent", edit(p4, "    2 b 0", "    0 - 0"), []string{"T2/error@13", "T4/error@15"}},
		{"T5 fewer rounds than declared", header("XXR", "XXR 3"), []string{"T5/info@11"}},
		{"T5 more rounds than declared", header("XXR", "XXR 1"), []string{"T5/warning@11"}},
		{"T5 round date outside", header("132", "132"+strings.Repeat(" ", 88)+"24/08/01  24/08/09"), []string{"T5/warning@10"}},
		{"T5 no start date", header("042", "042"), []string{"T5/warning@4"}},
		{"T6 counts", header("062", "062 5 (4)"), []string{"T6/warning@6"}},
		{"T7 duplicate ID", edit(p2, "1000002", "1000001"), []string{"T7/error@13"}},
		{"T7 bad ID", edit(p2, "1000002", "10-0002"), []string{"T7/error@13"}},
		{"T7 federation and rating", edit(p2, "1900 NOR", "0900 nor"), []string{"T7/warning@13", "T7/warning@13"}},
		{"T7 birth date", edit(p2, "1990/01/01", "01.01.1990"), []string{"T7/warning@13"}},
		{"T9 declared rank", func(l []string) []string {
			l = append(l[:11], append([]string{"202 BH"}, l[11:]...)...)
			// Players 2 and 3 tie on points and BH: ranks 2 and 3 in either
			// order agree. Player 4 cannot be 3rd.
			l[13] = strings.Replace(l[13], " 1.0    2", " 1.0    3", 1)
			l[14] = strings.Replace(l[14], " 1.0    3", " 1.0    2", 1)
			l[15] = strings.Replace(l[15], " 0.5    4", " 0.5    3", 1)
			return l
		}, []string{"T9/warning@16"}},
		{"T9 ranks against points", edit(p4, " 0.5    4", " 0.5    2"), []string{"T9/warning@14"}},
		{"T10 too fast for standard", header("122", "122 60+0"), []string{"T10/error@9"}},
		{"T10 blitz", header("122", "122 3+2"), nil},
		{"T10 not ratable", header("122", "122 1+1"), []string{"T10/error@9"}},
		{"T10 Armageddon", header("122", "122 W300-B240"), []string{"T10/warning@9"}},
		{"T10 coded", func(l []string) []string { return append(l, "222 40/5400+30:1800+30") }, nil},
		{"T10 unreadable", header("122", "122 ninety minutes"), []string{"T10/info@9"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := checkKeys(t, tc.mod(baseTRF()))
			slices.Sort(got)
			want := slices.Clone(tc.want)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("got  %v\nwant %v", got, want)
				tr, _ := Parse(strings.NewReader(strings.Join(tc.mod(baseTRF()), "\n")), "c.trf")
				for _, f := range Check(tr) {
					t.Log(f)
				}
			}
		})
	}
}

// TestSwissPairingChecks covers T8 on a 4-round file.
func TestSwissPairingChecks(t *testing.T) {
	lines := []string{
		"012 T8", "042 2024/08/01", "052 2024/08/04", "122 90+30",
		trfPlayer(1, "Alpha, Anna", 2000, "NOR", 1000001, "3.0", 1, "2 w 1", "3 w =", "2 w =", "0 - U"),
		trfPlayer(2, "Bravo, Bert", 1900, "NOR", 1000002, "2.5", 2, "1 b 0", "4 b 1", "1 b =", "0 - U"),
		trfPlayer(3, "Celik, Cem", 1800, "TUR", 1000003, "1.0", 3, "4 w =", "1 b =", "4 b 0", "0 - Z"),
		trfPlayer(4, "Delta, Dora", 1700, "NOR", 1000004, "1.5", 4, "3 b =", "2 w 0", "3 w 1", "0 - Z"),
	}
	tr, err := Parse(strings.NewReader(strings.Join(lines, "\n")), "t8.trf")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range Check(tr) {
		if f.Check == "T8" || f.Check == "T4" {
			got = append(got, fmt.Sprintf("%s r%d p%d", f.Check, f.Round, f.Player))
		}
	}
	want := []string{
		"T4 r4 p0", // two PABs in round 4
		"T8 r3 p1", // 1 and 2 meet again
		"T8 r3 p1", // third White in a row for player 1
		"T8 r3 p2", // third Black in a row for player 2 (one finding per round)
		"T8 r3 p3", // 3 and 4 meet again
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("got  %v\nwant %v", got, want)
		for _, f := range Check(tr) {
			t.Log(f)
		}
	}
}
