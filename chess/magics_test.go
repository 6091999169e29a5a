package chess

import (
	"flag"
	"fmt"
	"strings"
	"testing"
)

var printMagics = flag.Bool("printmagics", false, "TestFindMagics prints the magic numbers it finds (for magics_table.go)")

// xorshift64star is the fixed-seed generator of the magic search.
type xorshift64star uint64

func (x *xorshift64star) next() uint64 {
	*x ^= *x >> 12
	*x ^= *x << 25
	*x ^= *x >> 27
	return uint64(*x) * 2685821657736338717
}

// findMagic searches for a magic number for a slider on s by trial and
// error: random numbers with few bits set until one maps every occupancy
// of the mask to a table entry without a harmful collision.
func findMagic(s Square, dirs *[4][2]int, rng *xorshift64star) uint64 {
	mask := relevantMask(s, dirs)
	shift := 64 - mask.Count()
	var occs, refs []Bitboard
	subsets(mask, func(b Bitboard) {
		occs = append(occs, b)
		refs = append(refs, slowSliderAttacks(s, b, dirs))
	})
	table := make([]Bitboard, len(occs))
	used := make([]int, len(occs))
	for try := 1; ; try++ {
		a, b, c := rng.next(), rng.next(), rng.next()
		magic := a & b & c // few bits set
		if Bitboard((uint64(mask)*magic)>>56).Count() < 6 {
			continue
		}
		ok := true
		for i, occ := range occs {
			idx := (uint64(occ) * magic) >> shift
			if used[idx] != try {
				used[idx] = try
				table[idx] = refs[i]
			} else if table[idx] != refs[i] {
				ok = false
				break
			}
		}
		if ok {
			return magic
		}
	}
}

// TestFindMagics reruns the search that produced magics_table.go (only with
// -printmagics, since it takes a while) and checks it finds the same numbers.
func TestFindMagics(t *testing.T) {
	if !*printMagics {
		t.Skip("run with -printmagics")
	}
	rng := xorshift64star(0x9E3779B97F4A7C15)
	var out strings.Builder
	for _, k := range []struct {
		name  string
		dirs  *[4][2]int
		table *[64]uint64
	}{{"bishop", &bishopDirs, &bishopMagicNumbers}} {
		fmt.Fprintf(&out, "var %sMagicNumbers = [64]uint64{\n", k.name)
		for s := A1; s <= H8; s++ {
			m := findMagic(s, k.dirs, &rng)
			if m != k.table[s] {
				t.Errorf("%s %v: found %#x, table has %#x", k.name, s, m, k.table[s])
			}
			fmt.Fprintf(&out, "0x%016X,", m)
			if s%4 == 3 {
				out.WriteString("\n")
			}
		}
		out.WriteString("}\n\n")
	}
	t.Log("\n" + out.String())
}
