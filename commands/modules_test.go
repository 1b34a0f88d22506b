package commands

import (
	"os"
	"testing"

	"github.com/warroom/warroom/catalog"
	"github.com/warroom/warroom/games"
)

// TestMain loads the catalogues of words as NewService does, for tests
// that build a Service literal.
func TestMain(m *testing.M) {
	catalog.Load(testMods.Modules())
	os.Exit(m.Run())
}

// testMods are the games this package's tests serve: every real game and
// the stand-ins of race_test.go and timer_test.go.
var testMods = catalog.NewSet(append(catalog.All(),
	catalog.Module{Engine: games.Adapt[raceState](race{}), Renderer: raceRenderer{}},
	catalog.Module{Engine: games.Adapt[raceState](referee{}), Renderer: raceRenderer{}},
))

// modOf is the test module of eng's game.
func modOf(eng games.Engine) catalog.Module {
	m, _ := testMods.Get(eng.Info().ID)
	return m
}
