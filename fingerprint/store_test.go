package fingerprint

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// games makes n records whose fingerprints repeat: game i has the
// fingerprint of game i % distinct... mixed so that duplicates are spread.
func games(n, distinct int, seed uint64) []Record {
	rng := rand.New(rand.NewPCG(seed, 1))
	out := make([]Record, n)
	for i := range out {
		k := rng.IntN(distinct)
		var h Hasher
		h.Word(uint64(k))
		out[i] = Record{FP: h.Sum(), Game: int64(i), Tags: uint64(rng.IntN(2)), File: uint32(i % 3), Line: int64(10 * i)}
	}
	return out
}

// naive returns the duplicates of recs (added in game order) by a map.
func naive(recs []Record) []Duplicate {
	first := map[Fingerprint]Record{}
	var out []Duplicate
	for _, r := range recs {
		if f, ok := first[r.FP]; ok {
			out = append(out, Duplicate{Game: r, First: f})
			continue
		}
		first[r.FP] = r
	}
	return out
}

// withReported sets the Reported of each duplicate of want as Add saw
// it: the earliest game with its fingerprint in its segment (segments
// start at the games of bounds), or -1 (all -1 without bounds).
func withReported(want []Duplicate, recs []Record, bounds []int64, segments bool) []Duplicate {
	seg := func(g int64) int {
		n := 0
		for _, b := range bounds {
			if g >= b {
				n++
			}
		}
		return n
	}
	byFP := map[Fingerprint][]int64{} // games in id order
	for _, r := range recs {
		byFP[r.FP] = append(byFP[r.FP], r.Game)
	}
	out := slices.Clone(want)
	for i := range out {
		out[i].Reported = -1
		if !segments {
			continue
		}
		g := out[i].Game
		for _, r := range byFP[g.FP] {
			if r < g.Game && seg(r) == seg(g.Game) {
				out[i].Reported = r
				break
			}
		}
	}
	return out
}

// stripSeg clears the records' Seg (the store's business).
func stripSeg(ds []Duplicate) []Duplicate {
	for i := range ds {
		ds[i].Game.Seg, ds[i].First.Seg = 0, 0
	}
	return ds
}

func collect(t *testing.T, d *Duplicates) []Duplicate {
	t.Helper()
	var out []Duplicate
	for {
		x, ok := d.Next()
		if !ok {
			break
		}
		out = append(out, x)
	}
	if err := d.Err(); err != nil {
		t.Fatal(err)
	}
	if int64(len(out)) != d.Len() {
		t.Fatalf("Len %d, Next gave %d", d.Len(), len(out))
	}
	return stripSeg(out)
}

// TestStoreSpillSameAnswers: whatever the memory budget (no spill, a few
// runs, hundreds of runs merged in several passes), Resolve gives the
// duplicates a map gives, and Add finds the in-memory ones at once.
func TestStoreSpillSameAnswers(t *testing.T) {
	recs := games(20000, 3000, 7)
	want := naive(recs)
	for _, mem := range []int64{0, 1 << 20, 64 * memPerRecord, 20 * memPerRecord} {
		t.Run(fmt.Sprint(mem), func(t *testing.T) {
			dir := t.TempDir()
			s, err := NewStore(Options{Dir: dir, MemBytes: mem})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			early := 0
			wantEarly := map[int64]bool{}
			for _, w := range want {
				wantEarly[w.Game.Game] = true
			}
			for _, r := range recs {
				f, dup, err := s.Add(r)
				if err != nil {
					t.Fatal(err)
				}
				if dup {
					early++
					if !wantEarly[r.Game] || f.FP != r.FP || f.Game >= r.Game {
						t.Fatalf("Add(%d): dup of %d, not a duplicate", r.Game, f.Game)
					}
				}
			}
			if mem == 0 && early != len(want) {
				t.Errorf("in memory: Add found %d duplicates, want %d", early, len(want))
			}
			d, err := s.Resolve()
			if err != nil {
				t.Fatal(err)
			}
			got := collect(t, d)
			want := withReported(want, recs, s.Segments(), true)
			late := 0
			for _, w := range want {
				if w.Reported != w.First.Game {
					late++
				}
			}
			if mem == 0 && late != 0 {
				t.Errorf("in memory: %d duplicates learned late", late)
			}
			if mem != 0 && mem < 1<<20 && late == 0 {
				t.Errorf("spilled: no duplicate learned late")
			}
			if !slices.Equal(got, want) {
				t.Fatalf("%d duplicates, want %d (runs %d)", len(got), len(want), len(s.Runs()))
			}
			d.Rewind()
			if again := collect(t, d); !slices.Equal(again, got) {
				t.Fatal("Rewind: other duplicates")
			}
			if err := d.Close(); err != nil {
				t.Fatal(err)
			}
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			if left, _ := os.ReadDir(dir); len(left) != 0 {
				t.Errorf("files left: %v", left)
			}
		})
	}
}

