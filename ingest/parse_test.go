package ingest

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
	"testing"
	"time"
)

func parseString(t *testing.T, s string, opts ParseOptions) *Game {
	t.Helper()
	var g Game
	ParseGame(RawGame{Data: []byte(s), Line: 1, Col: 1}, "test.pgn", opts, &g)
	return &g
}

// moveList renders moves compactly with the dumper.
func moveList(g *Game) string {
	var b bytes.Buffer
	for i := range g.Moves {
		if i > 0 {
			b.WriteByte(' ')
		}
		dumpMove(&b, &g.Moves[i])
	}
	return b.String()
}

func noteCodes(g *Game) string {
	var c []string
	for _, n := range g.Notes {
		c = append(c, n.Code)
	}
	return strings.Join(c, ",")
}

func TestParseMovetext(t *testing.T) {
	tests := []struct {
		name, in, moves, result string
		res                     Result
		notes                   string
	}{
		{"numbers", "1. e4 e5 2. Nf3 Nc6 *", "e4 e5 Nf3 Nc6", "*", ResultUnknown, ""},
		{"glued numbers", "1.Nf3 Nf6 2.c4 1-0", "Nf3 Nf6 c4", "1-0", ResultWhiteWins, ""},
		{"glued zero castling", "10.0-0-0 Te8 11.0-0 *", "0-0-0 Te8 0-0", "*", ResultUnknown, ""},
		{"black numbers", "12... Nf6 13. e5 12. ... Nd5 0-1", "Nf6 e5 Nd5", "0-1", ResultBlackWins, ""},
		{"no numbers", "e4 e5 Nf3 1/2-1/2", "e4 e5 Nf3", "1/2-1/2", ResultDraw, ""},
		{"number without dot", "1 e4 e5 2 Nf3 *", "e4 e5 Nf3", "*", ResultUnknown, ""},
		{"ellipsis", "12… Nf6 *", "Nf6", "*", ResultUnknown, ""},
		{"raw tokens", "1. Sf3 e7-e5 2. 0-0 exd6 3. d8=Q e8(Q) 4. Nf3+ Qh5# Qh5++ O-O-O 1-0",
			"Sf3 e7-e5 0-0 exd6 d8=Q e8(Q) Nf3+ Qh5# Qh5++ O-O-O", "1-0", ResultWhiteWins, ""},
		{"suffix glyphs", "e4!? e5?! Nf3!! Nc6?? Bb5! a6? Ba4+!? *", "e4$5 e5$6 Nf3$3 Nc6$4 Bb5$1 a6$2 Ba4+$5", "*", ResultUnknown, ""},
		{"nags", "e4 $1 $14 e5 $2 !? *", "e4$1$14 e5$2$5", "*", ResultUnknown, ""},
		{"glyph tokens", "e4 += e5 ± Nf3 +- *", "e4$14 e5$16 Nf3$18", "*", ResultUnknown, ""},
		{"e.p. separate", "1. e4 d5 2. e5 f5 3. exf6 e.p. Nxf6 *", "e4 d5 e5 f5 exf6<ep> Nxf6", "*", ResultUnknown, ""},
		{"e.p. glued", "exf6e.p. Nxf6 *", "exf6<ep> Nxf6", "*", ResultUnknown, "en_passant_mark"},
		{"e.p. with check", "exf6 e.p.+ Kg8 exd6 ep! *", "exf6<ep> Kg8 exd6$1<ep>", "*", ResultUnknown, ""},
		{"null moves", "e4 -- Nf3 Z0 *", "e4 --<null> Nf3 Z0<null>", "*", ResultUnknown, "null_move,null_move"},
		{"draw offer", "e4 e5 Nf3 (=) Nc6 *", "e4 e5 Nf3<drawoffer> Nc6", "*", ResultUnknown, "draw_offer"},
		{"comments", "{pre} e4 {after e4} ; line comment\ne5 {a} {b} *", "e4<\"after e4 line comment\"> e5<\"a b\">", "*", ResultUnknown, ""},
		{"percent escape", "e4\n% escaped line e5 {\nd5 *", "e4 d5", "*", ResultUnknown, ""},
		{"crlf tabs", "1.\te4\r\n\te5\r\n*\r\n", "e4 e5", "*", ResultUnknown, ""},
		{"variations", "e4 (d4 d5 (c5)) e5 (c5 Nf3) Nf3 *", "e4<rav=1> e5<rav=1> Nf3", "*", ResultUnknown, ""},
		{"half result", "e4 e5 ½-½", "e4 e5", "½-½", ResultDraw, "result_spelling"},
		{"colon result", "e4 1:0", "e4", "1:0", ResultWhiteWins, "result_spelling"},
		{"decimal draw", "e4 0.5-0.5", "e4", "0.5-0.5", ResultDraw, "result_spelling"},
		{"en dash", "e4 1–0", "e4", "1–0", ResultWhiteWins, "result_spelling"},
		{"em dash", "e4 0—1", "e4", "0—1", ResultBlackWins, "result_spelling"},
		{"half dash", "e4 ½–½", "e4", "½–½", ResultDraw, "result_spelling"},
		{"forfeit at end", "+/-", "", "+/-", ResultWhiteWins, "forfeit"},
		{"black forfeit at end", "-/+", "", "-/+", ResultBlackWins, "forfeit"},
		{"forfeit glyph mid-game", "e4 +/- e5 *", "e4$18 e5", "*", ResultUnknown, ""},
		{"double forfeit alone", "0-0", "", "0-0", ResultUnknown, "double_forfeit"},
		{"castling then result", "e4 e5 0-0 1-0", "e4 e5 0-0", "1-0", ResultWhiteWins, ""},
		{"castling at end, no tag", "e4 e5 Nf3 Nc6 Bc4 Bc5 0-0", "e4 e5 Nf3 Nc6 Bc4 Bc5 0-0", "", ResultNone, "missing_result"},
		{"double forfeit by tag", "[Result \"0-0\"]\n\ne4 0-0", "e4", "0-0", ResultUnknown, "double_forfeit"},
		{"missing result", "e4 e5", "e4 e5", "", ResultNone, "missing_result"},
		{"comment after result", "e4 1-0 {final}", "e4", "1-0", ResultWhiteWins, ""},
		{"moves after result", "e4 1-0 e5", "e4", "1-0", ResultWhiteWins, "token_after_result"},
		{"stray close", "e4 ) } e5 *", "e4 e5", "*", ResultUnknown, "unexpected_char,unexpected_char"},
		{"result in variation", "e4 (d4 1-0) e5 *", "e4<rav=1> e5", "*", ResultUnknown, "result_in_variation"},
		{"bom", "\xef\xbb\xbfe4 *", "e4", "*", ResultUnknown, "utf8_bom"},
		{"dos eof", "e4 *\x1a", "e4", "*", ResultUnknown, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := parseString(t, tc.in, ParseOptions{})
			if got := moveList(g); got != tc.moves {
				t.Errorf("moves %q, want %q", got, tc.moves)
			}
			if g.ResultToken != tc.result || g.Result != tc.res {
				t.Errorf("result %q %v, want %q %v", g.ResultToken, g.Result, tc.result, tc.res)
			}
			if got := noteCodes(g); got != tc.notes {
				t.Errorf("notes %q, want %q", got, tc.notes)
			}
			if g.Err != nil {
				t.Errorf("err %v", g.Err)
			}
		})
	}
}

