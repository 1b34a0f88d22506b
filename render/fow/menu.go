package fow

import (
	"fmt"

	"github.com/warroom/warroom/games"
	fowg "github.com/warroom/warroom/games/fow"
	"github.com/warroom/warroom/render"
)

// Menu labels every legal action of the viewer.
func (Renderer) Menu(ctx render.Audience, v fowg.View, legal []games.Action) render.Menu {
	seat := v.Viewer
	m := render.Menu{Prompt: prompt(ctx, v, legal)}
	for _, a := range legal {
		m.Choices = append(m.Choices, choice(ctx, v, seat, a))
	}
	return m
}

func has(legal []games.Action, verb string) bool {
	for _, a := range legal {
		if a.Verb == verb {
			return true
		}
	}
	return false
}

func prompt(ctx render.Audience, v fowg.View, legal []games.Action) string {
	switch {
	case v.Await != nil:
		return ctx.T("fow.await", "Who", who(ctx, v.Await.Seat), "K", len(v.Await.Got)+1, "N", v.Await.Count,
			"Purpose", ctx.T("fow.purpose."+v.Await.Purpose))
	case v.Check != nil:
		p := pn(ctx, v, v.Viewer, v.Check.P)
		return ctx.T("fow.check_for", "Platoon", p, "Q", v.Check.Q, "Of", v.Check.Of) + "\n" +
			ctx.T(fmt.Sprintf("fow.q%d", v.Check.Q), "D4", dist(ctx, v, 4), "D8", dist(ctx, v, 8), "D16", dist(ctx, v, 16))
	case v.Phase == fowg.PhBattle && v.Withdraw != nil && v.Withdraw.P >= 0:
		return ctx.T(fmt.Sprintf("fow.qw%d", v.Withdraw.Q), "D", dist(ctx, v, 8))
	case v.Phase == fowg.PhImmediate && v.Viewer == v.Attacker:
		return ctx.T("fow.prompt.override_asked")
	case v.Phase == fowg.PhBattle && v.Viewer != v.Active:
		return ctx.T("fow.prompt.agree_asked", "Who", who(ctx, v.Active))
	case v.Phase == fowg.PhBattle:
		switch {
		case v.Withdraw != nil:
			return ctx.T("fow.withdraw_select")
		case v.PicksLeft > 0:
			return ctx.T("fow.picks", "Count", v.PicksLeft)
		}
		return ctx.T("fow.prompt.sub." + v.Sub)
	}
	if v.Phase == fowg.PhAssign {
		// the menu is private here: show what still blocks the lock
		out := ctx.T("fow.prompt." + v.Phase)
		if len(v.DeployErrors) == 0 {
			return out + "\n" + ctx.T("fow.deploy_ok")
		}
		out += "\n" + ctx.T("fow.deploy_errors")
		for _, e := range v.DeployErrors {
			out += "\n• " + ctx.T("fow.err."+e)
		}
		return out
	}
	return ctx.T("fow.prompt." + v.Phase)
}

// choice labels one legal action: the argument-free verbs come from a
// table, the rest from the company builder's or the game's own labeller.
func choice(ctx render.Audience, v fowg.View, seat int, a games.Action) render.Choice {
	c := render.Choice{Action: a}
	if p, ok := plainActs[a.Verb]; ok {
		c.Label, c.Emoji, c.Style = ctx.T("fow.act."+a.Verb), p.emoji, p.style
		if p.group != "" {
			c.Group = ctx.T(p.group)
		}
	} else if !companyChoice(ctx, v, seat, a, &c) && !playChoice(ctx, v, seat, a, &c) {
		c.Label = a.String()
	}
	c.Label = render.Clip(c.Label, 80)
	return c
}

// actArg is the action's i-th argument, -1 when it has fewer.
func actArg(a games.Action, i int) int {
	if i < len(a.Args) {
		return a.Args[i]
	}
	return -1
}

// plainAct is how a verb without arguments looks: its label is
// "fow.act.<verb>", group is a message key ("" for none).
type plainAct struct {
	emoji string
	style render.Style
	group string
}

