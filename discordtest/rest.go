package discordtest

import (
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// wireMessage is the body of every message-carrying request (channel
// messages, interaction callback data, follow-ups and edits). Pointer
// fields tell "absent or null" (nil) from "set".
type wireMessage struct {
	Content          *string                           `json:"content"`
	Embeds           *[]*discordgo.MessageEmbed        `json:"embeds"`
	Components       *[]json.RawMessage                `json:"components"`
	AllowedMentions  *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
	Attachments      *[]wireAttachment                 `json:"attachments"`
	Flags            *discordgo.MessageFlags           `json:"flags"`
	MessageReference *discordgo.MessageReference       `json:"message_reference"`
	Poll             json.RawMessage                   `json:"poll"`
	StickerIDs       []string                          `json:"sticker_ids"`
	Nonce            json.RawMessage                   `json:"nonce"`
	EnforceNonce     bool                              `json:"enforce_nonce"`

	// interaction callback data only
	Choices  []*discordgo.ApplicationCommandOptionChoice `json:"choices"`
	CustomID string                                      `json:"custom_id"`
	Title    string                                      `json:"title"`

	// edit: the body is a PATCH of an existing message (even a deferred
	// one), so its attachments list names what stays (v10).
	edit bool

	// explicit nulls: on an edit, "embeds": null and "content": null clear
	// the field, while "components": null is ignored (as on Discord)
	nullEmbeds, nullContent bool

	// Components decoded when the body is, before the server's lock is
	// taken (decoding them under it serialised every edit).
	components    []discordgo.MessageComponent
	componentsErr *apiError
}

// UnmarshalJSON records which fields were sent as an explicit null.
func (w *wireMessage) UnmarshalJSON(b []byte) error {
	type plain wireMessage
	var p plain
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(b, &keys); err != nil {
		return err
	}
	*w = wireMessage(p)
	isNull := func(k string) bool {
		v, ok := keys[k]
		return ok && strings.TrimSpace(string(v)) == "null"
	}
	w.nullEmbeds, w.nullContent = isNull("embeds"), isNull("content")
	if w.Components != nil {
		w.decodedComponents()
	}
	return nil
}

// decodedComponents are the message's components, decoded once; call
// only when w.Components is set.
func (w *wireMessage) decodedComponents() ([]discordgo.MessageComponent, *apiError) {
	if w.components == nil && w.componentsErr == nil {
		w.components, w.componentsErr = decodeComponents(*w.Components)
	}
	return w.components, w.componentsErr
}

type wireAttachment struct {
	ID          json.RawMessage `json:"id"`
	Filename    string          `json:"filename"`
	Description string          `json:"description"`
}

func (a wireAttachment) id() string {
	var s string
	if json.Unmarshal(a.ID, &s) == nil {
		return s
	}
	return strings.TrimSpace(string(a.ID))
}

func decodeComponents(raw []json.RawMessage) ([]discordgo.MessageComponent, *apiError) {
	out := make([]discordgo.MessageComponent, 0, len(raw))
	for i, r := range raw {
		c, err := discordgo.MessageComponentFromJSON(r)
		if err != nil {
			return nil, errInvalid("components[%d]: %v", i, err)
		}
		out = append(out, c)
	}
	return out, nil
}

// applyBody applies a create (edit=false) or an edit (edit=true) to m.
// Call with s.mu held.
func (s *Server) applyBody(m *Message, w *wireMessage, files []File, edit bool) *apiError {
	next := *m
	if w.Content != nil {
		next.Content = *w.Content
	}
	if edit && w.nullContent {
		next.Content = ""
	}
	if edit && w.nullEmbeds {
		next.Embeds = nil
	}
	if w.Embeds != nil {
		next.Embeds = *w.Embeds
		for _, e := range next.Embeds {
			if e != nil && e.Type == "" {
				e.Type = discordgo.EmbedTypeRich
			}
		}
	}
	if w.Components != nil {
		cs, err := w.decodedComponents()
		if err != nil {
			return err
		}
		next.Components = cs
	}
	if w.Flags != nil {
		f := *w.Flags
		if edit {
			// Only SUPPRESS_EMBEDS may change on an edit; V2 sticks.
			keep := m.Flags &^ discordgo.MessageFlagsSuppressEmbeds
			f = keep | f&discordgo.MessageFlagsSuppressEmbeds | f&discordgo.MessageFlagsIsComponentsV2
		}
		next.Flags = f
	}
	if w.Poll != nil && string(w.Poll) != "null" {
		return errInvalid("poll: not modelled by the stand-in")
	}
	atts, err := s.attachmentsAfter(m, w, files, next.ChannelID)
	if err != nil {
		return err
	}
	next.Attachments = atts
	next.Embeds = resolveAttachmentURLs(next.Embeds, atts)
	if err := validateMessage(&next, files); err != nil {
		return err
	}
	if edit {
		prev := *m
		prev.History = nil
		// Appended in place: snapshots copy History, so only the live
		// message holds this array (a copy per edit made long-edited
		// boards quadratic).
		next.History = append(m.History, prev)
		next.Edited = s.cfg.now()
	}
	*m = next
	return nil
}

// attachmentsAfter is the message's attachments after a create or an
// edit, on API v10 (developers/reference.mdx "Editing Message
// Attachments"; developers/resources/message.mdx "Edit Message"):
// without an attachments list an edit keeps the old attachments and
// appends the files; with one, only the listed ones are present after
// the edit, old (by id) and new (by their files[n] index) alike, so a
// new file the list does not name is dropped. A create attaches every
// file. A list entry that names neither an attachment of the message nor
// a file sent is refused. Call with s.mu held.
func (s *Server) attachmentsAfter(m *Message, w *wireMessage, files []File, channelID string) ([]Attachment, *apiError) {
	listed := map[string]wireAttachment{}
	if w.Attachments != nil {
		sent := map[string]bool{}
		for _, f := range files {
			sent[strconv.Itoa(fileIndex(f.Field))] = true
		}
		old := map[string]bool{}
		for _, a := range m.Attachments {
			old[a.ID] = true
		}
		for i, wa := range *w.Attachments {
			id := wa.id()
			if !sent[id] && !(w.edit && old[id]) {
				return nil, errInvalid("attachments.%d.id: %q is neither an attachment of the message nor a files[n] sent", i, id)
			}
			listed[id] = wa
		}
	}
	keepOnly := w.edit && w.Attachments != nil
	var atts []Attachment
	for _, a := range m.Attachments {
		if _, ok := listed[a.ID]; ok || !keepOnly {
			atts = append(atts, a)
		}
	}
	for _, f := range files {
		wa, ok := listed[strconv.Itoa(fileIndex(f.Field))]
		if keepOnly && !ok {
			continue
		}
		a := Attachment{ID: s.newID(), Filename: f.Filename, ContentType: f.ContentType, Data: f.Data, Description: wa.Description}
		if a.ContentType == "" || a.ContentType == "application/octet-stream" {
			a.ContentType = guessType(f.Filename)
		}
		a.URL = fmt.Sprintf("%s/attachments/%s/%s/%s", s.URL(), channelID, a.ID, url.PathEscape(f.Filename))
		atts = append(atts, a)
	}
	return atts, nil
}

func guessType(name string) string {
	n := strings.ToLower(name)
	switch {
	case strings.HasSuffix(n, ".png"):
		return "image/png"
	case strings.HasSuffix(n, ".jpg"), strings.HasSuffix(n, ".jpeg"):
		return "image/jpeg"
	case strings.HasSuffix(n, ".gif"):
		return "image/gif"
	case strings.HasSuffix(n, ".webp"):
		return "image/webp"
	case strings.HasSuffix(n, ".txt"):
		return "text/plain; charset=utf-8"
	case strings.HasSuffix(n, ".json"):
		return "application/json"
	}
	return "application/octet-stream"
}

// resolveAttachmentURLs rewrites attachment://name in embeds to the URL of
// the newest attachment with that name, as Discord does. Unresolved
// references stay as they are (Discord shows no image). Embeds are copied,
// never changed in place: snapshots share them.
func resolveAttachmentURLs(embeds []*discordgo.MessageEmbed, atts []Attachment) []*discordgo.MessageEmbed {
	res := func(u string) string {
		if !strings.HasPrefix(u, "attachment://") {
			return u
		}
		name := strings.TrimPrefix(u, "attachment://")
		for i := len(atts) - 1; i >= 0; i-- {
			if atts[i].Filename == name {
				return atts[i].URL
			}
		}
		return u
	}
	if embeds == nil {
		return nil
	}
	out := make([]*discordgo.MessageEmbed, len(embeds))
	for i, e := range embeds {
		if e == nil {
			continue
		}
		c := *e
		if e.Image != nil {
			img := *e.Image
			img.URL = res(img.URL)
			c.Image = &img
		}
		if e.Thumbnail != nil {
			th := *e.Thumbnail
			th.URL = res(th.URL)
			c.Thumbnail = &th
		}
		if e.Footer != nil {
			f := *e.Footer
			f.IconURL = res(f.IconURL)
			c.Footer = &f
		}
		if e.Author != nil {
			a := *e.Author
			a.IconURL = res(a.IconURL)
			c.Author = &a
		}
		out[i] = &c
	}
	return out
}

var (
	reUserMention = regexp.MustCompile(`<@!?(\d+)>`)
	reRoleMention = regexp.MustCompile(`<@&(\d+)>`)
	reEveryone    = regexp.MustCompile(`@(everyone|here)\b`)
)

// pings works out who a new message notifies: mentions in content, filtered
// by allowed_mentions (absent: everything mentioned pings).
func pings(content string, am *discordgo.MessageAllowedMentions) (users, roles []string, everyone bool, e *apiError) {
	parse := map[discordgo.AllowedMentionType]bool{"users": true, "roles": true, "everyone": true}
	var allowUsers, allowRoles map[string]bool
	if am != nil {
		parse = map[discordgo.AllowedMentionType]bool{}
		for _, p := range am.Parse {
			switch p {
			case discordgo.AllowedMentionTypeUsers, discordgo.AllowedMentionTypeRoles, discordgo.AllowedMentionTypeEveryone:
				parse[p] = true
			default:
				return nil, nil, false, errInvalid("allowed_mentions.parse: %q is not a valid mention type", p)
			}
		}
		if parse["users"] && len(am.Users) > 0 {
			return nil, nil, false, errInvalid("allowed_mentions: parse:[\"users\"] and users are mutually exclusive")
		}
		if parse["roles"] && len(am.Roles) > 0 {
			return nil, nil, false, errInvalid("allowed_mentions: parse:[\"roles\"] and roles are mutually exclusive")
		}
		if len(am.Users) > 100 || len(am.Roles) > 100 {
			return nil, nil, false, errInvalid("allowed_mentions: at most 100 users and 100 roles")
		}
		allowUsers = map[string]bool{}
		for _, u := range am.Users {
			allowUsers[u] = true
		}
		allowRoles = map[string]bool{}
		for _, r := range am.Roles {
			allowRoles[r] = true
		}
	}
	seen := map[string]bool{}
	for _, m := range reUserMention.FindAllStringSubmatch(content, -1) {
		id := m[1]
		if seen[id] || !(parse["users"] || allowUsers[id]) {
			continue
		}
		seen[id] = true
		users = append(users, id)
	}
	seenR := map[string]bool{}
	for _, m := range reRoleMention.FindAllStringSubmatch(content, -1) {
		id := m[1]
		if seenR[id] || !(parse["roles"] || allowRoles[id]) {
			continue
		}
		seenR[id] = true
		roles = append(roles, id)
	}
	everyone = parse["everyone"] && reEveryone.MatchString(content)
	return users, roles, everyone, nil
}

// notifyMentions records who a message pings as it becomes visible.
func (m *Message) notifyMentions() *apiError {
	u, r, e, err := pings(m.Content, m.AllowedMentions)
	if err != nil {
		return err
	}
	if m.Ephemeral() {
		// only the person who can see it is highlighted
		var only []string
		for _, id := range u {
			if id == m.VisibleTo {
				only = append(only, id)
			}
		}
		u, r, e = only, nil, false
	}
	m.Pinged, m.PingedRoles, m.MentionEveryone = u, r, e
	return nil
}

// fillDeferred fills in a deferred (type 5) "thinking" message, by an edit
// of @original or by the first follow-up. It keeps the deferral's flags and,
// being an edit, notifies nobody: on Discord a deferred reply cannot ping
// (post a new message or a later follow-up to ping). Call with s.mu held.
func (s *Server) fillDeferred(m *Message, w *wireMessage, files []File) *apiError {
	w.Flags = nil
	if _, _, _, err := pings(m.Content, w.AllowedMentions); err != nil {
		return err
	}
	if err := s.applyBody(m, w, files, false); err != nil {
		return err
	}
	m.Loading = false
	m.AllowedMentions = w.AllowedMentions
	m.Pinged, m.PingedRoles, m.MentionEveryone = nil, nil, false
	return nil
}

// newMessage builds, validates and stores a message. Call with s.mu held.
func (s *Server) newMessage(channelID, guildID string, w *wireMessage, files []File, source string, ix *ixState) (*Message, *apiError) {
	m := &Message{ID: s.newID(), ChannelID: channelID, GuildID: guildID, AuthorID: s.bot.ID, Source: source,
		Created: s.cfg.now(), AllowedMentions: w.AllowedMentions, Reference: w.MessageReference}
	if ix != nil {
		m.InteractionID = ix.id
	}
	if err := s.canCreateIn(channelID); err != nil {
		return nil, err
	}
	if w.MessageReference != nil {
		ref := s.messages[w.MessageReference.MessageID]
		if ref == nil || ref.Deleted || ref.ChannelID != channelID {
			return nil, &apiError{Status: 400, Code: 50035, Message: "Invalid Form Body: message_reference: Unknown message", kind: "invalid-body"}
		}
	}
	if err := s.applyBody(m, w, files, false); err != nil {
		return nil, err
	}
	allowed := discordgo.MessageFlagsSuppressEmbeds | discordgo.MessageFlagsSuppressNotifications | discordgo.MessageFlagsIsComponentsV2
	if ix != nil {
		allowed |= discordgo.MessageFlagsEphemeral
	}
	m.Flags &= allowed
	if m.Ephemeral() {
		m.VisibleTo = ix.user.ID
	}
	if err := m.notifyMentions(); err != nil {
		return nil, err
	}
	s.storeMessage(m)
	return m, nil
}

func (s *Server) storeMessage(m *Message) {
	s.messages[m.ID] = m
	s.channelOrder[m.ChannelID] = append(s.channelOrder[m.ChannelID], m.ID)
	if t := s.threads[m.ChannelID]; t != nil {
		// "Sending a message will automatically unarchive the thread,
		// unless the thread has been locked" (developers/topics/threads.mdx)
		if t.Archived && !t.Locked {
			t.Archived = false
		}
		s.touchThread(t)
	}
}

// messageJSON is the message object Discord returns.
func (s *Server) messageJSON(m *Message) any {
	dm := &discordgo.Message{
		ID: m.ID, ChannelID: m.ChannelID, GuildID: m.GuildID, Content: m.Content, Timestamp: m.Created,
		Author: s.botJSON(), Embeds: m.Embeds, Flags: m.Flags, MentionEveryone: m.MentionEveryone,
		MentionRoles: nonNil(m.PingedRoles), MessageReference: m.Reference,
	}
	if !m.Edited.IsZero() {
		t := m.Edited
		dm.EditedTimestamp = &t
	}
	if dm.Embeds == nil {
		dm.Embeds = []*discordgo.MessageEmbed{}
	}
	dm.Attachments = []*discordgo.MessageAttachment{}
	for _, a := range m.Attachments {
		dm.Attachments = append(dm.Attachments, &discordgo.MessageAttachment{ID: a.ID, URL: a.URL, ProxyURL: a.URL,
			Filename: a.Filename, ContentType: a.ContentType, Size: len(a.Data), Ephemeral: m.Ephemeral()})
	}
	dm.Mentions = []*discordgo.User{}
	for _, id := range m.Pinged {
		u := s.usersByID[id]
		if u.ID == "" {
			u = User{ID: id, Username: "user" + id}
		}
		dm.Mentions = append(dm.Mentions, u.discord())
	}
	if m.Reference != nil {
		dm.Type = discordgo.MessageTypeReply
	}
	if m.InteractionID != "" {
		dm.WebhookID = s.appID
		if ix := s.ixs[m.InteractionID]; ix != nil {
			if ix.typ == discordgo.InteractionApplicationCommand {
				dm.Type = discordgo.MessageTypeChatInputCommand
			}
			meta := &discordgo.MessageInteractionMetadata{ID: ix.id, Type: ix.typ, User: ix.user.discord()}
			if ix.componentMsgID != "" {
				meta.InteractedMessageID = ix.componentMsgID
			}
			if m.Source == "followup" {
				meta.OriginalResponseMessageID = ix.originalID
			}
			dm.InteractionMetadata = meta
		}
	}
	if m.Loading {
		dm.Flags |= discordgo.MessageFlagsLoading
	}
	if m.ThreadID != "" {
		if t := s.threads[m.ThreadID]; t != nil {
			dm.Thread = s.threadJSON(t)
		}
	}
	comps := m.Components
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	return struct {
		*discordgo.Message
		Components []discordgo.MessageComponent `json:"components"`
	}{dm, comps}
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func (s *Server) botJSON() *discordgo.User {
	u := s.bot.discord()
	u.Bot = true
	return u
}

// ---- users, application ----

func (s *Server) getMe(c *call) {
	u := s.botJSON()
	u.Verified = true
	c.reply(200, u)
}

func (s *Server) getUser(c *call) {
	s.mu.Lock()
	u, ok := s.usersByID[c.p("user")]
	s.mu.Unlock()
	if !ok {
		c.fail(&apiError{Status: 404, Code: 10013, Message: "Unknown User", kind: "unknown-user"}, "")
		return
	}
	d := u.discord()
	d.Bot = u.ID == s.bot.ID
	c.reply(200, d)
}

func (s *Server) getApplication(c *call) {
	c.reply(200, map[string]any{"id": s.appID, "name": s.bot.Username, "description": "", "bot_public": false,
		"bot_require_code_grant": false, "flags": 0, "bot": s.botJSON(), "verify_key": ""})
}

// ---- application commands ----

func (s *Server) listCommands(c *call) {
	s.mu.Lock()
	out := s.commands[c.p("guild")]
	b := mustJSON(nonNilCmds(out))
	s.mu.Unlock()
	c.reply(200, b)
}

func nonNilCmds(cs []*discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
	if cs == nil {
		return []*discordgo.ApplicationCommand{}
	}
	return cs
}

func (s *Server) putCommands(c *call) {
	var cmds []*discordgo.ApplicationCommand
	if err := c.decode(&cmds); err != nil {
		c.fail(err, "")
		return
	}
	guild := c.p("guild")
	if err := validateCommands(cmds); err != nil {
		c.fail(err, "")
		return
	}
	s.mu.Lock()
	for _, cmd := range cmds {
		s.stampCommand(cmd, guild)
	}
	s.commands[guild] = cmds
	b := mustJSON(nonNilCmds(cmds))
	s.notify()
	s.mu.Unlock()
	s.logf("registered %d command(s) for guild %q", len(cmds), guild)
	c.reply(200, b)
}

// stampCommand fills in what Discord adds; ids are stable per name and type.
func (s *Server) stampCommand(cmd *discordgo.ApplicationCommand, guild string) {
	if cmd.Type == 0 {
		cmd.Type = discordgo.ChatApplicationCommand
	}
	key := guild + "/" + strconv.Itoa(int(cmd.Type)) + "/" + cmd.Name
	id, ok := s.commandIDs[key]
	if !ok {
		id = s.newID()
		s.commandIDs[key] = id
	}
	cmd.ID = id
	cmd.ApplicationID = s.appID
	cmd.GuildID = guild
	cmd.Version = s.newID()
}

func (s *Server) postCommand(c *call) {
	var cmd discordgo.ApplicationCommand
	if err := c.decode(&cmd); err != nil {
		c.fail(err, "")
		return
	}
	guild := c.p("guild")
	if err := validateCommands([]*discordgo.ApplicationCommand{&cmd}); err != nil {
		c.fail(err, "")
		return
	}
	s.mu.Lock()
	s.stampCommand(&cmd, guild)
	status := 201
	list := s.commands[guild]
	replaced := false
	for i, old := range list {
		if old.ID == cmd.ID {
			list[i] = &cmd
			replaced = true
			status = 200
		}
	}
	if !replaced {
		list = append(list, &cmd)
	}
	s.commands[guild] = list
	b := mustJSON(&cmd)
	s.notify()
	s.mu.Unlock()
	c.reply(status, b)
}

func (s *Server) deleteCommand(c *call) {
	s.mu.Lock()
	guild := c.p("guild")
	list := s.commands[guild]
	for i, old := range list {
		if old.ID == c.p("cmd") {
			s.commands[guild] = append(list[:i:i], list[i+1:]...)
			s.notify()
			s.mu.Unlock()
			c.noContent()
			return
		}
	}
	s.mu.Unlock()
	c.fail(&apiError{Status: 404, Code: 10063, Message: "Unknown application command", kind: "unknown-command"}, "")
}

// ---- interaction callback ----

func (s *Server) postCallback(c *call) {
	var resp struct {
		Type discordgo.InteractionResponseType `json:"type"`
		Data *wireMessage                      `json:"data"`
	}
	if err := c.decode(&resp); err != nil {
		c.fail(err, c.p("id"))
		return
	}
	if err := s.acceptCallback(c, resp.Type, resp.Data); err != nil {
		c.fail(err, c.p("id"))
		return
	}
	s.logf("callback type %d for interaction %s", resp.Type, c.p("id"))
	if c.r.URL.Query().Get("with_response") != "true" {
		c.noContent()
		return
	}
	// "Returns 204 unless with_response is set to true which returns 200
	// with the body as interaction callback response"
	// (developers/interactions/receiving-and-responding.mdx).
	c.reply(200, s.callbackResponse(c.p("id"), resp.Type))
}

// acceptCallback checks a callback against its interaction (known, not
// acked yet, within the deadline, a type allowed for it), carries it out
// and marks the interaction acked. It takes s.mu.
func (s *Server) acceptCallback(c *call, typ discordgo.InteractionResponseType, data *wireMessage) *apiError {
	s.mu.Lock()
	defer s.mu.Unlock()
	ix := s.ixs[c.p("id")]
	if ix == nil || ix.token != c.p("token") {
		return errUnknownInteraction()
	}
	if ix.acked {
		return errAlreadyAcked()
	}
	now := s.cfg.now()
	if lat := now.Sub(ix.created); lat > s.cfg.deadline {
		e := errUnknownInteraction()
		e.kind = "late-callback"
		e.Message += fmt.Sprintf(" (callback after %v, deadline %v)", lat.Round(time.Millisecond), s.cfg.deadline)
		return e
	}
	if !callbackAllowed(ix, typ) {
		return errInvalid("type: callback type %d is not valid for a %s interaction", typ, ix.typ)
	}
	if data == nil {
		data = &wireMessage{}
	}
	if err := s.fillCallback(c, ix, typ, data, now); err != nil {
		return err
	}
	ix.acked = true
	ix.ackType = typ
	ix.ackAt = now
	keys := []string{ixKey(ix.id), chanKey(ix.channelID)}
	if m := s.messages[ix.componentMsgID]; m != nil {
		keys = append(keys, chanKey(m.ChannelID))
	}
	s.notify(keys...)
	return nil
}

// fillCallback does what a callback of type typ asks: posts, defers or
// updates the message, or records the choices or the modal. Call with
// s.mu held.
func (s *Server) fillCallback(c *call, ix *ixState, typ discordgo.InteractionResponseType, data *wireMessage, now time.Time) *apiError {
	switch typ {
	case discordgo.InteractionResponseChannelMessageWithSource:
		m, err := s.newMessage(ix.channelID, ix.guildID, data, c.files, "response", ix)
		if err != nil {
			return err
		}
		ix.originalID = m.ID
		ix.filled = true
	case discordgo.InteractionResponseDeferredChannelMessageWithSource:
		return s.deferCallback(ix, data, now)
	case discordgo.InteractionResponseDeferredMessageUpdate:
		ix.originalID = ix.componentMsgID
	case discordgo.InteractionResponseUpdateMessage:
		return s.updateCallback(c, ix, data)
	case discordgo.InteractionApplicationCommandAutocompleteResult:
		return autocompleteCallback(ix, data)
	case discordgo.InteractionResponseModal:
		md, err := validateModal(data)
		if err != nil {
			return err
		}
		ix.modal = md
		ix.filled = true
	}
	return nil
}

// deferCallback posts the loading message of a deferred response
// (ephemeral if asked). Call with s.mu held.
func (s *Server) deferCallback(ix *ixState, data *wireMessage, now time.Time) *apiError {
	if data.Flags != nil && *data.Flags&^discordgo.MessageFlagsEphemeral != 0 {
		return errInvalid("flags: only EPHEMERAL may be set on a deferred response")
	}
	if err := s.canCreateIn(ix.channelID); err != nil {
		return err
	}
	m := &Message{ID: s.newID(), ChannelID: ix.channelID, GuildID: ix.guildID, AuthorID: s.bot.ID,
		Source: "response", Created: now, InteractionID: ix.id, Loading: true}
	if data.Flags != nil && *data.Flags&discordgo.MessageFlagsEphemeral != 0 {
		m.Flags = discordgo.MessageFlagsEphemeral
		m.VisibleTo = ix.user.ID
	}
	s.storeMessage(m)
	ix.originalID = m.ID
	return nil
}

// updateCallback edits the message whose component was used. Call with
// s.mu held.
func (s *Server) updateCallback(c *call, ix *ixState, data *wireMessage) *apiError {
	m := s.messages[ix.componentMsgID]
	if m == nil || m.Deleted {
		return errUnknownMessage()
	}
	if err := s.canEditIn(m.ChannelID); err != nil {
		return err
	}
	if data.AllowedMentions != nil {
		// edits never ping; keep the original allowed_mentions
		data.AllowedMentions = nil
	}
	data.edit = true
	if err := s.applyBody(m, data, c.files, true); err != nil {
		return err
	}
	ix.originalID = m.ID
	ix.filled = true
	return nil
}

// autocompleteCallback checks and records the choices of an
// autocomplete result (an empty list, not nil, when none).
func autocompleteCallback(ix *ixState, data *wireMessage) *apiError {
	if len(data.Choices) > 25 {
		return errInvalid("data.choices: at most 25 choices (got %d)", len(data.Choices))
	}
	for i, ch := range data.Choices {
		if ch == nil || len([]rune(ch.Name)) < 1 || len([]rune(ch.Name)) > 100 {
			return errInvalid("data.choices[%d].name: must be 1-100 characters", i)
		}
	}
	ix.choices = data.Choices
	if ix.choices == nil {
		ix.choices = []*discordgo.ApplicationCommandOptionChoice{}
	}
	ix.filled = true
	return nil
}

// callbackResponse is the interaction callback response object: the
// interaction, and for a message it created or updated, the message.
func (s *Server) callbackResponse(id string, typ discordgo.InteractionResponseType) any {
	s.mu.Lock()
	defer s.mu.Unlock()
	ix := s.ixs[id]
	out := map[string]any{"interaction": map[string]any{"id": id, "type": ix.typ}}
	if m := s.messages[ix.originalID]; m != nil && (typ == discordgo.InteractionResponseChannelMessageWithSource || typ == discordgo.InteractionResponseUpdateMessage) {
		out["resource"] = map[string]any{"type": typ, "message": s.messageJSON(m)}
		out["interaction"].(map[string]any)["response_message_id"] = m.ID
	}
	return out
}

func callbackAllowed(ix *ixState, t discordgo.InteractionResponseType) bool {
	switch ix.typ {
	case discordgo.InteractionApplicationCommand:
		return t == 4 || t == 5 || t == 9
	case discordgo.InteractionMessageComponent:
		return t >= 4 && t <= 7 || t == 9
	case discordgo.InteractionApplicationCommandAutocomplete:
		return t == 8
	case discordgo.InteractionModalSubmit:
		if ix.componentMsgID != "" {
			return t >= 4 && t <= 7
		}
		return t == 4 || t == 5
	}
	return false
}

func validateModal(w *wireMessage) (*Modal, *apiError) {
	if w.CustomID == "" || len(w.CustomID) > 100 {
		return nil, errInvalid("data.custom_id: must be 1-100 characters")
	}
	if w.Title == "" || len([]rune(w.Title)) > 45 {
		return nil, errInvalid("data.title: must be 1-45 characters")
	}
	if w.Components == nil || len(*w.Components) < 1 || len(*w.Components) > 5 {
		return nil, errInvalid("data.components: a modal needs 1-5 components")
	}
	cs, err := w.decodedComponents()
	if err != nil {
		return nil, err
	}
	md := &Modal{CustomID: w.CustomID, Title: w.Title, Components: cs}
	if len(md.TextInputs()) == 0 {
		return nil, errInvalid("data.components: a modal needs a text input")
	}
	// "Text Inputs can only be used within modals and must be placed
	// inside a Label" (developers/components/reference.mdx, Text Input);
	// an Action Row of Text Inputs in a modal is deprecated there.
	for i, c := range cs {
		if _, row := c.(*discordgo.ActionsRow); row {
			return nil, errInvalid("data.components[%d]: a modal's text input must be inside a Label (type 18), not an Action Row", i)
		}
	}
	return md, nil
}

// ---- follow-up webhooks ----

// webhookIx finds the interaction of a webhook token. Call with s.mu held.
func (s *Server) webhookIx(token string) (*ixState, *apiError) {
	ix := s.ixByToken[token]
	if ix == nil {
		return nil, errUnknownWebhook()
	}
	if s.cfg.now().Sub(ix.created) > s.cfg.tokenLife {
		return ix, &apiError{Status: 401, Code: 50027, Message: "Invalid Webhook Token", kind: "token-expired"}
	}
	return ix, nil
}

func (s *Server) postFollowup(c *call) {
	var w wireMessage
	if err := c.decode(&w); err != nil {
		c.fail(err, "")
		return
	}
	wait := c.r.URL.Query().Get("wait") == "true"
	var ixID string
	m, err := func() (any, *apiError) {
		s.mu.Lock()
		defer s.mu.Unlock()
		ix, err := s.webhookIx(c.p("token"))
		if ix != nil {
			ixID = ix.id
		}
		if err != nil {
			return nil, err
		}
		if !ix.acked || ix.ackType == discordgo.InteractionApplicationCommandAutocompleteResult || ix.ackType == discordgo.InteractionResponseModal {
			e := errUnknownWebhook()
			e.kind = "followup-before-response"
			return nil, e
		}
		if orig := s.messages[ix.originalID]; orig != nil && orig.Loading && !orig.Deleted {
			// The first follow-up after a deferred (type 5) response fills
			// in the "thinking..." message; it keeps the deferral's flags.
			if err := s.fillDeferred(orig, &w, c.files); err != nil {
				return nil, err
			}
			ix.filled = true
			s.notify()
			return s.messageJSON(orig), nil
		}
		m, err := s.newMessage(ix.channelID, ix.guildID, &w, c.files, "followup", ix)
		if err != nil {
			return nil, err
		}
		ix.followups = append(ix.followups, m.ID)
		ix.filled = true
		s.notify()
		return s.messageJSON(m), nil
	}()
	if err != nil {
		c.fail(err, ixID)
		return
	}
	if wait {
		c.reply(200, m)
	} else {
		c.noContent()
	}
}

// webhookMessage resolves {msg} ("@original" or a follow-up id). Call with s.mu held.
func (s *Server) webhookMessage(c *call) (*ixState, *Message, *apiError) {
	ix, err := s.webhookIx(c.p("token"))
	if err != nil {
		return ix, nil, err
	}
	id := c.p("msg")
	if id == "@original" {
		if !ix.acked || ix.originalID == "" {
			return ix, nil, errUnknownMessage()
		}
		id = ix.originalID
	} else {
		ok := id == ix.originalID
		for _, f := range ix.followups {
			ok = ok || f == id
		}
		if !ok {
			return ix, nil, errUnknownMessage()
		}
	}
	m := s.messages[id]
	if m == nil || m.Deleted {
		return ix, nil, errUnknownMessage()
	}
	return ix, m, nil
}

func (s *Server) getWebhookMessage(c *call) {
	s.mu.Lock()
	ix, m, err := s.webhookMessage(c)
	var out any
	if err == nil {
		out = s.messageJSON(m)
	}
	s.mu.Unlock()
	if err != nil {
		c.fail(err, ixIDOf(ix))
		return
	}
	c.reply(200, out)
}

func ixIDOf(ix *ixState) string {
	if ix == nil {
		return ""
	}
	return ix.id
}

func (s *Server) patchWebhookMessage(c *call) {
	var w wireMessage
	if err := c.decode(&w); err != nil {
		c.fail(err, "")
		return
	}
	var ix *ixState
	out, err := func() (any, *apiError) {
		s.mu.Lock()
		defer s.mu.Unlock()
		var m *Message
		var err *apiError
		ix, m, err = s.webhookMessage(c)
		if err != nil {
			return nil, err
		}
		if err := s.editMessage(m, &w, c.files); err != nil {
			return nil, err
		}
		if m.ID == ix.originalID {
			ix.filled = true
		}
		s.notify(ixKey(ix.id), chanKey(m.ChannelID))
		return s.messageJSON(m), nil
	}()
	if err != nil {
		c.fail(err, ixIDOf(ix))
		return
	}
	c.reply(200, out)
}

// editMessage applies an edit, which pings nobody.
func (s *Server) editMessage(m *Message, w *wireMessage, files []File) *apiError {
	if err := s.canEditIn(m.ChannelID); err != nil {
		return err
	}
	w.Flags = nil
	w.edit = true
	if m.Loading {
		return s.fillDeferred(m, w, files)
	}
	if w.AllowedMentions != nil {
		if _, _, _, err := pings("", w.AllowedMentions); err != nil {
			return err
		}
	}
	return s.applyBody(m, w, files, true)
}

func (s *Server) deleteWebhookMessage(c *call) {
	var ix *ixState
	err := func() *apiError {
		s.mu.Lock()
		defer s.mu.Unlock()
		var m *Message
		var err *apiError
		ix, m, err = s.webhookMessage(c)
		if err != nil {
			return err
		}
		m.Deleted = true
		// Deleting the component's message answers a type 6 deferral;
		// deleting a "thinking" message (type 5) does not: the user sees
		// the answer only in a follow-up.
		if m.ID == ix.originalID && ix.ackType == discordgo.InteractionResponseDeferredMessageUpdate {
			ix.filled = true
		}
		s.notify()
		return nil
	}()
	if err != nil {
		c.fail(err, ixIDOf(ix))
		return
	}
	c.noContent()
}

// ---- channels and messages ----

// channelOf finds a channel or thread the bot can post in. Call with s.mu held.
func (s *Server) channelOf(id string) (guildID string, e *apiError) {
	if t := s.threads[id]; t != nil && !t.Deleted {
		return t.GuildID, nil
	}
	if ch := s.channels[id]; ch != nil {
		return ch.GuildID, nil
	}
	return "", errUnknownChannel()
}

func (s *Server) channelJSON(id string) any {
	if t := s.threads[id]; t != nil {
		return s.threadJSON(t)
	}
	ch := s.channels[id]
	return &discordgo.Channel{ID: ch.ID, GuildID: ch.GuildID, Type: ch.Type, Name: ch.Name,
		PermissionOverwrites: []*discordgo.PermissionOverwrite{}}
}

func (s *Server) threadJSON(t *Thread) *discordgo.Channel {
	ch := &discordgo.Channel{
		ID: t.ID, GuildID: t.GuildID, ParentID: t.ParentID, Name: t.Name, Type: t.Type, OwnerID: t.OwnerID,
		MemberCount: len(t.Members), MessageCount: len(s.channelOrder[t.ID]),
		ThreadMetadata: &discordgo.ThreadMetadata{Archived: t.Archived, Locked: t.Locked, Invitable: t.Invitable,
			AutoArchiveDuration: t.AutoArchiveDuration, ArchiveTimestamp: t.ActiveAt},
	}
	if t.Archived && !t.ArchivedAt.IsZero() {
		ch.ThreadMetadata.ArchiveTimestamp = t.ArchivedAt
	}
	if t.HasMember(s.bot) {
		// "getting a channel will return the thread member object for
		// the current user ... if the current user is a member"
		// (developers/topics/threads.mdx)
		ch.Member = &discordgo.ThreadMember{ID: t.ID, UserID: s.bot.ID, JoinTimestamp: t.ActiveAt}
	}
	return ch
}

func (s *Server) getChannel(c *call) {
	s.mu.Lock()
	_, err := s.channelOf(c.p("ch"))
	if err == nil {
		err = s.checkView(c.p("ch"))
	}
	var out any
	if err == nil {
		out = s.channelJSON(c.p("ch"))
	}
	s.mu.Unlock()
	if err != nil {
		c.fail(err, "")
		return
	}
	c.reply(200, out)
}

func (s *Server) postMessage(c *call) {
	var w wireMessage
	if err := c.decode(&w); err != nil {
		c.fail(err, "")
		return
	}
	out, err := func() (any, *apiError) {
		s.mu.Lock()
		defer s.mu.Unlock()
		guild, err := s.channelOf(c.p("ch"))
		if err != nil {
			return nil, err
		}
		if err := s.checkSend(c.p("ch"), &w, c.files, false); err != nil {
			return nil, err
		}
		if err := s.checkDMOpen(c.p("ch")); err != nil {
			return nil, err
		}
		if isThreadOnly(s.channelTypeLocked(c.p("ch"))) {
			// "Messages cannot be sent directly in forum channels"
			// (developers/topics/threads.mdx "Forums"); code 40058 in
			// developers/topics/opcodes-and-status-codes.mdx.
			return nil, &apiError{Status: 400, Code: 40058, Message: "Cannot send a message in a forum channel", kind: "bad-channel-type"}
		}
		nonce, err := nonceOf(w.Nonce)
		if err != nil {
			return nil, err
		}
		if prev := s.sentWithNonce(nonce, w.EnforceNonce); prev != nil {
			return s.messageJSON(prev), nil
		}
		m, err := s.newMessage(c.p("ch"), guild, &w, c.files, "channel", nil)
		if err != nil {
			return nil, err
		}
		if nonce != "" {
			m.Nonce = nonce
			s.nonces[nonce] = sentNonce{id: m.ID, at: s.cfg.now()}
		}
		s.hideEmbeds(c, m)
		s.notify(chanKey(m.ChannelID))
		return s.messageJSON(m), nil
	}()
	if err != nil && err.kind == "dm-closed" {
		c.reply(err.Status, err) // Discord's answer to a valid request
		return
	}
	if err != nil {
		c.fail(err, "")
		return
	}
	c.reply(200, out)
}

// channelMessage finds a message posted in the channel that the channel
// endpoints can see (ephemeral messages are invisible to them).
func (s *Server) channelMessage(c *call) (*Message, *apiError) {
	if _, err := s.channelOf(c.p("ch")); err != nil {
		return nil, err
	}
	if err := s.checkView(c.p("ch")); err != nil {
		return nil, err
	}
	m := s.messages[c.p("msg")]
	if m == nil || m.Deleted || m.ChannelID != c.p("ch") || m.Ephemeral() {
		return nil, errUnknownMessage()
	}
	return m, nil
}

func (s *Server) getMessage(c *call) {
	s.mu.Lock()
	m, err := s.channelMessage(c)
	if err == nil {
		// Get Channel Message needs VIEW_CHANNEL and READ_MESSAGE_HISTORY
		// (developers/resources/message.mdx "Get Channel Message").
		err = s.checkPerm(c.p("ch"), discordgo.PermissionReadMessageHistory, "READ_MESSAGE_HISTORY")
	}
	var out any
	if err == nil {
		out = s.messageJSON(m)
	}
	s.mu.Unlock()
	if err != nil {
		c.fail(err, "")
		return
	}
	c.reply(200, out)
}

func (s *Server) listMessages(c *call) {
	limit := 50
	if l := c.r.URL.Query().Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > 100 {
			c.fail(errInvalid("limit: must be 1-100"), "")
			return
		}
		limit = n
	}
	s.mu.Lock()
	_, err := s.channelOf(c.p("ch"))
	if err == nil {
		err = s.checkView(c.p("ch"))
	}
	var out []any
	// "If the current user is missing the READ_MESSAGE_HISTORY permission
	// in the channel, then no messages will be returned"
	// (developers/resources/message.mdx "Get Channel Messages").
	if err == nil && (!s.guildChannelLocked(c.p("ch")) || s.botHasLocked(c.p("ch"), discordgo.PermissionReadMessageHistory)) {
		ids := s.channelOrder[c.p("ch")]
		for i := len(ids) - 1; i >= 0 && len(out) < limit; i-- {
			m := s.messages[ids[i]]
			if !m.Deleted && !m.Ephemeral() {
				out = append(out, s.messageJSON(m))
			}
		}
	}
	s.mu.Unlock()
	if err != nil {
		c.fail(err, "")
		return
	}
	if out == nil {
		out = []any{}
	}
	c.reply(200, out)
}

func (s *Server) patchMessage(c *call) {
	var w wireMessage
	if err := c.decode(&w); err != nil {
		c.fail(err, "")
		return
	}
	out, err := func() (any, *apiError) {
		s.mu.Lock()
		defer s.mu.Unlock()
		m, err := s.channelMessage(c)
		if err != nil {
			return nil, err
		}
		if err := s.checkSend(m.ChannelID, &w, c.files, true); err != nil {
			return nil, err
		}
		if err := s.editMessage(m, &w, c.files); err != nil {
			return nil, err
		}
		if w.Embeds != nil {
			s.hideEmbeds(c, m)
		}
		s.markFilled(m.ID, false)
		s.notify()
		return s.messageJSON(m), nil
	}()
	if err != nil {
		c.fail(err, "")
		return
	}
	c.reply(200, out)
}

// markFilled completes a deferral answered through the channel endpoints:
// an edit of its message (the "thinking" message of type 5, the component's
// message of type 6), or the deletion of the component's message.
func (s *Server) markFilled(msgID string, deleted bool) {
	for _, ix := range s.ixOrder {
		if ix.acked && !ix.filled && ix.originalID == msgID &&
			(!deleted || ix.ackType == discordgo.InteractionResponseDeferredMessageUpdate) {
			ix.filled = true
		}
	}
}

func (s *Server) deleteMessage(c *call) {
	err := func() *apiError {
		s.mu.Lock()
		defer s.mu.Unlock()
		m, err := s.channelMessage(c)
		if err != nil {
			return err
		}
		if err := s.canDeleteIn(m.ChannelID); err != nil {
			return err
		}
		m.Deleted = true
		s.markFilled(m.ID, true)
		s.notify()
		return nil
	}()
	if err != nil {
		c.fail(err, "")
		return
	}
	c.noContent()
}

// ---- threads ----

func (s *Server) postThread(c *call) {
	var ts threadStartBody
	if err := c.decode(&ts); err != nil {
		c.fail(err, "")
		return
	}
	out, err := s.createThread(c, &ts)
	if err != nil {
		c.fail(err, "")
		return
	}
	c.reply(201, out)
}

// threadStartBody is the body of a thread creation: Discord's
// ThreadStart, with the first message of a forum or media post.
type threadStartBody struct {
	discordgo.ThreadStart
	Message *wireMessage `json:"message"` // forum and media channels
}

// createThread checks and creates the thread ts asks for in channel ch
// (from message msg when given), and returns its JSON, with the starter
// message for a forum post. It takes s.mu.
func (s *Server) createThread(c *call, ts *threadStartBody) (any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	parent := c.p("ch")
	if s.threads[parent] != nil {
		return nil, errBadChannelType() // no threads inside threads
	}
	guild, err := s.channelOf(parent)
	if err != nil {
		return nil, err
	}
	if err := s.checkView(parent); err != nil {
		return nil, err
	}
	if n := len([]rune(ts.Name)); n < 1 || n > 100 {
		return nil, errInvalid("name: must be 1-100 characters")
	}
	switch ts.AutoArchiveDuration {
	case 0, 60, 1440, 4320, 10080:
	default:
		return nil, errInvalid("auto_archive_duration: must be one of 60, 1440, 4320, 10080")
	}
	if ts.AutoArchiveDuration == 0 {
		ts.AutoArchiveDuration = 4320
	}
	t := &Thread{ParentID: parent, GuildID: guild, Name: ts.Name, Invitable: ts.Invitable, OwnerID: s.bot.ID,
		AutoArchiveDuration: ts.AutoArchiveDuration, Members: []string{s.bot.ID}, ActiveAt: s.cfg.now()}
	typ, err := s.threadType(parent, c.p("msg") != "", ts.Type, ts.Message != nil)
	if err != nil {
		return nil, err
	}
	t.Type = typ
	if t.Type != discordgo.ChannelTypeGuildPrivateThread {
		t.Invitable = false
	}
	if err := s.threadFromMessage(t, c.p("msg"), parent); err != nil {
		return nil, err
	}
	var starter *Message
	if isThreadOnly(s.channelTypeLocked(parent)) {
		if starter, err = s.forumPost(c, t, guild, ts.Message); err != nil {
			return nil, err
		}
	}
	s.threads[t.ID] = t
	s.threadOrder = append(s.threadOrder, t.ID)
	s.notify()
	if starter != nil {
		return struct {
			*discordgo.Channel
			Message any `json:"message"`
		}{s.threadJSON(t), s.messageJSON(starter)}, nil
	}
	return s.threadJSON(t), nil
}

// threadFromMessage gives t its id: that of message msgID, which it
// marks as the thread's start, or a new one when msgID is empty. Call
// with s.mu held.
func (s *Server) threadFromMessage(t *Thread, msgID, parent string) *apiError {
	if msgID == "" {
		t.ID = s.newID()
		return nil
	}
	m := s.messages[msgID]
	if m == nil || m.Deleted || m.ChannelID != parent || m.Ephemeral() {
		return errUnknownMessage()
	}
	if m.ThreadID != "" {
		return &apiError{Status: 400, Code: 160004, Message: "A thread has already been created for this message", kind: "thread-exists"}
	}
	t.ID = m.ID // a thread started from a message has the message's id
	t.FromMessageID = m.ID
	m.ThreadID = t.ID
	m.Flags |= discordgo.MessageFlagsHasThread
	return nil
}

// forumPost posts the first message of forum or media thread t, which
// takes the thread's id. Call with s.mu held.
func (s *Server) forumPost(c *call, t *Thread, guild string, w *wireMessage) (*Message, *apiError) {
	// A forum post is a thread and its first message, with the
	// thread's id (threads.mdx "Creating Threads in Forum and
	// Media Channels").
	s.threads[t.ID] = t
	m, err := s.newMessage(t.ID, guild, w, c.files, "channel", nil)
	if err != nil {
		delete(s.threads, t.ID)
		return nil, err
	}
	s.channelOrder[t.ID] = s.channelOrder[t.ID][:len(s.channelOrder[t.ID])-1]
	delete(s.messages, m.ID)
	m.ID = t.ID
	s.messages[m.ID] = m
	s.channelOrder[t.ID] = append(s.channelOrder[t.ID], m.ID)
	s.hideEmbeds(c, m)
	return m, nil
}

func errBadChannelType() *apiError {
	// 50024 "Cannot execute action on this channel type"
	// (developers/topics/opcodes-and-status-codes.mdx).
	return &apiError{Status: 400, Code: 50024, Message: "Cannot execute action on this channel type", kind: "bad-channel-type"}
}

// threadType decides the type of a new thread from the parent's type and
// checks the bot's permission to create it, after
// developers/resources/channel.mdx "Start Thread from Message" (GUILD_TEXT
// -> PUBLIC_THREAD, GUILD_ANNOUNCEMENT -> ANNOUNCEMENT_THREAD, not in forum
// or media channels), "Start Thread without Message" (type defaults to
// PRIVATE_THREAD; a PRIVATE_THREAD is "a temporary sub-channel within a
// GUILD_TEXT channel", an ANNOUNCEMENT_THREAD one "within a
// GUILD_ANNOUNCEMENT channel") and "Start Thread in Forum or Media Channel"
// (a PUBLIC_THREAD with a message; SEND_MESSAGES, "CREATE_PUBLIC_THREADS is
// ignored"). CREATE_PUBLIC_THREADS and CREATE_PRIVATE_THREADS are from
// developers/topics/permissions.mdx. The docs give no code for a wrong
// type; the stand-in answers 50024, the code for a wrong channel type.
// Call with s.mu held.
func (s *Server) threadType(parent string, fromMessage bool, asked discordgo.ChannelType, withMessage bool) (discordgo.ChannelType, *apiError) {
	pt := s.channelTypeLocked(parent)
	switch {
	case isThreadOnly(pt):
		if fromMessage {
			return 0, errBadChannelType()
		}
		if !withMessage {
			return 0, errInvalid("message: a thread in a forum or media channel needs a message")
		}
		return discordgo.ChannelTypeGuildPublicThread, s.checkPerm(parent, discordgo.PermissionSendMessages, "SEND_MESSAGES")
	case pt != discordgo.ChannelTypeGuildText && pt != discordgo.ChannelTypeGuildNews:
		return 0, errBadChannelType()
	case withMessage:
		return 0, errInvalid("message: only in forum and media channels")
	}
	news := pt == discordgo.ChannelTypeGuildNews
	if fromMessage {
		asked = discordgo.ChannelTypeGuildPublicThread
		if news {
			asked = discordgo.ChannelTypeGuildNewsThread
		}
	} else if asked == 0 {
		asked = discordgo.ChannelTypeGuildPrivateThread // the v9 default
	}
	switch {
	case asked == discordgo.ChannelTypeGuildNewsThread && news,
		asked == discordgo.ChannelTypeGuildPublicThread && !news:
		return asked, s.checkPerm(parent, discordgo.PermissionCreatePublicThreads, "CREATE_PUBLIC_THREADS")
	case asked == discordgo.ChannelTypeGuildPrivateThread && !news:
		return asked, s.checkPerm(parent, discordgo.PermissionCreatePrivateThreads, "CREATE_PRIVATE_THREADS")
	case asked == discordgo.ChannelTypeGuildNewsThread, asked == discordgo.ChannelTypeGuildPublicThread,
		asked == discordgo.ChannelTypeGuildPrivateThread:
		return 0, errBadChannelType()
	}
	return 0, errInvalid("type: must be 10, 11 or 12")
}

func (s *Server) thread(id string) (*Thread, *apiError) {
	t := s.threads[id]
	if t == nil || t.Deleted {
		if s.channels[id] != nil {
			return nil, errBadChannelType()
		}
		return nil, errUnknownChannel()
	}
	if err := s.checkView(id); err != nil {
		return nil, err
	}
	return t, nil
}

func (s *Server) putThreadMember(c *call) {
	err := func() *apiError {
		s.mu.Lock()
		defer s.mu.Unlock()
		t, err := s.thread(c.p("ch"))
		if err != nil {
			return err
		}
		if t.Archived {
			return errThreadArchived()
		}
		u := c.p("user")
		if u == "@me" {
			u = s.bot.ID
		}
		// Adding another member "Requires the ability to send messages in
		// the thread" (developers/resources/channel.mdx "Add Thread Member").
		if u != s.bot.ID {
			if err := s.checkPerm(t.ID, discordgo.PermissionSendMessagesInThreads, "SEND_MESSAGES_IN_THREADS"); err != nil {
				return err
			}
		}
		if _, ok := s.usersByID[u]; !ok {
			return &apiError{Status: 404, Code: 10007, Message: "Unknown Member", kind: "unknown-member"}
		}
		for _, m := range t.Members {
			if m == u {
				return nil
			}
		}
		t.Members = append(t.Members, u)
		s.notify()
		return nil
	}()
	if err != nil {
		c.fail(err, "")
		return
	}
	c.noContent()
}

func (s *Server) deleteThreadMember(c *call) {
	err := func() *apiError {
		s.mu.Lock()
		defer s.mu.Unlock()
		t, err := s.thread(c.p("ch"))
		if err != nil {
			return err
		}
		if t.Archived {
			return errThreadArchived()
		}
		u := c.p("user")
		if u == "@me" {
			u = s.bot.ID
		}
		// Removing another member "Requires the MANAGE_THREADS permission,
		// or the creator of the thread if it is a PRIVATE_THREAD"
		// (developers/resources/channel.mdx "Remove Thread Member").
		if u != s.bot.ID && !(t.Private() && t.OwnerID == s.bot.ID) {
			if err := s.checkPerm(t.ID, discordgo.PermissionManageThreads, "MANAGE_THREADS"); err != nil {
				return err
			}
		}
		for i, m := range t.Members {
			if m == u {
				t.Members = append(t.Members[:i:i], t.Members[i+1:]...)
				s.notify()
				return nil
			}
		}
		return &apiError{Status: 404, Code: 10007, Message: "Unknown Member", kind: "unknown-member"}
	}()
	if err != nil {
		c.fail(err, "")
		return
	}
	c.noContent()
}

func (s *Server) patchChannel(c *call) {
	var e discordgo.ChannelEdit
	if err := c.decode(&e); err != nil {
		c.fail(err, "")
		return
	}
	out, err := func() (any, *apiError) {
		s.mu.Lock()
		defer s.mu.Unlock()
		id := c.p("ch")
		if _, err := s.channelOf(id); err != nil {
			return nil, err
		}
		if err := s.checkView(id); err != nil {
			return nil, err
		}
		t := s.threads[id]
		if t == nil {
			if e.Archived != nil || e.Locked != nil || e.Invitable != nil || e.AutoArchiveDuration != 0 {
				return nil, errBadChannelType()
			}
			// Modify Channel on a guild channel requires MANAGE_CHANNELS
			// (developers/resources/channel.mdx "Modify Channel").
			if err := s.checkPerm(id, discordgo.PermissionManageChannels, "MANAGE_CHANNELS"); err != nil {
				return nil, err
			}
			if e.Name != "" {
				s.channels[id].Name = e.Name
			}
			s.notify()
			return s.channelJSON(id), nil
		}
		if err := s.checkThreadEdit(t, &e); err != nil {
			return nil, err
		}
		if e.Name != "" {
			if n := len([]rune(e.Name)); n > 100 {
				return nil, errInvalid("name: must be 1-100 characters")
			}
			t.Name = e.Name
		}
		switch e.AutoArchiveDuration {
		case 0:
		case 60, 1440, 4320, 10080:
			t.AutoArchiveDuration = e.AutoArchiveDuration
			s.touchThread(t) // changing the auto-archive time is activity
		default:
			return nil, errInvalid("auto_archive_duration: must be one of 60, 1440, 4320, 10080")
		}
		if e.Invitable != nil {
			if !t.Private() {
				return nil, errInvalid("invitable: only private threads")
			}
			t.Invitable = *e.Invitable
		}
		if e.Locked != nil {
			t.Locked = *e.Locked
		}
		if e.Archived != nil {
			if t.Archived && !*e.Archived {
				s.touchThread(t) // unarchiving is activity
			}
			if !t.Archived && *e.Archived {
				t.ArchivedAt = s.cfg.now()
			}
			t.Archived = *e.Archived
		}
		s.notify()
		return s.threadJSON(t), nil
	}()
	if err != nil {
		c.fail(err, "")
		return
	}
	c.reply(200, out)
}

func (s *Server) deleteChannel(c *call) {
	out, err := func() (any, *apiError) {
		s.mu.Lock()
		defer s.mu.Unlock()
		t, err := s.thread(c.p("ch"))
		if err != nil {
			if err.Code == 50024 {
				return nil, errMissingPermissions("MANAGE_CHANNELS")
			}
			return nil, err
		}
		// "Deleting a thread requires the MANAGE_THREADS permission"
		// (developers/topics/threads.mdx).
		if err := s.checkPerm(t.ID, discordgo.PermissionManageThreads, "MANAGE_THREADS"); err != nil {
			return nil, err
		}
		t.Deleted = true
		s.notify()
		return s.threadJSON(t), nil
	}()
	if err != nil {
		c.fail(err, "")
		return
	}
	c.reply(200, out)
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// NonceWindow is how long the stand-in remembers a create's nonce for
// enforce_nonce: Discord says "the past few minutes"
// (developers/resources/message.mdx, "Create Message"); two minutes is
// the cautious reading.
const NonceWindow = 2 * time.Minute

type sentNonce struct {
	id string
	at time.Time
}

// nonceOf reads a create's nonce, "integer or string (up to 25
// characters)" (developers/resources/message.mdx, "Create Message").
func nonceOf(raw json.RawMessage) (string, *apiError) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil
	}
	var str string
	if json.Unmarshal(raw, &str) != nil {
		var n json.Number
		if json.Unmarshal(raw, &n) != nil {
			return "", errInvalid("nonce: must be an integer or a string")
		}
		str = n.String()
	}
	if len(str) > 25 {
		return "", errInvalid("nonce: must be 25 or fewer in length")
	}
	return str, nil
}

// sentWithNonce is the message the bot created with this nonce within
// NonceWindow, when enforce_nonce asks for it: "If another message was
// created by the same author with the same nonce, that message will be
// returned and no new message will be created."
func (s *Server) sentWithNonce(nonce string, enforce bool) *Message {
	if nonce == "" || !enforce {
		return nil
	}
	sent, ok := s.nonces[nonce]
	if !ok || s.cfg.now().Sub(sent.at) > NonceWindow {
		return nil
	}
	if m := s.messages[sent.id]; m != nil && !m.Deleted {
		s.nonceHits++
		return m
	}
	return nil
}

// NonceHits counts creates that enforce_nonce answered with an existing
// message instead of a new one.
func (s *Server) NonceHits() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.nonceHits
}
