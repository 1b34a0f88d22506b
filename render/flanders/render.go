// Package flanders renders In Flanders Field: the public board text, the
// acting seat's menu, the "my company" card, a status line, the PNG board
// and a rules summary. All user-facing text comes from locales/.
package flanders

import (
	"embed"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/warroom/warroom/games"
	fl "github.com/warroom/warroom/games/flanders"
	"github.com/warroom/warroom/render"
)

// Locales is the renderer's catalogue, locales/*.json (catalog.Load).
//
//go:embed locales/*.json
var Locales embed.FS

// Adapted is this renderer as a render.Game (its catalog.Module.Renderer).
var Adapted = render.Adapt[fl.View](fl.ID, Renderer{})

// Renderer implements render.Game.
type Renderer struct{}

var colourDots = map[string]string{"red": "🔴", "blue": "🔵", "green": "🟢", "yellow": "🟡"}

var colourInts = map[string]int{"red": 0xc0392b, "blue": 0x2e6fd8, "green": 0x2e9e4f, "yellow": 0xe0b020}

func cardName(ctx render.Audience, code string) string { return ctx.T("flanders.card." + code) }

// cardLabel is the card name with its troop symbols: ● black (lost at the
// end of the turn), ◌ grey (lost on a bust).
func cardLabel(ctx render.Audience, code string) string {
	name := cardName(ctx, code)
	if t := fl.TypeByCode(code); t >= 0 {
		ct := fl.Types[t]
		if ct.Black > 0 {
			name += " " + strings.Repeat("●", ct.Black)
		}
		if ct.Grey > 0 {
			name += " " + strings.Repeat("◌", ct.Grey)
		}
	}
	return name
}

func cardList(ctx render.Audience, codes []string) string {
	if len(codes) == 0 {
		return ctx.T("flanders.private.none")
	}
	names := make([]string, len(codes))
	for i, c := range codes {
		names[i] = cardName(ctx, c)
	}
	return strings.Join(names, ", ")
}

func dice(d []int) string {
	parts := make([]string, len(d))
	for i, x := range d {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, "·")
}

func ints(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, ", ")
}

func troops(ctx render.Audience, n int) string { return ctx.T("flanders.troops", "Count", n) }

func zone(ctx render.Audience, z string) string { return ctx.T("flanders.zone." + z) }

func colour(ctx render.Audience, c string) string { return ctx.T("flanders.colour." + c) }

func spaceCard(v fl.View, sp int) *fl.CardView {
	for _, s := range v.Spaces {
		if s.Space == sp {
			return s.Card
		}
	}
	return nil
}

func keptAndNew(p fl.PlayerView) (kept, taken []string) {
	for _, c := range p.Hand {
		if c.New {
			taken = append(taken, c.Type)
		} else {
			kept = append(kept, c.Type)
		}
	}
	return
}

// phaseKey picks the phase text variant.
func phaseKey(v fl.View) string {
	switch {
	case v.Phase == fl.PhaseReady && !v.MayStop:
		return "ready_first"
	case v.Phase == fl.PhaseRolled && len(v.Options) == 0:
		return "rolled_none"
	}
	return v.Phase
}

func winnerNames(ctx render.Audience, v fl.View) string {
	var names []string
	for _, w := range v.Winners {
		names = append(names, ctx.Name(games.Seat(w)))
	}
	return strings.Join(names, ", ")
}

// Board is the public table text.
func (Renderer) Board(ctx render.Audience, v fl.View) render.Card {
	var d []string
	// A finished game's result is the core's to say, once, above the
	// card (render.OutcomeText).
	if !v.Over && v.Active >= 0 && v.Active < len(v.Players) {
		d = append(d, turnLines(ctx, v)...)
	}
	d = append(d, "")
	d = append(d, spaceRows(ctx, v)...)
	card := render.Card{
		Title:       ctx.T("flanders.title", "Game", render.GameName(ctx, fl.ID), "Round", v.Round),
		Description: render.Clip(strings.Join(d, "\n"), 3400),
		Color:       0x6b7b5a,
	}
	if !v.Over && v.Active >= 0 && v.Active < len(v.Players) {
		card.Color = colourInts[v.Players[v.Active].Colour]
	}
	var comp []string
	for _, p := range v.Players {
		comp = append(comp, companyLine(ctx, p))
	}
	card.Fields = append(card.Fields, render.Field{Name: ctx.T("flanders.f.companies"), Value: render.Clip(strings.Join(comp, "\n"), 1000)})
	if lines := recentLines(ctx, recent(ctx)); len(lines) > 0 {
		card.Fields = append(card.Fields, render.Field{Name: ctx.T("flanders.f.recent"), Value: fitLines(lines, 12, 1000), Log: true})
	}
	foot := ctx.T("flanders.footer", "Pool", v.Pool, "Draw", v.DrawCount, "Discard", len(v.Discard))
	if !v.Over {
		foot += " · " + ctx.T("flanders.footer_bust", "Pct", v.BustChance)
	}
	if v.StrongArtillery {
		foot += " · " + ctx.T("flanders.strong")
	}
	card.Footer = foot
	return card
}

