package report

import "testing"

func TestUCIVocab(t *testing.T) {
	// 1,456 queen-like steps, 336 knight jumps, 2 x 22 x 4 promotions and
	// the null move.
	if got, want := len(uciVocab), 1456+336+176+1; got != want {
		t.Fatalf("%d UCI strings, want %d", got, want)
	}
	checkVocab(t, uciVocab, uciIndex)
	for _, bad := range []string{"", "e2", "e2e2", "a1b3x", "e2e4q", "e7e8k", "i1a1", "a9a1", "a1c2 ", "e7e8\x00", "e7e8Q"} {
		if i, ok := uciIndex([]byte(bad)); ok {
			t.Errorf("uciIndex(%q) = %d, want none", bad, i)
		}
	}
	if i := uciIndexOf(52, 60, 'Q'); i < 0 || uciVocab[i] != "e7e8q" {
		t.Errorf("uciIndexOf(e7, e8, Q) = %d", i)
	}
}
