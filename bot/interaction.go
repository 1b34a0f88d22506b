package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
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
// also carries what discordgo's Interaction struct leaves out: the
// channel's type (a co-op table needs a text channel).
func (b *Bot) onEvent(s *discordgo.Session, e *discordgo.Event) {
	if ic, ok := e.Struct.(*discordgo.InteractionCreate); ok && e.Type == "INTERACTION_CREATE" {
		b.onInteraction(s, ic, e.RawData)
	}
}

func (b *Bot) onInteraction(s *discordgo.Session, ic *discordgo.InteractionCreate, raw []byte) {
	if !b.begin() {
		return // shutting down: Discord shows "interaction failed", nothing is applied
	}
	defer b.inflight.Done()
	ctx, cancel := context.WithTimeout(context.Background(), handleTimeout)
	defer cancel()
	start := time.Now()
	i := ic.Interaction
	req, ok := requestOf(i, raw)
	if !ok {
		return // PING and modal submits are not used
	}
	log := b.log.With().Str("interaction", i.ID).Str("user", req.User.ID).Str("channel", req.ChannelID).Logger()

	// Acknowledge first, then work (Discord's 3-second deadline). A click
	// is deferred at once (type 6) and its message edited afterwards. A
	// command is answered directly when it is ready within fastReply, so
	// private answers can be ephemeral; otherwise it is deferred too.
	privateCmd := commands.PrivateCommand(req)
	switch req.Kind {
	case commands.Component:
		if err := s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}); err != nil {
			log.Error().Err(err).Msg("acknowledge component")
			return
		}
	case commands.SlashCommand:
		done := make(chan commands.Response, 1)
		go func() { done <- b.svc.Handle(ctx, req) }()
		select {
		case resp := <-done:
			b.answerCommand(ctx, i, resp)
			log.Debug().Dur("total", time.Since(start)).Str("command", req.Command).Msg("command answered")
			return
		case <-time.After(replyBudget(i.ID, time.Now())):
		}
		ack := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}
		if privateCmd {
			ack.Data = &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}
		}
		if err := s.InteractionRespond(i, ack); err != nil {
			log.Error().Err(err).Msg("acknowledge command")
			return
		}
		resp := <-done
		b.execute(ctx, i, req, resp, privateCmd)
		log.Debug().Dur("total", time.Since(start)).Str("command", req.Command).Msg("command answered after deferral")
		return
	}
	ackDur := time.Since(start)

	resp := b.svc.Handle(ctx, req)
	b.execute(ctx, i, req, resp, privateCmd)
	log.Debug().Dur("ack", ackDur).Dur("total", time.Since(start)).Str("custom_id", commands.LogSafe(req.CustomID)).Str("command", req.Command).Msg("interaction done")
}

// fastReply is how long after Discord created a command it may still be
// answered directly (type 4) rather than deferred: well inside Discord's
// 3 seconds, leaving room for the answer's own upload on a busy machine.
const fastReply = time.Second

// replyBudget is how long to wait for a command's answer before deferring
// it: fastReply counted from the interaction's creation, which its
// snowflake id records (developers/reference.mdx, "Snowflakes"), so time
// the interaction spent reaching the bot is not spent twice. A clock
// behind Discord's counts as no delay.
func replyBudget(interactionID string, now time.Time) time.Duration {
	created, err := discordgo.SnowflakeTimestamp(interactionID)
	if err != nil {
		return fastReply
	}
	age := max(now.Sub(created), 0)
	return max(fastReply-age, 0)
}

// answerCommand answers a slash command directly with its reply, then
// carries out the rest of the response.
func (b *Bot) answerCommand(ctx context.Context, i *discordgo.Interaction, resp commands.Response) {
	r := resp.Reply
	data := &discordgo.InteractionResponseData{
		Content: r.Message.Content, Embeds: r.Message.Embeds, Components: r.Message.Components,
		Files: files(r.Message), AllowedMentions: mentions(r.Message),
	}
	typ := discordgo.InteractionResponseChannelMessageWithSource
	switch r.Kind {
	case commands.ReplyPrivate:
		data.Flags = discordgo.MessageFlagsEphemeral
	case commands.ReplyChoices:
		typ, data = discordgo.InteractionApplicationCommandAutocompleteResult, &discordgo.InteractionResponseData{Choices: r.Choices}
	}
	if err := b.s.InteractionRespond(i, &discordgo.InteractionResponse{Type: typ, Data: data}); err != nil {
		b.log.Error().Err(err).Str("interaction", i.ID).Msg("answer command")
		return
	}
	if r.BoardOf != "" {
		m, err := b.s.InteractionResponse(i)
		if logErr(b.log, err, "read original response") == nil {
			b.boardPosted(ctx, r.BoardOf, m)
		}
	}
	b.carryOut(ctx, resp, i.ChannelID)
	b.finish(resp)
}

