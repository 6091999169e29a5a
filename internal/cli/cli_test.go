package cli

import (
	"flag"
	"fmt"
	"io"
	"testing"
)

func TestParseSize(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"256MiB", 256 << 20, true}, {"64KiB", 64 << 10, true}, {"1GiB", 1 << 30, true}, {"1000", 1000, true},
		{"2 MB", 2e6, true}, {"3G", 3 << 30, true}, {"MiB", 0, false}, {"1.5GiB", 3 << 29, true}, {"-", 0, false},
		{"99999999999GiB", 0, false}, {"0", 0, false}, {"64k", 64 << 10, true}, {"1x", 0, false},
		{"64MB", 64e6, true}, {" 2 GB ", 2e9, true}, {"", 0, false}, {"-1MB", 0, false},
	} {
		got, err := ParseSize(c.in)
		if (err == nil) != c.ok || (c.ok && got != c.want) {
			t.Errorf("ParseSize(%q) = %d, %v; want %d, ok %v", c.in, got, err, c.want, c.ok)
		}
	}
}

func TestParseInterspersed(t *testing.T) {
	for _, c := range []struct {
		args     []string
		operands string
		v        bool
		o        string
	}{
		{[]string{"a.pgn", "-v", "b.pgn"}, "[a.pgn b.pgn]", true, ""},
		{[]string{"-o", "out", "a.pgn"}, "[a.pgn]", false, "out"},
		{[]string{"a.pgn", "--", "-v", "-o"}, "[a.pgn -v -o]", false, ""},
		{[]string{"-", "-v"}, "[-]", true, ""},
		{nil, "[]", false, ""},
	} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		v := fs.Bool("v", false, "")
		o := fs.String("o", "", "")
		got, err := ParseInterspersed(fs, c.args)
		if err != nil || fmt.Sprint(got) != c.operands || *v != c.v || *o != c.o {
			t.Errorf("%q: operands %v, -v %v, -o %q, err %v; want %s, %v, %q", c.args, got, *v, *o, err, c.operands, c.v, c.o)
		}
	}
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	if _, err := ParseInterspersed(fs, []string{"a.pgn", "-nope"}); err == nil {
		t.Error("an unknown flag after an operand: no error")
	}
}

func ExampleParseInterspersed() {
	fs := flag.NewFlagSet("audit", flag.ContinueOnError)
	out := fs.String("o", "arbiter-out", "output directory")
	inputs, _ := ParseInterspersed(fs, []string{"games.pgn", "-o", "checked", "more.pgn"})
	fmt.Println(inputs, *out)
	// Output: [games.pgn more.pgn] checked
}
