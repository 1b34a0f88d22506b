package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/rs/zerolog"

	"github.com/warroom/warroom/commands"
	"github.com/warroom/warroom/render"
)

// handleTimeout bounds the work for one interaction; the token itself
// lasts 15 minutes.
const handleTimeout = 60 * time.Second

// onEvent takes INTERACTION_CREATE from the raw gateway dispatch, which
// the sessions leave undecoded (RawEvents): readInteraction decodes it.
func (b *Bot) onEvent(s *discordgo.Session, e *discordgo.Event) {
	if e.Type != "INTERACTION_CREATE" {
		return
	}
	i, x, err := readInteraction(e.RawData)
	if err != nil {
		b.log.Warn().Err(err).Msg("undecodable INTERACTION_CREATE")
		return
	}
	// A resumed session may dispatch an event again; an interaction is
	// acted on once. Its id is kept as long as an HTTP one's would be.
	expires := time.Now().Add(SignatureWindow)
	if b.svc.SoleWriter {
		if !b.gateway.first(i.ID, expires) {
			b.log.Warn().Str("interaction", i.ID).Msg("INTERACTION_CREATE not acted on: dispatched again")
			return
		}
	} else {
		ctx, cancel := context.WithTimeout(context.Background(), ackWait)
		ref := b.first(ctx, i.ID, expires)
		cancel()
		if ref != nil {
			b.log.Warn().Str("interaction", i.ID).Msg("INTERACTION_CREATE not acted on: " + ref.why)
			return
		}
	}
	b.onInteraction(s, i, x)
}

// seenIDs are the gateway interactions this process has acted on, until
// they expire. On a store this process alone writes (a bbolt file,
// commands.Service.SoleWriter) a gateway event can come again only from
// this process's own sessions: a resumed session is sent the events after
// the last sequence number it received (developers/events/gateway.mdx,
// "Resuming"), and a new process identifies afresh and is sent none from
// before. So there the ids are kept here, and a click's move is its only
// write: one fsync a click, not two. On a shared store (replicas on
// PostgreSQL) the store keeps them (Bot.first).
type seenIDs struct {
	mu  sync.Mutex
	ids map[string]time.Time
}

// first records id until expires and reports whether it is new.
func (s *seenIDs) first(id string, expires time.Time) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.ids[id]; ok {
		return false
	}
	if s.ids == nil {
		s.ids = map[string]time.Time{}
	}
	s.ids[id] = expires
	return true
}

// forget drops the ids that expired before the given time.
func (s *seenIDs) forget(before time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for id, exp := range s.ids {
		if exp.Before(before) {
			delete(s.ids, id)
		}
	}
}

func (b *Bot) onInteraction(s *discordgo.Session, i *discordgo.Interaction, x interactionExtras) {
	if !b.begin() {
		return // shutting down: Discord shows "interaction failed", nothing is applied
	}
	defer b.inflight.Done()
	busy := b.handling.Add(1) > burst
	defer b.handling.Add(-1)
	ctx, cancel := context.WithTimeout(context.Background(), handleTimeout)
	defer cancel()
	start := time.Now()
	req, ok := requestOf(i, x)
	if !ok {
		return // PING, and interactions of other kinds
	}
	log := b.log.With().Str("interaction", i.ID).Str("user", req.User.ID).Str("channel", req.ChannelID).Logger()
	result := "error" // until an answer is sent
	defer func() { b.cfg.Metrics.observeInteraction(kindName[req.Kind], result, time.Since(start)) }()

	// Discord's 3-second deadline: a click is acknowledged (type 6) once
	// its move is stored, or at its reply budget, and its message edited
	// afterwards (clickCommitted). A command is answered directly when it
	// is ready within fastReply, so private answers can be ephemeral;
	// otherwise it is deferred, and in a burst at once (commandAnswered).
	c := &ixCourier{b: b, i: i, req: req}
	switch {
	case commands.OpensForm(req):
		result = b.openForm(ctx, c)
		log.Debug().Dur("total", time.Since(start)).Str("custom_id", commands.LogSafe(req.CustomID)).Msg("form opened")
		return
	case req.Kind == commands.ModalSubmit && req.MessageID == "":
		// Not from a message's button: warroom opens none such. It is
		// answered privately (type 5 then the edit).
		if err := s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}}); err != nil {
			log.Error().Err(err).Msg("acknowledge modal")
			return
		}
		c.state = deferredPrivate
	case req.Kind == commands.Component, req.Kind == commands.ModalSubmit:
		resp, ok := b.clickCommitted(ctx, c)
		if !ok {
			return
		}
		result = resultOf(resp)
		b.respond(ctx, c, resp)
		log.Debug().Dur("total", time.Since(start)).Str("custom_id", commands.LogSafe(req.CustomID)).Msg("click done")
		return
	case req.Kind == commands.SlashCommand:
		resp, ok := b.commandAnswered(ctx, c, busy)
		if !ok {
			return
		}
		result = resultOf(resp)
		b.respond(ctx, c, resp)
		log.Debug().Dur("total", time.Since(start)).Str("command", req.Command).Msg("command answered")
		return
	}
	ackDur := time.Since(start)
	resp := b.svc.Handle(ctx, req)
	result = resultOf(resp)
	b.respond(ctx, c, resp)
	log.Debug().Dur("ack", ackDur).Dur("total", time.Since(start)).Str("custom_id", commands.LogSafe(req.CustomID)).Str("command", req.Command).Msg("interaction done")
}

