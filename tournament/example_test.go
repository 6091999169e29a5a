package tournament_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/arbiter-chess/arbiter/tournament"
)

// Read a TRF, check it, recompute the standings under the C.07 edition of
// its start date and print the leaders.
func Example() {
	f, err := os.Open("testdata/fide-tiebreakserver/held_swiss_5.trf")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer f.Close()
	t, err := tournament.Parse(f, "held_swiss_5.trf")
	if err != nil {
		fmt.Println(err) // an ErrorList of located errors; t is still usable
	}
	errors := 0
	for _, x := range tournament.Check(t) {
		if x.Severity == tournament.SeverityError {
			errors++
		}
	}
	st, err := tournament.ComputeStandings(t, tournament.StandingsOptions{Order: []string{"PTS", "BH/C1", "BH", "SB"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(st.Edition, "-", errors, "errors")
	for _, r := range st.Rows[:4] {
		fmt.Printf("%d. %s %s (BH/C1 %s)\n", r.Rank, r.Player.Name, r.Points, st.Order[1].Format(r.Keys[1]))
	}
	// Output:
	// FIDE C.07 2024 (1 Aug 2024 - 28 Feb 2026) - 0 errors
	// 1. Bruno 4.0 (BH/C1 12.0)
	// 2. Charline 3.5 (BH/C1 13.0)
	// 3. David 3.5 (BH/C1 11.5)
	// 4. Alyx 3.5 (BH/C1 11.0)
}

// Cross-check a TRF with the games of the event.
func ExampleReconcile() {
	trf := "012 Example\n042 2024/08/01\n052 2024/08/01\n" +
		"001    1 m    Alpha, Anna                       2000 NOR     1000001 1990/01/01  1.0    1     2 w 1\n" +
		"001    2 m    Bravo, Bert                       1900 NOR     1000002 1990/01/01  0.0    2     1 b 0\n"
	t, _ := tournament.Parse(strings.NewReader(trf), "example.trf")
	games := []tournament.GameInfo{{
		ID: 1, File: "example.pgn", Line: 1, Round: "1.1", White: "Bravo, Bert", Black: "Alpha, Anna",
		Result: "0-1", Plies: 61, Audited: true, ResultByRules: "0-1",
	}}
	rec, err := tournament.Reconcile(t, games, tournament.CrossCheckOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range rec.Findings {
		fmt.Println(f.Check, f.Severity, "round", f.Round, "line", f.Line)
	}
	p := rec.Pairings[0]
	fmt.Println(p.White, p.Black, p.Result, p.GameResult, p.Rated)
	// Output:
	// P2 error round 1 line 4
	// 1 2 1-0 1-0 true
}
