package blindaz

import (
	"slices"

	"github.com/warroom/warroom/games"
)

// Explain implements games.Explainer the shared way (games.Refuse):
// game_over, not_your_turn, bad_action for a verb outside the table or
// with the wrong arguments, then the spec's §6.3 codes (diagnose).
func (g Game) Explain(s State, seat games.Seat, a games.Action) error {
	return games.Refuse(verbs, s.Phase == PhaseOver, slices.Contains(g.Active(s), seat), a, func() error {
		return s.diagnose(a)
	})
}

// diagnose explains why an action is not legal (spec §6.3 codes).
// The verb is one of the table's, with its arguments, taken by a seat
// to act.
func (s *State) diagnose(a games.Action) error {
	bad := games.Illegal("bad_action", a.String())
	if s.Phase == PhaseDeploy {
		if a.Verb != VDeploy {
			return games.Illegal("bad_phase", a.Verb)
		}
		return bad
	}
	if a.Verb == VDeploy {
		return games.Illegal("already_deployed")
	}
	si := s.Turn
	so := s.Soldiers[si]
	if a.Verb == VMove {
		if s.Moved {
			return games.Illegal("already_moved")
		}
		c := cellArg(a)
		if c < 0 {
			return bad
		}
		for _, d := range s.reach(si, false) {
			if d.Cell == c && d.Exit {
				return games.Illegal("exit_requires_build", CellName(c))
			}
		}
		return games.Illegal("unreachable", CellName(c))
	}
	if a.Verb == VBack {
		return games.Illegal("not_moved")
	}
	if s.Exit && a.Verb != VBuild && a.Verb != VFlag {
		return games.Illegal("exit_requires_build")
	}
	return s.diagnoseTurn(a, si, so)
}

// diagnoseTurn explains a turn action of soldier si (so) refused.
func (s *State) diagnoseTurn(a games.Action, si int, so Soldier) error {
	bad := games.Illegal("bad_action", a.String())
	switch a.Verb {
	case VBuild:
		slot := a.Args[0]
		if slot < 1 || slot > len(s.Market) || TrenchTile(s.Market[slot-1]).Shape == NoShape {
			return games.Illegal("no_trench_tile_in_slot")
		}
		if !s.Exit && !(s.stranded(si) && !s.Moved) {
			return games.Illegal("not_on_open_ground")
		}
		return games.Illegal("illegal_orientation")
	case VFlag:
		if x, _ := XY(so.Pos); !s.Exit || x != colA {
			return games.Illegal("not_in_enemy_zone")
		}
		return games.Illegal("no_flags_left")
	case VClear:
		c := cellArg(a)
		if c < 0 {
			return bad
		}
		if s.Board[c].Tile == 0 {
			return games.Illegal("no_trench_tile", CellName(c))
		}
		return games.Illegal("tile_has_soldier", CellName(c))
	case VAttack:
		c := cellArg(a)
		if c < 0 {
			return bad
		}
		if dist(c, so.Pos) != 1 {
			return games.Illegal("not_adjacent", CellName(c))
		}
		return games.Illegal("no_enemy", CellName(c))
	case VTake:
		if so.Grenade != 0 {
			return games.Illegal("already_holding")
		}
		return games.Illegal("no_grenade_in_slot")
	case VThrow:
		if so.Grenade == 0 {
			return games.Illegal("no_grenade")
		}
		return games.Illegal("bad_direction")
	case VReplace:
		return games.Illegal("market_empty")
	}
	return bad
}

// cellArg is the cell an action's first two arguments name (column,
// lane 1-based), or -1 off the board.
func cellArg(a games.Action) int {
	x, l := a.Args[0], a.Args[1]
	if x < 0 || x >= Cols || l < 1 || l > Lanes {
		return -1
	}
	return CellAt(x, l-1)
}
