// Package frontline renders IF - Pierwszy Front: the public board text, the
// acting seat's menu, the private hand, a status line, the PNG board and a
// rules summary. All user-facing text comes from the catalogue in locales/.
package frontline

import (
	"cmp"
	"embed"
	"fmt"
	"strings"

	"github.com/warroom/warroom/games"
	fl "github.com/warroom/warroom/games/frontline"
	"github.com/warroom/warroom/render"
)

// Locales is the renderer's catalogue, locales/*.json (catalog.Load).
//
//go:embed locales/*.json
var Locales embed.FS

// Adapted is this renderer as a render.Game (its catalog.Module.Renderer).
var Adapted = render.Adapt[fl.View]("frontline", Renderer{})

// Renderer implements render.Game.
type Renderer struct{}

var roman = []string{"", "I", "II", "III"}

func front(f int) string {
	if f >= 1 && f <= 3 {
		return roman[f]
	}
	return "?"
}

// split "tanks-1" into ("tanks", "1"); starting cards "barracks-sa" -> ("barracks", "").
func split(id string) (string, string) {
	i := strings.LastIndexByte(id, '-')
	if i < 0 {
		return id, ""
	}
	t, n := id[:i], id[i+1:]
	if n == "sa" || n == "sb" {
		return t, ""
	}
	return t, n
}

func unitType(ctx render.Audience, t string) string { return ctx.T("frontline.unit." + t) }

// unitName: "Tanks 1".
func unitName(ctx render.Audience, id string) string {
	t, n := split(id)
	if n == "" {
		return unitType(ctx, t)
	}
	return unitType(ctx, t) + " " + n
}

func cardName(ctx render.Audience, t string) string { return ctx.T("frontline.card." + t) }

// cardOf: an action card id or type -> its translated name.
func cardOf(ctx render.Audience, id string) string {
	t, _ := split(id)
	if _, ok := fl.ActionTypeByID(t); ok {
		return cardName(ctx, t)
	}
	return cardName(ctx, id)
}

func marks(u fl.UnitView) string {
	s := ""
	if u.Plus1 {
		s += "⁺¹"
	}
	if u.Plus2 {
		s += "⁺²"
	}
	if u.Camo {
		s += "~"
	}
	return s
}

func unitShort(ctx render.Audience, u fl.UnitView) string { return unitName(ctx, u.ID) + marks(u) }

func seatTag(ctx render.Audience, p int) string {
	if p == 0 {
		return "🔴 " + ctx.Name(0)
	}
	if p == 1 {
		return "🔵 " + ctx.Name(1)
	}
	return "?"
}

func slotText(ctx render.Audience, f, c int) string {
	if f == 0 || c == 0 {
		return ctx.T("frontline.rear")
	}
	return fmt.Sprintf("%s.%d", front(f), c)
}

// where finds a unit on the boards of the view: owner seat and slot text.
func where(ctx render.Audience, v fl.View, num int) (int, string) {
	for p := 0; p < 2; p++ {
		for f := 0; f < 3; f++ {
			for c := 0; c < 4; c++ {
				if u := v.P[p].Grid[f][c]; u != nil && u.Num == num {
					return p, slotText(ctx, f+1, c+1)
				}
			}
		}
		for _, u := range v.P[p].Rear {
			if u.Num == num {
				return p, ctx.T("frontline.rear")
			}
		}
		for _, u := range v.P[p].Prison {
			if u.Num == num {
				return 1 - p, ctx.T("frontline.prison")
			}
		}
	}
	return -1, ""
}

func unitAt(ctx render.Audience, v fl.View, num int) string {
	_, w := where(ctx, v, num)
	name := unitName(ctx, fl.UnitName(num))
	if w == "" {
		return name
	}
	return name + " (" + w + ")"
}

func phaseText(ctx render.Audience, v fl.View) string {
	if v.Over {
		return ""
	}
	name := ctx.Name(games.Seat(v.Active))
	if v.Pending != nil {
		return ctx.T("frontline.doing."+v.Pending.Kind, "Name", name, "Front", front(v.Pending.Front))
	}
	switch v.Phase {
	case fl.PhDraft:
		return ctx.T("frontline.doing.draft", "Name", name)
	case fl.PhDraw:
		return ctx.T("frontline.doing.draw", "Name", name)
	case fl.PhMain:
		return ctx.T("frontline.doing.main", "Name", name, "Man", v.ManLeft, "Act", v.ActPlayed,
			"Limit", v.P[v.Turn].Limit, "Shell", v.ShellLeft)
	case fl.PhBattle:
		if v.Battle != nil {
			return ctx.T("frontline.doing.battle", "Name", name, "Front", front(v.Battle.Front))
		}
	}
	return ""
}

