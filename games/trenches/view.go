package trenches

import (
	"github.com/warroom/warroom/games"
)

// UnitView is one counter as a viewer sees it.
type UnitView struct {
	Idx    int    `json:"idx"`
	ID     string `json:"id"`
	Nation string `json:"nation,omitempty"`
	Type   string `json:"type"`
	Raider bool   `json:"raider,omitempty"`
	Hex    int    `json:"hex,omitempty"`
	Acted  bool   `json:"acted,omitempty"`
}

// StackView is a face-down stack. Contents only for the Defender (and after the game).
type StackView struct {
	Hex      int        `json:"hex"`
	Count    int        `json:"count"`
	Reveals  int        `json:"reveals,omitempty"` // reveals made here this Defender turn
	Limit    int        `json:"limit"`
	Pinned   bool       `json:"pinned,omitempty"` // a raider stands here: no reveal
	Contents []UnitView `json:"contents,omitempty"`
}

// View is what one viewer may see.
type View struct {
	Viewer       int    `json:"viewer"`
	Role         string `json:"role"` // raider, defender, spectator
	Scenario     int    `json:"scenario"`
	Key          string `json:"key"`
	RaiderNation string `json:"raider_nation"`
	DefNation    string `json:"defender_nation"`
	RaiderSeat   int    `json:"raider_seat"`
	DefenderSeat int    `json:"defender_seat"`
	Solo         bool   `json:"solo,omitempty"`
	Match        bool   `json:"match,omitempty"`
	Leg          int    `json:"leg"`
	LegVP        []int  `json:"leg_vp"`
	Phase        string `json:"phase"`
	Active       []int  `json:"active,omitempty"`
	T            int    `json:"t"`
	M            int    `json:"m"`
	GT           int    `json:"gt"`
	Victory      int    `json:"victory"`

	Units      []UnitView     `json:"units,omitempty"` // face up on the map
	Stacks     []StackView    `json:"stacks,omitempty"`
	Dugouts    []int          `json:"dugouts,omitempty"`
	Cleared    int            `json:"cleared,omitempty"`
	CutWire    []int          `json:"cut_wire,omitempty"`
	STF        []int          `json:"stf,omitempty"`
	STFFort    bool           `json:"stf_fort,omitempty"`
	Impassable []int          `json:"impassable,omitempty"`
	FlagHexes  []int          `json:"flag_hexes,omitempty"`
	Entered    []int          `json:"entered,omitempty"`
	SnapGame   bool           `json:"snap_game,omitempty"`
	Snapshot   int            `json:"snapshot,omitempty"`
	SnapTaken  bool           `json:"snap_taken,omitempty"`
	DugoutVP   int            `json:"dugout_vp,omitempty"`
	UnitVP     map[string]int `json:"unit_vp,omitempty"`

	Exited      []string `json:"exited,omitempty"`
	Eliminated  []string `json:"eliminated,omitempty"` // defender units (Raider VP box)
	Casualties  []string `json:"casualties,omitempty"` // raider units
	Captured    int      `json:"captured,omitempty"`
	CapturedIDs []string `json:"captured_ids,omitempty"` // Defender, or after the game
	Known       int      `json:"known"`                  // Raider VP known to both sides
	HiddenVP    int      `json:"hidden_vp"`              // value of captured counters; -1 = unknown to this viewer

	Pending []UnitView  `json:"pending,omitempty"` // set-up: counters still to place (setting-up seat only)
	Legs    []LegResult `json:"legs,omitempty"`    // finished games (public)
}

func uv(i int, c Counter) UnitView {
	return UnitView{Idx: i, ID: c.ID, Nation: c.Nation, Type: c.Type, Raider: c.Raider, Hex: c.Hex, Acted: c.Acted}
}