func TestParseComments(t *testing.T) {
	g := parseString(t, `1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... e5 { [%clk 0:02:59.5] [%eval -1.5] }
2. Nf3 { [%eval #3] Good move [%emt 0:00:12] [%csl Ge4] } 2... Nc6 { [%eval #-2] }
3. Bb5 {[%clk 1:59:57]} 3... a6 { [%eval 0.175,24] [%clk 0:00:05.123] } 4. Ba4 { [%clk x] } *`, ParseOptions{})
	want := `e4<clk=180000,cp=17> e5<clk=179500,cp=-150> Nf3<emt=12000,mate=3,"Good move [%csl Ge4]"> Nc6<mate=-2> Bb5<clk=7197000> a6<clk=5123,cp=18> Ba4<"[%clk x]">`
	if got := moveList(g); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if noteCodes(g) != "bad_command" {
		t.Errorf("notes %s", noteCodes(g))
	}
}

func TestParseTags(t *testing.T) {
	g := parseString(t, `[Event "A \"quoted\" \\ back"] [Site "B"]
[White "Smith, "The King""]
[Black "x]y"]
[Round 5]
[Odd-Name_1 ""]
[Annotator "unterminated
1. e4 *`, ParseOptions{})
	want := []Tag{
		{"Event", `A "quoted" \ back`}, {"Site", "B"}, {"White", `Smith, "The King"`}, {"Black", "x]y"},
		{"Round", "5"}, {"Odd-Name_1", ""}, {"Annotator", "unterminated"},
	}
	if len(g.Tags) != len(want) {
		t.Fatalf("tags %v", g.Tags)
	}
	for i := range want {
		if g.Tags[i] != want[i] {
			t.Errorf("tag %d = %+v, want %+v", i, g.Tags[i], want[i])
		}
	}
	if v, ok := g.Tag("White"); !ok || v != `Smith, "The King"` {
		t.Errorf("Tag(White) = %q %v", v, ok)
	}
	if moveList(g) != "e4" {
		t.Errorf("moves %s", moveList(g))
	}
}

