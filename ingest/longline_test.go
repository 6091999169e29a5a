package ingest

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// smallGame is a complete game whose event names it.
func smallGame(n int) string {
	return fmt.Sprintf("[Event \"g%d\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n", n)
}

// eventsOf parses the games and returns their Event tags.
func eventsOf(t *testing.T, games []RawGame) []string {
	t.Helper()
	var g Game
	var out []string
	for _, raw := range games {
		ParseGame(raw, "t", ParseOptions{}, &g)
		ev, _ := g.Tag("Event")
		out = append(out, ev)
	}
	return out
}

// A record over the size cap is skipped alone: the game before it, whose
// end the splitter sees only at the record's first line, is kept
// (issue 20, case 5).
func TestOversizedRecordKeepsNeighbours(t *testing.T) {
	const cap = 256 << 10
	for _, c := range []struct {
		name, huge string
	}{
		{"tag value", "[Event \"" + strings.Repeat("y", 3*cap) + "\"]\n\n1. d4 *\n\n"},
		{"tag value, no line end", "[Event \"" + strings.Repeat("y", 3*cap)},
		{"movetext line", "[Event \"big\"]\n\n1. d4 {" + strings.Repeat("z", 3*cap) + "} d5 *\n\n"},
		{"one token", "[Event \"big\"]\n\n1. d4 " + strings.Repeat("Z", 3*cap) + " *\n\n"},
		{"movetext-only game", "1. d4 " + strings.Repeat("d5 Nf3 ", cap) + "*\n\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := smallGame(1) + smallGame(2) + c.huge
			tail := strings.HasSuffix(c.huge, "\n")
			if tail {
				in += smallGame(3)
			}
			for _, bb := range []int{64 << 10, 2 << 20} {
				r := NewReader(strings.NewReader(in), "t", Options{MaxGameSize: cap, BlockBytes: bb})
				games, _, skips, _, err := readAll(t, r)
				if err != nil {
					t.Fatal(err)
				}
				want := []string{"g1", "g2", "g3"}
				if !tail {
					want = want[:2]
				}
				if got := eventsOf(t, games); strings.Join(got, ",") != strings.Join(want, ",") {
					t.Errorf("block %d: games %q, want %q", bb, got, want)
				}
				if len(skips) != 1 || !errors.Is(skips[0].Err, ErrGameTooLarge) || skips[0].Index != 2 || skips[0].Length < 3*cap {
					t.Errorf("block %d: skips %+v", bb, skips)
				}
				checkAccounting(t, []byte(in), games, nil, skips, r.Stats())
			}
		})
	}
}

// A line of many small games (no line end between them) is cut into
// games and blocks as it comes: no game is lost or skipped, blocks keep
// their game cap, and the buffer stays at the block size (issue 20,
// case 7).
func TestLongLineOfGames(t *testing.T) {
	const n = 400000 // 12 MB
	var b bytes.Buffer
	for i := range n {
		fmt.Fprintf(&b, "[Event \"x%d\"] 1. e4 e5 * ", i)
	}
	for _, nl := range []string{"", "\n"} {
		in := b.String() + nl
		r := NewReader(strings.NewReader(in), "t", Options{BlockBytes: 256 << 10, BlockGames: 1000})
		var games []RawGame
		var maxBuf int
		for {
			blk, err := r.Next()
			if err != nil {
				break
			}
			if len(blk.Games) > 1000 {
				t.Fatalf("block of %d games", len(blk.Games))
			}
			maxBuf = max(maxBuf, cap(blk.buf))
			games = append(games, blk.Games...)
		}
		st := r.Stats()
		if len(games) != n || st.SkippedGames != 0 || st.GarbageBytes != 0 {
			t.Fatalf("%d games of %d, %d skipped, %d bytes of garbage", len(games), n, st.SkippedGames, st.GarbageBytes)
		}
		if maxBuf > contentWindow+1<<20 { // the first buffer holds what checkContent judges
			t.Errorf("buffer grew to %d bytes", maxBuf)
		}
		var g Game
		for i, raw := range []RawGame{games[0], games[n/2], games[n-1]} {
			if err := ParseGame(raw, "t", ParseOptions{}, &g); err != nil || len(g.Moves) != 2 || g.ResultToken != "*" {
				t.Errorf("game %d: %v, %d moves, result %q", i, err, len(g.Moves), g.ResultToken)
			}
		}
	}
}

