package chess

// A tiny test-only PGN reader: enough to replay the corpus games in these
// tests. The real tokenizer lives in another package.

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/internal/corpus"
)

// The -long flag (declared in perft_test.go) also makes the notation
// round trips visit every ply instead of every 8th.

// ntSharedPath returns the path of rel (slash-separated) in the shared
// corpus.
func ntSharedPath(rel string) string { return corpus.Path(rel) }

// ntReadShared reads rel (slash-separated) from the shared corpus, or
// skips the test when it is absent.
func ntReadShared(t testing.TB, rel string) []byte {
	t.Helper()
	b, err := os.ReadFile(corpus.Require(t, rel))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// ntGame is one game of a PGN file: its tags and its move tokens.
type ntGame struct {
	tags   map[string]string
	tokens [][]byte
}

// ntSplitGames splits PGN text into games: tag pairs, then movetext.
func ntSplitGames(data []byte) []ntGame {
	var games []ntGame
	var cur *ntGame
	var movetext []byte
	flush := func() {
		if cur != nil {
			cur.tokens = ntTokens(movetext)
			games = append(games, *cur)
		}
		cur, movetext = nil, nil
	}
	inMoves := false
	for _, line := range bytes.Split(data, []byte("\n")) {
		line = bytes.TrimRight(line, "\r")
		trimmed := bytes.TrimSpace(line)
		if len(trimmed) > 0 && trimmed[0] == '[' && (cur == nil || !inMoves) {
			if cur == nil {
				cur = &ntGame{tags: map[string]string{}}
			}
			if k, v, ok := ntParseTag(trimmed); ok {
				cur.tags[k] = v
			}
			continue
		}
		if len(trimmed) > 0 && trimmed[0] == '[' && inMoves {
			flush()
			inMoves = false
			cur = &ntGame{tags: map[string]string{}}
			if k, v, ok := ntParseTag(trimmed); ok {
				cur.tags[k] = v
			}
			continue
		}
		if len(trimmed) == 0 {
			continue
		}
		if cur == nil {
			cur = &ntGame{tags: map[string]string{}}
		}
		inMoves = true
		movetext = append(movetext, line...)
		movetext = append(movetext, '\n')
	}
	flush()
	return games
}

func ntParseTag(line []byte) (string, string, bool) {
	s := strings.TrimSuffix(strings.TrimPrefix(string(line), "["), "]")
	i := strings.IndexByte(s, ' ')
	if i < 0 {
		return "", "", false
	}
	v := strings.TrimSpace(s[i+1:])
	v = strings.TrimSuffix(strings.TrimPrefix(v, "\""), "\"")
	return s[:i], strings.ReplaceAll(v, "\\\"", "\""), true
}

// ntTokens strips comments, variations, move numbers, NAGs and
// results from movetext and returns the move tokens. A detached "e.p." or
// "+" is glued back to the move before it ("exd6 e.p.").
func ntTokens(text []byte) [][]byte {
	var clean []byte
	depth := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c == '{':
			j := bytes.IndexByte(text[i:], '}')
			if j < 0 {
				i = len(text)
			} else {
				i += j
			}
			clean = append(clean, ' ')
		case c == ';' && depth == 0:
			j := bytes.IndexByte(text[i:], '\n')
			if j < 0 {
				i = len(text)
			} else {
				i += j
			}
			clean = append(clean, ' ')
		case c == '(':
			depth++
			clean = append(clean, ' ')
		case c == ')':
			if depth > 0 {
				depth--
			}
			clean = append(clean, ' ')
		case depth > 0:
		default:
			clean = append(clean, c)
		}
	}
	var toks [][]byte
	for _, f := range bytes.Fields(clean) {
		// move numbers, glued or not: "12.", "12...", "1.e4"
		i := 0
		for i < len(f) && f[i] >= '0' && f[i] <= '9' {
			i++
		}
		if i > 0 && i < len(f) && f[i] == '.' {
			for i < len(f) && f[i] == '.' {
				i++
			}
			f = f[i:]
		}
		if len(f) == 0 || f[0] == '$' {
			continue
		}
		switch string(f) {
		case "1-0", "0-1", "1/2-1/2", "½-½", "*", "=":
			continue
		}
		if bytes.HasPrefix(f, []byte("e.p.")) || bytes.HasPrefix(f, []byte("ep")) || len(bytes.Trim(f, "+#")) == 0 {
			if n := len(toks); n > 0 {
				toks[n-1] = append(append(toks[n-1], ' '), f...)
			}
			continue
		}
		toks = append(toks, f)
	}
	return toks
}

// ntStartOf returns the start position of g (its FEN tag if any) and whether
// it is standard chess or Chess960 (other variants are skipped).
func ntStartOf(t testing.TB, g ntGame) (Position, bool) {
	if v, ok := g.tags["Variant"]; ok && v != "Standard" && v != "Chess960" && v != "From Position" {
		return Position{}, false
	}
	if fen, ok := g.tags["FEN"]; ok {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Errorf("bad FEN tag %q: %v", fen, err)
			return Position{}, false
		}
		if g.tags["Variant"] == "Chess960" {
			p.SetChess960(true)
		}
		return p, true
	}
	return StartPosition(), true
}

// ntStripGlyphs removes trailing annotation glyphs from a SAN token.
func ntStripGlyphs(tok []byte) string {
	return strings.TrimRight(string(tok), "!?")
}

// ntStripCheck removes trailing check and mate signs.
func ntStripCheck(s string) string {
	return strings.TrimRight(s, "+#")
}

// ntLongAlgebraic writes m in long algebraic notation with letters of lang:
// "Ng1-f3", "Ng1xf3", "e2-e4", "e7-e8=Q", castling as O-O.
func ntLongAlgebraic(p *Position, m Move, lang Language, dash bool) []byte {
	if m.IsCastle() {
		if m.To() > m.From() {
			return []byte("O-O")
		}
		return []byte("O-O-O")
	}
	var b []byte
	pc := p.PieceAt(m.From())
	if pc.Type() != Pawn {
		b = append(b, lang.PieceSymbol(pc.Type())...)
	}
	b = append(b, m.From().String()...)
	if p.CapturedPiece(m) != NoPiece {
		b = append(b, 'x')
	} else if dash {
		b = append(b, '-')
	}
	b = append(b, m.To().String()...)
	if m.IsPromotion() {
		b = append(b, '=')
		b = append(b, lang.PieceSymbol(m.Promotion())...)
	}
	return b
}
