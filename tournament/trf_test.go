package tournament

import (
	"bufio"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/internal/corpus"
)

// sharedTRF is the shared TRF corpus; tests that need it skip without it.
var sharedTRF = corpus.Path("trf")

// TestCorpusReads reads every TRF of the shared corpus (and of testdata):
// each reads without error, except the one whose SOURCES.md entry says it
// is inconsistent (chesspairing/trf2026-team.trf, result code "*"), which
// gives exactly its located errors.
func TestCorpusReads(t *testing.T) {
	roots := []string{"testdata"}
	if _, err := os.Stat(sharedTRF); err == nil {
		roots = append(roots, sharedTRF)
	} else {
		t.Logf("shared corpus absent (%v): testdata only", err)
	}
	n := 0
	for _, root := range roots {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			ext := filepath.Ext(path)
			if ext != ".trf" && ext != ".input" {
				return nil
			}
			n++
			f, err := os.Open(path)
			if err != nil {
				return err
			}
			defer f.Close()
			tr, err := Parse(f, path)
			if tr == nil {
				t.Errorf("%s: no tournament: %v", path, err)
				return nil
			}
			if filepath.Base(path) == "trf2026-team.trf" {
				var list ErrorList
				if !errors.As(err, &list) || len(list) != 8 {
					t.Errorf("%s: want 8 located errors, got %v", path, err)
					return nil
				}
				for i, e := range list {
					if !errors.Is(e, ErrResultCode) || e.Line != 30+i || e.Column != 119 || !strings.Contains(e.Error(), `"*"`) {
						t.Errorf("%s: error %d: %v", path, i, e)
					}
				}
				return nil
			}
			if err != nil {
				t.Errorf("%s: %v", path, err)
			}
			if len(tr.Players) == 0 || tr.Rounds == 0 {
				t.Errorf("%s: %d players, %d rounds", path, len(tr.Players), tr.Rounds)
			}
			head, _ := os.ReadFile(path)
			if !LooksLikeTRF(head[:min(len(head), 2048)]) {
				t.Errorf("%s: LooksLikeTRF false", path)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d TRF files read", n)
}

// TestCorpusDetails pins what the reader makes of the shared corpus files
// that testdata does not hold.
func TestCorpusDetails(t *testing.T) {
	if _, err := os.Stat(sharedTRF); err != nil {
		t.Skipf("shared corpus absent: %v", err)
	}
	for _, tc := range []struct {
		file             string
		players, rounds  int
		teams            int
		format           Format
		declaredRounds   int
		firstRoundOpp    int // player 1's round-1 opponent
		scoringSource    string
		tieBreaks        int
		roundDates       int
		encodedTimeCtrl  string
		isTeam           bool
		firstPlayerTitle string
	}{
		{"echecsjs-trf/grandmommyscup.trf", 249, 14, 50, TRF16 | TRF26, 14, 51, "162", 4, 14, "40/6000+30:20/3000+30:1500+30", true, ""},
		{"bbppairings/issue_7.input", 60, 14, 0, TRF16 | TRFX, 15, 31, "default", 0, 0, "", false, ""},
		{"bbppairings/issue_15.input", 180, 11, 0, TRF16, 0, 90, "default", 0, 0, "", false, ""},
		{"echecsjs-trf/javafo_sample2.trf", 52, 5, 0, TRF16 | TRFX, 9, 26, "default", 0, 0, "", false, "GM"},
	} {
		tr := mustParseFile(t, filepath.Join(sharedTRF, tc.file))
		if len(tr.Players) != tc.players || tr.Rounds != tc.rounds || len(tr.Teams) != tc.teams || tr.Format != tc.format ||
			tr.DeclaredRounds != tc.declaredRounds || tr.Player(1).Result(1).Opponent != tc.firstRoundOpp ||
			tr.Scoring.Source != tc.scoringSource || len(tr.TieBreaks) != tc.tieBreaks || len(tr.RoundDates) != tc.roundDates ||
			tr.EncodedTimeControl != tc.encodedTimeCtrl || tr.IsTeamEvent() != tc.isTeam || tr.Player(1).Title != tc.firstPlayerTitle {
			t.Errorf("%s: players %d rounds %d teams %d format %v declared %d opp %d scoring %s tb %d dates %d tc %q team %v title %q",
				tc.file, len(tr.Players), tr.Rounds, len(tr.Teams), tr.Format, tr.DeclaredRounds, tr.Player(1).Result(1).Opponent,
				tr.Scoring.Source, len(tr.TieBreaks), len(tr.RoundDates), tr.EncodedTimeControl, tr.IsTeamEvent(), tr.Player(1).Title)
		}
		// Team files, generated files: the TRF checks find no error.
		for _, f := range Check(tr) {
			if f.Severity == SeverityError {
				t.Errorf("%s: %v", tc.file, f)
			}
		}
	}
}

// TestHeldCSVCrossCheck reads Held's crosstable as written independently
// by the tiebreak-js project (compact CSV: "+W9", "=BYE", "-F11", "--")
// and compares it with what the reader makes of held_swiss_5.trf.
func TestHeldCSVCrossCheck(t *testing.T) {
	tr := mustParseFile(t, filepath.Join(tbDir, "held_swiss_5.trf"))
	f, err := os.Open("testdata/tiebreak-js/fide-exercise-2023.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Scan() // header
	rows := 0
	for sc.Scan() {
		cells := strings.Split(sc.Text(), ",")
		sno, _ := strconv.Atoi(cells[0])
		p := tr.Player(sno)
		if p == nil {
			t.Fatalf("player %d missing", sno)
		}
		for r, cell := range cells[1:] {
			res := p.Result(r + 1)
			var ok bool
			switch {
			case cell == "--":
				ok = res.Opponent == 0 && (res.Code == 'Z' || res.Code == ' ')
			case strings.HasSuffix(cell, "BYE"):
				ok = res.Opponent == 0 && map[byte]string{'+': "UF", '=': "H"}[cell[0]] != "" &&
					strings.IndexByte(map[byte]string{'+': "UF", '=': "H"}[cell[0]], res.Code) >= 0
			case cell[1] == 'F':
				opp, _ := strconv.Atoi(cell[2:])
				ok = res.Opponent == opp && res.Code == map[byte]byte{'+': '+', '-': '-'}[cell[0]]
			default:
				opp, _ := strconv.Atoi(cell[2:])
				col := map[byte]Colour{'W': White, 'B': Black}[cell[1]]
				code := map[byte]byte{'+': '1', '=': '=', '-': '0'}[cell[0]]
				ok = res.Opponent == opp && res.Colour == col && res.Code == code
			}
			if !ok {
				t.Errorf("player %d round %d: CSV %q, TRF %+v", sno, r+1, cell, res)
			}
		}
		rows++
	}
	if rows != 16 {
		t.Errorf("%d rows", rows)
	}
}

// TestLineEndings reads the same file with LF, CRLF and CR line ends, with
// and without a byte-order mark.
func TestLineEndings(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(tbDir, "held_swiss_5.trf"))
	if err != nil {
		t.Fatal(err)
	}
	lf := strings.ReplaceAll(string(raw), "\r\n", "\n")
	want := mustParseFile(t, filepath.Join(tbDir, "held_swiss_5.trf"))
	for name, text := range map[string]string{
		"LF": lf, "CRLF": strings.ReplaceAll(lf, "\n", "\r\n"), "CR": strings.ReplaceAll(lf, "\n", "\r"),
		"BOM": "\xef\xbb\xbf" + lf, "no final newline": strings.TrimRight(lf, "\n"),
	} {
		tr, err := Parse(strings.NewReader(text), name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(tr.Players) != 16 || tr.Rounds != 5 || tr.Name != want.Name {
			t.Fatalf("%s: %d players %d rounds %q", name, len(tr.Players), tr.Rounds, tr.Name)
		}
		for i := range tr.Players {
			if tr.Players[i].Line != want.Players[i].Line || tr.Players[i].Points != want.Players[i].Points {
				t.Errorf("%s: player %d differs", name, tr.Players[i].StartRank)
			}
		}
	}
}

// TestEncoding reads a Windows-1252 name and a UTF-8 name at the right
// columns (columns count characters, not bytes).
func TestEncoding(t *testing.T) {
	utf := "012 x\n001    1 m    Müller, Jürgen                    2100 GER     1234567 1980/01/01  1.0    1     2 w 1\n" +
		"001    2 m    Çelik, Şükrü                      2000 TUR     7654321 1981/01/01  0.0    2     1 b 0\n"
	tr, err := Parse(strings.NewReader(utf), "utf8.trf")
	if err != nil {
		t.Fatal(err)
	}
	if p := tr.Player(1); p.Name != "Müller, Jürgen" || p.Rating != 2100 || p.FideID != 1234567 || p.Result(1).Opponent != 2 {
		t.Errorf("UTF-8: %+v", p)
	}
	if p := tr.Player(2); p.Name != "Çelik, Şükrü" || p.Rating != 2000 {
		t.Errorf("UTF-8: %+v", p)
	}
	latin := strings.ReplaceAll(utf, "Çelik, Şükrü", "Celik, Sukru")
	latin = strings.ReplaceAll(latin, "Müller, Jürgen", "M\xfcller, J\xfcrgen")
	tr, err = Parse(strings.NewReader(latin), "latin.trf")
	if err != nil {
		t.Fatal(err)
	}
	if p := tr.Player(1); p.Name != "Müller, Jürgen" || p.Rating != 2100 {
		t.Errorf("Windows-1252: %+v", p)
	}
}

// TestSyntaxErrors: unreadable fields give located errors; the rest of the
// file is read. The caret line marks the expected column.
func TestSyntaxErrors(t *testing.T) {
	for _, tc := range []struct {
		name, line, caret string
		sentinel          error
	}{
		{"rating", "001    1 m    A                                 2x00 NOR     1234567 1980/01/01  1.0    1     2 w 1",
			"                                                ^", ErrField},
		{"points", "001    1 m    A                                 2100 NOR     1234567 1980/01/01  1.x    1     2 w 1",
			"                                                                                ^", ErrField},
		{"opponent", "001    1 m    A                                 2100 NOR     1234567 1980/01/01  1.0    1    2x w 1",
			"                                                                                           ^", ErrField},
		{"colour", "001    1 m    A                                 2100 NOR     1234567 1980/01/01  1.0    1     2 x 1",
			"                                                                                                ^", ErrColour},
		{"result", "001    1 m    A                                 2100 NOR     1234567 1980/01/01  1.0    1     2 w 5",
			"                                                                                                  ^", ErrResultCode},
		{"start rank", "001   x1 m    A                                 2100 NOR     1234567 1980/01/01  1.0    1     2 w 1",
			"    ^", ErrStartRank},
		{"rounds", "XXR nine", "    ^", ErrField},
		{"date", "042 2024/13/45", "    ^", ErrField},
		{"162", "162 W 1.0 D x", "    ^", ErrField},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "012 test\n" + tc.line + "\n001    2 m    B                                 2000 NOR     7654321 1981/01/01  0.0    2     1 b 0\n"
			tr, err := Parse(strings.NewReader(src), "e.trf")
			var list ErrorList
			if !errors.As(err, &list) || len(list) != 1 {
				t.Fatalf("err = %v", err)
			}
			e := list[0]
			if e.File != "e.trf" || e.Line != 2 || e.Column != len(tc.caret) || !errors.Is(err, tc.sentinel) {
				t.Errorf("error %v (line %d col %d), want line 2 col %d %v", e, e.Line, e.Column, len(tc.caret), tc.sentinel)
			}
			if tr == nil || tr.Player(2) == nil {
				t.Errorf("the rest of the file was not read")
			}
			// The check T1 reports it at the same place.
			found := false
			for _, f := range Check(tr) {
				if f.Check == "T1" && f.Line == 2 && f.Column == e.Column {
					found = true
				}
			}
			if !found {
				t.Errorf("T1 does not report %v", e)
			}
		})
	}
	if _, err := Parse(strings.NewReader("hello\nworld\n"), "x"); !errors.Is(err, ErrNoPlayers) {
		t.Errorf("no players: %v", err)
	}
}

func TestLooksLikeTRF(t *testing.T) {
	for _, tc := range []struct {
		head string
		want bool
	}{
		{"012 Open\n022 City\n001    1 m    A", true},
		{"\xef\xbb\xbf012 Open\r\n042 2024/01/01\r\n", true},
		{"001    1 m    A                2100\r001    2", true},
		{"### comment\nXXR 9\n", true},
		{"[Event \"x\"]\n[Site \"y\"]\n\n1. e4 e5 *\n", false},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n", false},
		{"", false},
		{"hello world\nthis is text\n", false},
		{"PK\x03\x04binary", false},
	} {
		if got := LooksLikeTRF([]byte(tc.head)); got != tc.want {
			t.Errorf("LooksLikeTRF(%q) = %v", tc.head, got)
		}
	}
}

func TestParseDate(t *testing.T) {
	for _, tc := range []struct {
		s       string
		yyFirst bool
		want    string
	}{
		{"2024/08/01", false, "2024/08/01"}, {"2024-08-01", false, "2024/08/01"}, {"2024.08.01", false, "2024/08/01"},
		{"24/09/2010", false, "2010/09/24"}, {"02/10/2010", false, "2010/10/02"}, {"12/31/2010", false, "2010/12/31"},
		{"24/12/01", true, "2024/12/01"}, {"Apr 18, 2026", false, "2026/04/18"}, {"18 Apr 2026", false, "2026/04/18"},
		{"2024/02/30", false, ""}, {"2024/13/01", false, ""}, {"x", false, ""}, {"", false, ""},
	} {
		d, ok := ParseDate(tc.s, tc.yyFirst)
		if got := map[bool]string{true: d.String(), false: ""}[ok]; got != tc.want {
			t.Errorf("ParseDate(%q) = %q, want %q", tc.s, got, tc.want)
		}
	}
}

func TestScoringRecords(t *testing.T) {
	for _, tc := range []struct {
		header string
		want   Scoring
	}{
		{"", DefaultScoring()},
		{"162  W 3.0    D 1.0    L 0.0", Scoring{WinWhite: 300, WinBlack: 300, DrawWhite: 100, DrawBlack: 100, ForfeitWin: 300, PAB: 300, FullBye: 300, HalfBye: 100, Source: "162"}},
		{"162 W 1.0 D 0.5 L 0.0 P 0.5", Scoring{WinWhite: 100, WinBlack: 100, DrawWhite: 50, DrawBlack: 50, ForfeitWin: 100, PAB: 50, FullBye: 100, HalfBye: 50, Source: "162"}},
		{"XXS W=1.0 D=0.5 PAB=0.5 ZPB=0.0", Scoring{WinWhite: 100, WinBlack: 100, DrawWhite: 50, DrawBlack: 50, ForfeitWin: 100, PAB: 50, FullBye: 100, HalfBye: 50, Source: "XXS"}},
		{"BBW 3.0\nBBD 1.0\nBBU 1.0", Scoring{WinWhite: 300, WinBlack: 300, DrawWhite: 100, DrawBlack: 100, ForfeitWin: 300, PAB: 100, FullBye: 300, HalfBye: 100, Source: "BB"}},
		{"BBW 3.0\n162 W 2.0 D 1.0 L 0.0", Scoring{WinWhite: 200, WinBlack: 200, DrawWhite: 100, DrawBlack: 100, ForfeitWin: 200, PAB: 200, FullBye: 200, HalfBye: 100, Source: "162"}},
	} {
		src := "012 x\n" + tc.header + "\n001    1 m    A                                 1800 NOR           0             0.0    1\n"
		tr, err := Parse(strings.NewReader(src), "s.trf")
		if err != nil {
			t.Fatal(err)
		}
		if tr.Scoring != tc.want {
			t.Errorf("%q:\n got %+v\nwant %+v", tc.header, tr.Scoring, tc.want)
		}
	}
}

func TestParseTieBreak(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"BH/C1", "BH/C1"}, {"bh/m1", "BH/M1"}, {"SB", "SB"}, {"KS/L60", "KS/L60"}, {"KS/L+1", "KS/L+1"},
		{"DE/P", "DE/P"}, {"AOB/F", "AOB/F"}, {"GE", "REP"}, {"BH:MP/C1/P", "BH:MP/C1/P"}, {"ARO/C1/U1000", "ARO/C1/U1000"},
		{"EDET/P", "error"}, {"BH/X1", "error"}, {"MPvGP", "error"}, {"BH/C", "error"},
	} {
		tb, err := ParseTieBreak(tc.in)
		got := tb.String()
		if err != nil {
			got = "error"
			if !errors.Is(err, ErrTieBreak) {
				t.Errorf("%q: %v is not ErrTieBreak", tc.in, err)
			}
		}
		if got != tc.want {
			t.Errorf("ParseTieBreak(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestTimeControl(t *testing.T) {
	for _, tc := range []struct {
		s       string
		lenient bool
		minutes int // for 60 moves; -1 = unreadable
	}{
		{"5400+30", false, 120}, {"40/6000+30:20/3000+30:1500+30", false, 180}, {"40/7200:3600", false, 180},
		{"40/7200", false, 240}, {"300+3", false, 8}, {"90+30", true, 120}, {"90' + 30\"", true, 120},
		{"90 min + 30 sec", true, 120}, {"moves/time, increment", true, -1}, {"", true, -1}, {"90", true, 90},
	} {
		got := -1
		if x, ok := ParseTimeControl(tc.s, tc.lenient); ok {
			got = x.SecondsFor60() / 60
		}
		if got != tc.minutes {
			t.Errorf("ParseTimeControl(%q) = %d min, want %d", tc.s, got, tc.minutes)
		}
	}
	if x, ok := ParseTimeControl("W300-B240", false); !ok || !x.Armageddon || x.BlackBase != 240 {
		t.Errorf("Armageddon: %+v", x)
	}
}

func TestPointsAndValues(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want Points
		ok   bool
	}{{"11.5", 1150, true}, {"4", 400, true}, {"2,5", 250, true}, {"-1.0", -100, true}, {"0.25", 25, true}, {"1.234", 0, false}, {"x", 0, false}, {"", 0, false}} {
		p, ok := ParsePoints(tc.s)
		if p != tc.want || ok != tc.ok {
			t.Errorf("ParsePoints(%q) = %v %v", tc.s, p, ok)
		}
	}
	for p, want := range map[Points]string{1150: "11.5", 400: "4.0", 225: "2.25", -50: "-0.5", 0: "0.0"} {
		if p.String() != want {
			t.Errorf("Points(%d) = %q, want %q", p, p.String(), want)
		}
	}
	v, _ := ParseValue("13.38")
	if v.Format(2) != "13.38" || v.Format(1) != "13.4" || v.Format(0) != "13" {
		t.Errorf("Value format: %q %q %q", v.Format(2), v.Format(1), v.Format(0))
	}
}
