package blindaz

import (
	"github.com/warroom/warroom/games"
	bz "github.com/warroom/warroom/games/blindaz"
	"github.com/warroom/warroom/render"
)

// keyKinds are the events a team mate must not miss: fights, losses,
// penalties, the enemy's arrivals and the end.
var keyKinds = map[string]bool{"AttackRolled": true, "Destroyed": true, "EnemyRemoved": true, "SoldierHit": true,
	"Penalty": true, "EnemyArrived": true, "TrapTriggered": true, "ArtilleryFired": true, "DugoutShelled": true,
	"FlagPlanted": true, "EnemyPhase": true, "GameOver": true}

// Tell implements render.Game: an event in the words of the board's log.
func (Renderer) Tell(ctx render.Audience, v bz.View, e games.Event) render.Line {
	n, err := bz.NewNote(e)
	if err != nil {
		return render.Line{}
	}
	return render.Line{Text: NoteText(ctx, v, n), Key: keyKinds[e.Kind]}
}

// logNotes is the board's log: the notes of ctx.Journal, oldest first.
func logNotes(ctx render.Audience) []bz.Note { return render.Entries(ctx, bz.NewNote) }
