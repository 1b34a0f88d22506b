package render

import (
	"strings"

	"github.com/bwmarrin/discordgo"
)

// RulesMessage shows a game's rules (Game.Rules) as one message: the text
// is cut at blank lines into embeds of at most 4096 characters each
// (Discord's embed description, developers/resources/message.mdx "Embed
// Limits"), the title on the first. A rules text that outgrows one
// description (Frontline's card list) still reads as one reply; the whole
// message stays within Discord's 6000 characters only if the text does,
// which each game's tests check.
func RulesMessage(title, rules string) Message {
	var embeds []*discordgo.MessageEmbed
	for i, part := range splitParagraphs(rules, maxDescription) {
		e := &discordgo.MessageEmbed{Description: part}
		if i == 0 {
			e.Title = title
		}
		embeds = append(embeds, e)
	}
	if len(embeds) == 0 {
		embeds = []*discordgo.MessageEmbed{{Title: title}}
	}
	return Fit(Message{Embeds: embeds})
}

// splitParagraphs groups the paragraphs of s (separated by blank lines)
// into parts of at most n characters; a paragraph longer than n is cut at
// line breaks, and a line longer than n is left for Fit to clip.
func splitParagraphs(s string, n int) []string {
	var parts []string
	cur := ""
	add := func(piece, sep string) {
		switch {
		case cur == "":
			cur = piece
		case runes(cur)+runes(sep)+runes(piece) <= n:
			cur += sep + piece
		default:
			parts = append(parts, cur)
			cur = piece
		}
	}
	for _, p := range strings.Split(strings.TrimSpace(s), "\n\n") {
		if runes(p) <= n {
			add(p, "\n\n")
			continue
		}
		for i, line := range strings.Split(p, "\n") {
			sep := "\n"
			if i == 0 {
				sep = "\n\n"
			}
			add(line, sep)
		}
	}
	if strings.TrimSpace(cur) != "" {
		parts = append(parts, cur)
	}
	return parts
}
