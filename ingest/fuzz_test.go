package ingest

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// addEdgeSeeds adds the small files of corpus/edge (and the test fixture)
// to the fuzz corpus; missing files are skipped.
func addEdgeSeeds(f *testing.F) {
	if b, err := os.ReadFile(filepath.Join("testdata", "small.pgn")); err == nil {
		f.Add(b)
	}
	root := filepath.Join(edgeRoot(), "edge")
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		if info, err := d.Info(); err == nil && info.Size() <= 64<<10 {
			if b, err := os.ReadFile(p); err == nil {
				f.Add(b)
			}
		}
		return nil
	})
	for _, s := range []string{
		"1. e4 (((((( e5", "{ { } }", "[A \"\\\"]", "1-0 1-0 0-0 +/- (=)", "\xef\xbb\xbf[x \"\xe9\"]\n1.e4 \x81 *",
		"1. e4 {\n\n[Event \"a\"]\n", "garbage\n\n\n[Event \"x\"]\n", "%\n;\n(\n)\n}\n{",
		"[White \"\xc8\xe2\xe0\xed\xee\xe2, \xcf\xb8\xf2\xf0\"]\n1. e4 e5 2. \xcaf3 \xcac6 3. \xcar\xf0e2 *", // Windows-1251
	} {
		f.Add([]byte(s))
	}
}

// FuzzSplit checks that the splitter never panics or hangs and that every
// byte is accounted for, with small blocks and a small game cap to reach
// the carry-over and skip paths.
func FuzzSplit(f *testing.F) {
	addEdgeSeeds(f)
	f.Fuzz(splitChecks)
}

// splitChecks is FuzzSplit's check of one input.
func splitChecks(t *testing.T, data []byte) {
	{
		// A small zstd window: mutated zstd headers must not make the
		// decoder allocate gigabytes. Small buffers: the inputs are small,
		// and a buffer of the default 2 MiB per input would make each run
		// allocate megabytes for nothing (the fuzzing worker's heap then
		// runs to gigabytes, and a minute of fuzzing is a few hundred
		// inputs).
		for _, o := range []Options{{BlockBytes: 64, MaxGameSize: 512, MaxWindow: 1 << 20, NoContentCheck: true}, {BlockBytes: 32 << 10, MaxWindow: 1 << 20}} {
			r := NewReader(bytes.NewReader(data), "fuzz", o)
			defer r.Close()
			var games []RawGame
			var pos []RawPosition
			var skips []Skip
			var total int64
			for {
				b, err := r.Next()
				if err == io.EOF {
					break
				}
				var ie *InputError
				if errors.As(err, &ie) && !o.NoContentCheck && len(games)+len(pos)+len(skips) == 0 &&
					(ie.Code == CodeNotPGN || ie.Code == CodeEmptyInput) {
					if ErrorCode(err) != ie.Code || !errors.Is(err, ErrNotPGN) && !errors.Is(err, ErrEmptyInput) {
						t.Fatalf("%v: code %s", err, ErrorCode(err))
					}
					break // rejected as a whole, before any block
				}
				if err != nil {
					if bytes.HasPrefix(data, []byte{0x28, 0xB5, 0x2F, 0xFD}) || bytes.HasPrefix(data, []byte{0x1F, 0x8B}) ||
						bytes.HasPrefix(data, []byte("BZh")) || bytes.HasPrefix(data, []byte("PK\x03\x04")) ||
						bytes.HasPrefix(data, []byte{0xFD, '7', 'z'}) || bytes.HasPrefix(data, []byte{'7', 'z'}) ||
						(len(data) >= 4 && data[0]&0xF0 == 0x50 && data[1] == 0x2A) {
						return // compressed-looking input: errors are expected
					}
					t.Fatalf("unexpected error %v", err)
				}
				games = append(games, b.Games...)
				pos = append(pos, b.Positions...)
				skips = append(skips, b.Skipped...)
				total += b.Bytes
			}
			// (a rejected input is not read to its end; UTF-16 is read as
			// its UTF-8 text)
			if o.NoContentCheck && sniffUTF16(data[:min(len(data), utf16Sniff)]) == EncodingUTF8 {
				if total != int64(len(data)) {
					t.Fatalf("blocks cover %d of %d bytes", total, len(data))
				}
				checkAccounting(t, data, games, pos, skips, r.Stats())
			}
			var g Game
			for _, raw := range games {
				ParseGame(raw, "fuzz", ParseOptions{MaxNesting: 8}, &g)
			}
		}
	}
}

// FuzzParseGame checks that tokenizing arbitrary bytes never panics, hangs
// or produces tokens outside the input.
func FuzzParseGame(f *testing.F) {
	addEdgeSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		var g Game
		for _, opts := range []ParseOptions{{}, {MainLineOnly: true}, {MaxNesting: 2}} {
			err := ParseGame(RawGame{Data: data, Line: 1, Col: 1}, "fuzz", opts, &g)
			if err != g.Err {
				t.Fatal("returned error differs from g.Err")
			}
			src := data
			if g.Transcoded {
				src = g.conv
			}
			for _, ms := range [][]MoveToken{g.Moves, g.VarMoves} {
				for _, m := range ms {
					if len(m.Text) == 0 || !bytes.Contains(src, m.Text) {
						t.Fatalf("move token %q not from the input", m.Text)
					}
					if m.Line < 1 || m.Col < 1 {
						t.Fatalf("bad location %d:%d", m.Line, m.Col)
					}
				}
			}
			for _, v := range g.Variations {
				if v.Start > v.End || v.End > len(g.VarMoves) || v.Parent >= len(g.Variations) || v.Depth > max(opts.MaxNesting, DefaultMaxNesting) {
					t.Fatalf("bad variation %+v", v)
				}
			}
		}
	})
}
