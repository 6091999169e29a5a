package report

import "time"

// SetTag routes one PGN tag pair into the row: the Lichess tags with a
// column of their own fill that column, every other tag goes to the tags
// map in order (see AddTag). Name and value are copied.
//
// Date and EventDate fill a text column as written and a date32 column
// when they are a complete calendar date.
//
// Typed tags (UTCDate, UTCTime, WhiteElo, BlackElo, WhiteRatingDiff,
// BlackRatingDiff) are NULL when the value is an unknown marker ("", "?",
// "????.??.??", "-", ...). A value that is neither parseable nor an
// unknown marker leaves the typed column NULL and is kept as written in
// the tags map, so nothing is lost. When a tag name repeats, the first
// occurrence wins and later ones are ignored (the PGN reader reports
// duplicates as findings). SetTag reports whether the tag was stored.
func (r *GameRow) SetTag(name, value []byte) bool {
	return r.setTag(name, value)
}

// SetTagString is SetTag for strings, without converting them (the row
// copies what it keeps).
func (r *GameRow) SetTagString(name, value string) bool {
	return r.setTag(bytesOf(name), bytesOf(value))
}

func (r *GameRow) setTag(name, value []byte) bool {
	var s *OptBytes
	switch string(name) {
	case "Event":
		s = &r.Event
	case "Site":
		s = &r.Site
	case "Date":
		return setDate(&r.Date, &r.DateValue, value)
	case "EventDate":
		return setDate(&r.EventDate, &r.EventDateValue, value)
	case "Round":
		s = &r.Round
	case "White":
		s = &r.White
	case "Black":
		s = &r.Black
	case "Result":
		s = &r.Result
	case "WhiteTitle":
		s = &r.WhiteTitle
	case "BlackTitle":
		s = &r.BlackTitle
	case "ECO":
		s = &r.ECO
	case "Opening":
		s = &r.Opening
	case "Termination":
		s = &r.Termination
	case "TimeControl":
		s = &r.TimeControl
	case "Variant":
		s = &r.Variant
	case "FEN":
		s = &r.StartFEN
	case "UTCDate":
		return setTyped(r, &r.UTCDate, name, value, ParseUTCDate)
	case "UTCTime":
		return setTyped(r, &r.UTCTime, name, value, ParseUTCTime)
	case "WhiteElo":
		return setTyped(r, &r.WhiteElo, name, value, ParseElo)
	case "BlackElo":
		return setTyped(r, &r.BlackElo, name, value, ParseElo)
	case "WhiteRatingDiff":
		return setTyped(r, &r.WhiteRatingDiff, name, value, ParseRatingDiff)
	case "BlackRatingDiff":
		return setTyped(r, &r.BlackRatingDiff, name, value, ParseRatingDiff)
	default:
		return r.AddTag(name, value)
	}
	if s.Valid {
		return false
	}
	s.Set(value)
	return true
}

// setDate stores a date tag as written in text and, when it is a complete
// calendar date, as days in typed; the first occurrence wins.
func setDate(text *OptBytes, typed *OptInt32, value []byte) bool {
	if text.Valid {
		return false
	}
	text.Set(value)
	if d, ok := ParseUTCDate(value); ok {
		typed.Set(d)
	}
	return true
}

// seen records typed tags already met, so that the first occurrence wins
// even when it was an unknown marker.
func (r *GameRow) seenTyped(name []byte) bool {
	bit := uint8(0)
	switch string(name) {
	case "UTCDate":
		bit = 1
	case "UTCTime":
		bit = 2
	case "WhiteElo":
		bit = 4
	case "BlackElo":
		bit = 8
	case "WhiteRatingDiff":
		bit = 16
	case "BlackRatingDiff":
		bit = 32
	}
	seen := r.typedSeen&bit != 0
	r.typedSeen |= bit
	return seen
}

