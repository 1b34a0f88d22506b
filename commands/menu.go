package commands

import (
	"strings"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
)

// A turn from one menu (issue #32): a choice made on a private menu
// updates that menu in place with what the choice did and the player's
// next choices, while the same player keeps acting; when the turn passes
// or the game ends it closes with a one-line summary. The click's own
// interaction answers it (type 6, then an edit of @original: the message
// the component is on, developers/interactions/receiving-and-responding.mdx
// "Interaction Callback Type" and "Edit Original Interaction Response"),
// and every click brings a fresh 15-minute token, so a menu of any age can
// be updated by a click on it. Whether it stays open and what it shows
// depend only on public facts (who is to act, whether the computer moved,
// the end) and on the player's own seats' view: their legal choices and
// the events of their own move as their seats see them.

// maxResultLines bounds the lines of a move's result shown above the
// next choices; maxSummary bounds the closing line's result.
const (
	maxResultLines = 4
	maxSummary     = 200
)

// menuAfter answers a change made from a private menu (a nil res: an
// undo): the menu updated in place while the player keeps acting, else
// closed with one line.
func (s *Service) menuAfter(req Request, l *loaded, res *applyResult, nActions int) Response {
	resp := Response{Table: l.t.ID}
	seats := l.t.SeatsOf(req.User.ID)
	result := ""
	if res != nil {
		result = s.told(l, req.Locale, seats, res.entries[:min(nActions, len(res.entries))])
	}
	passed := res != nil && (res.turnPassed || len(res.entries) > nActions)
	if l.t.Status != data.StatusPlaying {
		resp.Reply = closedMenu(req, "core.menu.game_over", result)
		return resp
	}
	if m, seat, ok := s.menuOf(l, req.Locale, seats); ok && !passed {
		if result == "" {
			result = "✔ " + userCtx(req).T("core.menu.done_short")
		}
		resp.Reply = Reply{Kind: ReplyUpdate, Message: s.openMenu(l, req.Locale, seat, m, result)}
		return resp
	}
	resp.Reply = closedMenu(req, "core.menu.turn_over", result)
	return resp
}

// menuOf is the menu of the user's seat that may act now: an active one
// first, else one the rules let act out of turn; seat is the one it is for.
func (s *Service) menuOf(l *loaded, locale string, seats []games.Seat) (m render.Menu, seat games.Seat, ok bool) {
	seat, ok = actingSeat(l, seats)
	if !ok {
		seat, ok = outOfTurnSeat(l, seats)
	}
	if !ok {
		return render.Menu{}, seat, false
	}
	m, ok = s.menu(l, locale, seat)
	return m, seat, ok
}

// openMenu is seat's private menu m with a line above it (a result, or a
// note).
func (s *Service) openMenu(l *loaded, locale string, seat games.Seat, m render.Menu, above string) render.Message {
	rc := ctxFor(l, locale, seat)
	msg := render.MenuMessage(rc, m, l.ids())
	if above != "" {
		msg.Content = render.Clip(above+"\n\n"+msg.Content, 2000)
	}
	return msg
}

// closedMenu is a private menu's last state: one line, no choices.
func closedMenu(req Request, key, result string) Reply {
	rc := userCtx(req)
	if result == "" {
		result = rc.T("core.menu.done_short")
	}
	first, _, _ := strings.Cut(result, "\n")
	first = strings.TrimSuffix(strings.TrimPrefix(first, "✔ "), ".")
	msg := render.Notice(rc, key, "What", render.Clip(first, maxSummary))
	return Reply{Kind: ReplyUpdate, Message: msg}
}

// told is what the player's own move did, as their seats see it: its
// events told as the board's log tells them, "✔ " first, or "" when none
// can be told.
func (s *Service) told(l *loaded, locale string, seats []games.Seat, entries []data.LogEntry) string {
	g, ok := s.mods.Renderer(l.t.Game)
	if !ok || len(seats) == 0 || l.state == nil {
		return ""
	}
	rc := ctxFor(l, locale, seats[0])
	view := l.eng.View(l.state, seats[0])
	var lines []string
	for _, rec := range games.Since(records(entries), seats, 0) {
		for _, ev := range rec.Events {
			if t := strings.TrimSpace(g.Tell(rc, view, ev).Text); t != "" && len(lines) < maxResultLines {
				lines = append(lines, t)
			}
		}
	}
	if len(lines) == 0 {
		return ""
	}
	return "✔ " + strings.Join(lines, "\n")
}

// staleMenu answers a click on a private menu drawn for another version
// (the table moved on, or the bot restarted in between): the menu is
// updated to the player's current choices, or closed when they have none
// now. Nothing is applied.
func (s *Service) staleMenu(req Request, l *loaded) Response {
	seats := l.t.SeatsOf(req.User.ID)
	if m, seat, ok := s.menuOf(l, req.Locale, seats); ok && l.t.Status == data.StatusPlaying {
		note := userCtx(req).T("core.menu.moved_on")
		return Response{Reply: Reply{Kind: ReplyUpdate, Message: s.openMenu(l, req.Locale, seat, m, note)}}
	}
	return Response{Reply: Reply{Kind: ReplyUpdate, Message: render.Notice(userCtx(req), "core.menu.not_yours")}}
}
