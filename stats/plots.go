package stats

// The histograms behind the plots of the HTML report: small fixed arrays,
// so that they cost nothing to keep per block and merge by addition.

// LengthBins is the number of bins of Run.Lengths: 10 moves each, the last
// open (150 moves or more).
const LengthBins = 16

// LengthBinMoves is the width of a bin of Run.Lengths, in moves.
const LengthBinMoves = 10

// The recorded results of Run.ResultMatrix's rows, and the results by the
// Laws of its columns (NoResult: none readable / none fixed).
const (
	WhiteWins = iota
	BlackWins
	Draw
	Unfinished // "*": a recorded result only
	NoResult
	NumResults
)

// ClockBinEdges are the upper edges, in seconds, of the bins of
// Run.ClockLeft; the last bin is open.
var ClockBinEdges = [...]int64{10, 30, 60, 120, 300, 600, 1800}

// ClockBins is the number of bins of Run.ClockLeft.
const ClockBins = len(ClockBinEdges) + 1

// ResultIndex maps a normalized result ("1-0", "0-1", "1/2-1/2", "*") to
// its row or column of ResultMatrix; anything else is NoResult.
func ResultIndex(r string) int {
	switch r {
	case "1-0":
		return WhiteWins
	case "0-1":
		return BlackWins
	case "1/2-1/2":
		return Draw
	case "*":
		return Unfinished
	}
	return NoResult
}

// lengthBin returns the bin of a game of plies half-moves.
func lengthBin(plies int) int {
	moves := (plies + 1) / 2
	return min(moves/LengthBinMoves, LengthBins-1)
}

// clockBin returns the bin of a clock reading in milliseconds.
func clockBin(ms int64) int {
	for i, e := range ClockBinEdges {
		if ms < e*1000 {
			return i
		}
	}
	return ClockBins - 1
}

// addPlots counts a game in the histograms.
func (r *Run) addPlots(g *Game, worst string) {
	r.Lengths[lengthBin(g.PliesRecorded)]++
	r.ResultMatrix[ResultIndex(g.Result)][ResultIndex(g.ResultByRules)]++
	if g.HasClock && worst != "" {
		k := 1
		if worst == "error" || worst == "warning" {
			k = 0
		}
		r.ClockLeft[k][clockBin(g.ClockLeftMS)]++
	}
}

// mergePlots adds o's histograms to r's.
func (r *Run) mergePlots(o *Run) {
	for i := range r.Lengths {
		r.Lengths[i] += o.Lengths[i]
	}
	for i := range r.ResultMatrix {
		for j := range r.ResultMatrix[i] {
			r.ResultMatrix[i][j] += o.ResultMatrix[i][j]
		}
	}
	for k := range r.ClockLeft {
		for i := range r.ClockLeft[k] {
			r.ClockLeft[k][i] += o.ClockLeft[k][i]
		}
	}
}
