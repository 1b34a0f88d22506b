package render

import "github.com/warroom/warroom/games"

// Plan is a whole move a team can vote on: its text and the actions the
// acting seat applies, in order, to carry it out.
type Plan struct {
	Text    string
	Actions []games.Action
}

// Planner lists the plans a view suggests (the engine's own, from public
// information only), best first, at most n. A game's module
// (catalog.Module.Plans) carries it: its co-op team votes on them in its
// thread.
type Planner func(ctx Audience, view any, n int) []Plan