// TestResolveRunsAcrossStores: two stores fed alternate blocks (as two
// machines would) give run files that resolve together into the
// duplicates of the whole.
func TestResolveRunsAcrossStores(t *testing.T) {
	recs := games(5000, 800, 3)
	dir := t.TempDir()
	var runs []string
	var stores []*Store
	for k := range 2 {
		s, err := NewStore(Options{Dir: filepath.Join(dir, fmt.Sprint(k)), MemBytes: 100 * memPerRecord})
		if err != nil {
			t.Fatal(err)
		}
		stores = append(stores, s)
	}
	for i := 0; i < len(recs); i += 250 { // blocks of 250 games, alternately
		s := stores[i/250%2]
		for _, r := range recs[i:min(i+250, len(recs))] {
			if _, _, err := s.Add(r); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, s := range stores {
		if err := s.Flush(); err != nil {
			t.Fatal(err)
		}
		runs = append(runs, s.Runs()...)
		defer s.Close()
	}
	d, err := ResolveRuns(Options{Dir: filepath.Join(dir, "resolve"), MemBytes: 50 * memPerDuplicate}, runs...)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if got, want := collect(t, d), withReported(naive(recs), recs, nil, false); !slices.Equal(got, want) {
		t.Fatalf("%d duplicates, want %d", len(got), len(want))
	}
}

// TestAddOutOfOrder: a record added before an earlier game is still seen
// as the later one (Reported assumes the order of the ids).
func TestAddOutOfOrder(t *testing.T) {
	s, _ := NewStore(Options{Dir: t.TempDir()})
	defer s.Close()
	fp := Fingerprint{1, 2}
	if _, dup, _ := s.Add(Record{FP: fp, Game: 5}); dup {
		t.Fatal("first record a duplicate")
	}
	if _, dup, _ := s.Add(Record{FP: fp, Game: 3}); dup {
		t.Fatal("game 3 reported as a duplicate of game 5")
	}
	if f, dup, _ := s.Add(Record{FP: fp, Game: 9}); !dup || f.Game != 3 {
		t.Fatalf("game 9: dup %v of %d, want of 3", dup, f.Game)
	}
	d, err := s.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	got := collect(t, d)
	if len(got) != 2 || got[0].Game.Game != 5 || got[0].First.Game != 3 || got[1].Game.Game != 9 || got[1].First.Game != 3 ||
		got[0].Reported != 3 || got[1].Reported != 3 {
		t.Fatalf("got %+v", got)
	}
}

func TestRunFormat(t *testing.T) {
	dir := t.TempDir()
	recs := []Record{
		{FP: Fingerprint{1, 1}, Game: 2, Tags: 7, File: MaxFile, Line: MaxLine},
		{FP: Fingerprint{1, 1}, Game: 4, Tags: 8, File: 0, Line: 1},
		{FP: Fingerprint{2, 0}, Game: 0, Tags: 9, File: 5, Line: 77},
	}
	p := filepath.Join(dir, "a.run")
	if err := WriteRun(p, recs); err != nil {
		t.Fatal(err)
	}
	got, err := ReadRun(p)
	if err != nil || !slices.Equal(got, recs) {
		t.Fatalf("ReadRun: %v %+v", err, got)
	}
	if err := WriteRun(filepath.Join(dir, "b.run"), []Record{recs[1], recs[0]}); err == nil {
		t.Error("records out of order accepted")
	}
	if err := WriteRun(filepath.Join(dir, "c.run"), []Record{{Line: MaxLine + 1}}); err == nil {
		t.Error("line out of range accepted")
	}
	// A truncated or foreign file is an error, not a panic.
	b, _ := os.ReadFile(p)
	for _, bad := range [][]byte{b[:len(b)-3], b[:10], []byte("not a run file at all, no"), nil} {
		q := filepath.Join(dir, "bad.run")
		os.WriteFile(q, bad, 0o644)
		if _, err := ReadRun(q); err == nil {
			t.Errorf("bad run of %d bytes accepted", len(bad))
		}
		if _, err := ResolveRuns(Options{Dir: dir}, q); err == nil {
			t.Errorf("ResolveRuns: bad run of %d bytes accepted", len(bad))
		}
	}
}

func TestHasher(t *testing.T) {
	sum := func(words ...uint64) Fingerprint {
		var h Hasher
		for _, w := range words {
			h.Word(w)
		}
		return h.Sum()
	}
	seen := map[Fingerprint]string{}
	add := func(name string, f Fingerprint) {
		if o, ok := seen[f]; ok {
			t.Errorf("%s and %s collide", name, o)
		}
		seen[f] = name
	}
	add("empty", sum())
	add("0", sum(0))
	add("0 0", sum(0, 0))
	add("1", sum(1))
	add("1 2", sum(1, 2))
	add("2 1", sum(2, 1))
	// every single-bit change of a word flips about half of the bits
	base := sum(0x0123456789abcdef, 42)
	for bit := range 64 {
		f := sum(0x0123456789abcdef^1<<bit, 42)
		add(fmt.Sprint("bit ", bit), f)
		d := popcount(f.Hi^base.Hi) + popcount(f.Lo^base.Lo)
		if d < 40 || d > 88 {
			t.Errorf("bit %d: %d of 128 bits changed", bit, d)
		}
	}
	var a, b Hasher
	a.String("ab")
	a.String("c")
	b.String("a")
	b.String("bc")
	if a.Sum() == b.Sum() {
		t.Error(`"ab","c" and "a","bc" collide`)
	}
	// many short sequences, no collision
	for i := range 100000 {
		add(fmt.Sprint("seq ", i), sum(uint64(i%7), uint64(i/7), 99))
	}
}

func popcount(x uint64) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}
