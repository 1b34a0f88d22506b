package render

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/games"
)

// The layout of a menu within Discord's limits (limits.go).
const (
	// selectRows is how many select menus fit beside the table's buttons.
	selectRows = maxRows - 1
	// boardButtonRows is how many rows of buttons one decision takes on
	// a board or a private menu (issue #32: no board carries more than
	// two, a wall of buttons reads badly on a phone); more choices go in
	// selects.
	boardButtonRows = 2
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
	Rematch() string              // a new lobby with the same game, options and players
	Journal(before int64) string  // "what happened", privately; before > 0: the page of moves up to it
	Record() string               // a finished game's record (export), privately
	Form(a games.Action) string   // a button that opens a's modal, and that modal (Choice.Form)
}

// TurningIDs is optional for IDs: the "How it went" report's button on a
// finished board of a game with a report (games/turning).
type TurningIDs interface {
	Turning() string
}

// EmbedOf converts a Card into a Discord embed within Discord's limits.
func EmbedOf(c Card) *discordgo.MessageEmbed {
	e, sh := embedOf(c)
	fitMessage(&Message{Embeds: []*discordgo.MessageEmbed{e}}, sh)
	return e
}

// embedOf converts a Card as it is; fitMessage then applies the limits,
// shortening the fields the card marks as Log first.
func embedOf(c Card) (*discordgo.MessageEmbed, shrink) {
	e := &discordgo.MessageEmbed{Title: c.Title, Description: c.Description, Color: c.Color}
	sh := shrink{logs: map[*discordgo.MessageEmbedField]bool{}, keep: map[*discordgo.MessageEmbedField]bool{}}
	for _, f := range c.Fields {
		ef := &discordgo.MessageEmbedField{Name: f.Name, Value: f.Value, Inline: f.Inline}
		e.Fields = append(e.Fields, ef)
		sh.logs[ef] = f.Log
	}
	if c.Footer != "" {
		e.Footer = &discordgo.MessageEmbedFooter{Text: c.Footer}
	}
	return e, sh
}

// Components lays a menu out on a board within Discord's limits (at
// most four rows, leaving one for the table's buttons): up to ten choices
// as buttons (when their actions fit a custom_id), more as selects of up
// to 25 (a group's choices together, small groups sharing one), and when
// even that does not fit, a select of groups that opens the chosen group
// privately.
func Components(ctx Audience, m Menu, ids IDs) []discordgo.MessageComponent {
	return layout(ctx, m, ids, selectRows, boardButtonRows)
}

// PrivateComponents lays a menu out alone on a private message: all five
// rows are the menu's, of which two of buttons at most, as on a board.
func PrivateComponents(ctx Audience, m Menu, ids IDs) []discordgo.MessageComponent {
	return layout(ctx, m, ids, maxRows, boardButtonRows)
}

// layout is a menu in at most rows action rows, of which at most
// buttonRows of buttons.
func layout(ctx Audience, m Menu, ids IDs, rows, buttonRows int) []discordgo.MessageComponent {
	// Forms are buttons (a modal opens only from a button's or select's
	// own interaction, and a select's options are actions to apply), in
	// the last row: after the other buttons when there is room, else in a
	// row of their own, which takes one of the selects' rows.
	var forms []Choice
	var rest Menu
	for _, c := range m.Choices {
		if c.Form {
			forms = append(forms, c)
		} else {
			rest.Choices = append(rest.Choices, c)
		}
	}
	if len(forms) == 0 {
		return components(ctx, m, ids, rows, buttonRows)
	}
	forms = forms[:min(len(forms), maxButtonsPerRow)]
	if len(rest.Choices)+len(forms) <= buttonRows*maxButtonsPerRow && fitButtons(rest.Choices, ids) {
		return buttonRowsOf(append(rest.Choices, forms...), ids)
	}
	return append(components(ctx, rest, ids, rows-1, buttonRows-1), buttonRowsOf(forms, ids)...)
}

// components lays out m in at most rows action rows, at most buttonRows
// of them buttons.
func components(ctx Audience, m Menu, ids IDs, rows, buttonRows int) []discordgo.MessageComponent {
	if len(m.Choices) == 0 {
		return nil
	}
	if len(m.Choices) <= min(rows, buttonRows)*maxButtonsPerRow && fitButtons(m.Choices, ids) {
		return buttonRowsOf(m.Choices, ids)
	}
	chunks := groupChunks(m.Choices)
	if len(chunks) > rows {
		chunks = packChunks(ctx, chunks)
	}
	if len(chunks) <= rows {
		return selectRowsOf(ctx, chunks, ids)
	}
	// Still too many: the first selects as they are, and in the last row
	// a select of the other groups, which opens the chosen one.
	shown := map[int]bool{}
	for _, c := range chunks[:rows-1] {
		for _, i := range c.of {
			shown[i] = true
		}
	}
	for _, c := range chunks[rows-1:] {
		for _, i := range c.of {
			delete(shown, i) // a group cut between rows is offered whole
		}
	}
	return append(selectRowsOf(ctx, chunks[:rows-1], ids), groupSelect(ctx, m, ids, shown))
}

