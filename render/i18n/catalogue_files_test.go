package i18n_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// repoRoot is the repository root seen from this package's directory.
const repoRoot = "../.."

// catalogue is one message file as written: id -> string, or id -> plural
// map (one/few/many/other).
type catalogue map[string]any

// catalogueBases lists every catalogue of the repository without the
// language suffix, e.g. render/flanders/locales/flanders.
func catalogueBases(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, pat := range []string{"render/locales/*.en.json", "render/*/locales/*.en.json", "cmd/warroom/locales/*.en.json"} {
		m, err := filepath.Glob(filepath.Join(repoRoot, pat))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range m {
			rel, _ := filepath.Rel(repoRoot, f)
			out = append(out, strings.TrimSuffix(filepath.ToSlash(rel), ".en.json"))
		}
	}
	sort.Strings(out)
	if len(out) < 7 {
		t.Fatalf("found only %d catalogues: %v", len(out), out)
	}
	return out
}

func loadCatalogue(t *testing.T, base, lang string) catalogue {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot, base+"."+lang+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var c catalogue
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatalf("%s.%s.json: %v", base, lang, err)
	}
	return c
}

// forms returns a message's forms: {"": text} for a plain string, the
// plural categories for a plural map.
func forms(v any) map[string]string {
	switch m := v.(type) {
	case string:
		return map[string]string{"": m}
	case map[string]any:
		out := map[string]string{}
		for k, s := range m {
			if str, ok := s.(string); ok && k != "description" && k != "hash" {
				out[k] = str
			}
		}
		return out
	}
	return nil
}

// joined is every form of a message, one per line.
func joined(v any) string {
	f := forms(v)
	keys := make([]string, 0, len(f))
	for k := range f {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(f[k])
		b.WriteByte('\n')
	}
	return b.String()
}

func sortedKeys(c catalogue) []string {
	out := make([]string, 0, len(c))
	for k := range c {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestNoDuplicateIDs: a message id written twice in one file loses its
// first text silently (JSON keeps the last), so it is an error.
func TestNoDuplicateIDs(t *testing.T) {
	for _, base := range catalogueBases(t) {
		for _, lang := range []string{"en", "pl", "ru"} {
			name := base + "." + lang + ".json"
			data, err := os.ReadFile(filepath.Join(repoRoot, name))
			if err != nil {
				t.Fatal(err)
			}
			for _, id := range duplicateKeys(t, data) {
				t.Errorf("%s: %q is written twice", name, id)
			}
		}
	}
	if got := duplicateKeys(t, []byte(`{"a": "x", "b": {"one": "1", "other": "2"}, "a": "y"}`)); len(got) != 1 || got[0] != "a" {
		t.Errorf("duplicateKeys missed a duplicate: %v", got)
	}
}

// duplicateKeys lists the top-level keys of a JSON object that appear more
// than once.
func duplicateKeys(t *testing.T, data []byte) []string {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(string(data)))
	if _, err := dec.Token(); err != nil { // {
		t.Fatal(err)
	}
	seen, out := map[string]bool{}, []string(nil)
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		key := tok.(string)
		if seen[key] {
			out = append(out, key)
		}
		seen[key] = true
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return out
}
