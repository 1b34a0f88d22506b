package i18n_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The glossaries in docs/glossary/<game>.json fix each game's terms in
// Polish and Russian (from the original rulebooks where they exist). This
// test holds every catalogue to them.

type glossaryLang struct {
	Term      string   `json:"term"`
	Match     []string `json:"match"`      // stems, one of which a translation of a text with the English term contains
	Avoid     []string `json:"avoid"`      // regexps no message of the glossary's catalogues may contain
	AvoidHere []string `json:"avoid_here"` // regexps a translation of a text with the English term may not contain
	Source    string   `json:"source"`
}

type glossaryTerm struct {
	ID    string   `json:"id"`
	En    string   `json:"en"`    // regexp on the English text
	Scope []string `json:"scope"` // id prefixes the presence check looks at (all when empty)
	Skip  []string `json:"skip"`  // ids or id prefixes the presence check leaves out
	// EnAvoid lists regexps no English message may contain (a name's
	// other spelling: one name in every language).
	EnAvoid []string     `json:"en_avoid"`
	Pl      glossaryLang `json:"pl"`
	Ru      glossaryLang `json:"ru"`
}

type glossary struct {
	Game       string         `json:"game"`
	Note       string         `json:"note"`
	Catalogues []string       `json:"catalogues"`
	Terms      []glossaryTerm `json:"terms"`
}

func loadGlossaries(t *testing.T) []glossary {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(repoRoot, "docs/glossary/*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no glossaries: %v", err)
	}
	var out []glossary
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var g glossary
		if err := json.Unmarshal(data, &g); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if g.Game == "" || len(g.Catalogues) == 0 || len(g.Terms) == 0 {
			t.Fatalf("%s: needs game, catalogues and terms", f)
		}
		out = append(out, g)
	}
	return out
}

// placeholder is a template action: its field names are not English text.
var placeholder = regexp.MustCompile(`{{[^}]*}}`)

func hasPrefix(id string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(id, p) {
			return true
		}
	}
	return false
}

func compileAll(t *testing.T, where string, pats []string) []*regexp.Regexp {
	t.Helper()
	var out []*regexp.Regexp
	for _, p := range pats {
		re, err := regexp.Compile("(?i)" + p)
		if err != nil {
			t.Fatalf("%s: %q: %v", where, p, err)
		}
		out = append(out, re)
	}
	return out
}

func TestGlossary(t *testing.T) {
	gs := loadGlossaries(t)
	games := map[string]bool{}
	for _, g := range gs {
		games[g.Game] = true
	}
	for _, want := range []string{"core", "flanders", "trenches", "frontline", "blindaz", "fow"} {
		if !games[want] {
			t.Errorf("no glossary for %s", want)
		}
	}
	readme, err := os.ReadFile(filepath.Join(repoRoot, "docs/glossary/README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range gs {
		for _, term := range g.Terms {
			if !strings.Contains(string(readme), "| "+term.ID+" | ") {
				t.Errorf("docs/glossary/README.md lacks %s's term %s", g.Game, term.ID)
			}
		}
	}
	for _, g := range gs {
		for _, base := range g.Catalogues {
			en := loadCatalogue(t, base, "en")
			checkEnglish(t, base, g, en)
			for _, lang := range []string{"pl", "ru"} {
				tr := loadCatalogue(t, base, lang)
				for _, term := range g.Terms {
					gl := term.Pl
					if lang == "ru" {
						gl = term.Ru
					}
					where := g.Game + "/" + term.ID + "/" + lang
					if gl.Term == "" || gl.Source == "" {
						t.Errorf("%s: the glossary needs the term and its source", where)
					}
					avoid := compileAll(t, where, gl.Avoid)
					here := compileAll(t, where, gl.AvoidHere)
					enRe := compileAll(t, where, []string{term.En})[0]
					for _, id := range sortedKeys(tr) {
						text := joined(tr[id])
						for _, re := range avoid {
							if m := re.FindString(text); m != "" {
								t.Errorf("%s.%s.json %s: %q is to be avoided (%s: %s)", base, lang, id, m, term.ID, gl.Term)
							}
						}
						if en[id] == nil || !enRe.MatchString(placeholder.ReplaceAllString(joined(en[id]), "")) {
							continue
						}
						if (len(term.Scope) > 0 && !hasPrefix(id, term.Scope)) || hasPrefix(id, term.Skip) {
							continue
						}
						for _, re := range here {
							if m := re.FindString(text); m != "" {
								t.Errorf("%s.%s.json %s: %q is to be avoided here (%s: %s)", base, lang, id, m, term.ID, gl.Term)
							}
						}
						if len(gl.Match) == 0 {
							continue
						}
						low := strings.ToLower(text)
						found := false
						for _, s := range gl.Match {
							if strings.Contains(low, strings.ToLower(s)) {
								found = true
								break
							}
						}
						if !found {
							t.Errorf("%s.%s.json %s: the English has %q but the text lacks %q: %q", base, lang, id, term.ID, gl.Term, strings.TrimSpace(text))
						}
					}
				}
			}
		}
	}
}

// checkEnglish holds the English catalogue to each term's en_avoid.
func checkEnglish(t *testing.T, base string, g glossary, en catalogue) {
	t.Helper()
	for _, term := range g.Terms {
		for _, re := range compileAll(t, g.Game+"/"+term.ID+"/en", term.EnAvoid) {
			for _, id := range sortedKeys(en) {
				if m := re.FindString(joined(en[id])); m != "" {
					t.Errorf("%s.en.json %s: %q is to be avoided (%s)", base, id, m, term.ID)
				}
			}
		}
	}
}
