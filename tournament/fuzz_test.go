package tournament

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// FuzzParse checks that no input makes the reader, the checks, the
// standings, the cross-check or the crosstable panic, and that every
// located error lies inside the input.
func FuzzParse(f *testing.F) {
	filepath.WalkDir("testdata", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (filepath.Ext(p) == ".trf" || filepath.Ext(p) == ".input") {
			if b, err := os.ReadFile(p); err == nil {
				f.Add(b)
			}
		}
		return nil
	})
	for _, s := range []string{
		"", "001", "001    1", "001 9999 m    A" + string(bytes.Repeat([]byte(" "), 80)) + "  9999 w 1",
		"001    1 m    A                                 2000 NOR           1 1990/01/01  1.0    1     1 w 1\n",
		"001    1\r001    1\r\n001    2     \n132" + string(bytes.Repeat([]byte(" "), 88)) + "99/99/99  24/01/01",
		"XXR 999999999999\n142 -3\n162 W\n202 BH/C99,DE/P,KS/L+3\n212 PTS,XX\n",
		"\xef\xbb\xbf012 \xff\xfe\n001    1 m    \xe9\xe8                                2000 NOR     1 1990  1.0    1     2 w 1\n001    2 m    B                                 2000 NOR     2 1990  0.0    2     1 b 0\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		stop := make(chan struct{})
		defer close(stop)
		go func() {
			select {
			case <-stop:
			case <-time.After(10 * time.Second): // a hang, not a slow machine
				panic(fmt.Sprintf("WATCHDOG %q", data))
			}
		}()
		tr, err := Parse(bytes.NewReader(data), "fuzz.trf")
		if tr == nil {
			if err == nil {
				t.Fatal("nil tournament without error")
			}
			return
		}
		lines := bytes.Count(data, []byte("\n")) + bytes.Count(data, []byte("\r")) + 1
		for _, e := range tr.Errors {
			if e.Line < 0 || e.Line > lines || e.Column < 0 {
				t.Fatalf("error outside the input: %v", e)
			}
		}
		_ = LooksLikeTRF(data)
		_ = Check(tr)
		st, err := ComputeStandings(tr, StandingsOptions{})
		if err != nil {
			st, err = ComputeStandings(tr, StandingsOptions{Order: []string{"PTS", "BH/C1", "SB/M1", "DE", "ARO/C1", "FB", "AOB", "KS", "APRO"}})
			if err != nil {
				t.Fatal(err)
			}
		}
		_ = Crosstable(tr, st)
		_ = PlayerRows(tr, st)
		var games []GameInfo
		for i := range tr.Players {
			if i+1 < len(tr.Players) {
				games = append(games, GameInfo{Round: "1", White: tr.Players[i].Name, Black: tr.Players[i+1].Name,
					Result: "1-0", Plies: i % 5, Audited: true, ResultByRules: "0-1", WhiteFideID: "1"})
			}
			if i > 8 {
				break
			}
		}
		if _, err := Reconcile(tr, games, CrossCheckOptions{Standings: StandingsOptions{Order: []string{"PTS", "SB"}}}); err != nil {
			t.Fatal(err)
		}
	})
}
