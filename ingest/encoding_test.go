package ingest

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// TestCP1252MatchesUTF8 reads the Windows-1252 copy of FWWRC.pgn and checks
// that every game reads as the UTF-8 original does.
func TestCP1252MatchesUTF8(t *testing.T) {
	root := corpusDir(t)
	read := func(rel string) ([]Game, int) {
		f, err := os.Open(filepath.Join(root, rel))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		r := NewReader(f, rel, Options{})
		raws, _, _, _, err := readAll(t, r)
		if err != nil {
			t.Fatal(err)
		}
		games := make([]Game, len(raws))
		transcoded := 0
		for i, raw := range raws {
			ParseGame(raw, rel, ParseOptions{}, &games[i])
			if games[i].Transcoded {
				transcoded++
			}
		}
		return games, transcoded
	}
	utf, n0 := read("edge/scalachess/FWWRC.pgn")
	cp, n1 := read("i18n/fwwrc-cp1252.pgn")
	if len(utf) != 605 || len(cp) != len(utf) {
		t.Fatalf("%d and %d games", len(utf), len(cp))
	}
	if n0 != 0 || n1 == 0 {
		t.Errorf("transcoded games: utf-8 %d, cp1252 %d", n0, n1)
	}
	for i := range utf {
		a, b := &utf[i], &cp[i]
		if len(a.Tags) != len(b.Tags) {
			t.Fatalf("game %d: %d and %d tags", i, len(a.Tags), len(b.Tags))
		}
		for k := range a.Tags {
			if a.Tags[k] != b.Tags[k] {
				t.Errorf("game %d tag %d: %q vs %q", i, k, a.Tags[k], b.Tags[k])
			}
		}
		if string(a.PreComment) != string(b.PreComment) || len(a.Moves) != len(b.Moves) {
			t.Errorf("game %d: comments or moves differ", i)
		}
		for k := range a.Moves {
			if string(a.Moves[k].Comment) != string(b.Moves[k].Comment) {
				t.Errorf("game %d move %d: comment differs", i, k)
			}
		}
		if b.Transcoded && (len(b.Notes) == 0 || b.Notes[0].Code != NoteEncoding) {
			t.Errorf("game %d: transcoded without a note", i)
		}
	}
}

// cp1252 maps the bytes 0x80..0x9F of Windows-1252 to Unicode (the
// published table, the reference decodeCP1252 is checked against). The five
// bytes Windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) map to
// utf8.RuneError. Bytes 0xA0..0xFF are the same code points as in Latin-1.
var cp1252 = [32]rune{
	0x20AC, utf8.RuneError, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, // 80-87
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, utf8.RuneError, 0x017D, utf8.RuneError, // 88-8F
	utf8.RuneError, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, // 90-97
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, utf8.RuneError, 0x017E, 0x0178, // 98-9F
}

func TestTranscodeCP1252(t *testing.T) {
	// every byte: ASCII stays, 0x80-0x9F follow the table, 0xA0-0xFF are Latin-1
	for c := 0; c < 256; c++ {
		out, mapped, undef := transcode(nil, []byte{byte(c)}, decodeCP1252, true)
		r, _ := utf8.DecodeRune(out)
		var want rune
		switch {
		case c < 0x80:
			want = rune(c)
		case c < 0xA0:
			want = cp1252[c-0x80]
		default:
			want = rune(c)
		}
		if r != want || !utf8.Valid(out) {
			t.Errorf("byte %#x -> %U, want %U", c, r, want)
		}
		if c >= 0x80 && mapped != 1 {
			t.Errorf("byte %#x not counted", c)
		}
		isUndef := c == 0x81 || c == 0x8D || c == 0x8F || c == 0x90 || c == 0x9D
		if (undef == 1) != isUndef {
			t.Errorf("byte %#x undefined=%d", c, undef)
		}
	}
	// valid UTF-8 inside a CP1252 text is kept
	out, mapped, _ := transcode(nil, []byte("Caf\xe9 \xe2\x80\x99 \x93q\x94 Jos\xc3\xa9"), decodeCP1252, true)
	if string(out) != "Café ’ “q” José" || mapped != 3 {
		t.Errorf("mixed: %q %d", out, mapped)
	}
	g := parseString(t, "[White \"Fran\xe7ois\"]\n[Black \"x\x81y\"]\n1. e4 {caf\xe9} *", ParseOptions{})
	if v, _ := g.Tag("White"); v != "François" || !g.Transcoded {
		t.Errorf("White = %q", v)
	}
	if v, _ := g.Tag("Black"); v != "x\uFFFDy" {
		t.Errorf("Black = %q", v)
	}
	if string(g.Moves[0].Comment) != "café" || noteCodes(g) != "encoding_transcoded,encoding_undefined" {
		t.Errorf("comment %q notes %s", g.Moves[0].Comment, noteCodes(g))
	}
}