func TestParseVariationStructure(t *testing.T) {
	g := parseString(t, "1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) (1. c4) 1... e5 (1... c5) 2. Nf3 *", ParseOptions{})
	if moveList(g) != "e4<rav=2> e5<rav=1> Nf3" {
		t.Fatalf("main line %s", moveList(g))
	}
	// variations in order of opening: (d4 ...), (Nf6 c4) nested, (c4), (c5)
	type v struct {
		parent, anchor, depth int
		moves                 string
	}
	want := []v{{-1, 0, 1, "d4 d5 c4"}, {0, 1, 2, "Nf6 c4"}, {-1, 0, 1, "c4"}, {-1, 1, 1, "c5"}}
	if len(g.Variations) != len(want) {
		t.Fatalf("variations %+v", g.Variations)
	}
	for i, w := range want {
		x := g.Variations[i]
		var ms []string
		for _, m := range g.VarMoves[x.Start:x.End] {
			ms = append(ms, string(m.Text))
		}
		got := v{x.Parent, x.Anchor, x.Depth, strings.Join(ms, " ")}
		if got != w {
			t.Errorf("variation %d = %+v, want %+v", i, got, w)
		}
	}
	g = parseString(t, "1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) (1. c4) 1... e5 (1... c5) 2. Nf3 *", ParseOptions{MainLineOnly: true})
	if moveList(g) != "e4<rav=2> e5<rav=1> Nf3" || len(g.Variations) != 0 || g.Err != nil {
		t.Fatalf("main line only: %s %d %v", moveList(g), len(g.Variations), g.Err)
	}
}