// commandAnswered handles a slash command. Ready within its reply budget,
// its answer is the interaction's direct response (ok, c.state unset);
// otherwise the command is deferred (type 5, ephemeral for a private
// command) and the answer edits the deferral. With more than burst
// interactions in hand it is deferred before any work. ok is false if the
// deferral failed.
func (b *Bot) commandAnswered(ctx context.Context, c *ixCourier, busy bool) (commands.Response, bool) {
	done := make(chan commands.Response, 1)
	handle := func() { done <- b.svc.Handle(ctx, c.req) }
	if !busy {
		go handle()
		select {
		case resp := <-done:
			return resp, true
		case <-time.After(replyBudget(c.i.ID, time.Now())):
		}
	}
	privateCmd := commands.PrivateCommand(c.req)
	ack := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}
	if privateCmd {
		ack.Data = &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}
	}
	if err := b.s.InteractionRespond(c.i, ack); err != nil {
		b.log.Error().Err(err).Str("interaction", c.i.ID).Msg("acknowledge command")
		return commands.Response{}, false
	}
	c.state = deferredPublic
	if privateCmd {
		c.state = deferredPrivate
	}
	if busy {
		handle() // only now: the deferral went out first
	}
	return <-done, true
}

// clickCommitted handles a click (or a modal submitted from a message's
// button) and then acknowledges it as a click is (type 6), its message
// edited afterwards. The move is committed before the acknowledgement,
// so a process killed in between leaves an unacknowledged click (Discord
// shows it failed, and the player clicks again), never an acknowledged
// one that was not applied. If the work takes longer than replyBudget,
// the click is acknowledged first, as Discord's 3 seconds require, and
// the work finishes afterwards. ok is false if the acknowledgement failed.
func (b *Bot) clickCommitted(ctx context.Context, c *ixCourier) (resp commands.Response, ok bool) {
	done := make(chan commands.Response, 1)
	go func() { done <- b.svc.Handle(ctx, c.req) }()
	budget := time.NewTimer(replyBudget(c.i.ID, time.Now()))
	defer budget.Stop()
	handled := false
	select {
	case resp = <-done:
		handled = true
	case <-budget.C:
	}
	if err := b.s.InteractionRespond(c.i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}); err != nil {
		b.log.Error().Err(err).Str("interaction", c.i.ID).Msg("acknowledge component")
		return resp, false
	}
	c.state = deferredUpdate
	if c.req.MessageID != "" && !c.req.OnPrivateMessage {
		b.tokens.remember(c.req.MessageID, c.i, time.Now())
	}
	if !handled {
		resp = <-done
	}
	return resp, true
}

// formBudget is how long after Discord created a form's click its modal
// may still be built: a modal cannot be deferred (it is itself the
// initial response, and the deferred types 5 and 6 are messages:
// developers/interactions/receiving-and-responding.mdx, "Interaction
// Callback Type"), so the callback must leave within Discord's 3 seconds,
// with room for its round trip.
const formBudget = 2 * time.Second

// openForm answers a form's button with its modal (commands.OpensForm).
// The service builds it from a read of the table, without its lock; if a
// busy store or processor keeps that past formBudget, the click is
// answered privately that the form could not open in time, rather than
// not at all ("This interaction failed"). It returns the metric's result.
func (b *Bot) openForm(ctx context.Context, c *ixCourier) string {
	done := make(chan commands.Response, 1)
	go func() { done <- b.svc.Handle(ctx, c.req) }()
	budget := time.NewTimer(budgetFrom(c.i.ID, formBudget, time.Now()))
	defer budget.Stop()
	select {
	case resp := <-done:
		b.respond(ctx, c, resp)
		return resultOf(resp)
	case <-budget.C:
		b.log.Warn().Str("interaction", c.i.ID).Msg("form not built in time; answered busy")
		logErr(b.log, c.private(b.svc.Notice(c.req, "core.err.form_busy")), "form busy")
		return "answered"
	}
}

