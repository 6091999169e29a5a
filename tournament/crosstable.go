package tournament

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// WriteCrosstable writes the final crosstable as plain text: rank, start
// rank, name, rating, federation, one cell per round ("12w1": opponent,
// colour, result; "  U" etc. for byes), points and the tie-breaks of the
// order, then the edition and the notes.
func WriteCrosstable(w io.Writer, t *Tournament, st *Standings) error {
	nameW := 4
	for _, r := range st.Rows {
		nameW = max(nameW, min(utf8.RuneCountInString(r.Player.Name), 30))
	}
	oppW := len(strconv.Itoa(highestStartRank(t)))
	cellW := oppW + 2
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", t.Name)
	fmt.Fprintf(&b, "%s; %s; %d rounds, %s\n", st.Edition, st.EditionReason, st.Rounds, map[bool]string{true: "round robin", false: "Swiss"}[st.RoundRobin])
	fmt.Fprintf(&b, "%4s %4s %-*s %4s %-3s", "Rk", "SNo", nameW, "Name", "Rtg", "Fed")
	for r := 1; r <= st.Rounds; r++ {
		fmt.Fprintf(&b, " %*s", cellW, strconv.Itoa(r))
	}
	heads := make([]string, len(st.Order))
	widths := make([]int, len(st.Order))
	for k, tb := range st.Order {
		heads[k] = tb.String()
		widths[k] = max(len(heads[k]), 5)
		fmt.Fprintf(&b, " %*s", widths[k], heads[k])
	}
	b.WriteString("  Decl\n")
	for _, r := range st.Rows {
		p := r.Player
		name := p.Name
		if utf8.RuneCountInString(name) > nameW {
			name = string([]rune(name)[:nameW])
		}
		rtg := ""
		if p.Rating > 0 {
			rtg = strconv.Itoa(p.Rating)
		}
		fmt.Fprintf(&b, "%4d %4d %-*s %4s %-3s", r.Rank, r.StartRank, nameW+len(name)-utf8.RuneCountInString(name), name, rtg, p.Federation)
		for rd := 1; rd <= st.Rounds; rd++ {
			fmt.Fprintf(&b, " %*s", cellW, cell(p.Result(rd)))
		}
		for k, tb := range st.Order {
			fmt.Fprintf(&b, " %*s", widths[k], tb.Format(r.Keys[k]))
		}
		decl := ""
		if r.DeclaredRank > 0 {
			decl = strconv.Itoa(r.DeclaredRank)
			if r.DeclaredRank != r.Rank {
				decl += " *"
			}
		}
		fmt.Fprintf(&b, "  %s\n", decl)
	}
	for _, n := range st.Notes {
		fmt.Fprintf(&b, "note: %s\n", n)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Crosstable returns WriteCrosstable's text.
func Crosstable(t *Tournament, st *Standings) string {
	var b strings.Builder
	_ = WriteCrosstable(&b, t, st)
	return b.String()
}

func highestStartRank(t *Tournament) int {
	m := 1
	for _, p := range t.Players {
		m = max(m, p.StartRank)
	}
	return m
}

// cell writes one round of a player: "12w1", "12b=", "7w+", "U" for a bye.
func cell(res Result) string {
	code := string(res.Code)
	if res.Code == ' ' {
		code = "-"
	}
	if res.Opponent == 0 {
		return code
	}
	return strconv.Itoa(res.Opponent) + res.Colour.String() + code
}

// WriteSummary writes the human summary of a reconciled upload: the
// crosstable from the results as reported and, when the Laws change
// results, the crosstable with their results, each followed by the count
// of declared ranks that differ from its ranks (the rows marked *); what
// changed; and the findings counted by check.
func WriteSummary(w io.Writer, t *Tournament, rec *Reconciliation) error {
	var b strings.Builder
	b.WriteString("Crosstable from the results as reported (the players table):\n")
	if err := WriteCrosstable(&b, t, rec.Before); err != nil {
		return err
	}
	writeDeclaredDiffs(&b, rec.Before)
	if rec.After != nil {
		b.WriteString("\nCrosstable with the results the Laws give (the players table's *_by_rules columns):\n")
		if err := WriteCrosstable(&b, t, rec.After); err != nil {
			return err
		}
		writeDeclaredDiffs(&b, rec.After)
	}
	writeCorrections(&b, rec, true)
	b.WriteString("\n")
	games, matched := 0, len(rec.Matches)
	for _, p := range rec.Pairings {
		if p.Kind == "game" {
			games++
		}
	}
	fmt.Fprintf(&b, "Games over the board in the TRF: %d; PGN games matched: %d; unmatched: %d\n", games, matched, len(rec.Unmatched))
	counts := map[string][3]int{}
	var ids []string
	for _, f := range rec.Findings {
		c, ok := counts[f.Check]
		if !ok {
			ids = append(ids, f.Check)
		}
		c[severityRank(f.Severity)]++
		counts[f.Check] = c
	}
	if len(ids) > 0 {
		b.WriteString("Findings:")
		for _, id := range ids {
			c := counts[id]
			fmt.Fprintf(&b, " %s %d/%d/%d", id, c[0], c[1], c[2])
		}
		b.WriteString(" (errors/warnings/infos)\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeDeclaredDiffs writes how many declared ranks differ from the ranks
// of st: the rows WriteCrosstable marks with *.
func writeDeclaredDiffs(b *strings.Builder, st *Standings) {
	changed := 0
	for _, r := range st.Rows {
		if r.DeclaredRank > 0 && r.DeclaredRank != r.Rank {
			changed++
		}
	}
	fmt.Fprintf(b, "Declared ranks differing from these ranks: %d (marked *)\n", changed)
}

// writeCorrections lists the results the Laws change and what that does
// to points and ranks (with the check that found each when checks).
func writeCorrections(b *strings.Builder, rec *Reconciliation, checks bool) {
	if len(rec.Corrections) == 0 {
		return
	}
	b.WriteString("\nResults changed by the Laws:\n")
	for _, c := range rec.Corrections {
		fmt.Fprintf(b, "  round %d, %d-%d: %s -> %s", c.Round, c.White, c.Black, c.From, c.To)
		if checks {
			fmt.Fprintf(b, " (%s)", c.Check)
		}
		b.WriteByte('\n')
	}
	if len(rec.RankChanges) == 0 {
		b.WriteString("  no rank changes\n")
	}
	for _, rc := range rec.RankChanges {
		fmt.Fprintf(b, "  %4d %-30s points %s -> %s, rank %d -> %d\n", rc.StartRank, rc.Name, rc.PointsBefore, rc.PointsAfter, rc.RankBefore, rc.RankAfter)
	}
}
