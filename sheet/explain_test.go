package sheet

import (
	"strings"
	"testing"
)

func TestWitnessLine(t *testing.T) {
	de, _ := LangFor("de")
	p, _ := position("k7/p7/8/1K6/8/8/8/2B5 w - - 0 60", false)
	got := de.line(&p, "60.Kc6 a5 61.Kb6 a4 62.Be3 a3 63.Bd4")
	if want := "60.Kc6 a5 61.Kb6 a4 62.Le3 a3 63.Ld4"; got != want {
		t.Errorf("German witness %q, want %q", got, want)
	}
	if got := de.line(&p, "60.Xx9"); got != "60.Xx9" {
		t.Errorf("a line that does not replay became %q", got)
	}
}

func TestReasons(t *testing.T) {
	en, _ := LangFor("en")
	p, _ := position("8/8/4k3/p1p1b3/P1P5/3K4/8/8 w - - 0 50", false)
	got := strings.Join(en.Reasons(&p), " | ")
	for _, s := range []string{"white king and 2 pawns", "black king, bishop and 2 pawns", "a4/a5, c4/c5", "dark square"} {
		if !strings.Contains(got, s) {
			t.Errorf("reasons %q lack %q", got, s)
		}
	}
}

// Message never panics, whatever the fields: a bad FEN, a move that is
// not one, plies out of range.
func FuzzMessage(f *testing.F) {
	f.Add("illegal_move", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "Ke2", 1, "German", "1-0", "Time forfeit")
	f.Add("minor_piece_win", "k7/p7/8/1K6/8/8/8/2B5 w - - 0 60", "", 5, "English", "1-0", "")
	f.Add("checkmate", "bad fen", "O-O-O", -1, "", "", "")
	f.Add("invalid_start_position", "8/8/8/8/8/8/8/KK5k w - - 0 1", "", 0, "", "*", "")
	f.Fuzz(func(t *testing.T, kind, fen, san string, ply int, lang, result, term string) {
		g := &Game{Language: lang, Recorded: result, ResultTag: result, Termination: term, EndKind: "checkmate", PliesRecorded: 10}
		fs := &Finding{Kind: kind, Severity: "error", FEN: fen, SAN: san, Ply: ply, Witness: san, Code: kind}
		for _, code := range Languages() {
			l, _ := LangFor(code)
			_ = l.Message(g, fs)
			_ = l.Move(fs)
			if p, ok := position(fen, false); ok {
				_ = l.Reasons(&p)
				_ = arrows(&p, g, fs)
			}
		}
	})
}
