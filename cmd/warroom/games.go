package main

import (
	"embed"
	"strings"
	"sync"

	"github.com/warroom/warroom/catalog"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render/i18n"
)

// The terminal's own lines (warroom play), in English, Polish and Russian.
//
//go:embed locales/*.json
var locales embed.FS

// modules are the games this binary hosts (catalog.All), built once with
// their catalogues of words and the terminal's own loaded.
var modules = sync.OnceValue(func() catalog.Set {
	i18n.Register(locales, "locales")
	mods := catalog.All()
	catalog.Load(mods)
	return catalog.NewSet(mods)
})

func gameIDs() []string { return modules().IDs() }

// lookupGame finds a game by its id, in any case ("Flanders").
func lookupGame(name string) (games.Engine, bool) {
	return modules().Engine(strings.ToLower(name))
}
