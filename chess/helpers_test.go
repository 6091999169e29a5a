package chess

import (
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/arbiter-chess/arbiter/internal/corpus"
)

// testPositions returns the positions of the local perft suites plus, when
// the shared corpus is present, those of the standard and tricky suites and
// every stride-th position of random.perft and fischer.epd.
func testPositions(t testing.TB, stride int) []Position {
	t.Helper()
	return append(localPerftPositions(t), sharedPerftPositions(t, stride)...)
}

// localPerftPositions returns the positions of the perft suites in testdata.
func localPerftPositions(t testing.TB) []Position {
	t.Helper()
	var fens []string
	for _, f := range []string{"tricky.perft", "chess960-100.perft"} {
		for _, c := range loadPerftSuite(t, filepath.Join("testdata", f)) {
			fens = append(fens, c.fen)
		}
	}
	return parseFENs(t, fens)
}

// sharedPerftPositions returns, when the shared corpus is present, the
// positions of its standard and tricky suites and every stride-th position
// of random.perft and fischer.epd (none without it).
func sharedPerftPositions(t testing.TB, stride int) []Position {
	t.Helper()
	var fens []string
	shared := corpus.Path("reference")
	for _, f := range []string{"ethereal/standard.epd", "shakmaty/tricky.perft", "python-chess/tricky.perft", "python-chess/random.perft", "ethereal/fischer.epd"} {
		path := filepath.Join(shared, filepath.FromSlash(f))
		if !fileExists(path) {
			continue
		}
		cases := loadPerftSuite(t, path)
		step := 1
		if len(cases) > 200 {
			step = stride
		}
		for i := 0; i < len(cases); i += step {
			fens = append(fens, cases[i].fen)
		}
	}
	return parseFENs(t, fens)
}

func parseFENs(t testing.TB, fens []string) []Position {
	t.Helper()
	ps := make([]Position, 0, len(fens))
	for _, f := range fens {
		p, err := ParseFEN(f)
		if err != nil {
			t.Fatalf("%q: %v", f, err)
		}
		ps = append(ps, p)
	}
	return ps
}

// randomWalk plays up to n random legal moves from p, calling visit with the
// position before each move and the move (and once more with NullMove at the end).
func randomWalk(p Position, n int, rng *rand.Rand, visit func(p *Position, m Move)) {
	var ml MoveList
	for i := 0; i < n; i++ {
		p.LegalMoves(&ml)
		if ml.N == 0 {
			break
		}
		m := ml.Moves[rng.IntN(ml.N)]
		visit(&p, m)
		p.Play(m)
	}
	visit(&p, NullMove)
}

func mustFEN(t testing.TB, fen string) Position {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

// playUCI plays the UCI moves on p, failing the test on an illegal one.
func playUCI(t testing.TB, p *Position, moves ...string) {
	t.Helper()
	for _, s := range moves {
		m, ok := p.ParseUCI(s)
		if !ok {
			t.Fatalf("%s: move %s not legal", p.FEN(), s)
		}
		p.Play(m)
	}
}
