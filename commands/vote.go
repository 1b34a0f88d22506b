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
// acting soldier (catalog.Module.Plans). A plan a majority of the team's
// humans chose is carried out at once, through the same gate as a click;
// the acting soldier's player may instead play any move on the board (the
// vote is advice), or close the vote with the plan in the lead. Any
// member may also propose another of the acting soldier's legal moves
// from the vote's select ("Propose another move", labelled as the board's
// menu labels it); a proposal becomes an option like a plan, with the
// proposer's vote on it. Ballots and proposals live in the table record
// (data.Vote) for one table version: any move makes them void.
//
// Buttons, not a native Discord poll: a poll's answers carry no ids
// (votes would have to be matched back by text), its votes arrive only
// as gateway events behind the message-poll intent (never through the
// HTTP interactions endpoint), it lasts at least an hour and cannot be
// reopened for the next state, and it gives no per-click reply to refuse
// a stale or outside vote.

// KindVote's other payloads.
const (
	voteGo      = "go"
	votePropose = "pa"
	voteGroups  = "pg"
)

// maxVotePlans is how many plans a vote offers: one row of buttons.
const maxVotePlans = 5

// maxProposals is how many proposals a vote holds: one row of buttons.
// With the plans, "Go with the vote" and the select that is four of the
// five action rows a message may have (developers/components/reference.mdx
// "Action Row": five buttons or one select per row; legacy messages allow
// five rows).
const maxProposals = 5

// proposalBase is the option index of the first proposal: plans and
// proposals keep apart, however many plans the engine gives.
const proposalBase = maxVotePlans

// voteOption is one thing the team can vote for: an engine plan, or a
// member's proposal (by names the proposer).
type voteOption struct {
	index int
	plan  render.Plan
	by    string
}

