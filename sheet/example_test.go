package sheet_test

import (
	"fmt"
	"strings"

	"github.com/arbiter-chess/arbiter/sheet"
)

// A board diagram: 64 squares, the move as an arrow, the king in check
// marked.
func ExampleBoardSVG() {
	svg, err := sheet.BoardSVG("r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4", nil, "Position after 4. Qxf7#")
	if err != nil {
		panic(err)
	}
	fmt.Println(strings.Count(svg, `class="sq"`), strings.Contains(svg, `class="check"`))
	// Output: 64 true
}

// A finding's sentence in each language, rendered from its fields.
func ExampleLang_Message() {
	g := &sheet.Game{Recorded: "1-0", Termination: "Time forfeit"}
	f := &sheet.Finding{Kind: "unwinnable_win", Severity: "error", Article: "6.9"}
	for _, code := range []string{"en", "de"} {
		l, _ := sheet.LangFor(code)
		fmt.Println(sheet.Cap(l.Message(g, f)))
	}
	// Output:
	// 1-0 is recorded as won by white on time, but white could not checkmate by any sequence of legal moves: the Laws make it a draw (art. 6.9)
	// 1-0 ist als Gewinn für Weiß eingetragen (durch Zeitüberschreitung), aber Weiß konnte den gegnerischen König durch keine Folge regelgemäßer Züge mattsetzen: nach den Regeln ist die Partie remis (Art. 6.9)
}
