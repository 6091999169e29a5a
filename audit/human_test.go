package audit

import "testing"

func TestNotationLine(t *testing.T) {
	for _, tc := range []struct {
		in   map[string]int64
		want string
	}{
		{nil, ""},
		{map[string]int64{"English": 3296}, ""},
		{map[string]int64{"English": 3290, "German": 6, "Russian": 6, "Greek": 1}, "notation: English 3290, German 6, Russian 6, Greek 1"},
		{map[string]int64{"Dutch": 2}, "notation: Dutch 2"},
	} {
		if got := notationLine(tc.in); got != tc.want {
			t.Errorf("notationLine(%v) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
