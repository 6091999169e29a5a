package sheet

import (
	"fmt"
	"html"
	"math"
	"strings"

	"github.com/arbiter-chess/arbiter/chess"
)

// Arrow is a move drawn on a board: from one square to another, green for
// a move that was played, red and dashed for one that is not legal. From
// may be chess.NoSquare when only the target is known (a move that no
// piece can make): the target square is then outlined.
type Arrow struct {
	From, To chess.Square
	Illegal  bool
}

// The board's geometry, in SVG user units: 8 squares of sq, a margin on
// the left for the ranks and below for the files.
const (
	sq     = 40
	margin = 18
	boardW = margin + 8*sq + 2
	boardH = 8*sq + margin + 2
)

// Colours: the classic light and dark squares, which also print well in
// grey.
const (
	lightSq   = "#f0d9b5"
	darkSq    = "#b58863"
	arrowOK   = "#15781b"
	arrowBad  = "#c62828"
	checkMark = "#e53935"
)

// Glyphs of the pieces, by type; the outline glyphs are the white set,
// the solid ones the black set (drawn white under the outline for White's
// pieces, so that they are filled). U+FE0E asks for the text form of the
// glyphs that also have an emoji form.
var (
	outlineGlyph = [...]string{chess.King: "♔", chess.Queen: "♕", chess.Rook: "♖", chess.Bishop: "♗", chess.Knight: "♘", chess.Pawn: "♙"}
	solidGlyph   = [...]string{chess.King: "♚", chess.Queen: "♛", chess.Rook: "♜", chess.Bishop: "♝", chess.Knight: "♞", chess.Pawn: "♟"}
)

// BoardSVG draws the position of fen as an SVG diagram, White at the
// bottom: 64 squares (rect elements of class "sq"), file letters and rank
// numbers on the edge, the pieces as glyphs, the king of the side to move
// marked when it is in check, and the arrows. label is
// the diagram's accessible title (escaped here). An empty fen draws an
// empty board (a game that could not be replayed has no position).
func BoardSVG(fen string, arrows []Arrow, label string) (string, error) {
	var p chess.Position
	empty := fen == ""
	if !empty {
		var err error
		if p, err = chess.ParseFEN(fen); err != nil {
			return "", fmt.Errorf("sheet: board: %w", err)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="board" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" role="img" aria-label="%s">`, boardW, boardH, html.EscapeString(label))
	fmt.Fprintf(&b, `<title>%s</title>`, html.EscapeString(label))
	// x and y of a square's top-left corner
	at := func(s chess.Square) (int, int) { return margin + s.File()*sq, (7 - s.Rank()) * sq }
	// the light squares, then the dark ones (a1 is dark), a group each
	for dark := range 2 {
		fill := lightSq
		if dark == 1 {
			fill = darkSq
		}
		fmt.Fprintf(&b, `<g fill="%s">`, fill)
		for s := chess.Square(0); s < 64; s++ {
			if (s.File()+s.Rank()+dark)%2 == 0 {
				continue
			}
			x, y := at(s)
			fmt.Fprintf(&b, `<rect class="sq" x="%d" y="%d" width="%d" height="%d"/>`, x, y, sq, sq)
		}
		b.WriteString(`</g>`)
	}
	fmt.Fprintf(&b, `<rect x="%d" y="0" width="%d" height="%d" fill="none" stroke="#555" stroke-width="1"/>`, margin, 8*sq, 8*sq)
	b.WriteString(`<g class="coords" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="11" fill="#333" text-anchor="middle">`)
	for r := range 8 {
		fmt.Fprintf(&b, `<text x="%d" y="%d" dominant-baseline="central">%d</text>`, margin/2, (7-r)*sq+sq/2, r+1)
	}
	for f := range 8 {
		fmt.Fprintf(&b, `<text x="%d" y="%d">%c</text>`, margin+f*sq+sq/2, 8*sq+margin-4, 'a'+f)
	}
	b.WriteString(`</g>`)
	if !empty && p.InCheck() {
		if k := p.KingSquare(p.SideToMove()); k != chess.NoSquare {
			x, y := at(k)
			fmt.Fprintf(&b, `<circle class="check" cx="%d" cy="%d" r="%d" fill="%s" fill-opacity="0.55"/>`, x+sq/2, y+sq/2, sq/2-2, checkMark)
		}
	}
	if !empty {
		b.WriteString(`<g class="pieces" font-family="DejaVu Sans, Segoe UI Symbol, Noto Sans Symbols2, Arial Unicode MS, sans-serif" font-size="34" text-anchor="middle">`)
		for s := chess.Square(0); s < 64; s++ {
			pc := p.PieceAt(s)
			if pc == chess.NoPiece {
				continue
			}
			x, y := at(s)
			cx, cy := x+sq/2, y+sq/2+12 // the glyphs sit on the baseline
			t := pc.Type()
			if pc.Color() == chess.White {
				fmt.Fprintf(&b, `<text class="pc w" x="%d" y="%d"><tspan fill="#fff">%s&#xFE0E;</tspan></text><text x="%d" y="%d" fill="#000">%s&#xFE0E;</text>`,
					cx, cy, solidGlyph[t], cx, cy, outlineGlyph[t])
			} else {
				fmt.Fprintf(&b, `<text class="pc b" x="%d" y="%d" fill="#000">%s&#xFE0E;</text>`, cx, cy, solidGlyph[t])
			}
		}
		b.WriteString(`</g>`)
	}
	for _, a := range arrows {
		writeArrow(&b, a, at)
	}
	b.WriteString(`</svg>`)
	return b.String(), nil
}

// writeArrow draws a from centre to centre, its head ending short of the
// target's centre; with no from-square it outlines the target.
func writeArrow(b *strings.Builder, a Arrow, at func(chess.Square) (int, int)) {
	if a.To == chess.NoSquare || a.To < 0 || a.To > 63 {
		return
	}
	colour := arrowOK
	dash := ""
	if a.Illegal {
		colour, dash = arrowBad, ` stroke-dasharray="7 4"`
	}
	tx, ty := at(a.To)
	if a.From == chess.NoSquare || a.From < 0 || a.From > 63 || a.From == a.To {
		fmt.Fprintf(b, `<rect class="target" x="%d" y="%d" width="%d" height="%d" fill="none" stroke="%s" stroke-width="4"%s/>`, tx+2, ty+2, sq-4, sq-4, colour, dash)
		return
	}
	fx, fy := at(a.From)
	x1, y1 := float64(fx+sq/2), float64(fy+sq/2)
	x2, y2 := float64(tx+sq/2), float64(ty+sq/2)
	dx, dy := x2-x1, y2-y1
	d := math.Hypot(dx, dy)
	ux, uy := dx/d, dy/d
	const head, half, short = 16.0, 9.0, 6.0
	tipX, tipY := x2-ux*short, y2-uy*short
	baseX, baseY := tipX-ux*head, tipY-uy*head
	fmt.Fprintf(b, `<g class="arrow" opacity="0.8"><line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="6" stroke-linecap="round"%s/>`,
		x1, y1, baseX, baseY, colour, dash)
	fmt.Fprintf(b, `<polygon points="%.1f,%.1f %.1f,%.1f %.1f,%.1f" fill="%s"/></g>`,
		tipX, tipY, baseX-uy*half, baseY+ux*half, baseX+uy*half, baseY-ux*half, colour)
}
