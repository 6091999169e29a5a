package report

// EventSummary describes one event of a run in summary.json: a TRF input,
// or an event read from the games alone in a run without TRF: the event,
// what the players and pairings tables hold of it, the C.07 edition its
// tie-breaks follow and what the cross-check with the games found.
type EventSummary struct {
	Path   string `json:"path"`             // the TRF input (the PGN of the event's first game)
	Name   string `json:"name,omitempty"`   // record 012 (the Event tag)
	Format string `json:"format,omitempty"` // TRF dialects, e.g. "TRF16+XX" ("PGN")
	// Source is "trf" for a TRF input, "pgn" for an event read from its
	// games alone; Files lists the PGN inputs of such an event.
	Source string   `json:"source"`
	Files  []string `json:"files,omitempty"`
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
	// TieBreakSource says where the order came from: "flag -tiebreaks",
	// "TRF record 212", "TRF record 202", "default for Swiss events" or
	// "default for round robins".
	TieBreakSource string `json:"tiebreak_source,omitempty"`
	// Games counts the games of the run cross-checked against this TRF,
	// GamesMatched those matched to a pairing.
	Games        int `json:"games"`
	GamesMatched int `json:"games_matched"`
	// Findings counts the TRF's findings rows (checks T1-T11 and P1-P12)
	// and FindingsByCheck per check id (per kind, standings_*, for an
	// event read from its games).
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
	// Skipped says why an event read from its games has no standings;
	// UnplayedRounds counts its rounds in which a player has no game.
	Skipped        string `json:"skipped,omitempty"`
	UnplayedRounds int    `json:"unplayed_rounds,omitempty"`
}

// StandingsSummary describes the standings read from the games alone in a
// run without TRF (audit -standings).
type StandingsSummary struct {
	Mode string `json:"mode"` // "auto" or "none"
	// GamesKept counts the games with a usable Round tag kept for the
	// standings; GamesWithoutRound the games without one (Round "?",
	// absent or text; Round "-", a game outside any round, is not
	// counted).
	GamesKept         int64 `json:"games_kept"`
	GamesWithoutRound int64 `json:"games_without_round"`
	// Events counts the events with standings (the "events" entries of
	// source "pgn"); EventsSkipped those with games in rounds but none
	// (too small, or rounds that cannot be told apart).
	Events        int      `json:"events"`
	EventsSkipped int      `json:"events_skipped"`
	Notes         []string `json:"notes,omitempty"`
}
