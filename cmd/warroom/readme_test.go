package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestREADMEExamplesRun runs the README's examples as written: every
// `warroom play` line (interactive ones get "q") and the replay file.
func TestREADMEExamplesRun(t *testing.T) {
	raw, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(raw)
	plays := regexp.MustCompile("(?:go run \\./cmd/)?warroom (play [a-z]+[^`\\n#]*)").FindAllStringSubmatch(readme, -1)
	if len(plays) < 3 {
		t.Fatalf("found %d play examples", len(plays))
	}
	for _, m := range plays {
		args := strings.Fields(m[1])
		for i, a := range args {
			if a == "out/" || a == "DIR" {
				args[i] = t.TempDir()
			}
		}
		if len(args) < 2 || args[1] == "<game>" {
			continue
		}
		if _, errs, code := run(t, "q\n", args...); code != 0 {
			t.Errorf("README example `warroom %s` failed: %s", m[1], errs)
		}
	}
	block := regexp.MustCompile("(?s)## Reproducing a rules case.*?```json\n(.*?)```").FindStringSubmatch(readme)
	if block == nil {
		t.Fatal("no replay example in the README")
	}
	f := filepath.Join(t.TempDir(), "case.json")
	os.WriteFile(f, []byte(block[1]), 0o600)
	out, errs, code := run(t, "", "replay", f)
	if code != 0 || strings.Contains(out, `"error"`) {
		t.Fatalf("the README's replay example fails: %s\n%s", errs, out)
	}
}
