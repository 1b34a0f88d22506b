package fow

import (
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

// imageCtx draws test boards in English for spectators.
var imageCtx = render.Audience{L: i18n.For("en"), Names: []string{"Ann", "Bob", "Cid", "Dee"}, Viewer: games.Spectator}
