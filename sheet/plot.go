package sheet

import (
	"fmt"
	"html"
	"math"
	"strings"
)

// The plots are a few bars each, drawn here as SVG (STYLE.md: hand-drawn
// bars where a plot is that simple): labelled axes, the value on each bar,
// a legend when there are several series, readable in print.

// Series is one set of bars of a plot: a name for the legend and a fill.
type Series struct {
	Name string
	Fill string
}

// The fills of the plots, by severity; neutral for counts of games.
const (
	fillError   = "#c62828"
	fillWarning = "#ef8f00"
	fillInfo    = "#4a78b5"
	fillGames   = "#5b7f95"
)

const (
	plotW    = 420
	fontSize = 12
)

func esc(s string) string { return html.EscapeString(s) }

// niceStep returns a step of 1, 2 or 5 times a power of ten that divides
// max into at most about five intervals.
func niceStep(max float64) float64 {
	if max <= 0 {
		return 1
	}
	raw := max / 5
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if raw <= m*p {
			return math.Max(1, m*p)
		}
	}
	return math.Max(1, 10*p)
}

// HBars draws one horizontal bar per label (stacked over the series,
// values[i][s]), with the x axis counting and labelled xLabel.
func HBars(l *Lang, title, xLabel string, labels []string, series []Series, values [][]int64) string {
	const rowH, top, right, barsW = 20, 8, 44, 250
	labelW := 60
	for _, lab := range labels {
		labelW = max(labelW, int(float64(len([]rune(clip(lab, 40))))*7.0)+10)
	}
	labelW = min(labelW, 290)
	width := labelW + barsW + right
	legendH := 0
	if len(series) > 1 {
		legendH = 22
	}
	h := top + legendH + rowH*len(labels) + 40
	maxV := stackMax(values)
	step := niceStep(float64(maxV))
	axisMax := math.Ceil(float64(max(maxV, 1))/step) * step
	w := float64(barsW)
	scale := w / axisMax
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="plot" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" role="img" aria-label="%s" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="%d">`,
		width, h, esc(title), fontSize)
	fmt.Fprintf(&b, `<title>%s</title>`, esc(title))
	y0 := top + legendH
	writeLegend(&b, series, labelW, top)
	// grid and ticks
	for v := 0.0; v <= axisMax+step/2; v += step {
		x := float64(labelW) + v*scale
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ddd"/>`, x, y0, x, y0+rowH*len(labels))
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle" fill="#333">%s</text>`, x, y0+rowH*len(labels)+14, esc(l.Int(int64(v))))
	}
	for i, lab := range labels {
		y := y0 + rowH*i
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end" dominant-baseline="central" fill="#222">%s</text>`, labelW-6, y+rowH/2, esc(clip(lab, 40)))
		x := float64(labelW)
		var total int64
		for s, v := range values[i] {
			if v == 0 {
				continue
			}
			bw := float64(v) * scale
			fmt.Fprintf(&b, `<rect class="bar" x="%.1f" y="%d" width="%.1f" height="%d" fill="%s"/>`, x, y+3, math.Max(bw, 1), rowH-6, series[s].Fill)
			x += bw
			total += v
		}
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" dominant-baseline="central" fill="#222">%s</text>`, x+4, y+rowH/2, esc(l.Int(total)))
	}
	fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#333"/>`, labelW, y0, labelW, y0+rowH*len(labels))
	fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle" fill="#222" font-weight="bold">%s</text>`, float64(labelW)+w/2, h-6, esc(xLabel))
	b.WriteString(`</svg>`)
	return b.String()
}