// Status is the one-line turn ping.
func (Renderer) Status(ctx render.Audience, v fl.View) string {
	if v.Over {
		return ctx.T("frontline.status_over", "A", v.P[0].VP, "B", v.P[1].VP)
	}
	return ctx.T("frontline.status", "Month", v.Month, "Months", v.Months, "A", v.P[0].VP, "B", v.P[1].VP) + " · " + phaseText(ctx, v)
}

func cardList(ctx render.Audience, cs []fl.CardView) string {
	if len(cs) == 0 {
		return "—"
	}
	var out []string
	for _, c := range cs {
		out = append(out, cardName(ctx, c.Type))
	}
	return strings.Join(out, ", ")
}

// Board is the public card: the month's summary, each player's stats,
// the three fronts, rear and prison, the market and the last moves.
func (Renderer) Board(ctx render.Audience, v fl.View) render.Card {
	card := render.Card{Title: ctx.T("frontline.title", "Month", v.Month, "Months", v.Months), Color: 0x8b2e1f}
	card.Description = boardDescription(ctx, v)
	for p := 0; p < 2; p++ {
		card.Fields = append(card.Fields, playerField(ctx, v.P[p], p))
	}
	for f := 1; f <= 3; f++ {
		card.Fields = append(card.Fields, frontField(ctx, v, f))
	}
	if extra := rearAndPrison(ctx, v); len(extra) > 0 {
		card.Fields = append(card.Fields, render.Field{Name: ctx.T("frontline.rear_prison"), Value: render.Clip(strings.Join(extra, "\n"), 1000)})
	}
	card.Fields = append(card.Fields, marketField(ctx, v))
	if lines := logLines(ctx, v, 8); len(lines) > 0 {
		card.Fields = append(card.Fields, render.Field{Name: ctx.T("frontline.last"), Value: render.LastLines(lines, 1000), Log: true})
	}
	card.Footer = ctx.T("frontline.footer")
	return card
}

// boardDescription is the card's text: the phase, the first player, the
// months ahead, the month's event and the battle being fought.
func boardDescription(ctx render.Audience, v fl.View) string {
	var d []string
	// A finished game's result is the core's to say, once, above the
	// card (render.OutcomeText); the picture's banner shows it too.
	if !v.Over {
		d = append(d, "▶ "+phaseText(ctx, v))
	}
	d = append(d, ctx.T("frontline.fp", "Name", seatTag(ctx, v.FP), "Limit", v.LimitMonth[v.Month]))
	if line := calendarAhead(ctx, v); line != "" {
		d = append(d, line)
	}
	if v.Event != "" {
		d = append(d, ctx.T("frontline.event_line", "Event", ctx.T("frontline.event."+v.Event), "Text", ctx.T("frontline.eventfx."+v.Event)))
	}
	if b := v.Battle; b != nil {
		d = append(d, ctx.T("frontline.battle_line", "Front", front(b.Front), "Att", seatTag(ctx, b.Att),
			"Def", seatTag(ctx, 1-b.Att), "SA", b.Strength[0], "SD", b.Strength[1]))
		for p := 0; p < 2; p++ {
			if len(b.Cards[p]) > 0 {
				var ns []string
				for _, t := range b.Cards[p] {
					ns = append(ns, cardName(ctx, t))
				}
				d = append(d, "· "+seatTag(ctx, p)+": "+strings.Join(ns, ", "))
			}
		}
	}
	return render.Clip(strings.Join(d, "\n"), 3400)
}

// playerField is seat p's stats, declaration and cards in play.
func playerField(ctx render.Audience, pv fl.PlayerView, p int) render.Field {
	decl := ctx.T("frontline.decl.none")
	if pv.HasDecl {
		decl = ctx.T("frontline.decl.hidden")
		if pv.DeclFront > 0 {
			decl = ctx.T("frontline.decl.front", "Front", front(pv.DeclFront))
		}
	}
	val := ctx.T("frontline.player_stats", "VP", pv.VP, "Gold", pv.Gold, "Ammo", pv.Ammo, "Hand", pv.HandCount) + "\n" +
		decl + "\n" +
		ctx.T("frontline.equipment") + ": " + cardList(ctx, pv.Equip)
	if len(pv.Perm) > 0 {
		val += "\n" + ctx.T("frontline.permanent") + ": " + cardList(ctx, pv.Perm)
	}
	if len(pv.Played) > 0 {
		val += "\n" + ctx.T("frontline.played") + ": " + cardList(ctx, pv.Played)
	}
	return render.Field{Name: seatTag(ctx, p), Value: render.Clip(val, 1000), Inline: true}
}

