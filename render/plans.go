package render

import "github.com/warroom/warroom/games"

// Plan is a whole move a team can vote on: its text and the actions the
// acting seat applies, in order, to carry it out.
type Plan struct {
	Text    string
	Actions []games.Action
}

// Planner lists the plans a view suggests (the engine's own, from public
// information only), best first, at most n.
type Planner func(ctx Ctx, view any, n int) []Plan

var planners = map[string]Planner{}

// RegisterPlans installs a game's planner (at init, like Register): its
// co-op team votes on them in its thread.
func RegisterPlans(gameID string, p Planner) {
	regMu.Lock()
	defer regMu.Unlock()
	planners[gameID] = p
}

// PlansFor is the game's planner; false when the game suggests no plans.
func PlansFor(gameID string) (Planner, bool) {
	regMu.RLock()
	defer regMu.RUnlock()
	p, ok := planners[gameID]
	return p, ok
}