// plainActs are the verbs whose choice depends on nothing but the verb.
var plainActs = map[string]plainAct{
	fowg.VReady:        {style: render.Success, emoji: "✅", group: "fow.grp.company"},
	fowg.VAttack:       {style: render.Primary, emoji: "⚔️"},
	fowg.VDefend:       {emoji: "🛡️"},
	fowg.VPlaced:       {style: render.Primary, emoji: "📍"},
	fowg.VLock:         {style: render.Success, emoji: "🔒", group: "fow.grp.lock"},
	fowg.VDeployed:     {style: render.Success},
	fowg.VSwap:         {},
	fowg.VNoPatrol:     {},
	fowg.VNotNow:       {},
	fowg.VOverride:     {style: render.Danger},
	fowg.VRefuse:       {},
	fowg.VDone:         {style: render.Success},
	fowg.VNone:         {group: "fow.grp.turn"},
	fowg.VNotClear:     {group: "fow.grp.turn"},
	fowg.VNext:         {style: render.Primary, group: "fow.grp.turn"},
	fowg.VEndTurn:      {style: render.Success, group: "fow.grp.turn"},
	fowg.VMoraleFailed: {style: render.Danger, group: "fow.grp.end"},
	fowg.VConcede:      {style: render.Danger, group: "fow.grp.end"},
	fowg.VAgreeEnd:     {group: "fow.grp.end"},
	fowg.VDeclineEnd:   {group: "fow.grp.end"},
}

// companyChoice labels the verbs of building a company (the dice roll,
// the company, its platoons and the selected platoon's edits) into c;
// false when a is not one of them.
func companyChoice(ctx render.Audience, v fowg.View, seat int, a games.Action, c *render.Choice) bool {
	ar := func(i int) int { return actArg(a, i) }
	sel := fowg.PlatoonView{}
	if seat >= 0 && seat < 2 {
		if p, ok := platoon(v, seat, v.Sides[seat].Sel); ok {
			sel = p
		}
	}
	switch a.Verb {
	case fowg.VDie:
		c.Label, c.Emoji, c.Group = ctx.T("fow.act.die", "N", ar(0)), "🎲", ctx.T("fow.grp.dice")
	case fowg.VCompany:
		c.Label, c.Group = ctx.T("fow.act.company", "Company", ctx.T("fow.company."+fowg.Companies[ar(0)])), ctx.T("fow.grp.company")
	case fowg.VAlways:
		f := fowg.Alwayses[ar(0)]
		if f == "" {
			f = "none"
		}
		c.Label, c.Group = ctx.T("fow.act.always", "Flag", ctx.T("fow.always."+f)), ctx.T("fow.grp.company")
	case fowg.VAdd:
		c.Label, c.Emoji, c.Group = ctx.T("fow.act.add", "Tpl", ctx.T("fow.tpl."+fowg.Templates()[ar(0)].ID)), "➕", ctx.T("fow.grp.add")
	case fowg.VSel:
		c.Label, c.Group = ctx.T("fow.act.sel", "Platoon", pn(ctx, v, seat, ar(0))), ctx.T("fow.grp.sel")
	case fowg.VSkill:
		c.Label, c.Group = ctx.T("fow.act.skill", "Skill", ctx.T("fow.skill."+fowg.Skills[ar(0)])), ctx.T("fow.grp.edit", "ID", sel.ID)
	case fowg.VMot:
		c.Label, c.Group = ctx.T("fow.act.mot", "Mot", ctx.T("fow.motivation."+fowg.Motivations[ar(0)])), ctx.T("fow.grp.edit", "ID", sel.ID)
	case fowg.VFlag:
		f := fowg.Flags[ar(0)]
		on := map[string]bool{"has_vehicles": sel.Veh, "transports_only": sel.TOnly, "fully_armoured": sel.FA, "heavy_gun": sel.Heavy, "bunker_buster": sel.BB}[f]
		k := "fow.act.flag_on"
		if on {
			k = "fow.act.flag_off"
		}
		c.Label, c.Group = ctx.T(k, "Flag", ctx.T("fow.flag."+f)), ctx.T("fow.grp.edit", "ID", sel.ID)
	case fowg.VPts:
		c.Label, c.Group = ctx.T("fow.act.pts", "D", fmt.Sprintf("%+d", ar(0)), "Now", sel.Points), ctx.T("fow.grp.edit", "ID", sel.ID)
	case fowg.VTeams:
		c.Label, c.Group = ctx.T("fow.act.teams", "D", fmt.Sprintf("%+d", ar(0)), "Now", sel.Teams), ctx.T("fow.grp.edit", "ID", sel.ID)
	case fowg.VPlatoon:
		c.Label, c.Emoji, c.Style, c.Group = ctx.T("fow.act.platoon", "Platoon", sel.ID), "✏️", render.Primary, ctx.T("fow.grp.edit", "ID", sel.ID)
	case fowg.VDel:
		c.Label, c.Style, c.Group = ctx.T("fow.act.del", "Platoon", sel.ID), render.Danger, ctx.T("fow.grp.edit", "ID", sel.ID)
	default:
		return false
	}
	return true
}

