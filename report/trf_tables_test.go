package report

import (
	"errors"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"
)

func TestRoundTripPlayersAndPairings(t *testing.T) {
	mem := checkedMem(t)
	dir := t.TempDir()
	players := make([]PlayerRow, 3)
	for i := range players {
		r := &players[i]
		r.SourceFile, r.SourceLine, r.StartRank, r.Name = "event.trf", int64(14+i), int32(i+1), []string{"Lindqvist, Maja", "Okafor, Daniel", "Varga, Petra"}[i]
		r.Points, r.Rank, r.Edition = 3.5-float64(i), int32(i+1), "FIDE C.07 2026 (from 1 Mar 2026)"
		r.TieBreakOrder = []string{"PTS", "BH/C1"}
		r.TieBreakValues = []float64{r.Points, 7.25}
		r.TieBreakSource = "flag -tiebreaks"
		r.BH, r.SB, r.Win, r.DE = 9.5, 6.75, 2, int32(i)
		if i != 1 { // player 2: everything optional is NULL
			r.Title, r.Sex, r.Federation, r.BirthDate = "FM", "w", "SWE", "1990/01/01"
			r.FideID.Set(int64(1000 + i))
			r.Rating.Set(int16(2000 + i))
			r.DeclaredPoints.Set(r.Points)
			r.DeclaredRank.Set(int32(i + 1))
			r.PointsByRules.Set(r.Points - 0.5)
			r.RankByRules.Set(int32(3 - i))
			r.TieBreakValuesByRules = []float64{r.Points - 0.5, 7.5}
			r.AOB.Set(8.5)
			r.TPR.Set(2100)
		}
	}
	pb := NewPlayersBuilder(mem)
	defer pb.Release()
	writeRows(t, pb, newWriter(t, dir, PlayersTable(), WriterOptions{Allocator: mem}), players, 2)
	schema, recs := readDir(t, mem, dir+"/players")
	checkSchema(t, schema, PlayersSchema())
	var got []string
	for _, rec := range recs {
		order := col[*array.List](rec, "tiebreak_order")
		values := col[*array.List](rec, "tiebreak_values")
		byRules := col[*array.List](rec, "tiebreak_values_by_rules")
		for i := 0; i < int(rec.NumRows()); i++ {
			got = append(got, col[*array.String](rec, "name").ValueStr(i)+" "+col[*array.Float64](rec, "points").ValueStr(i)+" "+
				col[*array.Int64](rec, "fide_id").ValueStr(i)+" "+col[*array.Int16](rec, "rating").ValueStr(i)+" "+
				col[*array.Float64](rec, "points_by_rules").ValueStr(i)+" "+col[*array.String](rec, "title").ValueStr(i)+" "+
				col[*array.Float64](rec, "aob").ValueStr(i)+" "+col[*array.Int32](rec, "tpr").ValueStr(i)+" "+
				order.ValueStr(i)+" "+values.ValueStr(i)+" "+byRules.ValueStr(i)+" "+col[*array.String](rec, "tiebreak_source").ValueStr(i))
		}
	}
	releaseAll(recs)
	want := []string{
		`Lindqvist, Maja 3.5 1000 2000 3 FM 8.5 2100 ["PTS","BH/C1"] [3.5,7.25] [3,7.5] flag -tiebreaks`,
		`Okafor, Daniel 2.5 (null) (null) (null) (null) (null) (null) ["PTS","BH/C1"] [2.5,7.25] (null) flag -tiebreaks`,
		`Varga, Petra 1.5 1002 2002 1 FM 8.5 2100 ["PTS","BH/C1"] [1.5,7.25] [1,7.5] flag -tiebreaks`,
	}
	if len(got) != len(want) {
		t.Fatalf("read back %d players", len(got))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("player %d:\n got %s\nwant %s", i, got[i], want[i])
		}
	}

	pairings := []PairingRow{
		{SourceFile: "event.trf", SourceLine: 14, Round: 1, Board: 1, WhiteStartRank: 1, White: "Lindqvist, Maja", Kind: "game",
			Result: "1-0", Codes: "1/0", GameResult: "1-0", Rated: true, RatedReason: "game over the board", MatchMethod: "name/name"},
		{SourceFile: "event.trf", SourceLine: 15, Round: 1, Board: 2, WhiteStartRank: 2, White: "Okafor, Daniel", Kind: "bye",
			Result: "U", Codes: "U", RatedReason: "bye: not a game"},
		{SourceFile: "event.pgn", SourceLine: 1, Round: 1, Board: 3, WhiteStartRank: 3, White: "Varga, Petra", Kind: "unplayed",
			RatedReason: "no game in the PGN for this round"},
	}
	pairings[0].BlackStartRank.Set(6)
	pairings[0].Black = "Silva, Rafael"
	pairings[0].GameID.Set(0)
	pairings[0].ResultByRules = ResultWhiteWins
	qb := NewPairingsBuilder(mem)
	defer qb.Release()
	writeRows(t, qb, newWriter(t, dir, PairingsTable(), WriterOptions{Allocator: mem}), pairings, 10)
	schema, recs = readDir(t, mem, dir+"/pairings")
	defer releaseAll(recs)
	checkSchema(t, schema, PairingsSchema())
	rec := recs[0]
	for name, want := range map[string]string{
		"game_id": "0 (null)", "black_start_rank": "6 (null)", "black": "Silva, Rafael (null)", "result_by_rules": "1-0 (null)",
		"kind": "game bye", "rated": "true false", "match_method": "name/name (null)",
	} {
		c := rec.Column(rec.Schema().FieldIndices(name)[0])
		if got := c.ValueStr(0) + " " + c.ValueStr(1); got != want {
			t.Errorf("%s: %s, want %s", name, got, want)
		}
	}

	if k := rec.Column(rec.Schema().FieldIndices("kind")[0]); k.ValueStr(2) != "unplayed" || rec.Column(rec.Schema().FieldIndices("result")[0]).IsValid(2) {
		t.Errorf("unplayed row: kind %s", k.ValueStr(2))
	}

	bad := pairings[0]
	bad.Kind = "walkover"
	if err := qb.Append(&bad); !errors.Is(err, ErrInvalidRow) {
		t.Errorf("pairing kind: %v", err)
	}
	badP := players[0]
	badP.TieBreakValues = nil
	if err := pb.Append(&badP); !errors.Is(err, ErrInvalidRow) || pb.Len()+qb.Len() != 0 {
		t.Errorf("tie-break values: %v", err)
	}
}
