package audit

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The moves table's uci column: derived from the squares for ordinary
// moves and promotions, the king's move for standard castling, king takes
// rook for Chess960 castling (whose to_square is still the king's target).
func TestMovesUCI(t *testing.T) {
	pgn := `[Event "standard"]
[Result "*"]

1. e4 d5 2. exd5 c6 3. dxc6 Nf6 4. cxb7 Bd7 5. bxa8=Q Qc7 6. Nf3 e5 7. Bc4 Bd6 8. O-O O-O *

[Event "chess960"]
[Variant "Chess960"]
[SetUp "1"]
[FEN "rk2r3/p7/8/8/8/8/P7/RK2R3 w AEae - 0 1"]
[Result "*"]

1. O-O-O O-O-O 2. Rxe8 Rxe8 *
`
	in := filepath.Join(t.TempDir(), "uci.pgn")
	if err := os.WriteFile(in, []byte(pgn), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _ := runAudit(t, 1, in)
	moves := readTable(t, out, "moves")
	defer func() {
		for _, r := range moves {
			r.Release()
		}
	}()
	want := map[string]string{
		"uci": "e2e4 d7d5 e4d5 c7c6 d5c6 g8f6 c6b7 c8d7 b7a8q d8c7 g1f3 e7e5 f1c4 f8d6 e1g1 e8g8 " +
			"b1a1 b8a8 e1e8 d8e8",
		"to_square": "e4 d5 d5 c6 c6 f6 b7 d7 a8 c7 f3 e5 c4 d6 g1 g8 c1 c8 e8 e8",
		"san": "e4 d5 exd5 c6 dxc6 Nf6 cxb7 Bd7 bxa8=Q Qc7 Nf3 e5 Bc4 Bd6 O-O O-O " +
			"O-O-O O-O-O Rxe8 Rxe8",
	}
	for col, w := range want {
		if got := strs(t, moves, col); !slices.Equal(got, strings.Fields(w)) {
			t.Errorf("%s:\n got %v\nwant %v", col, got, strings.Fields(w))
		}
	}
}
