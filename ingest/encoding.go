package ingest

import (
	"encoding/binary"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// transcode appends src to dst as UTF-8, reading the bytes that are not
// ASCII in the code page of decode. With keepUTF8, valid UTF-8 sequences
// are copied unchanged and only the other bytes are read in the code page,
// so that a file mixing UTF-8 and Windows-1252 keeps its UTF-8 parts
// intact; Windows-1251 text must not be read so, since a capital letter
// followed by "ё" is also a valid UTF-8 pair. It returns the new dst, the
// number of bytes read in the code page and how many of those were
// undefined there (they become U+FFFD).
func transcode(dst, src []byte, decode func(byte) rune, keepUTF8 bool) (out []byte, mapped, undefined int) {
	for i := 0; i < len(src); {
		c := src[i]
		if c < utf8.RuneSelf {
			dst = append(dst, c)
			i++
			continue
		}
		if keepUTF8 {
			if r, size := utf8.DecodeRune(src[i:]); r != utf8.RuneError || size > 1 {
				dst = append(dst, src[i:i+size]...)
				i += size
				continue
			}
		}
		mapped++
		r := decode(c)
		if r == utf8.RuneError {
			undefined++
		}
		dst = utf8.AppendRune(dst, r)
		i++
	}
	return dst, mapped, undefined
}

// decodeCP1252 reads a byte of 0x80..0xFF as Windows-1252 (a superset of
// Latin-1 for printable characters); the five bytes it leaves undefined
// become U+FFFD.
func decodeCP1252(c byte) rune { return charmap.Windows1252.DecodeByte(c) }

// decodeCP1251 reads a byte of 0x80..0xFF as Windows-1251 (Cyrillic).
func decodeCP1251(c byte) rune { return charmap.Windows1251.DecodeByte(c) }

// looksCP1251 reports whether the bytes of src that are not UTF-8 read
// better as Windows-1251 (Cyrillic) than as Windows-1252: most of them
// are letters of 0xC0..0xFF (and Ё ё) that stand next to each other, as in
// Cyrillic words, or that start a token and are followed by a square or a
// capture sign, as the Cyrillic piece letters of Russian, Ukrainian,
// Bulgarian or Serbian scoresheets do ("Кf3", "Крe2"). Western text has
// its accented letters alone among ASCII ones ("Müller", "Sánchez").
func looksCP1251(src []byte) bool {
	letter := func(i int) bool {
		if i < 0 || i >= len(src) {
			return false
		}
		c := src[i]
		return c >= 0xC0 || c == 0xA8 || c == 0xB8
	}
	high, cyrillic := 0, 0
	for i := 0; i < len(src); i++ {
		c := src[i]
		if c < utf8.RuneSelf {
			continue
		}
		if _, size := utf8.DecodeRune(src[i:]); size > 1 {
			i += size - 1 // a valid UTF-8 character
			continue
		}
		high++
		if !letter(i) {
			continue
		}
		start := i == 0 || src[i-1] == ' ' || src[i-1] == '.' || src[i-1] == '\n'
		var next byte
		if i+1 < len(src) {
			next = src[i+1]
		}
		if letter(i-1) || letter(i+1) || start && (next >= 'a' && next <= 'h' || next >= '1' && next <= '8' || next == 'x' || next == ':') {
			cyrillic++
		}
	}
	return 2*cyrillic > high
}

// validUTF8 is utf8.Valid with a faster scan of the ASCII part, 64 bytes
// at a time (games are mostly ASCII).
func validUTF8(b []byte) bool {
	const hi = 0x8080808080808080
	for len(b) >= 64 {
		w := b[:64:64]
		x := binary.LittleEndian.Uint64(w[0:8]) | binary.LittleEndian.Uint64(w[8:16]) |
			binary.LittleEndian.Uint64(w[16:24]) | binary.LittleEndian.Uint64(w[24:32]) |
			binary.LittleEndian.Uint64(w[32:40]) | binary.LittleEndian.Uint64(w[40:48]) |
			binary.LittleEndian.Uint64(w[48:56]) | binary.LittleEndian.Uint64(w[56:64])
		if x&hi != 0 {
			break // b[0] starts a character: everything before it was ASCII
		}
		b = b[64:]
	}
	return utf8.Valid(b)
}
