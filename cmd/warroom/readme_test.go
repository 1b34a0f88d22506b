package main

import (
	"encoding/json"
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
	section := regexp.MustCompile("(?s)## Reproducing a rules case.*?\n## ").FindString(readme)
	blocks := regexp.MustCompile("(?s)```json\n(.*?)```").FindAllStringSubmatch(section, -1)
	if len(blocks) < 2 {
		t.Fatalf("found %d replay examples in the README, want 2", len(blocks))
	}
	for i, block := range blocks {
		f := filepath.Join(t.TempDir(), "case.json")
		os.WriteFile(f, []byte(block[1]), 0o600)
		out, errs, code := run(t, "", "replay", f)
		var res ReplayResult
		if err := json.Unmarshal([]byte(out), &res); code != 0 || err != nil {
			t.Fatalf("the README's replay example %d fails: %v %s\n%s", i+1, err, errs, out)
		}
		// The first example is refused nowhere; a later one may show a
		// refusal, but only one whose code the section names.
		if i == 0 && (res.Error != "" || res.Rejected != 0) {
			t.Fatalf("the README's first replay example has an error: %s", res.Error)
		}
		for _, s := range res.Steps {
			if !s.OK && (s.Code == "" || !strings.Contains(section, "`"+s.Code+"`")) {
				t.Errorf("the README's replay example %d: step %q refused with %q, which the README does not mention", i+1, s.Line, s.Error)
			}
			if s.Note != "" && !strings.Contains(section, "note") {
				t.Errorf("an unexplained note: %s", s.Note)
			}
		}
		if len(res.Steps) == 0 {
			t.Errorf("the README's replay example %d has no steps", i+1)
		}
	}
}