// votePlans are the plans the team votes on now, and the seat that
// would carry them out; false when no vote is open: the game suggests no
// plans, fewer than two humans play, or not exactly one human seat acts.
func votePlans(l *loaded) ([]render.Plan, games.Seat, bool) {
	if l.t.Status != data.StatusPlaying || l.state == nil || len(l.t.Players()) < 2 {
		return nil, 0, false
	}
	planner := l.mod.Plans
	if planner == nil {
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

// proposals are the table's proposals for its current version.
func proposals(t *data.Table) []data.Proposal {
	if t.Vote == nil || t.Vote.Version != t.Version {
		return nil
	}
	return t.Vote.Proposals
}

// proposable are the acting seat's choices a member may propose, as the
// board's menu labels them: none when the game keeps that seat's menu
// private (games.Secrets), and never a form (its typed text has no place
// in a vote) or an action too long for a select's value.
func proposable(l *loaded, actor games.Seat) []render.Choice {
	g := l.mod.Renderer
	if g == nil || l.eng.PrivateChoices(l.state, actor) {
		return nil
	}
	legal := l.eng.Legal(l.state, actor)
	if len(legal) == 0 {
		return nil
	}
	m := g.Menu(ctxFor(l, l.t.Locale, actor), l.eng.View(l.state, actor), legal)
	var out []render.Choice
	for _, c := range m.Choices {
		if _, form := l.eng.TextRule(c.Action.Verb); form || c.Label == "" || len(c.Action.String()) > render.MaxOptionValue {
			continue
		}
		out = append(out, c)
	}
	return out
}

// voteOptions are the plans and then the proposals still legal, with
// their option indexes.
func voteOptions(plans []render.Plan, props []data.Proposal, choices []render.Choice) []voteOption {
	var out []voteOption
	for i, p := range plans {
		out = append(out, voteOption{index: i, plan: p})
	}
	for i, p := range props {
		for _, c := range choices {
			if c.Action.String() == p.Action {
				out = append(out, voteOption{index: proposalBase + i, plan: render.Plan{Text: c.Label, Actions: []games.Action{c.Action}}, by: p.User})
				break
			}
		}
	}
	return out
}

// optionAt is the option with index i.
func optionAt(opts []voteOption, i int) (voteOption, bool) {
	for _, o := range opts {
		if o.index == i {
			return o, true
		}
	}
	return voteOption{}, false
}

// offered is the option that is exactly action a (a one-move plan or a
// proposal), if any.
func offered(opts []voteOption, a games.Action) (voteOption, bool) {
	for _, o := range opts {
		if len(o.plan.Actions) == 1 && o.plan.Actions[0].Equal(a) {
			return o, true
		}
	}
	return voteOption{}, false
}

// unoffered are the choices no option is yet.
func unoffered(opts []voteOption, choices []render.Choice) []render.Choice {
	var out []render.Choice
	for _, c := range choices {
		if _, ok := offered(opts, c.Action); !ok {
			out = append(out, c)
		}
	}
	return out
}

// openVote is the vote open now: its options, the seat that would carry
// them out and the moves members may still propose; false when no vote
// is open.
func openVote(l *loaded) ([]voteOption, games.Seat, []render.Choice, bool) {
	plans, actor, ok := votePlans(l)
	if !ok {
		return nil, 0, nil, false
	}
	choices := proposable(l, actor)
	opts := voteOptions(plans, proposals(l.t), choices)
	return opts, actor, unoffered(opts, choices), true
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

// voteMessage is the open vote with its components: each plan and
// proposal with who proposed it and who chose it (names, never pings),
// and the select to propose another move; false when no vote is open.
func voteMessage(l *loaded) (render.Message, bool) {
	opts, actor, rest, ok := openVote(l)
	if !ok {
		return render.Message{}, false
	}
	rc := ctxFor(l, l.t.Locale, games.Spectator)
	bs := ballots(l.t)
	who := rc.Name(actor)
	lines := []string{rc.T("core.vote.title", "Who", who)}
	var plans, props []discordgo.MessageComponent
	for n, o := range opts {
		text := o.plan.Text
		if o.by != "" {
			text = rc.T("core.vote.proposal", "Plan", text, "Who", userName(l.t, o.by))
		}
		if names := votersOf(l.t, bs, o.index); len(names) > 0 {
			lines = append(lines, rc.T("core.vote.line", "N", n+1, "Plan", text, "Count", len(names), "Who", strings.Join(names, ", ")))
		} else {
			lines = append(lines, rc.T("core.vote.line_none", "N", n+1, "Plan", text))
		}
		b := discordgo.Button{Label: render.Clip(fmt.Sprintf("%d. %s", n+1, o.plan.Text), 80),
			Style: discordgo.SecondaryButton, CustomID: l.ids().enc(KindVote, strconv.Itoa(o.index))}
		if o.by != "" {
			props = append(props, b)
		} else {
			plans = append(plans, b)
		}
	}
	lines = append(lines, rc.T("core.vote.rule", "Count", len(l.t.Players())/2+1, "Who", who))
	rows := []discordgo.MessageComponent{discordgo.ActionsRow{Components: plans}}
	if len(props) > 0 {
		rows = append(rows, discordgo.ActionsRow{Components: props})
	}
	rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{
		Label: rc.T("core.vote.go"), Style: discordgo.SuccessButton, CustomID: l.ids().enc(KindVote, voteGo)}}})
	if sel, ok := proposeSelect(rc, l, rest, len(props)); ok {
		lines = append(lines, rc.T("core.vote.propose_rule"))
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{sel}})
	}
	return render.Fit(render.Message{Content: strings.Join(lines, "\n"), Components: rows}), true
}

