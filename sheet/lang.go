package sheet

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// The message tables: lang/<code>.json, one object of key -> text. A text
// may hold named placeholders, {name}, filled by Lang.T; every language
// must have every key of English with the same placeholders (a test checks
// it).
//
//go:embed lang/*.json
var langFiles embed.FS

// Lang is one language's message table.
type Lang struct {
	Code string
	msgs map[string]string
}

var (
	langOnce sync.Once
	langs    map[string]*Lang
	langErr  error
)

func loadLangs() {
	langs = map[string]*Lang{}
	names, err := fs.Glob(langFiles, "lang/*.json")
	if err != nil {
		langErr = err
		return
	}
	for _, name := range names {
		data, err := langFiles.ReadFile(name)
		if err != nil {
			langErr = err
			return
		}
		l, err := parseLang(strings.TrimSuffix(path.Base(name), ".json"), data)
		if err != nil {
			langErr = err
			return
		}
		langs[l.Code] = l
	}
}

// parseLang reads one message table.
func parseLang(code string, data []byte) (*Lang, error) {
	l := &Lang{Code: code}
	if err := json.Unmarshal(data, &l.msgs); err != nil {
		return nil, fmt.Errorf("sheet: message table %s: %w", code, err)
	}
	return l, nil
}

// Languages returns the codes of the message tables, sorted ("de", "en").
func Languages() []string {
	langOnce.Do(loadLangs)
	var out []string
	for c := range langs {
		out = append(out, c)
	}
	slices.Sort(out)
	return out
}

// LangFor returns the message table of a language code ("" is English).
func LangFor(code string) (*Lang, error) {
	langOnce.Do(loadLangs)
	if langErr != nil {
		return nil, langErr
	}
	if code == "" {
		code = "en"
	}
	l, ok := langs[strings.ToLower(code)]
	if !ok {
		return nil, fmt.Errorf("sheet: no message table for language %q (have %s)", code, strings.Join(Languages(), ", "))
	}
	return l, nil
}

// Has reports whether the table has key.
func (l *Lang) Has(key string) bool {
	_, ok := l.msgs[key]
	return ok
}

// T returns the text of key with its placeholders filled from args, given
// as name, value pairs: T("msg.x", "ply", "12"). A key the table lacks
// gives the key itself, so that a gap shows instead of vanishing (the
// tests make sure there is none).
func (l *Lang) T(key string, args ...string) string {
	s, ok := l.msgs[key]
	if !ok {
		return key
	}
	if !strings.Contains(s, "{") {
		return s
	}
	return fill(s, args)
}

// fill replaces each {name} of s by the value of name in args; a
// placeholder without a value stays as written.
func fill(s string, args []string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '{')
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		name := s[i+1 : i+j]
		v, ok := lookup(args, name)
		if ok {
			b.WriteString(v)
		} else {
			b.WriteString(s[i : i+j+1])
		}
		s = s[i+j+1:]
	}
}

func lookup(args []string, name string) (string, bool) {
	for k := 0; k+1 < len(args); k += 2 {
		if args[k] == name {
			return args[k+1], true
		}
	}
	return "", false
}

// Int writes n with the language's digit grouping (num.group).
func (l *Lang) Int(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	sep := l.T("num.group")
	if len(s) > 4 { // 1234 stays 1234
		var b strings.Builder
		pre := len(s) % 3
		if pre > 0 {
			b.WriteString(s[:pre])
		}
		for i := pre; i < len(s); i += 3 {
			if b.Len() > 0 {
				b.WriteString(sep)
			}
			b.WriteString(s[i : i+3])
		}
		s = b.String()
	}
	if neg {
		s = "-" + s
	}
	return s
}

// Dec writes f with prec decimals and the language's decimal sign.
func (l *Lang) Dec(f float64, prec int) string {
	s := strconv.FormatFloat(f, 'f', prec, 64)
	if d := l.T("num.decimal"); d != "." {
		s = strings.Replace(s, ".", d, 1)
	}
	return s
}

// Bytes writes a byte count in B, kB, MB or GB (powers of 1000).
func (l *Lang) Bytes(n int64) string {
	switch {
	case n < 1000:
		return l.Int(n) + " B"
	case n < 1e6:
		return l.Dec(float64(n)/1e3, 1) + " kB"
	case n < 1e9:
		return l.Dec(float64(n)/1e6, 1) + " MB"
	}
	return l.Dec(float64(n)/1e9, 2) + " GB"
}

// Points writes a score: 3, 3.5 ("3,5" in German), and ½ as "½".
func (l *Lang) Points(f float64) string {
	if f == float64(int64(f)) {
		return strconv.FormatInt(int64(f), 10)
	}
	if f*2 == float64(int64(f*2)) {
		return l.Dec(f, 1)
	}
	return l.Dec(f, 2)
}

// Cap returns s with its first letter in upper case (the messages start
// in lower case, as validate's do, and open a sentence on the page).
func Cap(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || !unicode.IsLower(r) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}