// interactionExtras are the interaction fields discordgo does not decode,
// or decodes without telling "absent" from zero
// (developers/interactions/receiving-and-responding.mdx, "Interaction Object").
type interactionExtras struct {
	Channel *struct {
		Type     discordgo.ChannelType `json:"type"`
		ParentID string                `json:"parent_id"`
	} `json:"channel"`
	AppPermissions *string `json:"app_permissions"`
}

// requestOf converts an interaction (and its raw JSON) into the table
// service's request.
func requestOf(i *discordgo.Interaction, raw []byte) (commands.Request, bool) {
	req := commands.Request{
		Locale: string(i.Locale), GuildLocale: "", GuildID: i.GuildID, ChannelID: i.ChannelID,
	}
	var x interactionExtras
	if json.Unmarshal(raw, &x) == nil {
		if x.Channel != nil {
			req.Channel = &commands.Channel{Type: x.Channel.Type, ParentID: x.Channel.ParentID}
		}
		if x.AppPermissions != nil {
			if p, err := strconv.ParseInt(*x.AppPermissions, 10, 64); err == nil {
				req.AppPermissions = &p
			}
		}
	}
	if i.GuildLocale != nil {
		req.GuildLocale = string(*i.GuildLocale)
	}
	switch {
	case i.Member != nil && i.Member.User != nil:
		req.User = commands.User{ID: i.Member.User.ID, Name: displayName(i.Member.Nick, i.Member.User)}
		req.CanManageGuild = i.Member.Permissions&discordgo.PermissionManageGuild != 0
	case i.User != nil:
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
			req.OnPrivateMessage = i.Message.Flags&discordgo.MessageFlagsEphemeral != 0
		}
	default:
		return req, false
	}
	return req, true
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

// execute carries out the response to an acknowledged interaction: the
// public side (thread, edits, posts) first, then the reply. A failed step
// is logged; the state is already committed, so "/game status" can always
// redraw the board.
func (b *Bot) execute(ctx context.Context, i *discordgo.Interaction, req commands.Request, resp commands.Response, privateCmd bool) {
	s := b.s
	log := b.log.With().Str("interaction", i.ID).Logger()
	r := resp.Reply
	if r.Kind != commands.ReplyChoices {
		// The public side first (board edits, new board, thread), so that
		// by the time the player sees the reply the table already shows
		// the move. The interaction is acknowledged, so order is free.
		if err := b.carryOut(ctx, resp, i.ChannelID); isPermissionError(err) {
			b.tellPermissions(i, req)
		}
	}
	switch r.Kind {
	case commands.ReplyChoices:
		err := s.InteractionRespond(i, &discordgo.InteractionResponse{
			Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: r.Choices},
		})
		if err != nil {
			log.Warn().Err(err).Msg("autocomplete")
		}
		return
	case commands.ReplyPrivate:
		if req.Kind == commands.SlashCommand {
			// The deferral fixed the answer's visibility
			// (commands.PrivateCommand). A public command that ends in a
			// notice after a public deferral (a slow failure) shows the
			// notice in place of "thinking": it concerns the command, not
			// a secret, and Discord keeps a deferral's visibility.
			if !privateCmd {
				log.Warn().Str("command", req.Command).Msg("a slow public command answered with a notice")
			}
			err := b.unarchived(i.ChannelID, func() error { _, err := s.InteractionResponseEdit(i, webhookEdit(r.Message)); return err })
			logErr(log, err, "private reply")
			break
		}
		_, err := s.FollowupMessageCreate(i, true, privateFollowup(r.Message))
		logErr(log, err, "private follow-up")
	case commands.ReplyNew, commands.ReplyUpdate:
		// A deferred command's response, or the clicked message.
		var m *discordgo.Message
		err := b.unarchived(i.ChannelID, func() (err error) { m, err = s.InteractionResponseEdit(i, webhookEdit(r.Message)); return err })
		if logErr(log, err, "edit reply") == nil && r.BoardOf != "" {
			b.boardPosted(ctx, r.BoardOf, m)
		}
	case commands.ReplyStrip:
		empty := []discordgo.MessageComponent{}
		err := b.unarchived(i.ChannelID, func() error {
			_, err := s.InteractionResponseEdit(i, &discordgo.WebhookEdit{Components: &empty})
			return err
		})
		logErr(log, err, "strip buttons")
	}
	b.finish(resp)
}

