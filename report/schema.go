package report

import (
	"github.com/apache/arrow-go/v18/arrow"
)

// SchemaVersion is the version of the table contract. It is stored in the
// key-value metadata of every part file (key "arbiter.schema_version") and
// in summary.json. It changes when a column is renamed, removed or retyped;
// adding a column bumps it too. Version 2: findings.game_id nullable and
// findings.check_id added (TRF findings); players and pairings tables.
// Version 3: a null move has NULL piece and squares. Version 4: the moves
// table's color, piece, from_square, to_square, captured and promotion are
// dictionary<int8, string> columns (still VARCHAR in DuckDB). Version 5:
// moves.uci is a dictionary<int16, string> column over every UCI move of a
// chess piece (VARCHAR in DuckDB). Version 6: players.tiebreak_values_by_rules
// and tiebreak_source; pairings.kind may be unplayed (standings from the
// games alone); games.date is a date32 (the Date tag when complete) and the
// tag as written is games.date_text; games.event_date and event_date_text
// (the EventDate tag, before in the tags map); games.opening_eco,
// opening_name and opening_ply (the opening named by position);
// games.duplicate_of and same_tags. Version 7: game ids are the source
// number above the game's byte offset (stable across runs and machines);
// games.game_index is gone. Version 8: players.event and pairings.event.
const SchemaVersion = "8"

// Metadata keys stored in every part file's key-value metadata.
const (
	MetaTable         = "arbiter.table"
	MetaSchemaVersion = "arbiter.schema_version"
)

// Table names: each is the name of the table's folder under the output
// directory.
const (
	GamesTableName     = "games"
	MovesTableName     = "moves"
	FindingsTableName  = "findings"
	PositionsTableName = "positions"
)

// Table describes one output table: its folder name, its Arrow schema and
// the Parquet encoding choices that go with it.
type Table struct {
	// Name is the folder name under the output directory ("moves").
	Name string
	// Schema is the Arrow schema of every batch and part file.
	Schema *arrow.Schema
	// plain lists the columns written without dictionary encoding (long,
	// mostly unique values).
	plain []string
	// delta lists the integer columns written with DELTA_BINARY_PACKED:
	// ids, counters and clocks that change by small steps from row to row
	// shrink to a few bits per value before compression.
	delta []string
	// nostats lists the columns written without min/max statistics (and so
	// without a column index), besides the fixed-vocabulary ones: values
	// like SAN that every row group holds from end to end, so that
	// statistics could never let a reader skip one.
	nostats []string
}

// noStats returns the columns written without statistics: t.nostats and
// every fixed-vocabulary column. A fixed vocabulary (colours, pieces,
// squares) appears whole in every row group, so min/max statistics could
// never skip one, and arrow-go would find the distinct values of every
// batch to compute them (a twentieth of the moves table's cost).
func (t Table) noStats() []string {
	cols := append([]string(nil), t.nostats...)
	for _, f := range t.Schema.Fields() {
		if f.Type.ID() == arrow.DICTIONARY {
			cols = append(cols, f.Name)
		}
	}
	return cols
}

// PlainColumns returns the columns that are written without dictionary
// encoding. All other columns use dictionary encoding, with the writer
// falling back to plain encoding when a dictionary grows too large.
func (t Table) PlainColumns() []string { return append([]string(nil), t.plain...) }

var (
	str     = arrow.BinaryTypes.String
	i16     = arrow.PrimitiveTypes.Int16
	i32     = arrow.PrimitiveTypes.Int32
	i64     = arrow.PrimitiveTypes.Int64
	boolean = arrow.FixedWidthTypes.Boolean
	date32  = arrow.FixedWidthTypes.Date32
	timeMS  = arrow.FixedWidthTypes.Time32ms

	// tagsType is map<string, string> with non-null values.
	tagsType = arrow.MapOfFields(arrow.Field{Type: str}, arrow.Field{Type: str})
	// nagsType and problemsType use the Parquet element name and
	// non-nullable elements, so that the stored schema and the one read
	// back are identical.
	nagsType     = arrow.ListOfField(arrow.Field{Name: "element", Type: i32})
	problemsType = arrow.ListOfField(arrow.Field{Name: "element", Type: str})
	// vocab is a string from a small fixed vocabulary, stored as an int8
	// index into a dictionary (see dictCol).
	vocab = &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int8, ValueType: str}
	// vocab16 and vocab32 are the same with int16 and int32 indices, for
	// the UCI and SAN moves.
	vocab16 = &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int16, ValueType: str}
	vocab32 = &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int32, ValueType: str}
)

func req(name string, t arrow.DataType) arrow.Field {
	return arrow.Field{Name: name, Type: t}
}

