package fow

import (
	"github.com/warroom/warroom/games"
)

// ID is the game id.
const ID = "fow"

// platoonForm is what a player types for a platoon (spec §3.3, §9: the
// roster modal): its name (1-40 characters, unique within the seat), its
// points (0-2000) and its infantry teams (0-40). The action is
// "platoon.<i>.<points>.<teams>" with the name as its text; Legal lists
// "platoon.<i>" for the platoon being edited. The name is secret until the
// roster is revealed at Ready, like the rest of the roster.
var platoonForm = games.TextRule{
	Key: "name", MinRunes: 1, MaxRunes: 40, Allowed: games.NameRune, Secret: true,
	Numbers: []games.NumberRule{{Key: "points", Min: 0, Max: 2000}, {Key: "teams", Min: 0, Max: 40}},
}

// TextRule implements games.Forms: "platoon" is the one form.
func (Game) TextRule(verb string) (games.TextRule, bool) {
	if verb == VPlatoon {
		return platoonForm, true
	}
	return games.TextRule{}, false
}

// setDetails applies a filled platoon form.
func setDetails(p *Platoon, a games.Action) {
	p.Name, p.Points, p.Teams = a.Text, a.Args[1], a.Args[2]
}

// CheckText refuses a platoon name another platoon of the seat already
// has, or one that looks the same (games.LookAlike; spec §3.3: unique
// within a seat). Generated names
// ("Tank platoon 2") are numbered apart and translated, so only typed
// names are compared.
func (Game) CheckText(s State, seat games.Seat, a games.Action) error {
	if a.Verb != VPlatoon || seat < 0 || int(seat) >= len(s.Sides) {
		return nil
	}
	for i, p := range s.Sides[seat].Platoons {
		if i != a.Args[0] && p.Name != "" && games.LookAlike(p.Name, a.Text) {
			return games.Illegal("name_taken")
		}
	}
	return nil
}

// Verbs (the text form of an action, doc.go), by phase.
const (
	VDie = "die"
	// roster
	VCompany = "company"
	VAlways  = "always"
	VAdd     = "add"
	VSel     = "sel"
	VSkill   = "skill"
	VMot     = "mot"
	VFlag    = "flag"
	VPts     = "pts"
	VTeams   = "teams"
	VPlatoon = "platoon"
	VDel     = "del"
	VReady   = "ready"
	// roles, objectives
	VAttack = "attack"
	VDefend = "defend"
	VPlaced = "placed"
	// deployment
	VAssign   = "assign"
	VLeave    = "leave"
	VLock     = "lock"
	VDeployed = "deployed"
	VSwap     = "swap"
	VPatrol   = "patrol"
	VNoPatrol = "no_patrol"
	VCheck    = "check"
	VSpring   = "spring"
	VOverride = "override"
	VAns      = "ans"
	VDone     = "done"
	// battle
	VHold         = "hold"
	VNone         = "none"
	VClear        = "clear"
	VNotClear     = "not_clear"
	VNotNow       = "not_now"
	VRemove       = "remove"
	VWithdraw     = "withdraw"
	VArrive       = "arrive"
	VNext         = "next"
	VEndTurn      = "end_turn"
	VLost         = "lost"
	VMoraleFailed = "morale_failed"
	VConcede      = "concede"
	VDeclineEnd   = "decline_end"
	VRefuse       = "refuse"
	VAgreeEnd     = "agree_end"
)
