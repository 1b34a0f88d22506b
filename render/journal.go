package render

import (
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/games"
)

// Line is one event told as text. Key marks what a player must not miss
// (a battle, a score or a loss, a card revealed, the end): when a digest
// is too long, the other lines of a stretch are only counted, Key lines
// stay.
type Line struct {
	Text string
	Key  bool
	// Group and Part let lines of one move that are one thing ("New
	// cards: 3 Mines", "New cards: 5 Tanks") read as one: right after a
	// line of the same Group, a line adds ", " and its Part to it.
	Group, Part string
}

// DigestRequest is everything Digest needs.
type DigestRequest struct {
	Game Game
	// View is the viewer's current view (the spectator view for the
	// public digest), for names the events refer to.
	View any
	// Records are the journal as the viewer sees it (games.Since).
	Records []games.Record
	// Bots marks the computer seats.
	Bots []bool
	// Since names whose last move the digest starts after: "" for the
	// viewer's own, Start for the beginning of the game.
	Since string
	// Earlier is set on a page of older moves (a click on "Earlier").
	Earlier bool
	IDs     IDs
}

// Start and Last are DigestRequest.Since for a digest from the game's
// beginning, and for the last stretch of moves (nothing happened since
// the viewer's last move).
const (
	Start = "\x00start"
	Last  = "\x00last"
)

// digestBudget is how much of the embed description (4096 characters,
// developers/resources/message.mdx "Embed Limits") a digest page uses,
// with room for the note about earlier moves.
const digestBudget = 3800

// maxRunText bounds the Key lines of one run, so a page can always hold a
// whole (compacted) run and pagination always moves on.
const maxRunText = 1500

// run is consecutive moves of one seat, all by a person or all by the
// computer.
type run struct {
	seat     games.Seat
	computer bool
	moves    int
	lines    []Line
	last     int64 // Seq of its last record
	keyText  int   // characters of its Key lines
}

// Digest is "what happened": the journal since a player's last move as
// one private message. Every move is accounted for: each stretch of one
// seat's moves is headed by who made them; when the whole does not fit,
// the oldest stretches keep only their Key lines and say how many other
// events they had, and what still does not fit is on an earlier page
// behind an "Earlier" button (pagination, never a silent cut).
func Digest(ctx Audience, r DigestRequest) Message {
	runs, untold, untoldLast := digestRuns(ctx, r)
	title := ctx.T("core.journal.title_you")
	switch {
	case r.Earlier:
		title = ctx.T("core.journal.title_earlier")
	case r.Since == Start:
		title = ctx.T("core.journal.title_start")
	case r.Since == Last:
		title = ctx.T("core.journal.title_last")
	case r.Since != "":
		title = ctx.T("core.journal.title_seat", "Name", r.Since)
	}
	e := &discordgo.MessageEmbed{Title: title, Color: colourPlaying}
	msg := Message{Embeds: []*discordgo.MessageEmbed{e}}
	if len(runs) == 0 {
		e.Description = ctx.T("core.journal.nothing")
		return Fit(msg)
	}
	// Each stretch in full and compacted; compact the oldest first, then
	// leave the oldest for an earlier page.
	texts := make([]string, len(runs))
	size := make([]int, len(runs))
	total := -1
	for i, rn := range runs {
		texts[i] = runText(ctx, r, rn, true)
		size[i] = utf8.RuneCountInString(texts[i]) + 1
		total += size[i]
	}
	for i := 0; i < len(runs) && total > digestBudget; i++ {
		// A stretch whose count line is no shorter than what it would
		// stand for stays whole.
		if short := runText(ctx, r, runs[i], false); utf8.RuneCountInString(short)+1 < size[i] {
			total += utf8.RuneCountInString(short) + 1 - size[i]
			texts[i], size[i] = short, utf8.RuneCountInString(short)+1
		}
	}
	from := 0
	for from < len(runs)-1 && total > digestBudget {
		total -= size[from]
		from++
	}
	body := strings.Join(texts[from:], "\n")
	earlier, before := untold, untoldLast
	for _, rn := range runs[:from] {
		earlier += rn.moves
		before = rn.last
	}
	if earlier > 0 {
		body = ctx.T("core.journal.earlier", "Count", earlier) + "\n" + body
		msg.Components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: ctx.T("core.button.earlier"), Style: discordgo.SecondaryButton, CustomID: r.IDs.Journal(before), Emoji: &discordgo.ComponentEmoji{Name: "⏪"}},
		}}}
	}
	e.Description = body
	e.Footer = &discordgo.MessageEmbedFooter{Text: ctx.T("core.journal.moves", "Count", len(r.Records))}
	return Fit(msg)
}

