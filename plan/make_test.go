package plan

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/klauspost/compress/zstd"

	"github.com/arbiter-chess/arbiter/ingest"
)

// sampleText is the sample's Lichess games, decompressed.
func sampleText(t *testing.T) []byte {
	t.Helper()
	rc, err := ingest.OpenContent(ingest.Input{Name: filepath.Join("..", "testdata", "sample", "lichess-3000.pgn.zst")}, ingest.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	b, err := io.ReadAll(rc)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// multiFrame compresses text as pzstd does: independent frames of about
// frame bytes each, cut anywhere, each behind a skippable frame holding its
// size.
func multiFrame(t *testing.T, text []byte, frame int, skippable bool) []byte {
	t.Helper()
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedFastest))
	if err != nil {
		t.Fatal(err)
	}
	var out []byte
	for len(text) > 0 {
		n := min(frame, len(text))
		z := enc.EncodeAll(text[:n], nil)
		if skippable {
			var h [12]byte
			binary.LittleEndian.PutUint32(h[0:], 0x184D2A50)
			binary.LittleEndian.PutUint32(h[4:], 4)
			binary.LittleEndian.PutUint32(h[8:], uint32(len(z)))
			out = append(out, h[:]...)
		}
		out = append(out, z...)
		text = text[n:]
	}
	return out
}

type gameAt struct {
	offset int64
	line   int
	data   string
}

// readGames reads the games of a range of a file.
func readGames(t *testing.T, name string, rg ingest.Range) []gameAt {
	t.Helper()
	r, err := ingest.OpenRange(ingest.Input{Name: name}, rg, ingest.Options{BlockBytes: 64 << 10})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var out []gameAt
	for {
		b, err := r.Next()
		if b != nil {
			for _, g := range b.Games {
				out = append(out, gameAt{g.Offset, g.Line, string(g.Data)})
			}
		}
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatalf("%s %+v: %v", name, rg, err)
		}
	}
}

// Units tile each source and start at a game; read apart, they give the
// games, offsets and lines of a read of the whole file, whatever the block
// size, for plain files and multi-frame zstd files.
func TestUnitsReadLikeTheWholeFile(t *testing.T) {
	text := sampleText(t)
	// Edge cases: a game whose comment holds an Event tag line (after a
	// blank line, which the splitter takes for a game start too, and
	// without one), CRLF line ends.
	extra := "[Event \"comment\"]\n[Result \"*\"]\n\n1. e4 {a comment\n[Event \"not a game\"] still the comment} e5 *\n\n" +
		"[Event \"blank\"]\n[Result \"*\"]\n\n1. e4 {a comment\n\n[Event \"in a comment\"]\n} e5 *\n\n" +
		"[Event \"crlf\"]\r\n[Result \"*\"]\r\n\r\n1. d4 d5 *\r\n\r\n"
	text = append([]byte(extra), text...)
	dir := t.TempDir()
	files := map[string][]byte{
		"plain.pgn":         text,
		"pzstd.pgn.zst":     multiFrame(t, text, 300<<10, true),
		"frames.pgn.zst":    multiFrame(t, text, 200<<10, false),
		"one-frame.pgn.zst": multiFrame(t, text, len(text), false),
	}
	for name, data := range files {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		whole := readGames(t, p, ingest.WholeFile)
		if len(whole) < 3000 {
			t.Fatalf("%s: %d games", name, len(whole))
		}
		for _, bs := range []int64{4 << 10, 100 << 10, 1 << 20, 64 << 20} {
			t.Run(fmt.Sprintf("%s/%d", name, bs), func(t *testing.T) {
				pl, errs := Make([]string{p}, Options{Exact: true, BlockSize: bs, Jobs: 2})
				if len(errs) > 0 {
					t.Fatal(errs)
				}
				checkUnits(t, pl, p, whole)
			})
		}
	}
}

func checkUnits(t *testing.T, pl *Plan, path string, whole []gameAt) {
	t.Helper()
	var got []gameAt
	var end int64
	for i, u := range pl.Units {
		if u.Offset != end {
			t.Fatalf("unit %d starts at %d, the previous ended at %d", i, u.Offset, end)
		}
		gs := readGames(t, path, ingest.Range{Start: u.Start, Skip: u.Skip, Offset: u.Offset, Line: u.Line, Length: u.Length})
		if i > 0 && (len(gs) == 0 || gs[0].offset != u.Offset) {
			t.Fatalf("unit %d at %d does not start with a game", i, u.Offset)
		}
		got = append(got, gs...)
		if u.Length < 0 {
			if i != len(pl.Units)-1 {
				t.Fatalf("unit %d of %d reads to the end", i, len(pl.Units))
			}
			break
		}
		end = u.Offset + u.Length
	}
	if len(got) != len(whole) {
		t.Fatalf("%d units read %d games, the whole file %d", len(pl.Units), len(got), len(whole))
	}
	for i := range got {
		if got[i] != whole[i] {
			t.Fatalf("game %d: units read %d:%d %.40q, the whole file %d:%d %.40q", i, got[i].offset, got[i].line, got[i].data,
				whole[i].offset, whole[i].line, whole[i].data)
		}
	}
	if src := pl.Sources[0]; len(pl.Units) < 2 && pl.BlockSize < 1<<20 && (src.Compression == "none" || src.Frames > 1) {
		t.Errorf("block size %d: %d units", pl.BlockSize, len(pl.Units))
	}
}

func TestNextGameStart(t *testing.T) {
	for _, tc := range []struct {
		text string
		from int
		want int
	}{
		{"1-0\n\n[Event \"a\"]", 0, 5},
		{"1-0\n \t\r\n[Event \"a\"]", 0, 8},
		{"1-0\n[Event \"a\"]", 0, -1}, // no blank line before
		{"x\n\n[Event \"a\"]\n\n[Event \"b\"]", 4, 16},
		{"\n[Event \"a\"]", 0, -1},          // nothing known before the line
		{"{c}\n\n[EventDate \"a\"]", 0, -1}, // another tag
	} {
		if got := nextGameStart([]byte(tc.text), tc.from); got != tc.want {
			t.Errorf("nextGameStart(%q, %d) = %d, want %d", tc.text, tc.from, got, tc.want)
		}
	}
	_ = bytes.MinRead
}
