package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/commands"
	"github.com/warroom/warroom/render"
)

// ixState is how far an interaction has been answered.
type ixState int

const (
	unanswered      ixState = iota // a command not yet answered
	deferredUpdate                 // a click, acknowledged with type 6
	deferredPublic                 // a command deferred with a public "thinking"
	deferredPrivate                // a command deferred privately
	answered                       // a command's answer is given
)

// ixCourier delivers a table's owed effects (commands.Courier) over REST.
// Made for an interaction (i not nil), it answers through it where an
// effect concerns it: the clicked message is edited or stripped through
// the interaction, and a command's first public post in its channel is the
// command's answer. Without one (timers, redelivery after a restart) it
// uses the channel endpoints only.
type ixCourier struct {
	b     *Bot
	i     *discordgo.Interaction
	req   commands.Request
	state ixState
}

func (c *ixCourier) answered() bool { return c.state == answered }

// Post implements commands.Courier.
func (c *ixCourier) Post(ctx context.Context, channelID string, msg render.Message, nonce string) (string, error) {
	return c.PostDraft(ctx, channelID, func() (render.Message, error) { return msg, nil }, nonce)
}

// PostDraft implements commands.DraftPoster: a command's first public
// post in its channel is the command's answer (drawn at once: an
// interaction's endpoints wait for no global limit); any other post is
// drawn only once its turn has come under the rate limits (sendDrawn).
// An error of draw is returned as it is.
func (c *ixCourier) PostDraft(ctx context.Context, channelID string, draw func() (render.Message, error), nonce string) (string, error) {
	if c.i != nil && c.req.Kind == commands.SlashCommand && channelID == c.i.ChannelID && (c.state == unanswered || c.state == deferredPublic) {
		msg, err := draw()
		if err != nil {
			return "", err
		}
		id, err := c.answer(ctx, msg)
		if !errors.Is(err, commands.ErrGone) {
			return id, err
		}
		// The interaction expired (answered too late, or its token
		// is older than 15 minutes): post in the channel instead.
		c.b.log.Warn().Err(err).Str("interaction", c.i.ID).Msg("interaction gone; posting in the channel")
		draw = func() (render.Message, error) { return msg, nil }
	}
	return c.b.sendDrawn(ctx, channelID, draw, nonce)
}

// answer makes msg the command's answer: its response, or the edit of
// its public deferral. Once the interaction is gone it counts as
// answered (the channel takes the post); after another failure it does
// not, and a retry answers.
func (c *ixCourier) answer(ctx context.Context, msg render.Message) (string, error) {
	var id string
	var err error
	switch c.state {
	case unanswered:
		id, err = c.b.respondWithMessage(ctx, c.i, msg)
	case deferredPublic:
		err = c.b.unarchived(c.i.ChannelID, func() error {
			m, err := c.b.s.InteractionResponseEdit(c.i, webhookEdit(msg), discordgo.WithContext(ctx))
			if err == nil {
				id = m.ID
			}
			return err
		})
	}
	if err = classify(err); err == nil || errors.Is(err, commands.ErrGone) {
		c.state = answered
	}
	if err != nil {
		return "", err
	}
	return id, nil
}

