package tournament

import (
	"slices"
	"strings"
	"unicode"
)

// fold maps accented Latin letters to ASCII.
var fold = map[rune]string{
	'à': "a", 'á': "a", 'â': "a", 'ã': "a", 'ä': "a", 'å': "a", 'ā': "a", 'ă': "a", 'ą': "a",
	'ç': "c", 'ć': "c", 'č': "c", 'ĉ': "c", 'ċ': "c", 'ď': "d", 'đ': "d", 'ð': "d",
	'è': "e", 'é': "e", 'ê': "e", 'ë': "e", 'ē': "e", 'ĕ': "e", 'ė': "e", 'ę': "e", 'ě': "e",
	'ğ': "g", 'ĝ': "g", 'ġ': "g", 'ģ': "g", 'ĥ': "h", 'ħ': "h",
	'ì': "i", 'í': "i", 'î': "i", 'ï': "i", 'ī': "i", 'ĭ': "i", 'į': "i", 'ı': "i", 'ĵ': "j", 'ķ': "k",
	'ĺ': "l", 'ļ': "l", 'ľ': "l", 'ŀ': "l", 'ł': "l", 'ñ': "n", 'ń': "n", 'ņ': "n", 'ň': "n",
	'ò': "o", 'ó': "o", 'ô': "o", 'õ': "o", 'ö': "o", 'ø': "o", 'ō': "o", 'ŏ': "o", 'ő': "o",
	'ŕ': "r", 'ŗ': "r", 'ř': "r", 'ś': "s", 'ŝ': "s", 'ş': "s", 'š': "s", 'ș': "s", 'ß': "ss",
	'ţ': "t", 'ť': "t", 'ŧ': "t", 'ț': "t", 'ù': "u", 'ú': "u", 'û': "u", 'ü': "u", 'ũ': "u",
	'ū': "u", 'ŭ': "u", 'ů': "u", 'ű': "u", 'ų': "u", 'ŵ': "w", 'ý': "y", 'ÿ': "y", 'ŷ': "y",
	'ź': "z", 'ż': "z", 'ž': "z", 'æ': "ae", 'œ': "oe", 'þ': "th",
}

// nameTokens normalises a name for matching: lower case, accents folded,
// punctuation dropped, words sorted, so "Carlsen, Magnus", "Magnus Carlsen"
// and "CARLSEN Magnus" give the same tokens.
func nameTokens(s string) []string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if f, ok := fold[r]; ok {
			b.WriteString(f)
			continue
		}
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		} else {
			b.WriteByte(' ')
		}
	}
	tok := strings.Fields(b.String())
	slices.Sort(tok)
	return tok
}

// nameKey is the exact matching key of a name.
func nameKey(s string) string { return strings.Join(nameTokens(s), " ") }

// fuzzyName reports whether the shorter token list matches the longer one:
// every token equal, or an initial equal to a token's first letter, with at
// least one whole word (of two letters or more) in common.
func fuzzyName(a, b []string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(a) == 0 {
		return false
	}
	used := make([]bool, len(b))
	whole := false
	// Whole words first, then initials.
	for _, x := range a {
		if len(x) < 2 {
			continue
		}
		found := false
		for j, y := range b {
			if !used[j] && x == y {
				used[j], found, whole = true, true, true
				break
			}
		}
		if !found {
			return false
		}
	}
	for _, x := range a {
		if len(x) >= 2 {
			continue
		}
		found := false
		for j, y := range b {
			if !used[j] && y[0] == x[0] {
				used[j], found = true, true
				break
			}
		}
		if !found {
			return false
		}
	}
	return whole
}