// proposeSelect is "Propose another move": the moves no option is yet,
// while the vote has room for a proposal. A select holds 25 options
// (developers/components/reference.mdx "String Select"), so when there
// are more it lists the menu's groups instead (as the board's own menu
// narrows: Move, Action, Clear...), and the group picked opens privately
// with its moves, 25 to a select.
func proposeSelect(rc render.Audience, l *loaded, rest []render.Choice, proposed int) (discordgo.SelectMenu, bool) {
	if len(rest) == 0 || proposed >= maxProposals {
		return discordgo.SelectMenu{}, false
	}
	placeholder := render.Clip(rc.T("core.vote.propose"), 150)
	if len(rest) <= render.MaxSelectOptions {
		return discordgo.SelectMenu{CustomID: l.ids().enc(KindVote, votePropose), Placeholder: placeholder, Options: choiceOptions(rest)}, true
	}
	var opts []discordgo.SelectMenuOption
	for i, g := range render.Groups(rc, render.Menu{Choices: rest}) {
		if i == render.MaxSelectOptions {
			break
		}
		opts = append(opts, discordgo.SelectMenuOption{Label: render.Clip(g.Prompt, render.MaxOptionValue), Value: strconv.Itoa(i),
			Description: render.Clip(rc.T("core.vote.group_moves", "Count", len(g.Choices)), render.MaxOptionValue)})
	}
	return discordgo.SelectMenu{CustomID: l.ids().enc(KindVote, voteGroups), Placeholder: placeholder, Options: opts}, true
}

// choiceOptions are choices as select options (the caller keeps them
// within the 25 a select takes).
func choiceOptions(cs []render.Choice) []discordgo.SelectMenuOption {
	var out []discordgo.SelectMenuOption
	for _, c := range cs {
		o := discordgo.SelectMenuOption{Label: render.Clip(c.Label, render.MaxOptionValue), Value: c.Action.String(),
			Description: render.Clip(c.Description, render.MaxOptionValue)}
		if c.Emoji != "" {
			o.Emoji = &discordgo.ComponentEmoji{Name: c.Emoji}
		}
		out = append(out, o)
	}
	return out
}

// voteClick is a vote, "go with the vote" or a proposal: answered by
// updating the vote message, or by carrying out the option when it has
// a majority.
func (s *Service) voteClick(ctx context.Context, req Request, l *loaded, id CustomID) Response {
	if l.t.Paused() {
		return private(req, "core.pause.paused")
	}
	seats := l.t.SeatsOf(req.User.ID)
	if len(seats) == 0 {
		return private(req, "core.vote.not_team")
	}
	if id.Version != l.t.Version {
		return s.stale(ctx, req, l)
	}
	// Everything but a proposal from a group's private menu is on the
	// vote message itself.
	onVote := !req.OnPrivateMessage && req.MessageID != "" && req.MessageID == voteMessageID(l.t)
	if !onVote && !(req.OnPrivateMessage && id.Payload == votePropose) {
		return private(req, "core.err.bad_button")
	}
	opts, actor, rest, ok := openVote(l)
	if !ok {
		return private(req, "core.vote.closed")
	}
	bs := ballots(l.t)
	actorUser := l.t.Seats[actor].UserID
	switch id.Payload {
	case voteGo:
		if req.User.ID != actorUser {
			return private(req, "core.vote.only_soldier", "Who", l.t.Seats[actor].Name)
		}
		pick, ok := leading(bs, actorUser)
		o, found := optionAt(opts, pick)
		if !ok || !found {
			return private(req, "core.vote.none")
		}
		return s.carryOut(ctx, req, l, actor, o.plan, votersOf(l.t, bs, pick))
	case voteGroups:
		return s.proposeGroup(req, l, actor, rest)
	case votePropose:
		return s.propose(ctx, req, l, actor, opts, rest)
	}
	pick, err := strconv.Atoi(id.Payload)
	if _, found := optionAt(opts, pick); err != nil || !found {
		return private(req, "core.err.bad_button")
	}
	return s.cast(ctx, req, l, actor, opts, pick, nil)
}