// sendDrawn posts in channelID the message draw gives, as
// ChannelMessageSendComplex does (Create Message, with nonce and
// enforce_nonce: developers/resources/message.mdx), but draws it only
// once the post's turn has come: the channel's bucket is locked and the
// global limit's slot taken first. So posts queued behind Discord's
// global limit (a thousand tables starting at once: 25 s at 40 a second)
// hold no picture and no request body while they wait, and their
// pictures are drawn at the pace they are sent. An error of draw is
// returned as it is; Discord's are classified.
func (b *Bot) sendDrawn(ctx context.Context, channelID string, draw func() (render.Message, error), nonce string) (string, error) {
	endpoint := discordgo.EndpointChannelMessages(channelID)
	bucket := b.s.Ratelimiter.LockBucket(endpoint)
	msg, err := draw()
	if err != nil {
		bucket.Release(nil)
		return "", err
	}
	for _, e := range msg.Embeds {
		if e.Type == "" {
			e.Type = discordgo.EmbedTypeRich // as ChannelMessageSendComplex sends it
		}
	}
	data := &discordgo.MessageSend{Content: msg.Content, Embeds: msg.Embeds, Components: msg.Components,
		AllowedMentions: mentions(msg), Nonce: nonce, EnforceNonce: nonce != ""}
	contentType, body := "application/json", []byte(nil)
	if fs := files(msg); len(fs) > 0 {
		contentType, body, err = discordgo.MultipartBodyWithJSON(data, fs)
	} else {
		body, err = discordgo.Marshal(data)
	}
	if err != nil {
		bucket.Release(nil)
		return "", err
	}
	resp, err := b.s.RequestWithLockedBucket(http.MethodPost, endpoint, contentType, body, bucket, 0, discordgo.WithContext(ctx))
	if err != nil {
		return "", classify(err)
	}
	var m postedMessage
	if err := json.Unmarshal(resp, &m); err != nil {
		return "", err
	}
	return m.ID, nil
}

// postedMessage is what the bot reads of a message Discord answers with:
// its id. discordgo's Message decodes all of it (a board's embeds and
// components, each nested UnmarshalJSON reading its part again), about
// 0.4 ms a board (load command profile).
type postedMessage struct {
	ID string `json:"id"`
}

// PostReply implements commands.ReplyPoster: a click's message in the
// click's own channel goes as a public follow-up of the click
// (developers/interactions/receiving-and-responding.mdx, "Create Followup
// Message"), not bound to the global rate limit, and is remembered so
// that its edits go through the same token while it lives ("Edit
// Followup Message"). Only after a deferred update (type 6): after a
// type 5 deferral the first follow-up would fill in the "thinking"
// message instead. A follow-up takes no nonce.
func (c *ixCourier) PostReply(ctx context.Context, channelID string, msg render.Message) (string, bool, error) {
	if c.i == nil || c.state != deferredUpdate || channelID != c.i.ChannelID || !fresh(c.i, time.Now()) {
		return "", false, nil
	}
	m, err := c.b.s.FollowupMessageCreate(c.i, true, &discordgo.WebhookParams{
		Content: msg.Content, Embeds: msg.Embeds, Components: msg.Components, Files: files(msg), AllowedMentions: mentions(msg),
	}, discordgo.WithContext(ctx))
	if err = classify(err); errors.Is(err, commands.ErrGone) || tokenExpired(err) {
		return "", false, nil // the token is no longer good: Post instead
	}
	if err != nil {
		return "", true, err
	}
	c.b.tokens.rememberFollowup(m.ID, c.i, time.Now())
	return m.ID, true, nil
}

// clicked: the message is the one the click came from, which a deferred
// update edits through the interaction.
func (c *ixCourier) clicked(messageID string) bool {
	return c.i != nil && c.state == deferredUpdate && c.req.MessageID == messageID && !c.req.OnPrivateMessage
}

// viaToken edits messageID through an interaction whose token owns it,
// on that interaction's bucket and free of the global rate limit: the
// click being answered, else a recent deferred click on it or the
// interaction it was posted as a follow-up of (boardTokens).
// done is false when neither can: the caller uses the channel endpoint.
// A remembered token Discord no longer knows is forgotten and the channel
// endpoint used.
func (c *ixCourier) viaToken(ctx context.Context, channelID, messageID string, edit *discordgo.WebhookEdit) (done bool, err error) {
	if c.clicked(messageID) {
		return true, classify(c.b.unarchived(channelID, func() error {
			return c.b.editOriginal(c.i, edit, discordgo.WithContext(ctx))
		}))
	}
	o, ok := c.b.tokens.get(messageID, time.Now())
	if !ok {
		return false, nil
	}
	edit.AllowedMentions = noPings() // as the channel endpoint's edit
	err = classify(c.b.unarchived(channelID, func() error {
		return c.b.editVia(o, edit, discordgo.WithContext(ctx))
	}))
	if errors.Is(err, commands.ErrGone) || tokenExpired(err) {
		c.b.tokens.forget(messageID, o.i)
		return false, nil
	}
	return true, err
}