func TestParseErrors(t *testing.T) {
	deep := "1. e4 " + strings.Repeat("( d4 ", 300) + strings.Repeat(") ", 300) + "e5 *"
	tests := []struct {
		name      string
		in        string
		opts      ParseOptions
		err       error
		line, col int
		moves     string
	}{
		{"unterminated comment", "1. e4 e5\n2. Nf3 { oops\nNc6 *", ParseOptions{}, ErrUnterminatedComment, 2, 8, "e4 e5 Nf3<\"oops\\nNc6 *\">"},
		{"unterminated variation", "1. e4 (1. d4\nd5 2. c4", ParseOptions{}, ErrUnterminatedVariation, 1, 7, "e4<rav=1>"},
		{"unterminated variation main only", "1. e4 (1. d4\nd5 2. c4", ParseOptions{MainLineOnly: true}, ErrUnterminatedVariation, 1, 7, "e4<rav=1>"},
		{"nesting", deep, ParseOptions{}, ErrNestingTooDeep, 1, 7 + 5*256, "e4<rav=1> e5"},
		{"nesting main only", deep, ParseOptions{MainLineOnly: true}, ErrNestingTooDeep, 1, 7 + 5*256, "e4<rav=1> e5"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := parseString(t, tc.in, tc.opts)
			var se *SyntaxError
			if !errors.As(g.Err, &se) || !errors.Is(g.Err, tc.err) {
				t.Fatalf("err = %v, want %v", g.Err, tc.err)
			}
			if se.Line != tc.line || se.Column != tc.col || se.File != "test.pgn" {
				t.Errorf("at %s:%d:%d, want %d:%d", se.File, se.Line, se.Column, tc.line, tc.col)
			}
			if got := moveList(g); got != tc.moves {
				t.Errorf("moves %s, want %s", got, tc.moves)
			}
		})
	}
	g := parseString(t, "1. e4 e5\x00\x00 2. Nf3 *", ParseOptions{})
	if !errors.Is(g.Err, ErrUnexpectedChar) || moveList(g) != "e4 e5 Nf3" || g.Result != ResultUnknown {
		t.Errorf("control bytes: %v %s", g.Err, moveList(g))
	}
	var g2 Game
	err := ParseGame(RawGame{Data: []byte("1. e4 e5 2. N"), Line: 10, Col: 1, Index: 3, Truncated: true}, "x.pgn", ParseOptions{}, &g2)
	if !errors.Is(err, ErrTruncated) || g2.Err != err || !strings.Contains(err.Error(), "x.pgn:10:") || !strings.Contains(err.Error(), "game 3") {
		t.Errorf("truncated: %v", err)
	}
}

func TestParseLocations(t *testing.T) {
	var g Game
	ParseGame(RawGame{Data: []byte("e4 e5\n  Nf3 *"), Line: 7, Col: 10}, "f", ParseOptions{}, &g)
	want := [][2]int{{7, 10}, {7, 13}, {8, 3}}
	for i, m := range g.Moves {
		if [2]int{m.Line, m.Col} != want[i] {
			t.Errorf("move %d at %d:%d, want %v", i, m.Line, m.Col, want[i])
		}
	}
}

func TestNormalizeResult(t *testing.T) {
	tests := []struct {
		in  string
		r   Result
		std bool
	}{
		{"1-0", ResultWhiteWins, true}, {"0-1", ResultBlackWins, true}, {"1/2-1/2", ResultDraw, true}, {"*", ResultUnknown, true},
		{" 1-0 ", ResultWhiteWins, true}, {"½-½", ResultDraw, false}, {"1:0", ResultWhiteWins, false}, {"0:1", ResultBlackWins, false},
		{"0.5-0.5", ResultDraw, false}, {"+/-", ResultWhiteWins, false}, {"-/+", ResultBlackWins, false},
		{"0-0", ResultUnknown, false}, {"1–0", ResultWhiteWins, false}, {"0—1", ResultBlackWins, false},
		{"1/2", ResultDraw, false}, {"", ResultNone, false}, {"?", ResultNone, false}, {"2-0", ResultNone, false},
	}
	for _, tc := range tests {
		r, std := NormalizeResult(tc.in)
		if r != tc.r || std != tc.std {
			t.Errorf("NormalizeResult(%q) = %v %v, want %v %v", tc.in, r, std, tc.r, tc.std)
		}
	}
}

