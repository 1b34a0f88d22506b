package render

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/games"
)

// Discord's limits that the layout respects (discord-notes.md section 4).
const (
	maxRows          = 5
	maxButtonsPerRow = 5
	maxSelectOptions = 25
	maxButtonLabel   = 80
	maxOptionLabel   = 100
	maxDescription   = 4096
	maxFieldValue    = 1024
	maxFields        = 25
	maxTitle         = 256
	maxContent       = 2000
	// buttonChoices is how many choices are shown as buttons: four rows,
	// the fifth is kept for the table's own buttons.
	buttonChoices = (maxRows - 1) * maxButtonsPerRow
	// selectRows is how many select menus fit beside the table's buttons.
	selectRows = maxRows - 1
)

// File is an attachment.
type File struct {
	Name string
	Data []byte
}

// Message is what warroom sends: it maps one to one onto a Discord
// message. Mentions lists the only user ids that may be pinged.
type Message struct {
	Content    string
	Embeds     []*discordgo.MessageEmbed
	Components []discordgo.MessageComponent
	Files      []File
	Mentions   []string
}

// IDs encodes the custom_ids of a table's components; the table service
// implements it (table id, state version and the payload).
type IDs interface {
	Action(a games.Action) string // a button that applies a
	Select() string               // a select whose values are action texts
	Group() string                // a select whose values are group indexes
	PrivateMenu() string          // "your move": the acting seat's choices, privately
	MyView() string               // "my hand / my units", privately
	Lobby(verb string) string     // join, leave, bot, start, cancel
	Undo() string                 // take back the last move
}

// EmbedOf converts a Card into a Discord embed within Discord's limits.
func EmbedOf(c Card) *discordgo.MessageEmbed {
	e := &discordgo.MessageEmbed{
		Title:       Clip(c.Title, maxTitle),
		Description: Clip(c.Description, maxDescription),
		Color:       c.Color,
	}
	for i, f := range c.Fields {
		if i == maxFields {
			break
		}
		name, value := Clip(f.Name, 256), Clip(f.Value, maxFieldValue)
		if name == "" {
			name = "\u200b"
		}
		if value == "" {
			value = "\u200b"
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: name, Value: value, Inline: f.Inline})
	}
	if c.Footer != "" {
		e.Footer = &discordgo.MessageEmbedFooter{Text: Clip(c.Footer, 2048)}
	}
	fitTotal(e)
	return e
}

// maxEmbedTotal is Discord's 6000-character limit over a whole embed,
// less room for the footer the table adds.
const maxEmbedTotal = 5800

// fitTotal drops trailing fields, then shortens the description, until
// the embed fits Discord's total limit.
func fitTotal(e *discordgo.MessageEmbed) {
	n := func(s string) int { return utf8.RuneCountInString(s) }
	total := n(e.Title) + n(e.Description)
	if e.Footer != nil {
		total += n(e.Footer.Text)
	}
	for _, f := range e.Fields {
		total += n(f.Name) + n(f.Value)
	}
	for total > maxEmbedTotal && len(e.Fields) > 0 {
		f := e.Fields[len(e.Fields)-1]
		total -= n(f.Name) + n(f.Value)
		e.Fields = e.Fields[:len(e.Fields)-1]
	}
	if total > maxEmbedTotal {
		e.Description = Clip(e.Description, max(1, n(e.Description)-(total-maxEmbedTotal)))
	}
}

// Components lays a menu out within Discord's limits (at most four rows,
// leaving one for the table's buttons): up to 20 choices as buttons, more
// as one select per group of up to 25, and when even that does not fit, a
// select of groups that opens the chosen group privately.
func Components(ctx Ctx, m Menu, ids IDs) []discordgo.MessageComponent {
	if len(m.Choices) <= buttonChoices {
		return buttonRows(m.Choices, ids)
	}
	chunks := groupChunks(m.Choices)
	if len(chunks) <= selectRows {
		return selectRowsOf(ctx, chunks, ids)
	}
	var opts []discordgo.SelectMenuOption
	for i, g := range groupsOf(m.Choices) {
		if i == maxSelectOptions {
			break
		}
		opts = append(opts, discordgo.SelectMenuOption{
			Label: Clip(groupLabel(ctx, g.name), maxOptionLabel),
			Value: fmt.Sprint(i),
		})
	}
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.SelectMenu{CustomID: ids.Group(), Placeholder: Clip(ctx.T("core.menu.pick_group"), 150), Options: opts},
	}}}
}

