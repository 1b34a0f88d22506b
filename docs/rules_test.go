// Package docs holds the project's documents; its test keeps them honest.
package docs

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var (
	specOf   = regexp.MustCompile(`docs/rules/([a-z-]+\.md)`)
	citation = regexp.MustCompile(`(?:§\s?|spec )(\d+(?:\.\d+)*)`)
	heading  = regexp.MustCompile(`(?m)^#{2,4}\s+(\d+(?:\.\d+)*)\.?\s`)
)

// TestRulesCitationsResolve: every game package names its spec in
// docs/rules, and every "§N" its code cites is a section of that spec, so
// a reader of a clone can follow any rule the code refers to.
func TestRulesCitationsResolve(t *testing.T) {
	dirs, err := filepath.Glob("../games/*/doc.go")
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no game packages found: %v", err)
	}
	for _, doc := range dirs {
		pkg := filepath.Dir(doc)
		raw, _ := os.ReadFile(doc)
		m := specOf.FindSubmatch(raw)
		if m == nil {
			t.Errorf("%s does not name its spec in docs/rules", doc)
			continue
		}
		spec, err := os.ReadFile(filepath.Join("rules", string(m[1])))
		if err != nil {
			t.Errorf("%s: %v", doc, err)
			continue
		}
		sections := map[string]bool{}
		for _, h := range heading.FindAllSubmatch(spec, -1) {
			sections[string(h[1])] = true
		}
		files, _ := filepath.Glob(filepath.Join(pkg, "*.go"))
		cited := 0
		for _, f := range files {
			src, _ := os.ReadFile(f)
			for _, c := range citation.FindAllSubmatch(src, -1) {
				cited++
				if sec := strings.TrimSuffix(string(c[1]), "."); !sections[sec] {
					t.Errorf("%s cites §%s, which %s does not have", f, sec, m[1])
				}
			}
		}
		if cited == 0 {
			t.Errorf("%s cites no section of %s", pkg, m[1])
		}
	}
}
