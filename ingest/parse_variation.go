package ingest

import (
	"bytes"
	"fmt"
)

// openVariation handles '(' at p.i: a draw offer "(=)" or a variation.
func (p *parser) openVariation() {
	d := p.d
	pos := p.i
	if pos+2 < len(d) && d[pos+1] == '=' && d[pos+2] == ')' {
		p.i += 3
		if m := p.lastMove(); m != nil {
			m.DrawOffer = true
		}
		p.note(NoteDrawOffer, "draw offer (=)", pos)
		return
	}
	if p.afterRes && p.depth == 0 {
		p.note(NoteTokenAfterResult, "variation after the result skipped", pos)
		p.remark = true // a remark such as "1-0 (time)": left open, it is no error
		p.skipVariation(0)
		p.remark = false
		return
	}
	p.resolvePending(false)
	if m := p.lastMove(); m != nil {
		m.Variations++
	}
	if p.opts.MainLineOnly || p.depth >= p.opts.MaxNesting {
		p.skipVariation(p.depth)
		return
	}
	g := p.g
	anchor := len(*p.cur()) - 1
	g.Variations = append(g.Variations, Variation{Parent: p.varParent, Anchor: anchor, Depth: p.depth + 1, Line: p.line, Col: p.col(pos)})
	g.frames = append(g.frames, frame{varIdx: p.varParent})
	p.varParent = len(g.Variations) - 1
	p.depth++
	if len(g.scratch) < p.depth {
		g.scratch = append(g.scratch, nil)
	}
	g.scratch[p.depth-1] = g.scratch[p.depth-1][:0]
	p.i++
}

// closeVariation handles ')' at p.i.
func (p *parser) closeVariation() {
	if p.depth == 0 {
		p.note(NoteUnexpectedChar, "stray ')' skipped", p.i)
		p.i++
		return
	}
	p.i++
	p.resolvePending(false)
	p.popVariation()
}

func (p *parser) popVariation() {
	g := p.g
	v := &g.Variations[p.varParent]
	v.Start = len(g.VarMoves)
	g.VarMoves = append(g.VarMoves, g.scratch[p.depth-1]...)
	v.End = len(g.VarMoves)
	p.varParent = g.frames[len(g.frames)-1].varIdx
	g.frames = g.frames[:len(g.frames)-1]
	p.depth--
}

// skipVariation skips the variation opening at p.i without storing it,
// iteratively (no recursion), minding comments. base is the depth of
// variations kept as structure around it.
func (p *parser) skipVariation(base int) {
	d := p.d
	n := len(d)
	open := p.i
	openLine, openCol := p.line, p.col(open)
	depth := 1
	tooDeep := base+1 > p.opts.MaxNesting
	if tooDeep {
		p.fail(fmt.Errorf("%w: more than %d levels", ErrNestingTooDeep, p.opts.MaxNesting), open)
	}
	j := open + 1
	for j < n {
		switch d[j] {
		case '(':
			depth++
			if base+depth > p.opts.MaxNesting && !tooDeep {
				tooDeep = true
				p.fail(fmt.Errorf("%w: more than %d levels", ErrNestingTooDeep, p.opts.MaxNesting), j)
			}
		case ')':
			depth--
			if depth == 0 {
				p.i = j + 1
				return
			}
		case '{':
			k := bytes.IndexByte(d[j+1:], '}')
			if k < 0 {
				p.newlines(j, n)
				p.fail(ErrUnterminatedComment, j)
				j = n
				continue
			}
			p.newlines(j, j+1+k)
			j += k + 1
		case ';':
			k := bytes.IndexByte(d[j:], '\n')
			if k < 0 {
				j = n
				continue
			}
			j += k - 1
		case '\n':
			p.line++
			p.lineStart = j + 1
		}
		j++
	}
	p.i = n
	if p.remark {
		p.note(NoteTokenAfterResult, "'(' after the result not closed", open)
		return
	}
	p.failAt(ErrUnterminatedVariation, open, openLine, openCol)
}