func setTyped[T int16 | int32](r *GameRow, o *Opt[T], name, value []byte, parse func([]byte) (T, bool)) bool {
	if r.seenTyped(name) {
		return false
	}
	if v, ok := parse(value); ok {
		o.Set(v)
		return true
	}
	if !isUnknown(value) {
		return r.AddTag(name, value)
	}
	return true
}

// isUnknown reports whether a tag value only says "unknown": it is empty
// or made of '?', '-', '.', ':' and spaces.
func isUnknown(v []byte) bool {
	for _, c := range v {
		switch c {
		case '?', '-', '.', ':', ' ':
		default:
			return false
		}
	}
	return true
}

// digits parses an unsigned decimal number of 1 to 9 digits.
func digits(b []byte) (int32, bool) {
	if len(b) == 0 || len(b) > 9 {
		return 0, false
	}
	var n int32
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int32(c-'0')
	}
	return n, true
}

// ParseUTCDate parses a PGN date "YYYY.MM.DD" into days since 1970-01-01,
// the value of a date32 column. It rejects partial dates ("2013.??.??")
// and impossible days ("2023.02.30").
func ParseUTCDate(b []byte) (int32, bool) {
	if len(b) != 10 || b[4] != '.' || b[7] != '.' {
		return 0, false
	}
	y, ok1 := digits(b[0:4])
	m, ok2 := digits(b[5:7])
	d, ok3 := digits(b[8:10])
	if !ok1 || !ok2 || !ok3 || m < 1 || m > 12 || d < 1 || d > daysIn(y, m) {
		return 0, false
	}
	return daysFromCivil(y, m, d), true
}

// daysIn returns the number of days of month m of year y (Gregorian).
func daysIn(y, m int32) int32 {
	return int32(time.Date(int(y), time.Month(m)+1, 0, 0, 0, 0, 0, time.UTC).Day()) // day 0 of the next month
}

// daysFromCivil returns the days from 1970-01-01 to the valid Gregorian
// date y-m-d (y >= 0), as time.Date would give them, without its cost
// (Howard Hinnant's days_from_civil: years run from March, in 400-year
// eras of 146097 days).
func daysFromCivil(y, m, d int32) int32 {
	if m <= 2 {
		y--
	}
	era := (y + 400) / 400 // y >= -1: shifted so that the division floors
	era--
	yoe := y - era*400                     // [0, 399]
	mp := (m + 9) % 12                     // March = 0
	doy := (153*mp+2)/5 + d - 1            // [0, 365]
	doe := yoe*365 + yoe/4 - yoe/100 + doy // [0, 146096]
	return era*146097 + doe - 719468
}

// ParseUTCTime parses "HH:MM:SS" into milliseconds since midnight, the value
// of a time32[ms] column.
func ParseUTCTime(b []byte) (int32, bool) {
	if len(b) != 8 || b[2] != ':' || b[5] != ':' {
		return 0, false
	}
	h, ok1 := digits(b[0:2])
	m, ok2 := digits(b[3:5])
	s, ok3 := digits(b[6:8])
	if !ok1 || !ok2 || !ok3 || h > 23 || m > 59 || s > 59 {
		return 0, false
	}
	return ((h*60+m)*60 + s) * 1000, true
}

// ParseElo parses a rating: 1 to 5 decimal digits, at most 32767.
func ParseElo(b []byte) (int16, bool) {
	if len(b) > 5 {
		return 0, false
	}
	n, ok := digits(b)
	if !ok || n > 32767 {
		return 0, false
	}
	return int16(n), true
}

// ParseRatingDiff parses a rating change such as "+12", "-7" or "0".
func ParseRatingDiff(b []byte) (int16, bool) {
	neg := false
	if len(b) > 0 && (b[0] == '+' || b[0] == '-') {
		neg = b[0] == '-'
		b = b[1:]
	}
	if len(b) > 5 {
		return 0, false
	}
	n, ok := digits(b)
	if !ok || n > 32767 {
		return 0, false
	}
	if neg {
		n = -n
	}
	return int16(n), true
}