// cast records req's member's ballot for option pick (and a proposal
// that comes with it), or carries the option out when that makes a
// majority of the team's people.
func (s *Service) cast(ctx context.Context, req Request, l *loaded, actor games.Seat, opts []voteOption, pick int, proposal *data.Proposal) Response {
	bs := slices.DeleteFunc(ballots(l.t), func(b data.Ballot) bool { return b.User == req.User.ID })
	bs = append(bs, data.Ballot{User: req.User.ID, Plan: pick})
	o, _ := optionAt(opts, pick)
	if names := votersOf(l.t, bs, pick); 2*len(names) > len(l.t.Players()) {
		return s.carryOut(ctx, req, l, actor, o.plan, names)
	}
	nv := data.Vote{Version: l.t.Version, MessageID: voteMessageID(l.t), Ballots: bs, Proposals: proposals(l.t)}
	if proposal != nil {
		nv.Proposals = append(slices.Clip(nv.Proposals), *proposal)
	}
	err := s.mutate(ctx, l.t, func(nt *data.Table) ([]data.LogEntry, error) {
		nt.Vote = &nv
		if req.OnPrivateMessage {
			// The vote message is not the clicked one: it is edited through
			// the outbox, and the private menu says what was done.
			nt.Owe(s.Now().UTC(), data.Effect{Kind: data.EffectVote})
		}
		return nil, nil
	})
	if err != nil {
		return s.refused(ctx, req, l, err)
	}
	nt := l.t
	s.log.Info().Str("table", nt.ID).Int64("version", nt.Version).Int("plan", pick).Bool("proposal", proposal != nil).Msg("vote")
	if req.OnPrivateMessage {
		text := o.plan.Text
		if proposal == nil { // a move already offered: a vote for it
			return Response{Table: nt.ID, Reply: Reply{Kind: ReplyUpdate, Message: render.Notice(userCtx(req), "core.vote.voted", "Plan", text)}}
		}
		return Response{Table: nt.ID, Reply: Reply{Kind: ReplyUpdate, Message: render.Notice(userCtx(req), "core.vote.proposed", "Plan", text)}}
	}
	msg, _ := voteMessage(l)
	return Response{Reply: Reply{Kind: ReplyUpdate, Message: msg}}
}

// propose puts the acting seat's move in the select's value to the vote
// with the proposer's ballot on it; a move already offered is a vote for
// that option. Only a move the acting seat may make now is taken.
func (s *Service) propose(ctx context.Context, req Request, l *loaded, actor games.Seat, opts []voteOption, rest []render.Choice) Response {
	if len(req.Values) != 1 {
		return private(req, "core.err.bad_button")
	}
	a, err := games.ParseAction(req.Values[0])
	if err != nil || a.Text != "" {
		return private(req, "core.err.bad_button")
	}
	if o, ok := offered(opts, a); ok {
		return s.cast(ctx, req, l, actor, opts, o.index, nil)
	}
	i := slices.IndexFunc(rest, func(c render.Choice) bool { return c.Action.Equal(a) })
	if i < 0 {
		return private(req, "core.err.bad_button")
	}
	props := proposals(l.t)
	if len(props) >= maxProposals {
		return private(req, "core.vote.full")
	}
	p := data.Proposal{User: req.User.ID, Action: a.String()}
	o := voteOption{index: proposalBase + len(props), plan: render.Plan{Text: rest[i].Label, Actions: []games.Action{a}}, by: req.User.ID}
	return s.cast(ctx, req, l, actor, append(slices.Clip(opts), o), o.index, &p)
}

// proposeGroup answers the group select privately with that group's
// moves, 25 to a select, in the member's language; the pick is a
// proposal (votePropose) for this version.
func (s *Service) proposeGroup(req Request, l *loaded, actor games.Seat, rest []render.Choice) Response {
	if len(req.Values) != 1 {
		return private(req, "core.err.bad_button")
	}
	i, err := strconv.Atoi(req.Values[0])
	if err != nil {
		return private(req, "core.err.bad_button")
	}
	// The labels in the member's language: the same moves, in the same
	// order, as the table's language numbered the groups.
	own := proposableIn(l, actor, req.Locale, rest)
	gm, ok := render.GroupMenu(render.Menu{Choices: own}, i)
	if !ok {
		return private(req, "core.err.bad_button")
	}
	rc := userCtx(req)
	var rows []discordgo.MessageComponent
	for cs := gm.Choices; len(cs) > 0 && len(rows) < render.MaxRows; {
		n := min(len(cs), render.MaxSelectOptions)
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			CustomID: l.ids().enc(KindVote, votePropose), Placeholder: render.Clip(rc.T("core.vote.propose"), 150), Options: choiceOptions(cs[:n])}}})
		cs = cs[n:]
	}
	msg := render.Fit(render.Message{Content: rc.T("core.vote.propose_pick", "Who", ctxFor(l, req.Locale, games.Spectator).Name(actor)), Components: rows})
	return Response{Reply: Reply{Kind: ReplyPrivate, Message: msg}}
}