// frontField is front f: each side's units there and its markers.
func frontField(ctx render.Audience, v fl.View, f int) render.Field {
	var lines []string
	for p := 0; p < 2; p++ {
		pv := v.P[p]
		var us []string
		for c := 0; c < 4; c++ {
			if u := pv.Grid[f-1][c]; u != nil {
				us = append(us, unitShort(ctx, *u))
			}
		}
		if len(us) == 0 {
			us = []string{"—"}
		}
		lines = append(lines, fmt.Sprintf("%s %s · %s", []string{"🔴", "🔵"}[p], frontFlags(pv, f), strings.Join(us, ", ")))
	}
	return render.Field{Name: ctx.T("frontline.front", "Front", front(f)), Value: render.Clip(strings.Join(lines, "\n"), 1000)}
}

// frontFlags are one side's markers on front f: fortification, broken
// morale, mines, hospital, not ready, declared battle.
func frontFlags(pv fl.PlayerView, f int) string {
	flags := fmt.Sprintf("🛡%d", pv.Fort[f-1])
	if pv.Morale[f-1] > 0 {
		flags += " 🏳"
	}
	if pv.Mine[f-1] > 0 {
		flags += " 💣"
	}
	if pv.Hospital == f {
		flags += " ✚"
	}
	if !pv.Ready[f-1] {
		flags += " 💤"
	}
	if pv.DeclFront == f {
		flags += " ⚔"
	}
	return flags
}

// rearAndPrison lists each side's units in the rear and in prison, one
// line per non-empty list.
func rearAndPrison(ctx render.Audience, v fl.View) []string {
	var extra []string
	for p := 0; p < 2; p++ {
		var rs []string
		for _, u := range v.P[p].Rear {
			rs = append(rs, unitShort(ctx, u))
		}
		var ps []string
		for _, u := range v.P[p].Prison {
			ps = append(ps, unitShort(ctx, u))
		}
		if len(rs) > 0 {
			extra = append(extra, seatTag(ctx, p)+" "+ctx.T("frontline.rear")+": "+strings.Join(rs, ", "))
		}
		if len(ps) > 0 {
			extra = append(extra, seatTag(ctx, p)+" "+ctx.T("frontline.prison")+": "+strings.Join(ps, ", "))
		}
	}
	return extra
}

// marketField is the piles, the unit row and the decks left.
func marketField(ctx render.Audience, v fl.View) render.Field {
	var market []string
	for i, pile := range v.Piles {
		if pile.Top == nil {
			market = append(market, fmt.Sprintf("%d. —", i+1))
			continue
		}
		market = append(market, ctx.T("frontline.pile", "N", i+1, "Card", cardName(ctx, pile.Top.Type), "Cost", pile.Top.Cost, "Height", pile.Height))
	}
	var row []string
	for _, u := range v.UnitRow {
		row = append(row, unitName(ctx, u.ID)+" ("+front(u.Front)+")")
	}
	for _, u := range v.Draft {
		row = append(row, unitName(ctx, u.ID)+" ("+front(u.Front)+")")
	}
	if len(row) == 0 {
		row = []string{"—"}
	}
	market = append(market, ctx.T("frontline.unit_row")+": "+strings.Join(row, ", "))
	market = append(market, ctx.T("frontline.decks", "Units", v.UnitDeck, "Actions", v.ActDeck, "Events", v.EventsLeft))
	return render.Field{Name: ctx.T("frontline.market"), Value: render.Clip(strings.Join(market, "\n"), 1000)}
}

// calendarAhead lists the months still to come that bring an event or a
// new first player (the picture has no calendar); "" when none do.
func calendarAhead(ctx render.Audience, v fl.View) string {
	var ev, fp []string
	for m := v.Month + 1; m <= v.Months && m < len(v.EventMonth); m++ {
		if v.EventMonth[m] {
			ev = append(ev, fmt.Sprint(m))
		}
		if v.FPMonth[m] {
			fp = append(fp, fmt.Sprint(m))
		}
	}
	if len(ev) == 0 && len(fp) == 0 || v.Over {
		return ""
	}
	none := "—"
	return ctx.T("frontline.calendar_ahead", "Events", cmp.Or(strings.Join(ev, ", "), none), "FP", cmp.Or(strings.Join(fp, ", "), none))
}

// logLines renders the last n entries of the journal's tail.
func logLines(ctx render.Audience, v fl.View, n int) []string {
	var out []string
	log := entries(ctx)
	for _, e := range log[max(0, len(log)-n):] {
		if s := logLine(ctx, v, e); s != "" {
			out = append(out, "• "+s)
		}
	}
	return out
}