func TestParseClockEval(t *testing.T) {
	clocks := map[string]int64{"0:03:00": 180000, "1:00:00": 3600000, "0:00:05.1": 5100, "0:00:05.123": 5123, "3:05": 185000, "7": 7000, "0:00:00.99": 990}
	for in, want := range clocks {
		if got, ok := parseClock([]byte(in)); !ok || got != want {
			t.Errorf("parseClock(%q) = %d %v, want %d", in, got, ok, want)
		}
	}
	for _, bad := range []string{"", "x", "1:2:3:4", "1:", ":1", "0:00:05.", "1.5.5"} {
		if _, ok := parseClock([]byte(bad)); ok {
			t.Errorf("parseClock(%q) accepted", bad)
		}
	}
	evals := map[string]int32{"0.17": 17, "-1.5": -150, "+3": 300, "0.005": 1, "-0.004": 0, "12.345": 1235, ".5": 50}
	for in, want := range evals {
		var s commentSink
		if !parseEval([]byte(in), &s) || !s.hasCP || s.evalCP != want {
			t.Errorf("parseEval(%q) = %d, want %d", in, s.evalCP, want)
		}
	}
	var s commentSink
	if !parseEval([]byte("#-4"), &s) || !s.hasMate || s.evalMate != -4 {
		t.Errorf("mate: %+v", s)
	}
}

// TestParseGameNoAllocs checks that a warm Game parses without allocating
// per move (tags cost one string per game).
func TestParseGameNoAllocs(t *testing.T) {
	raw := RawGame{Data: []byte(`[Event "Rated Blitz game"]
[Site "https://lichess.org/abc"]
[Result "1-0"]

1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... e5 { [%clk 0:03:00] } 2. Nf3 { Nice [%clk 0:02:58] } 2... Nc6?! $6 { [%clk 0:02:59] } 3. Bb5 (3. Bc4 Bc5) 3... a6 1-0
`), Line: 1, Col: 1}
	var g Game
	for _, opts := range []ParseOptions{{}, {MainLineOnly: true}} {
		ParseGame(raw, "f", opts, &g)
		allocs := testing.AllocsPerRun(100, func() { ParseGame(raw, "f", opts, &g) })
		if allocs > 1 {
			t.Errorf("%+v: %.1f allocations per game, want at most 1 (the tag string)", opts, allocs)
		}
	}
}

// TestFastClock checks the Lichess clock fast path against parseClock.
func TestFastClock(t *testing.T) {
	for _, c := range []string{"0:03:00", "1:59:57", "9:59:59", "0:00:00", "0:60:00", "12:00:00", "3:05", "0:00:05.5", "a:00:00", "0:0a:00", "0:00:0/"} {
		comment := "{ [%clk " + c + "] }"
		g := parseString(t, "e4 "+comment+" *", ParseOptions{})
		want, ok := parseClock([]byte(c))
		got := g.Moves[0].ClockMS
		if ok && got != want || !ok && got != -1 {
			t.Errorf("%s: clock %d, want %d (%v)", c, got, want, ok)
		}
	}
}

func TestInternTagName(t *testing.T) {
	for _, n := range commonTagNames {
		if got := internTagName([]byte(n)); got != n {
			t.Errorf("internTagName(%q) = %q", n, got)
		}
	}
	for _, n := range []string{"", "X", "Evenx", "WhiteEl0", "BlackRatingDif", "Annotators", "LongerThanFifteenBytes"} {
		if got := internTagName([]byte(n)); got != "" {
			t.Errorf("internTagName(%q) = %q, want \"\"", n, got)
		}
	}
}

func TestHasQuoteOrBackslash(t *testing.T) {
	for _, c := range []struct {
		s    string
		want bool
	}{{"", false}, {"abc", false}, {"Rated Blitz game", false}, {"a\"b", true}, {"0123456789abcdef\\", true},
		{"01234567\"", true}, {"\"", true}, {"!#$%&'()*+,-./[]^_`{|}~", false}} {
		if got := hasQuoteOrBackslash([]byte(c.s)); got != c.want {
			t.Errorf("%q: %v", c.s, got)
		}
	}
}

