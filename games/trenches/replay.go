package trenches

import (
	"fmt"
	"slices"
	"strings"

	"github.com/warroom/warroom/games"
)

// ReplayName reads one word of an action written by name in `warroom
// replay` (catalog.Module.ReplayName), for the verb and the numbers read
// so far: counters by id as the state lists them ("ge-g-1"; case,
// dashes and underscores do not matter, so the board's "ge G1" may be
// written geG1); hexes are numbers already (0307).
func ReplayName(_ string, _ []int, w string, st games.State) ([]int, bool) {
	s, ok := st.(State)
	if !ok {
		return nil, false
	}
	for i, c := range s.Counters {
		if squash(c.ID) == squash(w) {
			return []int{i}, true
		}
	}
	return nil, false
}

func squash(s string) string {
	return strings.ToLower(strings.NewReplacer("-", "", "_", "").Replace(s))
}

// ReplayForm reads a Trenches move or exit that names its path (warroom
// replay, catalog.Module.ReplayForm):
//
//	move.<unit>.<hex>.<hex>...   the hexes entered, in order (the unit's
//	                             own hex may come first); the last is the
//	                             destination
//	exit.<unit>.<hex>...         the hexes entered up to the row-01 Cut
//	                             Wire hex the unit leaves from
//
// The engine's action names only the destination (doc ruling 1: it takes
// the path that enters the most S3 objective hexes, then the cheapest).
// So the destination form first meets the engine's own gate, and a code
// about the turn or the unit (not_your_turn, already_acted, immobile, ...)
// is given as the engine gives it; then the named path is checked step by
// step with PathCost in the order of spec 6.1 (adjacent hexes, enterable,
// the exit) and against the unit's MP: a failing step is refused with its
// code and the two hexes of that step, a path over MP with path_too_long.
// A valid path is played as the destination form; when the engine's own
// path costs less or enters more objective hexes, the note says so.
// Other actions pass as they are.
func ReplayForm(st games.State, seat games.Seat, a games.Action) (games.Action, string, error) {
	s, ok := st.(State)
	exit := a.Verb == VExit && len(a.Args) >= 2
	move := a.Verb == VMove && len(a.Args) >= 3
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
	short := games.Act(VMove, u, dest)
	check := path
	if exit {
		short, check = games.Act(VExit, u), append(slices.Clone(path), 0)
	}
	if code := s.gateCode(seat, short); code != "" && !pathCodes[code] {
		return a, "", games.Illegal(code)
	}
	cost, err := s.namedPath(c.Raider, check)
	if err != nil {
		return a, "", err
	}
	if mp := Stats[c.Type].MP; cost > mp {
		return a, "", games.Illegal("path_too_long", fmt.Sprintf("the path costs %d MP, the unit has %d", cost, mp))
	}
	if code := s.gateCode(seat, short); code != "" {
		return a, "", games.Illegal(code)
	}
	return short, s.ownPathNote(seat, u, path, exit, cost), nil
}

// pathCodes are the engine's refusals of a destination that a named path
// answers more precisely, step by step.
var pathCodes = map[string]bool{"path_blocked_wire": true, "path_blocked_impassable": true,
	"path_blocked_enemy": true, "not_enough_mp": true, "no_path": true}

// namedPath is the cost of path, or the code of its first step that
// breaks a rule, naming that step's two hexes.
func (s *State) namedPath(raider bool, path []int) (int, error) {
	for i := 1; i < len(path); i++ {
		if _, code := s.PathCost(raider, path[:i+1]); code != "" {
			return -1, games.Illegal(code, fmt.Sprintf("%s to %s", hexName(path[i-1]), hexName(path[i])))
		}
	}
	cost, _ := s.PathCost(raider, path)
	return cost, nil
}

// hexName is a hex as the board and the spec write it (0307), the exit
// as "exit".
func hexName(h int) string {
	if h == 0 {
		return "exit"
	}
	return fmt.Sprintf("%04d", h)
}

// ownPathNote says when the engine's own path to the same end costs less
// or enters more objective hexes than the named one (ruling 1).
func (s State) ownPathNote(seat games.Seat, u int, path []int, exit bool, cost int) string {
	v, ok := Game{}.View(s, seat).(View)
	if !ok {
		return ""
	}
	flags := 0
	for _, h := range v.FlagHexes {
		if !slices.Contains(v.Entered, h) && slices.Contains(path[1:], h) {
			flags++
		}
	}
	opts, ex := v.MoveCosts(u)
	own, found := opts[path[len(path)-1]]
	if exit {
		own, found = ex, ex.Cost > 0
	}
	if !found || own.Cost == cost && own.Flags == flags {
		return ""
	}
	return fmt.Sprintf("the engine takes its own path: %d MP, %d objective hexes entered (the named path: %d MP, %d)", own.Cost, own.Flags, cost, flags)
}

// gateCode is the engine's own refusal of a move or exit in the order of
// its gate (Explain, the spec's 6.1): the turn (games.TurnCode), then the
// rule's code; "" when it finds nothing against it. The verb is known.
func (s *State) gateCode(seat games.Seat, a games.Action) string {
	if code := games.TurnCode(s.Phase == PhaseOver, s.active(seat)); code != "" {
		return code
	}
	return s.whyNot(a)
}
