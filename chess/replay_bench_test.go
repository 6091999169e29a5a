package chess

import (
	"testing"

	oracle "github.com/corentings/chess/v2"
)

// The replay benchmarks of the issue "Legality core": the same real games
// (the two 1 MB files of ../shared/corpus/games) replayed by this package
// and by github.com/corentings/chess/v2, in the same run, so that the ratio
// of their plies/s can be read off one `go test -bench Replay` output.
// Work per ply: read the SAN token, resolve it, play it, update the hash,
// know whether the side to move is in check.

func BenchmarkReplayArbiter(b *testing.B) {
	games, tokenBytes, plies := ntLoadBenchGames(b)
	b.SetBytes(tokenBytes)
	b.ReportAllocs()
	b.ResetTimer()
	var sink uint64
	for b.Loop() {
		for gi := range games {
			g := &games[gi]
			p := g.start
			for _, tok := range g.tokens {
				pm := p.ParseMove(tok, English)
				p.Play(pm.Move)
				sink += p.Hash()
				if p.InCheck() {
					sink++
				}
			}
		}
	}
	perOp := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(float64(plies)/perOp, "plies/s")
	_ = sink
}

func BenchmarkReplayCorentings(b *testing.B) {
	games, tokenBytes, plies := ntLoadBenchGames(b)
	type cg struct {
		fen    string
		tokens []string
	}
	var gs []cg
	for gi := range games {
		g := cg{fen: games[gi].start.FEN()}
		for _, t := range games[gi].tokens {
			g.tokens = append(g.tokens, string(t))
		}
		gs = append(gs, g)
	}
	b.SetBytes(tokenBytes)
	b.ReportAllocs()
	b.ResetTimer()
	var sink uint64
	for b.Loop() {
		for _, g := range gs {
			opt, err := oracle.FEN(g.fen)
			if err != nil {
				b.Fatal(err)
			}
			game := oracle.NewGame(opt)
			for _, tok := range g.tokens {
				if err := game.PushNotationMove(tok, oracle.AlgebraicNotation{}, nil); err != nil {
					b.Fatalf("corentings: %q: %v", tok, err)
				}
				// The position's check state is computed by Update inside
				// PushNotationMove (no accessor); the hash is read here.
				h := game.Position().Hash()
				sink += uint64(h[0])
			}
		}
	}
	perOp := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(float64(plies)/perOp, "plies/s")
	_ = sink
}
