package frontline

import (
	"github.com/warroom/warroom/games"
	fl "github.com/warroom/warroom/games/frontline"
	"github.com/warroom/warroom/render"
)

// keyKinds are the events a returning player must not miss: battles and
// their dice, losses, victory points, what a recon or spy revealed, the
// month's event and the end.
var keyKinds = map[string]bool{"battle": true, "roll": true, "win": true, "tie": true, "collapse": true, "fort_loss": true,
	"morale": true, "morale2": true, "removed": true, "raid": true, "hospital": true, "retreat": true, "event": true,
	"month": true, "vp1": true, "peek_result": true, "spy_result": true, "declare_own": true, "over": true}

// Tell implements render.Game: an event in the words of the board's log
// (the event carries the log entry's fields).
func (Renderer) Tell(ctx render.Audience, v fl.View, e games.Event) render.Line {
	x, err := read(e)
	if err != nil {
		return render.Line{}
	}
	key := keyKinds[e.Kind] || e.Kind == "shell" && x.B <= x.A
	return render.Line{Text: logLine(ctx, v, x), Key: key}
}

// entries is the board's log: the entries of ctx.Journal, oldest first.
func entries(ctx render.Audience) []fl.Entry {
	return render.Entries(ctx, read)
}

// read is an event's log entry: its one typed decode.
func read(e games.Event) (fl.Entry, error) {
	x := fl.Entry{Kind: e.Kind, Seat: int(e.Seat), Only: int(e.For())}
	return x, e.Decode(&x)
}