func logLine(ctx render.Audience, v fl.View, e fl.Entry) string {
	name := ""
	if e.Seat >= 0 && e.Seat < 2 {
		name = seatTag(ctx, e.Seat)
	}
	args := []any{"Name", name, "Front", front(e.Front), "A", e.A, "B", e.B, "C", e.C}
	switch e.Kind {
	case "draft", "draw", "enter":
		where := ctx.T("frontline.rear")
		if e.A > 0 {
			where = slotText(ctx, e.Front, e.A)
		}
		args = append(args, "Card", unitName(ctx, e.Card), "Slot", where)
	case "buy", "play", "card":
		args = append(args, "Card", cardName(ctx, e.Card))
		if e.Card2 != "" {
			args = append(args, "Unit", unitName(ctx, e.Card2))
		}
		if e.Kind == "play" {
			switch {
			case e.Card == "spy":
				ok := ctx.T("frontline.fail")
				if e.B == 1 {
					ok = ctx.T("frontline.success")
				}
				return ctx.T("frontline.log.play_spy", append(args, "Result", ok)...)
			case e.Card2 != "":
				return ctx.T("frontline.log.play_unit", args...)
			case e.Front > 0:
				return ctx.T("frontline.log.play_front", args...)
			}
		}
		if e.Kind == "card" {
			if e.Card == "gas_attack" {
				return ctx.T("frontline.log.card_gas", args...)
			}
			if e.Card2 != "" {
				return ctx.T("frontline.log.card_reserves", args...)
			}
		}
	case "equip_replaced":
		args = append(args, "Card", cardOf(ctx, e.Card), "Card2", cardOf(ctx, e.Card2))
	case "raid":
		if e.B == 1 {
			return ctx.T("frontline.log.raid_ok", append(args, "Card", unitName(ctx, e.Card))...)
		}
		args = append(args, "Card", unitName(ctx, e.Card))
	case "shell":
		if e.B <= e.A {
			return ctx.T("frontline.log.shell_hit", append(args, "Card", unitName(ctx, e.Card))...)
		}
		args = append(args, "Card", unitName(ctx, e.Card))
	case "move":
		from := slotText(ctx, e.Front, e.A)
		to := slotText(ctx, e.B, e.C)
		args = append(args, "Card", unitName(ctx, e.Card), "From", from, "To", to)
	case "swap":
		args = append(args, "Card", unitName(ctx, e.Card), "Card2", unitName(ctx, e.Card2))
	case "degraded", "suppressed", "promoted", "removed", "hospital":
		args = append(args, "Card", unitName(ctx, e.Card))
	case "event":
		args = append(args, "Card", ctx.T("frontline.event."+e.Card))
	case "declare":
		if e.Front > 0 {
			return ctx.T("frontline.log.declare_open", args...)
		}
	case "roll":
		args = append(args, "DA", e.C/10, "DD", e.C%10)
	case "pass", "done":
		if e.A == 1 {
			return ctx.T("frontline.log."+e.Kind+"_auto", args...)
		}
	case "setup", "turn", "end":
		if e.Kind != "setup" {
			return ""
		}
	}
	return ctx.T("frontline.log."+e.Kind, args...)
}

// Private is the seat's hand and secret intelligence.
func (Renderer) Private(ctx render.Audience, v fl.View) (render.Card, bool) {
	if v.Viewer < 0 || v.Viewer > 1 {
		return render.Card{}, false
	}
	me := v.P[v.Viewer]
	c := render.Card{Title: ctx.T("frontline.private.title", "Count", len(me.Hand)), Color: 0x444444}
	var lines []string
	for _, h := range me.Hand {
		lines = append(lines, ctx.T("frontline.private.card", "Card", cardName(ctx, h.Type),
			"Cat", ctx.T("frontline.cat."+h.Cat), "Text", ctx.T("frontline.cardfx."+h.Type)))
	}
	if len(lines) == 0 {
		lines = append(lines, ctx.T("frontline.private.empty"))
	}
	if me.DeclFront > 0 {
		lines = append(lines, "", ctx.T("frontline.private.decl", "Front", front(me.DeclFront)))
	}
	o := v.P[1-v.Viewer]
	if o.HasDecl && o.DeclFront > 0 {
		lines = append(lines, ctx.T("frontline.private.enemy_decl", "Front", front(o.DeclFront)))
	}
	if v.SpyHand != nil {
		var ns []string
		for _, t := range v.SpyHand {
			ns = append(ns, cardName(ctx, t))
		}
		if len(ns) == 0 {
			ns = []string{"—"}
		}
		lines = append(lines, ctx.T("frontline.private.spy", "Cards", strings.Join(ns, ", ")))
	}
	c.Description = render.Clip(strings.Join(lines, "\n"), 3400)
	return c, true
}