// kindName labels the interaction metric.
var kindName = map[commands.RequestKind]string{commands.SlashCommand: "command", commands.Component: "component", commands.Autocomplete: "autocomplete", commands.ModalSubmit: "modal"}

// resultOf: "changed" when the answer changed a table (an accepted move, a
// lobby joined), "answered" otherwise (a refusal, a stale click, a menu).
func resultOf(resp commands.Response) string {
	if resp.Table != "" {
		return "changed"
	}
	return "answered"
}

// fastReply is how long after Discord created a command it may still be
// answered directly (type 4) rather than deferred: well inside Discord's
// 3 seconds, leaving room for the answer's own upload on a busy machine.
const fastReply = time.Second

// burst is how many interactions the bot may have in hand before a new
// command is deferred at once, before any work on it, as a click is: with
// more, its answer waits for the others' CPU, and waiting fastReply first
// leaves too little of Discord's 3 seconds for the deferral itself
// (TestE2ELoadManyTables: 200 /play at once under -race).
const burst = 4

// replyBudget is how long to wait for a command's answer before deferring
// it: fastReply counted from the interaction's creation, which its
// snowflake id records (developers/reference.mdx, "Snowflakes"), so time
// the interaction spent reaching the bot is not spent twice. A clock
// behind Discord's counts as no delay.
func replyBudget(interactionID string, now time.Time) time.Duration {
	return budgetFrom(interactionID, fastReply, now)
}

// budgetFrom is what is left of d counted from the interaction's creation.
func budgetFrom(interactionID string, d time.Duration, now time.Time) time.Duration {
	created, err := discordgo.SnowflakeTimestamp(interactionID)
	if err != nil {
		return d
	}
	age := max(now.Sub(created), 0)
	return max(d-age, 0)
}

// interactionExtras are the interaction fields discordgo does not decode,
// or decodes without telling "absent" from zero
// (developers/interactions/receiving-and-responding.mdx, "Interaction Object").
type interactionExtras struct {
	Channel        *partialChannel `json:"channel"`
	AppPermissions *string         `json:"app_permissions"`
}

// partialChannel is what an interaction tells of its channel.
type partialChannel struct {
	Type     discordgo.ChannelType `json:"type"`
	ParentID string                `json:"parent_id"`
}

// wireInteraction is an interaction as Discord sends it, decoded in one
// pass: discordgo's fields, the extras, and of the message a component
// sits on only what the bot reads (its id and flags). discordgo decodes
// all of that message (a board: content, embeds, components,
// attachments) several times over, once per nested UnmarshalJSON; that
// was three quarters of the cost of reading a click.
type wireInteraction struct {
	plainInteraction
	// The extras, read apart: a malformed one is ignored, not fatal.
	Channel        json.RawMessage `json:"channel"`
	AppPermissions json.RawMessage `json:"app_permissions"` // shadows discordgo's
	Data           json.RawMessage `json:"data"`
	Message        *struct {
		ID    string                 `json:"id"`
		Flags discordgo.MessageFlags `json:"flags"`
	} `json:"message"`
}

// plainInteraction is discordgo.Interaction without its UnmarshalJSON.
type plainInteraction discordgo.Interaction

