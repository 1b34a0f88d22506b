package commands

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

// mayPause: the players, the host and members with Manage Server.
func mayPause(req Request, t *data.Table) bool {
	return len(t.SeatsOf(req.User.ID)) > 0 || req.User.ID == t.HostID || req.CanManageGuild
}

// pause is /game pause: it proposes to pause the table, which happens once
// every player has agreed by button (at once when the proposer is the
// only player). A paused table takes no moves and its clock stands still.
func (s *Service) pause(ctx context.Context, req Request, t *data.Table) Response {
	if !mayPause(req, t) {
		return private(req, "core.pause.not_player")
	}
	if t.Status != data.StatusPlaying {
		return private(req, "core.err.not_playing")
	}
	unlock := s.lock(t.ID)
	defer unlock()
	l, err := s.load(ctx, t.ID)
	if err != nil {
		return s.internal(req, err)
	}
	if l.t.Pause != nil {
		return private(req, "core.pause.already")
	}
	if resp, ok := s.checkPlace(req, l.eng.Info(), l.t); !ok {
		return resp
	}
	now := s.Now().UTC()
	err = s.mutate(ctx, l.t, func(nt *data.Table) ([]data.LogEntry, error) {
		nt.Pause = &data.Pause{By: req.User.ID, At: now}
		if len(nt.SeatsOf(req.User.ID)) > 0 {
			nt.Pause.Agreed = []string{req.User.ID}
		}
		if len(waiting(nt)) == 0 {
			startPause(nt, now)
		} else {
			nt.Owe(now, data.Effect{Kind: data.EffectPause})
		}
		return nil, nil
	})
	if err != nil {
		return s.failed(req, err)
	}
	s.log.Info().Str("table", l.t.ID).Str("by", req.User.ID).Bool("on", l.t.Paused()).Msg("pause proposed")
	resp := private(req, "core.pause.proposed")
	if l.t.Paused() {
		resp = private(req, "core.pause.on")
	}
	resp.Table = l.t.ID
	return resp
}

// waiting lists the players who have not agreed to the pause yet.
func waiting(t *data.Table) []string {
	var out []string
	for _, u := range t.Players() {
		if !slices.Contains(t.Pause.Agreed, u) {
			out = append(out, u)
		}
	}
	return out
}

// startPause stops the clock, keeping the turn's time that remains, and
// tells the table.
func startPause(t *data.Table, now time.Time) {
	p := *t.Pause
	p.On = true
	if !t.Deadline.IsZero() {
		p.Left, p.Span = max(t.Deadline.Sub(now), 0), t.Deadline.Sub(t.TurnStart)
	}
	t.Pause, t.Deadline = &p, time.Time{}
	rc := render.Audience{L: i18n.For(t.Locale)}
	t.Owe(now, data.Effect{Kind: data.EffectRedraw}, data.Effect{Kind: data.EffectNotice, Text: rc.T("core.pause.on")})
}

// pauseMessage is the open proposal with its buttons, pinging the players
// still to agree; false when there is none.
func pauseMessage(t *data.Table) (render.Message, bool) {
	if t.Pause == nil || t.Pause.On {
		return render.Message{}, false
	}
	rc := render.Audience{L: i18n.For(t.Locale)}
	id := ids{table: t.ID, version: t.Version}
	agree, refuse := id.enc(KindPause, "agree"), id.enc(KindPause, "refuse")
	wait := waiting(t)
	var who []string
	for _, u := range wait {
		who = append(who, "<@"+u+">")
	}
	return render.Fit(render.Message{
		Content: rc.T("core.pause.proposal", "By", "<@"+t.Pause.By+">", "Game", render.GameName(rc, t.Game), "Waiting", strings.Join(who, ", ")),
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: rc.T("core.pause.agree"), Style: discordgo.PrimaryButton, CustomID: agree, Emoji: &discordgo.ComponentEmoji{Name: "⏸️"}},
			discordgo.Button{Label: rc.T("core.pause.refuse"), Style: discordgo.SecondaryButton, CustomID: refuse},
		}}},
		Mentions: wait,
	}), true
}

// pauseClick is a player's answer to the proposal: one refusal drops it;
// the last agreement starts the pause.
func (s *Service) pauseClick(ctx context.Context, req Request, l *loaded, verb string) Response {
	p := l.t.Pause
	if p == nil || p.On || l.t.Status != data.StatusPlaying {
		return Response{Reply: Reply{Kind: ReplyUpdate, Message: render.Notice(userCtx(req), "core.pause.gone")}}
	}
	if len(l.t.SeatsOf(req.User.ID)) == 0 {
		return private(req, "core.err.not_seated")
	}
	now := s.Now().UTC()
	rc := ctxFor(l, l.t.Locale, games.Spectator)
	var reply render.Message
	err := s.mutate(ctx, l.t, func(nt *data.Table) ([]data.LogEntry, error) {
		switch verb {
		case "refuse":
			nt.Pause = nil
			reply = render.Notice(rc, "core.pause.refused", "Who", "<@"+req.User.ID+">")
		case "agree":
			np := *p
			if !slices.Contains(np.Agreed, req.User.ID) {
				np.Agreed = append(slices.Clone(np.Agreed), req.User.ID)
			}
			nt.Pause = &np
			if len(waiting(nt)) == 0 {
				startPause(nt, now)
				reply = render.Notice(rc, "core.pause.on")
			} else {
				reply, _ = pauseMessage(nt)
			}
		default:
			return nil, refuse("core.err.bad_button")
		}
		return nil, nil
	})
	if err != nil {
		return s.failed(req, err)
	}
	return Response{Table: l.t.ID, Reply: Reply{Kind: ReplyUpdate, Message: reply}}
}

// resume is /game resume: a paused table's clock runs again with the time
// that remained, and the players to act are pinged with a new board. It
// also withdraws a proposal still waiting for agreement.
func (s *Service) resume(ctx context.Context, req Request, t *data.Table) Response {
	if !mayPause(req, t) {
		return private(req, "core.pause.not_player")
	}
	unlock := s.lock(t.ID)
	defer unlock()
	l, err := s.load(ctx, t.ID)
	if err != nil {
		return s.internal(req, err)
	}
	if l.t.Pause == nil || l.t.Status != data.StatusPlaying {
		return private(req, "core.pause.not_paused")
	}
	if resp, ok := s.checkPlace(req, l.eng.Info(), l.t); !ok {
		return resp
	}
	now := s.Now().UTC()
	p := l.t.Pause
	note := ctxFor(l, l.t.Locale, games.Spectator).T("core.pause.off", "Who", "<@"+req.User.ID+">")
	err = s.mutate(ctx, l.t, func(nt *data.Table) ([]data.LogEntry, error) {
		nt.Pause = nil
		if !p.On { // a proposal withdrawn
			return nil, nil
		}
		if p.Left > 0 {
			nt.Deadline = now.Add(p.Left)
			nt.TurnStart = nt.Deadline.Add(-p.Span)
		}
		nt.Owe(now, s.owedAfter(nt, true, note)...)
		return nil, nil
	})
	switch {
	case err != nil:
		return s.failed(req, err)
	case !p.On:
		return private(req, "core.pause.withdrawn")
	}
	s.log.Info().Str("table", l.t.ID).Str("by", req.User.ID).Msg("pause ended")
	return Response{Table: l.t.ID}
}
