package sheet

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestMessageTables checks every language's table against the list of
// keys in testdata/keys.golden (made from the English table with -update):
// every key in every language, with the same placeholders, and no empty
// text.
func TestMessageTables(t *testing.T) {
	en, err := LangFor("en")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, k := range sortedKeys(en) {
		fmt.Fprintf(&b, "%s %s\n", k, strings.Join(placeholders(en.msgs[k]), ","))
	}
	golden(t, "keys.golden", b.String())
	want := b.String()
	langs := Languages()
	if !slices.Contains(langs, "de") || !slices.Contains(langs, "en") {
		t.Fatalf("languages %v, want de and en among them", langs)
	}
	for _, code := range langs {
		l, err := LangFor(code)
		if err != nil {
			t.Fatal(err)
		}
		var got strings.Builder
		for _, k := range sortedKeys(l) {
			fmt.Fprintf(&got, "%s %s\n", k, strings.Join(placeholders(l.msgs[k]), ","))
			if strings.TrimSpace(l.msgs[k]) == "" && k != "num.group" {
				t.Errorf("%s: %s is empty", code, k)
			}
		}
		if got.String() != want {
			gl, wl := strings.Split(got.String(), "\n"), strings.Split(want, "\n")
			for _, line := range wl {
				if !slices.Contains(gl, line) {
					t.Errorf("%s: missing or different: %q", code, line)
				}
			}
			for _, line := range gl {
				if !slices.Contains(wl, line) {
					t.Errorf("%s: not in English: %q", code, line)
				}
			}
		}
	}
}

func sortedKeys(l *Lang) []string {
	var ks []string
	for k := range l.msgs {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// TestMessageFiles checks that the files are plain JSON objects of
// strings, as a translator would write them.
func TestMessageFiles(t *testing.T) {
	for _, code := range Languages() {
		data, err := os.ReadFile("lang/" + code + ".json")
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]string
		if err := json.Unmarshal(data, &m); err != nil {
			t.Errorf("%s.json: %v", code, err)
		}
	}
	if _, err := parseLang("xx", []byte(`{"a": 1}`)); err == nil {
		t.Error("a table with a number was read")
	}
}

func TestFill(t *testing.T) {
	for _, tc := range []struct {
		s    string
		args []string
		want string
	}{
		{"plain", nil, "plain"},
		{"{a} and {b}", []string{"a", "1", "b", "2"}, "1 and 2"},
		{"{a}{a}", []string{"a", "x"}, "xx"},
		{"{missing} stays", []string{"a", "1"}, "{missing} stays"},
		{"open { brace", []string{"a", "1"}, "open { brace"},
		{"{a} odd", []string{"a"}, "{a} odd"},
		{"value {a}", []string{"a", "{b}", "b", "no"}, "value {b}"}, // values are not filled again
	} {
		if got := fill(tc.s, tc.args); got != tc.want {
			t.Errorf("fill(%q, %q) = %q, want %q", tc.s, tc.args, got, tc.want)
		}
	}
}

func FuzzFill(f *testing.F) {
	f.Add("{a} b {c", "a", "x")
	f.Add("}{", "", "")
	f.Fuzz(func(t *testing.T, s, name, value string) {
		got := fill(s, []string{name, value})
		if !strings.Contains(s, "{") && got != s {
			t.Fatalf("fill(%q) = %q without placeholders", s, got)
		}
		if name != "" && !strings.ContainsAny(name, "{}") && !strings.ContainsAny(value, "{}") && strings.Contains(got, "{"+name+"}") && !strings.Contains(value, name) {
			t.Fatalf("fill(%q, %q=%q) left the placeholder: %q", s, name, value, got)
		}
	})
}

func TestNumbers(t *testing.T) {
	en, _ := LangFor("en")
	de, _ := LangFor("de")
	for _, tc := range []struct {
		l    *Lang
		got  string
		want string
	}{
		{en, en.Int(1234), "1234"},
		{en, en.Int(12345), "12,345"},
		{de, de.Int(1234567), "1.234.567"},
		{de, de.Int(-12345), "-12.345"},
		{de, de.Dec(3.5, 1), "3,5"},
		{en, en.Points(3.5), "3.5"},
		{de, de.Points(3), "3"},
		{de, de.Bytes(2_500_000), "2,5 MB"},
		{en, Cap("été"), "Été"},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.l.Code, tc.got, tc.want)
		}
	}
	if _, err := LangFor("xx"); err == nil {
		t.Error("LangFor(xx) succeeded")
	}
}

// placeholders returns the sorted, distinct {names} of s.
func placeholders(s string) []string {
	var out []string
	for {
		i := strings.IndexByte(s, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			break
		}
		out = append(out, s[i+1:i+j])
		s = s[i+j+1:]
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestEveryKindHasATitle checks that every finding kind the code declares
// (a constant Kind... = "..." in validate, audit or tournament) has a
// title in the message tables, so that the page never shows a bare code.
func TestEveryKindHasATitle(t *testing.T) {
	en, err := LangFor("en")
	if err != nil {
		t.Fatal(err)
	}
	decl := regexp.MustCompile(`(?m)^\s*Kind\w*\s*=\s*"([a-z0-9_]+)"`)
	var files []string
	for _, pat := range []string{"../validate/*.go", "../audit/*.go", "../tournament/*.go"} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	n := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range decl.FindAllStringSubmatch(string(b), -1) {
			n++
			if _, ok := en.msgs["kind."+m[1]]; !ok {
				t.Errorf("%s: kind %s has no title (kind.%s in lang/*.json)", f, m[1], m[1])
			}
		}
	}
	if n < 40 {
		t.Errorf("only %d kinds found: the pattern has stopped matching", n)
	}
}
