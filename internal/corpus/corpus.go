// Package corpus finds the shared test corpus for the tests: the folder
// shared/corpus beside the repository (../shared/corpus seen from the
// folder holding go.mod), which holds real games, edge cases, reference
// suites and python-chess verdicts too large to keep in the repository.
//
// Tests that need it skip when it is absent, so that `go test ./...` runs
// on a fresh clone; the small inputs a test cannot do without are kept in
// the package's testdata instead. The package does no I/O beyond finding
// the folder, and only tests import it.
package corpus

import (
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// Root returns the path of the shared corpus folder, whether it exists or
// not: shared/corpus beside the module's root folder, found by walking up
// from the working directory (a package's folder, under go test) to the
// folder holding go.mod.
func Root() string { return root() }

var root = sync.OnceValue(func() string {
	if dir, err := os.Getwd(); err == nil {
		for d := dir; ; d = filepath.Dir(d) {
			if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
				return filepath.Join(filepath.Dir(d), "shared", "corpus")
			}
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	return filepath.Join("..", "shared", "corpus") // no go.mod above: the repository's root, presumably
})

// Path returns the path of rel, a slash-separated path inside the corpus
// ("reference/sunfish/terminal_bench.epd"), whether it exists or not.
func Path(rel string) string { return filepath.Join(Root(), filepath.FromSlash(rel)) }

// Has reports whether rel exists in the corpus.
func Has(rel string) bool {
	_, err := os.Stat(Path(rel))
	return err == nil
}

// Require returns Path(rel), or skips tb when rel is not in the corpus.
func Require(tb testing.TB, rel string) string {
	tb.Helper()
	p := Path(rel)
	if _, err := os.Stat(p); err != nil {
		tb.Skipf("shared corpus absent: %s (%v)", rel, err)
	}
	return p
}
