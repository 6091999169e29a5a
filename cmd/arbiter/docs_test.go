package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var (
	fenced    = regexp.MustCompile("(?ms)^```.*?^```")
	codeSpan  = regexp.MustCompile("`[^`\n]*`")
	mdLink    = regexp.MustCompile(`!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)
	heading   = regexp.MustCompile(`(?m)^#{1,6}\s+(.*?)\s*#*\s*$`)
	linkText  = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)
	notAnchor = regexp.MustCompile(`[^\p{L}\p{N}_\- ]`)
)

// anchorsOf returns the anchors GitHub gives the headings of a Markdown
// text: lower case, punctuation dropped, spaces as '-', repeats numbered.
func anchorsOf(text string) map[string]bool {
	out, seen := map[string]bool{}, map[string]int{}
	for _, m := range heading.FindAllStringSubmatch(fenced.ReplaceAllString(text, ""), -1) {
		h := strings.ToLower(strings.TrimSpace(strings.ReplaceAll(m[1], "`", "")))
		h = linkText.ReplaceAllString(h, "$1")
		s := strings.ReplaceAll(notAnchor.ReplaceAllString(h, ""), " ", "-")
		if n := seen[s]; n > 0 {
			out[s+"-"+strconv.Itoa(n)] = true
		} else {
			out[s] = true
		}
		seen[s]++
	}
	return out
}

// TestDocLinks checks that every relative link of README.md and docs/*.md
// names a file of the repository, and a heading of it when it has an
// #anchor.
func TestDocLinks(t *testing.T) {
	root := filepath.Join("..", "..")
	files, _ := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	files = append([]string{filepath.Join(root, "README.md")}, files...)
	checked := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		text := codeSpan.ReplaceAllString(fenced.ReplaceAllString(string(b), ""), "")
		for _, m := range mdLink.FindAllStringSubmatch(text, -1) {
			link := m[1]
			if regexp.MustCompile(`^[a-z]+:`).MatchString(link) {
				continue
			}
			checked++
			path, frag, _ := strings.Cut(link, "#")
			target := f
			if path != "" {
				target = filepath.Join(filepath.Dir(f), path)
			}
			tb, err := os.ReadFile(target)
			if err != nil && !isDir(target) {
				t.Errorf("%s: %s: no such file", filepath.Base(f), link)
				continue
			}
			if frag != "" && strings.HasSuffix(target, ".md") && !anchorsOf(string(tb))[frag] {
				t.Errorf("%s: %s: no heading #%s", filepath.Base(f), link, frag)
			}
		}
	}
	if checked < 20 {
		t.Errorf("only %d links checked: the pattern has stopped matching", checked)
	}
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}