func opt(name string, t arrow.DataType) arrow.Field {
	return arrow.Field{Name: name, Type: t, Nullable: true}
}

func newSchema(table string, fields ...arrow.Field) *arrow.Schema {
	md := arrow.NewMetadata(
		[]string{MetaTable, MetaSchemaVersion},
		[]string{table, SchemaVersion})
	return arrow.NewSchema(fields, &md)
}

// gamesFields is the column list of the games table, in order.
var gamesFields = []arrow.Field{
	req("game_id", i64),       // source number << 40 | the game's byte offset (plan.GameID)
	req("source_file", str),   // input path as given
	req("source_offset", i64), // byte offset of the game in the decompressed stream
	req("source_line", i64),   // 1-based line of the game's first tag
	opt("event", str),
	opt("site", str),
	opt("date", date32),         // the Date tag when it is a complete date
	opt("date_text", str),       // the Date tag as written
	opt("event_date", date32),   // the EventDate tag when it is a complete date
	opt("event_date_text", str), // the EventDate tag as written
	opt("utc_date", date32),     // UTCDate; NULL when absent or unparseable
	opt("utc_time", timeMS),     // UTCTime, milliseconds since midnight
	opt("round", str),
	opt("white", str),
	opt("black", str),
	opt("result", str), // the Result tag as written
	opt("white_elo", i16),
	opt("black_elo", i16),
	opt("white_rating_diff", i16),
	opt("black_rating_diff", i16),
	opt("white_title", str),
	opt("black_title", str),
	opt("eco", str),
	opt("opening", str),
	opt("opening_eco", str),  // the opening named by position (Lichess's list)
	opt("opening_name", str), // its name
	opt("opening_ply", i32),  // the ply of the named position
	opt("termination", str),
	opt("time_control", str),
	opt("variant", str),
	opt("start_fen", str), // the FEN tag as written
	req("tags", tagsType), // every other tag, in file order
	req("movetext", str),  // normalized English SAN with move numbers
	req("plies_recorded", i32),
	req("plies_replayed", i32),
	opt("end_kind", str),
	opt("end_ply", i32),
	opt("result_by_rules", str),
	opt("result_ok", boolean),
	opt("first_error_ply", i32),
	opt("threefold_ply", i32),
	opt("threefold_claim_ply", i32),
	opt("fifty_ply", i32),
	opt("fivefold_ply", i32),
	opt("seventyfive_ply", i32),
	opt("dead_ply", i32),
	req("final_fen", str),
	req("notation_language", str),
	req("error_count", i32),
	req("warning_count", i32),
	req("info_count", i32),
	req("audited", boolean),
	req("unchecked_plies", i32),
	opt("white_can_mate", boolean),
	opt("black_can_mate", boolean),
	opt("duplicate_of", i64),  // game_id of the first occurrence of the same game; NULL when first
	opt("same_tags", boolean), // a duplicate's tags are those of its first occurrence
}

// The games table has no dictionary-encoded column: its size is the
// movetext's, whatever the encoding of the small columns (a dictionary for
// event, result, eco and the like saves little of it), while arrow-go's
// dictionary encoder allocates per string value: plain encoding costs the
// writer much less CPU per game.
var gamesTable = Table{
	Name:   GamesTableName,
	Schema: newSchema(GamesTableName, gamesFields...),
	plain:  fieldNames(gamesFields),
	// consecutive ids delta-pack to almost nothing: cheaper to encode and
	// compress than their plain int64s, and smaller
	delta: []string{"game_id"},
	// a game's whole movetext or final position as min/max prunes nothing
	// and would copy two of them into every row group's metadata
	nostats: []string{"movetext", "final_fen"},
}

func fieldNames(fs []arrow.Field) []string {
	names := make([]string, len(fs))
	for i, f := range fs {
		names[i] = f.Name
	}
	return names
}

