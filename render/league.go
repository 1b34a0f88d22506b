package render

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/league"
)

// LeagueButtons are the custom_ids of a league message's buttons; an
// empty one is not shown.
type LeagueButtons struct{ Join, Leave, Start string }

// leagueColor is the league message's embed colour (field grey).
const leagueColor = 0x6b7a5a

// League is a league's message: its settings, then while open the
// players and the Join / Leave / Start buttons, and once running the
// standings and the current round's pairings with links to their
// threads. Players are mentions (an embed pings nobody).
func League(rc Audience, l *league.League, b LeagueButtons) Message {
	e := &discordgo.MessageEmbed{
		Title: Clip(rc.T("league.title", "Game", GameName(rc, l.Game)), maxTitle),
		Color: leagueColor, Description: leagueSettings(rc, l),
	}
	if l.Status == league.StatusOpen {
		who := rc.T("league.nobody")
		if len(l.Players) > 0 {
			who = strings.Join(mentionsOf(l.Players), ", ")
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{
			Name: rc.T("league.players", "Count", len(l.Players)), Value: Clip(who, maxFieldValue),
		})
		e.Description += "\n\n" + rc.T("league.open", "Who", "<@"+l.CreatorID+">")
	} else {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: rc.T("league.standings"), Value: Clip(Standings(rc, l), maxFieldValue)})
		if r := l.Current(); r != nil {
			e.Fields = append(e.Fields, &discordgo.MessageEmbedField{
				Name:  rc.T("league.round", "Round", len(l.RoundList), "Rounds", l.Rounds),
				Value: Clip(roundText(rc, l, r), maxFieldValue),
			})
		}
		if w := l.Winner(); w != "" {
			e.Description += "\n\n**" + rc.T("league.first_place", "Who", "<@"+w+">") + "**"
		}
	}
	return Fit(Message{Embeds: []*discordgo.MessageEmbed{e}, Components: leagueRow(rc, b)})
}

// leagueSettings is the settings as a few short lines (a phone shows
// about 40 characters a line).
func leagueSettings(rc Audience, l *league.League) string {
	days := l.RoundDays
	lines := []string{rc.T("league.settings", "Format", rc.T("league.format."+l.Format),
		"Rounds", rc.T("league.rounds", "Count", l.Rounds), "Days", rc.T("league.days", "Count", days))}
	if l.TurnTimeout > 0 {
		lines = append(lines, rc.T("league.settings_timeout", "Hours", rc.T("league.hours", "Count", int(l.TurnTimeout.Hours()))))
	}
	lines = append(lines, rc.T("league.settings_deadline", "Rule", rc.T("league.deadline."+l.Deadline)))
	if l.Format == league.Swiss && l.Status != league.StatusOpen {
		lines = append(lines, rc.T("league.tiebreak_legend"))
	}
	if opts := optionText(rc, l.Game, l.Options); opts != "" {
		lines = append(lines, rc.T("league.settings_options", "Options", strings.ReplaceAll(strings.TrimSpace(opts), "\n", ", ")))
	}
	return strings.Join(lines, "\n")
}

// Standings are the standings as one line a player: rank, player,
// points, games played, then the format's tiebreaks.
func Standings(rc Audience, l *league.League) string {
	var b strings.Builder
	for i, s := range l.Standings() {
		// The plural form of a half point is the fraction's ("other").
		pts := rc.T("league.points", "Count", strconv.FormatFloat(s.Points, 'f', -1, 64), "Points", decimal(rc, s.Points))
		fmt.Fprintf(&b, "%d. <@%s> **%s** · %s", i+1, s.Player, pts, rc.T("league.games", "Count", s.Played))
		if l.Format == league.Swiss {
			b.WriteString(" · " + rc.T("league.tiebreak_swiss", "Buchholz", decimal(rc, s.Buchholz), "SB", decimal(rc, s.SB)))
		} else {
			b.WriteString(" · " + rc.T("league.wins", "Count", s.Wins))
		}
		if s.Dropped {
			b.WriteString(" · *" + rc.T("league.left") + "*")
		}
		b.WriteString("\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// roundText is a round's pairings, one a line: the players (first seat
// first), then the result or a link to the game's thread, and the bye.
func roundText(rc Audience, l *league.League, r *league.Round) string {
	var lines []string
	for _, p := range r.Pairings {
		line := fmt.Sprintf("<@%s> – <@%s> · ", p.A, p.B)
		switch {
		case p.Result != league.Pending:
			line += "**" + score(p.Result) + "**"
			if p.By == league.ByForfeit {
				line += " (" + rc.T("league.by_forfeit") + ")"
			} else if p.By == league.ByDeadline {
				line += " (" + rc.T("league.by_deadline") + ")"
			}
			if p.Thread != "" {
				line += " · <#" + p.Thread + ">"
			}
		case p.Thread != "":
			line += "<#" + p.Thread + ">"
		default:
			line += "*" + rc.T("league.opening") + "*"
		}
		lines = append(lines, line)
	}
	if r.Bye != "" {
		lines = append(lines, rc.T("league.bye", "Who", "<@"+r.Bye+">"))
	}
	return strings.Join(lines, "\n")
}

// score is a result as chess writes it, first seat first.
func score(r league.Result) string {
	switch r {
	case league.WinA:
		return "1–0"
	case league.WinB:
		return "0–1"
	case league.Draw:
		return "½–½"
	}
	return "0–0"
}

// decimal writes a half or quarter point the language's way: 2.5 in
// English, 2,5 in Polish and Russian.
func decimal(rc Audience, v float64) string {
	s := strconv.FormatFloat(v, 'f', -1, 64)
	if rc.L.Lang() != "en" {
		s = strings.ReplaceAll(s, ".", ",")
	}
	return s
}

func mentionsOf(users []string) []string {
	out := make([]string, len(users))
	for i, u := range users {
		out[i] = "<@" + u + ">"
	}
	return out
}

// leagueRow is the Join / Leave / Start buttons that have a custom_id.
func leagueRow(rc Audience, b LeagueButtons) []discordgo.MessageComponent {
	var row []discordgo.MessageComponent
	for _, x := range []struct {
		id, key string
		style   discordgo.ButtonStyle
	}{{b.Join, "league.join", discordgo.PrimaryButton}, {b.Leave, "league.leave", discordgo.SecondaryButton}, {b.Start, "league.start", discordgo.SuccessButton}} {
		if x.id != "" {
			row = append(row, discordgo.Button{Label: rc.T(x.key), Style: x.style, CustomID: x.id})
		}
	}
	if len(row) == 0 {
		return nil
	}
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: row}}
}
