package commands

import (
	"context"
	"errors"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

// confirmAbandon is /game abandon (host or Manage Server): ending a game
// for everyone cannot be undone, so it asks first, privately. A table
// whose record cannot be read is freed at once: there is no game left to
// lose, and no button could load it.
func (s *Service) confirmAbandon(ctx context.Context, req Request, t *data.Table) Response {
	unlock := s.lock(t.ID)
	defer unlock()
	l, err := s.load(ctx, t.ID)
	if errors.Is(err, data.ErrCorrupt) {
		return s.abandonNow(ctx, req, &loaded{t: t})
	}
	if err != nil {
		return s.internal(req, err)
	}
	id, err := CustomID{Table: t.ID, Version: l.t.Version, Kind: KindAbandon}.Encode()
	if err != nil {
		return s.internal(req, err)
	}
	rc := userCtx(req)
	msg := render.Message{
		Content: rc.T("core.abandon.confirm", "Game", render.GameName(rc, t.Game)),
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: rc.T("core.button.abandon"), Style: discordgo.DangerButton, CustomID: id},
		}}},
	}
	return Response{Reply: Reply{Kind: ReplyPrivate, Message: msg}}
}

// abandon is the confirmation's button: checked again, since rights and
// the table may have changed since the question.
func (s *Service) abandon(ctx context.Context, req Request, l *loaded) Response {
	if req.User.ID != l.t.HostID && !req.CanManageGuild {
		return private(req, "core.err.abandon_forbidden")
	}
	if !l.t.Live() {
		return Response{Reply: Reply{Kind: ReplyUpdate, Message: render.Notice(userCtx(req), "core.err.not_playing")}}
	}
	resp := s.abandonNow(ctx, req, l)
	if resp.Reply.Kind == ReplyNone {
		resp.Reply = Reply{Kind: ReplyUpdate, Message: render.Notice(userCtx(req), "core.menu.done")}
	}
	return resp
}

// abandonNow ends the table without a result and tells the channel.
func (s *Service) abandonNow(ctx context.Context, req Request, l *loaded) Response {
	return s.closeTable(ctx, req, l, "core.abandoned", "Who", "<@"+req.User.ID+">")
}

// closeTable ends the table without a result in req.User's name, and
// tells the channel why by the catalogue's key with kv (an abandon, a
// league's deadline or walkover).
func (s *Service) closeTable(ctx context.Context, req Request, l *loaded, key string, kv ...any) Response {
	playing := l.t.Status == data.StatusPlaying
	err := s.mutate(ctx, l.t, func(nt *data.Table) ([]data.LogEntry, error) {
		nt.Status = data.StatusAbandoned
		nt.Version++
		rc := render.Audience{L: i18n.For(nt.Locale)}
		text := rc.T(key, kv...)
		if nt.Seed != nil && playing { // the game has ended: provably fair dice reveal the seed
			text += " " + rc.T("core.seed_reveal", "Seed", nt.Seed.String(), "Commit", nt.Commit)
		}
		nt.Owe(s.Now().UTC(), data.Effect{Kind: data.EffectStrip},
			data.Effect{Kind: data.EffectNotice, Channel: req.ChannelID, Text: render.Fit(render.Message{Content: text}).Content})
		if voteMessageID(nt) != "" { // the team's vote loses its buttons
			nt.Owe(s.Now().UTC(), data.Effect{Kind: data.EffectVote})
		}
		if nt.ThreadID != "" {
			nt.Owe(s.Now().UTC(), data.Effect{Kind: data.EffectArchive})
		}
		return []data.LogEntry{{Version: nt.Version, UserID: req.User.ID, Action: "abandon", At: nowUTC()}}, nil
	})
	if err != nil {
		return s.failed(req, err)
	}
	s.log.Info().Str("table", l.t.ID).Str("by", req.User.ID).Str("why", key).Msg("table abandoned")
	return Response{Table: l.t.ID}
}
