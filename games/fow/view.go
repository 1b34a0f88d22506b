package fow

import (
	"fmt"

	"github.com/warroom/warroom/games"
)

// View is what one viewer may see. Statuses in_reserve and in_ambush are
// shown only to the owner; others see "off_table". Before both seats have
// locked their deployment, others see no status at all ("").
type View struct {
	Viewer        int           `json:"viewer"`
	Mission       Mission       `json:"mission"`
	Manual        bool          `json:"manual"`
	Units         string        `json:"units"`
	Phase         string        `json:"phase"`
	Attacker      int           `json:"attacker"`
	RolesReason   string        `json:"roles_reason,omitempty"`
	RollWinner    int           `json:"roll_winner"`
	FinishedFirst int           `json:"finished_first"`
	SwapVotes     [2]bool       `json:"swap_votes"`
	First         int           `json:"first"`
	Turn          int           `json:"turn"`
	Active        int           `json:"active"`
	Sub           string        `json:"sub,omitempty"`
	MERestricted  bool          `json:"me_restricted"`
	Delay         int           `json:"delay_counters"`
	Sides         [2]SideView   `json:"sides"`
	Objectives    []ObjView     `json:"objectives"`
	NextPlacer    int           `json:"next_placer"`
	NextHalf      int           `json:"next_half"`
	Await         *AwaitView    `json:"await,omitempty"`
	Check         *CheckView    `json:"check,omitempty"`
	ImmFailed     bool          `json:"imm_failed"`
	OverrideVotes [2]bool       `json:"override_votes"`
	Withdraw      *WithdrawView `json:"withdraw,omitempty"`
	VictoryObjs   []int         `json:"victory_objs,omitempty"`
	VictoryClear  bool          `json:"victory_clear"`
	GradualObjs   []int         `json:"gradual_objs,omitempty"`
	GradualNext   bool          `json:"gradual_next"` // warn: an objective goes at the defender's next turn
	Roll          []int         `json:"roll,omitempty"`
	Successes     int           `json:"successes"`
	Guaranteed    bool          `json:"guaranteed"`
	Arrivals      []Arrival     `json:"arrivals,omitempty"`
	PicksLeft     int           `json:"picks_left"`
	ReserveDice   int           `json:"reserve_dice"` // dice the active seat rolls this turn
	AgreeVotes    [2]bool       `json:"agree_votes"`
	DeployErrors  []string      `json:"deploy_errors,omitempty"` // viewer's own, during deploy_assign
	Over          bool          `json:"over"`
	Winner        int           `json:"winner"`
	Reason        string        `json:"reason,omitempty"`
	ReasonArg     int           `json:"reason_arg"`
	VP            [2]int        `json:"vp"`
}

// SideView is one seat's company as the viewer may see it.
type SideView struct {
	Seat      int           `json:"seat"`
	Letter    string        `json:"letter"`
	Role      string        `json:"role,omitempty"` // attacker, defender
	Edge      string        `json:"edge,omitempty"` // S (attacker), N (defender)
	Company   string        `json:"company"`
	Always    string        `json:"always,omitempty"`
	Ready     bool          `json:"ready"`
	Locked    bool          `json:"locked"`
	Deployed  bool          `json:"deployed"`
	Patrol    bool          `json:"patrol_done"`
	Recce     bool          `json:"recce_done"`
	Count     int           `json:"count"`
	Hidden    bool          `json:"hidden"` // roster not yet public
	Sel       int           `json:"sel"`
	Platoons  []PlatoonView `json:"platoons,omitempty"`
	OnTable   int           `json:"on_table"`
	OffTable  int           `json:"off_table"`
	Reserves  int           `json:"reserves"` // public once both locked, -1 before
	Withdrawn int           `json:"withdrawn"`
	Destroyed int           `json:"destroyed"`
	// InAction counts for Company Morale (spec §10 R35): platoons on the
	// table or in ambush, never reserves, withdrawn or destroyed ones.
	InAction int `json:"in_action"`
}