// View filters the state for viewer.
func (g Game) View(s State, viewer games.Seat) any {
	sc := s.sc()
	role := "spectator"
	switch viewer {
	case games.Seat(s.RaiderSeat):
		role = "raider"
	case s.DefenderSeat():
		role = "defender"
	}
	over := s.Phase == PhaseOver
	defSees := role == "defender" || over
	building := s.Phase == PhaseSetupDefender // Defender's set-up is secret while built
	v := View{
		Viewer: int(viewer), Role: role, Scenario: s.Scenario, Key: sc.Key,
		RaiderNation: sc.Raider, DefNation: sc.Defender,
		RaiderSeat: s.RaiderSeat, DefenderSeat: int(s.DefenderSeat()),
		Solo: s.Solo, Match: s.Match, Leg: s.Leg, LegVP: append([]int(nil), s.LegVP...),
		Phase: s.Phase, T: sc.T, M: s.M, GT: s.GT(), Victory: sc.Victory,
		CutWire: sc.CutWire, STF: sc.STF, STFFort: sc.STFFort, Impassable: sc.Impassable,
		FlagHexes: sc.FlagHexes, Entered: append([]int(nil), s.Entered...),
		SnapGame: sc.Snapshot, Snapshot: s.Snapshot, SnapTaken: s.SnapTaken,
		DugoutVP: sc.DugoutVP, UnitVP: sc.UnitVP, Cleared: s.Cleared,
		Legs: append([]LegResult(nil), s.Legs...),
	}
	if s.Phase == PhaseSetupDefender || s.Phase == PhaseSetupRaider {
		v.GT = 0
	}
	for _, a := range g.Active(s) {
		v.Active = append(v.Active, int(a))
	}
	if building && role != "defender" {
		v.Dugouts = append([]int(nil), sc.Dugouts...)
	} else {
		v.Dugouts = append([]int(nil), s.Dugouts...)
	}
	for i, c := range s.Counters {
		switch c.Loc {
		case LocMap:
			if !c.Raider && building && role != "defender" {
				continue
			}
			v.Units = append(v.Units, uv(i, c))
		case LocExited:
			v.Exited = append(v.Exited, c.ID)
		case LocEliminated:
			v.Eliminated = append(v.Eliminated, c.ID)
		case LocCasualty:
			v.Casualties = append(v.Casualties, c.ID)
		case LocCaptured:
			v.Captured++
			if defSees {
				v.CapturedIDs = append(v.CapturedIDs, c.ID)
			}
		case LocPending:
			setter := (s.Phase == PhaseSetupDefender && role == "defender") || (s.Phase == PhaseSetupRaider && role == "raider")
			if setter && c.Raider == (s.Phase == PhaseSetupRaider) {
				v.Pending = append(v.Pending, uv(i, c))
			}
		}
	}
	if !(building && role != "defender") {
		for _, st := range s.Stacks {
			sv := StackView{Hex: st.Hex, Count: len(st.Counters), Reveals: st.Turn, Limit: s.revealLimit(st.Hex), Pinned: s.raiderIn(st.Hex)}
			if defSees {
				for _, x := range st.Counters {
					sv.Contents = append(sv.Contents, uv(x, s.Counters[x]))
				}
			}
			v.Stacks = append(v.Stacks, sv)
		}
	}
	b := s.score()
	v.Known = b.Known
	v.HiddenVP = -1
	if defSees {
		v.HiddenVP = b.CapturedVP
	}
	return v
}

// Outcome reports the result.
func (Game) Outcome(s State) games.Outcome {
	if s.Phase != PhaseOver || len(s.Legs) == 0 {
		return games.Outcome{}
	}
	o := games.Outcome{Done: true, Scores: make([]int, 2)}
	for i, vp := range s.LegVP {
		if vp > 0 {
			o.Scores[i] = vp
		}
	}
	if s.Match && len(s.Legs) == 2 {
		switch {
		case s.LegVP[0] > s.LegVP[1]:
			o.Winners, o.Reason = []games.Seat{0}, "match_won"
		case s.LegVP[1] > s.LegVP[0]:
			o.Winners, o.Reason = []games.Seat{1}, "match_won"
		default:
			o.Winners, o.Reason = nil, "match_drawn"
		}
		return o
	}
	// A single raid scores for the raider alone, against its target.
	last := s.Legs[len(s.Legs)-1]
	o.Scores[1-last.RaiderSeat], o.Target = -1, last.Score.Victory
	if last.Score.RaiderWins {
		o.Winners, o.Reason = []games.Seat{games.Seat(last.RaiderSeat)}, "raid_succeeded"
	} else {
		o.Winners, o.Reason = []games.Seat{games.Seat(1 - last.RaiderSeat)}, "raid_failed"
	}
	return o
}

// AttackNeed is what a unit of type typ on from needs (modified) to hit a
// unit on to in scenario n: the highest natural die roll that hits (0 = never).
func AttackNeed(n int, typ string, from, to int) int {
	sc := &Scenarios[n]
	need := Stats[typ].Attack - sc.Modifier(typ, from, to)
	if need < 0 {
		need = 0
	}
	if need > 6 {
		need = 6
	}
	return need
}

// MoveOpt is one destination of a move as the renderer labels it.
type MoveOpt struct {
	Cost  int // MP
	Flags int // S3 objective hexes entered on the way (VP)
}

// MoveCosts returns the destinations of the face-up unit idx as seen in v
// (the same search the engine uses) and the exit option (Cost 0 = none).
func (v View) MoveCosts(idx int) (map[int]MoveOpt, MoveOpt) {
	var unit *UnitView
	for i := range v.Units {
		if v.Units[i].Idx == idx {
			unit = &v.Units[i]
		}
	}
	if unit == nil || v.Scenario < 1 || v.Scenario > 6 || !Valid(unit.Hex) {
		return nil, MoveOpt{}
	}
	sc := &Scenarios[v.Scenario]
	var blocked [NHexs]bool
	for _, u := range v.Units {
		if u.Raider != unit.Raider && Valid(u.Hex) {
			blocked[Idx(u.Hex)] = true
		}
	}
	var flags []int
	if unit.Raider {
		for _, h := range v.FlagHexes {
			if !contains(v.Entered, h) {
				flags = append(flags, h)
			}
		}
	}
	r := sc.search(unit.Hex, Stats[unit.Type].MP, &blocked, flags)
	out := map[int]MoveOpt{}
	for k := 0; k < NHexs; k++ {
		if r.Cost[k] < inf {
			out[Map[k].ID] = MoveOpt{Cost: r.Cost[k], Flags: r.Flags[k]}
		}
	}
	var ex MoveOpt
	if r.ExitCost < inf {
		ex = MoveOpt{Cost: r.ExitCost, Flags: r.ExitFlags}
	}
	return out, ex
}
