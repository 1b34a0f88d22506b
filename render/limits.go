package render

import (
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Discord's limits. Discord counts characters as Unicode code points
// (discord-api-docs issue 1315: the API is Python 3 and counts len(str)),
// which is what utf8.RuneCountInString gives.
const (
	// developers/resources/message.mdx "Embed Limits".
	maxTitle       = 256
	maxDescription = 4096
	maxFields      = 25
	maxFieldName   = 256
	maxFieldValue  = 1024
	maxFooter      = 2048
	maxAuthor      = 256
	maxEmbedTotal  = 6000 // over all embeds of one message
	maxEmbeds      = 10   // developers/resources/message.mdx, Create Message "embeds"
	maxContent     = 2000 // developers/resources/message.mdx, Create Message "content"

	// developers/components/reference.mdx.
	maxRows          = 5   // action rows per message
	maxButtonsPerRow = 5   // buttons per action row
	maxButtonLabel   = 80  // button label
	maxSelectOptions = 25  // string select options
	maxOptionLabel   = 100 // select option label, value and description
	maxPlaceholder   = 150 // select placeholder
	maxCustomID      = 100 // custom_id, 1 to 100 characters
)

// Select limits for components the table service lays out itself (the
// team vote's proposals): developers/components/reference.mdx.
const (
	MaxSelectOptions = maxSelectOptions
	MaxOptionValue   = maxOptionLabel
	MaxRows          = maxRows
)

// shrink says which embed fields give way first when a message is over
// Discord's total: the "what happened" log first (oldest lines first),
// the outcome of a finished game last.
type shrink struct {
	logs map[*discordgo.MessageEmbedField]bool
	keep map[*discordgo.MessageEmbedField]bool
}

// Fit makes a message keep every Discord limit on its text and
// components. Every message render builds goes through it; a message
// assembled elsewhere should too. It changes the message's embeds in place.
func Fit(m Message) Message {
	fitMessage(&m, shrink{})
	return m
}

func fitMessage(m *Message, sh shrink) {
	m.Content = Clip(m.Content, maxContent)
	m.Embeds = slices.DeleteFunc(m.Embeds, func(e *discordgo.MessageEmbed) bool { return e == nil })
	if len(m.Embeds) > maxEmbeds {
		m.Embeds = m.Embeds[:maxEmbeds]
	}
	for _, e := range m.Embeds {
		fitEmbed(e, sh)
	}
	fitTotal(m.Embeds, sh)
	m.Components = fitComponents(m.Components)
}

// fitEmbed applies the limits of each part of one embed.
func fitEmbed(e *discordgo.MessageEmbed, sh shrink) {
	e.Title = Clip(e.Title, maxTitle)
	e.Description = Clip(e.Description, maxDescription)
	e.Fields = slices.DeleteFunc(e.Fields, func(f *discordgo.MessageEmbedField) bool { return f == nil })
	for len(e.Fields) > maxFields {
		e.Fields = slices.Delete(e.Fields, dropIndex(e.Fields, sh), dropIndex(e.Fields, sh)+1)
	}
	for _, f := range e.Fields {
		// Names and values may not be empty: a zero-width space stands in.
		f.Name = orBlank(Clip(f.Name, maxFieldName))
		f.Value = orBlank(Clip(f.Value, maxFieldValue))
	}
	if e.Footer != nil {
		e.Footer.Text = Clip(e.Footer.Text, maxFooter)
		if strings.TrimSpace(e.Footer.Text) == "" {
			e.Footer = nil
		}
	}
	if e.Author != nil {
		e.Author.Name = orBlank(Clip(e.Author.Name, maxAuthor))
	}
}

// dropIndex picks the field to drop from too many: the last log, else the
// last field that is not kept.
func dropIndex(fs []*discordgo.MessageEmbedField, sh shrink) int {
	for i := len(fs) - 1; i >= 0; i-- {
		if sh.logs[fs[i]] {
			return i
		}
	}
	for i := len(fs) - 1; i >= 0; i-- {
		if !sh.keep[fs[i]] {
			return i
		}
	}
	return len(fs) - 1
}

func orBlank(s string) string {
	if strings.TrimSpace(s) == "" {
		return "\u200b"
	}
	return s
}

// embedsTotal is what Discord counts against maxEmbedTotal.
func embedsTotal(es []*discordgo.MessageEmbed) int {
	n := 0
	for _, e := range es {
		n += runes(e.Title) + runes(e.Description)
		if e.Footer != nil {
			n += runes(e.Footer.Text)
		}
		if e.Author != nil {
			n += runes(e.Author.Name)
		}
		for _, f := range e.Fields {
			n += runes(f.Name) + runes(f.Value)
		}
	}
	return n
}

func runes(s string) int { return utf8.RuneCountInString(s) }

// fitTotal brings the embeds under Discord's total: it drops the oldest
// log lines, then shortens the longest texts to one length (each keeps its
// beginning), and the outcome only when nothing else is left.
func fitTotal(es []*discordgo.MessageEmbed, sh shrink) {
	over := embedsTotal(es) - maxEmbedTotal
	if over <= 0 {
		return
	}
	for _, e := range es {
		for i := 0; i < len(e.Fields) && over > 0; i++ {
			f := e.Fields[i]
			if !sh.logs[f] {
				continue
			}
			lines := strings.Split(f.Value, "\n")
			for len(lines) > 1 && over > 0 {
				over -= runes(lines[0]) + 1
				lines = lines[1:]
			}
			f.Value = strings.Join(lines, "\n")
			if over > 0 {
				over -= runes(f.Name) + runes(f.Value)
				e.Fields = slices.Delete(e.Fields, i, i+1)
				i--
			}
		}
	}
	if over <= 0 {
		return
	}
	var body, all []*string
	for _, e := range es {
		body = append(body, &e.Title, &e.Description)
		if e.Footer != nil {
			body = append(body, &e.Footer.Text)
		}
		if e.Author != nil {
			body = append(body, &e.Author.Name)
		}
		for _, f := range e.Fields {
			if !sh.keep[f] {
				body = append(body, &f.Name, &f.Value)
			}
		}
	}
	all = append(all, body...)
	for _, e := range es {
		for _, f := range e.Fields {
			if sh.keep[f] {
				all = append(all, &f.Name, &f.Value)
			}
		}
	}
	// 100 characters of each part of the board still read; below that,
	// everything but the outcome shrinks, and then the outcome. With at
	// most 10 embeds of 25 fields, one character each always fits.
	total := func() int { return embedsTotal(es) - maxEmbedTotal }
	_ = waterFill(body, 100, total) || waterFill(body, 1, total) || waterFill(all, 1, total)
}

// waterFill shortens the longest of the texts to one common length, no
// shorter than floor, until over() is no longer positive; it reports
// whether that happened.
func waterFill(texts []*string, floor int, over func() int) bool {
	for range 3 { // Clip may cut a little more than asked, never less
		o := over()
		if o <= 0 {
			return true
		}
		lens := make([]int, len(texts))
		top := floor
		for i, p := range texts {
			lens[i] = runes(*p)
			top = max(top, lens[i])
		}
		cut := func(level int) int {
			n := 0
			for _, l := range lens {
				n += max(0, l-level)
			}
			return n
		}
		// The highest level at which cutting everything longer frees
		// enough room.
		k := sort.Search(top-floor+1, func(k int) bool { return cut(top-k) >= o })
		level := max(floor, top-k)
		for i, p := range texts {
			if lens[i] > level {
				*p = Clip(*p, level)
			}
		}
	}
	return over() <= 0
}

// fitComponents applies the limits of action rows, buttons and selects.
// custom_ids are the table service's (commands/customid.go encodes them
// within 100 characters and fails otherwise); clipping one would break
// it, so they are left alone here and checked by the tests.
func fitComponents(rows []discordgo.MessageComponent) []discordgo.MessageComponent {
	var out []discordgo.MessageComponent
	for _, r := range rows {
		row, ok := r.(discordgo.ActionsRow)
		if !ok {
			out = append(out, r)
			continue
		}
		var cs []discordgo.MessageComponent
		for _, c := range row.Components {
			switch x := c.(type) {
			case discordgo.Button:
				x.Label = Clip(x.Label, maxButtonLabel)
				if strings.TrimSpace(x.Label) == "" && x.Emoji == nil {
					x.Label = "?"
				}
				cs = append(cs, x)
			case discordgo.SelectMenu:
				x.Placeholder = Clip(x.Placeholder, maxPlaceholder)
				var opts []discordgo.SelectMenuOption
				for _, o := range x.Options {
					// A value is read back by the table service; one
					// that is empty or too long cannot be, and
					// clipping it would make it mean something else.
					if o.Value == "" || runes(o.Value) > maxOptionLabel || len(opts) == maxSelectOptions {
						continue
					}
					o.Label = Clip(o.Label, maxOptionLabel)
					if strings.TrimSpace(o.Label) == "" {
						o.Label = o.Value
					}
					o.Description = Clip(o.Description, maxOptionLabel)
					opts = append(opts, o)
				}
				if len(opts) == 0 {
					continue
				}
				x.Options = opts
				cs = append(cs, x)
			default:
				cs = append(cs, c)
			}
		}
		if len(cs) > maxButtonsPerRow {
			cs = cs[:maxButtonsPerRow]
		}
		if len(cs) > 0 && len(out) < maxRows {
			out = append(out, discordgo.ActionsRow{Components: cs})
		}
	}
	return out
}

// Clip shortens s to at most n characters, marking the cut with "…"; every
// renderer uses it for Discord's length limits. It keeps the text
// readable: it cuts at a line break or space near the end when there is
// one, never inside a character, an emoji sequence or a mention or
// timestamp token (<@id>, <#id>, <t:unix:R>), and closes the Markdown
// (**, __, ~~, ||, `) the cut left open.
func Clip(s string, n int) string {
	if runes(s) <= n {
		return s
	}
	if n <= 0 {
		return ""
	}
	r := []rune(s)
	budget := n - 1
	for budget > 0 {
		kept := strings.TrimRight(string(r[:cutPoint(r, budget)]), " \t\n")
		closers := openMarks(kept)
		if runes(kept)+1+len(closers) <= n {
			return kept + "…" + closers
		}
		budget -= len(closers)
	}
	return "…"
}

// cutPoint is where to cut r to keep at most n runes.
func cutPoint(r []rune, n int) int {
	c := n
	// A line break in the last third, else a space in the last fifth
	// (or last ten characters).
	if !unicode.IsSpace(r[c]) {
		if i := lastIndex(r[:c], '\n'); i > 0 && i >= c-c/3 {
			c = i
		} else if i := lastIndex(r[:c], ' '); i > 0 && i >= c-max(c/5, 10) {
			c = i
		}
	}
	// Not inside a <...> token that closes further on.
	if i := lastIndex(r[:c], '<'); i >= 0 && lastIndex(r[i:c], '>') < 0 {
		for j := c; j < len(r) && !unicode.IsSpace(r[j]); j++ {
			if r[j] == '>' {
				c = i
				break
			}
		}
	}
	// Not inside an emoji sequence or before a combining mark.
	for c > 0 && (joinsPrevious(r[c]) || r[c-1] == '\u200d' || splitsFlag(r, c)) {
		c--
	}
	return c
}

func lastIndex(r []rune, x rune) int {
	for i := len(r) - 1; i >= 0; i-- {
		if r[i] == x {
			return i
		}
	}
	return -1
}

// joinsPrevious reports whether r belongs to the character before it:
// variation selectors, zero-width joiner, keycap, skin tones, tags and
// combining marks.
func joinsPrevious(r rune) bool {
	switch {
	case r == '\ufe0e', r == '\ufe0f', r == '\u200d', r == '\u20e3':
		return true
	case r >= 0x1f3fb && r <= 0x1f3ff, r >= 0xe0020 && r <= 0xe007f:
		return true
	}
	return unicode.In(r, unicode.Mn, unicode.Me)
}

// splitsFlag reports whether cutting before r[c] splits a flag: a pair of
// regional indicators.
func splitsFlag(r []rune, c int) bool {
	ri := func(x rune) bool { return x >= 0x1f1e6 && x <= 0x1f1ff }
	if !ri(r[c]) {
		return false
	}
	k := 0
	for i := c - 1; i >= 0 && ri(r[i]); i-- {
		k++
	}
	return k%2 == 1
}

// openMarks is what closes the Markdown left open in s, innermost first.
func openMarks(s string) string {
	type mark struct {
		tok string
		at  int
	}
	var open []mark
	rest := s
	if strings.Count(rest, "```")%2 == 1 {
		open = append(open, mark{"```", strings.LastIndex(rest, "```")})
	}
	rest = strings.ReplaceAll(rest, "```", "   ")
	for _, tok := range []string{"**", "__", "~~", "||", "`"} {
		if strings.Count(rest, tok)%2 == 1 {
			open = append(open, mark{tok, strings.LastIndex(rest, tok)})
		}
		rest = strings.ReplaceAll(rest, tok, strings.Repeat(" ", len(tok)))
	}
	sort.Slice(open, func(i, j int) bool { return open[i].at > open[j].at })
	var b strings.Builder
	for _, m := range open {
		b.WriteString(m.tok)
	}
	return b.String()
}

// LastLines joins the newest lines of a log (oldest first) that fit in n
// characters; a single line longer than n is clipped.
func LastLines(lines []string, n int) string {
	size, start := -1, len(lines)
	for start > 0 && size+1+runes(lines[start-1]) <= n {
		start--
		size += 1 + runes(lines[start])
	}
	if start == len(lines) && start > 0 {
		return Clip(lines[start-1], n)
	}
	return strings.Join(lines[start:], "\n")
}