// GroupMenu narrows a menu to its i-th group (as numbered by Components).
func GroupMenu(m Menu, i int) (Menu, bool) {
	gs := groupsOf(m.Choices)
	if i < 0 || i >= len(gs) {
		return Menu{}, false
	}
	return Menu{Prompt: groupLabelRaw(gs[i].name, m.Prompt), Choices: gs[i].choices, Private: m.Private}, true
}

type group struct {
	name    string
	choices []Choice
}

func groupsOf(cs []Choice) []group {
	var gs []group
	at := map[string]int{}
	for _, c := range cs {
		i, ok := at[c.Group]
		if !ok {
			i = len(gs)
			at[c.Group] = i
			gs = append(gs, group{name: c.Group})
		}
		gs[i].choices = append(gs[i].choices, c)
	}
	return gs
}

func groupChunks(cs []Choice) []group {
	var out []group
	for _, g := range groupsOf(cs) {
		for part := 0; len(g.choices) > 0; part++ {
			n := min(len(g.choices), maxSelectOptions)
			name := g.name
			if part > 0 {
				name = fmt.Sprintf("%s (%d)", g.name, part+1)
			}
			out = append(out, group{name: name, choices: g.choices[:n]})
			g.choices = g.choices[n:]
		}
	}
	return out
}

func groupLabel(ctx Ctx, name string) string {
	if name == "" {
		return ctx.T("core.menu.other")
	}
	return name
}

func groupLabelRaw(name, prompt string) string {
	if name == "" {
		return prompt
	}
	return name
}

func buttonRows(cs []Choice, ids IDs) []discordgo.MessageComponent {
	var rows []discordgo.MessageComponent
	var row []discordgo.MessageComponent
	for _, c := range cs {
		b := discordgo.Button{Label: Clip(c.Label, maxButtonLabel), Style: buttonStyle(c.Style), CustomID: ids.Action(c.Action)}
		if b.Label == "" {
			b.Label = c.Action.String()
		}
		if c.Emoji != "" {
			b.Emoji = &discordgo.ComponentEmoji{Name: c.Emoji}
		}
		row = append(row, b)
		if len(row) == maxButtonsPerRow {
			rows = append(rows, discordgo.ActionsRow{Components: row})
			row = nil
		}
	}
	if len(row) > 0 {
		rows = append(rows, discordgo.ActionsRow{Components: row})
	}
	return rows
}

func selectRowsOf(ctx Ctx, chunks []group, ids IDs) []discordgo.MessageComponent {
	var rows []discordgo.MessageComponent
	for i, g := range chunks {
		var opts []discordgo.SelectMenuOption
		for _, c := range g.choices {
			o := discordgo.SelectMenuOption{Label: Clip(c.Label, maxOptionLabel), Value: c.Action.String()}
			if o.Label == "" {
				o.Label = c.Action.String()
			}
			if c.Emoji != "" {
				o.Emoji = &discordgo.ComponentEmoji{Name: c.Emoji}
			}
			opts = append(opts, o)
		}
		// custom_ids must be unique within a message: number the selects.
		id := ids.Select()
		if i > 0 {
			id = fmt.Sprintf("%s:%d", id, i)
		}
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.SelectMenu{CustomID: id, Placeholder: Clip(groupLabel(ctx, g.name), 150), Options: opts},
		}})
	}
	return rows
}

func buttonStyle(s Style) discordgo.ButtonStyle {
	switch s {
	case Primary:
		return discordgo.PrimaryButton
	case Success:
		return discordgo.SuccessButton
	case Danger:
		return discordgo.DangerButton
	}
	return discordgo.SecondaryButton
}

// Clip shortens s to at most n characters (runes), marking the cut with
// "…"; every renderer uses it for Discord's length limits.
func Clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// TextOf renders a card as plain text for the terminal table.
func TextOf(c Card) string {
	var b strings.Builder
	if c.Title != "" {
		b.WriteString("== " + c.Title + " ==\n")
	}
	if c.Description != "" {
		b.WriteString(c.Description + "\n")
	}
	for _, f := range c.Fields {
		b.WriteString("\n# " + f.Name + "\n" + f.Value + "\n")
	}
	if c.Footer != "" {
		b.WriteString("\n" + c.Footer + "\n")
	}
	return b.String()
}
