package tournament

import (
	"cmp"
	"fmt"
	"slices"
)

// Severities of a Finding.
const (
	SeverityError   = "error"   // the file would be rejected or mis-rated
	SeverityWarning = "warning" // to be looked at by the rating officer
	SeverityInfo    = "info"    // for information
)

// Finding is one result of a check: T1-T11 on the TRF alone, P1-P12 on the
// TRF against the PGN games. Line and Column locate the TRF record (0 when
// the finding concerns the whole file or only a game); the game fields
// locate the PGN game.
type Finding struct {
	Check      string // check id: "T1".."T11", "P1".."P12"
	Severity   string // SeverityError, SeverityWarning or SeverityInfo
	Line       int    // TRF line, 0 = none
	Column     int    // TRF column, 0 = whole line
	Player     int    // start rank concerned, 0 = none
	Opponent   int    // the other start rank of a pairing, 0 = none
	Round      int    // 0 = none
	Board      int    // board of the game (PGN Round "r.b"), 0 = unknown
	HasGame    bool   // a PGN game is concerned
	GameID     int64  // GameInfo.ID of that game
	GameFile   string // GameInfo.File
	GameLine   int    // GameInfo.Line
	GameIndex  int    // GameInfo.Index
	GameOffset int64  // GameInfo.Offset
	Message    string
}

// String writes a one-line form: "T2 error line 12 round 3 player 5: ...".
func (f Finding) String() string {
	s := f.Check + " " + f.Severity
	if f.Line > 0 {
		s += fmt.Sprintf(" line %d", f.Line)
		if f.Column > 0 {
			s += fmt.Sprintf(":%d", f.Column)
		}
	}
	if f.Round > 0 {
		s += fmt.Sprintf(" round %d", f.Round)
	}
	if f.Player > 0 {
		s += fmt.Sprintf(" player %d", f.Player)
	}
	if f.HasGame {
		s += fmt.Sprintf(" game %d (%s:%d)", f.GameID, f.GameFile, f.GameLine)
	}
	return s + ": " + f.Message
}

func severityRank(s string) int {
	switch s {
	case SeverityError:
		return 0
	case SeverityWarning:
		return 1
	}
	return 2
}

// checkNumber orders "T2" before "T10" and T before P.
func checkNumber(c string) int {
	n := 0
	for _, r := range c[1:] {
		n = n*10 + int(r-'0')
	}
	if c[0] == 'P' {
		n += 100
	}
	return n
}

// sortFindings orders findings by check, then line, round, player.
func sortFindings(fs []Finding) {
	slices.SortStableFunc(fs, func(a, b Finding) int {
		return cmp.Or(
			cmp.Compare(checkNumber(a.Check), checkNumber(b.Check)),
			cmp.Compare(a.Line, b.Line),
			cmp.Compare(a.Round, b.Round),
			cmp.Compare(a.Player, b.Player),
			cmp.Compare(a.GameLine, b.GameLine),
		)
	})
}
