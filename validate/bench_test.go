package validate_test

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/arbiter-chess/arbiter/chess"
	"github.com/arbiter-chess/arbiter/ingest"
	"github.com/arbiter-chess/arbiter/validate"
)

// benchGames loads the standard games of a corpus file into memory as
// judge inputs (the tokenizing cost stays out of the benchmark).
func benchGames(b *testing.B, name string, max int) ([]validate.Game, int64) {
	b.Helper()
	path := filepath.Join("..", "..", "shared", "corpus", "games", name)
	if _, err := os.Stat(path); err != nil {
		b.Skipf("corpus absent: %v", err)
	}
	ins, _ := ingest.Expand([]string{path})
	r, err := ingest.Open(ins[0], ingest.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	var out []validate.Game
	var bytes int64
	var g ingest.Game
	for len(out) < max {
		blk, err := r.Next()
		if blk != nil {
			for i := range blk.Games {
				if len(out) == max {
					break
				}
				_ = ingest.ParseGame(blk.Games[i], path, ingest.ParseOptions{MainLineOnly: true}, &g)
				vg := validate.Game{Line: g.Line, ResultToken: g.ResultToken}
				for _, t := range g.Tags {
					switch t.Name {
					case "FEN":
						vg.FEN, vg.HasFEN = t.Value, true
					case "Variant":
						vg.Variant = t.Value
					case "Result":
						vg.Result = t.Value
					case "Termination":
						vg.Termination = t.Value
					case "SetUp":
						vg.SetUp = t.Value
					}
				}
				if validate.ClassifyVariant(vg.Variant) != validate.VariantStandard {
					continue
				}
				for _, m := range g.Moves {
					vg.Moves = append(vg.Moves, validate.Token{Text: append([]byte(nil), m.Text...), Line: m.Line})
				}
				out = append(out, vg)
				bytes += int64(len(blk.Games[i].Data))
			}
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	return out, bytes
}

func plies(gs []validate.Game) int {
	n := 0
	for i := range gs {
		n += len(gs[i].Moves)
	}
	return n
}

// BenchmarkReplayBare is the baseline: read each SAN token, resolve it,
// play it and keep the hash (what every replayer does).
func BenchmarkReplayBare(b *testing.B) {
	gs, bytes := benchGames(b, "lichess-jishanshaikh4-37k.pgn.zst", 5000)
	b.SetBytes(bytes)
	b.ReportAllocs()
	b.ResetTimer()
	var sink uint64
	for range b.N {
		for i := range gs {
			p := chess.StartPosition()
			if gs[i].HasFEN {
				p, _ = chess.ParseFEN(gs[i].FEN)
			}
			for _, tok := range gs[i].Moves {
				pm := p.ParseMove(tok.Text, chess.English)
				if pm.Status != chess.MoveOK {
					break
				}
				p.Play(pm.Move)
				sink += p.Hash()
			}
			_ = p.InCheck()
		}
	}
	b.ReportMetric(float64(plies(gs))*float64(b.N)/b.Elapsed().Seconds(), "plies/s")
	_ = sink
}

// BenchmarkJudge is the whole judgement: replay plus repetition, 50/75
// moves, mate, stalemate, dead position of the final position, results.
func BenchmarkJudge(b *testing.B) {
	gs, bytes := benchGames(b, "lichess-jishanshaikh4-37k.pgn.zst", 5000)
	j := validate.NewJudge(validate.Options{})
	var r validate.Report
	b.SetBytes(bytes)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		for i := range gs {
			j.Judge(&gs[i], &r)
		}
	}
	b.ReportMetric(float64(plies(gs))*float64(b.N)/b.Elapsed().Seconds(), "plies/s")
}

// BenchmarkJudgePlies also records every ply (SAN, UCI, keys) for the
// moves table.
func BenchmarkJudgePlies(b *testing.B) {
	gs, bytes := benchGames(b, "lichess-jishanshaikh4-37k.pgn.zst", 5000)
	j := validate.NewJudge(validate.Options{Plies: true})
	var r validate.Report
	b.SetBytes(bytes)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		for i := range gs {
			j.Judge(&gs[i], &r)
		}
	}
	b.ReportMetric(float64(plies(gs))*float64(b.N)/b.Elapsed().Seconds(), "plies/s")
}