// PlatoonView is a roster line. Its name is Name as typed, or else Tpl +
// Num (the renderer translates Tpl).
type PlatoonView struct {
	ID     string `json:"id"`
	Name   string `json:"name,omitempty"`
	Index  int    `json:"index"`
	Tpl    string `json:"tpl"`
	Num    int    `json:"num"`
	Type   string `json:"type"`
	Skill  string `json:"skill"`
	Motiv  string `json:"motivation"`
	Veh    bool   `json:"has_vehicles"`
	TOnly  bool   `json:"transports_only"`
	FA     bool   `json:"fully_armoured"`
	Heavy  bool   `json:"heavy_gun"`
	BB     bool   `json:"bunker_buster"`
	Teams  int    `json:"infantry_teams"`
	Points int    `json:"points"`
	Status string `json:"status"`
	Left   bool   `json:"transports_left_behind"`
	Patrol bool   `json:"patrol"`
	PLeft  bool   `json:"patrol_left_behind"`
}

// ObjView is an objective record, numbered from 1.
type ObjView struct {
	ID      int  `json:"id"`
	Placer  int  `json:"placed_by"`
	Half    int  `json:"half"`
	Removed bool `json:"removed"`
}

// AwaitView: manual dice requested from Seat (Count total, Got typed so far).
type AwaitView struct {
	Purpose string `json:"purpose"`
	Seat    int    `json:"seat"`
	Count   int    `json:"count"`
	Got     []int  `json:"got,omitempty"`
}

// CheckView is the owner's ambush checklist in progress: Q is the next question (1-6).
type CheckView struct {
	P         int  `json:"p"`
	Q         int  `json:"q"`
	Of        int  `json:"of"`
	Immediate bool `json:"immediate"`
}

// WithdrawView is a required Strategic Withdrawal: P = -1 while choosing; Q = next question (1-2).
type WithdrawView struct {
	P int `json:"p"`
	Q int `json:"q"`
}

// PlatoonID is the stable id of a platoon: seat letter + 1-based index.
func PlatoonID(seat, i int) string { return fmt.Sprintf("%c%d", 'A'+seat, i+1) }

// View filters the state for viewer.
func (Game) View(s State, viewer games.Seat) any { return view(&s, int(viewer)) }

// view is s as seat viewer (or a spectator, -1) may see it.
func view(s *State, viewer int) View {
	m := s.m()
	v := View{Viewer: viewer, Mission: m, Manual: s.Manual, Units: s.Units, Phase: s.Phase,
		Attacker: s.Attacker, RolesReason: s.RolesReason, RollWinner: s.RollWinner,
		FinishedFirst: s.FinishedFirst, SwapVotes: s.SwapVotes, First: s.First, Turn: s.Turn,
		Active: s.Active, MERestricted: s.MERestricted, Delay: s.Delay,
		ImmFailed: s.ImmFailed >= 0, OverrideVotes: s.OverrideVotes, AgreeVotes: s.AgreeVotes,
		Over: s.Phase == PhOver, Winner: s.Winner, Reason: s.Reason, ReasonArg: s.ReasonArg, VP: s.VP,
		NextPlacer: -1, NextHalf: -1}
	if s.Phase == PhBattle {
		v.Sub = s.Sub
	}
	bothLocked := s.Sides[0].Locked && s.Sides[1].Locked
	for seat := 0; seat < 2; seat++ {
		v.Sides[seat] = sideView(s, viewer, seat, bothLocked)
	}
	for i, o := range s.Objectives {
		v.Objectives = append(v.Objectives, ObjView{ID: i + 1, Placer: o.Placer, Half: o.Half, Removed: o.Removed})
	}
	if s.Phase == PhObjectives {
		if p := nextPlacer(s); p >= 0 {
			v.NextPlacer = p
			sp := m.objSeq()[len(s.Objectives)]
			v.NextHalf = s.Attacker
			if sp.Half == 1 {
				v.NextHalf = s.defender()
			}
		}
	}
	if s.Await != nil {
		v.Await = &AwaitView{Purpose: s.Await.Purpose, Seat: s.Await.Seats[len(s.Await.Got)],
			Count: len(s.Await.Seats), Got: append([]int(nil), s.Await.Got...)}
	}
	if s.Check != nil && s.Check.Seat == viewer {
		pl := s.Sides[viewer].Platoons[s.Check.P]
		v.Check = &CheckView{P: s.Check.P, Q: len(s.Check.Answers) + 1, Of: checkLen(pl), Immediate: s.Check.Immediate}
	}
	if s.Phase == PhBattle {
		battleView(&v, s, &m)
	}
	if s.Phase == PhAssign && viewer >= 0 && !s.Sides[viewer].Locked {
		v.DeployErrors = deployErrors(s, viewer)
	}
	return v
}

