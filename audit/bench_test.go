package audit

import (
	"io"
	"path/filepath"
	"testing"

	"github.com/arbiter-chess/arbiter/ingest"
	"github.com/arbiter-chess/arbiter/validate"
)

// benchGame is one game of the sample, tokenized and judged, with the
// block it came from.
type benchGame struct {
	raw  ingest.RawGame
	file string
	game ingest.Game
	rep  validate.Report
}

// loadBenchGames reads, tokenizes and judges the Lichess sample; each game
// keeps a Game and a Report of its own.
func loadBenchGames(b *testing.B) []benchGame {
	b.Helper()
	ins, errs := ingest.Expand([]string{filepath.Join("..", "testdata", "sample", "lichess-3000.pgn.zst")})
	if len(errs) > 0 || len(ins) != 1 {
		b.Fatalf("inputs %v, errors %v", ins, errs)
	}
	r, err := ingest.Open(ins[0], ingest.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	judge := validate.NewJudge(validate.Options{Plies: true})
	var games []benchGame
	for {
		blk, err := r.Next()
		if blk != nil {
			for i := range blk.Games {
				g := benchGame{raw: blk.Games[i], file: blk.File}
				g.raw.Data = append([]byte(nil), g.raw.Data...)
				_ = ingest.ParseGame(g.raw, g.file, ingest.ParseOptions{MainLineOnly: true}, &g.game)
				// a Game of its own: the report refers to its moves
				var vg validate.Game
				GameInput(&g.game, &vg)
				judge.Judge(&vg, &g.rep)
				games = append(games, g)
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	return games
}

// BenchmarkGameInput measures the judge's input built from tokenized
// games, per game.
func BenchmarkGameInput(b *testing.B) {
	games := loadBenchGames(b)
	var vg validate.Game
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		GameInput(&games[i%len(games)].game, &vg)
	}
}

// BenchmarkAppendGame measures a games row built from a judged game and
// appended, per game.
func BenchmarkAppendGame(b *testing.B) {
	games := loadBenchGames(b)
	s := NewStage(StageOptions{Tables: [numTables]bool{TableGames: true}}, nil)
	defer s.Close()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		g := &games[i%len(games)]
		s.game, s.rep = g.game, g.rep
		if err := s.appendGame(&g.raw, g.file, int64(i)); err != nil {
			b.Fatal(err)
		}
		if s.games.Len() == 2000 {
			s.games.Flush().Release()
		}
	}
}

// BenchmarkAppendMoves measures a game's moves rows built from a judged
// game and appended, per ply (the rows of all tables but the FEN).
func BenchmarkAppendMoves(b *testing.B) {
	games := loadBenchGames(b)
	s := NewStage(StageOptions{Tables: [numTables]bool{TableMoves: true}}, nil)
	defer s.Close()
	plies := 0
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		g := &games[i%len(games)]
		s.game, s.rep = g.game, g.rep
		if err := s.appendMoves(int64(i)); err != nil {
			b.Fatal(err)
		}
		plies += len(g.rep.Plies)
		if s.moves.Len() >= 1<<16 {
			s.moves.Flush().Release()
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(plies), "ns/ply")
}

func BenchmarkGameInputHot(b *testing.B) {
	games := loadBenchGames(b)
	var vg validate.Game
	g := &games[7].game
	b.ReportMetric(float64(len(g.Moves)), "moves")
	b.ResetTimer()
	for b.Loop() {
		GameInput(g, &vg)
	}
}
