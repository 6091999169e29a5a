package opening

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/chess"
	"github.com/arbiter-chess/arbiter/internal/corpus"
)

// BenchmarkWalk walks the games of a corpus file (their moves and keys
// computed beforehand) and reports the plies looked at per game.
func BenchmarkWalk(b *testing.B) {
	f, err := os.Open(corpus.Require(b, "games/shakmaty-bench-lichess_db_1000k.pgn"))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	type game struct {
		moves []chess.Move
		keys  []uint64
	}
	var games []game
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var text strings.Builder
	flush := func() {
		if text.Len() == 0 {
			return
		}
		p := chess.StartPosition()
		var g game
		for _, tok := range strings.Fields(text.String()) {
			if i := strings.LastIndexByte(tok, '.'); i >= 0 {
				tok = tok[i+1:]
			}
			if tok == "" || strings.HasPrefix(tok, "{") || strings.Contains(tok, "-") && !strings.HasPrefix(tok, "O") {
				continue
			}
			pm := p.ParseMove([]byte(tok), chess.English)
			if pm.Status != chess.MoveOK {
				break
			}
			p.Play(pm.Move)
			g.moves, g.keys = append(g.moves, pm.Move), append(g.keys, p.Hash())
		}
		games = append(games, g)
		text.Reset()
	}
	for sc.Scan() {
		l := sc.Text()
		if strings.HasPrefix(l, "[") {
			flush()
			continue
		}
		for { // drop the clock comments
			i := strings.IndexByte(l, '{')
			j := strings.IndexByte(l, '}')
			if i < 0 || j < i {
				break
			}
			l = l[:i] + l[j+1:]
		}
		text.WriteString(l + " ")
	}
	flush()
	bk := Lichess()
	start := chess.StartPosition()
	var looked, plies int
	b.ResetTimer()
	for range b.N {
		looked, plies = 0, 0
		for _, g := range games {
			w := bk.Start(start.Hash())
			plies += len(g.moves)
			for i := range g.moves {
				looked++
				if !w.Next(g.moves[i], g.keys[i], i+1) {
					break
				}
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(looked), "ns/ply-looked")
	b.ReportMetric(float64(looked)/float64(len(games)), "looked/game")
	b.ReportMetric(float64(plies)/float64(len(games)), "plies/game")
}
