package commands

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
)

// The team vote: in a co-op team thread with two or more humans, the
// players vote with buttons on the engine's suggested plans for the
// acting soldier (render.PlansFor). A plan a majority of the team's
// humans chose is carried out at once, through the same gate as a click;
// the acting soldier's player may instead play any move on the board (the
// vote is advice), or close the vote with the plan in the lead. Ballots
// live in the table record (data.Vote) for one table version: any move
// makes them void.
//
// Buttons, not a native Discord poll: a poll's answers carry no ids
// (votes would have to be matched back by text), its votes arrive only
// as gateway events behind the message-poll intent (never through the
// HTTP interactions endpoint), it lasts at least an hour and cannot be
// reopened for the next state, and it gives no per-click reply to refuse
// a stale or outside vote.

// KindVote is a vote: payload the plan's index, or "go" (the acting
// soldier's player carries out the plan in the lead).
const KindVote = "v"

// voteGo is KindVote's payload for "go with the vote".
const voteGo = "go"

// maxVotePlans is how many plans a vote offers: one row of buttons.
const maxVotePlans = 5

// votePlans are the plans the team votes on now, and the seat that
// would carry them out; false when no vote is open: the game suggests no
// plans, fewer than two humans play, or not exactly one human seat acts.
func votePlans(l *loaded) ([]render.Plan, games.Seat, bool) {
	if l.t.Status != data.StatusPlaying || l.state == nil || len(l.t.Players()) < 2 {
		return nil, 0, false
	}
	planner, ok := render.PlansFor(l.t.Game)
	if !ok {
		return nil, 0, false
	}
	active := l.eng.Active(l.state)
	if len(active) != 1 || int(active[0]) >= len(l.t.Seats) || l.t.Seats[active[0]].Bot {
		return nil, 0, false
	}
	plans := planner(ctxFor(l, l.t.Locale, games.Spectator), l.eng.View(l.state, games.Spectator), maxVotePlans)
	if len(plans) == 0 {
		return nil, 0, false
	}
	return plans, active[0], true
}

// ballots are the table's ballots for its current version, of members
// still seated (a seat handed over or resigned takes its vote with it).
func ballots(t *data.Table) []data.Ballot {
	if t.Vote == nil || t.Vote.Version != t.Version {
		return nil
	}
	players := t.Players()
	return slices.DeleteFunc(slices.Clone(t.Vote.Ballots), func(b data.Ballot) bool { return !slices.Contains(players, b.User) })
}

// voteMessageID is the message showing the vote, if any.
func voteMessageID(t *data.Table) string {
	if t.Vote == nil {
		return ""
	}
	return t.Vote.MessageID
}

// votersOf names the members who voted for plan, in voting order.
func votersOf(t *data.Table, bs []data.Ballot, plan int) []string {
	var out []string
	for _, b := range bs {
		if b.Plan == plan {
			out = append(out, userName(t, b.User))
		}
	}
	return out
}

// userName is a player's name at the table (their first seat's).
func userName(t *data.Table, userID string) string {
	if seats := t.SeatsOf(userID); len(seats) > 0 {
		return t.Seats[seats[0]].Name
	}
	return "?"
}

// leading is the plan with the most votes; a tie goes to the plan the
// acting soldier's player chose, else to the engine's better one.
func leading(bs []data.Ballot, actorUser string) (int, bool) {
	count := map[int]int{}
	for _, b := range bs {
		count[b.Plan]++
	}
	best, ok := -1, false
	for p, n := range count {
		if !ok || n > count[best] || n == count[best] && p < best {
			best, ok = p, true
		}
	}
	for _, b := range bs {
		if b.User == actorUser && count[b.Plan] == count[best] {
			return b.Plan, true
		}
	}
	return best, ok
}

// voteMessage is the open vote with its buttons: each plan with who
// chose it (names, never pings); false when no vote is open.
func voteMessage(l *loaded) (render.Message, bool) {
	plans, actor, ok := votePlans(l)
	if !ok {
		return render.Message{}, false
	}
	ctx := ctxFor(l, l.t.Locale, games.Spectator)
	bs := ballots(l.t)
	who := ctx.Name(actor)
	lines := []string{ctx.T("core.vote.title", "Who", who)}
	var row []discordgo.MessageComponent
	for i, p := range plans {
		if names := votersOf(l.t, bs, i); len(names) > 0 {
			lines = append(lines, ctx.T("core.vote.line", "N", i+1, "Plan", p.Text, "Count", len(names), "Who", strings.Join(names, ", ")))
		} else {
			lines = append(lines, ctx.T("core.vote.line_none", "N", i+1, "Plan", p.Text))
		}
		row = append(row, discordgo.Button{Label: render.Clip(fmt.Sprintf("%d. %s", i+1, p.Text), 80),
			Style: discordgo.SecondaryButton, CustomID: l.ids().enc(KindVote, strconv.Itoa(i))})
	}
	lines = append(lines, ctx.T("core.vote.rule", "Count", len(l.t.Players())/2+1, "Who", who))
	return render.Fit(render.Message{
		Content: strings.Join(lines, "\n"),
		Components: []discordgo.MessageComponent{
			discordgo.ActionsRow{Components: row},
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{
				Label: ctx.T("core.vote.go"), Style: discordgo.SuccessButton, CustomID: l.ids().enc(KindVote, voteGo)}}},
		},
	}), true
}

