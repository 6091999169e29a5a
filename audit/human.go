package audit

import (
	"cmp"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strings"
)

// WriteHuman writes the short end-of-run summary for a person: games,
// plies, findings per kind with one example location each, where the
// tables are, and a DuckDB query to start from.
func WriteHuman(w io.Writer, res *Result, outDir string) {
	s := res.Summary
	st := res.Stats
	fmt.Fprintf(w, "\narbiter: %d games (%d audited), %d plies replayed, %d positions, from %d input(s) in %.1fs (%.0f games/s, %.1f MB/s)\n",
		s.Games, st.GamesAudited, s.Plies, s.Positions, len(s.Inputs), s.WallSeconds, s.GamesPerSecond, s.MBPerSecond)
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
		fmt.Fprintf(w, "findings: %d (%d errors, %d warnings, %d info) in %d games with errors\n",
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
	writeEvents(w, res.Events)
	names := make([]string, 0, len(s.Tables))
	for n := range s.Tables {
		names = append(names, n)
	}
	slices.Sort(names)
	var parts []string
	for _, n := range names {
		parts = append(parts, fmt.Sprintf("%s (%d rows)", filepath.Join(outDir, n, "*.parquet"), s.Tables[n].Rows))
	}
	fmt.Fprintf(w, "tables: %s\n", strings.Join(parts, ", "))
	fmt.Fprintf(w, "summary: %s\n", filepath.Join(outDir, "summary.json"))
	if s.Report != "" {
		fmt.Fprintf(w, "report: %s (open it in a browser; print it to sign it)\n", s.Report)
	}
	fmt.Fprintf(w, "start with: duckdb -c \"SELECT kind, severity, count(*) AS n FROM '%s' GROUP BY ALL ORDER BY n DESC\"\n",
		filepath.Join(outDir, "findings", "*.parquet"))
}

// notationLine lists the languages the audited games were read in, most
// games first ("notation: English 3290, German 6"), or "" when every game
// was in English: C.3 lets each player use the letters of their language,
// and an arbiter wants to know which scoresheets were transcribed so.
func notationLine(n map[string]int64) string {
	if len(n) == 0 || len(n) == 1 && n["English"] > 0 {
		return ""
	}
	langs := slices.Collect(maps.Keys(n))
	slices.SortFunc(langs, func(a, b string) int {
		if n[a] != n[b] {
			return cmp.Compare(n[b], n[a])
		}
		return strings.Compare(a, b)
	})
	parts := make([]string, len(langs))
	for i, l := range langs {
		parts[i] = fmt.Sprintf("%s %d", l, n[l])
	}
	return "notation: " + strings.Join(parts, ", ")
}
