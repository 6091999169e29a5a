package ingest

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// pzstdLike compresses text as pzstd does: independent zstd frames of step
// bytes of text, each behind a skippable frame that holds its size.
func pzstdLike(tb testing.TB, text []byte, step int, level zstd.EncoderLevel) []byte {
	tb.Helper()
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(level), zstd.WithEncoderConcurrency(1))
	if err != nil {
		tb.Fatal(err)
	}
	var out []byte
	for off := 0; off < len(text); off += step {
		z := enc.EncodeAll(text[off:min(off+step, len(text))], nil)
		var h [12]byte
		binary.LittleEndian.PutUint32(h[0:], skippableMagic)
		binary.LittleEndian.PutUint32(h[4:], 4)
		binary.LittleEndian.PutUint32(h[8:], uint32(len(z)))
		out = append(append(out, h[:]...), z...)
	}
	return out
}

// gameText returns n bytes of little games that do not compress to
// nothing.
func gameText(n int) []byte {
	var text []byte
	for i := 0; len(text) < n; i++ {
		text = fmt.Appendf(text, "[Event \"%d\"]\n\n1. e4 e5 %d *\n\n", i, i*i)
	}
	return text[:n]
}

// readFrames reads a multi-frame file with the frame reader from start.
func readFrames(t *testing.T, data []byte, start int64, workers int) ([]byte, []*FrameError) {
	t.Helper()
	fr := newFrameReader(bytes.NewReader(data), int64(len(data)), start, -1, workers, 2*workers+1)
	defer fr.close()
	got, err := io.ReadAll(fr)
	if err != nil {
		t.Fatal(err)
	}
	return got, fr.errs
}

// The frame reader gives the text in order whatever the number of
// goroutines, from the first frame or from any later one.
func TestFrameReaderOrder(t *testing.T) {
	text := gameText(3 << 20)
	data := pzstdLike(t, text, 100_000, zstd.SpeedFastest)
	frames, err := ZstdFrames(bytes.NewReader(data), int64(len(data)))
	if err != nil || len(frames) != (len(text)+99_999)/100_000 {
		t.Fatalf("%d frames, %v", len(frames), err)
	}
	for _, workers := range []int{1, 2, 3, 8} {
		got, errs := readFrames(t, data, 0, workers)
		if !bytes.Equal(got, text) || len(errs) > 0 {
			t.Fatalf("%d workers: %d bytes of %d, errors %v", workers, len(got), len(text), errs)
		}
		k := len(frames) / 2
		got, _ = readFrames(t, data, frames[k].Start, workers)
		if !bytes.Equal(got, text[k*100_000:]) {
			t.Fatalf("%d workers from frame %d: %d bytes, want %d", workers, k, len(got), len(text)-k*100_000)
		}
	}
}

// A frame that cannot be decoded is reported with its offset and left
// out; the frames after it are read. A damaged header ends the walk: the
// rest of the file is one frame that fails.
func TestFrameReaderDamage(t *testing.T) {
	text := gameText(1 << 20)
	data := pzstdLike(t, text, 200_000, zstd.SpeedFastest)
	frames, _ := ZstdFrames(bytes.NewReader(data), int64(len(data)))
	bad := bytes.Clone(data)
	f := frames[2]
	for i := f.Start + 30; i < f.Start+60; i++ { // inside the compressed data
		bad[i] ^= 0x5a
	}
	got, errs := readFrames(t, bad, 0, 2)
	want := append(bytes.Clone(text[:400_000]), text[600_000:]...)
	if len(errs) != 1 || errs[0].Frame != f || !bytes.Equal(got, want) {
		t.Fatalf("errors %v, %d bytes (want %d)", errs, len(got), len(want))
	}
	if !errors.Is(errs[0], errs[0].Err) || errs[0].Error() == "" {
		t.Fatal("FrameError does not wrap its cause")
	}

	// A truncated last frame.
	cut := data[:frames[len(frames)-1].Start+100]
	got, errs = readFrames(t, cut, 0, 2)
	if len(errs) != 1 || errs[0].Frame.Start != frames[len(frames)-1].Start || !bytes.Equal(got, text[:len(frames[:len(frames)-1])*200_000]) {
		t.Fatalf("truncated: errors %v, %d bytes", errs, len(got))
	}

	// A damaged header (no magic number where frame 3 starts): the walk
	// stops there.
	hdr := bytes.Clone(data)
	copy(hdr[frames[3].Start:], "junk")
	got, errs = readFrames(t, hdr, 0, 2)
	if len(errs) != 1 || errs[0].Frame.Start != frames[3].Start || errs[0].Frame.End != int64(len(hdr)) || !bytes.Equal(got, text[:600_000]) {
		t.Fatalf("damaged header: errors %v, %d bytes", errs, len(got))
	}
}

// A reader that needs part of the text decodes at most about one frame
// past it, whatever its lookahead.
func TestFrameReaderLimit(t *testing.T) {
	text := gameText(4 << 20)
	const step = 100_000
	data := pzstdLike(t, text, step, zstd.SpeedFastest)
	for _, limit := range []int64{1, step, 5*step + 7, 2 << 20} {
		for _, workers := range []int{1, 2, 4} {
			fr := newFrameReader(bytes.NewReader(data), int64(len(data)), 0, limit, workers, 2*workers+1)
			got, err := io.ReadAll(io.LimitReader(fr, limit))
			if err != nil || !bytes.Equal(got, text[:limit]) {
				t.Fatalf("limit %d, %d workers: %d bytes, %v", limit, workers, len(got), err)
			}
			// Wait for the frames under way, as the reader's owner does.
			fr.close()
			if decoded := fr.need.text; decoded > limit+2*step {
				t.Errorf("limit %d, %d workers: %d bytes decoded", limit, workers, decoded)
			}
		}
	}
}

// Closing the reader early stops its goroutines.
func TestFrameReaderClose(t *testing.T) {
	text := bytes.Repeat([]byte("[Event \"x\"]\n\n1. c4 *\n\n"), 100_000)
	data := pzstdLike(t, text, 50_000, zstd.SpeedFastest)
	fr := newFrameReader(bytes.NewReader(data), int64(len(data)), 0, -1, 2, 5)
	buf := make([]byte, 70_000)
	if _, err := io.ReadFull(fr, buf); err != nil {
		t.Fatal(err)
	}
	fr.close()
	fr.close() // twice is fine
}

// BenchmarkFrameReader reads a Lichess-style multi-frame file (pzstd's
// frame size at its default level) with one and with two goroutines.
func BenchmarkFrameReader(b *testing.B) {
	text := benchInput(b, "lichess-jishanshaikh4-37k.pgn.zst")
	data := pzstdLike(b, text, 8<<20, zstd.SpeedDefault)
	buf := make([]byte, 256<<10)
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			ct := startCPU()
			defer ct.report(b, len(text))
			var bo bestOf
			defer bo.report(b, len(text))
			for b.Loop() {
				bo.start()
				fr := newFrameReader(bytes.NewReader(data), int64(len(data)), 0, -1, workers, 2*workers+1)
				for {
					_, err := fr.Read(buf)
					if err == io.EOF {
						break
					}
					if err != nil {
						b.Fatal(err)
					}
				}
				if len(fr.errs) > 0 {
					b.Fatal(fr.errs[0])
				}
				fr.close()
				bo.stop()
			}
		})
	}
}
