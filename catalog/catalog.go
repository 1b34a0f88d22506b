// Package catalog is the explicit list of the games warroom hosts: one
// Module per game, its rules engine, renderer, plans, catalogue of words
// and the names `warroom replay` reads. Nothing registers itself: the
// program (cmd/warroom) and each test pass the modules they serve to the
// table service (commands.NewService) and the terminal tools.
package catalog

import (
	"io/fs"
	"sort"

	"github.com/warroom/warroom/games"
	bz "github.com/warroom/warroom/games/blindaz"
	fl "github.com/warroom/warroom/games/flanders"
	fowg "github.com/warroom/warroom/games/fow"
	fr "github.com/warroom/warroom/games/frontline"
	tov "github.com/warroom/warroom/games/trenches"
	"github.com/warroom/warroom/render"
	rbz "github.com/warroom/warroom/render/blindaz"
	rfl "github.com/warroom/warroom/render/flanders"
	rfow "github.com/warroom/warroom/render/fow"
	rfr "github.com/warroom/warroom/render/frontline"
	"github.com/warroom/warroom/render/i18n"
	rtov "github.com/warroom/warroom/render/trenches"
)

// Module is one game: everything the table service, the renderer and the
// terminal tools need of it. Engine and Renderer are required.
type Module struct {
	Engine   games.Engine
	Renderer render.Game
	// Plans suggests whole-turn plans a co-op team votes on (nil: none).
	Plans render.Planner
	// Locales holds the renderer's catalogue, locales/*.json.
	Locales fs.FS
	// ReplayName reads one word of an action written by name in `warroom
	// replay` (a unit, a card, a cell) as the numbers it stands for.
	ReplayName func(verb string, args []int, word string, st games.State) ([]int, bool)
	// ReplayForm, when set, turns an action as written in a replay file
	// into the engine's own form, checking what the engine's form leaves
	// out (Trenches: a named path); it returns a note for the step.
	ReplayForm func(st games.State, seat games.Seat, a games.Action) (games.Action, string, error)
}

// ID is the module's game id.
func (m Module) ID() string { return m.Engine.Info().ID }

// All is every game warroom hosts, sorted by id. A sixth game is one more
// line here.
func All() []Module {
	return []Module{
		{Engine: bz.Engine(), Renderer: rbz.Adapted, Plans: rbz.Plans, Locales: rbz.Locales, ReplayName: bz.ReplayName},
		{Engine: fl.Engine(), Renderer: rfl.Adapted, Locales: rfl.Locales, ReplayName: fl.ReplayName},
		{Engine: fowg.Engine(), Renderer: rfow.Adapted, Locales: rfow.Locales, ReplayName: fowg.ReplayName},
		{Engine: fr.Engine(), Renderer: rfr.Adapted, Locales: rfr.Locales, ReplayName: fr.ReplayName},
		{Engine: tov.Engine(), Renderer: rtov.Adapted, Locales: rtov.Locales, ReplayName: tov.ReplayName, ReplayForm: tov.ReplayForm},
	}
}

// Load puts the core catalogue and each module's into i18n (again is a
// no-op), so every word the modules' boards use can be found.
func Load(mods []Module) {
	i18n.Register(render.Locales, "locales")
	for _, m := range mods {
		if m.Locales != nil {
			i18n.Register(m.Locales, "locales")
		}
	}
}

// Set is a list of modules looked up by game id.
type Set struct {
	list []Module
	byID map[string]Module
}

// NewSet indexes mods by game id, sorted by id. It panics on a duplicate
// id or a module without an engine or renderer: a programming error.
func NewSet(mods []Module) Set {
	s := Set{byID: make(map[string]Module, len(mods))}
	for _, m := range mods {
		if m.Engine == nil || m.Renderer == nil {
			panic("catalog: a module needs an engine and a renderer")
		}
		if _, dup := s.byID[m.ID()]; dup {
			panic("catalog: duplicate game " + m.ID())
		}
		s.byID[m.ID()] = m
		s.list = append(s.list, m)
	}
	sort.Slice(s.list, func(i, j int) bool { return s.list[i].ID() < s.list[j].ID() })
	return s
}

// Modules lists the set's modules sorted by id.
func (s Set) Modules() []Module { return s.list }

// Get finds a game's module.
func (s Set) Get(id string) (Module, bool) {
	m, ok := s.byID[id]
	return m, ok
}

// Engine finds a game's engine.
func (s Set) Engine(id string) (games.Engine, bool) {
	m, ok := s.byID[id]
	return m.Engine, ok
}

// Renderer finds a game's renderer.
func (s Set) Renderer(id string) (render.Game, bool) {
	m, ok := s.byID[id]
	return m.Renderer, ok
}

// Plans finds a game's planner; false when it suggests none.
func (s Set) Plans(id string) (render.Planner, bool) {
	m := s.byID[id]
	return m.Plans, m.Plans != nil
}

// Engines lists the set's engines sorted by id.
func (s Set) Engines() []games.Engine {
	out := make([]games.Engine, len(s.list))
	for i, m := range s.list {
		out[i] = m.Engine
	}
	return out
}

// IDs lists the set's game ids, sorted.
func (s Set) IDs() []string {
	out := make([]string, len(s.list))
	for i, m := range s.list {
		out[i] = m.ID()
	}
	return out
}