// A remark after the result belongs to the game: it starts no game and
// the game is not left with an open variation (issue 19, defect a).
func TestRemarkAfterResult(t *testing.T) {
	for _, in := range []string{
		"1. e4 e5 2. Nf3 1-0 (time)\n\n1. d4 d5 0-1 (forfeit)\n",
		"[Event \"a\"]\n\n1. e4 e5 2. Nf3 1-0 (time)\n\n[Event \"b\"]\n\n1. d4 d5 0-1 (forfeit)\n",
		"1. e4 e5 2. Nf3 1-0 (time\nforfeit)\n1. d4 d5 0-1\n",
		"1. e4 e5 2. Nf3 1-0 (time) 1. d4 d5 0-1 (lost on time)",
		"1. e4 e5 2. Nf3 1-0\n(time)\n\n1. d4 d5 0-1\n",
		"1. e4 e5 2. Nf3 1-0 (\n1. d4 d5 0-1\n",
	} {
		r := NewReader(strings.NewReader(in), "t", Options{})
		games, _, skips, _, err := readAll(t, r)
		if err != nil || len(games) != 2 || len(skips) != 0 {
			t.Errorf("%q: %d games, %d skips, %v", in, len(games), len(skips), err)
			continue
		}
		var g Game
		for k, raw := range games {
			err := ParseGame(raw, "t", ParseOptions{}, &g)
			if err != nil || len(g.Moves) != 3-k || g.Result == ResultNone {
				t.Errorf("%q game %d: %v, %d moves, result %v", in, k, err, len(g.Moves), g.Result)
			}
			if k == 0 && (len(g.Notes) == 0 || g.Notes[len(g.Notes)-1].Code != NoteTokenAfterResult) {
				t.Errorf("%q game %d: notes %+v, want %s", in, k, g.Notes, NoteTokenAfterResult)
			}
		}
	}
}

// CR-only line ends (old Mac files) and a mix of CR, LF and CRLF read
// as LF ones do: the same games, tags and moves, at the same offsets
// (issue 20, case 6).
func TestCRLineEnds(t *testing.T) {
	var lf strings.Builder
	for i := range 50 {
		lf.WriteString(smallGame(i))
		lf.WriteString("1. d4 d5 2. c4 *\n\n")
	}
	base := lf.String()
	crlf := strings.ReplaceAll(base, "\n", "\r\n")
	mixed := []byte(crlf)
	for i := range mixed {
		if mixed[i] == '\r' && i%3 == 0 && i+1 < len(mixed) {
			mixed[i], mixed[i+1] = ' ', '\r' // "\r\n" -> " \r": a lone CR
		}
	}
	read := func(in string, bb int) (evs []string, moves int) {
		var src io.Reader = strings.NewReader(in)
		if bb == 1 {
			src = iotest.OneByteReader(src) // every '\r' ends a read
		}
		r := NewReader(src, "t", Options{BlockBytes: bb})
		games, _, skips, _, err := readAll(t, r)
		if err != nil || len(skips) != 0 {
			t.Fatalf("%v, %d skips", err, len(skips))
		}
		var g Game
		for _, raw := range games {
			if err := ParseGame(raw, "t", ParseOptions{}, &g); err != nil {
				t.Fatal(err)
			}
			ev, _ := g.Tag("Event")
			evs = append(evs, ev)
			moves += len(g.Moves)
		}
		return evs, moves
	}
	wantEv, wantMoves := read(base, 64)
	for name, in := range map[string]string{"CR": strings.ReplaceAll(base, "\n", "\r"), "CRLF": crlf, "mixed": string(mixed)} {
		for _, bb := range []int{1, 64, 4096, 1 << 20} {
			ev, moves := read(in, bb)
			if strings.Join(ev, ",") != strings.Join(wantEv, ",") || moves != wantMoves {
				t.Errorf("%s, blocks of %d: %d games, %d moves; want %d, %d", name, bb, len(ev), moves, len(wantEv), wantMoves)
			}
		}
	}
}
