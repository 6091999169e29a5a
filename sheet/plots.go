package sheet

import (
	"html/template"
	"strconv"

	"github.com/arbiter-chess/arbiter/stats"
)

// plots draws the page's four plots from the run's aggregates.
func (l *Lang) plots(st *stats.Run) []plotView {
	var out []plotView

	// Findings per kind, coloured by severity.
	sevs := []string{"error", "warning", "info"}
	series := []Series{{l.T("severity.error"), fillError}, {l.T("severity.warning"), fillWarning}, {l.T("severity.info"), fillInfo}}
	var labels []string
	var values [][]int64
	for _, k := range st.Kinds() {
		labels = append(labels, l.kindName(k.Kind))
		row := make([]int64, len(sevs))
		for i, s := range sevs {
			if s == k.Severity {
				row[i] = k.Count
			}
		}
		values = append(values, row)
	}
	pv := plotView{Title: l.T("plot.kinds")}
	if len(labels) == 0 {
		pv.Note = l.T("plot.kinds.none")
	} else {
		pv.SVG = template.HTML(HBars(l, pv.Title, l.T("plot.kinds.x"), labels, series, values))
	}
	out = append(out, pv)

	// Recorded results against the results by the Laws.
	rows := []int{stats.WhiteWins, stats.BlackWins, stats.Draw, stats.Unfinished, stats.NoResult}
	cols := []int{stats.WhiteWins, stats.BlackWins, stats.Draw, stats.NoResult}
	var rowNames, colNames []string
	counts := make([][]int64, len(rows))
	bad := make([][]bool, len(rows))
	for _, i := range rows {
		rowNames = append(rowNames, l.resultName(i))
	}
	for _, j := range cols {
		name := l.resultName(j)
		if j == stats.NoResult {
			name = l.T("result.not_fixed")
		}
		colNames = append(colNames, name)
	}
	var any int64
	for a, i := range rows {
		counts[a] = make([]int64, len(cols))
		bad[a] = make([]bool, len(cols))
		for c, j := range cols {
			counts[a][c] = st.ResultMatrix[i][j]
			bad[a][c] = isChange(i, j)
			any += counts[a][c]
		}
	}
	pv = plotView{Title: l.T("plot.results"), Note: l.T("plot.results.note")}
	if any > 0 {
		pv.SVG = template.HTML(Matrix(l, pv.Title, l.T("plot.results.rows"), l.T("plot.results.cols"), rowNames, colNames, counts, bad))
	}
	out = append(out, pv)

	// Game lengths.
	labels, values = nil, nil
	var games int64
	for i, n := range st.Lengths {
		lo := i * stats.LengthBinMoves
		lab := strconv.Itoa(lo) + "–" + strconv.Itoa(lo+stats.LengthBinMoves-1)
		if i == stats.LengthBins-1 {
			lab = strconv.Itoa(lo) + "+"
		}
		labels = append(labels, lab)
		values = append(values, []int64{n})
		games += n
	}
	pv = plotView{Title: l.T("plot.lengths")}
	if games > 0 {
		pv.SVG = template.HTML(VBars(l, pv.Title, l.T("plot.lengths.x"), l.T("plot.games"), labels, []Series{{l.T("plot.games"), fillGames}}, values))
	}
	out = append(out, pv)

	// Time left on the clock at the end of games with findings.
	labels, values = nil, nil
	var clocks int64
	prev := int64(0)
	for i := range stats.ClockBins {
		var lab string
		switch {
		case i == stats.ClockBins-1:
			lab = "≥ " + l.duration(prev)
		case i == 0:
			lab = "< " + l.duration(stats.ClockBinEdges[0])
		default:
			lab = l.duration(prev) + "–" + l.duration(stats.ClockBinEdges[i])
		}
		if i < len(stats.ClockBinEdges) {
			prev = stats.ClockBinEdges[i]
		}
		labels = append(labels, lab)
		values = append(values, []int64{st.ClockLeft[0][i], st.ClockLeft[1][i]})
		clocks += st.ClockLeft[0][i] + st.ClockLeft[1][i]
	}
	pv = plotView{Title: l.T("plot.clock")}
	if clocks > 0 {
		pv.SVG = template.HTML(VBars(l, pv.Title, l.T("plot.clock.x"), l.T("plot.games"), labels,
			[]Series{{l.T("plot.clock.errors"), fillError}, {l.T("plot.clock.infos"), fillInfo}}, values))
		pv.Note = l.T("plot.clock.note")
	} else {
		pv.Note = l.T("plot.clock.none")
	}
	out = append(out, pv)
	return out
}

// duration writes seconds as "30 s" or "5 min".
func (l *Lang) duration(sec int64) string {
	if sec < 60 {
		return strconv.FormatInt(sec, 10) + " s"
	}
	return strconv.FormatInt(sec/60, 10) + " min"
}
