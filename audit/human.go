package audit

import (
	"cmp"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/arbiter-chess/arbiter/report"
)

// WriteHuman writes the short end-of-run summary for a person: games,
// plies, findings per kind with one example location each, how the games
// ended, where the tables are, and a query to start from.
func WriteHuman(w io.Writer, res *Result, outDir string) {
	s := res.Summary
	st := res.Stats
	fmt.Fprintf(w, "arbiter: %d games (%d audited), %d plies replayed, %d positions, from %d input(s) in %.1fs (%.0f games/s, %s)\n",
		s.Games, st.GamesAudited, s.Plies, s.Positions, len(s.Inputs), s.WallSeconds, s.GamesPerSecond, speedText(s))
	fmt.Fprintf(w, "rules: %s\n", s.Rulebook)
	if line := notationLine(st.Notations); line != "" {
		fmt.Fprintln(w, line)
	}
	for _, in := range s.Inputs {
		if in.Error != "" {
			fmt.Fprintf(w, "FAILED input %s: %s\n", in.Path, in.Error)
		}
	}
	kinds := st.Kinds()
	if len(kinds) == 0 {
		fmt.Fprintln(w, "findings: none")
	} else {
		fmt.Fprintf(w, "findings: %d (%d errors, %d warnings, %d info); %d games have an error\n",
			s.Findings, st.BySeverity["error"], st.BySeverity["warning"], st.BySeverity["info"], st.GamesWithError)
		for _, k := range kinds {
			ex := k.Example
			loc := fmt.Sprintf("game %d", ex.GameID)
			if ex.GameID < 0 { // a TRF finding about no game
				loc = ex.File
				if ex.Line > 0 {
					loc += fmt.Sprintf(":%d", ex.Line)
				}
			} else if ex.File != "" {
				loc = fmt.Sprintf("%s:%d (game %d", ex.File, ex.Line, ex.GameID)
				if ex.Ply >= 0 {
					loc += fmt.Sprintf(", ply %d", ex.Ply)
				}
				loc += ")"
			}
			msg := ex.Message
			if len(msg) > 110 {
				msg = msg[:107] + "..."
			}
			fmt.Fprintf(w, "  %-7s %-28s %8d in %7d games  e.g. %s: %s\n", k.Severity, k.Kind, k.Count, k.Games, loc, msg)
		}
	}
	if line := countsLine(s.GamesEndedBy); line != "" {
		fmt.Fprintf(w, "games ended by the Laws: %s\n", line)
	}
	writeEvents(w, res.Events)
	writeStandingsNotes(w, s.Standings)
	names := make([]string, 0, len(s.Tables))
	for n := range s.Tables {
		names = append(names, n)
	}
	slices.Sort(names)
	var parts []string
	for _, n := range names {
		parts = append(parts, fmt.Sprintf("%s (%d rows)", filepath.Join(outDir, n, "*.parquet"), s.Tables[n].Rows))
	}
	if len(parts) > 0 {
		fmt.Fprintf(w, "tables: %s\n", strings.Join(parts, ", "))
	}
	fmt.Fprintf(w, "summary: %s\n", filepath.Join(outDir, "summary.json"))
	if s.Report != "" {
		fmt.Fprintf(w, "report: %s (open it in a browser; print it to sign it)\n", s.Report)
	}
	if q := startQuery(s.Tables, outDir); q != "" {
		fmt.Fprintf(w, "query it with DuckDB (https://duckdb.org, or Python's duckdb package): duckdb -c \"%s\"\n", q)
	}
}

// speedText gives the run's speed in MB of PGN read and, for compressed
// inputs, in MB as stored too.
func speedText(s *report.Summary) string {
	if s.MBPerSecond == s.PGNMBPerSecond || s.MBPerSecond == 0 {
		return fmt.Sprintf("%.1f MB/s", s.PGNMBPerSecond)
	}
	return fmt.Sprintf("%.1f MB/s of PGN, %.1f MB/s as stored", s.PGNMBPerSecond, s.MBPerSecond)
}

// countsLine writes m as "a 3, b 2", the largest counts first.
func countsLine(m map[string]int64) string {
	keys := slices.Collect(maps.Keys(m))
	slices.SortFunc(keys, func(a, b string) int {
		if m[a] != m[b] {
			return cmp.Compare(m[b], m[a])
		}
		return strings.Compare(a, b)
	})
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, m[k])
	}
	return strings.Join(parts, ", ")
}

// startQuery returns a first query over a table the run wrote: the
// findings by kind, else the games by result, else the first tables'
// rows; "" when no table was written.
func startQuery(tables map[string]report.TableStats, outDir string) string {
	glob := func(t string) string { return filepath.ToSlash(filepath.Join(outDir, t, "*.parquet")) }
	switch {
	case has(tables, "findings"):
		return fmt.Sprintf("SELECT kind, severity, count(*) AS n FROM '%s' GROUP BY ALL ORDER BY n DESC", glob("findings"))
	case has(tables, "games"):
		return fmt.Sprintf("SELECT result, result_by_rules, count(*) AS n FROM '%s' GROUP BY ALL ORDER BY n DESC", glob("games"))
	case has(tables, "players"):
		return fmt.Sprintf("SELECT rank, name, points, tiebreak_order, tiebreak_values FROM '%s' ORDER BY source_file, rank", glob("players"))
	}
	for _, t := range TableNames {
		if has(tables, t) {
			return fmt.Sprintf("SELECT * FROM '%s' LIMIT 20", glob(t))
		}
	}
	return ""
}

func has(tables map[string]report.TableStats, name string) bool {
	_, ok := tables[name]
	return ok
}

// notationLine lists the languages the audited games were read in, most
// games first ("notation: English 3290, German 6"), or "" when every game
// was in English: C.3 lets each player use the letters of their language,
// and an arbiter wants to know which scoresheets were transcribed so.
func notationLine(n map[string]int64) string {
	if len(n) == 0 || len(n) == 1 && n["English"] > 0 {
		return ""
	}
	return "notation: " + countsLine(n)
}
