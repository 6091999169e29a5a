package validate

import (
	"strings"
	"testing"
	"time"
)

// fullRoster is a valid Seven Tag Roster; the cases change or add tags.
var fullRoster = []Tag{
	{"Event", "Test"}, {"Site", "Here"}, {"Date", "2024.05.01"}, {"Round", "1"},
	{"White", "Carlsen, Magnus"}, {"Black", "Nepomniachtchi, Ian"}, {"Result", "1-0"},
}

// withTag returns fullRoster with tag name set to value (added when
// absent); an empty name leaves the roster as it is.
func withTag(name, value string) []Tag {
	out := append([]Tag(nil), fullRoster...)
	if name == "" {
		return out
	}
	for i := range out {
		if out[i].Name == name {
			out[i].Value = value
			return out
		}
	}
	return append(out, Tag{name, value})
}

// headerFindings judges a game with tags on 2025-06-15 and returns its
// tag_* findings as "kind: message".
func headerFindings(t *testing.T, tags []Tag) []string {
	t.Helper()
	j := NewJudge(Options{Headers: true, Today: time.Date(2025, 6, 15, 12, 0, 0, 0, time.UTC)})
	g := &Game{Tags: tags, Result: "1-0", Moves: []Token{{Text: []byte("e4")}}}
	for _, tg := range tags {
		if tg.Name == "Result" {
			g.Result = tg.Value
		}
	}
	var r Report
	j.Judge(g, &r)
	var out []string
	for _, f := range r.Findings {
		if strings.HasPrefix(f.Kind, "tag_") {
			out = append(out, f.Kind+": "+f.Message)
			want := Warning
			if f.Kind == KindTagMissing {
				want = Info
			}
			if f.Severity != want || f.Ply != -1 {
				t.Errorf("%s: severity %v ply %d", f.Kind, f.Severity, f.Ply)
			}
		}
	}
	return out
}

// TestHeaderChecks gives, for every check, valid values (no finding) and
// invalid ones (one finding of the check's kind) side by side.
func TestHeaderChecks(t *testing.T) {
	cases := []struct {
		kind    string
		tag     string
		valid   []string
		invalid []string
	}{
		{KindTagDate, "Date",
			[]string{"2024.05.01", "2024.??.??", "2024.02.??", "????.??.??", "?", "2024.02.29", "2000.02.29", "2025.06.15", "2025.06.16", "1851.07.21"},
			[]string{"2024.13.45", "2024.13.01", "2024.00.10", "2024.05.32", "2024.05.00", "2023.02.29", "1900.02.29", "2024.04.31",
				"2024-05-01", "2024/05/01", "24.05.01", "2024.5.1", "2024.05.1x", "yesterday", "2025.06.17", "2026.??.??", "2025.07.??"}},
		{KindTagDate, "UTCDate", []string{"2016.02.29", "2025.06.15"}, []string{"2015.02.29", "3024.01.01"}},
		{KindTagDate, "EventDate", []string{"2024.??.??", "2024.05.01"}, []string{"2024.99.??", "2099.01.01"}},
		{KindTagRound, "Round",
			[]string{"1", "12", "3.1", "10.25", "-", "?"},
			[]string{"", "one", "1.", ".1", "1.2.3", "1a", "R1", "1 ", "-1"}},
		{KindTagRating, "WhiteElo",
			[]string{"0", "1500", "3500", "2882", "?", "-", ""},
			[]string{"3501", "9999", "-5", "1500.5", "abc", "2 000", "+1500"}},
		{KindTagRating, "BlackElo", []string{"2700"}, []string{"99999"}},
		{KindTagTitle, "WhiteTitle",
			[]string{"GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM", "BOT", "LM", "-", "?", ""},
			[]string{"NM", "gm", "Grandmaster", "AGM", "GM "}},
		{KindTagTitle, "BlackTitle", []string{"WGM"}, []string{"XX"}},
		{KindTagResult, "Result",
			[]string{"1-0", "0-1", "1/2-1/2", "*"},
			[]string{"1:0", "½-½", "0.5-0.5", "draw", "white wins", "2-0", "1-1"}},
		{KindTagTimeControl, "TimeControl",
			[]string{"300+3", "180+0", "60", "40/7200:3600", "40/7200:20/3600:900+30", "*180", "-", "?"},
			[]string{"", "5+3 min", "300 + 3", "3|2", "90'+30\"", "G/90", "40/:3600", "+3", "300+", "1.5+0"}},
	}
	for _, c := range cases {
		for _, v := range c.valid {
			if got := headerFindings(t, withTag(c.tag, v)); len(got) != 0 {
				t.Errorf("%s %q: valid, got %v", c.tag, v, got)
			}
		}
		for _, v := range c.invalid {
			got := headerFindings(t, withTag(c.tag, v))
			if len(got) != 1 || !strings.HasPrefix(got[0], c.kind+": tag "+c.tag+" ") {
				t.Errorf("%s %q: invalid, want one %s finding, got %v", c.tag, v, c.kind, got)
			}
		}
	}
}

