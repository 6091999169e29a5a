package corpus

import (
	"os"
	"path/filepath"
	"testing"
)

func TestRootBesideModule(t *testing.T) {
	r := Root()
	if filepath.Base(r) != "corpus" || filepath.Base(filepath.Dir(r)) != "shared" {
		t.Fatalf("Root() = %s", r)
	}
	// the module root is two levels up from this package's folder
	mod, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(mod, "go.mod")); err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(filepath.Dir(mod), "shared", "corpus"); r != want {
		t.Errorf("Root() = %s, want %s", r, want)
	}
	if Has("no/such/file") {
		t.Error("Has reports a file that does not exist")
	}
	if got := Path("edge/pgn-extract"); got != filepath.Join(r, "edge", "pgn-extract") {
		t.Errorf("Path = %s", got)
	}
}
