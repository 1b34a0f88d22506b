package commands

import (
	"context"
	"github.com/bwmarrin/discordgo"
	"slices"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

// handover is /game handover member:@X [player:@Y]: a player offers their
// seat to another member of the server, or the host (or a member with
// Manage Server) offers an absent player's. The member takes it with the
// offer's button; until then nothing changes. A new offer replaces an
// open one.
func (s *Service) handover(ctx context.Context, req Request, t *data.Table) Response {
	to, from := req.Options["member"], req.Options["player"]
	if from == "" {
		from = req.User.ID
	}
	if from != req.User.ID && req.User.ID != t.HostID && !req.CanManageGuild {
		return private(req, "core.handover.host_only")
	}
	if t.Status == data.StatusLobby {
		return private(req, "core.handover.lobby")
	}
	if t.Status != data.StatusPlaying {
		return private(req, "core.err.not_playing")
	}
	switch {
	case len(t.SeatsOf(from)) == 0:
		return private(req, "core.handover.not_seated", "From", "<@"+from+">")
	case to == "" || to == from:
		return private(req, "core.handover.self")
	case len(t.SeatsOf(to)) > 0:
		return private(req, "core.handover.already_seated", "To", "<@"+to+">")
	}
	unlock := s.lock(t.ID)
	defer unlock()
	l, err := s.load(ctx, t.ID)
	if err != nil {
		return s.internal(req, err)
	}
	if resp, ok := s.checkPlace(req, l.eng.Info(), l.t); !ok {
		return resp
	}
	err = s.mutate(ctx, l.t, func(nt *data.Table) ([]data.LogEntry, error) {
		nt.Offer = &data.SeatOffer{From: from, To: to, By: req.User.ID, At: s.Now().UTC()}
		nt.Owe(s.Now().UTC(), data.Effect{Kind: data.EffectOffer})
		return nil, nil
	})
	if err != nil {
		return s.failed(req, err)
	}
	s.log.Info().Str("table", l.t.ID).Str("by", req.User.ID).Msg("seat offered")
	resp := private(req, "core.handover.sent", "To", "<@"+to+">")
	resp.Table = l.t.ID
	return resp
}

// offerMessage is the table's open offer, in the table's language, with
// its two buttons; false when there is none.
func offerMessage(t *data.Table) (render.Message, bool) {
	o := t.Offer
	if o == nil {
		return render.Message{}, false
	}
	rc := render.Audience{L: i18n.For(t.Locale)}
	id := ids{table: t.ID, version: t.Version}
	accept, decline := id.enc(KindOffer, "accept"), id.enc(KindOffer, "decline")
	return render.Fit(render.Message{
		Content: rc.T("core.handover.offer", "To", "<@"+o.To+">", "From", "<@"+o.From+">", "Game", render.GameName(rc, t.Game)),
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: rc.T("core.handover.accept"), Style: discordgo.SuccessButton, CustomID: accept},
			discordgo.Button{Label: rc.T("core.handover.decline"), Style: discordgo.SecondaryButton, CustomID: decline},
		}}},
		Mentions: []string{o.To},
	}), true
}

// offerClick is a click on an offer's button. Only the member it is for
// may accept; they, the player and whoever offered may decline. Taking
// the seat keeps the game as it is: the seat's name becomes the new
// player's, they join the team thread, and when it is their turn they get
// the board's ping and a fresh turn's time.
func (s *Service) offerClick(ctx context.Context, req Request, l *loaded, verb string) Response {
	o := l.t.Offer
	if o == nil || l.t.Status != data.StatusPlaying {
		return Response{Reply: Reply{Kind: ReplyUpdate, Message: render.Notice(userCtx(req), "core.handover.gone")}}
	}
	switch verb {
	case "decline":
		if req.User.ID != o.To && req.User.ID != o.From && req.User.ID != o.By {
			return private(req, "core.handover.not_for_you", "To", "<@"+o.To+">")
		}
		err := s.mutate(ctx, l.t, func(nt *data.Table) ([]data.LogEntry, error) {
			nt.Offer = nil
			return nil, nil
		})
		if err != nil {
			return s.failed(req, err)
		}
		return Response{Reply: Reply{Kind: ReplyUpdate, Message: render.Notice(ctxFor(l, l.t.Locale, games.Spectator), "core.handover.declined")}}
	case "accept":
	default:
		return private(req, "core.err.bad_button")
	}
	if req.User.ID != o.To {
		return private(req, "core.handover.not_for_you", "To", "<@"+o.To+">")
	}
	seats := l.t.SeatsOf(o.From)
	if len(seats) == 0 || len(l.t.SeatsOf(o.To)) > 0 {
		return Response{Reply: Reply{Kind: ReplyUpdate, Message: render.Notice(userCtx(req), "core.handover.gone")}}
	}
	now := s.Now().UTC()
	note := ctxFor(l, l.t.Locale, games.Spectator).T("core.handover.done", "To", "<@"+o.To+">", "From", "<@"+o.From+">")
	_, theirs := actingSeat(l, seats)
	err := s.mutate(ctx, l.t, func(nt *data.Table) ([]data.LogEntry, error) {
		nt.Offer = nil
		nt.Seats = slices.Clone(nt.Seats)
		for _, seat := range seats {
			nt.Seats[seat] = data.Seat{UserID: o.To, Name: req.User.Name}
		}
		nt.Version++
		if theirs && !nt.Deadline.IsZero() {
			span := nt.Deadline.Sub(nt.TurnStart)
			nt.TurnStart, nt.Deadline, nt.Reminded = now, now.Add(span), 0
		}
		if nt.ThreadID != "" {
			nt.Owe(now, data.Effect{Kind: data.EffectJoin, Mention: []string{o.To}})
		}
		nt.Owe(now, s.owedAfter(nt, true, note)...)
		return []data.LogEntry{{Version: nt.Version, UserID: req.User.ID, Action: "handover", At: now}}, nil
	})
	if err != nil {
		return s.failed(req, err)
	}
	s.log.Info().Str("table", l.t.ID).Str("to", o.To).Int("seats", len(seats)).Msg("seat handed over")
	return Response{Table: l.t.ID, Reply: Reply{Kind: ReplyUpdate, Message: render.Notice(ctxFor(l, l.t.Locale, games.Spectator), "core.handover.taken", "To", "<@"+o.To+">")}}
}
