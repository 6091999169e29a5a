package report

import (
	"math/rand/v2"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/memory"
)

// TestBitmapPack checks the packed bits and the count of zeros against
// a bit-by-bit packing, for every length around a few words.
func TestBitmapPack(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 70; n++ {
		for _, density := range []int{0, 1, 2, 100} { // percent of zeros: none, few, many
			m := bitmap{r: region{mem: memory.DefaultAllocator}}
			want := make([]byte, (n+7)/8)
			zeros := 0
			for i := 0; i < n; i++ {
				v := rng.IntN(100) >= density
				if density == 100 {
					v = false
				}
				m.add(v)
				if v {
					want[i/8] |= 1 << (i % 8)
				} else {
					zeros++
				}
			}
			buf, z := m.pack()
			got := buf.Bytes()[:len(want)]
			if z != zeros || string(got) != string(want) {
				t.Errorf("n=%d density=%d: packed %08b zeros %d, want %08b zeros %d", n, density, got, z, want, zeros)
			}
			buf.Release()
		}
	}
}
