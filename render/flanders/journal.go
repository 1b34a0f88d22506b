package flanders

import (
	fl "github.com/warroom/warroom/games/flanders"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
)

// keyKinds are the events a returning player must not miss: cards taken,
// troops lost or gained, the end.
var keyKinds = map[string]bool{"took": true, "bust": true, "sacrificed": true, "german_loss": true, "gas_played": true,
	"artillery_cancel": true, "eliminated": true, "reached_objective": true, "game_over": true}

// Tell implements render.Game: an event in the words of the board's
// "recent" log (the event carries the note's numbers and cards).
func (Renderer) Tell(ctx render.Audience, v fl.View, e games.Event) render.Line {
	n, err := read(e)
	if err != nil {
		return render.Line{}
	}
	lines := recentLines(ctx, []fl.Note{n})
	if len(lines) == 0 {
		return render.Line{}
	}
	l := render.Line{Text: lines[0], Key: keyKinds[e.Kind]}
	if e.Kind == "refilled" && len(n.Nums) > 0 && len(n.Cards) > 0 {
		// the spaces refilled at the end of a turn make one line
		l.Group, l.Part = "refilled", refill(ctx, n.Nums[0], n.Cards[0])
	}
	return l
}

// recent is the board's log: the notes of the previous and the current
// turn in ctx.Journal, oldest first. Notes logged before they carried
// their turn read as turn 0, and are all kept.
func recent(ctx render.Audience) []fl.Note {
	all := render.Entries(ctx, read)
	if len(all) == 0 {
		return nil
	}
	var out []fl.Note
	for _, n := range all {
		if n.Turn >= all[len(all)-1].Turn-1 {
			out = append(out, n)
		}
	}
	return out
}

// read is an event's note: its one typed decode.
func read(e games.Event) (fl.Note, error) {
	n := fl.Note{Seat: int(e.Seat), Kind: e.Kind}
	return n, e.Decode(&n)
}