// TestLinearTime feeds hostile shapes (unbalanced nested braces, deep
// variations, long tokens) of a few megabytes: each must parse quickly.
func TestLinearTime(t *testing.T) {
	inputs := map[string]string{
		"nested braces":  strings.Repeat("e4 { { x } ", 200000),
		"deep parens":    "e4 " + strings.Repeat("(", 500000) + strings.Repeat(")", 500000),
		"open parens":    strings.Repeat("( e4 ", 500000),
		"long token":     strings.Repeat("N", 4<<20),
		"many tags":      strings.Repeat("[A \"\\\"] ", 200000),
		"glyph runs":     strings.Repeat("e4!!!!?? $1 ", 300000),
		"stray closers":  strings.Repeat(") } ", 1000000),
		"many comments":  "e4 " + strings.Repeat("{c} ", 1000000) + strings.Repeat("; x\n", 100000),
		"many moves":     strings.Repeat("e4 {c} ", 400000),
		"zero castling":  strings.Repeat("0-0 +/- ", 500000),
		"quoted tags":    strings.Repeat("[A \"x\" y\"] [B \"\\\"] ", 100000),
		"results":        strings.Repeat("1-0 ", 1000000),
		"trailing blank": strings.Repeat("[A \"x\"]", 100000) + strings.Repeat(" ", 1<<20),
	}
	for name, in := range inputs {
		for _, opts := range []ParseOptions{{}, {MainLineOnly: true}} {
			var g Game
			start := time.Now()
			ParseGame(RawGame{Data: []byte(in), Line: 1, Col: 1}, "big", opts, &g)
			if d := time.Since(start); d > 3*time.Second {
				t.Errorf("%s (%+v): %v for %d bytes", name, opts, d, len(in))
			}
		}
		start := time.Now()
		r := NewReader(strings.NewReader(in), "big", Options{})
		readAll(t, r)
		if d := time.Since(start); d > 3*time.Second {
			t.Errorf("%s: splitting took %v", name, d)
		}
	}
}

func TestNotesCapped(t *testing.T) {
	g := parseString(t, strings.Repeat(") ", 1000)+"e4 *", ParseOptions{})
	if len(g.Notes) != MaxNotes+1 || g.Notes[MaxNotes].Code != NoteSuppressed || !strings.Contains(g.Notes[MaxNotes].Message, "800") {
		t.Errorf("%d notes, last %+v", len(g.Notes), g.Notes[len(g.Notes)-1])
	}
}

func TestMaxMoves(t *testing.T) {
	g := parseString(t, strings.Repeat("e4 e5 ", 100)+"(d4 d5) 1-0", ParseOptions{MaxMoves: 50})
	if len(g.Moves) != 50 || !errors.Is(g.Err, ErrGameTooLarge) || g.Result != ResultWhiteWins {
		t.Errorf("%d moves, %v, %v", len(g.Moves), g.Err, g.Result)
	}
}

// TestNameKey checks the overlapping loads of nameKey against the byte order
// they stand for.
func TestNameKey(t *testing.T) {
	for _, s := range []string{"", "A", "Ab", "Abc", "Abcd", "Abcde", "Abcdef", "Abcdefg", "Abcdefgh", "WhiteRatingDiff"} {
		b := []byte(s)
		var want uint64
		if len(b) >= 8 {
			want = binary.LittleEndian.Uint64(b) ^ binary.LittleEndian.Uint64(b[len(b)-8:])<<1
		} else {
			for i := range b {
				want |= uint64(b[i]) << (8 * i)
			}
		}
		want ^= uint64(len(b)) << 58
		if got := nameKey(b); got != want {
			t.Errorf("nameKey(%q) = %#x, want %#x", s, got, want)
		}
	}
}

