package report

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
)

var update = flag.Bool("update", false, "rewrite duckcheck/expected.json from the Go schemas")

// duckType returns the type DuckDB's DESCRIBE reports for an Arrow type
// read from our Parquet files.
func duckType(t arrow.DataType) string {
	switch t := t.(type) {
	case *arrow.Int16Type:
		return "SMALLINT"
	case *arrow.Int32Type:
		return "INTEGER"
	case *arrow.Int64Type:
		return "BIGINT"
	case *arrow.Float64Type:
		return "DOUBLE"
	case *arrow.StringType:
		return "VARCHAR"
	case *arrow.BooleanType:
		return "BOOLEAN"
	case *arrow.Date32Type:
		return "DATE"
	case *arrow.Time32Type:
		return "TIME"
	case *arrow.MapType:
		return fmt.Sprintf("MAP(%s, %s)", duckType(t.KeyType()), duckType(t.ItemType()))
	case *arrow.ListType:
		return duckType(t.Elem()) + "[]"
	case *arrow.DictionaryType:
		return duckType(t.ValueType) // a dictionary-encoded Parquet column
	}
	panic("no DuckDB type for " + t.String())
}

// expectedJSON renders the column contract the DuckDB check verifies.
func expectedJSON() []byte {
	type table struct {
		Columns  []string `json:"columns"`            // "name TYPE"
		Optional []string `json:"optional,omitempty"` // trailing columns that depend on options
	}
	cols := func(s *arrow.Schema) (c []string) {
		for _, f := range s.Fields() {
			c = append(c, f.Name+" "+duckType(f.Type))
		}
		return c
	}
	out := struct {
		SchemaVersion string           `json:"schema_version"`
		Tables        map[string]table `json:"tables"`
	}{SchemaVersion, map[string]table{
		GamesTableName:     {Columns: cols(GamesSchema())},
		MovesTableName:     {Columns: cols(MovesSchema(false)), Optional: cols(MovesSchema(true))[MovesSchema(false).NumFields():]},
		FindingsTableName:  {Columns: cols(FindingsSchema())},
		PositionsTableName: {Columns: cols(PositionsSchema())},
		PlayersTableName:   {Columns: cols(PlayersSchema())},
		PairingsTableName:  {Columns: cols(PairingsSchema())},
	}}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

func TestDuckcheckExpectedMatchesSchemas(t *testing.T) {
	const path = "duckcheck/expected.json"
	want := expectedJSON()
	if *update {
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is out of date with the Go schemas: run go test ./report -run Duckcheck -update", path)
	}
}

// TestContract pins the column list of each table, so that a change to the
// contract is a deliberate edit of this test (and of SchemaVersion).
func TestContract(t *testing.T) {
	const dict8 = "dictionary<values=utf8, indices=int8, ordered=false>"
	const dict16 = "dictionary<values=utf8, indices=int16, ordered=false>"
	const dict32 = "dictionary<values=utf8, indices=int32, ordered=false>"
	contract := map[string]string{
		"games": "game_id:int64 source_file:utf8 source_offset:int64 source_line:int64 " +
			"event?:utf8 site?:utf8 date?:date32 date_text?:utf8 event_date?:date32 event_date_text?:utf8 utc_date?:date32 utc_time?:time32[ms] round?:utf8 white?:utf8 black?:utf8 result?:utf8 " +
			"white_elo?:int16 black_elo?:int16 white_rating_diff?:int16 black_rating_diff?:int16 " +
			"white_title?:utf8 black_title?:utf8 eco?:utf8 opening?:utf8 opening_eco?:utf8 opening_name?:utf8 opening_ply?:int32 termination?:utf8 time_control?:utf8 variant?:utf8 start_fen?:utf8 " +
			"tags:map<utf8, utf8, items_non_nullable> movetext:utf8 plies_recorded:int32 plies_replayed:int32 end_kind?:utf8 end_ply?:int32 " +
			"result_by_rules?:utf8 result_ok?:bool first_error_ply?:int32 threefold_ply?:int32 threefold_claim_ply?:int32 " +
			"fifty_ply?:int32 fivefold_ply?:int32 seventyfive_ply?:int32 dead_ply?:int32 final_fen:utf8 notation_language:utf8 " +
			"error_count:int32 warning_count:int32 info_count:int32 audited:bool unchecked_plies:int32 white_can_mate?:bool black_can_mate?:bool " +
			"duplicate_of?:int64 same_tags?:bool",
		"moves": "game_id:int64 ply:int32 move_number:int32 color:" + dict8 + " san:" + dict32 + " uci:" + dict16 + " piece?:" + dict8 +
			" from_square?:" + dict8 + " to_square?:" + dict8 + " captured?:" + dict8 + " promotion?:" + dict8 + " is_check:bool is_mate:bool clock_ms?:int64 emt_ms?:int64 eval_cp?:int32 eval_mate?:int32 " +
			"nags?:list<element: int32> comment?:utf8 halfmove_clock:int32 repetition_count:int32 zobrist:int64 fen:utf8",
		"findings": "game_id?:int64 ply?:int32 move_number?:int32 color?:utf8 kind:utf8 severity:utf8 article?:utf8 message:utf8 " +
			"san?:utf8 fen?:utf8 witness?:utf8 source_file:utf8 source_line?:int64 check_id?:utf8",
		"positions": "position_id:int64 source_file:utf8 source_line:int64 fen:utf8 valid:bool problems:list<element: utf8> " +
			"side_to_move?:utf8 in_check?:bool checkmate?:bool stalemate?:bool dead?:bool white_can_mate?:bool black_can_mate?:bool legal_moves?:int32",
		"players": "source_file:utf8 source_line:int64 event?:utf8 start_rank:int32 name:utf8 title?:utf8 sex?:utf8 federation?:utf8 fide_id?:int64 " +
			"rating?:int16 birth_date?:utf8 points:float64 declared_points?:float64 rank:int32 declared_rank?:int32 " +
			"points_by_rules?:float64 rank_by_rules?:int32 tiebreak_order:list<element: utf8> tiebreak_values:list<element: float64> " +
			"tiebreak_values_by_rules?:list<element: float64> tiebreak_source:utf8 " +
			"bh:float64 bh_c1:float64 bh_c2:float64 bh_m1:float64 bh_m2:float64 fb:float64 aob?:float64 sb:float64 sb_c1:float64 sb_c2:float64 " +
			"win:int32 won:int32 bpg:int32 bwg:int32 rep:int32 ps:float64 ps_c1:float64 ks:float64 de:int32 " +
			"aro?:int32 aro_c1?:int32 tpr?:int32 ptp?:int32 rated_games:int32 edition:utf8",
		"pairings": "source_file:utf8 source_line:int64 event?:utf8 round:int32 board:int32 white_start_rank:int32 white:utf8 " +
			"black_start_rank?:int32 black?:utf8 kind:utf8 result?:utf8 codes:utf8 game_id?:int64 game_result?:utf8 " +
			"result_by_rules?:utf8 rated:bool rated_reason:utf8 match_method?:utf8",
	}
	for _, tb := range Tables(true) {
		var cols []string
		for _, f := range tb.Schema.Fields() {
			n := f.Name
			if f.Nullable {
				n += "?"
			}
			cols = append(cols, n+":"+strings.ReplaceAll(f.Type.String(), ", nullable", ""))
		}
		if got := strings.Join(cols, " "); got != contract[tb.Name] {
			t.Errorf("%s columns:\n got %s\nwant %s", tb.Name, got, contract[tb.Name])
		}
	}
	if MovesSchema(false).NumFields() != MovesSchema(true).NumFields()-1 {
		t.Error("moves without FEN must be moves with FEN minus the last column")
	}
}
