package ingest

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	kgzip "github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

func readFixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func zstdBytes(t *testing.T, data []byte, opts ...zstd.EOption) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, err := zstd.NewWriter(&buf, opts...)
	if err != nil {
		t.Fatal(err)
	}
	w.Write(data)
	w.Close()
	return buf.Bytes()
}

func zstdWriter(w io.Writer) (*zstd.Encoder, error) { return zstd.NewWriter(w) }

func gzipBytes(t *testing.T, data []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := kgzip.NewWriter(&buf)
	w.Write(data)
	w.Close()
	return buf.Bytes()
}

// readGames reads all games of a (possibly compressed) byte stream.
func readGames(t *testing.T, name string, data []byte) ([]RawGame, Stats, error) {
	t.Helper()
	r := NewReader(bytes.NewReader(data), name, Options{BlockBytes: 4096})
	defer r.Close()
	games, _, _, _, err := readAll(t, r)
	return games, r.Stats(), err
}

func sameGames(t *testing.T, what string, got []RawGame, plain []byte) {
	t.Helper()
	want, _, err := readGames(t, "plain", plain)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("%s: %d games, want %d", what, len(got), len(want))
	}
	for i := range want {
		if !bytes.Equal(got[i].Data, want[i].Data) || got[i].Offset != want[i].Offset {
			t.Fatalf("%s: game %d differs", what, i)
		}
	}
}

func TestDecompress(t *testing.T) {
	plain := readFixture(t, "small.pgn")
	half := len(plain) / 2
	cut := bytes.Index(plain[half:], []byte("\n[Event")) + half + 1
	a, b := plain[:cut], plain[cut:]
	tests := []struct {
		name string
		data []byte
		c    Compression
	}{
		{"plain", plain, CompressionNone},
		{"zstd", zstdBytes(t, plain), CompressionZstd},
		{"zstd 128 MiB window", zstdBytes(t, plain, zstd.WithWindowSize(1<<27)), CompressionZstd},
		{"zstd two frames", append(zstdBytes(t, a), zstdBytes(t, b)...), CompressionZstd},
		{"gzip", gzipBytes(t, plain), CompressionGzip},
		{"gzip two members", append(gzipBytes(t, a), gzipBytes(t, b)...), CompressionGzip},
		{"bzip2", readFixture(t, "small.pgn.bz2"), CompressionBzip2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			games, st, err := readGames(t, tc.name, tc.data)
			if err != nil {
				t.Fatal(err)
			}
			if st.Compression != tc.c || st.Bytes != int64(len(plain)) || st.CompressedBytes != int64(len(tc.data)) {
				t.Errorf("compression %v bytes %d compressed %d; want %v %d %d", st.Compression, st.Bytes, st.CompressedBytes, tc.c, len(plain), len(tc.data))
			}
			sameGames(t, tc.name, games, plain)
		})
	}
	// two concatenated bzip2 streams
	games, st, err := readGames(t, "two", readFixture(t, "two-streams.pgn.bz2"))
	if err != nil || len(games) != 6 || st.Compression != CompressionBzip2 {
		t.Errorf("two bzip2 streams: %d games, %v", len(games), err)
	}
}

// TestZstdLong31 reads a stream written by `zstd --long=31` (2 GiB window
// in the frame header), which klauspost's default decoder refuses.
func TestZstdLong31(t *testing.T) {
	data := readFixture(t, "long31.pgn.zst")
	d, _ := zstd.NewReader(bytes.NewReader(data))
	_, err := io.Copy(io.Discard, d)
	d.Close()
	if err == nil {
		t.Log("note: the default decoder accepted the 2 GiB window")
	}
	var games []RawGame
	var st Stats
	var rss [3]int64
	for i := 0; i < 3; i++ {
		var err error
		r := NewReader(bytes.NewReader(data), "long31.pgn.zst", Options{})
		games, _, _, _, err = readAll(t, r)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		st = r.Stats()
		rss[i] = rssKiB()
	}
	if len(games) != 413 || st.Bytes != 1<<20 {
		t.Errorf("%d games, %d bytes", len(games), st.Bytes)
	}
	// The decoder allocates a ring of the window size (2 GiB here). Whether
	// its pages become resident at once depends on the state of the Go heap
	// (reused memory is zeroed); decoders are kept and reused, so reading
	// more --long=31 streams must not allocate (and touch) new rings.
	if rss[0] > 0 && rss[2]-rss[0] > 128<<10 {
		t.Errorf("RSS grew by %d MiB over two more streams (decoder not reused?)", (rss[2]-rss[0])>>10)
	}
	t.Logf("RSS after each stream: %v KiB", rss)
}

// rssKiB returns the resident set size from /proc/self/status (0 if unknown).
func rssKiB() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "VmRSS:" {
			var n int64
			for _, c := range f[1] {
				n = n*10 + int64(c-'0')
			}
			return n
		}
	}
	return 0
}