// TestClockDigits checks the word test of "h:mm:ss]" against the digit
// ranges, byte by byte.
func TestClockDigits(t *testing.T) {
	for _, pos := range []int{0, 2, 3, 5, 6} {
		for c := 0; c < 256; c++ {
			b := []byte("1:23:45]")
			b[pos] = byte(c)
			limit := byte('9')
			if pos == 2 || pos == 5 {
				limit = '5'
			}
			want := byte(c) >= '0' && byte(c) <= limit
			if got := clockDigits(binary.LittleEndian.Uint64(b)); got != want {
				t.Fatalf("clockDigits(%q) = %v, want %v", b, got, want)
			}
			if want {
				h, m, s := int64(b[0]-'0'), int64(b[2]-'0')*10+int64(b[3]-'0'), int64(b[5]-'0')*10+int64(b[6]-'0')
				if got := clockMS(binary.LittleEndian.Uint64(b)); got != ((h*60+m)*60+s)*1000 {
					t.Fatalf("clockMS(%q) = %d", b, got)
				}
			}
		}
	}
}

// TestClockMSAll checks clockMS on every clock "h:mm:ss]".
func TestClockMSAll(t *testing.T) {
	for h := 0; h <= 9; h++ {
		for m := 0; m < 60; m++ {
			for s := 0; s < 60; s++ {
				b := []byte(fmt.Sprintf("%d:%02d:%02d]", h, m, s))
				if got, want := clockMS(binary.LittleEndian.Uint64(b)), int64((h*60+m)*60+s)*1000; got != want {
					t.Fatalf("clockMS(%q) = %d, want %d", b, got, want)
				}
			}
		}
	}
}

// TestMoveBytes checks that the lowest byte flagged by nonMoveBytes is the
// first byte that is not a move byte, whatever follows it.
func TestMoveBytes(t *testing.T) {
	first := func(mask uint64) int { return bits.TrailingZeros64(mask) >> 3 }
	fills := []byte{0, ' ', '0', '9', '.', 'a', 'Z', '{', 0x7f, 0x80, 0xab, 0xe1, 0xfb, 0xff}
	for pos := 0; pos <= 8; pos++ {
		for c := 0; c < 256; c++ {
			for _, f := range fills {
				b := []byte("12345678")
				if pos < 8 {
					b[pos] = byte(c)
					for k := pos + 1; k < 8; k++ {
						b[k] = f
					}
				}
				wantM := 8
				for k := 7; k >= 0; k-- {
					if l := b[k] | 0x20; !(l >= 'a' && l <= 'z' && b[k] < 0x80 || b[k] >= '+' && b[k] <= ':') {
						wantM = k
					}
				}
				if got := first(nonMoveBytes(binary.LittleEndian.Uint64(b))); got != wantM {
					t.Fatalf("nonMoveBytes(%q): first %d, want %d", b, got, wantM)
				}
			}
		}
	}
}

// TestNameCache checks the cached `Name "` comparison at every name length
// and against a name differing in any one byte or in its length.
func TestNameCache(t *testing.T) {
	pad := func(s string) []byte { return append([]byte(s), bytes.Repeat([]byte{'x'}, nameWindow)...) }
	for n := 1; n <= maxCachedName; n++ {
		name := strings.Repeat("N", n)
		var c nameCache
		c.set(pad(name+` "v"]`), n)
		if got := c.match(pad(name + ` "other"]`)); got != n {
			t.Fatalf("n=%d: match = %d, want %d", n, got, n)
		}
		for k := 0; k < n+2; k++ {
			b := pad(name + ` "v"]`)
			b[k] ^= 0x20
			if got := c.match(b); got != 0 {
				t.Fatalf("n=%d: match with byte %d changed = %d", n, k, got)
			}
		}
		if got := c.match(pad(name + `N "v"]`)); got != 0 {
			t.Fatalf("n=%d: match of a longer name = %d", n, got)
		}
	}
}

