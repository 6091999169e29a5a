package tournament

import (
	"errors"
	"fmt"
	"strings"
)

// What a TRF says: the tournament, its players, teams and results, and the
// errors of reading it (see trf.go for the reader).

// Sentinel errors carried by *SyntaxError, for errors.Is.
var (
	ErrNoPlayers    = errors.New("no player records (001)")
	ErrField        = errors.New("unreadable field")
	ErrResultCode   = errors.New("unknown result code")
	ErrColour       = errors.New("unknown colour")
	ErrStartRank    = errors.New("bad start rank")
	ErrTooManyRound = errors.New("too many round columns")
	ErrTooLarge     = errors.New("input too large")
)

// SyntaxError is a located problem in a TRF file. Line and Column are
// 1-based; Column is 0 when the whole line is concerned.
type SyntaxError struct {
	File   string
	Line   int
	Column int
	Err    error
}

// Error writes "file:line:column: message".
func (e *SyntaxError) Error() string {
	switch {
	case e.Line == 0:
		return fmt.Sprintf("%s: %v", e.File, e.Err)
	case e.Column == 0:
		return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err)
	}
	return fmt.Sprintf("%s:%d:%d: %v", e.File, e.Line, e.Column, e.Err)
}

// Unwrap returns the underlying error.
func (e *SyntaxError) Unwrap() error { return e.Err }

// ErrorList is every SyntaxError of one file, in line order. Parse returns
// it alongside a usable Tournament: the lines it names were read as far as
// possible and the rest of the file is unaffected.
type ErrorList []*SyntaxError

// Error writes the first error and how many follow.
func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0].Error(), len(l)-1)
}

// Unwrap returns the errors, for errors.Is and errors.As.
func (l ErrorList) Unwrap() []error {
	out := make([]error, len(l))
	for i, e := range l {
		out[i] = e
	}
	return out
}

// Colour is the colour a player had in one round.
type Colour uint8

// Colours. NoColour is TRF "-" or blank.
const (
	NoColour Colour = iota
	White
	Black
)

// String returns "w", "b" or "-".
func (c Colour) String() string { return [...]string{"-", "w", "b"}[c] }

// Opposite returns the other colour (NoColour stays NoColour).
func (c Colour) Opposite() Colour { return [...]Colour{NoColour, Black, White}[c] }

// Format lists which TRF dialects a file uses. A file may use several.
type Format uint8

// Format flags.
const (
	TRF16 Format = 1 << iota // plain FIDE TRF16 records
	TRF26                    // at least one record introduced by TRF-2026
	TRFX                     // JaVaFo XX? extension records
	TRFBX                    // bbpPairings BB? extension records
)

// String lists the flags, e.g. "TRF16+XX".
func (f Format) String() string {
	var parts []string
	for i, n := range []string{"TRF16", "TRF26", "XX", "BB"} {
		if f&(1<<i) != 0 {
			parts = append(parts, n)
		}
	}
	if len(parts) == 0 {
		return "unknown"
	}
	return strings.Join(parts, "+")
}

// Result is one round of a player record: columns 92-99 for round 1, ten
// columns further for each following round.
type Result struct {
	Opponent int    // opponent's start rank; 0 = none ("0000" or blank)
	Colour   Colour // colour played, NoColour for "-" or blank
	// Code is the result character, upper-cased: '1' '=' '0' (game over
	// the board), '+' '-' (forfeit), 'W' 'D' 'L' (game of less than one
	// move), 'H' 'F' 'U' 'Z' (half-point, full-point, pairing-allocated and
	// zero-point bye) and ' ' (blank: not paired, counted as 'Z').
	Code   byte
	Column int // 1-based column where the round block starts (0 = absent)
}

// OverTheBoard reports whether the round is a game over the board with a
// result code 1, = or 0.
func (r Result) OverTheBoard() bool {
	return r.Opponent > 0 && (r.Code == '1' || r.Code == '=' || r.Code == '0')
}

// ShortGame reports a W, D or L code: a game that lasted less than one move.
func (r Result) ShortGame() bool {
	return r.Opponent > 0 && (r.Code == 'W' || r.Code == 'D' || r.Code == 'L')
}

