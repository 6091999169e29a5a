package ingest

import (
	"encoding/binary"
	"unicode/utf8"
)

// cp1252 maps the bytes 0x80..0x9F of Windows-1252 to Unicode. The five
// bytes Windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) map to
// utf8.RuneError. Bytes 0xA0..0xFF are the same code points as in Latin-1.
var cp1252 = [32]rune{
	0x20AC, utf8.RuneError, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, // 80-87
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, utf8.RuneError, 0x017D, utf8.RuneError, // 88-8F
	utf8.RuneError, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, // 90-97
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, utf8.RuneError, 0x017E, 0x0178, // 98-9F
}

// transcodeCP1252 appends src to dst as UTF-8. Valid UTF-8 sequences are
// copied unchanged; every other byte is read as Windows-1252 (a superset of
// Latin-1 for printable characters). It returns the new dst, the number of
// bytes read as Windows-1252 and how many of those were undefined there
// (they become U+FFFD). A file mixing UTF-8 and Windows-1252 therefore keeps
// its UTF-8 parts intact.
func transcodeCP1252(dst, src []byte) (out []byte, mapped, undefined int) {
	for i := 0; i < len(src); {
		c := src[i]
		if c < utf8.RuneSelf {
			dst = append(dst, c)
			i++
			continue
		}
		r, size := utf8.DecodeRune(src[i:])
		if r != utf8.RuneError || size > 1 {
			dst = append(dst, src[i:i+size]...)
			i += size
			continue
		}
		mapped++
		if c < 0xA0 {
			r = cp1252[c-0x80]
			if r == utf8.RuneError {
				undefined++
			}
		} else {
			r = rune(c)
		}
		dst = utf8.AppendRune(dst, r)
		i++
	}
	return dst, mapped, undefined
}

// validUTF8 is utf8.Valid with a faster scan of the ASCII part, 32 bytes
// at a time (games are mostly ASCII).
func validUTF8(b []byte) bool {
	const hi = 0x8080808080808080
	for len(b) >= 32 {
		w := binary.LittleEndian.Uint64(b[0:8]) | binary.LittleEndian.Uint64(b[8:16]) |
			binary.LittleEndian.Uint64(b[16:24]) | binary.LittleEndian.Uint64(b[24:32])
		if w&hi != 0 {
			break // b[0] starts a character: everything before it was ASCII
		}
		b = b[32:]
	}
	return utf8.Valid(b)
}
