package audit

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"

	"github.com/arbiter-chess/arbiter/ingest"
	"github.com/arbiter-chess/arbiter/validate"
)

// openingRecord is one line of python-chess's opening verdicts
// (../shared/corpus/oracle/README.md, "Openings by position").
type openingRecord struct {
	File  string  `json:"file"`
	Index int     `json:"index"`
	ECO   *string `json:"eco"`
	Name  *string `json:"name"`
	Ply   *int    `json:"ply"`
}

func readOpeningOracle(t *testing.T, name string) []openingRecord {
	t.Helper()
	f, err := os.Open(filepath.Join(shared, "oracle", name))
	if err != nil {
		t.Skipf("oracle not available: %v", err)
	}
	defer f.Close()
	zr, err := zstd.NewReader(f, zstd.WithDecoderMaxWindow(1<<31))
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	var out []openingRecord
	sc := bufio.NewScanner(zr)
	for sc.Scan() {
		var r openingRecord
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestOpeningsOracle names the opening of every game of the oracle's
// opening files and requires python-chess's ECO, name and ply for each
// (100 %). It also logs how often the games' own ECO and Opening tags
// (Lichess's, written with older versions of the list) agree.
func TestOpeningsOracle(t *testing.T) {
	for _, name := range []string{
		"openings-lichess-jishanshaikh4-37k.jsonl.zst",
		"openings-shakmaty-bench-lichess_db_1000k.jsonl.zst",
		"openings-shakmaty-bench-twic1599_1000k.jsonl.zst",
	} {
		t.Run(name, func(t *testing.T) {
			recs := readOpeningOracle(t, name)
			if len(recs) == 0 {
				t.Fatal("no records")
			}
			file := recs[0].File
			path := filepath.Join(shared, "games", file)
			if _, err := os.Stat(path); err != nil {
				t.Skipf("corpus file missing: %v", err)
			}
			var tags tagAgreement
			n, bad := 0, 0
			judgeFile(t, path, func(g *ingest.Game, r *validate.Report) {
				if g.Index >= len(recs) || recs[g.Index].Index != g.Index {
					t.Fatalf("%s: game %d has no oracle record", file, g.Index)
				}
				o := &recs[g.Index]
				n++
				v := &r.Verdict
				ours, theirs := "NULL", "NULL"
				if v.Opening != nil {
					ours = fmt.Sprintf("%s %q ply %d", v.Opening.ECO, v.Opening.Name, v.OpeningPly)
				}
				if o.ECO != nil {
					theirs = fmt.Sprintf("%s %q ply %d", *o.ECO, *o.Name, *o.Ply)
				}
				if ours != theirs {
					bad++
					if bad <= 10 {
						t.Errorf("%s game %d (line %d): we %s, python-chess %s", file, g.Index, g.Line, ours, theirs)
					}
				}
				tags.add(g, v)
			})
			if n != len(recs) {
				t.Errorf("%s: %d games judged, %d oracle records", file, n, len(recs))
			}
			if bad > 0 {
				t.Errorf("%s: %d of %d games differ from python-chess", file, bad, n)
			}
			t.Logf("%s: %d games, %d agree with python-chess", file, n, n-bad)
			tags.log(t)
		})
	}
}

// tagAgreement compares the games' own ECO and Opening tags with the
// openings named by position.
type tagAgreement struct {
	tagged, eco, name, both int
	why                     map[string]int
	examples                map[string][]string
}

func (a *tagAgreement) add(g *ingest.Game, v *validate.Verdict) {
	var eco, name string
	for _, tg := range g.Tags {
		switch tg.Name {
		case "ECO":
			eco = tg.Value
		case "Opening":
			name = tg.Value
		}
	}
	if name == "" || name == "?" {
		return
	}
	a.tagged++
	ourECO, ourName := "", ""
	if v.Opening != nil {
		ourECO, ourName = v.Opening.ECO, v.Opening.Name
	}
	okECO, okName := eco == ourECO, name == ourName
	if okECO {
		a.eco++
	}
	if okName {
		a.name++
	}
	if okECO && okName {
		a.both++
		return
	}
	// Why they differ: the same family with another variation, a
	// renamed line, or none named by position.
	var cat string
	switch {
	case v.Opening == nil:
		cat = "no named position in the game"
	case okECO:
		cat = "same ECO, other name"
	case family(name) == family(ourName):
		cat = "same family, other ECO or variation"
	default:
		cat = "other family"
	}
	if a.why == nil {
		a.why, a.examples = map[string]int{}, map[string][]string{}
	}
	a.why[cat]++
	if len(a.examples[cat]) < 4 {
		a.examples[cat] = append(a.examples[cat], fmt.Sprintf("game %d: tags %s %q, by position %s %q (ply %d)",
			g.Index, eco, name, ourECO, ourName, v.OpeningPly))
	}
}

// family is an opening name up to its first colon ("Sicilian Defense:
// Najdorf Variation" is of the family "Sicilian Defense").
func family(name string) string {
	if i := strings.IndexByte(name, ':'); i >= 0 {
		return name[:i]
	}
	return name
}

func (a *tagAgreement) log(t *testing.T) {
	if a.tagged == 0 {
		t.Logf("no game has an Opening tag")
		return
	}
	pct := func(n int) string { return fmt.Sprintf("%d (%.1f %%)", n, 100*float64(n)/float64(a.tagged)) }
	t.Logf("games with an Opening tag: %d; ECO agrees %s, name %s, both %s", a.tagged, pct(a.eco), pct(a.name), pct(a.both))
	cats := make([]string, 0, len(a.why))
	for c := range a.why {
		cats = append(cats, c)
	}
	sort.Slice(cats, func(i, j int) bool { return a.why[cats[i]] > a.why[cats[j]] })
	for _, c := range cats {
		t.Logf("  %6d %s", a.why[c], c)
		for _, ex := range a.examples[c] {
			t.Logf("           %s", ex)
		}
	}
}
