package i18n_test

import (
	"testing"

	"github.com/warroom/warroom/catalog"
)

// TestGameNamesOneSpelling: the name an engine gives itself (the terminal's
// help and errors print it) is the English catalogue's game.<id>, so a game
// has one name in the terminal, on Discord and on its boards.
func TestGameNamesOneSpelling(t *testing.T) {
	en := loadCatalogue(t, "render/locales/core", "en")
	mods := catalog.All()
	if len(mods) < 5 {
		t.Fatalf("%d games in the catalogue, want the five games", len(mods))
	}
	for _, m := range mods {
		info := m.Engine.Info()
		if want, _ := en["game."+info.ID].(string); info.Name != want {
			t.Errorf("engine %s is named %q, the catalogue's game.%s %q", info.ID, info.Name, info.ID, want)
		}
	}
}
