package audit

import (
	"fmt"
	"testing"
	"time"
)

// A progress log line says how far the run is and, when the inputs' size
// is known, the share read and the time left at the pace so far.
func TestProgressLogFields(t *testing.T) {
	p := &progress{total: 1000}
	p.done.Store(250)
	p.pgn.Store(5_000_000)
	p.games.Store(50)
	p.findings.Store(7)
	got := fmt.Sprint(p.logFields(10 * time.Second))
	want := "[file . bytes_read 250 bytes_total 1000 pgn_mb_per_s 0.5 games 50 games_per_s 5 findings 7 percent 25 eta 30s]"
	if got != want {
		t.Errorf("fields %s\nwant   %s", got, want)
	}
	p = &progress{total: -1} // standard input: no total
	p.done.Store(250)
	if got := fmt.Sprint(p.logFields(time.Second)); got != "[file . bytes_read 250 bytes_total -1 pgn_mb_per_s 0 games 0 games_per_s 0 findings 0]" {
		t.Errorf("fields without a total: %s", got)
	}
}

// The time left follows a change of pace smoothly: one fast interval after
// a slow start does not make the estimate jump to the fast pace.
func TestProgressETASmoothed(t *testing.T) {
	p := &progress{total: 10_000}
	p.sample(10*time.Second, 1000) // 100 B/s
	if got := p.eta(1000); got != 90*time.Second {
		t.Fatalf("eta after a steady start %v, want 1m30s", got)
	}
	p.sample(20*time.Second, 6000) // 500 B/s for 10 s
	got := p.eta(6000)
	fast, slow := 8*time.Second, 40*time.Second // 4000 B at 500 B/s, at 100 B/s
	if got <= fast || got >= slow {
		t.Errorf("eta after a faster interval %v, want between %v and %v", got, fast, slow)
	}
	for i := 3; i <= 30; i++ { // the fast pace holds: the estimate converges to it
		p.sample(time.Duration(i)*10*time.Second, int64(6000+(i-2)*5000))
	}
	if r := p.rate; r < 450 || r > 550 {
		t.Errorf("rate %v after a long steady spell of 500 B/s", r)
	}
}