// carryOut does the public side of a response: open the thread, edit
// messages, post new ones, archive a finished thread. fallback is the
// channel for posts that name none. It returns the first error of a post,
// which is what players would miss most.
func (b *Bot) carryOut(ctx context.Context, resp commands.Response, fallback string) (postErr error) {
	s := b.s
	log := b.log
	playChannel := ""
	if th := resp.Thread; th != nil {
		playChannel = b.openThread(ctx, th)
	}
	for _, e := range resp.Edits {
		edit := &discordgo.MessageEdit{ID: e.MessageID, Channel: e.ChannelID, AllowedMentions: noPings()}
		empty := []discordgo.MessageComponent{}
		if e.StripOnly {
			edit.Components = &empty
		} else {
			content := e.Message.Content
			edit.Content, edit.Embeds, edit.Components = &content, &e.Message.Embeds, &e.Message.Components
			if edit.Components == nil || *edit.Components == nil {
				edit.Components = &empty
			}
			edit.Files = files(e.Message)
			noAttachments := []*discordgo.MessageAttachment{}
			edit.Attachments = &noAttachments
		}
		err := b.unarchived(e.ChannelID, func() error { _, err := s.ChannelMessageEditComplex(edit); return err })
		logErr(log, err, "edit message")
	}
	for _, p := range resp.Posts {
		ch := p.ChannelID
		if ch == "" {
			ch = playChannel
		}
		if ch == "" {
			ch = fallback
		}
		m, err := s.ChannelMessageSendComplex(ch, &discordgo.MessageSend{
			Content: p.Message.Content, Embeds: p.Message.Embeds, Components: p.Message.Components,
			Files: files(p.Message), AllowedMentions: mentions(p.Message),
		})
		if logErr(log, err, "post message") == nil && p.BoardOf != "" {
			b.boardPosted(ctx, p.BoardOf, m)
		}
		if err != nil && postErr == nil {
			postErr = err
		}
	}
	return postErr
}

// finish is the last step of handling any response, after the reply and
// every edit and post: archiving a finished team thread. Discord refuses
// edits in an archived thread (50083, developers/topics/threads.mdx), so
// nothing may follow it.
func (b *Bot) finish(resp commands.Response) {
	if id := resp.ArchiveThread; id != "" {
		archived := true
		_, err := b.s.ChannelEditComplex(id, &discordgo.ChannelEdit{Archived: &archived})
		logErr(b.log, err, "archive team thread")
	}
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

// tellPermissions tells the player privately why the board did not
// appear; the move itself is saved.
func (b *Bot) tellPermissions(i *discordgo.Interaction, req commands.Request) {
	msg := b.svc.PermissionNotice(req)
	_, err := b.s.FollowupMessageCreate(i, true, privateFollowup(msg))
	logErr(b.log, err, "tell about missing permissions")
}

// openThread opens a co-op team's private thread, adds the players and
// links it from the channel. It returns the thread id, or "" on failure
// (the game then continues in the channel).
func (b *Bot) openThread(ctx context.Context, th *commands.Thread) string {
	ch, err := b.s.ThreadStartComplex(th.ChannelID, &discordgo.ThreadStart{
		Name: clip(th.Name, 100), AutoArchiveDuration: 10080, Type: discordgo.ChannelTypeGuildPrivateThread, Invitable: true,
	})
	if err != nil {
		b.log.Error().Err(err).Str("table", th.TableID).Msg("open team thread; playing in the channel")
		return ""
	}
	for _, u := range th.Members {
		logErr(b.log, b.s.ThreadMemberAdd(ch.ID, u), "add thread member")
	}
	link := th.Link
	link.Content = strings.ReplaceAll(link.Content, commands.ThreadMention, "<#"+ch.ID+">")
	lm, err := b.s.ChannelMessageSendComplex(th.ChannelID, &discordgo.MessageSend{Content: link.Content, AllowedMentions: noPings()})
	linkID := ""
	if logErr(b.log, err, "post thread link") == nil {
		linkID = lm.ID
	}
	if err := b.svc.ThreadOpened(ctx, th.TableID, ch.ID, linkID); err != nil {
		b.log.Error().Err(err).Str("table", th.TableID).Msg("record team thread")
	}
	return ch.ID
}

func (b *Bot) boardPosted(ctx context.Context, table string, m *discordgo.Message) {
	if m == nil {
		return
	}
	if err := b.svc.BoardPosted(ctx, table, m.ChannelID, m.ID); err != nil {
		b.log.Error().Err(err).Str("table", table).Msg("record board message")
	}
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
	noAttachments := []*discordgo.MessageAttachment{}
	return &discordgo.WebhookEdit{Content: &content, Embeds: &embeds, Components: &comps, Files: files(m), Attachments: &noAttachments, AllowedMentions: mentions(m)}
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