// groupSelect is a select of m's groups, but those in skip, whose value
// is the group's index (GroupMenu).
func groupSelect(ctx Audience, m Menu, ids IDs, skip map[int]bool) discordgo.MessageComponent {
	var opts []discordgo.SelectMenuOption
	for i, g := range groupsOf(m.Choices) {
		if len(opts) == maxSelectOptions {
			break
		}
		if skip[i] {
			continue
		}
		opts = append(opts, discordgo.SelectMenuOption{
			Label: Clip(groupLabel(ctx, g.name), maxOptionLabel),
			Value: fmt.Sprint(i),
		})
	}
	return discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.SelectMenu{CustomID: ids.Group(), Placeholder: Clip(ctx.T("core.menu.pick_group"), maxPlaceholder), Options: opts},
	}}
}

// packChunks puts consecutive small groups into one select of up to 25,
// so that a menu of many small groups (a unit's few moves each) is one
// pick rather than a group and then a move. Its placeholder names the
// groups, and each option says its group (mixed).
func packChunks(ctx Audience, chunks []group) []group {
	var out []group
	for _, c := range chunks {
		n := len(out)
		if n > 0 && len(out[n-1].choices)+len(c.choices) <= maxSelectOptions {
			last := &out[n-1]
			last.name += " · " + groupLabel(ctx, c.name)
			last.choices = append(last.choices[:len(last.choices):len(last.choices)], c.choices...)
			last.mixed = true
			last.of = append(last.of[:len(last.of):len(last.of)], c.of...)
			continue
		}
		out = append(out, group{name: groupLabel(ctx, c.name), choices: c.choices, of: c.of})
	}
	return out
}

// fitButtons reports whether every choice's action fits in a button's
// custom_id (1 to 100 characters, developers/components/reference.mdx).
// The table service writes it as the select's custom_id with the action
// text in place of the kind (commands/customid.go); a select carries the
// action in its option value instead, which has room for any action.
func fitButtons(cs []Choice, ids IDs) bool {
	room := maxCustomID - len(ids.Select()) - 1
	for _, c := range cs {
		if len(c.Action.String()) > room {
			return false
		}
	}
	return true
}

// GroupMenu narrows a menu to its i-th group (as numbered by Components).
func GroupMenu(m Menu, i int) (Menu, bool) {
	gs := groupsOf(m.Choices)
	if i < 0 || i >= len(gs) {
		return Menu{}, false
	}
	return Menu{Prompt: groupLabelRaw(gs[i].name, m.Prompt), Choices: gs[i].choices}, true
}

// Groups are a menu's groups in GroupMenu's numbering, each with its
// label (core.menu.other for choices without a group) as Prompt.
func Groups(ctx Audience, m Menu) []Menu {
	var out []Menu
	for _, g := range groupsOf(m.Choices) {
		out = append(out, Menu{Prompt: groupLabel(ctx, g.name), Choices: g.choices})
	}
	return out
}

type group struct {
	name    string
	choices []Choice
	mixed   bool  // choices of several groups: each option says its own
	of      []int // the groups' indexes (groupsOf) its choices are of
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
	for i, g := range groupsOf(cs) {
		for part := 0; len(g.choices) > 0; part++ {
			n := min(len(g.choices), maxSelectOptions)
			name := g.name
			if part > 0 {
				name = fmt.Sprintf("%s (%d)", g.name, part+1)
			}
			out = append(out, group{name: name, choices: g.choices[:n], of: []int{i}})
			g.choices = g.choices[n:]
		}
	}
	return out
}

func groupLabel(ctx Audience, name string) string {
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

func buttonRowsOf(cs []Choice, ids IDs) []discordgo.MessageComponent {
	var rows []discordgo.MessageComponent
	var row []discordgo.MessageComponent
	for _, c := range cs {
		b := discordgo.Button{Label: Clip(c.Label, maxButtonLabel), Style: buttonStyle(c.Style), CustomID: ids.Action(c.Action)}
		if c.Form {
			b.CustomID = ids.Form(c.Action)
		}
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

func selectRowsOf(ctx Audience, chunks []group, ids IDs) []discordgo.MessageComponent {
	var rows []discordgo.MessageComponent
	for i, g := range chunks {
		var opts []discordgo.SelectMenuOption
		for _, c := range g.choices {
			// The value is the action's text, which the table service
			// parses back (commands/component.go). It fits Discord's 100
			// characters: games.ParseAction allows a verb of 24 and 8
			// arguments of at most 8 characters and a dot: 96.
			desc := c.Description
			if g.mixed && desc == "" && c.Group != "" {
				desc = c.Group
			}
			o := discordgo.SelectMenuOption{Label: Clip(c.Label, maxOptionLabel), Value: c.Action.String(), Description: Clip(desc, maxOptionLabel)}
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
			discordgo.SelectMenu{CustomID: id, Placeholder: Clip(groupLabel(ctx, g.name), maxPlaceholder), Options: opts},
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
