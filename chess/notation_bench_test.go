package chess

import (
	"testing"
)

// ntBenchGame is a game ready to replay: its start position and tokens.
type ntBenchGame struct {
	start  Position
	tokens [][]byte
	moves  []Move
}

// ntLoadBenchGames reads the two 1 MB real-game files.
func ntLoadBenchGames(b *testing.B) (games []ntBenchGame, tokenBytes int64, plies int) {
	b.Helper()
	for _, name := range ntGameFiles {
		for _, g := range ntSplitGames(ntReadShared(b, "games/"+name)) {
			p, ok := ntStartOf(b, g)
			if !ok {
				continue
			}
			bg := ntBenchGame{start: p, tokens: g.tokens}
			for _, tok := range g.tokens {
				pm := p.ParseMove(tok, English)
				if pm.Status != MoveOK {
					b.Fatalf("%s: %q: %v", name, tok, pm.Status)
				}
				bg.moves = append(bg.moves, pm.Move)
				p.Play(pm.Move)
				tokenBytes += int64(len(tok))
			}
			plies += len(g.tokens)
			games = append(games, bg)
		}
	}
	return games, tokenBytes, plies
}

// BenchmarkParseMoveReplay replays the twic and lichess 1 MB files:
// ParseMove (English) and Play for every ply. SetBytes counts the token
// bytes; plies/s is reported.
func BenchmarkParseMoveReplay(b *testing.B) {
	games, tokenBytes, plies := ntLoadBenchGames(b)
	b.SetBytes(tokenBytes)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for gi := range games {
			g := &games[gi]
			p := g.start
			for _, tok := range g.tokens {
				pm := p.ParseMove(tok, English)
				p.Play(pm.Move)
			}
		}
	}
	perOp := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(float64(plies)/perOp, "plies/s")
	b.ReportMetric(perOp*1e9/float64(plies), "ns/ply")
}

// BenchmarkReplayPlayOnly is the baseline of BenchmarkParseMoveReplay:
// the same games with the moves already known (Play only).
func BenchmarkReplayPlayOnly(b *testing.B) {
	games, tokenBytes, plies := ntLoadBenchGames(b)
	b.SetBytes(tokenBytes)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for gi := range games {
			g := &games[gi]
			p := g.start
			for _, m := range g.moves {
				p.Play(m)
			}
		}
	}
	perOp := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(float64(plies)/perOp, "plies/s")
	b.ReportMetric(perOp*1e9/float64(plies), "ns/ply")
}

// BenchmarkAppendSAN writes the SAN of every move of the games, each in
// its position. SetBytes counts the SAN bytes written.
func BenchmarkAppendSAN(b *testing.B) {
	games, _, plies := ntLoadBenchGames(b)
	type pm struct {
		p Position
		m Move
	}
	var all []pm
	var sanBytes int64
	var buf [16]byte
	for _, g := range games {
		p := g.start
		for _, m := range g.moves {
			all = append(all, pm{p, m})
			sanBytes += int64(len(p.AppendSAN(buf[:0], m)))
			p.Play(m)
		}
	}
	b.SetBytes(sanBytes)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for i := range all {
			_ = all[i].p.AppendSAN(buf[:0], all[i].m)
		}
	}
	perOp := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(perOp*1e9/float64(plies), "ns/move")
}
