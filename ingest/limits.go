package ingest

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// DefaultMaxExpansion is the decompression ratio over which a compressed
// input is taken for a bomb (Options.MaxExpansion). PGN compresses some
// 5:1 to 15:1 (zstd --long=31 on repetitive engine games, some 100:1).
const DefaultMaxExpansion = 1000

// ExpansionFloor is the decompressed size up to which MaxExpansion is not
// checked: a small file may expand far more than its few compressed
// bytes would allow.
const ExpansionFloor = 8 << 20

// limitReader stops a decompressed stream at Options.MaxBytes, or when it
// has expanded more than Options.MaxExpansion times the compressed bytes
// read (a decompression bomb): 15 KB of bzip2 can hold 20 GiB of spaces.
type limitReader struct {
	r          io.Reader
	cnt        *countingReader // compressed bytes read
	maxBytes   int64
	ratio      int64
	compressed bool
	n          int64
	err        error
}

func (l *limitReader) Read(p []byte) (int, error) {
	if l.err != nil {
		return 0, l.err
	}
	n, err := l.r.Read(p)
	l.n += int64(n)
	if l.maxBytes > 0 && l.n > l.maxBytes {
		n -= int(l.n - l.maxBytes)
		l.n = l.maxBytes
		l.err = fmt.Errorf("%w: more than %s decompressed (the size limit)", ErrInputLimit, FormatSize(l.maxBytes))
		return n, l.err
	}
	if c := l.cnt.n.Load(); l.compressed && l.ratio > 0 && l.n > ExpansionFloor && l.n/max(c, 1) >= l.ratio {
		l.err = fmt.Errorf("%w: %s decompressed from %s, more than %d:1 (the expansion limit)",
			ErrInputLimit, FormatSize(l.n), FormatSize(c), l.ratio)
		return n, l.err
	}
	return n, err
}

// utf16Reader transcodes a UTF-16 stream to UTF-8; a byte order mark is
// dropped.
func utf16Reader(r io.Reader, enc TextEncoding) io.Reader {
	var e unicode.Endianness = unicode.LittleEndian
	if enc == EncodingUTF16BE || enc == EncodingUTF16BENoBOM {
		e = unicode.BigEndian
	}
	bomPolicy := unicode.IgnoreBOM
	if enc == EncodingUTF16LE || enc == EncodingUTF16BE {
		bomPolicy = unicode.ExpectBOM
	}
	return transform.NewReader(r, unicode.UTF16(e, bomPolicy).NewDecoder())
}

// ParseSize reads a size such as "2GiB", "500MB", "1.5G", "64k" or
// "1048576" (bytes). K, M, G and T count in powers of 1024 (KiB, MiB,
// ...), KB, MB, GB and TB in powers of 1000, and a number alone counts
// bytes.
func ParseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	k := len(t)
	for k > 0 && (t[k-1] < '0' || t[k-1] > '9') && t[k-1] != '.' {
		k--
	}
	num, unit := t[:k], strings.ToLower(strings.TrimSpace(t[k:]))
	v, err := strconv.ParseFloat(num, 64)
	if err != nil || v < 0 || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, fmt.Errorf("size %q: %w", s, errBadSize)
	}
	mult := map[string]float64{"": 1, "b": 1,
		"k": 1 << 10, "kib": 1 << 10, "m": 1 << 20, "mib": 1 << 20, "g": 1 << 30, "gib": 1 << 30, "t": 1 << 40, "tib": 1 << 40,
		"kb": 1e3, "mb": 1e6, "gb": 1e9, "tb": 1e12}[unit]
	if mult == 0 {
		return 0, fmt.Errorf("size %q: unit %q: %w", s, unit, errBadSize)
	}
	if v*mult >= math.MaxInt64 {
		return 0, fmt.Errorf("size %q: %w", s, errBadSize)
	}
	return int64(v * mult), nil
}

var errBadSize = errors.New("want a number of bytes with an optional unit (K, M, G, T or KB, MB, GB, TB)")

// FormatSize writes a byte count for people: "2 GiB", "15.7 KiB", "812 B".
func FormatSize(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	v, i := float64(n), -1
	for v >= unit && i < 4 {
		v /= unit
		i++
	}
	s := strconv.FormatFloat(v, 'f', 1, 64)
	s = strings.TrimSuffix(s, ".0")
	return s + " " + []string{"KiB", "MiB", "GiB", "TiB", "PiB"}[i]
}
