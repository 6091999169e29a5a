package chess

import (
	"fmt"
	"testing"
)

func TestParseResult(t *testing.T) {
	tests := []struct {
		in    string
		r     Result
		sp    ResultSpelling
		token bool // a movetext token reads it so too
	}{
		{"1-0", WhiteWins, StandardSpelling, true},
		{"0-1", BlackWins, StandardSpelling, true},
		{"1/2-1/2", Draw, StandardSpelling, true},
		{"*", Unfinished, StandardSpelling, true},
		{" 1-0 ", WhiteWins, StandardSpelling, false},
		{"1 - 0", WhiteWins, OtherSpelling, false},
		{"½-½", Draw, OtherSpelling, true},
		{"½–½", Draw, OtherSpelling, true},
		{"½", Draw, OtherSpelling, true},
		{"1/2", Draw, OtherSpelling, true},
		{"1:0", WhiteWins, OtherSpelling, true},
		{"0:1", BlackWins, OtherSpelling, true},
		{"1–0", WhiteWins, OtherSpelling, true},
		{"0—1", BlackWins, OtherSpelling, true},
		{"1−0", WhiteWins, OtherSpelling, true},
		{"1‐0", WhiteWins, OtherSpelling, true},
		{"0.5-0.5", Draw, OtherSpelling, true},
		{"0,5-0,5", Draw, OtherSpelling, true},
		{"0,5:0,5", Draw, OtherSpelling, true},
		{"=", Draw, OtherSpelling, false},
		{"draw", Draw, OtherSpelling, false},
		{"+/-", WhiteWins, ForfeitSpelling, true},
		{"-/+", BlackWins, ForfeitSpelling, true},
		{"+:-", WhiteWins, ForfeitSpelling, false},
		{"--+", BlackWins, ForfeitSpelling, false},
		{"0-0", Unfinished, DoubleForfeitSpelling, true},
		{"0–0", Unfinished, DoubleForfeitSpelling, true},
		{"-/-", Unfinished, DoubleForfeitSpelling, false},
		{"--", Unfinished, DoubleForfeitSpelling, false},
		{"", NoResult, NotResult, false},
		{"?", NoResult, NotResult, false},
		{"2-0", NoResult, NotResult, false},
		{"1-0-0", NoResult, NotResult, false},
		{"Draw", NoResult, NotResult, false},
		{"1/2-1/2 1/2-1/2", NoResult, NotResult, false},
	}
	for _, tc := range tests {
		r, sp := ParseResult(tc.in)
		if r != tc.r || sp != tc.sp {
			t.Errorf("ParseResult(%q) = %v %v, want %v %v", tc.in, r, sp, tc.r, tc.sp)
		}
		r, sp = ParseResultToken([]byte(tc.in))
		want, wantSp := NoResult, NotResult
		if tc.token {
			want, wantSp = tc.r, tc.sp
		}
		if r != want || sp != wantSp {
			t.Errorf("ParseResultToken(%q) = %v %v, want %v %v", tc.in, r, sp, want, wantSp)
		}
	}
}

func TestResultString(t *testing.T) {
	for r, want := range map[Result]string{NoResult: "", WhiteWins: "1-0", BlackWins: "0-1", Draw: "1/2-1/2", Unfinished: "*"} {
		if got := r.String(); got != want {
			t.Errorf("%d.String() = %q, want %q", r, got, want)
		}
		if got, sp := ParseResult(want); r != NoResult && (got != r || sp != StandardSpelling) {
			t.Errorf("ParseResult(%q) = %v %v", want, got, sp)
		}
	}
}

func TestParseResultTokenAllocs(t *testing.T) {
	toks := [][]byte{[]byte("1-0"), []byte("½–½"), []byte("e4"), []byte("12."), []byte("0-0")}
	if n := testing.AllocsPerRun(100, func() {
		for _, tok := range toks {
			ParseResultToken(tok)
		}
	}); n != 0 {
		t.Errorf("ParseResultToken allocates %v times", n)
	}
}

// FuzzParseResult checks that a token read as a result is read the same
// way as a tag's value, and that neither reader panics.
func FuzzParseResult(f *testing.F) {
	for _, s := range []string{"1-0", "½-½", "0,5:0,5", "+/-", "0-0", "draw", " 1 - 0 ", "1—0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, sp := ParseResult(s)
		if (r == NoResult) != (sp == NotResult) {
			t.Fatalf("ParseResult(%q) = %v %v", s, r, sp)
		}
		tr, tsp := ParseResultToken([]byte(s))
		if tsp != NotResult && (tr != r || tsp != sp) {
			t.Fatalf("%q: token %v %v, tag %v %v", s, tr, tsp, r, sp)
		}
	})
}

func ExampleParseResult() {
	for _, s := range []string{"1-0", "½-½", "0:1", "+/-", "0-0", "draw", "2-0"} {
		r, sp := ParseResult(s)
		fmt.Printf("%q -> %q standard=%v forfeit=%v\n", s, r, sp == StandardSpelling, sp == ForfeitSpelling || sp == DoubleForfeitSpelling)
	}
	// Output:
	// "1-0" -> "1-0" standard=true forfeit=false
	// "½-½" -> "1/2-1/2" standard=false forfeit=false
	// "0:1" -> "0-1" standard=false forfeit=false
	// "+/-" -> "1-0" standard=false forfeit=true
	// "0-0" -> "*" standard=false forfeit=true
	// "draw" -> "1/2-1/2" standard=false forfeit=false
	// "2-0" -> "" standard=false forfeit=false
}