// Forfeit reports a + or - code against an opponent.
func (r Result) Forfeit() bool {
	return r.Opponent > 0 && (r.Code == '+' || r.Code == '-')
}

// Bye reports a round without opponent.
func (r Result) Bye() bool { return r.Opponent == 0 }

// Rated reports whether the round is a rated game under B.02 §5.1: a game
// over the board. Forfeits, byes and games of less than one move are not.
func (r Result) Rated() bool { return r.OverTheBoard() }

// Player is one 001 record.
type Player struct {
	StartRank  int    // columns 5-8
	Sex        string // column 10, lower-case ("m", "w", "f" or "")
	Title      string // columns 11-13, normalised to GM IM WGM FM WIM CM WFM WCM (else as written)
	Name       string // columns 15-47
	Rating     int    // columns 49-52; 0 = unrated
	Federation string // columns 54-56
	FideID     int64  // columns 58-68; 0 = none
	FideIDText string // columns 58-68 as written, trimmed
	BirthDate  string // columns 70-79, trimmed
	Points     Points // columns 81-84
	HasPoints  bool   // the points field is present
	Rank       int    // columns 86-89; 0 = none
	Results    []Result
	Line       int // line of the record
}

// Team is a 310 or 013 record.
type Team struct {
	Number  int    // team pairing number (310) or order of appearance (013)
	Name    string // team name
	Members []int  // start ranks of the members
	Line    int
	Record  string // "310" or "013"
}

// Record is any line kept verbatim: every record this package does not
// interpret (NRS records, 240, 250, 260, 299, 300, 320, 330, 801, 802, DAT,
// unknown codes) as well as the interpreted ones.
type Record struct {
	Code string // columns 1-3
	Text string // the whole line
	Line int
}

// Tournament is a parsed TRF file.
type Tournament struct {
	File   string
	Format Format

	Name, City, Federation string // 012, 022, 032
	StartDate, EndDate     Date   // 042, 052
	DeclaredPlayers        int    // 062, -1 when absent
	DeclaredRated          int    // 072, -1 when absent
	DeclaredTeams          int    // 082, -1 when absent
	Type                   string // 092
	ChiefArbiter           string // 102
	Deputies               []string
	TimeControl            string // 122
	EncodedTimeControl     string // 222
	RoundDates             []Date // 132, index r-1; zero Date when not given
	DeclaredRounds         int    // 142 or XXR, 0 when absent
	InitialColour          Colour // 152 or XXC white1/black1
	Scoring                Scoring
	TypeCode               string   // 192
	TieBreaks              []string // 202: tie-breaks after points, as written
	StandingsOrder         []string // 212: full order starting with PTS, as written

	Players []Player // sorted by start rank
	Teams   []Team
	Records []Record // every non-empty line, in file order

	// Rounds is the number of round columns in use: the highest round any
	// player record fills.
	Rounds int

	// Errors lists the lines that could not be read completely.
	Errors ErrorList

	headerLine map[string]int // first line of each header record
	rounds142  int            // record 142
	roundsXXR  int            // record XXR
	byRank     []int32        // start rank -> index in Players + 1

	// startDateFrom names where StartDate comes from when it is not
	// record 042 (an event read from its games: "EventDate tag").
	startDateFrom string
}

// Player returns the player with the given start rank, or nil.
func (t *Tournament) Player(startRank int) *Player {
	if startRank <= 0 || startRank >= len(t.byRank) {
		return nil
	}
	if i := t.byRank[startRank]; i > 0 {
		return &t.Players[i-1]
	}
	return nil
}

// HeaderLine returns the line of the first record with the given code
// ("042", "XXR"...), or 0.
func (t *Tournament) HeaderLine(code string) int { return t.headerLine[code] }

// IsTeamEvent reports whether the file describes a team competition
// (team records, a 082 count above zero or a team type code in 192).
func (t *Tournament) IsTeamEvent() bool {
	return len(t.Teams) > 0 || t.DeclaredTeams > 0 || strings.Contains(strings.ToUpper(t.TypeCode), "TEAM")
}

// Result returns the result of a player in round r (1-based), or a blank
// result when the player record has no such round.
func (p *Player) Result(r int) Result {
	if r < 1 || r > len(p.Results) {
		return Result{Code: ' '}
	}
	return p.Results[r-1]
}
