package report

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

var duckDir = flag.String("duckdir", "", "write the sample output (tables and summary.json) to this folder and keep it, for duckcheck/check.mjs")

func TestSummaryRoundTrip(t *testing.T) {
	dir := t.TempDir()
	s := NewSummary("v0.1.0")
	s.StartedAt = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	s.Inputs = []InputSummary{
		{Path: "a.pgn.zst", Bytes: 2_000_000, DecompressedBytes: 9_000_000, Games: 1000},
		{Path: "b.pgn", Bytes: 10, Error: "read b.pgn: permission denied"},
	}
	s.FailedInputs = 1
	s.Games, s.Plies, s.Findings = 1000, 80000, 3
	s.FindingsByKind["wrong_result"] = 2
	s.FindingsByKind["illegal_move"] = 1
	s.FindingsBySeverity["error"] = 3
	s.AddTable(TableStats{Table: "games", Rows: 1000, RowGroups: 1, Bytes: 1234, Parts: []string{"games/part-00000.parquet"}})
	s.SetRates(s.StartedAt.Add(2 * time.Second))
	if s.WallSeconds != 2 || s.GamesPerSecond != 500 || s.MBPerSecond != 1.000005 {
		t.Errorf("rates: wall %v games/s %v MB/s %v", s.WallSeconds, s.GamesPerSecond, s.MBPerSecond)
	}
	if err := WriteSummary(dir, s); err != nil {
		t.Fatal(err)
	}
	got, err := ReadSummary(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, s) {
		t.Errorf("read back\n%+v\nwant\n%+v", got, s)
	}
	data, _ := os.ReadFile(filepath.Join(dir, SummaryFile))
	for _, key := range []string{`"rulebook": "FIDE Laws of Chess 2023"`, `"findings_by_kind": {
    "illegal_move": 1,
    "wrong_result": 2`, `"schema_version": "` + SchemaVersion + `"`, `"games_per_second": 500`} {
		if !strings.Contains(string(data), key) {
			t.Errorf("summary.json lacks %s:\n%s", key, data)
		}
	}
	// Rewriting replaces the file atomically and leaves no temporary file.
	s.Games = 1001
	if err := WriteSummary(dir, s); err != nil {
		t.Fatal(err)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 || ents[0].Name() != SummaryFile {
		t.Errorf("folder holds %v", ents)
	}
	data2, _ := os.ReadFile(filepath.Join(dir, SummaryFile))
	if bytes.Equal(data, data2) || !bytes.Contains(data2, []byte(`"games": 1001`)) {
		t.Error("summary was not replaced")
	}
	if err := WriteSummary(filepath.Join(dir, "missing"), s); err == nil {
		t.Error("writing into a missing folder succeeded")
	}
}

// TestSampleOutput writes every table and a summary the way the pipeline
// does, into DIR/full (sample data) and DIR/empty (a run without rows).
// With -duckdir DIR the output is kept for duckcheck/check.mjs.
func TestSampleOutput(t *testing.T) {
	root := *duckDir
	if root == "" {
		root = t.TempDir()
	}
	for _, games := range []int{3000, 0} {
		dir := filepath.Join(root, map[bool]string{true: "full", false: "empty"}[games > 0])
		os.RemoveAll(dir) // a fresh run
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		s := NewSummary("test")
		s.WithFEN = games > 0
		s.StartedAt = time.Now()
		stats := writeSample(t, dir, games, s.WithFEN)
		for _, st := range stats {
			s.AddTable(st)
		}
		s.Inputs = []InputSummary{{Path: "lichess_db_standard_rated_2013-01.pgn.zst", Bytes: 1 << 20, DecompressedBytes: 5 << 20, Games: int64(games)}}
		s.Games = stats[GamesTableName].Rows
		s.Plies = stats[MovesTableName].Rows
		s.Findings = stats[FindingsTableName].Rows
		s.Positions = stats[PositionsTableName].Rows
		for _, f := range sampleFindings(games) {
			s.FindingsByKind[f.Kind]++
			s.FindingsBySeverity[string(f.Severity)]++
		}
		s.SetRates(time.Now())
		if err := WriteSummary(dir, s); err != nil {
			t.Fatal(err)
		}
		if s.Games != int64(games) || s.Positions != int64(games/10) || (games > 0 && (s.Plies == 0 || s.Findings == 0)) {
			t.Errorf("summary counts: %+v", s)
		}
		if *duckDir != "" {
			t.Logf("sample output kept in %s", dir)
		}
	}
}
