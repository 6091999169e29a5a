package report

import (
	"fmt"
	"testing"
	"time"
)

func TestParseUTCDate(t *testing.T) {
	days := func(y, m, d int) int32 {
		return int32(time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC).Unix() / 86400)
	}
	tests := []struct {
		in   string
		want int32
		ok   bool
	}{
		{"1970.01.01", 0, true},
		{"2013.01.01", days(2013, 1, 1), true},
		{"2024.02.29", days(2024, 2, 29), true},
		{"1851.06.21", days(1851, 6, 21), true},
		{"2023.02.29", 0, false},
		{"2023.02.30", 0, false},
		{"2023.13.01", 0, false},
		{"2023.00.10", 0, false},
		{"2023.01.00", 0, false},
		{"????.??.??", 0, false},
		{"2013.??.??", 0, false},
		{"2013-01-01", 0, false},
		{"2013.1.1", 0, false},
		{"", 0, false},
		{"+013.01.01", 0, false},
	}
	for _, tt := range tests {
		got, ok := ParseUTCDate([]byte(tt.in))
		if got != tt.want || ok != tt.ok {
			t.Errorf("ParseUTCDate(%q) = %d, %v; want %d, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// ParseUTCDate agrees with time.Date on every day, valid or not, of
// every month of two 400-year eras, the years around today and the last
// years of four digits.
func TestParseUTCDateEveryDay(t *testing.T) {
	var years []int
	for y := 0; y < 800; y++ {
		years = append(years, y, 1800+y%600, 9999-y%400)
	}
	for _, y := range years {
		for m := 1; m <= 12; m++ {
			for d := 1; d <= 31; d++ {
				tm := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
				want, wantOK := int32(tm.Unix()/86400), tm.Day() == d
				in := fmt.Sprintf("%04d.%02d.%02d", y, m, d)
				got, ok := ParseUTCDate([]byte(in))
				if ok != wantOK || (ok && got != want) {
					t.Fatalf("ParseUTCDate(%q) = %d, %v; want %d, %v", in, got, ok, want, wantOK)
				}
			}
		}
	}
}

func TestParseUTCTime(t *testing.T) {
	tests := []struct {
		in   string
		want int32
		ok   bool
	}{
		{"00:00:00", 0, true},
		{"23:59:59", 86399000, true},
		{"12:34:56", (12*3600 + 34*60 + 56) * 1000, true},
		{"24:00:00", 0, false},
		{"12:60:00", 0, false},
		{"12:00:60", 0, false},
		{"1:00:00", 0, false},
		{"??:??:??", 0, false},
		{"12:00:00.5", 0, false},
		{"", 0, false},
	}
	for _, tt := range tests {
		got, ok := ParseUTCTime([]byte(tt.in))
		if got != tt.want || ok != tt.ok {
			t.Errorf("ParseUTCTime(%q) = %d, %v; want %d, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestParseEloAndDiff(t *testing.T) {
	elo := []struct {
		in   string
		want int16
		ok   bool
	}{
		{"1500", 1500, true}, {"0", 0, true}, {"3500", 3500, true}, {"32767", 32767, true},
		{"32768", 0, false}, {"100000", 0, false}, {"?", 0, false}, {"", 0, false},
		{"-5", 0, false}, {"+5", 0, false}, {"15OO", 0, false}, {" 1500", 0, false},
	}
	for _, tt := range elo {
		got, ok := ParseElo([]byte(tt.in))
		if got != tt.want || ok != tt.ok {
			t.Errorf("ParseElo(%q) = %d, %v; want %d, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
	diff := []struct {
		in   string
		want int16
		ok   bool
	}{
		{"+12", 12, true}, {"-7", -7, true}, {"0", 0, true}, {"5", 5, true}, {"-32767", -32767, true},
		{"+", 0, false}, {"-", 0, false}, {"+-1", 0, false}, {"+40000", 0, false}, {"?", 0, false},
	}
	for _, tt := range diff {
		got, ok := ParseRatingDiff([]byte(tt.in))
		if got != tt.want || ok != tt.ok {
			t.Errorf("ParseRatingDiff(%q) = %d, %v; want %d, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestSetTagRouting(t *testing.T) {
	var r GameRow
	set := func(n, v string) bool { return r.SetTag([]byte(n), []byte(v)) }
	r.Reset()
	for _, tv := range [][2]string{
		{"Event", "E"}, {"Site", ""}, {"White", "A"}, {"WhiteElo", "?"}, {"BlackElo", "2100"},
		{"UTCDate", "2013.??.??"}, {"UTCTime", "bad"}, {"WhiteRatingDiff", "-"},
		{"FEN", "8/8/8/8/8/8/8/K6k w - - 0 1"}, {"SetUp", "1"}, {"Annotator", "Z"},
	} {
		if !set(tv[0], tv[1]) {
			t.Errorf("SetTag(%q, %q) = false", tv[0], tv[1])
		}
	}
	if set("Event", "again") || set("BlackElo", "1") || set("WhiteElo", "1800") || set("SetUp", "0") {
		t.Error("a repeated tag was stored")
	}
	if string(r.Event.V) != "E" || !r.Site.Valid || len(r.Site.V) != 0 || r.Date.Valid {
		t.Errorf("strings: event %+v site %+v date %+v", r.Event, r.Site, r.Date)
	}
	if r.WhiteElo.Valid || r.BlackElo != (OptInt16{2100, true}) || r.WhiteRatingDiff.Valid {
		t.Errorf("ratings: %+v %+v %+v", r.WhiteElo, r.BlackElo, r.WhiteRatingDiff)
	}
	if string(r.StartFEN.V) != "8/8/8/8/8/8/8/K6k w - - 0 1" {
		t.Errorf("start fen %q", r.StartFEN.V)
	}
	var names []string
	for _, tg := range r.Tags() {
		names = append(names, string(tg.Name)+"="+string(tg.Value))
	}
	want := []string{"UTCDate=2013.??.??", "UTCTime=bad", "SetUp=1", "Annotator=Z"}
	if len(names) != len(want) {
		t.Fatalf("tags = %q, want %q", names, want)
	}
	for i := range want {
		if names[i] != want[i] {
			t.Errorf("tags = %q, want %q", names, want)
		}
	}
	r.Reset()
	if len(r.Tags()) != 0 || r.Event.Valid || r.BlackElo.Valid || !set("BlackElo", "1") {
		t.Error("Reset did not clear the row")
	}
}

func TestSetTagDoesNotAllocate(t *testing.T) {
	var r GameRow
	names := [][]byte{[]byte("Event"), []byte("WhiteElo"), []byte("UTCDate"), []byte("Annotator"), []byte("Custom")}
	vals := [][]byte{[]byte("Rated Blitz game"), []byte("1500"), []byte("2013.01.01"), []byte("someone"), []byte("x")}
	fill := func() {
		r.Reset()
		for i := range names {
			r.SetTag(names[i], vals[i])
		}
	}
	fill()
	if n := testing.AllocsPerRun(100, fill); n != 0 {
		t.Errorf("SetTag on a reused row allocates %.1f times per game", n)
	}
}

// TestSetTagDates: Date and EventDate keep the text as written and a
// date32 only when the date is complete; the first occurrence wins, and
// EventDate no longer goes to the tags map.
func TestSetTagDates(t *testing.T) {
	day := func(s string) int32 { d, _ := ParseUTCDate([]byte(s)); return d }
	for _, c := range []struct {
		tag, value string
		typed      bool
	}{
		{"Date", "2024.05.01", true},
		{"Date", "2024.??.??", false},
		{"Date", "2024.02.30", false},
		{"Date", "????.??.??", false},
		{"Date", "01/05/2024", false},
		{"EventDate", "2024.05.01", true},
		{"EventDate", "2024.05.??", false},
	} {
		var r GameRow
		r.SetTagString(c.tag, c.value)
		r.SetTagString(c.tag, "1999.01.01") // a repeat is ignored
		text, typed := &r.Date, &r.DateValue
		if c.tag == "EventDate" {
			text, typed = &r.EventDate, &r.EventDateValue
		}
		if !text.Valid || string(text.V) != c.value {
			t.Errorf("%s %q: text %q %v", c.tag, c.value, text.V, text.Valid)
		}
		if typed.Valid != c.typed || (c.typed && typed.V != day(c.value)) {
			t.Errorf("%s %q: typed %v, want valid %v", c.tag, c.value, *typed, c.typed)
		}
		if len(r.Tags()) != 0 {
			t.Errorf("%s %q: went to the tags map too: %v", c.tag, c.value, r.Tags())
		}
	}
}
