package chess

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseEPD(t *testing.T) {
	tests := []struct {
		line  string
		fen   string // Position.FEN()
		ops   []EPDOp
		out   string // String(); "" means the line itself
		half  int
		full  int
		fails bool
	}{
		{
			line: `1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id "BK.01";`,
			fen:  "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1",
			ops:  []EPDOp{{Opcode: "bm", Operands: "Qd1+"}, {Opcode: "id", Operands: "BK.01", quoted: true}},
			full: 1,
		},
		{
			line: ntStartFEN,
			fen:  ntStartFEN,
			out:  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
			full: 1,
		},
		{
			line: "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 ;D1 21 ;D2 528",
			fen:  "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9", // X-FEN
			ops:  []EPDOp{{Opcode: "D1", Operands: "21"}, {Opcode: "D2", Operands: "528"}},
			out:  "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - D1 21; D2 528; hmvc 2; fmvn 9;",
			half: 2, full: 9,
		},
		{
			line: "8/8/8/8/8/8/8/K1k5 w - - hmvc 12; fmvn 40;",
			fen:  "8/8/8/8/8/8/8/K1k5 w - - 12 40",
			ops:  []EPDOp{{Opcode: "hmvc", Operands: "12"}, {Opcode: "fmvn", Operands: "40"}},
			half: 12, full: 40,
		},
		{
			line: `8/1p3kp1/p2Qp3/3pP1r1/1P1P4/2r1N3/3R1P2/4RK1q w - - 8 47; pv f1e2 h1h5 e2f1; c0 "bm f7g8; am h5h1";`,
			fen:  "8/1p3kp1/p2Qp3/3pP1r1/1P1P4/2r1N3/3R1P2/4RK1q w - - 8 47",
			ops:  []EPDOp{{Opcode: "pv", Operands: "f1e2 h1h5 e2f1"}, {Opcode: "c0", Operands: "bm f7g8; am h5h1", quoted: true}},
			out:  `8/1p3kp1/p2Qp3/3pP1r1/1P1P4/2r1N3/3R1P2/4RK1q w - - pv f1e2 h1h5 e2f1; c0 "bm f7g8; am h5h1"; hmvc 8; fmvn 47;`,
			half: 8, full: 47,
		},
		{ // an unterminated string runs to the end of the line
			line: `8/R6p/p5pk/1p3r2/8/8/3r4/4RK2 w - - pv f1g1; c0 "bm g5g2; am g5f5;`,
			fen:  "8/R6p/p5pk/1p3r2/8/8/3r4/4RK2 w - - 0 1",
			ops:  []EPDOp{{Opcode: "pv", Operands: "f1g1"}, {Opcode: "c0", Operands: "bm g5g2; am g5f5;", quoted: true}},
			out:  `8/R6p/p5pk/1p3r2/8/8/3r4/4RK2 w - - pv f1g1; c0 "bm g5g2; am g5f5;";`,
			full: 1,
		},
		{
			line: `4k3/8/8/8/8/8/8/4K3 w - - c1 "say \"hi\" \\ ok"; noop; am Ke2 Kd2`,
			fen:  "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
			ops:  []EPDOp{{Opcode: "c1", Operands: `say "hi" \ ok`, quoted: true}, {Opcode: "noop"}, {Opcode: "am", Operands: "Ke2 Kd2"}},
			out:  `4k3/8/8/8/8/8/8/4K3 w - - c1 "say \"hi\" \\ ok"; noop; am Ke2 Kd2;`,
			full: 1,
		},
		{ // an unterminated string ending in a backslash: it stays a backslash
			line: `4k3/8/8/8/8/8/8/4K3 w - - c0 x "a\`,
			fen:  "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
			ops:  []EPDOp{{Opcode: "c0", Operands: `x "a\\"`}},
			out:  `4k3/8/8/8/8/8/8/4K3 w - - c0 x "a\\";`,
			full: 1,
		},
		{ // the same with an escaped backslash before it, and a blank after
			line: `4k3/8/8/8/8/8/8/4K3 w - - c0 x "a\\\ `,
			fen:  "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
			ops:  []EPDOp{{Opcode: "c0", Operands: `x "a\\\\"`}},
			out:  `4k3/8/8/8/8/8/8/4K3 w - - c0 x "a\\\\";`,
			full: 1,
		},
		{ // an escaped backslash at the end is left as it is
			line: `4k3/8/8/8/8/8/8/4K3 w - - c0 x "a\\`,
			fen:  "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
			ops:  []EPDOp{{Opcode: "c0", Operands: `x "a\\"`}},
			out:  `4k3/8/8/8/8/8/8/4K3 w - - c0 x "a\\";`,
			full: 1,
		},
		{
			line: `4k3/8/8/8/8/8/8/4K3 w - - c0 "a" "b";`,
			fen:  "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
			ops:  []EPDOp{{Opcode: "c0", Operands: `"a" "b"`}},
			full: 1,
		},
		{line: "4k3/8/8/8/8/8/8/4K3 w -", fails: true},
		{line: "", fails: true},
		{line: `4k3/8/8/8/8/8/8/4K3 w - - "x" 2;`, fails: true},
		{line: "4k3/8/8/8/8/8/8/4K3 w - - hmvc x;", fails: true},
		{line: "4k3/8/8/8/8/8/8/4K3 x - - id 1;", fails: true},
		{line: "4k3/8/8/8/8/8/8/4K2 w - - id 1;", fails: true},
	}
	for _, tc := range tests {
		e, err := ParseEPD(tc.line)
		if tc.fails {
			if err == nil {
				t.Errorf("%q: no error", tc.line)
			} else if !errors.Is(err, ErrInvalidEPD) {
				t.Errorf("%q: error %v does not wrap ErrInvalidEPD", tc.line, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.line, err)
			continue
		}
		if got := e.Position.FEN(); got != tc.fen {
			t.Errorf("%q: FEN %q, want %q", tc.line, got, tc.fen)
		}
		if len(e.Ops) != len(tc.ops) {
			t.Errorf("%q: ops %#v, want %#v", tc.line, e.Ops, tc.ops)
		} else {
			for i := range e.Ops {
				if e.Ops[i] != tc.ops[i] {
					t.Errorf("%q: op %d %#v, want %#v", tc.line, i, e.Ops[i], tc.ops[i])
				}
			}
		}
		if e.Position.HalfmoveClock() != tc.half || e.Position.FullmoveNumber() != tc.full {
			t.Errorf("%q: clocks %d %d, want %d %d", tc.line, e.Position.HalfmoveClock(), e.Position.FullmoveNumber(), tc.half, tc.full)
		}
		want := tc.out
		if want == "" {
			want = tc.line
		}
		if got := e.String(); got != want {
			t.Errorf("%q: String\n got %q\nwant %q", tc.line, got, want)
		}
		ntCheckEPDRoundTrip(t, e)
	}
	e, _ := ParseEPD(`1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id "BK.01";`)
	if v, ok := e.Op("id"); !ok || v != "BK.01" {
		t.Errorf("Op(id) = %q, %v", v, ok)
	}
	if _, ok := e.Op("am"); ok {
		t.Error("Op(am) found")
	}
}

// TestEPDFiles reads every EPD line of the reference files and checks that
// writing and reading it again gives the same position and operations.
func TestEPDFiles(t *testing.T) {
	var lines int
	for _, path := range [][]string{
		{"python-chess", "bratko-kopec.epd"},
		{"python-chess", "endgame.epd"},
		{"sunfish", "terminal_bench.epd"},
		{"sunfish", "3fold.epd"},
		{"sunfish", "perftsuite.epd"},
		{"ethereal", "standard.epd"},
		{"ethereal", "fischer.epd"},
		{"sf-books", "FRC_openings.epd"},
	} {
		rel := "reference/" + strings.Join(path, "/")
		data, err := os.ReadFile(ntSharedPath(rel))
		if os.IsNotExist(err) && rel == "reference/sunfish/terminal_bench.epd" {
			data, err = os.ReadFile(filepath.Join("testdata", "reference", "sunfish", "terminal_bench.epd"))
		}
		if os.IsNotExist(err) {
			t.Logf("%s absent", rel)
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		for n := 1; sc.Scan(); n++ {
			line := strings.TrimSpace(sc.Text())
			if line == "" || line[0] == '#' {
				continue
			}
			lines++
			e, err := ParseEPD(line)
			if err != nil {
				t.Errorf("%s:%d: %v", strings.Join(path, "/"), n, err)
				continue
			}
			ntCheckEPDRoundTrip(t, e)
		}
	}
	t.Logf("%d EPD lines", lines)
}

func ntCheckEPDRoundTrip(t *testing.T, e EPD) {
	t.Helper()
	s := e.String()
	e2, err := ParseEPD(s)
	if err != nil {
		t.Fatalf("cannot read back %q: %v", s, err)
	}
	if e2.Position.FEN() != e.Position.FEN() {
		t.Fatalf("%q: FEN %q, read back %q", s, e.Position.FEN(), e2.Position.FEN())
	}
	if s2 := e2.String(); s2 != s {
		t.Fatalf("String not stable:\n%q\n%q", s, s2)
	}
	j := 0
	for _, op := range e.Ops {
		if j >= len(e2.Ops) || e2.Ops[j].Opcode != op.Opcode || e2.Ops[j].Operands != op.Operands {
			t.Fatalf("%q: ops %#v, read back %#v", s, e.Ops, e2.Ops)
		}
		j++
	}
}