// maxLine bounds one told event.
const maxLine = 300

// digestRuns groups the records into runs, oldest first, and tells their
// events. It works back from the newest move and stops telling once the
// runs told would not fit one page even cut down to their Key lines: the
// older moves (untold of them, the newest at Seq untoldLast) are for an
// earlier page, so a click costs one page's work however long the
// absence.
func digestRuns(ctx Audience, r DigestRequest) (runs []run, untold int, untoldLast int64) {
	var rev []run // newest first
	compact := 0  // characters of the finished runs, cut down
	for i := len(r.Records) - 1; i >= 0; i-- {
		rec := r.Records[i]
		computer := rec.By == ""
		n := len(rev)
		if n == 0 || rev[n-1].seat != rec.Seat || rev[n-1].computer != computer || rev[n-1].keyText > maxRunText {
			if n > 0 {
				compact += utf8.RuneCountInString(runText(ctx, r, rev[n-1], false)) + 1
				if compact > digestBudget {
					untold, untoldLast = i+1, rec.Seq
					break
				}
			}
			rev = append(rev, run{seat: rec.Seat, computer: computer, last: rec.Seq})
			n++
		}
		lines := TellMove(ctx, r.Game, r.View, rec)
		rn := &rev[n-1]
		for _, l := range lines {
			if l.Key {
				rn.keyText += utf8.RuneCountInString(l.Text) + 3
			}
		}
		rn.moves++
		rn.lines = append(lines, rn.lines...)
	}
	for i := len(rev) - 1; i >= 0; i-- {
		runs = append(runs, rev[i])
	}
	return runs, untold, untoldLast
}

// TellMove is one move of the journal in the words of the board's log
// (Game.Tell, each line clipped; lines of one Group joined as one): what
// a digest shows of a record, and what `warroom play` prints of a
// computer's move. rec holds only events the reader may see
// (games.Since); view is the reader's current view.
func TellMove(ctx Audience, g Game, view any, rec games.Record) []Line {
	var lines []Line
	if rec.Verb == games.VerbResign && rec.By != "" {
		lines = append(lines, Line{Text: ctx.T("core.resign.done", "Who", "<@"+rec.By+">"), Key: true})
	}
	for _, ev := range rec.Events {
		l := g.Tell(ctx, view, ev)
		if l.Text = strings.TrimSpace(l.Text); l.Text == "" {
			continue
		}
		if k := len(lines) - 1; k >= 0 && l.Group != "" && lines[k].Group == l.Group {
			lines[k].Text = Clip(lines[k].Text+", "+l.Part, maxLine)
			lines[k].Key = lines[k].Key || l.Key
			continue
		}
		l.Text = Clip(l.Text, maxLine)
		lines = append(lines, l)
	}
	return lines
}

// runText is one stretch: who, how many moves, then its lines (all, or
// the Key lines and a count of the others).
func runText(ctx Audience, r DigestRequest, rn run, full bool) string {
	who := ctx.Name(rn.seat)
	if int(rn.seat) >= 0 && int(rn.seat) < len(r.Bots) && r.Bots[rn.seat] {
		who = ctx.T("core.seat.bot", "Name", who)
	} else if rn.computer {
		who = ctx.T("core.journal.stand_in", "Name", who)
	}
	var b strings.Builder
	b.WriteString("**" + who + "** · " + ctx.T("core.journal.moves", "Count", rn.moves))
	if len(rn.lines) == 0 {
		b.WriteString(" · " + ctx.T("core.journal.hidden"))
	}
	dropped := 0
	for _, l := range rn.lines {
		if !full && !l.Key {
			dropped++
			continue
		}
		b.WriteString("\n• " + l.Text)
	}
	if dropped > 0 {
		b.WriteString("\n• " + ctx.T("core.journal.more", "Count", dropped))
	}
	return b.String()
}
