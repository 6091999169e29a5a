package fentest

import "testing"

func TestPlacement(t *testing.T) {
	var empty [64]byte
	start := empty
	for f, c := range []byte("RNBQKBNR") {
		start[f], start[56+f] = c, c|0x20
		start[8+f], start[48+f] = 'P', 'p'
	}
	two := empty
	two[0], two[7], two[63] = 'K', 'k', 'K' // a1, h1, h8: no legal position
	for _, tc := range []struct {
		board *[64]byte
		want  string
	}{
		{&empty, "8/8/8/8/8/8/8/8"},
		{&start, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"},
		{&two, "7K/8/8/8/8/8/8/K6k"},
	} {
		if got := Placement(tc.board); got != tc.want {
			t.Errorf("Placement = %q, want %q", got, tc.want)
		}
	}
}
