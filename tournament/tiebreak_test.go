package tournament

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The expected values of testdata/fide-tiebreakserver: IA Mario Held's
// "Exercises in Tie-Breaking" (C.07-2023, with the 2026 variants) and the
// FIDE reference implementation's outputs on a file with many unplayed
// rounds, under both editions. Every value is compared exactly.

const tbDir = "testdata/fide-tiebreakserver"

func mustParseFile(t testing.TB, path string) *Tournament {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tr, err := Parse(f, filepath.Base(path))
	if err != nil {
		t.Fatalf("Parse %s: %v", path, err)
	}
	return tr
}

// readTable reads a tab-separated table with a header line; lines after
// the first blank or non-tabular line ("Check: ...") are returned apart.
func readTable(t *testing.T, path string) (header []string, rows [][]string, trailer []string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if header == nil {
			header = strings.Split(line, "\t")
			continue
		}
		cells := strings.Split(line, "\t")
		if len(cells) != len(header) {
			trailer = append(trailer, line)
			continue
		}
		rows = append(rows, cells)
	}
	return header, rows, trailer
}

func standings(t *testing.T, tr *Tournament, ed Edition, order ...string) *Standings {
	t.Helper()
	st, err := ComputeStandings(tr, StandingsOptions{Edition: ed, Order: order})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// compareValue checks one cell: a decimal, "None"/"-0" (undefined) or a
// text (COP, CSQ).
func compareValue(t *testing.T, where string, code string, got Value, want string) bool {
	t.Helper()
	if code == "COP" || code == "CSQ" {
		if got.Text != want && !(strings.TrimSpace(got.Text) == "" && strings.TrimSpace(want) == "") {
			t.Errorf("%s %s = %q, want %q", where, code, got.Text, want)
			return false
		}
		return true
	}
	w, err := ParseValue(want)
	if err != nil {
		t.Fatalf("%s %s: %v", where, code, err)
	}
	if got.Defined != w.Defined || got.Num != w.Num {
		tb, _ := ParseTieBreak(code)
		gs := tb.Format(got)
		if !got.Defined {
			gs = "undefined"
		}
		t.Errorf("%s %s = %s, want %s", where, code, gs, want)
		return false
	}
	return true
}

// TestHeldSwiss5 reproduces every value of held_swiss_5.expected.tsv under
// both editions: columns without an edition suffix hold in both.
func TestHeldSwiss5(t *testing.T) {
	tr := mustParseFile(t, filepath.Join(tbDir, "held_swiss_5.trf"))
	header, rows, _ := readTable(t, filepath.Join(tbDir, "held_swiss_5.expected.tsv"))
	for _, ed := range []Edition{Edition2024, Edition2026} {
		suffix := map[Edition]string{Edition2024: "@2024", Edition2026: "@2026"}[ed]
		st := standings(t, tr, ed)
		checked := 0
		for _, row := range rows {
			sno, _ := strconv.Atoi(row[0])
			for c := 1; c < len(header); c++ {
				code, era, hasEra := strings.Cut(header[c], "@")
				if hasEra && "@"+era != suffix {
					continue
				}
				v, err := st.Value(sno, code)
				if err != nil {
					t.Fatal(err)
				}
				compareValue(t, "edition "+ed.String()+" player "+row[0], code, v, row[c])
				checked++
			}
		}
		t.Logf("%s: %d values reproduced", ed, checked)
	}
}

// TestHeldExercisesExtra covers Held's exercises that the TSV does not
// list: APRO (ex. 21), PTP (ex. 22) and the direct-encounter ranks of
// exercises 23 and 24 (C.07-2023).
func TestHeldExercisesExtra(t *testing.T) {
	tr := mustParseFile(t, filepath.Join(tbDir, "held_swiss_5.trf"))
	st := standings(t, tr, Edition2024)
	for sno, want := range map[int]string{1: "1789", 3: "1904", 4: "1772", 16: "1805"} {
		v, _ := st.Value(sno, "APRO")
		compareValue(t, "ex. 21 player "+strconv.Itoa(sno), "APRO", v, want)
	}
	v, _ := st.Value(3, "PTP")
	compareValue(t, "ex. 22 player 3", "PTP", v, "2112")
	de := standings(t, tr, Edition2024, "PTS", "DE")
	for sno, want := range map[int]int{1: 2, 3: 2, 4: 2, 16: 2, 5: 7, 8: 7, 11: 7} {
		if got := de.Row(sno).Rank; got != want {
			t.Errorf("ex. 23/24 player %d: rank after PTS, DE = %d, want %d", sno, got, want)
		}
	}
}

// TestHeldDirectEncounter reproduces the ranks after PTS and DE of the
// round robin (ex. 26, with SB, SB/C1 and KS of ex. 14-16) and of the
// 9-round Swiss (ex. 25).
func TestHeldDirectEncounter(t *testing.T) {
	for _, tc := range []struct{ trf, tsv string }{
		{"held_round_robin.trf", "held_round_robin.expected.tsv"},
		{"held_swiss_9.trf", "held_swiss_9.expected.tsv"},
	} {
		tr := mustParseFile(t, filepath.Join(tbDir, tc.trf))
		header, rows, _ := readTable(t, filepath.Join(tbDir, tc.tsv))
		for _, ed := range []Edition{Edition2024, Edition2026} {
			st := standings(t, tr, ed, "PTS", "DE")
			checked := 0
			for _, row := range rows {
				sno, _ := strconv.Atoi(row[0])
				for c := 1; c < len(header); c++ {
					if header[c] == "DE_rank" {
						want, _ := strconv.Atoi(row[c])
						if got := st.Row(sno).Rank; got != want {
							t.Errorf("%s %s player %d: rank after PTS, DE = %d, want %d", tc.trf, ed, sno, got, want)
						}
					} else {
						v, err := st.Value(sno, header[c])
						if err != nil {
							t.Fatal(err)
						}
						compareValue(t, tc.trf+" "+ed.String()+" player "+row[0], header[c], v, row[c])
					}
					checked++
				}
			}
			t.Logf("%s %s: %d values reproduced", tc.trf, ed, checked)
		}
	}
}

// TestReferenceManyUnplayed reproduces the reference implementation's
// outputs on swiss_with_many_unplayed_rounds.trf: every tie-break of the
// .all files and the ranks of both files, with the "Check" line (whether
// the ranks written in the TRF agree).
func TestReferenceManyUnplayed(t *testing.T) {
	tr := mustParseFile(t, filepath.Join(tbDir, "swiss_with_many_unplayed_rounds.trf"))
	for _, tc := range []struct {
		file string
		ed   Edition
	}{
		{"swiss_with_many_unplayed_rounds.2026-02-28.txt", Edition2024},
		{"swiss_with_many_unplayed_rounds.2026-02-28.all.txt", Edition2024},
		{"swiss_with_many_unplayed_rounds.2026-03-01.txt", Edition2026},
		{"swiss_with_many_unplayed_rounds.2026-03-01.all.txt", Edition2026},
	} {
		header, rows, trailer := readTable(t, filepath.Join(tbDir, tc.file))
		// The ranking order is the file's columns after StartNo and Rank.
		order := header[2:]
		st := standings(t, tr, tc.ed, order...)
		if tc.ed == Edition2024 {
			// The date picks the 2024 rules by itself.
			if auto := standings(t, tr, EditionAuto); auto.Edition != Edition2024 {
				t.Errorf("auto edition = %v, want 2024", auto.Edition)
			}
		}
		checked := 0
		for _, row := range rows {
			sno, _ := strconv.Atoi(row[0])
			wantRank, _ := strconv.Atoi(row[1])
			r := st.Row(sno)
			if r.Rank != wantRank {
				t.Errorf("%s player %d: rank %d, want %d", tc.file, sno, r.Rank, wantRank)
			}
			checked++
			for c := 2; c < len(header); c++ {
				code := header[c]
				var v Value
				if code == "DE" {
					v = r.Keys[c-2] // DE is positional: its value at its place in the order
				} else {
					var err error
					if v, err = st.Value(sno, code); err != nil {
						t.Fatal(err)
					}
				}
				compareValue(t, tc.file+" player "+row[0], code, v, row[c])
				checked++
			}
		}
		// "Check: True" means the TRF's ranks agree with the computed ones.
		want := len(trailer) > 0 && strings.TrimSpace(trailer[len(trailer)-1]) == "Check: True"
		agree := true
		for _, r := range st.Rows {
			if r.Rank != r.DeclaredRank {
				agree = false
			}
		}
		if agree != want {
			t.Errorf("%s: declared ranks agree = %v, want %v", tc.file, agree, want)
		}
		t.Logf("%s: %d values reproduced", tc.file, checked+1)
	}
}

// TestEditionChoice checks the cut-over of record 042.
func TestEditionChoice(t *testing.T) {
	for _, tc := range []struct {
		date string
		want Edition
	}{
		{"2026/02/28", Edition2024}, {"2026/03/01", Edition2026}, {"", Edition2026},
		{"2024-08-01", Edition2024}, {"01/03/2026", Edition2026}, {"2019/05/04", Edition2024},
	} {
		src := "012 x\n042 " + tc.date + "\n001    1 m    A                                 1800 NOR           0             0.0    1\n"
		tr, _ := Parse(strings.NewReader(src), "x.trf")
		st, err := ComputeStandings(tr, StandingsOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if st.Edition != tc.want {
			t.Errorf("042 %q: edition %v, want %v (%s)", tc.date, st.Edition, tc.want, st.EditionReason)
		}
	}
}

// TestStandingsOptions covers the choices StandingsOptions make.
func TestStandingsOptions(t *testing.T) {
	many := mustParseFile(t, filepath.Join(tbDir, "swiss_with_many_unplayed_rounds.trf"))
	// Unrated players present: rating-based tie-breaks are undefined...
	st := standings(t, many, EditionAuto)
	if v, _ := st.Value(12, "ARO"); v.Defined {
		t.Errorf("ARO defined with unrated players: %v", v)
	}
	// ...unless a rating is given to the unrated. Player 12 (unrated) beat
	// player 14 (unrated) in his only game: ARO 1000, TPR 1000 + 800.
	st, err := ComputeStandings(many, StandingsOptions{UnratedRating: 1000})
	if err != nil {
		t.Fatal(err)
	}
	for code, want := range map[string]string{"ARO": "1000", "TPR": "1800", "PTP": "1736"} {
		v, _ := st.Value(12, code)
		compareValue(t, "unrated 1000, player 12", code, v, want)
	}
	if v, _ := st.Value(12, "ARO/U1200"); v.Num != 1200*valueScale {
		t.Errorf("ARO/U1200 = %v", v)
	}

	// System: the round robin is recognised from its pairings.
	rr := mustParseFile(t, filepath.Join(tbDir, "held_round_robin.trf"))
	if st := standings(t, rr, EditionAuto); !st.RoundRobin || st.Order[1].Name != "DE" {
		t.Errorf("round robin: %v, order %v", st.RoundRobin, st.Order)
	}
	if st := standings(t, many, EditionAuto); st.RoundRobin {
		t.Error("Swiss taken for a round robin")
	}
	// Forced to Swiss, the forfeit 5-6 no longer counts as a game: direct
	// encounter can no longer separate 4, 5 and 6 (ranks 6, 5, 4 as a
	// round robin).
	forced, err := ComputeStandings(rr, StandingsOptions{System: SystemSwiss, Order: []string{"PTS", "DE"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, sno := range []int{4, 5, 6} {
		if r := forced.Row(sno).Rank; r != 4 {
			t.Errorf("forced Swiss: player %d rank %d, want 4 (shared)", sno, r)
		}
	}

	// W/D/L: games by default, unplayed rounds on request.
	src := "012 short\n042 2024/08/01\n" +
		trfPlayer(1, "Alpha, Anna", 2000, "NOR", 1, "2.0", 1, "2 w W", "3 b 1") + "\n" +
		trfPlayer(2, "Bravo, Bert", 1900, "NOR", 2, "0.5", 2, "1 b L", "4 w =") + "\n" +
		trfPlayer(3, "Celik, Cem", 1800, "TUR", 3, "1.0", 3, "4 w 1", "1 w 0") + "\n" +
		trfPlayer(4, "Delta, Dora", 1700, "NOR", 4, "0.5", 4, "3 b 0", "2 b =") + "\n"
	tr, err := Parse(strings.NewReader(src), "short.trf")
	if err != nil {
		t.Fatal(err)
	}
	played, _ := ComputeStandings(tr, StandingsOptions{})
	unplayed, _ := ComputeStandings(tr, StandingsOptions{ShortGamesUnplayed: true})
	for _, tc := range []struct {
		st   *Standings
		code string
		want string
	}{
		{played, "NUM", "2"}, {unplayed, "NUM", "1"}, {played, "BH", "1.5"}, {unplayed, "BH", "3.0"},
		{played, "WON", "2"}, {unplayed, "WON", "1"}, {played, "WIN", "2"}, {unplayed, "WIN", "2"},
	} {
		v, _ := tc.st.Value(1, tc.code)
		compareValue(t, fmt.Sprintf("short games unplayed=%v", tc.st == unplayed), tc.code, v, tc.want)
	}
	if _, err := played.Value(1, "EDET"); !errors.Is(err, ErrTieBreak) {
		t.Errorf("team tie-break: %v", err)
	}
	if _, err := ComputeStandings(tr, StandingsOptions{Order: []string{"BH/Q"}}); !errors.Is(err, ErrTieBreak) {
		t.Errorf("bad order: %v", err)
	}

	// Team events: the team order is not applied and the notes say so.
	team := mustParseFile(t, "testdata/echecsjs-trf/trf26_team.trf")
	st, err = ComputeStandings(team, StandingsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	_ = st
	cp, _ := Parse(strings.NewReader(strings.Join(strings.Split(readFile(t, "testdata/chesspairing/trf2026-team.trf"), "\n"), "\n")), "cp.trf")
	st, err = ComputeStandings(cp, StandingsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(st.Notes, "\n"), "team tie-break order (EDET/P,BH:MP/C1/P)") {
		t.Errorf("team notes: %v", st.Notes)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
