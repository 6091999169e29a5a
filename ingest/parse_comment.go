package ingest

import (
	"bytes"
	"encoding/binary"
)

// comment reads a {comment} at p.i.
func (p *parser) comment() {
	d := p.d
	open := p.i
	s := open + 1
	// fast path: a Lichess clock comment "{ [%clk 0:03:00] }"
	if fastPaths && s+18 <= len(d) && binary.LittleEndian.Uint64(d[s:])&0x00ffffffffffffff == clkPrefix {
		if ms, end, ok := fastClock(d, s+7); ok {
			if m := p.lastMove(); m != nil && !(p.afterRes && p.depth == 0) {
				m.ClockMS = ms
				p.i = end
				p.lastEnd = end
				return
			}
		}
	}
	var hasOpen, hasNL bool
	e := -1
	if k := bytes.IndexByte(d[s:], '}'); k >= 0 {
		e = s + k
		body := d[s:e]
		if len(body) <= 16 {
			for _, c := range body {
				hasOpen = hasOpen || c == '{'
				hasNL = hasNL || c == '\n'
			}
		} else {
			hasOpen = bytes.IndexByte(body, '{') >= 0
			hasNL = bytes.IndexByte(body, '\n') >= 0
		}
	}
	if e < 0 {
		openLine, openCol := p.line, p.col(open)
		p.i = len(d)
		p.lastEnd = p.i
		p.newlines(s, len(d))
		p.failAt(ErrUnterminatedComment, open, openLine, openCol)
		p.attachComment(d[s:], s)
		return
	}
	if hasOpen && !p.nestFailed {
		// '{' inside: read as nested when the braces balance before the game
		// ends. After one failure the rest of the game is read flat, which
		// keeps the work linear.
		depth := 0
		p.nestFailed = true
		for j := s; j < len(d); j++ {
			if d[j] == '{' {
				depth++
			} else if d[j] == '}' {
				if depth == 0 {
					if j != e {
						p.note(NoteNestedComment, "comment with nested braces", open)
						hasNL = true
					}
					e = j
					p.nestFailed = false
					break
				}
				depth--
			}
		}
	}
	p.i = e + 1
	p.lastEnd = p.i
	p.attachComment(d[s:e], s)
	if hasNL {
		p.newlines(s, e)
	}
}

// attachComment gives comment text to the last move of the current line,
// or to the pre-comment of the game or variation.
func (p *parser) attachComment(body []byte, pos int) {
	g := p.g
	if p.afterRes && p.depth == 0 {
		g.PostComment = p.join(g.PostComment, trimSpace(body))
		return
	}
	m := p.lastMove()
	if m == nil {
		t := trimSpace(body)
		if p.depth == 0 {
			g.PreComment = p.join(g.PreComment, t)
		} else {
			v := &g.Variations[p.varParent]
			v.PreComment = p.join(v.PreComment, t)
		}
		return
	}
	p.sink = commentSink{}
	text := splitCommands(body, &p.sink, &g.text)
	s := &p.sink
	if s.hasClock {
		m.ClockMS = s.clockMS
	}
	if s.hasEmt {
		m.EmtMS = s.emtMS
	}
	if s.hasCP {
		m.EvalCP, m.HasEvalCP = s.evalCP, true
	}
	if s.hasMate {
		m.EvalMate, m.HasEvalMate = s.evalMate, true
	}
	if s.bad {
		p.note(NoteBadCommand, "unreadable comment command kept as text", pos)
	}
	m.Comment = p.join(m.Comment, text)
}

// join returns a followed by b (space-separated), copying into the arena
// only when both are non-empty. When a already ends the arena (an earlier
// join), b is appended in place, so that many comments on one move cost
// linear time.
func (p *parser) join(a, b []byte) []byte {
	if len(b) == 0 {
		return a
	}
	if len(a) == 0 {
		return b
	}
	t := &p.g.text
	n := len(*t)
	if n >= len(a) && &(*t)[n-len(a)] == &a[0] {
		start := n - len(a)
		*t = append(*t, ' ')
		*t = append(*t, b...)
		return (*t)[start:len(*t):len(*t)]
	}
	start := n
	*t = append(*t, a...)
	*t = append(*t, ' ')
	*t = append(*t, b...)
	return (*t)[start:len(*t):len(*t)]
}
