package tournament

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Date is a calendar date read from a TRF or PGN field. Raw keeps the text;
// a zero Year means the date could not be read (or was absent).
type Date struct {
	Year, Month, Day int
	Raw              string
}

// IsZero reports a date that was absent or unreadable.
func (d Date) IsZero() bool { return d.Year == 0 }

// String writes "2024/08/01", or Raw when the date could not be read.
func (d Date) String() string {
	if d.IsZero() {
		return d.Raw
	}
	return fmt.Sprintf("%04d/%02d/%02d", d.Year, d.Month, d.Day)
}

// Time returns the date at midnight UTC.
func (d Date) Time() time.Time {
	return time.Date(d.Year, time.Month(d.Month), d.Day, 0, 0, 0, 0, time.UTC)
}

// Compare returns -1, 0 or 1.
func (d Date) Compare(e Date) int {
	a, b := d.Year*10000+d.Month*100+d.Day, e.Year*10000+e.Month*100+e.Day
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

var monthNames = map[string]int{
	"jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6,
	"jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12,
}

// ParseDate reads the date spellings found in TRF headers and PGN tags:
// "2024/08/01", "2024-08-01", "2024.08.01", "24/09/2010" (day first when
// the year is last), "24/12/01" (year first when yyFirst, as record 132
// writes it; day first otherwise) and "Apr 18, 2026". Two-digit years are
// 19xx from 70 on, 20xx below.
func ParseDate(s string, yyFirst bool) (Date, bool) {
	raw := s
	s = strings.TrimSpace(s)
	if s == "" {
		return Date{Raw: raw}, false
	}
	// "Apr 18, 2026" and "18 Apr 2026".
	if f := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' }); len(f) == 3 {
		if m, ok := monthNames[strings.ToLower(trimTo(f[0], 3))]; ok {
			return mkDate(atoi(f[2]), m, atoi(f[1]), raw)
		}
		if m, ok := monthNames[strings.ToLower(trimTo(f[1], 3))]; ok {
			return mkDate(atoi(f[2]), m, atoi(f[0]), raw)
		}
	}
	f := strings.FieldsFunc(s, func(r rune) bool { return r == '/' || r == '-' || r == '.' })
	if len(f) != 3 {
		return Date{Raw: raw}, false
	}
	a, b, c := atoi(f[0]), atoi(f[1]), atoi(f[2])
	if a < 0 || b < 0 || c < 0 {
		return Date{Raw: raw}, false
	}
	switch {
	case len(f[0]) == 4:
		return mkDate(a, b, c, raw)
	case len(f[2]) == 4:
		if b > 12 && a <= 12 { // month first
			return mkDate(c, a, b, raw)
		}
		return mkDate(c, b, a, raw)
	case yyFirst:
		return mkDate(year2(a), b, c, raw)
	}
	return mkDate(year2(c), b, a, raw)
}

func trimTo(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

func atoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		return -1
	}
	return n
}

func year2(y int) int {
	if y >= 100 {
		return y
	}
	if y >= 70 {
		return 1900 + y
	}
	return 2000 + y
}

func mkDate(y, m, d int, raw string) (Date, bool) {
	if y < 1000 || y > 2999 || m < 1 || m > 12 || d < 1 || d > 31 {
		return Date{Raw: raw}, false
	}
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	if t.Day() != d {
		return Date{Raw: raw}, false
	}
	return Date{Year: y, Month: m, Day: d, Raw: raw}, true
}
