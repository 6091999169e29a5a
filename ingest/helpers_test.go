package ingest

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/internal/corpus"
)

// corpusDir returns the shared corpus's folder <sub> (internal/corpus),
// skipping the test when it is absent.
func corpusDir(t testing.TB, sub ...string) string {
	t.Helper()
	return corpus.Require(t, filepath.ToSlash(filepath.Join(sub...)))
}

// edgeRoot returns the folder holding edge/ and i18n/: the shared corpus,
// else the copy of their small files in testdata/corpus (a fresh clone).
func edgeRoot() string {
	if corpus.Has("edge") {
		return corpus.Root()
	}
	return filepath.Join("testdata", "corpus")
}

// readAll reads every block of r and returns games, skips and the final error.
func readAll(t testing.TB, r *Reader) (games []RawGame, pos []RawPosition, skips []Skip, blocks []*Block, err error) {
	t.Helper()
	for {
		b, e := r.Next()
		if e != nil {
			if !errors.Is(e, io.EOF) {
				err = e
			}
			return
		}
		games = append(games, b.Games...)
		pos = append(pos, b.Positions...)
		skips = append(skips, b.Skipped...)
		blocks = append(blocks, b)
	}
}

// dumpGame writes a compact text form of a parsed game. maxMoves caps the
// move tokens shown (0 = all).
func dumpGame(w *bytes.Buffer, g *Game, maxMoves int) {
	fmt.Fprintf(w, "== game %d off=%d line=%d", g.Index, g.Offset, g.Line)
	if g.Transcoded {
		w.WriteString(" transcoded")
	}
	w.WriteByte('\n')
	for _, t := range g.Tags {
		fmt.Fprintf(w, "tag %s=%s\n", t.Name, strconv.Quote(t.Value))
	}
	if len(g.PreComment) > 0 {
		fmt.Fprintf(w, "pre %s\n", strconv.Quote(string(g.PreComment)))
	}
	fmt.Fprintf(w, "moves %d:", len(g.Moves))
	for i := range g.Moves {
		if maxMoves > 0 && i >= maxMoves {
			w.WriteString(" ...")
			break
		}
		w.WriteByte(' ')
		dumpMove(w, &g.Moves[i])
	}
	w.WriteByte('\n')
	if len(g.Variations) > 0 {
		fmt.Fprintf(w, "variations %d varmoves %d:", len(g.Variations), len(g.VarMoves))
		for i, v := range g.Variations {
			if i >= 6 {
				w.WriteString(" ...")
				break
			}
			fmt.Fprintf(w, " [p%d a%d d%d", v.Parent, v.Anchor, v.Depth)
			for k := v.Start; k < v.End && k < v.Start+6; k++ {
				w.WriteByte(' ')
				w.Write(g.VarMoves[k].Text)
			}
			w.WriteByte(']')
		}
		w.WriteByte('\n')
	}
	if len(g.PostComment) > 0 {
		fmt.Fprintf(w, "post %s\n", strconv.Quote(string(g.PostComment)))
	}
	fmt.Fprintf(w, "result %q %s\n", g.ResultToken, g.Result)
	for _, n := range g.Notes {
		fmt.Fprintf(w, "note %s %d:%d %s\n", n.Code, n.Line, n.Col, n.Message)
	}
	if g.Err != nil {
		fmt.Fprintf(w, "err %v\n", g.Err)
	}
}

func dumpMove(w *bytes.Buffer, m *MoveToken) {
	w.Write(m.Text)
	for _, n := range m.NAGList() {
		fmt.Fprintf(w, "$%d", n)
	}
	var extra []string
	if m.ClockMS >= 0 {
		extra = append(extra, "clk="+strconv.FormatInt(m.ClockMS, 10))
	}
	if m.EmtMS >= 0 {
		extra = append(extra, "emt="+strconv.FormatInt(m.EmtMS, 10))
	}
	if m.HasEvalCP {
		extra = append(extra, "cp="+strconv.Itoa(int(m.EvalCP)))
	}
	if m.HasEvalMate {
		extra = append(extra, "mate="+strconv.Itoa(int(m.EvalMate)))
	}
	if m.EnPassantMark {
		extra = append(extra, "ep")
	}
	if m.DrawOffer {
		extra = append(extra, "drawoffer")
	}
	if m.Null {
		extra = append(extra, "null")
	}
	if m.Variations > 0 {
		extra = append(extra, "rav="+strconv.Itoa(m.Variations))
	}
	if len(m.Comment) > 0 {
		c := string(m.Comment)
		if len(c) > 60 {
			c = c[:60] + "…"
		}
		extra = append(extra, strconv.Quote(c))
	}
	if len(extra) > 0 {
		w.WriteString("<" + strings.Join(extra, ",") + ">")
	}
}