// voteClick is a vote or "go with the vote": answered by updating the
// vote message, or by carrying out the plan when it has a majority.
func (s *Service) voteClick(req Request, l *loaded, id CustomID) Response {
	if l.t.Paused() {
		return private(req, "core.pause.paused")
	}
	seats := l.t.SeatsOf(req.User.ID)
	if len(seats) == 0 {
		return private(req, "core.vote.not_team")
	}
	if id.Version != l.t.Version {
		return s.stale(req, l)
	}
	if req.OnPrivateMessage || req.MessageID == "" || req.MessageID != voteMessageID(l.t) {
		return private(req, "core.err.bad_button")
	}
	plans, actor, ok := votePlans(l)
	if !ok {
		return private(req, "core.vote.closed")
	}
	bs := ballots(l.t)
	actorUser := l.t.Seats[actor].UserID
	if id.Payload == voteGo {
		if req.User.ID != actorUser {
			return private(req, "core.vote.only_soldier", "Who", l.t.Seats[actor].Name)
		}
		pick, ok := leading(bs, actorUser)
		if !ok || pick >= len(plans) {
			return private(req, "core.vote.none")
		}
		return s.carryOut(req, l, actor, plans[pick], votersOf(l.t, bs, pick))
	}
	pick, err := strconv.Atoi(id.Payload)
	if err != nil || pick < 0 || pick >= len(plans) {
		return private(req, "core.err.bad_button")
	}
	bs = slices.DeleteFunc(bs, func(b data.Ballot) bool { return b.User == req.User.ID })
	bs = append(bs, data.Ballot{User: req.User.ID, Plan: pick})
	if names := votersOf(l.t, bs, pick); 2*len(names) > len(l.t.Players()) {
		return s.carryOut(req, l, actor, plans[pick], names)
	}
	nt := *l.t
	nt.Vote = &data.Vote{Version: nt.Version, MessageID: voteMessageID(l.t), Ballots: bs}
	if err := s.store.Update(&nt, l.t.Version); err != nil {
		return s.refused(req, l, err)
	}
	*l.t = nt
	msg, _ := voteMessage(l)
	s.log.Info().Str("table", nt.ID).Int64("version", nt.Version).Int("plan", pick).Msg("vote")
	return Response{Reply: Reply{Kind: ReplyUpdate, Message: msg}}
}

// carryOut applies the chosen plan as the acting seat, in one commit
// through the engine's gate, and turns the vote message into its record.
func (s *Service) carryOut(req Request, l *loaded, actor games.Seat, p render.Plan, voters []string) Response {
	// The clicked message becomes the record below; the new turn's vote
	// is a new message (EffectVote), so this one is not touched again.
	nv := data.Vote{}
	l.t.Vote = &nv
	res, err := s.act(l, actor, req.User.ID, p.Actions...)
	if err != nil {
		return s.refused(req, l, err)
	}
	s.log.Info().Str("table", l.t.ID).Int64("version", l.t.Version).Int("seat", int(actor)).Int("bot_moves", len(res.entries)-len(p.Actions)).Msg("team vote carried out")
	ctx := ctxFor(l, l.t.Locale, games.Spectator)
	msg := render.Fit(render.Message{Content: ctx.T("core.vote.done", "Plan", p.Text, "Who", strings.Join(voters, ", "))})
	return Response{Table: l.t.ID, Reply: Reply{Kind: ReplyUpdate, Message: msg}}
}

// deliverVote brings the vote message up to date: a new one below a new
// board (e.Ping), the same one edited while the turn goes on, and the
// old one's buttons taken off when no vote is open any more.
func (s *Service) deliverVote(ctx context.Context, t *data.Table, e data.Effect, c Courier) error {
	l, err := s.decode(t)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrUndrawn, err)
	}
	msg, open := voteMessage(l)
	old := voteMessageID(t)
	if old != "" && (e.Ping || !open) {
		if err := c.Strip(ctx, t.PlayChannel(), old); err != nil && !errors.Is(err, ErrGone) {
			return err
		}
		old = ""
	}
	nv := data.Vote{Version: t.Version, Ballots: ballots(t)}
	if open && old != "" {
		err := c.Edit(ctx, t.PlayChannel(), old, msg)
		if !errors.Is(err, ErrGone) {
			if err == nil {
				nv.MessageID = old
				t.Vote = &nv
			}
			return err
		}
	}
	if open {
		id, err := c.Post(ctx, t.PlayChannel(), msg, t.Nonce(e))
		if err != nil {
			return err
		}
		nv.MessageID = id
	}
	if open || t.Vote != nil {
		t.Vote = &nv
	}
	return nil
}