func TestHeaderSamePlayer(t *testing.T) {
	for _, c := range []struct {
		white, black string
		same         bool
	}{
		{"Carlsen, Magnus", "Carlsen, Magnus", true},
		{"Carlsen, Magnus", "carlsen,magnus", true},
		{" Carlsen, Magnus ", "CARLSEN, MAGNUS", true},
		{"Carlsen, Magnus", "Caruana, Fabiano", false},
		{"?", "?", false}, // unknown players are not the same player
		{"NN", "NN", false},
		{"", "", false},
		{"Stockfish 16", "Stockfish 17", false},
		{"Ärnström, Ö", "ärnström,ö", true},
		{"Carlsen", "Carlsen, Magnus", false},
	} {
		tags := withTag("White", c.white)
		for i := range tags {
			if tags[i].Name == "Black" {
				tags[i].Value = c.black
			}
		}
		got := headerFindings(t, tags)
		if c.same != (len(got) == 1 && strings.HasPrefix(got[0], KindTagSamePlayer+":")) || (!c.same && len(got) != 0) {
			t.Errorf("White %q Black %q: same %v, got %v", c.white, c.black, c.same, got)
		}
	}
}

func TestHeaderMissing(t *testing.T) {
	if got := headerFindings(t, fullRoster); len(got) != 0 {
		t.Fatalf("full roster: %v", got)
	}
	var noSite []Tag
	for _, tg := range fullRoster {
		if tg.Name != "Site" && tg.Name != "Round" {
			noSite = append(noSite, tg)
		}
	}
	got := headerFindings(t, noSite)
	if len(got) != 1 || got[0] != "tag_missing: the Seven Tag Roster tag(s) Site, Round are missing" {
		t.Errorf("no Site, Round: %v", got)
	}
	got = headerFindings(t, nil)
	if len(got) != 1 || got[0] != "tag_missing: the Seven Tag Roster tag(s) Event, Site, Date, Round, White, Black, Result are missing" {
		t.Errorf("no tags: %v", got)
	}
}

// TestHeadersOff: without Options.Headers the tags are not checked.
func TestHeadersOff(t *testing.T) {
	j := NewJudge(Options{})
	var r Report
	j.Judge(&Game{Tags: withTag("Date", "2024.13.45"), Moves: []Token{{Text: []byte("e4")}}}, &r)
	for _, f := range r.Findings {
		if strings.HasPrefix(f.Kind, "tag_") {
			t.Errorf("finding %s without Options.Headers", f.Kind)
		}
	}
}

// civilDays agrees with time.Date on every day of two 400-year eras and
// the years around today.
func TestCivilDays(t *testing.T) {
	for _, y := range []int{0, 1, 4, 99, 100, 399, 400, 401, 1899, 1900, 1970, 1999, 2000, 2024, 2025, 2100, 2399, 2400, 9999} {
		for m := 1; m <= 12; m++ {
			for d := 1; d <= 31; d++ {
				want := int32(time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC).Unix() / 86400)
				if got := civilDays(int32(y), int32(m), int32(d)); got != want {
					t.Fatalf("%04d-%02d-%02d: %d, want %d", y, m, d, got, want)
				}
			}
		}
	}
}

// FuzzHeaders: any tag values are checked without a panic, and a finding
// is a tag_* warning or info naming its tag.
func FuzzHeaders(f *testing.F) {
	f.Add("2024.13.45", "1.2", "Carlsen", "carlsen", "9999", "GM", "1:0", "40/7200:3600")
	f.Add("????.??.??", "-", "?", "?", "", "", "*", "?")
	f.Fuzz(func(t *testing.T, date, round, white, black, elo, title, result, tc string) {
		j := NewJudge(Options{Headers: true, Today: time.Date(2025, 6, 15, 0, 0, 0, 0, time.UTC)})
		g := &Game{Tags: []Tag{{"Date", date}, {"UTCDate", date}, {"Round", round}, {"White", white}, {"Black", black},
			{"WhiteElo", elo}, {"BlackTitle", title}, {"Result", result}, {"TimeControl", tc}}}
		var r Report
		j.Judge(g, &r)
		for _, fd := range r.Findings {
			if strings.HasPrefix(fd.Kind, "tag_") && fd.Message == "" {
				t.Fatalf("%s without a message", fd.Kind)
			}
		}
	})
}
