package ingest

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/klauspost/compress/zstd"
)

// Frame is one zstd frame of a file: bytes [Start, End) of the file as
// stored. A skippable frame that precedes it (pzstd writes one before every
// frame, holding the next frame's size) belongs to it, so that the frames
// of a file tile it from its first byte to its last.
type Frame struct {
	Start, End int64
}

// ErrNotZstd is returned by ZstdFrames for a file that does not start with
// a zstd frame.
var ErrNotZstd = errors.New("not a zstd stream")

const (
	zstdMagic          = 0xFD2FB528
	skippableMagicMask = 0xFFFFFFF0
	skippableMagic     = 0x184D2A50
	maxZstdBlock       = 128 << 10
)

// ZstdFrames lists the frames of the zstd file r of size bytes by walking
// the frame and block headers: a few bytes read per block of up to 128
// KiB, nothing decompressed. Files written by pzstd (the Lichess dumps)
// and by `zstd -T` with --rsyncable or concatenation have many frames,
// each decodable on its own; `zstd --long=31` writes one. A damaged
// header ends the walk with an error naming its offset; the frames before
// it are returned.
func ZstdFrames(r io.ReaderAt, size int64) ([]Frame, error) {
	var frames []Frame
	w := frameWalker{r: r, size: size}
	for {
		f, err := w.next()
		if err == io.EOF {
			break
		}
		if errors.Is(err, ErrNotZstd) {
			return nil, err
		}
		if err != nil {
			return frames, err
		}
		frames = append(frames, f)
	}
	if n := len(frames); n > 0 && frames[n-1].End < size {
		frames[n-1].End = size // trailing skippable frames
	}
	return frames, nil
}

// frameWalker walks the frames of a zstd file from an offset, one frame at
// a time, so that a reader of some frames reads the headers of those only.
type frameWalker struct {
	r          io.ReaderAt
	off, size  int64
	frameStart int64 // start of the frame being walked, its skippable prefix included
}

// next returns the next frame, io.EOF after the last one (only skippable
// frames, or nothing, follow), or an error naming the offset of a damaged
// header.
func (w *frameWalker) next() (Frame, error) {
	var hdr [18]byte
	w.frameStart = w.off
	for w.off < w.size {
		off := w.off
		n, err := w.r.ReadAt(hdr[:min(int64(len(hdr)), w.size-off)], off)
		if n < 4 {
			return Frame{}, fmt.Errorf("zstd frame header at offset %d: %w", off, errOr(err, io.ErrUnexpectedEOF))
		}
		magic := binary.LittleEndian.Uint32(hdr[:4])
		switch {
		case magic&skippableMagicMask == skippableMagic:
			if n < 8 {
				return Frame{}, fmt.Errorf("skippable frame at offset %d: %w", off, io.ErrUnexpectedEOF)
			}
			w.off += 8 + int64(binary.LittleEndian.Uint32(hdr[4:8]))
			continue
		case magic != zstdMagic:
			if off == 0 {
				return Frame{}, ErrNotZstd
			}
			return Frame{}, fmt.Errorf("offset %d: no zstd frame where one should start", off)
		}
		end, err := zstdFrameEnd(w.r, off, w.size, hdr[:n])
		if err != nil {
			return Frame{}, err
		}
		w.off = end
		return Frame{Start: w.frameStart, End: end}, nil
	}
	return Frame{}, io.EOF
}

func errOr(err, def error) error {
	if err == nil || err == io.EOF {
		return def
	}
	return err
}

// zstdFrameEnd returns the offset just past the zstd frame at off, whose
// first bytes are in hdr.
func zstdFrameEnd(r io.ReaderAt, off, size int64, hdr []byte) (int64, error) {
	bad := func(what string) (int64, error) {
		return 0, fmt.Errorf("zstd frame at offset %d: %s", off, what)
	}
	if len(hdr) < 6 {
		return bad("truncated header")
	}
	fhd := hdr[4]
	single := fhd&0x20 != 0
	checksum := fhd&0x04 != 0
	if fhd&0x08 != 0 {
		return bad("reserved bit set")
	}
	pos := 5
	if !single {
		pos++ // window descriptor
	}
	pos += [4]int{0, 1, 2, 4}[fhd&3] // dictionary id
	fcs := [4]int{0, 2, 4, 8}[fhd>>6]
	if fcs == 0 && single {
		fcs = 1
	}
	pos += fcs
	b := off + int64(pos)
	var bh [3]byte
	for {
		if b+3 > size {
			return bad("truncated: a block header is missing")
		}
		if _, err := r.ReadAt(bh[:], b); err != nil {
			return 0, fmt.Errorf("zstd frame at offset %d: %w", off, err)
		}
		h := uint32(bh[0]) | uint32(bh[1])<<8 | uint32(bh[2])<<16
		last, typ, bsize := h&1 != 0, (h>>1)&3, int64(h>>3)
		switch typ {
		case 0, 2: // raw, compressed
			if bsize > maxZstdBlock {
				return bad(fmt.Sprintf("block of %d bytes at offset %d", bsize, b))
			}
		case 1: // RLE: one byte stands for bsize
			bsize = 1
		default:
			return bad(fmt.Sprintf("reserved block type at offset %d", b))
		}
		b += 3 + bsize
		if last {
			break
		}
	}
	if checksum {
		b += 4
	}
	if b > size {
		return bad("truncated")
	}
	return b, nil
}

// DecodeFrame decompresses one frame of a multi-frame zstd file into dst
// (reused when large enough) and returns the text.
func DecodeFrame(r io.ReaderAt, f Frame, dst []byte) ([]byte, error) {
	in := make([]byte, f.End-f.Start)
	if _, err := r.ReadAt(in, f.Start); err != nil && !(errors.Is(err, io.EOF) && len(in) > 0) {
		return dst, err
	}
	d := decoderPool.Get().(*zstd.Decoder)
	defer decoderPool.Put(d)
	return d.DecodeAll(in, dst[:0])
}

// DetectCompression returns the compression format that the first bytes of
// a file (8 suffice) announce; an error for formats Arbiter cannot read
// (xz, zip, 7z).
func DetectCompression(head []byte) (Compression, error) { return sniff(head) }
