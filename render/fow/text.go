package fow

import (
	"fmt"
	"strings"

	fowg "github.com/warroom/warroom/games/fow"
	"github.com/warroom/warroom/render"
)

func diceText(d []int) string {
	var s []string
	for _, x := range d {
		s = append(s, fmt.Sprint(x))
	}
	return "[" + strings.Join(s, ", ") + "]"
}

func readyMark(ok bool) string {
	if ok {
		return "✅"
	}
	return "⏳"
}

func phaseText(ctx render.Audience, v fowg.View) string {
	var b []string
	marks := func(f func(fowg.SideView) bool) string {
		return fmt.Sprintf("%s %s · %s %s", who(ctx, 0), readyMark(f(v.Sides[0])), who(ctx, 1), readyMark(f(v.Sides[1])))
	}
	switch v.Phase {
	case fowg.PhRoster:
		b = append(b, ctx.T("fow.ph.roster"), marks(func(s fowg.SideView) bool { return s.Ready }))
	case fowg.PhRoles:
		b = append(b, ctx.T("fow.ph.roles"))
	case fowg.PhRoleChoice:
		b = append(b, ctx.T("fow.ph.role_choice", "Who", who(ctx, v.RollWinner)))
	case fowg.PhObjectives:
		if v.NextPlacer >= 0 {
			b = append(b, ctx.T("fow.ph.objectives", "N", len(v.Objectives)+1, "Who", who(ctx, v.NextPlacer), "Half", who(ctx, v.NextHalf)))
		}
		b = append(b, placementText(ctx, v))
		if v.Mission.Prepared {
			b = append(b, ctx.T("fow.remind.prepared"))
		}
		b = append(b, ctx.T("fow.remind.gone_to_ground"))
	case fowg.PhAssign:
		b = append(b, ctx.T("fow.ph.deploy_assign"), marks(func(s fowg.SideView) bool { return s.Locked }))
	case fowg.PhTable:
		b = append(b, ctx.T("fow.ph.deploy_table", "Who", who(ctx, v.FinishedFirst)), marks(func(s fowg.SideView) bool { return s.Deployed }))
		if v.Mission.Meeting {
			b = append(b, ctx.T("fow.ph.finished_first_note"))
		}
		for s := 0; s < 2; s++ {
			if v.SwapVotes[s] {
				b = append(b, ctx.T("fow.swap_asked", "Who", who(ctx, s)))
			}
		}
	case fowg.PhPatrol:
		b = append(b, ctx.T("fow.ph.nml_patrol"), ctx.T("fow.remind.darkness"), marks(func(s fowg.SideView) bool { return s.Patrol }))
	case fowg.PhImmediate:
		b = append(b, ctx.T("fow.ph.immediate", "Who", who(ctx, 1-v.Attacker)))
		if v.ImmFailed {
			b = append(b, ctx.T("fow.imm_failed_note", "Who", who(ctx, v.Attacker)))
		}
	case fowg.PhRecce:
		b = append(b, ctx.T("fow.ph.recce"), marks(func(s fowg.SideView) bool { return s.Recce }))
	case fowg.PhFirstTurn:
		b = append(b, ctx.T("fow.ph.first_turn"))
	case fowg.PhBattle:
		b = append(b, battleText(ctx, v)...)
	case fowg.PhOver:
		// The result is said once, by the table's result line (and the
		// picture's banner names the objective held).
	}
	if v.Await != nil {
		b = append(b, "🎲 "+ctx.T("fow.await", "Who", who(ctx, v.Await.Seat), "K", len(v.Await.Got)+1, "N", v.Await.Count,
			"Purpose", ctx.T("fow.purpose."+v.Await.Purpose)))
		if len(v.Await.Got) > 0 {
			b = append(b, ctx.T("fow.await_got", "Dice", diceText(v.Await.Got)))
		}
	}
	return strings.Join(b, "\n")
}

func placementText(ctx render.Audience, v fowg.View) string {
	m := v.Mission
	switch {
	case m.OverTheWire:
		return ctx.T("fow.place.otw", "D", dist(ctx, v, 8))
	case m.ID == "free_for_all":
		return ctx.T("fow.place.ffa", "D16", dist(ctx, v, 16), "D8", dist(ctx, v, 8), "D48", dist(ctx, v, 48))
	case m.ID == "encounter":
		return ctx.T("fow.place.encounter", "D8", dist(ctx, v, 8), "D6", dist(ctx, v, 6))
	}
	return ctx.T("fow.place.map")
}

