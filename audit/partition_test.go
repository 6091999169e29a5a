package audit

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/ingest"
)

func TestMonthKey(t *testing.T) {
	tag := func(n, v string) ingest.Tag { return ingest.Tag{Name: n, Value: v} }
	for _, tc := range []struct {
		tags []ingest.Tag
		want string
	}{
		{[]ingest.Tag{tag("Date", "2024.03.17")}, "year=2024/month=03"},
		{[]ingest.Tag{tag("Date", "2013.01.01"), tag("UTCDate", "2012.12.31")}, "year=2012/month=12"},
		{[]ingest.Tag{tag("Date", "2024.??.??")}, "year=2024/month=__HIVE_DEFAULT_PARTITION__"},
		{[]ingest.Tag{tag("Date", "2024.13.01")}, "year=2024/month=__HIVE_DEFAULT_PARTITION__"},
		{[]ingest.Tag{tag("Date", "????.??.??")}, defaultPartition},
		{nil, defaultPartition},
	} {
		if got := monthKey(tc.tags); got != tc.want {
			t.Errorf("monthKey(%v) = %s, want %s", tc.tags, got, tc.want)
		}
	}
}

// allRows reads a table's rows under dir, partitions included, sorted: the
// same multiset of rows whatever the layout.
func allRows(t *testing.T, dir, table string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(filepath.Join(dir, table), func(p string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		out = append(out, tableRows(t, dir, rel)...)
		return nil
	})
	slices.Sort(out)
	return out
}

// With -partition month every row lands under its game's month, and the
// tables hold the rows of a run without partitions; a distributed run
// gives the same partitions.
func TestPartitionMonth(t *testing.T) {
	inputs := []string{sample, dupTestdata}
	plain := filepath.Join(t.TempDir(), "plain")
	if _, err := Run(context.Background(), Config{Inputs: inputs, OutDir: plain, Jobs: 2, Version: "test",
		Writer: writerForTests(), NoSync: true, Progress: "never"}); err != nil {
		t.Fatal(err)
	}
	part := filepath.Join(t.TempDir(), "part")
	cfg := Config{Inputs: inputs, OutDir: part, Jobs: 2, Version: "test", Writer: writerForTests(), NoSync: true,
		Progress: "never", Partition: PartitionMonth}
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	for _, table := range []string{"games", "moves", "findings", "positions", "players", "pairings"} {
		a, b := allRows(t, plain, table), allRows(t, part, table)
		if len(a) != len(b) || len(a) == 0 && table != "pairings" {
			t.Fatalf("table %s: %d rows without partitions, %d with", table, len(a), len(b))
		}
		for i := range a {
			if a[i] != b[i] {
				t.Fatalf("table %s: the rows differ:\n%s\n%s", table, a[i], b[i])
			}
		}
	}
	// Each games part holds games of its month only.
	months, _ := filepath.Glob(filepath.Join(part, "games", "year=*", "month=*"))
	if len(months) < 5 {
		t.Fatalf("%d months: %v", len(months), months)
	}
	for _, m := range months {
		ym := strings.TrimPrefix(filepath.Base(filepath.Dir(m)), "year=") + "." + strings.TrimPrefix(filepath.Base(m), "month=")
		rel, _ := filepath.Rel(part, m)
		for _, r := range tableRows(t, part, rel) {
			if !strings.Contains(r, "|date=") || strings.Contains(ym, "__") {
				continue
			}
			if strings.Contains(r, "utc_date=") && !strings.Contains(r, "utc_date="+strings.ReplaceAll(ym, ".", "-")) &&
				!strings.Contains(r, "date_text="+ym) {
				t.Errorf("%s holds a game of another month: %.200s", rel, r)
				break
			}
		}
	}
	// The same through run-block and commit.
	dist := filepath.Join(t.TempDir(), "dist")
	cfg.OutDir = dist
	pl, errs := MakePlan(cfg, 256<<10)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for k := range pl.Units {
		if _, err := RunBlock(context.Background(), cfg, pl, k); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Commit(context.Background(), cfg, pl); err != nil {
		t.Fatal(err)
	}
	for _, table := range []string{"games", "moves", "findings"} {
		if a, b := files(t, filepath.Join(part, table)), files(t, filepath.Join(dist, table)); len(a) == 0 || len(b) == 0 {
			t.Fatalf("table %s: %d and %d files", table, len(a), len(b))
		}
		a, b := allRows(t, part, table), allRows(t, dist, table)
		if !slices.Equal(a, b) {
			t.Fatalf("table %s: a distributed run gives other rows (%d, %d)", table, len(a), len(b))
		}
	}
}