// readInteraction decodes an interaction's JSON into the discordgo
// Interaction the bot answers through (its Message holds only the id and
// flags) and the extras requestOf needs. Its data is decoded as
// discordgo's Interaction.UnmarshalJSON decodes it, by type.
func readInteraction(raw []byte) (*discordgo.Interaction, interactionExtras, error) {
	var w wireInteraction
	if err := json.Unmarshal(raw, &w); err != nil {
		return nil, interactionExtras{}, err
	}
	i := discordgo.Interaction(w.plainInteraction)
	if w.Message != nil {
		i.Message = &discordgo.Message{ID: w.Message.ID, Flags: w.Message.Flags}
	}
	var x interactionExtras
	if json.Unmarshal(w.Channel, &x.Channel) != nil {
		x.Channel = nil
	}
	if json.Unmarshal(w.AppPermissions, &x.AppPermissions) != nil {
		x.AppPermissions = nil
	}
	if x.AppPermissions != nil {
		i.AppPermissions, _ = strconv.ParseInt(*x.AppPermissions, 10, 64)
	}
	var err error
	switch i.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		var d discordgo.ApplicationCommandInteractionData
		err = json.Unmarshal(w.Data, &d)
		i.Data = d
	case discordgo.InteractionMessageComponent:
		var d discordgo.MessageComponentInteractionData
		err = json.Unmarshal(w.Data, &d)
		i.Data = d
	case discordgo.InteractionModalSubmit:
		var d discordgo.ModalSubmitInteractionData
		err = json.Unmarshal(w.Data, &d)
		i.Data = d
	}
	if err != nil {
		return nil, interactionExtras{}, fmt.Errorf("decode interaction data: %w", err)
	}
	return &i, x, nil
}

// requestOf converts an interaction (and the extras read with it) into
// the table service's request.
func requestOf(i *discordgo.Interaction, x interactionExtras) (commands.Request, bool) {
	req := commands.Request{
		Locale: string(i.Locale), GuildLocale: "", GuildID: i.GuildID, ChannelID: i.ChannelID,
	}
	if x.Channel != nil {
		req.Channel = &commands.Channel{Type: x.Channel.Type, ParentID: x.Channel.ParentID}
	}
	if x.AppPermissions != nil {
		if p, err := strconv.ParseInt(*x.AppPermissions, 10, 64); err == nil {
			req.AppPermissions = &p
		}
	}
	if i.GuildLocale != nil {
		req.GuildLocale = string(*i.GuildLocale)
	}
	// "member is sent when the interaction is invoked in a guild, and user
	// is sent when invoked in a DM" (developers/interactions/
	// receiving-and-responding.mdx, Interaction Object): a user without a
	// member is taken only from a DM (a turn DM's menu; commands refuses
	// anything else from there).
	switch {
	case i.Member != nil && i.Member.User != nil:
		req.User = commands.User{ID: i.Member.User.ID, Name: displayName(i.Member.Nick, i.Member.User)}
		req.CanManageGuild = i.Member.Permissions&discordgo.PermissionManageGuild != 0
		req.Roles = i.Member.Roles
	case i.User != nil && i.GuildID == "":
		req.User = commands.User{ID: i.User.ID, Name: displayName("", i.User)}
	default:
		return req, false
	}
	switch i.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		d := i.ApplicationCommandData()
		req.Kind = commands.SlashCommand
		if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
			req.Kind = commands.Autocomplete
		}
		req.Command = d.Name
		req.Options = map[string]string{}
		opts := d.Options
		if len(opts) == 1 && opts[0].Type == discordgo.ApplicationCommandOptionSubCommandGroup && len(opts[0].Options) == 1 {
			// /league create <game>: the group is the subcommand, its
			// subcommand the game, as the older /play game: option.
			req.Subcommand = opts[0].Name
			req.Options["game"] = opts[0].Options[0].Name
			opts = opts[0].Options[0].Options
		}
		if len(opts) == 1 && opts[0].Type == discordgo.ApplicationCommandOptionSubCommand {
			req.Subcommand = opts[0].Name
			opts = opts[0].Options
		}
		for _, o := range opts {
			req.Options[o.Name] = optionText(o.Value)
			if o.Focused {
				req.Focused = o.Name
			}
		}
	case discordgo.InteractionMessageComponent:
		d := i.MessageComponentData()
		req.Kind = commands.Component
		req.CustomID = d.CustomID
		req.Values = d.Values
		if i.Message != nil {
			req.MessageID = i.Message.ID
			req.OnPrivateMessage = seenByOne(i)
		}
	case discordgo.InteractionModalSubmit:
		d := i.ModalSubmitData()
		req.Kind = commands.ModalSubmit
		req.CustomID = d.CustomID
		req.Fields = modalFields(d.Components)
		if i.Message != nil {
			req.MessageID = i.Message.ID
			req.OnPrivateMessage = seenByOne(i)
		}
	default:
		return req, false
	}
	return req, true
}

// seenByOne reports whether the message a component is on is seen by the
// clicking user alone: an ephemeral reply (its flags say so), or a message
// in their DM with the bot (no guild_id).
func seenByOne(i *discordgo.Interaction) bool {
	return i.Message.Flags&discordgo.MessageFlagsEphemeral != 0 || i.GuildID == ""
}

