package fow

import (
	"github.com/warroom/warroom/games"
	fowg "github.com/warroom/warroom/games/fow"
	"github.com/warroom/warroom/render"
)

// keyKinds are the events a returning player must not miss: roles and
// the first turn, ambushes, arrivals, losses, objectives, the end.
var keyKinds = map[string]bool{"roles": true, "first_rolled": true, "turn": true, "ambush_revealed": true,
	"ambush_failed": true, "arrived": true, "lost": true, "withdrawn": true, "fled": true, "obj_removed": true,
	"skill": true, "victory_none": true, "game_over": true}

// Tell implements render.Game: an event in the words of the board's log
// (the event carries the log entry's arguments), with platoon names as
// the viewer's view gives them.
func (Renderer) Tell(ctx render.Audience, v fowg.View, e games.Event) render.Line {
	x, err := read(e)
	if err != nil {
		return render.Line{}
	}
	return render.Line{Text: logLine(ctx, v, x), Key: keyKinds[e.Kind]}
}

// entries is the board's log: the entries of ctx.Journal, oldest first.
func entries(ctx render.Audience) []fowg.Entry {
	return render.Entries(ctx, read)
}

// read is an event's log entry: its one typed decode.
func read(e games.Event) (fowg.Entry, error) {
	x := fowg.Entry{Kind: e.Kind, Seat: int(e.Seat), Vis: int(e.For())}
	return x, e.Decode(&x)
}