// GamesTable returns the games table: one row per game.
//
//	game_id int64             source number << 40 | byte offset of the game in
//	                          its decompressed text: stable, sorts in input order
//	source_file string        input path as given on the command line
//	source_offset int64       byte offset of the game in the decompressed stream
//	source_line int64         1-based line of the game's first line
//	event, site string        tags as written (NULL when absent)
//	date date32               the Date tag when it is a complete date
//	date_text string          the Date tag as written
//	event_date date32, event_date_text string   the same for EventDate
//	utc_date date32           UTCDate (NULL when absent or unparseable)
//	utc_time time32[ms]       UTCTime as milliseconds since midnight
//	round, white, black, result string
//	white_elo, black_elo int16               NULL when absent, "?" or unparseable
//	white_rating_diff, black_rating_diff int16
//	white_title, black_title, eco, opening, termination, time_control,
//	variant, start_fen string                tags as written
//	opening_eco, opening_name string, opening_ply int32
//	                          the last position of the game that Lichess's
//	                          opening list names (NULL for Chess960 and FEN
//	                          starts, and when none is named)
//	tags map<string,string>   every other tag, in file order (never NULL)
//	movetext string           normalized English SAN with move numbers
//	plies_recorded, plies_replayed int32
//	end_kind string           checkmate | stalemate | dead_position |
//	                          fivefold_repetition | seventyfive_move_rule
//	end_ply int32, result_by_rules string, result_ok bool
//	first_error_ply, threefold_ply, threefold_claim_ply, fifty_ply,
//	fivefold_ply, seventyfive_ply, dead_ply int32
//	final_fen string, notation_language string
//	error_count, warning_count, info_count int32
//	audited bool              the rules were checked (false: unsupported variant)
//	unchecked_plies int32     recorded plies that were not checked
//	white_can_mate, black_can_mate bool      at the final position; NULL = undetermined
//	duplicate_of int64        the game_id of the first occurrence of the same
//	                          game (same start and moves); NULL when first
//	same_tags bool            a duplicate's tags equal its first occurrence's
func GamesTable() Table { return gamesTable }

// GamesSchema returns the Arrow schema of the games table.
func GamesSchema() *arrow.Schema { return gamesTable.Schema }

var movesFields = []arrow.Field{
	req("game_id", i64),
	req("ply", i32),
	req("move_number", i32),
	req("color", vocab), // "white" or "black"
	req("san", vocab32), // normalized English SAN: see chess.SANVocabulary
	req("uci", vocab16), // every UCI move of a chess piece: see chess.UCIVocabulary
	opt("piece", vocab), // P N B R Q K; NULL for a null move ("--")
	opt("from_square", vocab),
	opt("to_square", vocab),
	opt("captured", vocab),
	opt("promotion", vocab),
	req("is_check", boolean),
	req("is_mate", boolean),
	opt("clock_ms", i64),
	opt("emt_ms", i64),
	opt("eval_cp", i32),
	opt("eval_mate", i32),
	opt("nags", nagsType),
	opt("comment", str),
	req("halfmove_clock", i32),
	req("repetition_count", i32),
	req("zobrist", i64),
}

// movesPlain lists the moves columns without dictionary encoding: long
// unique values, and SAN and UCI, whose vocabularies are small enough for
// zstd to compress them almost as well as a dictionary would (the table
// grows a little) but which arrow-go's dictionary encoder would hash, with
// an allocation, per value (a large share of the writer's CPU). The
// columns of fixed vocabularies (colour, pieces, squares) are dictionary
// arrays from the start: see dictCol. The integer columns are plain too:
// less of the writer's CPU for a slightly larger table.
var movesPlain = []string{"game_id", "ply", "move_number", "clock_ms", "emt_ms", "eval_cp", "eval_mate",
	"comment", "halfmove_clock", "repetition_count", "zobrist"}

// movesDelta lists the moves columns written with DELTA_BINARY_PACKED:
// game_id, the clock and the halfmove clock, which delta packing shrinks
// far below their plain size. ply, move_number and repetition_count stay
// plain: arrow-go's delta packing costs more per value than zstd spends
// on their plain bytes, for a table no smaller.
var movesDelta = []string{"game_id", "halfmove_clock", "clock_ms"}

var (
	movesTable = Table{
		Name:   MovesTableName,
		Schema: newSchema(MovesTableName, movesFields...),
		plain:  movesPlain,
		delta:  movesDelta,
	}
	movesTableFEN = Table{
		Name:    MovesTableName,
		Schema:  newSchema(MovesTableName, append(movesFields[:len(movesFields):len(movesFields)], req("fen", str))...),
		plain:   append(movesPlain[:len(movesPlain):len(movesPlain)], "fen"),
		delta:   movesDelta,
		nostats: []string{"fen"},
	}
)

