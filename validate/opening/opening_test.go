package opening

import (
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/chess"
)

// playLine plays a line and returns each ply's move and key.
func playLine(t testing.TB, line string) ([]chess.Move, []uint64) {
	t.Helper()
	p := chess.StartPosition()
	var moves []chess.Move
	var keys []uint64
	for _, tok := range strings.Fields(line) {
		if strings.HasSuffix(tok, ".") {
			continue
		}
		pm := p.ParseMove([]byte(tok), chess.English)
		if pm.Status != chess.MoveOK {
			t.Fatalf("%s: move %s: %v", line, tok, pm.Status)
		}
		p.Play(pm.Move)
		moves = append(moves, pm.Move)
		keys = append(keys, p.Hash())
	}
	return moves, keys
}

// name walks a line and returns the name it ends with.
func name(t testing.TB, b *Book, line string) (string, int) {
	moves, keys := playLine(t, line)
	start := chess.StartPosition()
	w := b.Start(start.Hash())
	for i := range moves {
		if !w.Next(moves[i], keys[i], i+1) {
			break
		}
	}
	e, ply, ok := w.Result()
	if !ok {
		return "", -1
	}
	return e.ECO + " " + e.Name, ply
}

// TestLichessBook: every line of the list is read, no two name the same
// position, and walking each line names its own position at its last ply
// (the walk never gives up before a named position it could reach).
func TestLichessBook(t *testing.T) {
	b := Lichess()
	if n := len(b.Entries()); n != 3807 {
		t.Fatalf("%d lines, want 3807", n)
	}
	if len(b.Duplicates) != 0 {
		t.Errorf("lines naming the same position: %v", b.Duplicates)
	}
	for _, e := range b.Entries() {
		got, ply := name(t, b, e.Line)
		if got != e.ECO+" "+e.Name || ply != e.Ply {
			t.Errorf("%s %s (%s): walk names %q at ply %d", e.ECO, e.Name, e.Line, got, ply)
		}
	}
}

func TestWalk(t *testing.T) {
	b := Lichess()
	for _, c := range []struct {
		line, want string
		ply        int
	}{
		{"1. e4 e5 2. Nf3 Nf6", "C42 Petrov's Defense", 4},
		// transpositions: the position, not the move order, is named
		{"1. Nf3 Nf6 2. e4 e5", "C42 Petrov's Defense", 4},
		{"1. d4 Nf6 2. c4 e6 3. Nc3 Bb4", "E20 Nimzo-Indian Defense", 6},
		{"1. c4 e6 2. Nc3 Nf6 3. d4 Bb4", "E20 Nimzo-Indian Defense", 6},
		// the last named position counts, even when later moves leave the list
		{"1. e4 e5 2. Nf3 Nf6 3. a3 a6 4. h3 h6", "C42 Petrov's Defense", 4},
		// a named position reached again after a knight shuffle: the later ply
		{"1. e4 e5 2. Nf3 Nf6 3. Ng1 Ng8 4. Nf3 Nf6", "C42 Petrov's Defense", 8},
		{"1. h3 h6", "A00 Clemenz Opening", 1},
		{"", "", -1},
	} {
		got, ply := name(t, b, c.line)
		if got != c.want || ply != c.ply {
			t.Errorf("%q: %q at ply %d, want %q at %d", c.line, got, ply, c.want, c.ply)
		}
	}
}

// TestWalkStops: once every pawn has moved and the castling rights are
// gone, no named position can come and the walk ends.
func TestWalkStops(t *testing.T) {
	b := Lichess()
	moves, keys := playLine(t, "1. a4 a5 2. b4 b5 3. c4 c5 4. d4 d5 5. e4 e5 6. f4 f5 7. g4 g5 8. h4 h5")
	start := chess.StartPosition()
	w := b.Start(start.Hash())
	stopped := -1
	for i := range moves {
		if !w.Next(moves[i], keys[i], i+1) {
			stopped = i + 1
			break
		}
	}
	if stopped < 0 {
		t.Fatal("the walk never stopped")
	}
	if w.Next(moves[0], keys[0], 99) {
		t.Error("Next after the end reports more to come")
	}
}

func TestNewErrors(t *testing.T) {
	for _, in := range []string{
		"A00\tName\t1. e5",       // illegal move
		"A00\tName",              // two columns
		"A00\tName\t1.",          // no moves
		"A00\tName\t1. e4 e5 Kx", // unreadable
	} {
		if _, err := New(strings.NewReader(in)); err == nil {
			t.Errorf("%q accepted", in)
		}
	}
	b, err := New(strings.NewReader("eco\tname\tpgn\nC20\tKing's Pawn Game\t1. e4 e5\nC20\tAgain\t1. e4 e5\n"))
	if err != nil || len(b.Entries()) != 2 || len(b.Duplicates) != 1 {
		t.Fatalf("%v %v", err, b)
	}
	moves, keys := playLine(t, "1. e4 e5")
	if e, ok := b.Lookup(keys[len(keys)-1]); !ok || e.Name != "King's Pawn Game" {
		t.Errorf("the first line listed names the position: %v %v", e, ok)
	}
	_ = moves
}

// FuzzNew: any list is read or refused, never a panic.
func FuzzNew(f *testing.F) {
	f.Add("eco\tname\tpgn\nC42\tPetrov's Defense\t1. e4 e5 2. Nf3 Nf6\n")
	f.Add("A00\tx\t1. Nh3 d5 2. g3 e5 3. f4\r\n")
	f.Fuzz(func(t *testing.T, s string) {
		b, err := New(strings.NewReader(s))
		if err != nil {
			return
		}
		for _, e := range b.Entries() {
			if e.Ply <= 0 {
				t.Fatalf("entry %+v without moves", e)
			}
		}
	})
}