// playChoice labels the verbs with arguments of deploying and playing the
// battle into c; false when a is not one of them.
func playChoice(ctx render.Audience, v fowg.View, seat int, a games.Action, c *render.Choice) bool {
	ar := func(i int) int { return actArg(a, i) }
	own := func(i int) string { return pn(ctx, v, seat, i) }
	switch a.Verb {
	case fowg.VAssign:
		to := []string{"on_table", "in_reserve", "in_ambush"}[ar(1)]
		c.Label, c.Group = ctx.T("fow.act.assign", "Platoon", own(ar(0))), ctx.T("fow.grp.assign_"+to)
	case fowg.VLeave:
		k := "fow.act.leave"
		if p, ok := platoon(v, seat, ar(0)); ok && p.Left {
			k = "fow.act.take"
		}
		c.Label, c.Group = ctx.T(k, "Platoon", own(ar(0))), ctx.T("fow.grp.leave")
	case fowg.VPatrol:
		k := "fow.act.patrol"
		if ar(1) == 1 {
			k = "fow.act.patrol_left"
		}
		c.Label, c.Group = ctx.T(k, "Platoon", own(ar(0))), ctx.T("fow.grp.patrol")
	case fowg.VCheck:
		c.Label, c.Emoji = ctx.T("fow.act.check", "Platoon", own(ar(0))), "🎯"
	case fowg.VSpring:
		c.Label, c.Emoji, c.Style = ctx.T("fow.act.spring", "Platoon", own(ar(0))), "🎯", render.Primary
	case fowg.VAns:
		if ar(0) == 1 {
			c.Label, c.Emoji = ctx.T("fow.act.yes"), "✔️"
		} else {
			c.Label, c.Emoji = ctx.T("fow.act.no"), "✖️"
		}
	case fowg.VHold:
		c.Label, c.Emoji, c.Style, c.Group = ctx.T("fow.act.hold", "Obj", objName(ctx, ar(0))), "🏁", render.Primary, ctx.T("fow.grp.turn")
	case fowg.VClear:
		c.Label, c.Style, c.Group = ctx.T("fow.act.clear", "D", dist(ctx, v, 16)), render.Primary, ctx.T("fow.grp.turn")
	case fowg.VRemove:
		c.Label, c.Group = ctx.T("fow.act.remove", "Obj", objName(ctx, ar(0))), ctx.T("fow.grp.turn")
	case fowg.VWithdraw:
		c.Label = ctx.T("fow.act.withdraw", "Platoon", own(ar(0)))
	case fowg.VArrive:
		c.Label, c.Emoji = ctx.T("fow.act.arrive", "Platoon", own(ar(0))), "🚩"
	case fowg.VLost:
		c.Label, c.Emoji, c.Group = ctx.T("fow.act.lost", "Platoon", pn(ctx, v, ar(0), ar(1))), "💥", ctx.T("fow.grp.lost", "Who", who(ctx, ar(0)))
	default:
		return false
	}
	return true
}