// TestCP1251 reads games saved in Windows-1251, as Russian, Ukrainian,
// Bulgarian and Serbian programs write them: Cyrillic names and Cyrillic
// piece letters come out as the UTF-8 text, also when only the piece
// letters are Cyrillic; Western Windows-1252 text stays Windows-1252.
func TestCP1251(t *testing.T) {
	enc := charmap.Windows1251.NewEncoder()
	for _, text := range []string{
		"[Event \"Первенство России\"]\n[White \"Иванов, Пётр\"]\n[Black \"Шевченко, Олег\"]\n\n1. e4 e5 2. Кf3 Кc6 3. Сb5 a6 4. Сa4 Кf6 5. 0-0 Сe7 6. Лe1 b5 7. Сb3 d6 8. Фe2 Крh8 *",
		"[Event \"Open\"]\n[White \"Smith\"]\n\n1. e4 e5 2. Кf3 Кc6 3. Сb5 a6 4. С:c6 d:c6 5. Крe2 Фd7 *",
		"[White \"Петров\"]\n\n1. d4 d5 2. c4 e6 {Ход Е. Петрова} *",
	} {
		cp, err := enc.String(text)
		if err != nil {
			t.Fatal(err)
		}
		g := parseString(t, cp, ParseOptions{})
		want := parseString(t, text, ParseOptions{})
		if !g.Transcoded || len(g.Notes) == 0 || !strings.Contains(g.Notes[0].Message, "Windows-1251") {
			t.Errorf("%q: transcoded %v, notes %v", text, g.Transcoded, g.Notes)
			continue
		}
		if len(g.Tags) != len(want.Tags) || len(g.Moves) != len(want.Moves) {
			t.Fatalf("%q: %d tags, %d moves; want %d, %d", text, len(g.Tags), len(g.Moves), len(want.Tags), len(want.Moves))
		}
		for k := range want.Tags {
			if g.Tags[k] != want.Tags[k] {
				t.Errorf("tag %d: %q, want %q", k, g.Tags[k], want.Tags[k])
			}
		}
		for k := range want.Moves {
			if string(g.Moves[k].Text) != string(want.Moves[k].Text) || string(g.Moves[k].Comment) != string(want.Moves[k].Comment) {
				t.Errorf("move %d: %q {%q}, want %q {%q}", k, g.Moves[k].Text, g.Moves[k].Comment, want.Moves[k].Text, want.Moves[k].Comment)
			}
		}
	}
	for _, text := range []string{
		"[White \"Fran\xe7ois M\xfcller\"]\n[Black \"S\xe1nchez, \xc9ric\"]\n[Site \"\xc9cija\"]\n\n1. e4 e5 *",
		"[White \"\xd8rjan\"]\n\n1. e4 {Tr\xe8s bien} e5 *",
	} {
		if g := parseString(t, text, ParseOptions{}); len(g.Notes) == 0 || !strings.Contains(g.Notes[0].Message, "Windows-1252") {
			t.Errorf("%q: notes %v", text, g.Notes)
		}
	}
}

// TestTranslatedMatchesEnglish reads the i18n files rewritten in other
// notations (foreign piece letters, long algebraic, 0-0, ':' captures,
// "e.p.", "++", promotions without '=') and checks that every game has the
// same number of moves and the same result as its English original.
func TestTranslatedMatchesEnglish(t *testing.T) {
	root := corpusDir(t, "i18n")
	for _, name := range []string{"twic1599-translated", "lichess-translated"} {
		read := func(file string) []Game {
			f, err := os.Open(filepath.Join(root, file))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			raws, _, _, _, err := readAll(t, NewReader(f, file, Options{}))
			if err != nil {
				t.Fatal(err)
			}
			games := make([]Game, len(raws))
			for i, raw := range raws {
				ParseGame(raw, file, ParseOptions{MainLineOnly: true}, &games[i])
			}
			return games
		}
		tr, en := read(name+".pgn"), read(name+".en.pgn")
		if len(tr) != len(en) {
			t.Fatalf("%s: %d vs %d games", name, len(tr), len(en))
		}
		for i := range en {
			if len(tr[i].Moves) != len(en[i].Moves) || tr[i].Result != en[i].Result || tr[i].Err != nil {
				notation, _ := tr[i].Tag("Notation")
				t.Errorf("%s game %d (%s): %d moves %v vs %d moves %v (err %v)", name, i, notation,
					len(tr[i].Moves), tr[i].Result, len(en[i].Moves), en[i].Result, tr[i].Err)
			}
		}
	}
}

// TestValidUTF8 checks the word-at-a-time ASCII scan against utf8.Valid
// with a valid or broken sequence at every place of a buffer, across the
// 64-byte strides and the tail.
func TestValidUTF8(t *testing.T) {
	for _, seq := range []string{"é", "\xe9", "€", "\xe2\x82", "\xf0\x9f\x98\x80", "\xc0\x80", "\x80", "\xff"} {
		for n := 0; n <= 200; n++ {
			for at := 0; at+len(seq) <= n; at++ {
				b := bytes.Repeat([]byte{'a'}, n)
				copy(b[at:], seq)
				if got, want := validUTF8(b), utf8.Valid(b); got != want {
					t.Fatalf("%q at %d of %d: validUTF8 = %v, utf8.Valid = %v", seq, at, n, got, want)
				}
			}
		}
	}
}
