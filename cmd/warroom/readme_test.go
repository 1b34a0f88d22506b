package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// docPages are the pages whose examples TestREADMEExamplesRun runs: the
// README and the pages for players, admins and developers it links to.
var docPages = []string{"README.md", "docs/players.md", "docs/admins.md", "docs/developers.md"}

// readDocs returns each page's text by its path from the repository root.
func readDocs(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, p := range docPages {
		raw, err := os.ReadFile(filepath.Join("../..", p))
		if err != nil {
			t.Fatal(err)
		}
		out[p] = string(raw)
	}
	return out
}

// TestREADMEExamplesRun runs the documentation's examples as written: every
// `warroom play` line of the README and its pages (interactive ones get
// "q") and the replay files of the developers' page.
func TestREADMEExamplesRun(t *testing.T) {
	pages := readDocs(t)
	playRe := regexp.MustCompile("(?:go run \\./cmd/)?warroom (play [a-z]+[^`\\n#]*)")
	ran := 0
	for _, page := range docPages {
		for _, m := range playRe.FindAllStringSubmatch(pages[page], -1) {
			args := strings.Fields(m[1])
			for i, a := range args {
				if a == "out/" || a == "DIR" {
					args[i] = t.TempDir()
				}
			}
			if len(args) < 2 || args[1] == "<game>" {
				continue
			}
			ran++
			if _, errs, code := run(t, "q\n", args...); code != 0 {
				t.Errorf("%s example `warroom %s` failed: %s", page, m[1], errs)
			}
		}
	}
	if ran < 5 {
		t.Fatalf("ran %d play examples, want one per game at least", ran)
	}
	section := regexp.MustCompile("(?s)## Reproducing a rules case.*?(?:\n## |$)").FindString(pages["docs/developers.md"])
	blocks := regexp.MustCompile("(?s)```json\n(.*?)```").FindAllStringSubmatch(section, -1)
	if len(blocks) < 2 {
		t.Fatalf("found %d replay examples in docs/developers.md, want 2", len(blocks))
	}
	for i, block := range blocks {
		checkReplayExample(t, i, block[1], section)
	}
}

// checkReplayExample runs one replay file of the developers' page: the
// first is refused nowhere; a later one may show a refusal, but only one
// whose code the section names.
func checkReplayExample(t *testing.T, i int, file, section string) {
	t.Helper()
	f := filepath.Join(t.TempDir(), "case.json")
	os.WriteFile(f, []byte(file), 0o600)
	out, errs, code := run(t, "", "replay", f)
	var res ReplayResult
	if err := json.Unmarshal([]byte(out), &res); code != 0 || err != nil {
		t.Fatalf("replay example %d fails: %v %s\n%s", i+1, err, errs, out)
	}
	if i == 0 && (res.Error != "" || res.Rejected != 0) {
		t.Fatalf("the first replay example has an error: %s", res.Error)
	}
	for _, s := range res.Steps {
		if !s.OK && (s.Code == "" || !strings.Contains(section, "`"+s.Code+"`")) {
			t.Errorf("replay example %d: step %q refused with %q, which the page does not mention", i+1, s.Line, s.Error)
		}
		if s.Note != "" && !strings.Contains(section, "note") {
			t.Errorf("an unexplained note: %s", s.Note)
		}
	}
	if len(res.Steps) == 0 {
		t.Errorf("replay example %d has no steps", i+1)
	}
}

// TestDocLinksResolve: every relative link and picture of the README, its
// pages and the glossary's page leads to a file of the repository, so a
// reader of a clone never meets a path that exists only on someone's machine;
// and every code fence is closed.
func TestDocLinksResolve(t *testing.T) {
	pages := readDocs(t)
	raw, err := os.ReadFile("../../docs/glossary/README.md")
	if err != nil {
		t.Fatal(err)
	}
	pages["docs/glossary/README.md"] = string(raw)
	fence := regexp.MustCompile("(?m)^ *```")
	link := regexp.MustCompile(`\]\(([^)#\s]+)(?:#[^)]*)?\)|src="([^"]+)"`)
	for page, text := range pages {
		if n := len(fence.FindAllString(text, -1)); n%2 != 0 {
			t.Errorf("%s has %d code fences: one is not closed", page, n)
		}
		if strings.Contains(text, "/work/") {
			t.Errorf("%s names a path outside the repository (/work/...)", page)
		}
		for _, m := range link.FindAllStringSubmatch(text, -1) {
			target := m[1] + m[2]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			rel := filepath.ToSlash(filepath.Join(filepath.Dir(page), target))
			if _, err := os.Stat(filepath.Join("../..", rel)); err != nil {
				t.Errorf("%s links to %s, which is not in the repository", page, target)
			}
		}
	}
}