// modalFields are a modal submit's text inputs by custom_id: in Labels
// (developers/components/reference.mdx, "Label Interaction Response
// Structure") or, as modals had them before, in Action Rows.
func modalFields(cs []discordgo.MessageComponent) map[string]string {
	out := map[string]string{}
	var walk func(c discordgo.MessageComponent)
	walk = func(c discordgo.MessageComponent) {
		switch v := c.(type) {
		case *discordgo.Label:
			walk(v.Component)
		case discordgo.Label:
			walk(v.Component)
		case *discordgo.ActionsRow:
			for _, x := range v.Components {
				walk(x)
			}
		case *discordgo.TextInput:
			out[v.CustomID] = v.Value
		case discordgo.TextInput:
			out[v.CustomID] = v.Value
		}
	}
	for _, c := range cs {
		walk(c)
	}
	return out
}

func optionText(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(x)
	}
	return ""
}

func displayName(nick string, u *discordgo.User) string {
	for _, n := range []string{nick, u.GlobalName, u.Username} {
		if strings.TrimSpace(n) != "" {
			return n
		}
	}
	return u.ID
}

// respond carries out the response to an interaction: the table's owed
// effects first, through the interaction where they concern it (the
// clicked board, a command's public answer), then the reply.
func (b *Bot) respond(ctx context.Context, c *ixCourier, resp commands.Response) {
	log := b.log.With().Str("interaction", c.i.ID).Logger()
	r := resp.Reply
	if r.Kind == commands.ReplyChoices {
		err := b.s.InteractionRespond(c.i, &discordgo.InteractionResponse{
			Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: r.Choices},
		})
		if err != nil {
			log.Warn().Err(err).Msg("autocomplete")
		}
		return
	}
	if resp.League != "" {
		err := b.svc.DeliverLeague(ctx, resp.League, c)
		logErr(log, err, "deliver league")
		r = b.stillOwed(c, r, err)
	}
	if resp.Table != "" {
		err := b.svc.Deliver(ctx, resp.Table, c)
		if err != nil {
			log.Error().Err(err).Str("table", resp.Table).Msg("deliver")
		}
		if notice, ok := b.svc.DeliveryNotice(c.req, err); ok {
			r = commands.Reply{Kind: commands.ReplyPrivate, Message: notice}
		}
		r = b.stillOwed(c, r, err)
	}
	switch r.Kind {
	case commands.ReplyModal:
		err := b.s.InteractionRespond(c.i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal,
			Data: &discordgo.InteractionResponseData{CustomID: r.Modal.CustomID, Title: r.Modal.Title, Components: r.Modal.Components}})
		logErr(log, err, "open modal")
	case commands.ReplyPrivate:
		logErr(log, c.private(r.Message), "private reply")
	case commands.ReplyUpdate:
		err := b.unarchived(c.i.ChannelID, func() error { return b.editOriginal(c.i, webhookEdit(r.Message)) })
		if errors.Is(classify(err), commands.ErrGone) && c.req.OnPrivateMessage {
			// The private menu cannot be edited any more (dismissed, or
			// the interaction is gone): the same answer comes as a new
			// private reply, so the choice made still shows its menu.
			log.Debug().Err(err).Msg("private message gone; answering anew")
			err = c.private(r.Message)
		}
		logErr(log, err, "edit private message")
	}
	if resp.Note.Content != "" || len(resp.Note.Embeds) > 0 {
		logErr(log, c.private(resp.Note), "private note")
	}
}

// stillOwed is the answer a slash command gets when nothing went out
// through it: its delivery failed, or another one (the timer's, or the
// click's before) carried the message first. It still needs an answer,
// which cannot say what went out (a lobby, a board, a league, a notice).
func (b *Bot) stillOwed(c *ixCourier, r commands.Reply, err error) commands.Reply {
	if r.Kind != commands.ReplyNone || c.req.Kind != commands.SlashCommand || c.answered() {
		return r
	}
	key := "core.menu.done_posted"
	if err != nil {
		key = "core.err.delivery_later"
	}
	return commands.Reply{Kind: commands.ReplyPrivate, Message: b.svc.Notice(c.req, key)}
}

