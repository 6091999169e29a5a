package cputime

import "testing"

func TestNowGrows(t *testing.T) {
	t0 := Now()
	x := 0
	for i := 0; i < 50_000_000; i++ {
		x += i % 7
	}
	if t1 := Now(); t1 < t0 {
		t.Fatalf("CPU time went back: %v then %v (%d)", t0, t1, x)
	}
}
