package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// -tiebreaks: an unknown code or modifier stops the run before any work,
// naming it and listing the valid ones; a valid order is used and named.
func TestAuditTieBreaks(t *testing.T) {
	pgn := filepath.Join("..", "..", "testdata", "event", "event.pgn")
	for _, tc := range []struct{ order, says string }{
		{"PTS,BH/X1", "unknown modifier /X1; BH takes /Cn"},
		{"PTS,WIN/C1,DE", "modifier /C1 does not apply to WIN"},
		{"PTS,Buchholz", "unknown tie-break; valid tie-breaks: PTS, BH[/Cn|/Mn][/P][/F][/R], FB"},
	} {
		out := filepath.Join(t.TempDir(), "out")
		code, _, errs := runCmd("audit", "-o", out, "-progress", "never", "-tiebreaks", tc.order, pgn)
		if code != 2 || !strings.Contains(errs, tc.says) || !strings.Contains(errs, "-tiebreaks") {
			t.Errorf("%s: exit %d, stderr %q", tc.order, code, errs)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("%s: %s was written", tc.order, out)
		}
	}
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, _ := runCmd("audit", "-o", out, "-progress", "never", "-tiebreaks", "pts,sb,win,de", pgn)
	if code != 0 || !strings.Contains(stdout, "tie-break order (flag -tiebreaks): PTS, SB, WIN, DE") {
		t.Errorf("exit %d:\n%s", code, stdout)
	}
}

func TestAuditStandingsFlag(t *testing.T) {
	pgn := filepath.Join("..", "..", "testdata", "event", "event.pgn")
	if code, _, errs := runCmd("audit", "-o", filepath.Join(t.TempDir(), "out"), "-standings", "always", pgn); code != 2 || !strings.Contains(errs, "-standings") {
		t.Errorf("-standings always: exit %d, %q", code, errs)
	}
	for mode, players := range map[string]bool{"auto": true, "none": false} {
		out := filepath.Join(t.TempDir(), "out")
		code, stdout, _ := runCmd("audit", "-o", out, "-progress", "never", "-standings", mode, pgn)
		parts, _ := filepath.Glob(filepath.Join(out, "players", "*.parquet"))
		if code != 0 || (len(parts) > 0) != players || strings.Contains(stdout, "from the games alone") != players {
			t.Errorf("-standings %s: exit %d, players table %v:\n%s", mode, code, len(parts) > 0, stdout)
		}
	}
}
