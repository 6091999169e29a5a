package audit

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
)

// Regression tests of defects found by trying Arbiter as a new user would.

// Castling rights without their pieces and impossible en passant squares
// are reported for FEN/EPD records and [FEN] tags; an unreadable record
// has a problem code too.
func TestPositionFieldProblems(t *testing.T) {
	dir := t.TempDir()
	fen := filepath.Join(dir, "p.fen")
	os.WriteFile(fen, []byte("4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1\n4k3/8/8/8/8/8/8/4K3 w - e3 0 1\nnot a position at all\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n"), 0o644)
	pgn := filepath.Join(dir, "g.pgn")
	os.WriteFile(pgn, []byte("[Event \"f\"]\n[SetUp \"1\"]\n[FEN \"r3k2r/8/8/8/8/8/8/4K3 w KQkq - 0 1\"]\n[Result \"*\"]\n\n1. Kd2 *\n"), 0o644)
	out, _ := runAudit(t, 1, fen, pgn)
	pos := readTable(t, out, "positions")
	probs := listStrs(t, pos, "problems")
	want := [][]string{{"castling_without_pieces"}, {"en_passant_invalid"}, {"unreadable"}, nil}
	if len(probs) != len(want) {
		t.Fatalf("%d positions", len(probs))
	}
	for i, ps := range probs {
		var codes []string
		for _, p := range ps {
			code, _, _ := strings.Cut(p, ":")
			if !slices.Contains(codes, code) {
				codes = append(codes, code)
			}
		}
		if !slices.Equal(codes, want[i]) {
			t.Errorf("position %d: problems %q, want codes %v", i, ps, want[i])
		}
	}
	found := false
	for _, m := range strs(t, readTable(t, out, "findings"), "message") {
		found = found || strings.Contains(m, "castling right K but White has no king and king-side rook")
	}
	if !found {
		t.Error("the [FEN] tag's castling rights without their rook are not reported")
	}
}

// listStrs reads a list<string> column.
func listStrs(t *testing.T, recs []arrow.RecordBatch, name string) [][]string {
	t.Helper()
	var out [][]string
	for _, r := range recs {
		c := r.Column(r.Schema().FieldIndices(name)[0]).(*array.List)
		v := c.ListValues().(*array.String)
		for i := 0; i < c.Len(); i++ {
			var l []string
			lo, hi := c.ValueOffsets(i)
			for k := lo; k < hi; k++ {
				l = append(l, v.Value(int(k)))
			}
			out = append(out, l)
		}
	}
	return out
}

// The bundled event: the crosstable printed from the reported results and
// the one with the Laws' results each say as many differing declared ranks
// as they mark; both hold the players table's values; the unrated players
// are named.
func TestEventSummaryAgreesWithTables(t *testing.T) {
	out, _, human := runEvent(t, "../testdata/event")
	reported, laws, ok := strings.Cut(human, "Crosstable with the results the Laws give")
	if !ok {
		t.Fatalf("no crosstable with the Laws' results:\n%s", human)
	}
	for _, part := range []string{reported, laws} {
		marked := strings.Count(part, " *\n")
		if !strings.Contains(part, "Declared ranks differing from these ranks: "+string(rune('0'+marked))+" (marked *)") {
			t.Errorf("the count of differing ranks does not match the %d marked rows:\n%s", marked, part)
		}
	}
	players := readTable(t, out, "players")
	names := strs(t, players, "name")
	sb := f64s(t, players, "sb")
	var byRules []float64
	for _, l := range f64Lists(t, players, "tiebreak_values_by_rules") {
		byRules = append(byRules, l[2]) // PTS, DE, SB, ...
	}
	for i, n := range names {
		if n != "Moreau, Lucien" {
			continue
		}
		if sb[i] != 7.75 || byRules[i] != 8 {
			t.Errorf("Moreau: sb %v, SB by the Laws %v; by hand (C.07 SB): 7.75 and 8.00", sb[i], byRules[i])
		}
		if !strings.Contains(reported, "Moreau, Lucien       FRA 3b1 6b= 5w1 1b= 2w=   3.5     0  7.75") ||
			!strings.Contains(laws, "Moreau, Lucien       FRA 3b1 6b= 5w1 1b= 2w=   3.5     0  8.00") {
			t.Errorf("the printed crosstables do not show Moreau's SB as the table has it:\n%s", human)
		}
	}
	msgs := strs(t, readTable(t, out, "findings"), "message")
	for _, m := range msgs {
		if strings.HasPrefix(m, "unrated player") && !strings.Contains(m, ", ") {
			t.Errorf("an unrated-player finding names no player: %q", m)
		}
	}
}

func f64s(t *testing.T, recs []arrow.RecordBatch, name string) []float64 {
	t.Helper()
	var out []float64
	for _, r := range recs {
		c := r.Column(r.Schema().FieldIndices(name)[0]).(*array.Float64)
		out = append(out, c.Float64Values()...)
	}
	return out
}

func f64Lists(t *testing.T, recs []arrow.RecordBatch, name string) [][]float64 {
	t.Helper()
	var out [][]float64
	for _, r := range recs {
		c := r.Column(r.Schema().FieldIndices(name)[0]).(*array.List)
		v := c.ListValues().(*array.Float64)
		for i := 0; i < c.Len(); i++ {
			lo, hi := c.ValueOffsets(i)
			out = append(out, v.Float64Values()[lo:hi])
		}
	}
	return out
}

// summary.json's games_ended_by counts each game once, by the end the
// games table gives it; the speed is given over PGN and over stored bytes.
func TestSummaryCountsAgreeWithTables(t *testing.T) {
	out, res := runAudit(t, 2, sample)
	counts := map[string]int64{}
	for _, k := range strs(t, readTable(t, out, "games"), "end_kind") {
		if k != "" {
			counts[k]++
		}
	}
	s := res.Summary
	if len(counts) == 0 || !maps.Equal(counts, s.GamesEndedBy) {
		t.Errorf("games_ended_by %v, games table %v", s.GamesEndedBy, counts)
	}
	if s.PGNMBPerSecond <= s.MBPerSecond {
		t.Errorf("compressed sample: %v MB/s of PGN, %v MB/s as stored", s.PGNMBPerSecond, s.MBPerSecond)
	}
}
