package i18n_test

import (
	"encoding/json"
	"io/fs"
	"testing"

	"github.com/warroom/warroom/catalog"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

// TestGameNamesOneSpelling: the name an engine gives itself (the terminal's
// help and errors print it) is the English of its catalogue's <id>.name,
// so a game has one name in the terminal, on Discord and on its boards;
// and that name is in the game's own catalogue, not the core's, so a new
// game names itself in its own directory.
func TestGameNamesOneSpelling(t *testing.T) {
	en := i18n.For("en")
	mods := catalog.All()
	if len(mods) < 5 {
		t.Fatalf("%d games in the catalogue, want the five games", len(mods))
	}
	core := map[string]catalogue{}
	for _, lang := range i18n.Languages {
		core[lang] = loadCatalogue(t, "render/locales/core", lang)
	}
	for _, m := range mods {
		info := m.Engine.Info()
		key := render.GameNameKey(info.ID)
		if want := en.T(key); info.Name != want {
			t.Errorf("engine %s is named %q, the catalogue's %s %q", info.ID, info.Name, key, want)
		}
		for _, lang := range i18n.Languages {
			if !moduleHas(t, m, lang, key) {
				t.Errorf("%s's own %s catalogue lacks %s", info.ID, lang, key)
			}
			if core[lang][key] != nil {
				t.Errorf("core.%s.json names %s: its name belongs in its own catalogue", lang, info.ID)
			}
		}
	}
}

// moduleHas reports whether the module's own catalogue files of lang
// (locales/*.<lang>.json in its Locales) hold the message id.
func moduleHas(t *testing.T, m catalog.Module, lang, id string) bool {
	t.Helper()
	files, err := fs.Glob(m.Locales, "locales/*."+lang+".json")
	if err != nil || len(files) == 0 {
		t.Fatalf("%s: no %s catalogue (%v)", m.ID(), lang, err)
	}
	for _, f := range files {
		data, err := fs.ReadFile(m.Locales, f)
		if err != nil {
			t.Fatal(err)
		}
		var c catalogue
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatalf("%s %s: %v", m.ID(), f, err)
		}
		if c[id] != nil {
			return true
		}
	}
	return false
}
