package ingest

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// glob is filepath.Glob with one extension: a path element "**" matches
// any number of folders, none included ("games/**/*.pgn" finds every
// .pgn below games/). Matches are in lexical order; hidden folders are
// not entered by "**".
func glob(pattern string) ([]string, error) {
	if !strings.Contains(pattern, "**") {
		return filepath.Glob(pattern)
	}
	elems := strings.Split(filepath.ToSlash(pattern), "/")
	// The fixed folder the pattern starts from.
	root, i := "", 0
	for ; i < len(elems) && !hasMeta(elems[i]); i++ {
		root += elems[i] + "/"
	}
	if root == "" {
		root = "."
	}
	rest := elems[i:]
	for _, e := range rest {
		if strings.Contains(e, "**") && e != "**" {
			return nil, filepath.ErrBadPattern // "a**b" is not a recursive element
		}
		if _, err := filepath.Match(e, ""); err != nil {
			return nil, err
		}
	}
	var out []string
	err := filepath.WalkDir(filepath.FromSlash(root), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // an unreadable folder matches nothing
		}
		rel, rerr := filepath.Rel(filepath.FromSlash(root), path)
		if rerr != nil || rel == "." {
			return nil
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), ".") {
			return fs.SkipDir
		}
		if matchElems(rest, strings.Split(filepath.ToSlash(rel), "/")) {
			out = append(out, path)
		}
		return nil
	})
	if err != nil && !os.IsNotExist(err) {
		return nil, err
	}
	slices.Sort(out)
	return out, nil
}

func hasMeta(s string) bool { return strings.ContainsAny(s, `*?[\`) }

// matchElems matches path elements against pattern elements, "**"
// standing for any number of elements.
func matchElems(pat, path []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			for k := 0; k <= len(path); k++ {
				if matchElems(pat[1:], path[k:]) {
					return true
				}
			}
			return false
		}
		if len(path) == 0 {
			return false
		}
		if ok, _ := filepath.Match(pat[0], path[0]); !ok {
			return false
		}
		pat, path = pat[1:], path[1:]
	}
	return len(path) == 0
}
