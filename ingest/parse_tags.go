package ingest

import "bytes"

// tag reads a tag pair at p.i ('[').
func (p *parser) tag() {
	d := p.d
	pos := p.i
	if fastPaths && p.quickTags(pos) {
		return
	}
	// the end of the line, cached: many tags on one long line must not
	// search for it again each time
	if p.nlPos < pos {
		p.nlPos = len(d)
		if k := bytes.IndexByte(d[pos:], '\n'); k >= 0 {
			p.nlPos = pos + k
		}
		// and the line's end without trailing blanks
		p.nlTrim = p.nlPos
		for p.nlTrim > pos && (d[p.nlTrim-1] == '\r' || d[p.nlTrim-1] == ' ' || d[p.nlTrim-1] == '\t') {
			p.nlTrim--
		}
	}
	e := p.nlPos
	if fastPaths && p.nlTrim > pos && p.simpleTag(d[pos:p.nlTrim], pos) {
		return
	}
	t := &p.tagBuf
	if !scanTagInto(d[pos:e], t) {
		// not a tag pair: skip to ']' on this line
		k := bytes.IndexByte(d[pos:e], ']')
		if k < 0 {
			k = e - pos - 1
		}
		p.note(NoteUnexpectedChar, "'[' not starting a tag pair skipped: "+clip(d[pos:pos+k+1]), pos)
		p.i = pos + k + 1
		return
	}
	p.i = pos + t.end
	p.lastEnd = p.i
	if p.sawMove || p.afterRes {
		p.note(NoteTagAfterMovetext, "tag pair after the movetext began: "+string(t.name), pos)
	}
	if t.flags != 0 {
		p.note(NoteTagSyntax, tagFlagText(t.flags)+" in tag "+string(t.name), pos)
	}
	g := p.g
	ref := tagRef{name: internTagName(t.name)}
	if ref.name == "" {
		ref.ns = len(g.tagArena)
		g.tagArena = append(g.tagArena, t.name...)
		ref.ne = len(g.tagArena)
	}
	ref.vs = len(g.tagArena)
	if t.escapes {
		g.tagArena = unescapeTag(g.tagArena, t.value)
	} else {
		g.tagArena = append(g.tagArena, t.value...)
	}
	ref.ve = len(g.tagArena)
	g.tagSpans = append(g.tagSpans, ref)
}

// addTag stores a tag pair whose value needs no unescaping; end is the
// index after it.
func (p *parser) addTag(name, value []byte, pos, end int) {
	p.addTagInterned(name, internTagName(name), value, pos, end)
}

// addTagInterned is addTag with internTagName(name) already known.
func (p *parser) addTagInterned(name []byte, intern string, value []byte, pos, end int) {
	p.i = end
	p.lastEnd = end
	if p.sawMove || p.afterRes {
		p.note(NoteTagAfterMovetext, "tag pair after the movetext began: "+string(name), pos)
	}
	g := p.g
	// The span is filled in place: a tagRef built aside and appended is
	// copied with wide loads that stall on its narrow stores.
	g.tagSpans = append(g.tagSpans, tagRef{})
	ref := &g.tagSpans[len(g.tagSpans)-1]
	ref.name = intern
	if intern == "" {
		ref.ns = len(g.tagArena)
		g.tagArena = append(g.tagArena, name...)
		ref.ne = len(g.tagArena)
	}
	ref.vs = len(g.tagArena)
	g.tagArena = append(g.tagArena, value...)
	ref.ve = len(g.tagArena)
}

func tagFlagText(f uint8) string {
	var parts []byte
	add := func(s string) {
		if len(parts) > 0 {
			parts = append(parts, ", "...)
		}
		parts = append(parts, s...)
	}
	if f&tagUnquoted != 0 {
		add("unquoted value")
	}
	if f&tagUnescapedQuote != 0 {
		add("unescaped quote")
	}
	if f&tagMissingBracket != 0 {
		add("missing ']'")
	}
	if f&tagBadEscape != 0 {
		add("escaped closing quote")
	}
	if f&tagUnterminated != 0 {
		add("unterminated value")
	}
	return string(parts)
}
