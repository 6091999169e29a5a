package report

// EventSummary describes one TRF input of a run in summary.json: the event,
// what the players and pairings tables hold of it, the C.07 edition its
// tie-breaks follow and what the cross-check with the games found.
type EventSummary struct {
	Path   string `json:"path"`             // the TRF input
	Name   string `json:"name,omitempty"`   // record 012
	Format string `json:"format,omitempty"` // TRF dialects, e.g. "TRF16+XX"
	// Players and Pairings are the rows of the players and pairings
	// tables; Rounds the round columns in use.
	Players  int `json:"players"`
	Pairings int `json:"pairings"`
	Rounds   int `json:"rounds"`
	// Edition is the C.07 edition of the tie-breaks and EditionReason why
	// it was chosen; TieBreaks the ranking order, PTS first.
	Edition       string   `json:"edition,omitempty"`
	EditionReason string   `json:"edition_reason,omitempty"`
	TieBreaks     []string `json:"tiebreaks,omitempty"`
	// Games counts the games of the run cross-checked against this TRF,
	// GamesMatched those matched to a pairing.
	Games        int `json:"games"`
	GamesMatched int `json:"games_matched"`
	// Findings counts the TRF's findings rows (checks T1-T11 and P1-P12)
	// and FindingsByCheck per check id.
	Findings        int64            `json:"findings"`
	FindingsByCheck map[string]int64 `json:"findings_by_check,omitempty"`
	// Corrections counts the results the Laws give that differ from the
	// TRF's; RankChanges the players whose points or rank they change.
	Corrections int `json:"corrections"`
	RankChanges int `json:"rank_changes"`
	// Notes are what the standings assumed or left out.
	Notes []string `json:"notes,omitempty"`
	// Error says why the file could not be used, if it could not.
	Error string `json:"error,omitempty"`
}
