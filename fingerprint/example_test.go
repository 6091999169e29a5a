package fingerprint_test

import (
	"fmt"
	"os"

	"github.com/arbiter-chess/arbiter/fingerprint"
)

// Three games, the third with the moves of the first: Resolve names it a
// duplicate of game 0.
func Example() {
	dir, _ := os.MkdirTemp("", "example")
	defer os.RemoveAll(dir)
	s, _ := fingerprint.NewStore(fingerprint.Options{Dir: dir})
	defer s.Close()
	for id, moves := range []string{"e4 e5 Nf3", "d4 d5", "e4 e5 Nf3"} {
		var h fingerprint.Hasher
		h.String(moves)
		s.Add(fingerprint.Record{FP: h.Sum(), Game: int64(id), Line: int64(1 + 10*id)})
	}
	dups, err := s.Resolve()
	if err != nil {
		fmt.Println(err)
		return
	}
	defer dups.Close()
	for {
		d, ok := dups.Next()
		if !ok {
			break
		}
		fmt.Printf("game %d (line %d) is a duplicate of game %d (line %d)\n", d.Game.Game, d.Game.Line, d.First.Game, d.First.Line)
	}
	// Output: game 2 (line 21) is a duplicate of game 0 (line 1)
}