// TestParseReusedGame parses games whose tag sections differ in order,
// names and syntax into one Game (so that the tag names cached from one
// game meet the next) and compares with fresh Games.
func TestParseReusedGame(t *testing.T) {
	games := []string{
		"[Event \"a\"]\n[Site \"b\"]\n[WhiteRatingDiff \"+5\"]\n[ABCDEFGHIJKLM \"13\"]\n\n1. e4 e5 1-0\n",
		"[Event \"a\"]\n[Sitex \"b\"]\n[WhiteRatingDif \"+5\"]\n[ABCDEFGHIJKLMN \"14\"]\n\n1. e4 e5 1-0\n",
		"[Event \"a\"]\n[Site\"b\"]\n[WhiteRatingDiff  \"+5\"]\n[ABCDEFGHIJKLM \"13\\\"x\"]\n\n1. e4 e5 1-0\n",
		"[Event \"a\"]\n[Site \"b\"]\n[WhiteRatingDiff \"+5\"]\n[ABCDEFGHIJKLM \"13\"]\n\n1. e4 e5 1-0\n",
		"[Site \"b\"]\n[Event \"a\"]\n[Si \"c\"]\n[%Site \"b\"]\n[Black \"x\"]\n*\n",
		"[Event \"a\"]\n[Site \"b\"]\n[Wh\xe9teRatingDiff \"+5\"]\n[ABCDEFGHIJKLM \"13\"]\n\n1. e4 e5 1-0\n",
		"[Event \"a\"]\n[Site \"b\"]",
		"[Event \"a\"]\n[Site \"b\"]\n[Whi",
	}
	var reused Game
	for round := 0; round < 2; round++ {
		for i, s := range games {
			var fresh Game
			raw := RawGame{Data: []byte(s), Line: 1, Col: 1}
			ParseGame(raw, "t.pgn", ParseOptions{}, &fresh)
			ParseGame(raw, "t.pgn", ParseOptions{}, &reused)
			var a, b bytes.Buffer
			dumpGame(&a, &fresh, 0)
			dumpGame(&b, &reused, 0)
			if a.String() != b.String() {
				t.Fatalf("game %d: reused Game differs:\n%s\nfresh:\n%s", i, b.String(), a.String())
			}
		}
	}
}

// TestMoveNumbers checks the spellings mainLine compares as words and the
// index it computes from a number it read digit by digit.
func TestMoveNumbers(t *testing.T) {
	for k, mn := range moveNumbers {
		n, black := k/2+1, k%2 == 1
		s := strconv.Itoa(n) + ". "
		if black {
			s = strconv.Itoa(n) + "... "
		}
		var b [8]byte
		copy(b[:], s+"Nf3xxxxx")
		x := binary.LittleEndian.Uint64(b[:])
		if x&mn.mask != mn.word || int(mn.len) != len(s) {
			t.Fatalf("moveNumbers[%d] does not spell %q", k, s)
		}
		if got := moveNumberIndex(x, len(strconv.Itoa(n)), black); got != k {
			t.Fatalf("moveNumberIndex(%q) = %d, want %d", s, got, k)
		}
	}
	// a game whose numbers follow each other, skip, repeat or lack the space
	var g Game
	raw := RawGame{Data: []byte("1. e4 1... e5 2. Nf3 2... Nc6 3. Bb5 4... a6 4... Ba4 5.O-O 5... Nf6 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 *\n"), Line: 1, Col: 1}
	ParseGame(raw, "t.pgn", ParseOptions{}, &g)
	var got []string
	for _, m := range g.Moves {
		got = append(got, string(m.Text)+"@"+strconv.Itoa(m.Col))
	}
	want := "e4@4 e5@12 Nf3@18 Nc6@27 Bb5@34 a6@43 Ba4@51 O-O@57 Nf6@66 Re1@73 b5@77 Bb3@83 d6@87 c3@93 O-O@96 h3@103"
	if strings.Join(got, " ") != want {
		t.Errorf("moves %s, want %s", strings.Join(got, " "), want)
	}
}
