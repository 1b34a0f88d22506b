package commands

import (
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

// KindPause answers the table's pause proposal; payload "agree" or
// "refuse".
const KindPause = "z"

// mayPause: the players, the host and members with Manage Server.
func mayPause(req Request, t *data.Table) bool {
	return len(t.SeatsOf(req.User.ID)) > 0 || req.User.ID == t.HostID || req.CanManageGuild
}

// pause is /game pause: it proposes to pause the table, which happens once
// every player has agreed by button (at once when the proposer is the
// only player). A paused table takes no moves and its clock stands still.
func (s *Service) pause(req Request, t *data.Table) Response {
	if !mayPause(req, t) {
		return private(req, "core.pause.not_player")
	}
	if t.Status != data.StatusPlaying {
		return private(req, "core.err.not_playing")
	}
	unlock := s.lock(t.ID)
	defer unlock()
	l, err := s.load(t.ID)
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
	nt := *l.t
	nt.Pause = &data.Pause{By: req.User.ID, At: now}
	if len(l.t.SeatsOf(req.User.ID)) > 0 {
		nt.Pause.Agreed = []string{req.User.ID}
	}
	if len(waiting(&nt)) == 0 {
		startPause(&nt, now)
	} else {
		nt.Owe(now, data.Effect{Kind: data.EffectPause})
	}
	if err := s.store.Update(&nt, l.t.Version); err != nil {
		return s.internal(req, err)
	}
	s.log.Info().Str("table", nt.ID).Str("by", req.User.ID).Bool("on", nt.Paused()).Msg("pause proposed")
	resp := private(req, "core.pause.proposed")
	if nt.Paused() {
		resp = private(req, "core.pause.on")
	}
	resp.Table = nt.ID
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
	ctx := render.Ctx{L: i18n.For(t.Locale)}
	t.Owe(now, data.Effect{Kind: data.EffectRedraw}, data.Effect{Kind: data.EffectNotice, Text: ctx.T("core.pause.on")})
}

// pauseMessage is the open proposal with its buttons, pinging the players
// still to agree; false when there is none.
func pauseMessage(t *data.Table) (render.Message, bool) {
	if t.Pause == nil || t.Pause.On {
		return render.Message{}, false
	}
	ctx := render.Ctx{L: i18n.For(t.Locale)}
	id := ids{table: t.ID, version: t.Version}
	agree, refuse := id.enc(KindPause, "agree"), id.enc(KindPause, "refuse")
	wait := waiting(t)
	var who []string
	for _, u := range wait {
		who = append(who, "<@"+u+">")
	}
	return render.Fit(render.Message{
		Content: ctx.T("core.pause.proposal", "By", "<@"+t.Pause.By+">", "Game", render.GameName(ctx, t.Game), "Waiting", strings.Join(who, ", ")),
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: ctx.T("core.pause.agree"), Style: discordgo.PrimaryButton, CustomID: agree, Emoji: &discordgo.ComponentEmoji{Name: "⏸️"}},
			discordgo.Button{Label: ctx.T("core.pause.refuse"), Style: discordgo.SecondaryButton, CustomID: refuse},
		}}},
		Mentions: wait,
	}), true
}

// pauseClick is a player's answer to the proposal: one refusal drops it;
// the last agreement starts the pause.
func (s *Service) pauseClick(req Request, l *loaded, verb string) Response {
	p := l.t.Pause
	if p == nil || p.On || l.t.Status != data.StatusPlaying {
		return Response{Reply: Reply{Kind: ReplyUpdate, Message: render.Notice(userCtx(req), "core.pause.gone")}}
	}
	if len(l.t.SeatsOf(req.User.ID)) == 0 {
		return private(req, "core.err.not_seated")
	}
	now := s.Now().UTC()
	nt := *l.t
	ctx := ctxFor(l, l.t.Locale, games.Spectator)
	var reply render.Message
	switch verb {
	case "refuse":
		nt.Pause = nil
		reply = render.Notice(ctx, "core.pause.refused", "Who", "<@"+req.User.ID+">")
	case "agree":
		np := *p
		if !slices.Contains(np.Agreed, req.User.ID) {
			np.Agreed = append(slices.Clone(np.Agreed), req.User.ID)
		}
		nt.Pause = &np
		if len(waiting(&nt)) == 0 {
			startPause(&nt, now)
			reply = render.Notice(ctx, "core.pause.on")
		} else {
			reply, _ = pauseMessage(&nt)
		}
	default:
		return private(req, "core.err.bad_button")
	}
	if err := s.store.Update(&nt, l.t.Version); err != nil {
		return s.internal(req, err)
	}
	return Response{Table: nt.ID, Reply: Reply{Kind: ReplyUpdate, Message: reply}}
}

// resume is /game resume: a paused table's clock runs again with the time
// that remained, and the players to act are pinged with a new board. It
// also withdraws a proposal still waiting for agreement.
func (s *Service) resume(req Request, t *data.Table) Response {
	if !mayPause(req, t) {
		return private(req, "core.pause.not_player")
	}
	unlock := s.lock(t.ID)
	defer unlock()
	l, err := s.load(t.ID)
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
	nt := *l.t
	p := l.t.Pause
	nt.Pause = nil
	if !p.On {
		if err := s.store.Update(&nt, l.t.Version); err != nil {
			return s.internal(req, err)
		}
		return private(req, "core.pause.withdrawn")
	}
	if p.Left > 0 {
		nt.Deadline = now.Add(p.Left)
		nt.TurnStart = nt.Deadline.Add(-p.Span)
	}
	note := ctxFor(l, nt.Locale, games.Spectator).T("core.pause.off", "Who", "<@"+req.User.ID+">")
	nt.Owe(now, s.owedAfter(&nt, true, note)...)
	if err := s.store.Update(&nt, l.t.Version); err != nil {
		return s.internal(req, err)
	}
	s.log.Info().Str("table", nt.ID).Str("by", req.User.ID).Msg("pause ended")
	return Response{Table: nt.ID}
}