// turnLines say whose turn it is and where it stands: the dice and the
// options, the points to spend, the cards taken this turn.
func turnLines(ctx render.Audience, v fl.View) []string {
	var d []string
	ap := v.Players[v.Active]
	d = append(d, ctx.T("flanders.turn", "Name", ctx.Name(games.Seat(v.Active)),
		"Colour", colour(ctx, ap.Colour), "Phase", ctx.T("flanders.phase."+phaseKey(v))))
	switch {
	case v.Phase == fl.PhaseRolled && len(v.Options) > 0:
		line := ctx.T("flanders.dice_options", "Dice", dice(v.Dice), "Options", ints(v.Options))
		if v.FCForced {
			line += " " + ctx.T("flanders.fc_forced")
		}
		d = append(d, line)
	case v.Phase == fl.PhaseRolled:
		d = append(d, ctx.T("flanders.dice_none", "Dice", dice(v.Dice)))
	case v.Phase == fl.PhaseMove || v.Phase == fl.PhaseMines || v.Phase == fl.PhaseSacrifice:
		d = append(d, ctx.T("flanders.points", "I", v.I, "T", v.T))
		if v.Wire > 0 {
			d = append(d, ctx.T("flanders.wire", "N", v.Wire))
		}
	case len(v.Dice) == 3:
		d = append(d, ctx.T("flanders.dice_last", "Dice", dice(v.Dice)))
	}
	_, taken := keptAndNew(ap)
	if v.NineClaimed {
		taken = append(taken, "advance_9")
	}
	if len(taken) > 0 {
		d = append(d, ctx.T("flanders.this_turn", "Cards", cardList(ctx, taken)))
	}
	return d
}

// spaceRows are the card spaces 3-11 as three rows A-C, the spaces the
// dice allow in bold.
func spaceRows(ctx render.Audience, v fl.View) []string {
	var d []string
	for r, row := range [3][3]int{{3, 4, 5}, {6, 7, 8}, {9, 10, 11}} {
		var cells []string
		for _, sp := range row {
			var txt string
			switch c := spaceCard(v, sp); {
			case sp == fl.NineSpace:
				txt = cardName(ctx, "advance_9")
				if v.NineClaimed {
					txt += " (" + ctx.T("flanders.claimed") + ")"
				}
			case c == nil:
				txt = "—"
			default:
				txt = cardLabel(ctx, c.Type)
			}
			cell := fmt.Sprintf("`%2d` %s", sp, txt)
			for _, o := range v.Options {
				if o == sp {
					cell = "**" + cell + "**"
				}
			}
			cells = append(cells, cell)
		}
		d = append(d, fmt.Sprintf("%c: %s", 'A'+r, strings.Join(cells, " · ")))
	}
	return d
}

// companyLine is one company's line: where it stands, its troops and
// cards, and its status.
func companyLine(ctx render.Audience, p fl.PlayerView) string {
	line := ctx.T("flanders.player", "Dot", colourDots[p.Colour], "Name", ctx.Name(games.Seat(p.Seat)),
		"Row", p.Row, "Zone", zone(ctx, p.Zone), "Troops", troops(ctx, p.Troops))
	kept, taken := keptAndNew(p)
	if len(kept) > 0 {
		line += " · " + ctx.T("flanders.keeps", "Cards", cardList(ctx, kept))
	}
	if len(taken) > 0 && !p.Active {
		line += " · " + ctx.T("flanders.holds", "Cards", cardList(ctx, taken))
	}
	for _, st := range []struct {
		on  bool
		key string
	}{{p.Eliminated, "eliminated"}, {p.Reached, "reached"}, {p.Winner, "winner"}, {p.Beginner, "beginner"}} {
		if st.on {
			line += " · " + ctx.T("flanders.st."+st.key)
		}
	}
	if p.Active {
		line = "▶ " + line
	}
	return line
}

