package trenches

import (
	"github.com/warroom/warroom/games"
	tov "github.com/warroom/warroom/games/trenches"
	"github.com/warroom/warroom/render"
)

// keyKinds are the events a returning player must not miss: fights,
// reveals, victory points, the turns and the end.
var keyKinds = map[string]bool{"attack": true, "clear": true, "reveal": true, "decoys_removed": true, "turn": true,
	"snapshot": true, "game_over": true, "leg": true}

// Tell implements render.Game: an event in the words of the board's log
// (the event carries the log entry's fields).
func (Renderer) Tell(ctx render.Audience, v tov.View, e games.Event) render.Line {
	x, err := read(e)
	if err != nil {
		return render.Line{}
	}
	return render.Line{Text: logLine(ctx, x), Key: keyKinds[e.Kind] || x.VP > 0}
}

// entries is the board's log: this leg's entries in ctx.Journal, oldest
// first, numbered in order.
func entries(ctx render.Audience, v tov.View) []tov.Entry {
	all := render.Entries(ctx, read)
	var out []tov.Entry
	for _, e := range all {
		if e.Leg == v.Leg {
			e.N = len(out) + 1
			out = append(out, e)
		}
	}
	return out
}

// read is an event's log entry: its one typed decode.
func read(e games.Event) (tov.Entry, error) {
	x := tov.Entry{Kind: e.Kind, Private: e.Private}
	return x, e.Decode(&x)
}
