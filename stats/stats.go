package stats

import (
	"maps"
	"slices"
)

// Example locates one occurrence of a finding kind, for the summary.
type Example struct {
	GameID  int64  `json:"game_id"`
	File    string `json:"file"`
	Line    int64  `json:"line"`
	Ply     int    `json:"ply"`
	Message string `json:"message"`
}

// KindCount counts the findings of one kind.
type KindCount struct {
	Kind     string  `json:"kind"`
	Severity string  `json:"severity"`
	Count    int64   `json:"count"`
	Games    int64   `json:"games"`
	Example  Example `json:"example"`
}

// Run holds the aggregates of a run, or of part of one.
type Run struct {
	Games          int64 // games read
	GamesAudited   int64 // games replayed under the rules (not an unsupported variant)
	PliesRecorded  int64
	PliesReplayed  int64
	Positions      int64 // FEN/EPD records
	GamesWithError int64
	BySeverity     map[string]int64
	ByKind         map[string]*KindCount
	EndKinds       map[string]int64 // computed ends: checkmate, stalemate, ...
	Results        map[string]int64 // recorded results, normalized
	Notations      map[string]int64 // audited games per notation language (English, German, ...)

	// Histograms for the report's plots (plots.go). Lengths counts the
	// games by moves recorded; ResultMatrix the games by recorded result
	// (row) and result by the Laws (column); ClockLeft the games with
	// findings and a clock by the time left at their end (the lower of
	// the two players' last [%clk]): [0] those with an error or warning,
	// [1] those with info findings only.
	Lengths      [LengthBins]int64
	ResultMatrix [NumResults][NumResults]int64
	ClockLeft    [2][ClockBins]int64
}

// NewRun returns an empty Run ready to count.
func NewRun() *Run {
	return &Run{
		BySeverity: map[string]int64{},
		ByKind:     map[string]*KindCount{},
		EndKinds:   map[string]int64{},
		Results:    map[string]int64{},
		Notations:  map[string]int64{},
	}
}

// Finding is what AddGame needs to know of one finding.
type Finding struct {
	Kind, Severity, Message string
	Ply                     int
	Line                    int64
}

// Game is what AddGame needs to know of one game.
type Game struct {
	ID            int64
	File          string
	Audited       bool
	PliesRecorded int
	PliesReplayed int
	EndKind       string // "" when the game has no automatic end
	Result        string // normalized recorded result
	Notation      string // the language its moves were read in; "" when not audited
	ResultByRules string // the result the Laws fix; "" when they fix none
	ClockLeftMS   int64  // the lower of the players' last clock readings, when HasClock
	HasClock      bool
	Findings      []Finding
}

// AddGame counts one game and its findings.
func (r *Run) AddGame(g *Game) {
	r.Games++
	if g.Audited {
		r.GamesAudited++
	}
	r.PliesRecorded += int64(g.PliesRecorded)
	r.PliesReplayed += int64(g.PliesReplayed)
	if g.EndKind != "" {
		r.EndKinds[g.EndKind]++
	}
	if g.Result != "" {
		r.Results[g.Result]++
	}
	if g.Audited && g.Notation != "" {
		r.Notations[g.Notation]++
	}
	hasError := false
	worst := ""
	var seen []string // kinds already counted for this game (few per game)
	for i := range g.Findings {
		f := &g.Findings[i]
		r.BySeverity[f.Severity]++
		if f.Severity == "error" {
			hasError = true
		}
		if worst == "" || f.Severity == "error" || f.Severity == "warning" && worst == "info" {
			worst = f.Severity
		}
		kc := r.ByKind[f.Kind]
		if kc == nil {
			kc = &KindCount{Kind: f.Kind, Severity: f.Severity, Example: Example{GameID: -1}}
			r.ByKind[f.Kind] = kc
		}
		kc.Count++
		if !slices.Contains(seen, f.Kind) {
			seen = append(seen, f.Kind)
			kc.Games++
		}
		if kc.Example.GameID < 0 || g.ID < kc.Example.GameID {
			kc.Example = Example{GameID: g.ID, File: g.File, Line: f.Line, Ply: f.Ply, Message: f.Message}
		}
	}
	if hasError {
		r.GamesWithError++
	}
	r.addPlots(g, worst)
}

// Merge adds the counts of o to r.
func (r *Run) Merge(o *Run) {
	r.Games += o.Games
	r.GamesAudited += o.GamesAudited
	r.PliesRecorded += o.PliesRecorded
	r.PliesReplayed += o.PliesReplayed
	r.Positions += o.Positions
	r.GamesWithError += o.GamesWithError
	for k, v := range o.BySeverity {
		r.BySeverity[k] += v
	}
	for k, v := range o.EndKinds {
		r.EndKinds[k] += v
	}
	for k, v := range o.Results {
		r.Results[k] += v
	}
	for k, v := range o.Notations {
		r.Notations[k] += v
	}
	r.mergePlots(o)
	for k, oc := range o.ByKind {
		kc := r.ByKind[k]
		if kc == nil {
			c := *oc
			r.ByKind[k] = &c
			continue
		}
		kc.Count += oc.Count
		kc.Games += oc.Games
		if kc.Example.GameID < 0 || (oc.Example.GameID >= 0 && oc.Example.GameID < kc.Example.GameID) {
			kc.Example = oc.Example
		}
	}
}

// Kinds returns the finding counts sorted by severity (errors first), then
// by count (largest first), then by name.
func (r *Run) Kinds() []KindCount {
	rank := map[string]int{"error": 0, "warning": 1, "info": 2}
	out := make([]KindCount, 0, len(r.ByKind))
	for _, k := range slices.Sorted(maps.Keys(r.ByKind)) {
		out = append(out, *r.ByKind[k])
	}
	slices.SortStableFunc(out, func(a, b KindCount) int {
		if d := rank[a.Severity] - rank[b.Severity]; d != 0 {
			return d
		}
		switch {
		case a.Count > b.Count:
			return -1
		case a.Count < b.Count:
			return 1
		}
		return 0
	})
	return out
}