// proposableIn are the choices of rest labelled in locale.
func proposableIn(l *loaded, actor games.Seat, locale string, rest []render.Choice) []render.Choice {
	g := l.mod.Renderer
	var legal []games.Action
	for _, c := range rest {
		legal = append(legal, c.Action)
	}
	m := g.Menu(ctxFor(l, locale, actor), l.eng.View(l.state, actor), legal)
	return m.Choices
}

// carryOut applies the chosen plan as the acting seat, in one commit
// through the engine's gate, and turns the vote message into its record:
// the clicked message's update, or, when the majority came from a
// private menu, an edit owed before the new board.
func (s *Service) carryOut(ctx context.Context, req Request, l *loaded, actor games.Seat, p render.Plan, voters []string) Response {
	rc := ctxFor(l, l.t.Locale, games.Spectator)
	done := rc.T("core.vote.done", "Plan", p.Text, "Who", strings.Join(voters, ", "))
	// The new turn's vote is a new message (EffectVote), so the old one
	// is not touched again once it is the record.
	nv := data.Vote{}
	if req.OnPrivateMessage {
		nv.MessageID = voteMessageID(l.t)
		l.t.Owe(s.Now().UTC(), data.Effect{Kind: data.EffectVote, Text: done})
	}
	l.t.Vote = &nv
	res, err := s.act(ctx, l, actor, req.User.ID, p.Actions...)
	if err != nil {
		return s.refused(ctx, req, l, err)
	}
	s.log.Info().Str("table", l.t.ID).Int64("version", l.t.Version).Int("seat", int(actor)).Int("bot_moves", len(res.entries)-len(p.Actions)).Msg("team vote carried out")
	if req.OnPrivateMessage {
		return s.menuAfter(req, l, &res, len(p.Actions))
	}
	return Response{Table: l.t.ID, Reply: Reply{Kind: ReplyUpdate, Message: render.Fit(render.Message{Content: done})}}
}

// deliverVote brings the vote message up to date: a new one below a new
// board (e.Ping), the same one edited while the turn goes on, and the
// old one's buttons taken off when no vote is open any more.
func (s *Service) deliverVote(ctx context.Context, t *data.Table, e data.Effect, c Courier) error {
	l, err := s.decode(t)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrUndrawn, err)
	}
	old := voteMessageID(t)
	if e.Text != "" {
		// The vote was carried out from a private menu: its message
		// becomes the record (e.Text), and the next vote is a new one.
		if old != "" {
			if err := c.Edit(ctx, t.PlayChannel(), old, render.Fit(render.Message{Content: e.Text})); err != nil && !errors.Is(err, ErrGone) {
				return err
			}
		}
		t.Vote = &data.Vote{}
		return nil
	}
	msg, open := voteMessage(l)
	if old != "" && (e.Ping || !open) {
		if err := c.Strip(ctx, t.PlayChannel(), old); err != nil && !errors.Is(err, ErrGone) {
			return err
		}
		old = ""
	}
	nv := data.Vote{Version: t.Version, Ballots: ballots(t), Proposals: proposals(t)}
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
		id, err := postVote(ctx, t, e, msg, c)
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

// postVote posts a new vote message, as a reply to the click that
// brought it where the courier can: the moves that follow edit it through
// that click's token, with no call bound to the global rate limit (issue
// 27), for as long as the token lives; then through the channel.
func postVote(ctx context.Context, t *data.Table, e data.Effect, msg render.Message, c Courier) (string, error) {
	if rp, ok := c.(ReplyPoster); ok {
		if id, ok, err := rp.PostReply(ctx, t.PlayChannel(), msg); ok {
			return id, err
		}
	}
	return c.Post(ctx, t.PlayChannel(), msg, t.Nonce(e))
}
