package fow

// Phases (spec §6.1; the lobby is the table service's).
const (
	PhRoster      = "roster"
	PhRoles       = "roles"       // awaiting roll-off dice (manual mode)
	PhRoleChoice  = "role_choice" // roll-off winner picks attack/defend
	PhObjectives  = "objectives"
	PhAssign      = "deploy_assign"
	PhTable       = "deploy_table"
	PhPatrol      = "nml_patrol"
	PhImmediate   = "immediate_ambush"
	PhRecce       = "recce"
	PhFirstTurn   = "first_turn"
	PhBattle      = "battle"
	PhOver        = "game_over"
	StTable       = "on_table"
	StReserve     = "in_reserve"
	StAmbush      = "in_ambush"
	StWithdrawn   = "withdrawn"
	StDestroyed   = "destroyed"
	SubVictory    = "victory"
	SubAmbush     = "ambush"
	SubWithdrawal = "withdrawal"
	SubReserves   = "reserves"
	SubMovement   = "movement"
	SubShooting   = "shooting"
	SubAssault    = "assault"
)

// State is the whole referee state. Seats: 0 = A (creator), 1 = B.
type State struct {
	Mission string  `json:"mission"`
	Manual  bool    `json:"manual"`
	Units   string  `json:"units"`
	Phase   string  `json:"phase"`
	Sides   [2]Side `json:"sides"`

	Attacker    int    `json:"attacker"`     // seat, -1 until decided
	RollWinner  int    `json:"roll_winner"`  // non-ME roll-off winner who chooses, -1
	RolesReason string `json:"roles_reason"` // how roles were decided

	Objectives []Objective `json:"objectives"`

	FinishedFirst int     `json:"finished_first"` // seat, -1 until deploy_table
	SwapVotes     [2]bool `json:"swap_votes"`

	First        int       `json:"first"` // seat with the first turn, -1
	Turn         int       `json:"turn"`
	Active       int       `json:"active"`
	Sub          string    `json:"sub"`
	MERestricted bool      `json:"me_restricted"`
	Delay        int       `json:"delay_counters"`
	T            TurnState `json:"t"`

	Await         *Await     `json:"await,omitempty"`
	Check         *Checklist `json:"check,omitempty"`
	ImmFailed     int        `json:"imm_failed"` // immediate ambush platoon whose checklist failed, -1
	OverrideVotes [2]bool    `json:"override_votes"`
	AgreeVotes    [2]bool    `json:"agree_votes"`

	Winner    int    `json:"winner"` // -1: none
	Reason    string `json:"reason,omitempty"`
	ReasonArg int    `json:"reason_arg"`
	VP        [2]int `json:"vp"`

	// Refused: the attacker has just refused the defender's override of
	// a failed checklist (the computer does not ask again at once).
	Refused bool `json:"refused,omitempty"`

	// evs are the entries of the action being done, Do's events: the
	// table's journal is the log, the state keeps none.
	evs []Entry
}

// Side is one seat's company.
type Side struct {
	Company  string    `json:"company"`
	Always   string    `json:"always"` // "", always_attacks, always_defends
	Platoons []Platoon `json:"platoons"`
	Sel      int       `json:"sel"` // platoon being edited at roster entry, -1
	Ready    bool      `json:"ready"`
	Locked   bool      `json:"locked"`
	Deployed bool      `json:"deployed"`
	Patrol   bool      `json:"patrol_done"`
	Recce    bool      `json:"recce_done"`
}

// Platoon is one roster line (spec §3.3). Its id is the seat letter plus
// its 1-based index; its display name is Name as the player typed it, or
// else the template's name plus Num.
type Platoon struct {
	Name         string `json:"name,omitempty"`
	Tpl          string `json:"tpl"`
	Num          int    `json:"num"`
	Type         string `json:"type"`
	Skill        string `json:"skill"`
	Motivation   string `json:"motivation"`
	HasVehicles  bool   `json:"has_vehicles"`
	TransOnly    bool   `json:"transports_only"`
	FA           bool   `json:"fully_armoured"`
	HeavyGun     bool   `json:"heavy_gun"`
	BunkerBuster bool   `json:"bunker_buster"`
	Teams        int    `json:"infantry_teams"`
	Points       int    `json:"points"`
	Status       string `json:"status"`
	LeftBehind   bool   `json:"transports_left_behind"`
	Patrol       bool   `json:"patrol"`
	PatrolLeft   bool   `json:"patrol_left_behind"`
}

