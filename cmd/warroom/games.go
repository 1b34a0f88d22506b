package main

import (
	"strings"

	"github.com/warroom/warroom/games"

	// The games this binary hosts: each rules package registers its engine
	// and each render package its renderer.
	_ "github.com/warroom/warroom/games/blindaz"
	_ "github.com/warroom/warroom/games/flanders"
	_ "github.com/warroom/warroom/games/fow"
	_ "github.com/warroom/warroom/games/frontline"
	_ "github.com/warroom/warroom/games/trenches"
	_ "github.com/warroom/warroom/render/blindaz"
	_ "github.com/warroom/warroom/render/flanders"
	_ "github.com/warroom/warroom/render/fow"
	_ "github.com/warroom/warroom/render/frontline"
	_ "github.com/warroom/warroom/render/trenches"
)

func gameIDs() []string {
	var ids []string
	for _, e := range games.All() {
		ids = append(ids, e.Info().ID)
	}
	return ids
}

// lookupGame finds a game by its id, in any case ("Flanders").
func lookupGame(name string) (games.Engine, bool) {
	return games.Lookup(strings.ToLower(name))
}
