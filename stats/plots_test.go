package stats

import "testing"

// The histograms count each game once and merge by addition.
func TestPlotHistograms(t *testing.T) {
	games := []Game{
		{PliesRecorded: 0, Result: "1-0", ResultByRules: "1-0"},
		{PliesRecorded: 19, Result: "1-0", ResultByRules: "1/2-1/2", ClockLeftMS: 4_000, HasClock: true,
			Findings: []Finding{{Kind: "unwinnable_win", Severity: "error"}}},
		{PliesRecorded: 21, Result: "", ResultByRules: "", ClockLeftMS: 0, HasClock: true,
			Findings: []Finding{{Kind: "checkmate", Severity: "info"}}},
		{PliesRecorded: 500, Result: "*", ClockLeftMS: 4_000_000, HasClock: true}, // no findings: no clock counted
		{PliesRecorded: 150, Result: "0-1", ClockLeftMS: 45_000, HasClock: true,
			Findings: []Finding{{Kind: "checkmate", Severity: "info"}, {Kind: "x", Severity: "warning"}}},
	}
	all, a, b := NewRun(), NewRun(), NewRun()
	for i := range games {
		all.AddGame(&games[i])
		if i%2 == 0 {
			a.AddGame(&games[i])
		} else {
			b.AddGame(&games[i])
		}
	}
	a.Merge(b)
	if a.Lengths != all.Lengths || a.ResultMatrix != all.ResultMatrix || a.ClockLeft != all.ClockLeft {
		t.Errorf("merged histograms differ:\n%+v\n%+v", a, all)
	}
	wantLengths := [LengthBins]int64{0: 1, 1: 2, 7: 1, LengthBins - 1: 1}
	if all.Lengths != wantLengths {
		t.Errorf("lengths %v, want %v", all.Lengths, wantLengths)
	}
	if all.ResultMatrix[WhiteWins][WhiteWins] != 1 || all.ResultMatrix[WhiteWins][Draw] != 1 ||
		all.ResultMatrix[NoResult][NoResult] != 1 || all.ResultMatrix[Unfinished][NoResult] != 1 || all.ResultMatrix[BlackWins][NoResult] != 1 {
		t.Errorf("result matrix %v", all.ResultMatrix)
	}
	var wantClock [2][ClockBins]int64
	wantClock[0][0] = 1 // 4 s, an error
	wantClock[1][0] = 1 // 0 s, info only
	wantClock[0][2] = 1 // 45 s, a warning
	if all.ClockLeft != wantClock {
		t.Errorf("clock %v, want %v", all.ClockLeft, wantClock)
	}
}
