package main

import (
	"fmt"
	"slices"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/games/trenches"
)

// trenchesPath reads a Trenches move or exit that names its path:
//
//	move.<unit>.<hex>.<hex>...   the hexes entered, in order (the unit's
//	                             own hex may come first); the last is the
//	                             destination
//	exit.<unit>.<hex>...         the hexes entered up to the row-01 Cut
//	                             Wire hex the unit leaves from
//
// The engine's action names only the destination (doc ruling 1: it takes
// the path that enters the most S3 objective hexes, then the cheapest).
// So the named path is checked step by step with the rules' own
// State.PathCost (adjacent hexes, no uncut wire, no impassable hex, no
// face-up enemy, the exit from a Cut Wire hex of row 01) and against the
// unit's MP, and a path that fails is rejected with the code PathCost
// gives (path_not_adjacent, path_blocked_wire, ...) or path_too_long.
// A valid path is played as the destination form; when the engine's own
// path costs less or enters more objective hexes than the named one, the
// step's note says so (the result is the engine's path, as the rules'
// ruling 1 accepts an over-long named path). Other actions pass as they
// are.
func trenchesPath(st games.State, seat games.Seat, a games.Action) (games.Action, string, error) {
	s, ok := st.(trenches.State)
	exit := a.Verb == "exit" && len(a.Args) >= 2
	move := a.Verb == "move" && len(a.Args) >= 3
	if !ok || !exit && !move || a.Args[0] < 0 || a.Args[0] >= len(s.Counters) {
		return a, "", nil
	}
	u := a.Args[0]
	c := s.Counters[u]
	path := a.Args[1:]
	if path[0] != c.Hex {
		path = append([]int{c.Hex}, path...)
	}
	dest := path[len(path)-1]
	check := path
	if exit {
		check = append(slices.Clone(path), 0)
	}
	cost, code := s.PathCost(c.Raider, check)
	if code != "" {
		return a, "", games.Illegal(code, fmt.Sprint(a.Args[1:]))
	}
	if mp := trenches.Stats[c.Type].MP; cost > mp {
		return a, "", games.Illegal("path_too_long", fmt.Sprintf("the path costs %d MP, the unit has %d", cost, mp))
	}
	v, ok := any(trenches.Game{}.View(s, seat)).(trenches.View)
	if !ok {
		return a, "", nil
	}
	flags := 0
	for _, h := range v.FlagHexes {
		if !slices.Contains(v.Entered, h) && slices.Contains(path[1:], h) {
			flags++
		}
	}
	opts, ex := v.MoveCosts(u)
	eng, found := opts[dest], true
	if exit {
		eng, found = ex, ex.Cost > 0
		a = games.Act("exit", u)
	} else {
		_, found = opts[dest]
		a = games.Act("move", u, dest)
	}
	note := ""
	if found && (eng.Cost != cost || eng.Flags != flags) {
		note = fmt.Sprintf("the engine takes its own path: %d MP, %d objective hexes entered (the named path: %d MP, %d)", eng.Cost, eng.Flags, cost, flags)
	}
	return a, note, nil
}
