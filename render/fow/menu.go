package fow

import (
	"fmt"

	"github.com/warroom/warroom/games"
	fowg "github.com/warroom/warroom/games/fow"
	"github.com/warroom/warroom/render"
)

// Menu labels every legal action of the viewer.
func (Renderer) Menu(ctx render.Ctx, v fowg.View, legal []games.Action) render.Menu {
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

func prompt(ctx render.Ctx, v fowg.View, legal []games.Action) string {
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

func choice(ctx render.Ctx, v fowg.View, seat int, a games.Action) render.Choice {
	c := render.Choice{Action: a}
	ar := func(i int) int {
		if i < len(a.Args) {
			return a.Args[i]
		}
		return -1
	}
	own := func(i int) string { return pn(ctx, v, seat, i) }
	sel := fowg.PlatoonView{}
	if seat >= 0 && seat < 2 {
		if p, ok := platoon(v, seat, v.Sides[seat].Sel); ok {
			sel = p
		}
	}
	switch a.Verb {
	case "die":
		c.Label, c.Emoji, c.Group = ctx.T("fow.act.die", "N", ar(0)), "🎲", ctx.T("fow.grp.dice")
	case "company":
		c.Label, c.Group = ctx.T("fow.act.company", "Company", ctx.T("fow.company."+fowg.Companies[ar(0)])), ctx.T("fow.grp.company")
	case "always":
		f := fowg.Alwayses[ar(0)]
		if f == "" {
			f = "none"
		}
		c.Label, c.Group = ctx.T("fow.act.always", "Flag", ctx.T("fow.always."+f)), ctx.T("fow.grp.company")
	case "add":
		c.Label, c.Emoji, c.Group = ctx.T("fow.act.add", "Tpl", ctx.T("fow.tpl."+fowg.Templates()[ar(0)].ID)), "➕", ctx.T("fow.grp.add")
	case "sel":
		c.Label, c.Group = ctx.T("fow.act.sel", "Platoon", own(ar(0))), ctx.T("fow.grp.sel")
	case "skill":
		c.Label, c.Group = ctx.T("fow.act.skill", "Skill", ctx.T("fow.skill."+fowg.Skills[ar(0)])), ctx.T("fow.grp.edit", "ID", sel.ID)
	case "mot":
		c.Label, c.Group = ctx.T("fow.act.mot", "Mot", ctx.T("fow.motivation."+fowg.Motivations[ar(0)])), ctx.T("fow.grp.edit", "ID", sel.ID)
	case "flag":
		f := fowg.Flags[ar(0)]
		on := map[string]bool{"has_vehicles": sel.Veh, "transports_only": sel.TOnly, "fully_armoured": sel.FA, "heavy_gun": sel.Heavy, "bunker_buster": sel.BB}[f]
		k := "fow.act.flag_on"
		if on {
			k = "fow.act.flag_off"
		}
		c.Label, c.Group = ctx.T(k, "Flag", ctx.T("fow.flag."+f)), ctx.T("fow.grp.edit", "ID", sel.ID)
	case "pts":
		c.Label, c.Group = ctx.T("fow.act.pts", "D", fmt.Sprintf("%+d", ar(0)), "Now", sel.Points), ctx.T("fow.grp.edit", "ID", sel.ID)
	case "teams":
		c.Label, c.Group = ctx.T("fow.act.teams", "D", fmt.Sprintf("%+d", ar(0)), "Now", sel.Teams), ctx.T("fow.grp.edit", "ID", sel.ID)
	case "platoon":
		c.Label, c.Emoji, c.Style, c.Group = ctx.T("fow.act.platoon", "Platoon", sel.ID), "✏️", render.Primary, ctx.T("fow.grp.edit", "ID", sel.ID)
	case "del":
		c.Label, c.Style, c.Group = ctx.T("fow.act.del", "Platoon", sel.ID), render.Danger, ctx.T("fow.grp.edit", "ID", sel.ID)
	case "ready":
		c.Label, c.Style, c.Emoji, c.Group = ctx.T("fow.act.ready"), render.Success, "✅", ctx.T("fow.grp.company")
	case "attack":
		c.Label, c.Style, c.Emoji = ctx.T("fow.act.attack"), render.Primary, "⚔️"
	case "defend":
		c.Label, c.Emoji = ctx.T("fow.act.defend"), "🛡️"
	case "placed":
		c.Label, c.Style, c.Emoji = ctx.T("fow.act.placed"), render.Primary, "📍"
	case "assign":
		to := []string{"on_table", "in_reserve", "in_ambush"}[ar(1)]
		c.Label, c.Group = ctx.T("fow.act.assign", "Platoon", own(ar(0))), ctx.T("fow.grp.assign_"+to)
	case "leave":
		k := "fow.act.leave"
		if p, ok := platoon(v, seat, ar(0)); ok && p.Left {
			k = "fow.act.take"
		}
		c.Label, c.Group = ctx.T(k, "Platoon", own(ar(0))), ctx.T("fow.grp.leave")
	case "lock":
		c.Label, c.Style, c.Emoji, c.Group = ctx.T("fow.act.lock"), render.Success, "🔒", ctx.T("fow.grp.lock")
	case "deployed":
		c.Label, c.Style = ctx.T("fow.act.deployed"), render.Success
	case "swap":
		c.Label = ctx.T("fow.act.swap")
	case "patrol":
		k := "fow.act.patrol"
		if ar(1) == 1 {
			k = "fow.act.patrol_left"
		}
		c.Label, c.Group = ctx.T(k, "Platoon", own(ar(0))), ctx.T("fow.grp.patrol")
	case "no_patrol":
		c.Label = ctx.T("fow.act.no_patrol")
	case "check":
		c.Label, c.Emoji = ctx.T("fow.act.check", "Platoon", own(ar(0))), "🎯"
	case "spring":
		c.Label, c.Emoji, c.Style = ctx.T("fow.act.spring", "Platoon", own(ar(0))), "🎯", render.Primary
	case "not_now":
		c.Label = ctx.T("fow.act.not_now")
	case "ans":
		if ar(0) == 1 {
			c.Label, c.Emoji = ctx.T("fow.act.yes"), "✔️"
		} else {
			c.Label, c.Emoji = ctx.T("fow.act.no"), "✖️"
		}
	case "override":
		c.Label, c.Style = ctx.T("fow.act.override"), render.Danger
	case "refuse":
		c.Label = ctx.T("fow.act.refuse")
	case "done":
		c.Label, c.Style = ctx.T("fow.act.done"), render.Success
	case "hold":
		c.Label, c.Emoji, c.Style, c.Group = ctx.T("fow.act.hold", "Obj", objName(ctx, ar(0))), "🏁", render.Primary, ctx.T("fow.grp.turn")
	case "none":
		c.Label, c.Group = ctx.T("fow.act.none"), ctx.T("fow.grp.turn")
	case "clear":
		c.Label, c.Style, c.Group = ctx.T("fow.act.clear", "D", dist(ctx, v, 16)), render.Primary, ctx.T("fow.grp.turn")
	case "not_clear":
		c.Label, c.Group = ctx.T("fow.act.not_clear"), ctx.T("fow.grp.turn")
	case "remove":
		c.Label, c.Group = ctx.T("fow.act.remove", "Obj", objName(ctx, ar(0))), ctx.T("fow.grp.turn")
	case "withdraw":
		c.Label = ctx.T("fow.act.withdraw", "Platoon", own(ar(0)))
	case "arrive":
		c.Label, c.Emoji = ctx.T("fow.act.arrive", "Platoon", own(ar(0))), "🚩"
	case "next":
		c.Label, c.Style, c.Group = ctx.T("fow.act.next"), render.Primary, ctx.T("fow.grp.turn")
	case "end_turn":
		c.Label, c.Style, c.Group = ctx.T("fow.act.end_turn"), render.Success, ctx.T("fow.grp.turn")
	case "lost":
		c.Label, c.Emoji, c.Group = ctx.T("fow.act.lost", "Platoon", pn(ctx, v, ar(0), ar(1))), "💥", ctx.T("fow.grp.lost", "Who", who(ctx, ar(0)))
	case "morale_failed":
		c.Label, c.Style, c.Group = ctx.T("fow.act.morale_failed"), render.Danger, ctx.T("fow.grp.end")
	case "concede":
		c.Label, c.Style, c.Group = ctx.T("fow.act.concede"), render.Danger, ctx.T("fow.grp.end")
	case "agree_end":
		c.Label, c.Group = ctx.T("fow.act.agree_end"), ctx.T("fow.grp.end")
	case "decline_end":
		c.Label, c.Group = ctx.T("fow.act.decline_end"), ctx.T("fow.grp.end")
	default:
		c.Label = a.String()
	}
	c.Label = render.Clip(c.Label, 80)
	return c
}
