package tournament_test

import (
	"fmt"

	"github.com/arbiter-chess/arbiter/tournament"
)

// Standings from the games alone: three players, three rounds, one game
// per round; each player sits one round out (an unplayed round).
func ExampleFromGames() {
	g := func(id int, round, white, black, result string) tournament.GameInfo {
		return tournament.GameInfo{ID: int64(id), File: "club.pgn", Line: 1 + 10*id, Event: "Club Cup", Date: "2025.03.0" + round,
			Round: round, White: white, Black: black, Result: result, Plies: 60, Audited: true}
	}
	games := []tournament.GameInfo{
		g(0, "1", "Alpha, Anna", "Bravo, Bert", "1-0"),
		g(1, "2", "Bravo, Bert", "Charlie, Cleo", "1/2-1/2"),
		g(2, "3", "Charlie, Cleo", "Alpha, A.", "0-1"),
	}
	ev, err := tournament.FromGames(tournament.KeyOf("Club Cup", "", "", "club.pgn"), games, tournament.GamesOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	st := ev.Reconciliation.Before
	fmt.Println(st.OrderSource+":", len(ev.Players), "players,", ev.Unplayed, "unplayed rounds")
	for _, r := range st.Rows {
		fmt.Printf("%d. %s %s\n", r.Rank, r.Player.Name, r.Points)
	}
	// Output:
	// default for round robins: 3 players, 3 unplayed rounds
	// 1. Alpha, Anna 2.0
	// 2. Bravo, Bert 0.5
	// 2. Charlie, Cleo 0.5
}

// A ranking order typed by a person is read strictly.
func ExampleParseOrder() {
	order, err := tournament.ParseOrder(tournament.SplitOrder("PTS, BH/C1, SB, WIN, DE"))
	fmt.Println(order, err)
	_, err = tournament.ParseOrder([]string{"WIN/C1"})
	fmt.Println(err)
	// Output:
	// [PTS BH/C1 SB WIN DE] <nil>
	// tie-break "WIN/C1": modifier /C1 does not apply to WIN; WIN takes /R (reverse the sorting)
}