// fitLines keeps the last lines that fit in max lines and n characters.
func fitLines(lines []string, maxLines, n int) string {
	if len(lines) > maxLines {
		lines = lines[len(lines)-maxLines:]
	}
	for len(lines) > 1 && utf8.RuneCountInString(strings.Join(lines, "\n")) > n {
		lines = lines[1:]
	}
	return render.Clip(strings.Join(lines, "\n"), n)
}

// recentLines turns notes into log lines, merging runs of steps and of
// refills.
func recentLines(ctx render.Audience, notes []fl.Note) []string {
	var out []string
	for i := 0; i < len(notes); i++ {
		var line string
		switch notes[i].Kind {
		case "step":
			line, i = stepLine(ctx, notes, i)
		case "refilled":
			line, i = refillLine(ctx, notes, i)
		default:
			var ok bool
			if line, ok = noteLine(ctx, notes[i]); !ok {
				continue
			}
		}
		out = append(out, line)
	}
	return out
}

// noteNum is the note's k-th number, 0 when it has fewer.
func noteNum(n fl.Note, k int) int {
	if k < len(n.Nums) {
		return n.Nums[k]
	}
	return 0
}

// noteCard names the note's k-th card, "—" when it has none.
func noteCard(ctx render.Audience, n fl.Note, k int) string {
	if k < len(n.Cards) && n.Cards[k] != "" {
		return cardName(ctx, n.Cards[k])
	}
	return "—"
}

// stepLine words the step note at i and the steps right after it as one
// line (the row reached last); it returns the index of the last one.
func stepLine(ctx render.Audience, notes []fl.Note, i int) (string, int) {
	n := notes[i]
	row := noteNum(n, 0)
	for i+1 < len(notes) && notes[i+1].Kind == "step" && len(notes[i+1].Nums) > 0 {
		i++
		row = notes[i].Nums[0]
	}
	return ctx.T("flanders.ev.step", "Name", ctx.Name(games.Seat(n.Seat)), "Row", row), i
}

// refillLine words the refill note at i and the refills right after it as
// one line of new cards; it returns the index of the last one.
func refillLine(ctx render.Audience, notes []fl.Note, i int) (string, int) {
	n := notes[i]
	parts := []string{fmt.Sprintf("%d %s", noteNum(n, 0), noteCard(ctx, n, 0))}
	for i+1 < len(notes) && notes[i+1].Kind == "refilled" && len(notes[i+1].Nums) > 0 && len(notes[i+1].Cards) > 0 {
		i++
		parts = append(parts, refill(ctx, notes[i].Nums[0], notes[i].Cards[0]))
	}
	return ctx.T("flanders.ev.refilled", "Cards", strings.Join(parts, ", ")), i
}