// unarchived runs an edit of a message in channelID and, when Discord
// refuses it because the thread is archived (50083: a team thread
// archives itself after a week without a message), unarchives the thread
// and tries once more. Unarchiving an unlocked thread needs only Send
// Messages (developers/resources/channel.mdx, "Modify Channel", JSON
// Params (Thread)); a new message would unarchive it too, but edits come
// first (developers/topics/threads.mdx, "Archiving").
func (b *Bot) unarchived(channelID string, edit func() error) error {
	err := edit()
	var re *discordgo.RESTError
	if !errors.As(err, &re) || re.Message == nil || re.Message.Code != discordgo.ErrCodePerformedOperationOnArchivedThread {
		return err
	}
	archived := false
	if _, uerr := b.s.ChannelEditComplex(channelID, &discordgo.ChannelEdit{Archived: &archived}); uerr != nil {
		b.log.Warn().Err(uerr).Str("thread", channelID).Msg("unarchive team thread")
		return err
	}
	return edit()
}

// isPermissionError: Discord refused because the bot lacks access or a
// permission in that channel (codes 50001 Missing Access, 50013 Missing
// Permissions), something only a server admin can fix.
func isPermissionError(err error) bool {
	var re *discordgo.RESTError
	if !errors.As(err, &re) || re.Message == nil {
		return false
	}
	return re.Message.Code == discordgo.ErrCodeMissingAccess || re.Message.Code == discordgo.ErrCodeMissingPermissions
}

// editOriginal is discordgo's InteractionResponseEdit (the same request,
// route and rate-limit bucket) without decoding the message Discord
// answers with: the bot never reads it, and decoding it cost a busy bot
// more than sending the edit did. The bucket is the interaction's own,
// JSON or multipart alike, and free of the global limit
// (discordgo.InteractionBucketID): a bucket shared by every interaction
// queued each edit behind the one before, one round trip each.
func (b *Bot) editOriginal(i *discordgo.Interaction, data *discordgo.WebhookEdit, opts ...discordgo.RequestOption) error {
	return b.editVia(owner{i, "@original"}, data, opts...)
}

// editVia edits o's message through o's interaction token: its @original
// or a follow-up it sent (Edit Followup Message).
func (b *Bot) editVia(o owner, data *discordgo.WebhookEdit, opts ...discordgo.RequestOption) error {
	i := o.i
	uri := discordgo.EndpointWebhookMessage(i.AppID, i.Token, o.ref)
	bucket := discordgo.InteractionBucketID(uri)
	if len(data.Files) > 0 {
		contentType, body, err := discordgo.MultipartBodyWithJSON(data, data.Files)
		if err != nil {
			return err
		}
		_, err = b.s.RequestRaw(http.MethodPatch, uri, contentType, body, bucket, 0, opts...)
		return err
	}
	_, err := b.s.RequestWithBucketID(http.MethodPatch, uri, data, bucket, opts...)
	return err
}

func webhookEdit(m render.Message) *discordgo.WebhookEdit {
	content := m.Content
	embeds := m.Embeds
	if embeds == nil {
		embeds = []*discordgo.MessageEmbed{}
	}
	comps := m.Components
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	return &discordgo.WebhookEdit{Content: &content, Embeds: &embeds, Components: &comps, Files: files(m), Attachments: attachments(m), AllowedMentions: mentions(m)}
}

// privateFollowup is m as an ephemeral follow-up that pings nobody.
func privateFollowup(m render.Message) *discordgo.WebhookParams {
	return &discordgo.WebhookParams{
		Content: m.Content, Embeds: m.Embeds, Components: m.Components,
		Files: files(m), Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: noPings(),
	}
}

func files(m render.Message) []*discordgo.File {
	var out []*discordgo.File
	for _, f := range m.Files {
		out = append(out, &discordgo.File{Name: f.Name, ContentType: "image/png", Reader: bytes.NewReader(f.Data)})
	}
	return out
}

// attachments is an edit's attachments list: exactly m's files, by their
// files[n] index. On API v10 "the attachments array must contain all
// attachments that should be present after edit, including retained and
// new" (developers/resources/message.mdx "Edit Message", webhook.mdx "Edit
// Webhook Message"), so a new board picture replaces the old one, and an
// edit without a picture removes the old one.
func attachments(m render.Message) *[]*discordgo.MessageAttachment {
	out := make([]*discordgo.MessageAttachment, len(m.Files))
	for i := range m.Files {
		out[i] = &discordgo.MessageAttachment{ID: strconv.Itoa(i)}
	}
	return &out
}

// mentions allows exactly the message's Mentions to ping; nobody else.
func mentions(m render.Message) *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: m.Mentions}
}

func noPings() *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}
}

func logErr(log zerolog.Logger, err error, what string) error {
	if err != nil {
		log.Error().Err(err).Msg(what)
	}
	return err
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}