// sideView is one side as viewer may see it: the opponent's company is
// hidden until it is ready, and its platoons' whereabouts until both
// sides have locked their deployment (bothLocked) or the game is over.
func sideView(s *State, viewer, seat int, bothLocked bool) SideView {
	sd := s.Sides[seat]
	own := seat == viewer
	sv := SideView{Seat: seat, Letter: string(rune('A' + seat)), Company: sd.Company, Always: sd.Always,
		Ready: sd.Ready, Locked: sd.Locked, Deployed: sd.Deployed, Patrol: sd.Patrol, Recce: sd.Recce,
		Count: len(sd.Platoons), Sel: -1, Reserves: -1}
	if s.Attacker >= 0 {
		if seat == s.Attacker {
			sv.Role, sv.Edge = "attacker", "S"
		} else {
			sv.Role, sv.Edge = "defender", "N"
		}
	}
	if own {
		sv.Sel = sd.Sel
	}
	sv.Hidden = !own && !sd.Ready
	if sv.Hidden {
		sv.Company, sv.Always = "", ""
	} else {
		for i, p := range sd.Platoons {
			st := p.Status
			if !own {
				switch {
				case !bothLocked && s.Phase != PhOver:
					st = ""
				case st == StReserve || st == StAmbush:
					st = "off_table"
				}
			}
			sv.Platoons = append(sv.Platoons, PlatoonView{ID: PlatoonID(seat, i), Index: i, Name: p.Name, Tpl: p.Tpl, Num: p.Num,
				Type: p.Type, Skill: p.Skill, Motiv: p.Motivation, Veh: p.HasVehicles, TOnly: p.TransOnly,
				FA: p.FA, Heavy: p.HeavyGun, BB: p.BunkerBuster, Teams: p.Teams, Points: p.Points,
				Status: st, Left: p.LeftBehind && (own || bothLocked), Patrol: p.Patrol, PLeft: p.PatrolLeft})
		}
	}
	if own || bothLocked {
		sv.OnTable = s.count(seat, StTable)
		sv.OffTable = s.count(seat, StReserve, StAmbush)
		sv.Reserves = s.count(seat, StReserve)
		sv.Withdrawn = s.count(seat, StWithdrawn)
		sv.Destroyed = s.count(seat, StDestroyed)
		sv.InAction = s.count(seat, StTable, StAmbush)
	}
	return sv
}

// battleView fills in v's battle-phase parts: the pending withdrawal,
// victory and gradual-withdrawal choices, and the reserve roll.
func battleView(v *View, s *State, m *Mission) {
	t := s.T
	if t.Withdraw != nil {
		v.Withdraw = &WithdrawView{P: t.Withdraw.P, Q: len(t.Withdraw.Answers) + 1}
	}
	if s.Sub == SubVictory && !pending(s) {
		v.VictoryObjs, v.VictoryClear = victoryOptions(s)
	}
	if s.Sub == SubWithdrawal && t.Withdraw == nil {
		v.GradualObjs = gradualObjs(s)
	}
	v.Roll, v.Successes, v.Guaranteed = append([]int(nil), t.Roll...), t.Successes, t.Guaranteed
	v.Arrivals = append([]Arrival(nil), t.Arrivals...)
	v.PicksLeft = t.PicksLeft
	v.ReserveDice = s.reserveDice(s.Active, s.Turn)
	if m.GradualW && s.Active == s.Attacker {
		// the defender's next turn is 6 or 7
		nt := s.Turn
		if s.First == s.defender() {
			nt = s.Turn + 1
		}
		v.GradualNext = (nt == 6 || nt == 7) && len(gradualObjs(s)) > 0
	}
}