// MovesTable returns the moves table: one row per replayed ply. The fen
// column exists only when withFEN is true.
//
//	game_id int64, ply int32 (1-based), move_number int32
//	color string              "white" | "black" (dictionary<int8, string>)
//	san string                normalized English SAN
//	uci string                e.g. "e2e4", "e7e8q"
//	piece string              moving piece: P N B R Q K (dictionary)
//	from_square, to_square string            e.g. "e2" (dictionary)
//	captured string           captured piece letter, NULL if none (dictionary)
//	promotion string          promotion piece letter, NULL if none (dictionary)
//	is_check, is_mate bool
//	clock_ms, emt_ms int64    [%clk] and [%emt] comments, NULL when absent
//	eval_cp, eval_mate int32  [%eval] in centipawns or mate distance
//	nags list<int32>          NULL when none
//	comment string            NULL when none
//	halfmove_clock int32      after the move
//	repetition_count int32    occurrences of the position after the move so far (1 = first)
//	zobrist int64             FIDE position key after the move: the uint64 bit pattern
//	fen string                position after the move (only with withFEN)
func MovesTable(withFEN bool) Table {
	if withFEN {
		return movesTableFEN
	}
	return movesTable
}

// MovesSchema returns the Arrow schema of the moves table.
func MovesSchema(withFEN bool) *arrow.Schema { return MovesTable(withFEN).Schema }

var findingsFields = []arrow.Field{
	opt("game_id", i64), // NULL for findings about a TRF alone
	opt("ply", i32),
	opt("move_number", i32),
	opt("color", str),
	req("kind", str),
	req("severity", str),
	opt("article", str),
	req("message", str),
	opt("san", str),
	opt("fen", str),
	opt("witness", str),
	req("source_file", str),
	opt("source_line", i64),
	opt("check_id", str), // TRF checks: "T1".."T11", "P1".."P12"
}

// The findings table's game ids and source lines grow from row to row,
// with few repeats: a dictionary would not shrink them, while arrow-go's
// dictionary encoder hashes every value (a fifth of this table's writing
// CPU); delta encoding packs them to a few bits.
var findingsTable = Table{
	Name:   FindingsTableName,
	Schema: newSchema(FindingsTableName, findingsFields...),
	plain:  []string{"fen", "witness", "game_id", "source_line"},
	delta:  []string{"game_id", "source_line"},
}

// FindingsTable returns the findings table: one row per finding.
//
//	game_id int64             the game; NULL for a finding about a TRF file alone
//	ply, move_number int32    NULL for game-level findings
//	color string              "white" | "black", NULL for game-level findings
//	kind string               machine-readable finding kind
//	severity string           error | warning | info
//	article string            FIDE Laws article, e.g. "9.2"; NULL when none applies
//	message string            human-readable explanation
//	san string                the move as written, NULL for game-level findings
//	fen string                position before the move, NULL when not applicable
//	witness string            e.g. a helpmate line in SAN, NULL when none
//	source_file string, source_line int64    line of the move or of the game;
//	                          for TRF findings the TRF file and record (NULL
//	                          line when the finding concerns the whole file)
//	check_id string           the TRF check ("T2", "P4"...); NULL for the
//	                          findings of the games' own audit
//
// TRF findings (kinds trf_*, see the audit package) have the TRF as their
// source; game_id names the matched game when the check concerns one.
func FindingsTable() Table { return findingsTable }

// FindingsSchema returns the Arrow schema of the findings table.
func FindingsSchema() *arrow.Schema { return findingsTable.Schema }

var positionsFields = []arrow.Field{
	req("position_id", i64),
	req("source_file", str),
	req("source_line", i64),
	req("fen", str),
	req("valid", boolean),
	req("problems", problemsType),
	opt("side_to_move", str),
	opt("in_check", boolean),
	opt("checkmate", boolean),
	opt("stalemate", boolean),
	opt("dead", boolean),
	opt("white_can_mate", boolean),
	opt("black_can_mate", boolean),
	opt("legal_moves", i32),
}

var positionsTable = Table{
	Name:   PositionsTableName,
	Schema: newSchema(PositionsTableName, positionsFields...),
	plain:  []string{"position_id", "source_line", "fen"},
}

// PositionsTable returns the positions table: one row per FEN/EPD input
// line.
//
//	position_id int64, source_file string, source_line int64
//	fen string                as written
//	valid bool
//	problems list<string>     empty when valid (never NULL)
//	side_to_move string       "white" | "black", NULL when invalid
//	in_check, checkmate, stalemate, dead bool    NULL when invalid or undetermined
//	white_can_mate, black_can_mate bool          NULL = undetermined
//	legal_moves int32         NULL when invalid
func PositionsTable() Table { return positionsTable }

// PositionsSchema returns the Arrow schema of the positions table.
func PositionsSchema() *arrow.Schema { return positionsTable.Schema }

// Tables returns every table of a run, in a stable order. A run writes
// players and pairings only for a TRF input, positions only for FEN/EPD
// inputs.
func Tables(withFEN bool) []Table {
	return []Table{GamesTable(), MovesTable(withFEN), FindingsTable(), PositionsTable(), PlayersTable(), PairingsTable()}
}
