package i18n_test

import (
	"testing"

	"github.com/warroom/warroom/games"
	_ "github.com/warroom/warroom/games/blindaz"
	_ "github.com/warroom/warroom/games/flanders"
	_ "github.com/warroom/warroom/games/fow"
	_ "github.com/warroom/warroom/games/frontline"
	_ "github.com/warroom/warroom/games/trenches"
)

// TestGameNamesOneSpelling: the name an engine gives itself (the terminal's
// help and errors print it) is the English catalogue's game.<id>, so a game
// has one name in the terminal, on Discord and on its boards.
func TestGameNamesOneSpelling(t *testing.T) {
	en := loadCatalogue(t, "render/locales/core", "en")
	if len(games.All()) < 5 {
		t.Fatalf("%d engines registered, want the five games", len(games.All()))
	}
	for _, e := range games.All() {
		info := e.Info()
		if want, _ := en["game."+info.ID].(string); info.Name != want {
			t.Errorf("engine %s is named %q, the catalogue's game.%s %q", info.ID, info.Name, info.ID, want)
		}
	}
}