func battleText(ctx render.Audience, v fowg.View) []string {
	var b []string
	b = append(b, ctx.T("fow.turn_head", "Turn", v.Turn, "Who", who(ctx, v.Active), "Role", roleOf(ctx, v, v.Active), "Step", ctx.T("fow.sub."+v.Sub)))
	if v.MERestricted {
		b = append(b, "⚠️ "+ctx.T("fow.me.air"))
	}
	me := v.MERestricted
	switch {
	case v.Withdraw != nil:
		if v.Withdraw.P < 0 {
			b = append(b, ctx.T("fow.withdraw_select"))
		} else {
			b = append(b, ctx.T("fow.withdraw_question", "Platoon", pn(ctx, v, 1-v.Attacker, v.Withdraw.P)),
				ctx.T(fmt.Sprintf("fow.qw%d", v.Withdraw.Q), "D", dist(ctx, v, 8)))
		}
	case v.PicksLeft > 0:
		b = append(b, ctx.T("fow.picks", "Count", v.PicksLeft))
	case v.Sub == fowg.SubVictory:
		b = append(b, ctx.T("fow.remind.hold", "D", dist(ctx, v, 4)))
		if v.VictoryClear {
			b = append(b, ctx.T("fow.victory_clear_q", "D", dist(ctx, v, 16)))
		} else {
			b = append(b, ctx.T("fow.victory_q"))
		}
	case v.Sub == fowg.SubAmbush:
		b = append(b, ctx.T("fow.ambush_q"))
	case v.Sub == fowg.SubWithdrawal:
		b = append(b, ctx.T("fow.gradual_q"))
	case v.Sub == fowg.SubMovement:
		if me {
			b = append(b, ctx.T("fow.me.movement"))
		}
		if len(v.Arrivals) > 0 {
			var a []string
			for _, x := range v.Arrivals {
				a = append(a, pn(ctx, v, v.Active, x.P)+" → "+entryText(ctx, v, x))
			}
			b = append(b, ctx.T("fow.arrivals")+" "+strings.Join(a, "; "), ctx.T("fow.remind.arrive", "D", dist(ctx, v, 4)),
				ctx.T("fow.remind.blocked", "D", dist(ctx, v, 2)))
		}
	case v.Sub == fowg.SubShooting:
		if me {
			b = append(b, ctx.T("fow.me.shooting"))
		}
	}
	if len(v.Roll) > 0 {
		k := "fow.roll_line"
		if v.Guaranteed {
			k = "fow.roll_line_guaranteed"
		}
		b = append(b, ctx.T(k, "Dice", diceText(v.Roll), "Count", v.Successes))
	}
	if v.GradualNext {
		b = append(b, "⚠️ "+ctx.T("fow.gradual_warning"))
	}
	for s := 0; s < 2; s++ {
		if v.AgreeVotes[s] {
			b = append(b, ctx.T("fow.agree_asked", "Who", who(ctx, s)))
		}
	}
	return b
}

func entryText(ctx render.Audience, v fowg.View, a fowg.Arrival) string {
	switch a.Entry {
	case "L", "R", "E":
		edge := "S"
		if v.Active != v.Attacker {
			edge = "N"
		}
		return zoneText(ctx, v, fowg.ScatterZone(a.Entry, edge))
	}
	return ctx.T("fow.entry." + a.Entry)
}

// zoneText describes a corner zone or a long edge (spec §4.2, R7).
func zoneText(ctx render.Audience, v fowg.View, z string) string {
	w, h, c := 72, 48, 16
	u := "\""
	if v.Units == "cm" {
		w, h, c, u = 180, 120, 40, "cm"
	}
	switch z {
	case "N", "S":
		return ctx.T("fow.zone.edge_" + z)
	}
	x0, x1 := 0, c
	if z[1] == 'E' {
		x0, x1 = w-c, w
	}
	y0, y1 := 0, c
	if z[0] == 'N' {
		y0, y1 = h-c, h
	}
	return ctx.T("fow.zone.corner_"+z, "X", fmt.Sprintf("%d–%d%s", x0, x1, u), "Y", fmt.Sprintf("%d–%d%s", y0, y1, u))
}

// overReason says why the mission ended (the card and the picture's banner).
func overReason(ctx render.Audience, v fowg.View) string {
	switch v.Reason {
	case "either_holds", "attacker_holds", "attack_defend":
		return ctx.T("fow.over.holds", "Obj", objName(ctx, v.ReasonArg))
	case "morale_failed", "concede", "no_platoons":
		return ctx.T("fow.over."+v.Reason, "Who", who(ctx, v.ReasonArg))
	case "turn_limit":
		return ctx.T("fow.over.turn_limit", "Count", v.ReasonArg)
	}
	return ctx.T("fow.reason." + v.Reason)
}

// eventsText renders the last n entries of the journal's tail.
func eventsText(ctx render.Audience, v fowg.View, n int) []string {
	lg := entries(ctx)
	if len(lg) > n {
		lg = lg[len(lg)-n:]
	}
	var b []string
	for _, e := range lg {
		if s := logLine(ctx, v, e); s != "" {
			b = append(b, "• "+s)
		}
	}
	return b
}

func arg(e fowg.Entry, i int) int {
	if i < len(e.Args) {
		return e.Args[i]
	}
	return 0
}