// Edit implements commands.Courier.
func (c *ixCourier) Edit(ctx context.Context, channelID, messageID string, msg render.Message) error {
	if done, err := c.viaToken(ctx, channelID, messageID, webhookEdit(msg)); done {
		return err
	}
	empty := []discordgo.MessageComponent{}
	content := msg.Content
	edit := &discordgo.MessageEdit{ID: messageID, Channel: channelID, AllowedMentions: noPings(),
		Content: &content, Embeds: &msg.Embeds, Components: &msg.Components, Files: files(msg)}
	if msg.Components == nil {
		edit.Components = &empty
	}
	if msg.Embeds == nil {
		noEmbeds := []*discordgo.MessageEmbed{}
		edit.Embeds = &noEmbeds
	}
	edit.Attachments = attachments(msg)
	return classify(c.b.unarchived(channelID, func() error {
		_, err := c.b.s.ChannelMessageEditComplex(edit, discordgo.WithContext(ctx))
		return err
	}))
}

// Strip implements commands.Courier.
func (c *ixCourier) Strip(ctx context.Context, channelID, messageID string) error {
	empty := []discordgo.MessageComponent{}
	if done, err := c.viaToken(ctx, channelID, messageID, &discordgo.WebhookEdit{Components: &empty}); done {
		return err
	}
	edit := &discordgo.MessageEdit{ID: messageID, Channel: channelID, Components: &empty, AllowedMentions: noPings()}
	return classify(c.b.unarchived(channelID, func() error {
		_, err := c.b.s.ChannelMessageEditComplex(edit, discordgo.WithContext(ctx))
		return err
	}))
}

// OpenThread implements commands.Courier: a private thread (co-op teams
// talk before they commit a move), invitable, archived after a week
// without a message.
func (c *ixCourier) OpenThread(ctx context.Context, guildID, channelID, name string, members []string) (string, error) {
	name = clip(name, 100)
	// Thread creation takes no nonce: a crash after Discord opened the
	// thread and before its id was recorded would open a second one. The
	// name carries the table id, so look for ours among the guild's
	// active threads first (developers/resources/guild.mdx, List Active
	// Guild Threads).
	if id, ok := c.ownThread(ctx, guildID, channelID, name); ok {
		return id, nil
	}
	ch, err := c.b.s.ThreadStartComplex(channelID, &discordgo.ThreadStart{
		Name: name, AutoArchiveDuration: 10080, Type: discordgo.ChannelTypeGuildPrivateThread, Invitable: true,
	}, discordgo.WithContext(ctx))
	if err != nil {
		return "", classify(err)
	}
	for _, u := range members {
		logErr(c.b.log, c.b.s.ThreadMemberAdd(ch.ID, u, discordgo.WithContext(ctx)), "add thread member")
	}
	return ch.ID, nil
}

// OpenPublicThread implements commands.PublicThreads: a league game's
// thread, public so the server can follow it (type 11 PUBLIC_THREAD,
// developers/resources/channel.mdx "Start Thread without Message"; the
// bot needs Create Public Threads), archived after a week without a
// message. It is idempotent by name as OpenThread is.
func (c *ixCourier) OpenPublicThread(ctx context.Context, guildID, channelID, name string) (string, error) {
	name = clip(name, 100)
	if id, ok := c.ownThread(ctx, guildID, channelID, name); ok {
		return id, nil
	}
	ch, err := c.b.s.ThreadStartComplex(channelID, &discordgo.ThreadStart{
		Name: name, AutoArchiveDuration: 10080, Type: discordgo.ChannelTypeGuildPublicThread,
	}, discordgo.WithContext(ctx))
	if err != nil {
		return "", classify(err)
	}
	return ch.ID, nil
}