// VBars draws a histogram: one column per label, stacked over the series,
// the y axis counting (yLabel), the x axis labelled xLabel.
func VBars(l *Lang, title, xLabel, yLabel string, labels []string, series []Series, values [][]int64) string {
	const left, top, right = 58, 10, 10
	legendH := 0
	if len(series) > 1 {
		legendH = 22
	}
	colW := float64(plotW-left-right) / float64(max(len(labels), 1))
	// the x labels turn when one is long for its column
	turn, longest := false, 0
	for _, lab := range labels {
		n := len([]rune(lab))
		longest = max(longest, n)
		if float64(n)*6.5 > colW {
			turn = true
		}
	}
	bottom := 40
	if turn {
		bottom = 34 + int(float64(longest)*6.0*0.64)
	}
	h := 210 + legendH + bottom
	plotH := float64(h - top - legendH - bottom)
	maxV := stackMax(values)
	step := niceStep(float64(maxV))
	axisMax := math.Ceil(float64(max(maxV, 1))/step) * step
	scale := plotH / axisMax
	y0 := float64(top + legendH)
	base := y0 + plotH
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="plot" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" role="img" aria-label="%s" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="%d">`,
		plotW, h, esc(title), fontSize)
	fmt.Fprintf(&b, `<title>%s</title>`, esc(title))
	writeLegend(&b, series, left, top)
	for v := 0.0; v <= axisMax+step/2; v += step {
		y := base - v*scale
		fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>`, left, y, plotW-right, y)
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" text-anchor="end" dominant-baseline="central" fill="#333">%s</text>`, left-4, y, esc(l.Int(int64(v))))
	}
	for i, lab := range labels {
		x := float64(left) + colW*float64(i)
		y := base
		var total int64
		for s, v := range values[i] {
			if v == 0 {
				continue
			}
			bh := float64(v) * scale
			y -= bh
			fmt.Fprintf(&b, `<rect class="bar" x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>`, x+2, y, colW-4, math.Max(bh, 0.5), series[s].Fill)
			total += v
		}
		if total > 0 {
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle" font-size="10" fill="#222">%s</text>`, x+colW/2, y-3, esc(l.Int(total)))
		}
		if turn {
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="end" font-size="10" fill="#333" transform="rotate(-40 %.1f %.1f)">%s</text>`,
				x+colW/2, base+12, x+colW/2, base+12, esc(lab))
		} else {
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle" fill="#333">%s</text>`, x+colW/2, base+14, esc(lab))
		}
	}
	fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#333"/>`, left, base, plotW-right, base)
	fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#333"/>`, left, y0, left, base)
	fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle" fill="#222" font-weight="bold">%s</text>`, float64(left)+float64(plotW-left-right)/2, h-4, esc(xLabel))
	fmt.Fprintf(&b, `<text x="14" y="%.1f" text-anchor="middle" fill="#222" font-weight="bold" transform="rotate(-90 14 %.1f)">%s</text>`, y0+plotH/2, y0+plotH/2, esc(yLabel))
	b.WriteString(`</svg>`)
	return b.String()
}

func writeLegend(b *strings.Builder, series []Series, x, y int) {
	if len(series) < 2 {
		return
	}
	for _, s := range series {
		fmt.Fprintf(b, `<rect x="%d" y="%d" width="12" height="12" fill="%s"/>`, x, y, s.Fill)
		fmt.Fprintf(b, `<text x="%d" y="%d" fill="#222">%s</text>`, x+16, y+10, esc(s.Name))
		x += 28 + int(float64(len([]rune(s.Name)))*6.8)
	}
}

// Matrix draws a table of counts as a grid of cells shaded by their share
// (log scale), with the rows and columns labelled and the cells in bad
// outlined in red: the recorded results against the results by the Laws.
func Matrix(l *Lang, title, rowAxis, colAxis string, rows, cols []string, counts [][]int64, bad [][]bool) string {
	const left, top, cellW, cellH = 96, 44, 72, 30
	w := left + cellW*len(cols) + 10
	h := top + cellH*len(rows) + 12
	var maxV int64
	for _, r := range counts {
		for _, v := range r {
			maxV = max(maxV, v)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="plot" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" role="img" aria-label="%s" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="%d">`,
		max(w, plotW), h, esc(title), fontSize)
	fmt.Fprintf(&b, `<title>%s</title>`, esc(title))
	fmt.Fprintf(&b, `<text x="%d" y="12" text-anchor="middle" fill="#222" font-weight="bold">%s</text>`, left+cellW*len(cols)/2, esc(colAxis))
	fmt.Fprintf(&b, `<text x="4" y="%d" fill="#222" font-weight="bold">%s</text>`, top-8, esc(rowAxis))
	for j, c := range cols {
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle" fill="#333">%s</text>`, left+cellW*j+cellW/2, top-10, esc(c))
	}
	for i, r := range rows {
		y := top + cellH*i
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end" dominant-baseline="central" fill="#333">%s</text>`, left-8, y+cellH/2, esc(r))
		for j := range cols {
			x := left + cellW*j
			v := counts[i][j]
			shade := 0.0
			if v > 0 && maxV > 0 {
				shade = 0.12 + 0.78*math.Log1p(float64(v))/math.Log1p(float64(maxV))
			}
			fill := fmt.Sprintf("rgba(74,120,181,%.2f)", shade)
			stroke, sw := "#bbb", 1
			if bad[i][j] && v > 0 {
				fill = fmt.Sprintf("rgba(198,40,40,%.2f)", math.Max(shade, 0.35))
				stroke, sw = fillError, 2
			}
			fmt.Fprintf(&b, `<rect class="cell" x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="%s" stroke-width="%d"/>`, x+1, y+1, cellW-2, cellH-2, fill, stroke, sw)
			colour := "#222"
			if shade > 0.6 {
				colour = "#fff"
			}
			fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle" dominant-baseline="central" fill="%s">%s</text>`, x+cellW/2, y+cellH/2, colour, esc(l.Int(v)))
		}
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// stackMax returns the largest sum of a stack of values.
func stackMax(values [][]int64) int64 {
	var maxV int64
	for _, vs := range values {
		var t int64
		for _, v := range vs {
			t += v
		}
		maxV = max(maxV, t)
	}
	return maxV
}
