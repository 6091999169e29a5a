package report

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// SummaryFile is the name of the run summary in the output directory.
const SummaryFile = "summary.json"

// Rulebook names the rules every game is judged against.
const Rulebook = "FIDE Laws of Chess 2023"

// Summary is the content of summary.json: a plain struct that the pipeline
// fills (most counts come from package stats) and hands to WriteSummary
// after every table is closed. Maps are written with sorted keys, so the
// file is deterministic apart from the times.
type Summary struct {
	Tool          string `json:"tool"`           // "arbiter"
	Version       string `json:"version"`        // tool version
	Rulebook      string `json:"rulebook"`       // Rulebook
	SchemaVersion string `json:"schema_version"` // SchemaVersion
	WithFEN       bool   `json:"with_fen"`       // moves.fen written

	StartedAt   time.Time `json:"started_at"`
	FinishedAt  time.Time `json:"finished_at"`
	WallSeconds float64   `json:"wall_seconds"`

	Inputs       []InputSummary `json:"inputs"`
	FailedInputs int            `json:"failed_inputs"`
	// UnchangedInputs are, in an incremental run, the inputs that the
	// output folder's manifests covered with the same size and SHA-256:
	// not read again, their rows kept and counted.
	UnchangedInputs []InputSummary `json:"unchanged_inputs,omitempty"`

	Games     int64 `json:"games"`
	Plies     int64 `json:"plies"` // rows of the moves table
	Positions int64 `json:"positions"`
	Findings  int64 `json:"findings"`
	// FindingsByKind and FindingsBySeverity count findings rows.
	FindingsByKind     map[string]int64 `json:"findings_by_kind"`
	FindingsBySeverity map[string]int64 `json:"findings_by_severity"`

	// GamesPerSecond, MBPerSecond and PGNMBPerSecond are computed by
	// SetRates: MB are 10^6 bytes of input as stored on disk (compressed
	// for compressed inputs), PGN MB of the decompressed text.
	GamesPerSecond float64 `json:"games_per_second"`
	MBPerSecond    float64 `json:"mb_per_second"`
	PGNMBPerSecond float64 `json:"pgn_mb_per_second"`

	// Tables maps a table name to what its writer wrote.
	Tables map[string]TableStats `json:"tables"`

	// GamesAudited counts the games replayed under the rules (not variants
	// with other rules, not unusable start positions); GamesWithErrors the
	// games with at least one error finding.
	GamesAudited    int64 `json:"games_audited"`
	GamesWithErrors int64 `json:"games_with_errors"`
	// Kinds lists every finding kind with its count, the number of games
	// it occurs in and the first occurrence (lowest game_id), errors first.
	Kinds []KindSummary `json:"kinds"`
	// GamesEndedBy counts the games by the automatic end that ended them
	// (checkmate, stalemate, ...: one per game, the first). The findings
	// of those kinds count more: a record may go on after its end, and
	// the mate or repetition it reaches later is reported too (with
	// moves_after_game_end). Results counts the recorded results,
	// normalized; Notations the audited games per language of their piece
	// letters (C.3).
	GamesEndedBy map[string]int64 `json:"games_ended_by"`
	Results      map[string]int64 `json:"results"`
	Notations    map[string]int64 `json:"notation_languages"`

	// Events describes each TRF input (tournament uploads); absent when
	// the run had none.
	Events []EventSummary `json:"events,omitempty"`
	// Standings describes the standings read from the games alone (runs
	// without TRF); absent when none were asked for.
	Standings *StandingsSummary `json:"standings,omitempty"`

	// Report is the path of the HTML report (report.html); absent with
	// -report none.
	Report string `json:"report,omitempty"`
}

// KindSummary describes one finding kind of a run.
type KindSummary struct {
	Kind     string `json:"kind"`
	Severity string `json:"severity"`
	Count    int64  `json:"count"`
	Games    int64  `json:"games"`
	Example  struct {
		GameID  int64  `json:"game_id"`
		File    string `json:"file"`
		Line    int64  `json:"line"`
		Ply     int    `json:"ply"`
		Message string `json:"message"`
	} `json:"example"`
}