// AddMember implements commands.Courier: a player who took over a seat
// joins the team's private thread (developers/resources/channel.mdx, Add
// Thread Member).
func (c *ixCourier) AddMember(ctx context.Context, threadID, userID string) error {
	// An archived thread refuses new members; a team thread archives
	// itself after a week without a message.
	return classify(c.b.unarchived(threadID, func() error { return c.b.s.ThreadMemberAdd(threadID, userID, discordgo.WithContext(ctx)) }))
}

// DM implements commands.Courier: a direct message in the user's DM
// channel (developers/resources/user.mdx, Create DM, which returns the
// existing channel when there is one). The channel's id is kept per user
// (dmChannels): the docs warn that opening many DMs quickly may get a bot
// blocked (same page, Create DM), and every reminder opened one. A kept id
// Discord no longer knows (10003 Unknown Channel) is dropped and the DM
// opened again. A user who accepts no DMs from the bot is refused with
// 50007, "Cannot send messages to this user"
// (developers/topics/opcodes-and-status-codes.mdx): commands.ErrNoDM.
// A turn DM carries the board's picture and the player's menu as well.
func (c *ixCourier) DM(ctx context.Context, userID string, msg render.Message, nonce string) error {
	var err error
	for range 2 {
		send := &discordgo.MessageSend{ // files are readers: fresh ones for each try
			Content: msg.Content, Embeds: msg.Embeds, Components: msg.Components, Files: files(msg),
			AllowedMentions: noPings(), Nonce: nonce, EnforceNonce: nonce != "",
		}
		chID, ok := c.b.dms.get(userID)
		if !ok {
			ch, err := c.b.s.UserChannelCreate(userID, discordgo.WithContext(ctx))
			if err != nil {
				return classify(err)
			}
			chID = ch.ID
			c.b.dms.put(userID, chID)
		}
		_, err = c.b.s.ChannelMessageSendComplex(chID, send, discordgo.WithContext(ctx))
		var re *discordgo.RESTError
		if !errors.As(err, &re) || re.Message == nil {
			break
		}
		if re.Message.Code == discordgo.ErrCodeCannotSendMessagesToThisUser {
			return commands.ErrNoDM
		}
		if re.Message.Code != discordgo.ErrCodeUnknownChannel || !ok {
			break
		}
		c.b.dms.drop(userID, chID) // stale: open it again
	}
	return classify(err)
}

// ownThread finds an active thread the bot opened in channelID by name.
// A failed lookup is logged and treated as none: at worst a duplicate
// thread, never a lost game.
func (c *ixCourier) ownThread(ctx context.Context, guildID, channelID, name string) (string, bool) {
	if guildID == "" {
		return "", false
	}
	list, err := c.b.s.GuildThreadsActive(guildID, discordgo.WithContext(ctx))
	if err != nil {
		logErr(c.b.log, err, "list active threads")
		return "", false
	}
	me := ""
	if c.b.s.State != nil && c.b.s.State.User != nil {
		me = c.b.s.State.User.ID
	}
	for _, th := range list.Threads {
		if th.ParentID == channelID && th.Name == name && (me == "" || th.OwnerID == me) {
			return th.ID, true
		}
	}
	return "", false
}

// Archive implements commands.Courier. The bot archives its own team
// thread as the thread's creator, without Manage Threads
// (developers/topics/threads.mdx).
func (c *ixCourier) Archive(ctx context.Context, threadID string) error {
	archived := true
	_, err := c.b.s.ChannelEditComplex(threadID, &discordgo.ChannelEdit{Archived: &archived}, discordgo.WithContext(ctx))
	return classify(err)
}

// private answers the interaction with an ephemeral message: as its
// answer, in place of a deferral, or as a follow-up.
func (c *ixCourier) private(msg render.Message) error {
	b := c.b
	switch {
	case c.state == unanswered: // a command answered at once, or a form's button (commands.OpensForm)
		c.state = answered
		return b.s.InteractionRespond(c.i, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: msg.Content, Embeds: msg.Embeds, Components: msg.Components,
				Files: files(msg), Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: noPings()},
		})
	case c.req.Kind == commands.SlashCommand && (c.state == deferredPrivate || c.state == deferredPublic):
		// The deferral fixed the answer's visibility
		// (commands.PrivateCommand). A public command that ends in a
		// notice after a public deferral (a slow failure) shows the
		// notice in place of "thinking": it concerns the command, not a
		// secret, and Discord keeps a deferral's visibility.
		if c.state == deferredPublic {
			b.log.Warn().Str("command", c.req.Command).Msg("a slow public command answered with a notice")
		}
		c.state = answered
		return b.unarchived(c.i.ChannelID, func() error { return b.editOriginal(c.i, webhookEdit(msg)) })
	}
	_, err := b.s.FollowupMessageCreate(c.i, true, privateFollowup(msg))
	return err
}

