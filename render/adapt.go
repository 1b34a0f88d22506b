package render

import (
	"fmt"

	"github.com/warroom/warroom/games"
)

// Typed is a game's renderer over its own view type, the counterpart of
// games.Game[S]: its methods get the view as V, and Adapt does the one
// check that a view is a V for all of them.
type Typed[V any] interface {
	Board(ctx Audience, v V) Card
	Private(ctx Audience, v V) (Card, bool)
	Menu(ctx Audience, v V, legal []games.Action) Menu
	Status(ctx Audience, v V) string
	Image(ctx Audience, v V) ([]byte, error)
	Rules(ctx Audience) string
	Tell(ctx Audience, v V, e games.Event) Line
}

// Adapt makes a Typed renderer of game id a Game. A view of another type
// (a bug) draws as the game's name, no picture, no choices and no
// secrets and no journal lines, never a panic.
func Adapt[V any](id string, t Typed[V]) Game { return adapter[V]{id, t} }

type adapter[V any] struct {
	id string
	t  Typed[V]
}

func (a adapter[V]) Board(ctx Audience, view any) Card {
	if v, ok := ViewAs[V](view); ok {
		return a.t.Board(ctx, v)
	}
	return Card{Title: GameName(ctx, a.id)}
}

func (a adapter[V]) Private(ctx Audience, view any) (Card, bool) {
	if v, ok := ViewAs[V](view); ok {
		return a.t.Private(ctx, v)
	}
	return Card{}, false
}

func (a adapter[V]) Menu(ctx Audience, view any, legal []games.Action) Menu {
	v, _ := ViewAs[V](view) // the labels may still name the actions
	return a.t.Menu(ctx, v, legal)
}

func (a adapter[V]) Status(ctx Audience, view any) string {
	if v, ok := ViewAs[V](view); ok {
		return a.t.Status(ctx, v)
	}
	return ""
}

func (a adapter[V]) Image(ctx Audience, view any) ([]byte, error) {
	if v, ok := ViewAs[V](view); ok {
		return a.t.Image(ctx, v)
	}
	return nil, fmt.Errorf("%s: unexpected view %T", a.id, view)
}

func (a adapter[V]) Rules(ctx Audience) string { return a.t.Rules(ctx) }

func (a adapter[V]) Tell(ctx Audience, view any, e games.Event) Line {
	if v, ok := ViewAs[V](view); ok {
		return a.t.Tell(ctx, v, e)
	}
	return Line{}
}