func TestDamagedStreams(t *testing.T) {
	plain := readFixture(t, "small.pgn")
	z := zstdBytes(t, plain, zstd.WithEncoderConcurrency(1), zstd.WithWindowSize(1<<15))
	g := gzipBytes(t, plain)
	bz := readFixture(t, "small.pgn.bz2")
	corrupt := func(b []byte) []byte {
		c := append([]byte(nil), b...)
		for i := len(c) / 2; i < len(c)/2+64 && i < len(c); i++ {
			c[i] ^= 0x5a
		}
		return c
	}
	tests := []struct {
		name string
		data []byte
	}{
		{"zstd truncated", z[:len(z)/2]},
		{"zstd corrupt", corrupt(z)},
		{"gzip truncated", g[:len(g)/2]},
		{"gzip corrupt", corrupt(g)},
		{"bzip2 truncated", bz[:len(bz)/2]},
		{"bzip2 corrupt", corrupt(bz)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			games, st, err := readGames(t, "damaged.pgn.x", tc.data)
			var re *ReadError
			if !errors.As(err, &re) {
				t.Fatalf("err = %v, want a *ReadError", err)
			}
			if !errors.Is(err, ErrTruncated) || re.File != "damaged.pgn.x" || !strings.Contains(err.Error(), "damaged.pgn.x") {
				t.Errorf("error %v does not name the file", err)
			}
			if re.Offset != st.Bytes || re.CompressedOffset <= 0 || re.CompressedOffset > int64(len(tc.data)) {
				t.Errorf("offsets %d/%d, stats %d", re.Offset, re.CompressedOffset, st.Bytes)
			}
			// every game delivered complete is a game of the original. bzip2
			// checks a block's CRC only at the block's end, so corrupt text of
			// the damaged block can come out before the error: not checked there.
			if tc.name != "bzip2 corrupt" {
				for i, gm := range games {
					end := gm.Offset + int64(len(gm.Data))
					if !gm.Truncated && (end > int64(len(plain)) || !bytes.Equal(gm.Data, plain[gm.Offset:end])) {
						t.Errorf("game %d differs from the original", i)
					}
				}
				if n := len(games); n > 0 && !games[n-1].Truncated && games[n-1].Offset+int64(len(games[n-1].Data)) == st.Bytes {
					t.Errorf("the game cut by the damage is not marked Truncated")
				}
			}
			t.Logf("%s: %d games delivered, then: %v", tc.name, len(games), err)
		})
	}
}

func TestMaxWindow(t *testing.T) {
	r := NewReader(bytes.NewReader(readFixture(t, "long31.pgn.zst")), "long31.pgn.zst", Options{MaxWindow: 64 << 20})
	defer r.Close()
	_, err := r.Next()
	// refused before any byte is decompressed, with the size it needs
	if !errors.Is(err, ErrWindowTooLarge) || ErrorCode(err) != CodeWindowTooLarge || !strings.Contains(err.Error(), "window of 2 GiB") {
		t.Errorf("a 2 GiB window over a 64 MiB cap: %v", err)
	}
}

func TestUnsupportedFormats(t *testing.T) {
	for name, head := range map[string][]byte{
		"xz":  {0xFD, '7', 'z', 'X', 'Z', 0, 0, 0},
		"zip": []byte("PK\x03\x04rest"),
		"7z":  {'7', 'z', 0xBC, 0xAF, 0x27, 0x1C, 0, 0},
	} {
		r := NewReader(bytes.NewReader(head), name, Options{})
		_, err := r.Next()
		if !errors.Is(err, ErrUnsupportedFormat) || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestEmptyInput(t *testing.T) {
	for _, in := range []string{"", "\n\n  \n", "% only an escape line\n", "\xef\xbb\xbf\r\n"} {
		for _, check := range []bool{true, false} {
			r := NewReader(strings.NewReader(in), "e", Options{NoContentCheck: !check})
			games, _, skips, _, err := readAll(t, r)
			st := r.Stats()
			if len(games) != 0 || len(skips) != 0 || st.IgnoredBytes != int64(len(in)) {
				t.Errorf("%q: %d games %d skips %v %+v", in, len(games), len(skips), err, st)
			}
			if check && (!errors.Is(err, ErrEmptyInput) || ErrorCode(err) != CodeEmptyInput) || !check && err != nil {
				t.Errorf("%q, check %v: %v", in, check, err)
			}
		}
	}
	// stdlib gzip of nothing
	var buf bytes.Buffer
	w := gzip.NewWriter(&buf)
	w.Close()
	r := NewReader(&buf, "e.gz", Options{})
	if b, err := r.Next(); ErrorCode(err) != CodeEmptyInput {
		t.Errorf("empty gzip: %v %v", b, err)
	}
}
