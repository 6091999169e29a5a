package unwinnable

import (
	"bufio"
	"bytes"
	"flag"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"

	"github.com/arbiter-chess/arbiter/chess"
	"github.com/arbiter-chess/arbiter/internal/corpus"
)

var (
	longFlag    = flag.Bool("long", false, "run the full corpora (slow)")
	budget      = flag.Int("budget", 1_000_000, "node budget per query for the corpus tests")
	speedBudget = flag.Int("speedbudget", 0, "node budget for the Lichess speed test and benchmark; 0 = default")
	ttBits      = flag.Int("ttbits", 0, "transposition table size (log2 entries) for the speed tests; 0 = default")
	only        = flag.String("only", "", "file of test-vector lines to run instead of the corpus")
)

// sharedPath returns the path of a file of the shared corpus's
// reference/d3-chess folder.
func sharedPath(name string) string { return corpus.Path("reference/d3-chess/" + name) }

// readLines returns the non-empty, non-comment lines of a file, decompressing
// .zst files. ok is false when the file does not exist.
func readLines(t testing.TB, path string) (lines []string, ok bool) {
	t.Helper()
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil, false
	}
	if err != nil {
		t.Fatal(err)
	}
	if strings.HasSuffix(path, ".zst") {
		dec, err := zstd.NewReader(nil, zstd.WithDecoderMaxWindow(1<<31))
		if err != nil {
			t.Fatal(err)
		}
		data, err = dec.DecodeAll(data, nil)
		dec.Close()
		if err != nil {
			// Fall back to the zstd command.
			out, cerr := exec.Command("zstd", "-dc", path).Output()
			if cerr != nil {
				t.Fatalf("decompress %s: %v / %v", path, err, cerr)
			}
			data = out
		}
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if l == "" || l[0] == '#' {
			continue
		}
		lines = append(lines, l)
	}
	return lines, true
}

// parseFEN parses a FEN that may lack the clock fields.
func parseFEN(t testing.TB, fen string) chess.Position {
	t.Helper()
	f := strings.Fields(fen)
	def := []string{"", "w", "-", "-", "0", "1"}
	for len(f) < 6 {
		f = append(f, def[len(f)])
	}
	p, err := chess.ParseFEN(strings.Join(f, " "))
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

// labelled is a test vector: FEN plus whether White / Black can mate.
type labelled struct {
	fen          string
	white, black bool
}

func parseVectors(t testing.TB, lines []string) []labelled {
	var v []labelled
	for _, l := range lines {
		if len(l) < 3 || l[2] != ' ' {
			continue
		}
		lab := l[:2]
		if lab != "WB" && lab != "W-" && lab != "-B" && lab != "--" {
			continue
		}
		v = append(v, labelled{fen: l[3:], white: lab[0] == 'W', black: lab[1] == 'B'})
	}
	return v
}

// checkResult fails the test when r contradicts canMate or carries a bad witness.
func checkResult(t testing.TB, p *chess.Position, winner chess.Color, r Result, canMate bool, what string) {
	t.Helper()
	switch r.Verdict {
	case Winnable:
		if err := CheckWitness(p, winner, r.Witness); err != nil {
			t.Errorf("%s: %v winnable with a bad witness %v: %v", what, winner, r.WitnessSAN, err)
		}
		if !canMate {
			t.Errorf("%s: %v labelled unable to mate, but found %s (method %s)", what, winner, r.WitnessSAN, r.Method)
		}
	case Unwinnable:
		if canMate {
			t.Errorf("%s: %v labelled able to mate, but proven unwinnable (method %s)", what, winner, r.Method)
		}
	}
}

// long reports whether the slow tests run: -long, or ARBITER_LONG set in
// the environment. The variable is read here, while a test runs, and not
// when the flag is declared, so that go test's cache keys on it (a read
// during package initialisation is not recorded, and a cached short run
// would stand for a long one).
func long() bool { return *longFlag || os.Getenv("ARBITER_LONG") != "" }
