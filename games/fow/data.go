package fow

import (
	_ "embed"
	"encoding/json"
	"strings"
)

// Mission is one row of the mission table (spec §7.0), loaded from the
// embedded missions.json.
type Mission struct {
	ID               string `json:"id"`
	Name             string `json:"name"`
	Group            string `json:"group"`
	Meeting          bool   `json:"meeting"`
	Prepared         bool   `json:"prepared"`
	AttReserves      string `json:"att_reserves"`
	AttReserveMin    string `json:"att_reserve_min"`
	AttEntry         string `json:"att_entry"`
	DefReserves      string `json:"def_reserves"`
	DefReserveMin    string `json:"def_reserve_min"`
	DefEntry         string `json:"def_entry"`
	ArmouredReserves bool   `json:"armoured_reserves"`
	Ambush           string `json:"ambush"`
	AmbushMax        int    `json:"ambush_max"`
	StrategicW       bool   `json:"strategic_withdrawal"`
	GradualW         bool   `json:"gradual_withdrawal"`
	OverTheWire      bool   `json:"over_the_wire"`
	NMLPatrol        bool   `json:"nml_patrol"`
	Darkness         bool   `json:"darkness"`
	FirstTurn        string `json:"first_turn"`
	EndCheck         string `json:"end_check"`
	EarliestEnd      int    `json:"earliest_end_turn"`
	TurnLimit        int    `json:"turn_limit"`
	TimeoutWinner    string `json:"timeout_winner"`
	Objectives       string `json:"objectives"`
	ScatterMap       string `json:"scatter_map"`
	Confidence       string `json:"confidence"`
}

// Template is a platoon kind offered at roster entry (roster entry is made
// of choices, not free text). A template presets the type and the flags.
type Template struct {
	ID             string `json:"id"`
	Type           string `json:"type"`
	HasVehicles    bool   `json:"has_vehicles"`
	TransportsOnly bool   `json:"transports_only"`
	FullyArmoured  bool   `json:"fully_armoured"`
	HeavyGun       bool   `json:"heavy_gun"`
	BunkerBuster   bool   `json:"bunker_buster"`
	Teams          int    `json:"teams"`
	Points         int    `json:"points"`
}

type tableData struct {
	Missions        []Mission      `json:"missions"`
	RandomFairFight []string       `json:"random_fair_fight"`
	SkillTarget     map[string]int `json:"skill_target"`
	ArmouredLimit   map[string]int `json:"armoured_limit"`
	CompanyRank     map[string]int `json:"company_rank"`
	Templates       []Template     `json:"templates"`
}

//go:embed missions.json
var missionsJSON []byte

var data = func() tableData {
	var d tableData
	if err := json.Unmarshal(missionsJSON, &d); err != nil {
		panic("fow: missions.json: " + err.Error())
	}
	return d
}()

// Missions lists the mission table in order (for the slash-command
// autocomplete: ID is the option value, Name the display name).
func Missions() []Mission {
	return append([]Mission(nil), data.Missions...)
}

// Templates lists the platoon templates in order.
func Templates() []Template {
	return append([]Template(nil), data.Templates...)
}

// MissionByID finds a mission row.
func MissionByID(id string) (Mission, bool) {
	for _, m := range data.Missions {
		if m.ID == id {
			return m, true
		}
	}
	return Mission{}, false
}

func mission(id string) Mission {
	m, _ := MissionByID(id)
	return m
}

func tplIndex(id string) int {
	for i, t := range data.Templates {
		if t.ID == id {
			return i
		}
	}
	return -1
}

// objSpec is one step of the objective placement sequence: placer role and
// half role (0 attacker, 1 defender).
type objSpec struct{ Placer, Half int }

func (m Mission) objSeq() []objSpec {
	var out []objSpec
	for _, p := range strings.Split(m.Objectives, ";") {
		if len(p) != 3 {
			continue
		}
		r := func(c byte) int {
			if c == 'A' {
				return 0
			}
			return 1
		}
		out = append(out, objSpec{r(p[0]), r(p[2])})
	}
	return out
}

func (m Mission) scatter() []string {
	if m.ScatterMap == "-" || m.ScatterMap == "" {
		return strings.Split("L;L;E;E;R;R", ";")
	}
	return strings.Split(m.ScatterMap, ";")
}

// side rules by role (0 attacker, 1 defender)
func (m Mission) reserves(role int) string {
	if role == 0 {
		return m.AttReserves
	}
	return m.DefReserves
}

func (m Mission) reserveMin(role int) string {
	if role == 0 {
		return m.AttReserveMin
	}
	return m.DefReserveMin
}

func (m Mission) entry(role int) string {
	if role == 0 {
		return m.AttEntry
	}
	return m.DefEntry
}

// Skill (training) ratings, motivation, company types, platoon types:
// index order used by actions.
var (
	Skills      = []string{"veteran", "trained", "conscript"}
	Motivations = []string{"fearless", "confident", "reluctant"}
	Companies   = []string{"tank", "mechanised", "infantry", "fortified"}
	Flags       = []string{"has_vehicles", "transports_only", "fully_armoured", "heavy_gun", "bunker_buster"}
	Alwayses    = []string{"", "always_attacks", "always_defends"}
	// point and team steps offered when editing a platoon
	PointSteps = []int{-100, -25, 25, 100}
	TeamSteps  = []int{-5, -1, 1, 5}
)

// ScatterZone names the entry area of a scatter result loc (L, R, E) for
// the player on edge ("S" attacker, "N" defender): a corner ("NE") or a
// long edge ("N"). Left and right are player-relative (spec §4.1).
func ScatterZone(loc, edge string) string {
	switch {
	case loc == "E":
		return edge
	case edge == "S" && loc == "L":
		return "SW"
	case edge == "S" && loc == "R":
		return "SE"
	case edge == "N" && loc == "L":
		return "NE"
	case edge == "N" && loc == "R":
		return "NW"
	}
	return edge
}