// logLine words one log entry ("" for a kind that is not shown); the
// battle's events are worded by battleLogLine.
func logLine(ctx render.Audience, v fowg.View, e fowg.Entry) string {
	w := who(ctx, e.Seat)
	p := func(i int) string { return pn(ctx, v, e.Seat, arg(e, i)) }
	switch e.Kind {
	case "created", "deployed", "swap_vote", "locked", "roster_ready", "no_patrol", "imm_failed", "override_vote",
		"override_refused", "agree_vote", "agree_declined", "victory_none", "first_player", "finished_first":
		return ctx.T("fow.log."+e.Kind, "Who", w)
	case "roles_rolled":
		return ctx.T("fow.log.roles_rolled", "A", who(ctx, 0), "DA", arg(e, 0), "B", who(ctx, 1), "DB", arg(e, 1))
	case "roles":
		return ctx.T("fow.log.roles", "Who", w, "Why", ctx.T("fow.why."+v.RolesReason))
	case "obj_placed":
		return ctx.T("fow.log.obj_placed", "Obj", objName(ctx, arg(e, 0)), "Who", w, "Half", who(ctx, arg(e, 1)))
	case "patrol":
		k := "fow.log.patrol"
		if arg(e, 1) == 1 {
			k = "fow.log.patrol_left"
		}
		return ctx.T(k, "Who", w, "Platoon", p(0))
	case "ambush_failed":
		return ctx.T("fow.log.ambush_failed", "Platoon", p(0), "Q", arg(e, 1))
	case "override":
		return ctx.T("fow.log.override", "Platoon", p(0))
	case "ambush_revealed":
		k := "fow.log.ambush_revealed"
		if v.Mission.Prepared {
			k = "fow.log.ambush_revealed_dug"
		}
		return ctx.T(k, "Platoon", p(0))
	case "first_rolled":
		return ctx.T("fow.log.first_rolled", "A", who(ctx, v.Attacker), "DA", arg(e, 0), "BA", arg(e, 2), "B", who(ctx, 1-v.Attacker), "DB", arg(e, 1), "BB", arg(e, 3))
	case "turn":
		return ctx.T("fow.log.turn", "Who", w, "Turn", arg(e, 0))
	case "turn_end":
		return ctx.T("fow.log.turn_end", "Who", w, "Turn", arg(e, 0))
	case "obj_removed":
		return ctx.T("fow.log.obj_removed", "Obj", objName(ctx, arg(e, 0)))
	case "delay":
		return ctx.T("fow.log.delay", "Count", arg(e, 0))
	case "withdraw_req":
		return ctx.T("fow.log.withdraw_req", "Who", w, "P", arg(e, 0), "C", arg(e, 1))
	}
	return battleLogLine(ctx, v, e)
}

// battleLogLine words the log entries of the battle's events: skill
// tests, withdrawals, reserves, scatter, losses and the end ("" for a
// kind that is not shown).
func battleLogLine(ctx render.Audience, v fowg.View, e fowg.Entry) string {
	w := who(ctx, e.Seat)
	p := func(i int) string { return pn(ctx, v, e.Seat, arg(e, i)) }
	switch e.Kind {
	case "skill":
		k := "fow.log.skill_fail"
		if arg(e, 3) == 1 {
			k = "fow.log.skill_pass"
		}
		return ctx.T(k, "Platoon", p(0), "Target", arg(e, 1), "Die", arg(e, 2))
	case "withdrawn":
		if arg(e, 1) == 1 { // Strategic Withdrawal of an ambusher: it came from ambush
			return ctx.T("fow.log.withdrawn_ambush", "Platoon", p(0))
		}
		return ctx.T("fow.log.withdrawn", "Platoon", p(0))
	case "fled":
		return ctx.T("fow.log.fled", "Platoon", p(0))
	case "reserve_roll":
		k := "fow.log.reserve_roll"
		if arg(e, 2) == 1 {
			k = "fow.log.reserve_roll_guaranteed"
		}
		var d []int
		if len(e.Args) > 4 {
			d = e.Args[4:]
		}
		return ctx.T(k, "Who", w, "Dice", diceText(d), "Count", arg(e, 3))
	case "arrived":
		if e.Text == "scattered" {
			return ctx.T("fow.log.arrived_scattered", "Platoon", p(0))
		}
		return ctx.T("fow.log.arrived", "Platoon", p(0), "Entry", ctx.T("fow.entry."+e.Text))
	case "scatter":
		edge := "S"
		if e.Seat != v.Attacker {
			edge = "N"
		}
		return ctx.T("fow.log.scatter", "Platoon", p(0), "Die", arg(e, 1), "Zone", zoneText(ctx, v, fowg.ScatterZone(e.Text, edge)))
	case "lost":
		return ctx.T("fow.log.lost", "Platoon", p(0))
	case "game_over":
		return ctx.T("fow.log.game_over", "VA", arg(e, 0), "VB", arg(e, 1))
	}
	return ""
}
