package commands

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/render"
)

// maxListed bounds /game list to what one embed holds comfortably.
const maxListed = 25

// listEntry is one line of /game list with what orders it.
type listEntry struct {
	line   string
	rank   int // 0: the viewer's turn, 1: in play, 2: a lobby
	sortBy string
}

// list is /game list [all]: privately, the member's live tables in this
// server (game, where, whose turn, deadline), theirs to act first; with
// all:true, for Manage Server, every live table of the server.
func (s *Service) list(ctx context.Context, req Request) Response {
	all := req.Options["all"] == "true"
	if all && !req.CanManageGuild {
		return private(req, "core.err.list_all_forbidden")
	}
	user := req.User.ID
	if all {
		user = ""
	}
	tables, err := s.store.TablesOf(ctx, req.GuildID, user)
	if err != nil {
		return s.internal(req, err)
	}
	rc := userCtx(req)
	title := rc.T("core.list.title")
	if all {
		title = rc.T("core.list.title_all")
	}
	if len(tables) == 0 {
		key := "core.list.none"
		if all {
			key = "core.list.none_all"
		}
		return private(req, key)
	}
	var entries []listEntry
	for _, t := range tables {
		entries = append(entries, s.listEntry(rc, req.User.ID, t))
	}
	sort.SliceStable(entries, func(i, j int) bool {
		if entries[i].rank != entries[j].rank {
			return entries[i].rank < entries[j].rank
		}
		return entries[i].sortBy < entries[j].sortBy
	})
	var lines []string
	for i, e := range entries {
		if i == maxListed {
			lines = append(lines, rc.T("core.list.more", "Count", len(entries)-maxListed))
			break
		}
		lines = append(lines, e.line)
	}
	card := render.Card{Title: title, Description: strings.Join(lines, "\n")}
	return Response{Reply: Reply{Kind: ReplyPrivate, Message: render.CardMessage(card)}}
}

// listEntry describes one table for viewer: its game, its channel (or
// team thread), whose turn it is and the deadline.
func (s *Service) listEntry(rc render.Audience, viewer string, t *data.Table) listEntry {
	where := "<#" + t.PlayChannel() + ">"
	head := fmt.Sprintf("**%s** · %s · ", render.GameName(rc, t.Game), where)
	if t.Status == data.StatusLobby {
		return listEntry{line: head + rc.T("core.list.lobby", "Count", len(t.Seats)), rank: 2, sortBy: t.Created.Format("20060102150405") + t.ID}
	}
	l, err := s.decode(t)
	if err != nil {
		return listEntry{line: head + rc.T("core.list.damaged"), rank: 1, sortBy: t.ID}
	}
	var who []string
	mine := false
	for _, seat := range l.eng.Active(l.state) {
		if int(seat) >= len(t.Seats) {
			continue
		}
		st := t.Seats[seat]
		if st.UserID == viewer && !st.Bot {
			mine = true
		}
		if st.Bot {
			who = append(who, st.Name)
		} else {
			who = append(who, "<@"+st.UserID+">")
		}
	}
	e := listEntry{line: head + rc.T("core.list.waiting", "Who", strings.Join(who, ", ")), rank: 1}
	if mine {
		e.line, e.rank = head+rc.T("core.list.your_turn"), 0
	}
	if !t.Deadline.IsZero() {
		e.line += " · " + rc.T("core.turn.due", "When", fmt.Sprintf("<t:%d:R>", t.Deadline.Unix()))
		e.sortBy = t.Deadline.UTC().Format("20060102150405")
	} else {
		e.sortBy = "~" + t.Updated.UTC().Format("20060102150405")
	}
	return e
}
