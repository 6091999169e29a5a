package ingest

import (
	"bytes"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// TextEncoding is the encoding an input was read in, when the Reader
// transcoded it as a whole (RawGame.Encoding): UTF-16 files are turned into
// UTF-8 before they are split. Games in Windows-1252 or 1251 are
// transcoded one by one by ParseGame instead (Game.Transcoded).
type TextEncoding uint8

// The encodings transcoded by the Reader.
const (
	EncodingUTF8 TextEncoding = iota // as read: UTF-8 or a single-byte code page
	EncodingUTF16LE
	EncodingUTF16BE
	EncodingUTF16LENoBOM // UTF-16LE without a byte order mark, recognised by its NUL bytes
	EncodingUTF16BENoBOM
)

// String returns "UTF-8", "UTF-16LE", "UTF-16BE", "UTF-16LE without byte
// order mark" or "UTF-16BE without byte order mark".
func (e TextEncoding) String() string {
	switch e {
	case EncodingUTF16LE:
		return "UTF-16LE"
	case EncodingUTF16BE:
		return "UTF-16BE"
	case EncodingUTF16LENoBOM:
		return "UTF-16LE without byte order mark"
	case EncodingUTF16BENoBOM:
		return "UTF-16BE without byte order mark"
	}
	return "UTF-8"
}

// sniffUTF16 recognises UTF-16 text at the start of a decompressed stream:
// a byte order mark (FF FE, FE FF), or, without one, the NUL bytes that
// every other byte of text in the ASCII range is in UTF-16 (at odd
// offsets little-endian, at even ones big-endian). A UTF-32 mark
// (FF FE 00 00) is not taken for UTF-16.
func sniffUTF16(head []byte) TextEncoding {
	switch {
	case bytes.HasPrefix(head, []byte{0xFF, 0xFE}) && !bytes.HasPrefix(head, []byte{0xFF, 0xFE, 0, 0}):
		return EncodingUTF16LE
	case bytes.HasPrefix(head, []byte{0xFE, 0xFF}):
		return EncodingUTF16BE
	}
	pairs := len(head) / 2
	if pairs < 16 {
		return EncodingUTF8 // too little to tell
	}
	var even, odd int
	for i := 0; i+1 < len(head); i += 2 {
		if head[i] == 0 {
			even++
		}
		if head[i+1] == 0 {
			odd++
		}
	}
	switch {
	case 5*odd >= 2*pairs && 20*even <= pairs:
		return EncodingUTF16LENoBOM
	case 5*even >= 2*pairs && 20*odd <= pairs:
		return EncodingUTF16BENoBOM
	}
	return EncodingUTF8
}

// binaryWindow is how much of the start of an input is looked at for NUL
// bytes.
const binaryWindow = 64 << 10

// binaryData reports whether b, the start of an input after any UTF-16
// was transcoded, is binary data rather than text: at least 4 NUL bytes,
// and one or more per 4 KiB. No encoding Arbiter reads has NUL bytes in
// text; a damaged PGN file with a stray one stays text.
func binaryData(b []byte) (nuls int, binary bool) {
	b = b[:min(len(b), binaryWindow)]
	nuls = bytes.Count(b, []byte{0})
	return nuls, nuls >= 4 && nuls*4096 >= len(b)
}

// holdsChess reports whether text b (the start of an input) holds a tag
// pair at the start of a line, or a line of movetext: a line whose first
// token, or whose second after a move number, is shaped like a move
// ("e4", "Nf3", "exd5", "Sf3", "Кf3", "e2e4", "e2-e4", "O-O", "1.e4").
// A CSV of players, a letter or a page of HTML holds neither.
func holdsChess(b []byte) bool {
	for len(b) > 0 {
		line := b
		if k := bytes.IndexByte(b, '\n'); k >= 0 {
			line, b = b[:k], b[k+1:]
		} else {
			b = nil
		}
		line = trimSpace(bytes.TrimPrefix(trimSpace(line), bom))
		if len(line) == 0 || line[0] == '%' {
			continue
		}
		if line[0] == '[' {
			if t, ok := scanTag(line); ok && t.flags&tagUnterminated == 0 {
				return true
			}
			continue
		}
		tok, rest := nextField(line)
		if num := moveNumberLen(tok); num > 0 {
			if num < len(tok) {
				tok = tok[num:] // "1.e4"
			} else {
				tok, _ = nextField(rest)
			}
		}
		if moveShaped(tok) {
			return true
		}
	}
	return false
}

// nextField splits off the first field of l (fields are separated by
// white space).
func nextField(l []byte) (field, rest []byte) {
	l = trimSpace(l)
	k := 0
	for k < len(l) && !isSpace(l[k]) {
		k++
	}
	return l[:k], l[k:]
}

// moveNumberLen returns the length of the move number that tok starts
// with ("12." "12..." "3…"), 0 when there is none.
func moveNumberLen(tok []byte) int {
	k := 0
	for k < len(tok) && isDigit(tok[k]) {
		k++
	}
	if k == 0 || k == len(tok) || tok[k] != '.' {
		return 0
	}
	for k < len(tok) && tok[k] == '.' {
		k++
	}
	return k
}

// moveShaped reports whether tok looks like a move in some notation
// Arbiter reads: castling, or at most 12 bytes of letters (any script),
// file and rank signs and capture, promotion and check marks, holding a
// square a1-h8.
func moveShaped(tok []byte) bool {
	for len(tok) > 0 && (tok[len(tok)-1] == '+' || tok[len(tok)-1] == '#' || tok[len(tok)-1] == '!' || tok[len(tok)-1] == '?') {
		tok = tok[:len(tok)-1]
	}
	switch string(tok) {
	case "O-O", "O-O-O", "0-0", "0-0-0", "o-o", "o-o-o":
		return true
	}
	if len(tok) < 2 || len(tok) > 12 {
		return false
	}
	square := false
	for i := 0; i < len(tok); i++ {
		c := tok[i]
		switch {
		case c >= 'a' && c <= 'h' && i+1 < len(tok) && tok[i+1] >= '1' && tok[i+1] <= '8':
			square = true
		case isLetter(c) || c >= '1' && c <= '8' || c >= 0x80 ||
			c == 'x' || c == ':' || c == '-' || c == '=' || c == '(' || c == ')':
		default:
			return false
		}
	}
	return square
}

// firstLine returns the first line of b that is not blank, with its
// number, clipped and quoted for a message.
func firstLine(b []byte) (int, string) {
	n := 0
	for len(b) > 0 {
		n++
		line := b
		if k := bytes.IndexByte(b, '\n'); k >= 0 {
			line, b = b[:k], b[k+1:]
		} else {
			b = nil
		}
		line = trimSpace(bytes.TrimPrefix(line, bom))
		if len(line) == 0 {
			continue
		}
		if len(line) > 60 {
			line = line[:60]
			for len(line) > 0 && !utf8.Valid(line) {
				line = line[:len(line)-1]
			}
			return n, strconv.Quote(string(line)) + "..."
		}
		return n, strconv.Quote(string(line))
	}
	return 0, ""
}

// checkContent judges the start of an input (b, the first buffer; all of
// it when eof): an *InputError when it is empty, binary, or PGN text
// without chess. kind is the kind decided for it.
func checkContent(name string, b []byte, eof bool, kind Kind) error {
	if blankText(b) {
		if eof {
			what := "no bytes"
			if len(b) > 0 {
				what = "nothing but white space and % escape lines"
			}
			return &InputError{File: name, Code: CodeEmptyInput, Err: because(ErrEmptyInput, what)}
		}
		return &InputError{File: name, Code: CodeNotPGN, Err: because(ErrNotPGN, fmt.Sprintf("nothing but white space in the first %d bytes", len(b)))}
	}
	if nuls, bin := binaryData(b); bin {
		return &InputError{File: name, Code: CodeNotPGN,
			Err: because(ErrNotPGN, fmt.Sprintf("binary data, not text (%d NUL bytes in the first %d)", nuls, min(len(b), binaryWindow)))}
	}
	if kind != KindPGN || holdsChess(b) {
		return nil
	}
	line, text := firstLine(b)
	where := "in the whole input"
	if !eof {
		where = fmt.Sprintf("in the first %d bytes", len(b))
	}
	return &InputError{File: name, Code: CodeNotPGN, Line: line,
		Err: because(ErrNotPGN, fmt.Sprintf("no tag pair and no movetext %s; line %d: %s", where, line, text))}
}

// blankText reports whether b holds only blank lines and PGN escape lines
// ('%' at the start of a line), after an optional byte order mark.
func blankText(b []byte) bool {
	b = bytes.TrimPrefix(b, bom)
	for len(b) > 0 {
		line := b
		if k := bytes.IndexByte(b, '\n'); k >= 0 {
			line, b = b[:k], b[k+1:]
		} else {
			b = nil
		}
		if len(line) > 0 && line[0] == '%' {
			continue
		}
		if len(trimSpace(line)) > 0 {
			return false
		}
	}
	return true
}

// reason is a sentinel error with the details that the code of an
// InputError already names: its text is the details alone.
type reason struct {
	msg string
	err error
}

func because(sentinel error, msg string) error { return &reason{msg, sentinel} }
func (r *reason) Error() string                { return r.msg }
func (r *reason) Unwrap() error                { return r.err }
