package render

import (
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/games"
)

// Escape neutralises Discord markdown and mentions in text a player typed,
// where it is shown in a message: markdown characters get a backslash
// (developers/reference.mdx, message formatting) and every @ a zero-width
// space after it, so neither "@everyone" nor "<@id>" can ping or render as
// a mention. A typed name limited to games.NameRune comes out unchanged.
func Escape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '\\', '*', '_', '~', '`', '|', '>', '<', '#', '[', ']', ':':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '@':
			b.WriteString("@\u200b")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Modal is a Discord modal (interaction callback type 9,
// developers/interactions/receiving-and-responding.mdx "Modal"): a title
// and up to five Labels, each wrapping one Text Input
// (developers/components/reference.mdx: Text Inputs "must be placed inside
// a Label"; an Action Row of Text Inputs is deprecated).
type Modal struct {
	CustomID   string
	Title      string
	Components []discordgo.MessageComponent
}

// Discord's limits for a modal (developers/components/reference.mdx).
const (
	maxModalTitle  = 45
	maxLabel       = 45
	maxLabelDesc   = 100
	maxModalInputs = 5
	maxInputLength = 4000
)

// Prefiller is optional for a Typed renderer: what a form shows already
// typed (the platoon's current name and points), from the seat's view.
type Prefiller[V any] interface {
	Prefill(v V, a games.Action) (text string, numbers []int)
}

// Prefill asks g (a render.Adapt renderer) for a form's current values.
func Prefill(g Game, view any, a games.Action) (string, []int) {
	if p, ok := g.(interface {
		Prefill(view any, a games.Action) (string, []int)
	}); ok {
		return p.Prefill(view, a)
	}
	return "", nil
}

func (a adapter[V]) Prefill(view any, x games.Action) (string, []int) {
	p, ok := a.t.(Prefiller[V])
	v, isV := ViewAs[V](view)
	if !ok || !isV {
		return "", nil
	}
	return p.Prefill(v, x)
}

// FormModal is the modal for a form action a of game (its TextRule rule):
// the title <game>.form.<verb>.title; per field a Label with the text
// <game>.form.<verb>.<key> and the description <key>.hint, wrapping a
// short Text Input whose custom_id is the field's key, bounded as the gate
// bounds it, and prefilled with text and numbers.
func FormModal(ctx Audience, game string, rule games.TextRule, a games.Action, customID, text string, numbers []int) Modal {
	base := game + ".form." + a.Verb
	m := Modal{CustomID: customID, Title: Clip(ctx.T(base+".title"), maxModalTitle)}
	req := true
	field := func(key string, minLen, maxLen int, value string) {
		if len(m.Components) == maxModalInputs {
			return
		}
		ti := discordgo.TextInput{CustomID: key, Style: discordgo.TextInputShort, Required: &req,
			MinLength: minLen, MaxLength: min(maxLen, maxInputLength), Value: value}
		m.Components = append(m.Components, discordgo.Label{
			Label:       Clip(ctx.T(base+"."+key), maxLabel),
			Description: Clip(ctx.T(base+"."+key+".hint"), maxLabelDesc),
			Component:   ti,
		})
	}
	if rule.MaxRunes > 0 {
		field(rule.Key, rule.MinRunes, rule.MaxRunes, text)
	}
	for i, nr := range rule.Numbers {
		v := ""
		if i < len(numbers) {
			v = strconv.Itoa(numbers[i])
		}
		width := max(len(strconv.Itoa(nr.Min)), len(strconv.Itoa(nr.Max)))
		field(nr.Key, 1, width, v)
	}
	return m
}

// FormKeys are the input custom_ids of a form, in the order of the action:
// the text's key, then the numbers'.
func FormKeys(rule games.TextRule) []string {
	var out []string
	if rule.MaxRunes > 0 {
		out = append(out, rule.Key)
	}
	for _, nr := range rule.Numbers {
		out = append(out, nr.Key)
	}
	return out
}