// noteLine words one note that stands alone; false for a note not shown.
func noteLine(ctx render.Audience, n fl.Note) (string, bool) {
	name := ctx.Name(games.Seat(n.Seat))
	num := func(k int) int { return noteNum(n, k) }
	card := func(k int) string { return noteCard(ctx, n, k) }
	switch n.Kind {
	case "turn_started":
		return ctx.T("flanders.ev.turn_started", "Name", name, "Round", num(0)), true
	case "rolled", "recon":
		opts := ctx.T("flanders.ev.no_card")
		if len(n.Nums) > 3 {
			opts = ints(n.Nums[3:])
		}
		return ctx.T("flanders.ev."+n.Kind, "Name", name, "Dice", dice(n.Nums[:min(3, len(n.Nums))]), "Options", opts), true
	case "balloon":
		return ctx.T("flanders.ev.balloon", "Name", name, "Die", num(0), "From", num(1), "To", num(2)), true
	case "took":
		return ctx.T("flanders.ev.took", "Name", name, "Space", num(0), "Card", card(0)), true
	case "flying_circus_discarded":
		if len(n.Cards) == 0 {
			return "", false
		}
		return ctx.T("flanders.ev.flying_circus_discarded", "Cards", cardList(ctx, n.Cards)), true
	case "bust":
		return ctx.T("flanders.ev.bust", "Name", name, "Troops", troops(ctx, num(0)), "Cards", cardList(ctx, n.Cards)), true
	case "stopped", "eliminated", "game_over", "gas_no_effect":
		return ctx.T("flanders.ev."+n.Kind, "Name", name), true
	case "gas_discard":
		return ctx.T("flanders.ev.gas_discard", "Card", card(0)), true
	case "artillery_cancel":
		return ctx.T("flanders.ev.artillery_cancel", "Cards", cardList(ctx, n.Cards[min(1, len(n.Cards)):])), true
	case "reserves":
		if num(0) > 0 {
			return ctx.T("flanders.ev.reserves"), true
		}
		return ctx.T("flanders.ev.reserves_empty"), true
	case "sacrificed":
		return ctx.T("flanders.ev.sacrificed", "Name", name, "Troops", troops(ctx, num(0))), true
	case "barbed_wire":
		return ctx.T("flanders.ev.barbed_wire", "N", num(0)), true
	case "halted_at_line", "mines_used":
		return ctx.T("flanders.ev."+n.Kind, "Row", num(0)), true
	case "german_loss":
		return ctx.T("flanders.ev.german_loss", "Card", card(0), "Troops", troops(ctx, num(0))), true
	case "retreat":
		return ctx.T("flanders.ev.retreat", "Row", num(1)), true
	case "reached_objective":
		return ctx.T("flanders.ev.reached_objective", "Name", name, "Troops", troops(ctx, num(0))), true
	case "row_redrawn":
		return ctx.T("flanders.ev.row_redrawn", "Row", string(rune('A'+num(0)))), true
	case "reshuffled":
		return ctx.T("flanders.ev.reshuffled", "N", num(0)), true
	case "gas_played":
		return ctx.T("flanders.ev.gas_played", "Name", name, "Space", num(0), "Card", card(0), "New", card(1)), true
	}
	return "", false
}

// refill is one refilled space of the log's "New cards" line: "3 Mines".
func refill(ctx render.Audience, space int, code string) string {
	return fmt.Sprintf("%d %s", space, cardName(ctx, code))
}

// Private is the seat's own company card ("My cards"); nothing in it is
// secret, it is a convenience.
func (Renderer) Private(ctx render.Audience, v fl.View) (render.Card, bool) {
	if v.Viewer < 0 || v.Viewer >= len(v.Players) {
		return render.Card{}, false
	}
	p := v.Players[v.Viewer]
	kept, taken := keptAndNew(p)
	c := render.Card{
		Title:       ctx.T("flanders.private.title", "Colour", colour(ctx, p.Colour)),
		Description: ctx.T("flanders.private.body", "Row", p.Row, "Zone", zone(ctx, p.Zone), "Troops", troops(ctx, p.Troops)),
		Color:       colourInts[p.Colour],
	}
	c.Fields = append(c.Fields, render.Field{Name: ctx.T("flanders.private.kept"), Value: cardList(ctx, kept)})
	if p.Active {
		if v.NineClaimed {
			taken = append(taken, "advance_9")
		}
		c.Fields = append(c.Fields, render.Field{Name: ctx.T("flanders.private.new"), Value: cardList(ctx, taken)})
	}
	return c, true
}

// Status is the one-line summary for the turn ping (the active company).
func (Renderer) Status(ctx render.Audience, v fl.View) string {
	if v.Over || v.Active < 0 || v.Active >= len(v.Players) {
		return ctx.T("flanders.status_over")
	}
	p := v.Players[v.Active]
	s := ctx.T("flanders.status", "Round", v.Round, "Row", p.Row, "Zone", zone(ctx, p.Zone), "Troops", troops(ctx, p.Troops))
	if kept, _ := keptAndNew(p); len(kept) > 0 {
		s += " · " + ctx.T("flanders.status_keeps", "Cards", cardList(ctx, kept))
	}
	return s
}

// Rules is the short rules summary.
func (Renderer) Rules(ctx render.Audience) string { return ctx.T("flanders.rules") }
