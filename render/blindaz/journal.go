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

// eventNote is a note as the engine puts it in an event (noteEvent).
type eventNote struct {
	Kind    string `json:"-"` // the event's
	Round   int    `json:"round"`
	Soldier *int   `json:"soldier"`
	Cell    string `json:"cell"`
	To      string `json:"to"`
	What    string `json:"what"`
	Cause   string `json:"cause"`
	Die     int    `json:"die"`
	N       int    `json:"n"`
	Total   int    `json:"total"`
	Hit     bool   `json:"hit"`
}

// Tell implements render.Game: an event in the words of the board's log.
func (Renderer) Tell(ctx render.Ctx, v bz.View, e games.Event) render.Line {
	var x eventNote
	if err := e.Decode(&x); err != nil {
		return render.Line{}
	}
	x.Kind = e.Kind
	return render.Line{Text: NoteText(ctx, v, x.note()), Key: keyKinds[e.Kind]}
}

// note is the log note an event carries.
func (x eventNote) note() bz.Note {
	n := bz.Note{Round: x.Round, Kind: x.Kind, Soldier: -1, Cell: x.Cell, To: x.To, What: x.What, Cause: x.Cause,
		Die: x.Die, N: x.N, Total: x.Total, Hit: x.Hit}
	if x.Soldier != nil {
		n.Soldier = *x.Soldier
	}
	return n
}

// logNotes is the board's log: the notes of ctx.Journal, oldest first.
func logNotes(ctx render.Ctx) []bz.Note {
	xs := render.Entries(ctx, func(x *eventNote, e games.Event) { x.Kind = e.Kind })
	out := make([]bz.Note, len(xs))
	for i, x := range xs {
		out[i] = x.note()
	}
	return out
}