// Objective record (spec §3.4). Placer and Half are seats.
type Objective struct {
	Placer  int  `json:"placed_by"`
	Half    int  `json:"half"`
	Removed bool `json:"removed"`
}

// TurnState is the progress through one player turn.
type TurnState struct {
	VictoryDone   bool      `json:"victory_done"`
	AmbushDone    bool      `json:"ambush_done"`
	GradualDone   bool      `json:"gradual_done"`
	StratDone     bool      `json:"strat_done"`
	Withdraw      *Withdraw `json:"withdraw,omitempty"`
	ReserveRolled bool      `json:"reserve_rolled"`
	PicksLeft     int       `json:"picks_left"`
	ScatterDone   bool      `json:"scatter_done"`
	AmbushFails   int       `json:"ambush_fails"`
	Arrivals      []Arrival `json:"arrivals,omitempty"`
	Roll          []int     `json:"roll,omitempty"`
	Successes     int       `json:"successes"`
	Guaranteed    bool      `json:"guaranteed"`
}

// Withdraw is a required Strategic Withdrawal in progress.
type Withdraw struct {
	P       int   `json:"p"` // selected platoon, -1 while selecting
	Answers []int `json:"answers,omitempty"`
}

// Arrival is a platoon arriving from reserve this turn.
type Arrival struct {
	P     int    `json:"p"`
	Entry string `json:"entry"` // own_edge, map, scattered (until rolled), L, R, E
	Die   int    `json:"die,omitempty"`
}

// Await is a manual-dice request: one die per entry of Seats, typed by that seat.
type Await struct {
	Purpose string `json:"purpose"` // roles, first, reserve, scatter, skill
	Seats   []int  `json:"seats"`
	Got     []int  `json:"got,omitempty"`
}

// Checklist is an ambush placement checklist in progress (spec §7.4).
type Checklist struct {
	Seat      int   `json:"seat"`
	P         int   `json:"p"`
	Answers   []int `json:"answers,omitempty"`
	Immediate bool  `json:"immediate"`
}

// Entry is one log line, given out as an event. Vis is -1 for public, else the only seat that sees it.
type Entry struct {
	Kind string `json:"-"` // the event's Kind
	Seat int    `json:"-"` // the event's Seat
	Args []int  `json:"args,omitempty"`
	Text string `json:"text,omitempty"`
	Vis  int    `json:"-"` // the one seat a private event is for, else -1
}

// Clone is a deep copy: a move works on one (games.Begin).
func (s State) Clone() State {
	c := s
	for i := range c.Sides {
		c.Sides[i].Platoons = append([]Platoon(nil), s.Sides[i].Platoons...)
	}
	c.Objectives = append([]Objective(nil), s.Objectives...)
	c.evs = nil
	c.T = s.T.clone()
	if s.Await != nil {
		a := *s.Await
		a.Seats = append([]int(nil), a.Seats...)
		a.Got = append([]int(nil), a.Got...)
		c.Await = &a
	}
	if s.Check != nil {
		k := *s.Check
		k.Answers = append([]int(nil), k.Answers...)
		c.Check = &k
	}
	return c
}

func (t TurnState) clone() TurnState {
	c := t
	c.Arrivals = append([]Arrival(nil), t.Arrivals...)
	c.Roll = append([]int(nil), t.Roll...)
	if t.Withdraw != nil {
		w := *t.Withdraw
		w.Answers = append([]int(nil), w.Answers...)
		c.Withdraw = &w
	}
	return c
}

// role of a seat: 0 attacker, 1 defender.
func (s *State) role(seat int) int {
	if seat == s.Attacker {
		return 0
	}
	return 1
}

func (s *State) defender() int { return 1 - s.Attacker }

func (s *State) m() Mission { return mission(s.Mission) }

func (s *State) log(kind string, seat int, args ...int) {
	s.logv(kind, seat, -1, "", args...)
}

func (s *State) logv(kind string, seat, vis int, text string, args ...int) {
	s.evs = append(s.evs, Entry{Kind: kind, Seat: seat, Args: args, Text: text, Vis: vis})
}

func (s *State) count(seat int, statuses ...string) int {
	n := 0
	for _, p := range s.Sides[seat].Platoons {
		for _, st := range statuses {
			if p.Status == st {
				n++
				break
			}
		}
	}
	return n
}