// respondWithMessage answers an interaction with a public message (type 4)
// and returns the message's id, from the callback's own answer
// (with_response=true, developers/interactions/receiving-and-responding.mdx
// "Create Interaction Response"): no second request whose failure would
// leave the table without its board's id.
func (b *Bot) respondWithMessage(ctx context.Context, i *discordgo.Interaction, msg render.Message) (string, error) {
	resp := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: &discordgo.InteractionResponseData{
		Content: msg.Content, Embeds: msg.Embeds, Components: msg.Components, Files: files(msg), AllowedMentions: mentions(msg),
	}}
	endpoint := discordgo.EndpointInteractionResponse(i.ID, i.Token)
	url := endpoint + "?with_response=true"
	var body []byte
	var err error
	if len(resp.Data.Files) > 0 {
		ct, mp, merr := discordgo.MultipartBodyWithJSON(resp, resp.Data.Files)
		if merr != nil {
			return "", merr
		}
		body, err = b.s.RequestRaw(http.MethodPost, url, ct, mp, endpoint, 0, discordgo.WithContext(ctx))
	} else {
		body, err = b.s.RequestWithBucketID(http.MethodPost, url, resp, endpoint, discordgo.WithContext(ctx))
	}
	if err != nil {
		return "", err
	}
	var out struct {
		Resource *struct {
			Message *postedMessage `json:"message"`
		} `json:"resource"`
	}
	if err := json.Unmarshal(body, &out); err != nil || out.Resource == nil || out.Resource.Message == nil || out.Resource.Message.ID == "" {
		// Answered, but the id is missing: ask for it.
		m, err := b.s.InteractionResponse(i, discordgo.WithContext(ctx))
		if err != nil {
			return "", err
		}
		return m.ID, nil
	}
	return out.Resource.Message.ID, nil
}

// tokenExpired: Discord refused an interaction's token, 50027 "Invalid
// webhook token provided" (developers/topics/opcodes-and-status-codes.mdx),
// as it does once the token's 15 minutes are over by Discord's clock,
// whatever this process's clock says.
func tokenExpired(err error) bool {
	var re *discordgo.RESTError
	return errors.As(err, &re) && re.Message != nil && re.Message.Code == discordgo.ErrCodeInvalidWebhookTokenProvided
}

// classify maps a Discord error to how the outbox takes it
// (commands.ErrGone, ErrForbidden, ErrRefused; anything else is retried).
// Codes: developers/topics/opcodes-and-status-codes.mdx "JSON Error Codes".
func classify(err error) error {
	var re *discordgo.RESTError
	if err == nil || !errors.As(err, &re) || re.Response == nil {
		return err
	}
	code := 0
	if re.Message != nil {
		code = re.Message.Code
	}
	switch {
	case code == discordgo.ErrCodeUnknownChannel || code == discordgo.ErrCodeUnknownMessage || code == discordgo.ErrCodeUnknownWebhook || code == discordgo.ErrCodeUnknownInteraction:
		return fmt.Errorf("%w: %v", commands.ErrGone, err)
	case code == discordgo.ErrCodeMissingAccess || code == discordgo.ErrCodeMissingPermissions:
		return fmt.Errorf("%w: %v", commands.ErrForbidden, err)
	case re.Response.StatusCode == http.StatusBadRequest || re.Response.StatusCode == http.StatusRequestEntityTooLarge:
		return fmt.Errorf("%w: %v", commands.ErrRefused, err)
	}
	return err
}