// InputSummary describes one input file.
type InputSummary struct {
	Path string `json:"path"`
	// Bytes is the size read from disk; DecompressedBytes the size of the
	// decompressed stream (equal for plain files).
	Bytes             int64 `json:"bytes"`
	DecompressedBytes int64 `json:"decompressed_bytes"`
	Games             int64 `json:"games"`
	Positions         int64 `json:"positions,omitempty"`
	// SkippedGames counts games that were too large to read (each has a
	// games row and a game_skipped finding); GarbageBytes and
	// GarbageRanges the text between games that is not PGN.
	SkippedGames  int64  `json:"skipped_games,omitempty"`
	GarbageBytes  int64  `json:"garbage_bytes,omitempty"`
	GarbageRanges int64  `json:"garbage_ranges,omitempty"`
	Error         string `json:"error,omitempty"` // why the input failed, if it did
	// ErrorCode names the failure: not_pgn, empty_input, no_input,
	// unsupported_format, window_too_large, input_unreadable,
	// input_truncated, input_bomb (see ingest.ErrorCode).
	ErrorCode string `json:"error_code,omitempty"`
}

// NewSummary returns a Summary with the tool name, version, rulebook and
// schema version set and the maps allocated.
func NewSummary(version string) *Summary {
	return &Summary{
		Tool:               "arbiter",
		Version:            version,
		Rulebook:           Rulebook,
		SchemaVersion:      SchemaVersion,
		FindingsByKind:     map[string]int64{},
		FindingsBySeverity: map[string]int64{},
		Tables:             map[string]TableStats{},
	}
}

// AddTable records the stats a TableWriter returned from Close.
func (s *Summary) AddTable(t TableStats) {
	if s.Tables == nil {
		s.Tables = map[string]TableStats{}
	}
	s.Tables[t.Table] = t
}

// SetRates sets FinishedAt, WallSeconds and the rates from StartedAt,
// end, Games and the inputs' bytes.
func (s *Summary) SetRates(end time.Time) {
	s.FinishedAt = end
	wall := end.Sub(s.StartedAt).Seconds()
	s.WallSeconds = wall
	if wall <= 0 {
		s.GamesPerSecond, s.MBPerSecond, s.PGNMBPerSecond = 0, 0, 0
		return
	}
	var bytes, pgn int64
	for _, in := range s.Inputs {
		bytes += in.Bytes
		pgn += in.DecompressedBytes
	}
	s.GamesPerSecond = float64(s.Games) / wall
	s.MBPerSecond = float64(bytes) / 1e6 / wall
	s.PGNMBPerSecond = float64(pgn) / 1e6 / wall
}

// WriteSummary writes s as DIR/summary.json atomically: it writes a hidden
// temporary file, syncs it and renames it, so readers see either no
// summary or a complete one. The pipeline calls it last.
func WriteSummary(dir string, s *Summary) error {
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return fmt.Errorf("report: encode summary: %w", err)
	}
	data = append(data, '\n')
	return writeFileAtomic(filepath.Join(dir, SummaryFile), data)
}

// ReadSummary reads DIR/summary.json.
func ReadSummary(dir string) (*Summary, error) {
	data, err := os.ReadFile(filepath.Join(dir, SummaryFile))
	if err != nil {
		return nil, fmt.Errorf("report: read summary: %w", err)
	}
	s := new(Summary)
	if err := json.Unmarshal(data, s); err != nil {
		return nil, fmt.Errorf("report: decode %s: %w", filepath.Join(dir, SummaryFile), err)
	}
	return s, nil
}

func writeFileAtomic(path string, data []byte) error {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp := filepath.Join(dir, "."+base+".tmp")
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return fmt.Errorf("report: create %s: %w", tmp, err)
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("report: write %s: %w", path, err)
	}
	if err := syncDir(dir); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	return nil
}
