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
	p.games.Store(50)
	p.findings.Store(7)
	got := fmt.Sprint(p.logFields(10 * time.Second))
	want := "[bytes_read 250 bytes_total 1000 games 50 games_per_s 5 findings 7 percent 25 eta 30s]"
	if got != want {
		t.Errorf("fields %s\nwant   %s", got, want)
	}
	p = &progress{total: -1} // standard input: no total
	p.done.Store(250)
	if got := fmt.Sprint(p.logFields(time.Second)); got != "[bytes_read 250 bytes_total -1 games 0 games_per_s 0 findings 0]" {
		t.Errorf("fields without a total: %s", got)
	}
}
