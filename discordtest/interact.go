package discordtest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// ixState is the stand-in's record of one interaction; guarded by Server.mu.
type ixState struct {
	id, token      string
	typ            discordgo.InteractionType
	name           string // command name or custom_id
	user           User
	guildID        string
	channelID      string
	componentMsgID string
	created        time.Time
	delivered      bool
	payload        []byte
	lastSent       *Delivery // the last HTTP request that carried it

	acked      bool
	ackType    discordgo.InteractionResponseType
	ackAt      time.Time
	filled     bool
	originalID string
	followups  []string
	choices    []*discordgo.ApplicationCommandOptionChoice
	modal      *Modal
}

func (ix *ixState) describe() string {
	switch ix.typ {
	case discordgo.InteractionApplicationCommand:
		return "/" + ix.name
	case discordgo.InteractionApplicationCommandAutocomplete:
		return "autocomplete /" + ix.name
	case discordgo.InteractionModalSubmit:
		return "modal " + ix.name
	}
	return "component " + ix.name
}

// Interaction is a handle on an interaction a user made.
type Interaction struct {
	ID        string
	Token     string
	Type      discordgo.InteractionType
	User      User
	GuildID   string
	ChannelID string
	// Delivered is false when no bot session could receive it.
	Delivered bool

	s  *Server
	st *ixState
}

// complete reports whether the user sees the final answer.
func (ix *ixState) complete() bool {
	if !ix.acked {
		return false
	}
	switch ix.ackType {
	case discordgo.InteractionResponseDeferredChannelMessageWithSource, discordgo.InteractionResponseDeferredMessageUpdate:
		return ix.filled
	}
	return true
}

// Acked reports whether the bot has sent the interaction callback.
func (ix *Interaction) Acked() bool {
	ix.s.mu.Lock()
	defer ix.s.mu.Unlock()
	return ix.st.acked
}

// CustomID is the clicked component's or submitted modal's custom_id,
// or "" for a command.
func (ix *Interaction) CustomID() string {
	switch ix.st.typ {
	case discordgo.InteractionMessageComponent, discordgo.InteractionModalSubmit:
		return ix.st.name
	}
	return ""
}

// Payload is the INTERACTION_CREATE data as dispatched (JSON).
func (ix *Interaction) Payload() []byte { return ix.st.payload }

// Response returns what the user sees now, or nil before the callback.
func (ix *Interaction) Response() *Response {
	ix.s.mu.Lock()
	defer ix.s.mu.Unlock()
	return ix.s.responseLocked(ix.st)
}

func (s *Server) responseLocked(st *ixState) *Response {
	if !st.acked {
		return nil
	}
	r := &Response{Type: st.ackType, Latency: st.ackAt.Sub(st.created), Choices: st.choices, Modal: st.modal}
	if m := s.messages[st.originalID]; m != nil {
		r.Message = m.snapshot()
	}
	for _, id := range st.followups {
		if m := s.messages[id]; m != nil {
			r.Followups = append(r.Followups, m.snapshot())
		}
	}
	return r
}

// Wait waits for the answer the user sees: the callback and, after a
// deferral (type 5 or 6), the edit of @original (or a follow-up, or a
// channel-endpoint edit of the component's message) that completes it.
func (ix *Interaction) Wait(ctx context.Context) (*Response, error) {
	return ix.wait(ctx, false)
}

// WaitAck waits only for the callback.
func (ix *Interaction) WaitAck(ctx context.Context) (*Response, error) {
	return ix.wait(ctx, true)
}

func (ix *Interaction) wait(ctx context.Context, ackOnly bool) (*Response, error) {
	var r *Response
	err := ix.s.waitKeyed(ctx, ixKey(ix.st.id), "the answer to "+ix.st.describe(), func() bool {
		if ix.st.acked && (ackOnly || ix.st.complete()) {
			r = ix.s.responseLocked(ix.st)
			return true
		}
		return false
	})
	if err != nil {
		var extra []string
		for _, f := range ix.s.failuresLocked(ix.ID) {
			extra = append(extra, f.String())
		}
		if len(extra) > 0 {
			err = fmt.Errorf("%w; the stand-in refused: %s", err, strings.Join(extra, "; "))
		}
	}
	return r, err
}

func (s *Server) failuresLocked(ixID string) []Failure {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Failure
	for _, f := range s.failures {
		if f.InteractionID == ixID {
			out = append(out, f)
		}
	}
	return out
}

// Expect is Wait with the server's wait timeout that fails the test on
// timeout. Call it from the test goroutine.
func (ix *Interaction) Expect() *Response {
	ix.s.t.Helper()
	ctx, cancel := ix.s.expectCtx()
	defer cancel()
	r, err := ix.Wait(ctx)
	if err != nil {
		ix.s.t.Fatalf("%v", err)
	}
	return r
}

// Failures lists the refused calls for this interaction (late or second
// callbacks, edits before the callback, ...).
func (ix *Interaction) Failures() []Failure { return ix.s.failuresLocked(ix.ID) }

// ---- people, guilds, channels ----

// User returns the user with this name, creating it (with a fresh id) on
// first use.
func (s *Server) User(name string) User {
	s.mu.Lock()
	defer s.mu.Unlock()
	if u, ok := s.users[name]; ok {
		return u
	}
	u := User{ID: s.newID(), Username: name}
	s.users[name] = u
	s.usersByID[u.ID] = u
	return u
}

// NewChannel creates a text channel in the guild and returns its id.
func (s *Server) NewChannel(guildID string) string {
	id := s.newID()
	s.AddChannel(guildID, id)
	return id
}

// AddChannel makes a text channel known (the bot may post in channels it
// has seen: those added here and those where someone used the bot).
func (s *Server) AddChannel(guildID, channelID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ensureChannel(guildID, channelID)
}

func (s *Server) ensureChannel(guildID, channelID string) error {
	if t := s.threads[channelID]; t != nil {
		if t.GuildID != guildID {
			return fmt.Errorf("thread %s belongs to guild %s, not %q", channelID, t.GuildID, guildID)
		}
		return nil
	}
	if ch := s.channels[channelID]; ch != nil {
		if ch.GuildID != guildID {
			return fmt.Errorf("channel %s belongs to guild %q, not %q", channelID, ch.GuildID, guildID)
		}
		return nil
	}
	typ := discordgo.ChannelTypeGuildText
	if guildID == "" {
		typ = discordgo.ChannelTypeDM
	}
	s.channels[channelID] = &channel{ID: channelID, GuildID: guildID, Type: typ, Name: "channel-" + channelID}
	return nil
}

// canInteractIn is what a Discord client lets a user do: "Users cannot
// ... use application commands ... in archived threads"
// (developers/topics/threads.mdx), and a forum or media channel has no
// chat to type a command in (threads.mdx "Forums"). Call with s.mu held.
func (s *Server) canInteractIn(typ discordgo.InteractionType, channelID string) error {
	if typ != discordgo.InteractionApplicationCommand && typ != discordgo.InteractionApplicationCommandAutocomplete {
		return nil
	}
	if t := s.threads[channelID]; t != nil && t.Archived {
		return fmt.Errorf("discordtest: thread %s is archived: Discord does not let users run commands there", channelID)
	}
	if isThreadOnly(s.channelTypeLocked(channelID)) {
		return fmt.Errorf("discordtest: channel %s is a forum or media channel: it has no chat to run commands in", channelID)
	}
	return nil
}

func (s *Server) learnUser(u User) error {
	if u.ID == "" {
		return errors.New("discordtest: user without an id (use Server.User)")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.usersByID[u.ID]; !ok {
		s.usersByID[u.ID] = u
	}
	return nil
}

// ---- building and dispatching interactions ----

const defaultPermissions = 0x0000_0000_0000_0400 | 0x0000_0000_0000_0800 | 0x0000_0000_8000_0000 | 0x0000_0000_0001_0000 | 0x0000_0040_0000_0000

func (s *Server) baseInteraction(u User, typ discordgo.InteractionType, channelID, guildID, locale string) (*discordgo.Interaction, error) {
	if err := s.learnUser(u); err != nil {
		return nil, err
	}
	if channelID == "" {
		return nil, errors.New("discordtest: interaction without a channel id")
	}
	if locale == "" {
		locale = u.Locale
	}
	if locale == "" {
		locale = string(discordgo.EnglishUS)
	}
	if _, ok := discordgo.Locales[discordgo.Locale(locale)]; !ok {
		return nil, fmt.Errorf("discordtest: %q is not a Discord locale", locale)
	}
	s.mu.Lock()
	s.autoArchiveLocked()
	err := s.ensureChannel(guildID, channelID)
	var appPerms int64
	var gl discordgo.Locale
	if err == nil && guildID == "" {
		err = s.ownDMLocked(u, channelID)
	}
	if err == nil {
		err = s.canInteractIn(typ, channelID)
		// app_permissions: "Bitwise set of permissions the app has in the
		// source location of the interaction"; guild_locale: "Guild's
		// preferred locale, if invoked in a guild"
		// (developers/interactions/receiving-and-responding.mdx).
		appPerms = s.botPermsLocked(channelID)
		gl = s.guildLocaleLocked(guildID)
	}
	s.mu.Unlock()
	if err != nil {
		return nil, err
	}
	i := &discordgo.Interaction{
		ID: s.newID(), AppID: s.appID, Type: typ, GuildID: guildID, ChannelID: channelID,
		Locale: discordgo.Locale(locale), Token: "ixt." + s.newID() + ".stand-in", Version: 1,
		AppPermissions: appPerms, Entitlements: []*discordgo.Entitlement{},
	}
	if guildID != "" {
		i.GuildLocale = &gl
		perms := u.Permissions
		if perms == 0 {
			perms = defaultPermissions
		}
		roles := u.Roles
		if roles == nil {
			roles = []string{}
		}
		i.Member = &discordgo.Member{GuildID: guildID, User: u.discord(), Roles: roles, Permissions: perms, JoinedAt: s.cfg.now().Add(-24 * time.Hour)}
		i.Context = discordgo.InteractionContextGuild
		i.AuthorizingIntegrationOwners = map[discordgo.ApplicationIntegrationType]string{discordgo.ApplicationIntegrationGuildInstall: guildID}
	} else {
		i.User = u.discord()
		i.Context = discordgo.InteractionContextBotDM
		i.AuthorizingIntegrationOwners = map[discordgo.ApplicationIntegrationType]string{discordgo.ApplicationIntegrationGuildInstall: "0"}
	}
	return i, nil
}

// Dispatch sends any interaction payload as INTERACTION_CREATE, filling in
// the id, token, application id, version and locale when empty. It does no
// validation: use it for hostile or unusual input. The user is taken from
// Member.User or User.
func (s *Server) Dispatch(i *discordgo.Interaction) *Interaction {
	if i.ID == "" {
		i.ID = s.newID()
	}
	if i.Token == "" {
		i.Token = "ixt." + s.newID() + ".stand-in"
	}
	if i.AppID == "" {
		i.AppID = s.appID
	}
	if i.Version == 0 {
		i.Version = 1
	}
	if i.Locale == "" {
		i.Locale = discordgo.EnglishUS
	}
	var u User
	if i.Member != nil && i.Member.User != nil {
		u = User{ID: i.Member.User.ID, Username: i.Member.User.Username}
	} else if i.User != nil {
		u = User{ID: i.User.ID, Username: i.User.Username}
	}
	if u.ID != "" {
		_ = s.learnUser(u)
	}
	s.mu.Lock()
	if i.ChannelID != "" {
		_ = s.ensureChannel(i.GuildID, i.ChannelID)
	}
	s.mu.Unlock()
	name := ""
	switch d := i.Data.(type) {
	case discordgo.ApplicationCommandInteractionData:
		name = d.Name
	case discordgo.MessageComponentInteractionData:
		name = d.CustomID
	case discordgo.ModalSubmitInteractionData:
		name = d.CustomID
	}
	return s.dispatch(i, u, name)
}

func (s *Server) dispatch(i *discordgo.Interaction, u User, name string) *Interaction {
	st := &ixState{id: i.ID, token: i.Token, typ: i.Type, name: name, user: u, guildID: i.GuildID, channelID: i.ChannelID}
	s.mu.Lock()
	var msgJSON any
	if i.Message != nil {
		st.componentMsgID = i.Message.ID
		if m := s.messages[i.Message.ID]; m != nil {
			msgJSON = s.messageJSON(m)
		} else {
			msgJSON = i.Message
		}
	}
	var chJSON any
	if s.channels[i.ChannelID] != nil || s.threads[i.ChannelID] != nil {
		chJSON = s.channelJSON(i.ChannelID)
	}
	s.mu.Unlock()
	// Encoded outside the lock, as replies are: the snapshots share
	// nothing an edit changes in place.
	payload := mustJSON(struct {
		*discordgo.Interaction
		Message             any `json:"message,omitempty"`
		Channel             any `json:"channel,omitempty"`
		AttachmentSizeLimit int `json:"attachment_size_limit"`
	}{i, msgJSON, chJSON, maxFileSize})
	payload = dropAbsent(payload)
	s.mu.Lock()
	defer s.mu.Unlock()
	st.payload = payload
	st.created = s.cfg.now()
	s.ixs[st.id] = st
	s.ixByToken[st.token] = st
	s.ixOrder = append(s.ixOrder, st)
	s.lastSeen = time.Now()
	if s.ep.url != "" {
		st.delivered = s.deliverLocked(st)
	} else if sess := s.sessionFor(i.GuildID); sess != nil {
		st.delivered = true
		s.gwDispatch(sess, "INTERACTION_CREATE", payload)
	}
	s.notify(ixKey(st.id)) // a new interaction: no message changed
	s.logf("dispatch %s by %s (delivered %v)", st.describe(), u.Username, st.delivered)
	return &Interaction{ID: st.id, Token: st.token, Type: st.typ, User: u, GuildID: st.guildID, ChannelID: st.channelID,
		Delivered: st.delivered, s: s, st: st}
}

func (s *Server) must(ix *Interaction, err error) *Interaction {
	s.t.Helper()
	if err != nil {
		s.t.Fatalf("%v", err)
	}
	return ix
}

// Slash runs a chat-input command as the user types it. name may include
// the subcommand path ("game join"); options maps option names to values
// (string, int, float64, bool, User or an id string), and a subcommand may
// also be given as a nested map: {"join": map[string]any{"table": 3}}.
// The command must be registered (guild commands first, then global) and
// the options must fit it, as Discord's client enforces. locale "" is
// en-US. It fails the test on an error; call it from the test goroutine
// (TrySlash returns the error instead).
func (s *Server) Slash(u User, channelID, guildID, name string, options map[string]any, locale string) *Interaction {
	s.t.Helper()
	return s.must(s.TrySlash(u, channelID, guildID, name, options, locale))
}

// TrySlash is Slash returning the error.
func (s *Server) TrySlash(u User, channelID, guildID, name string, options map[string]any, locale string) (*Interaction, error) {
	return s.command(u, channelID, guildID, name, options, "", locale)
}

// Autocomplete sends an APPLICATION_COMMAND_AUTOCOMPLETE interaction while
// the user types focused (its value in options is the partial text).
func (s *Server) Autocomplete(u User, channelID, guildID, name string, options map[string]any, focused, locale string) *Interaction {
	s.t.Helper()
	return s.must(s.command(u, channelID, guildID, name, options, focused, locale))
}

func (s *Server) command(u User, channelID, guildID, name string, options map[string]any, focused, locale string) (*Interaction, error) {
	path := strings.Fields(name)
	if len(path) == 0 {
		return nil, errors.New("discordtest: empty command name")
	}
	s.mu.Lock()
	var cmd *discordgo.ApplicationCommand
	for _, g := range []string{guildID, ""} {
		for _, c := range s.commands[g] {
			if c.Name == path[0] && (c.Type == 0 || c.Type == discordgo.ChatApplicationCommand) {
				cmd = c
				break
			}
		}
		if cmd != nil || g == "" {
			break
		}
	}
	var cp discordgo.ApplicationCommand
	if cmd != nil {
		_ = json.Unmarshal(mustJSON(cmd), &cp)
	}
	s.mu.Unlock()
	if cmd == nil {
		return nil, fmt.Errorf("discordtest: /%s is not registered (globally or in guild %q)", path[0], guildID)
	}
	// Where a command may be used: contexts (0 guild, 1 bot DM, 2 private
	// channel), or the deprecated dm_permission when contexts is absent
	// (developers/interactions/application-commands.mdx, "Contexts").
	if cp.Contexts != nil {
		want := discordgo.InteractionContextBotDM
		if guildID != "" {
			want = discordgo.InteractionContextGuild
		}
		if !slices.Contains(*cp.Contexts, want) {
			return nil, fmt.Errorf("discordtest: /%s is not available in this context (%d)", path[0], want)
		}
	} else if cp.DMPermission != nil && !*cp.DMPermission && guildID == "" {
		return nil, fmt.Errorf("discordtest: /%s is not available in DMs", path[0])
	}
	if cp.DefaultMemberPermissions != nil && guildID != "" {
		perms := u.Permissions
		if perms == 0 {
			perms = defaultPermissions
		}
		if perms&*cp.DefaultMemberPermissions != *cp.DefaultMemberPermissions && perms&discordgo.PermissionAdministrator == 0 {
			return nil, fmt.Errorf("discordtest: %s lacks the permissions /%s requires", u.Username, path[0])
		}
	}
	resolved := &discordgo.ApplicationCommandInteractionDataResolved{}
	focusFound := false
	opts, err := s.buildOptions("/"+path[0], cp.Options, path[1:], options, focused, &focusFound, resolved)
	if err != nil {
		return nil, err
	}
	typ := discordgo.InteractionApplicationCommand
	if focused != "" {
		if !focusFound {
			return nil, fmt.Errorf("discordtest: /%s: focused option %q is not an autocomplete option given in options", name, focused)
		}
		typ = discordgo.InteractionApplicationCommandAutocomplete
	}
	i, err := s.baseInteraction(u, typ, channelID, guildID, locale)
	if err != nil {
		return nil, err
	}
	data := discordgo.ApplicationCommandInteractionData{ID: cp.ID, Name: cp.Name, CommandType: discordgo.ChatApplicationCommand, Options: opts}
	if len(resolved.Users) > 0 || len(resolved.Channels) > 0 {
		data.Resolved = resolved
	}
	i.Data = data
	return s.dispatch(i, u, strings.Join(path, " ")), nil
}

// buildOptions builds the interaction options of a command (or of a
// subcommand, where) from the options given, checked against defs as
// Discord's client would.
func (s *Server) buildOptions(where string, defs []*discordgo.ApplicationCommandOption, path []string, given map[string]any,
	focused string, focusFound *bool, resolved *discordgo.ApplicationCommandInteractionDataResolved) ([]*discordgo.ApplicationCommandInteractionDataOption, error) {
	hasSubs := false
	for _, d := range defs {
		if d.Type == discordgo.ApplicationCommandOptionSubCommand || d.Type == discordgo.ApplicationCommandOptionSubCommandGroup {
			hasSubs = true
		}
	}
	if hasSubs {
		return s.buildSubcommand(where, defs, path, given, focused, focusFound, resolved)
	}
	if len(path) > 0 {
		return nil, fmt.Errorf("discordtest: %s has no subcommand %q", where, path[0])
	}
	for k := range given {
		found := false
		for _, d := range defs {
			found = found || d.Name == k
		}
		if !found {
			return nil, fmt.Errorf("discordtest: %s has no option %q", where, k)
		}
	}
	var out []*discordgo.ApplicationCommandInteractionDataOption
	for _, d := range defs {
		v, ok := given[d.Name]
		if !ok {
			if d.Required && focused == "" {
				return nil, fmt.Errorf("discordtest: %s: option %q is required", where, d.Name)
			}
			continue
		}
		o := &discordgo.ApplicationCommandInteractionDataOption{Name: d.Name, Type: d.Type}
		if focused != "" && d.Name == focused {
			if !d.Autocomplete {
				return nil, fmt.Errorf("discordtest: %s: option %q has no autocomplete", where, d.Name)
			}
			o.Focused = true
			o.Value = fmt.Sprint(v)
			*focusFound = true
			out = append(out, o)
			continue
		}
		val, err := s.optionValue(d, v, resolved)
		if err != nil {
			return nil, fmt.Errorf("discordtest: %s: option %q: %w", where, d.Name, err)
		}
		o.Value = val
		out = append(out, o)
	}
	return out, nil
}

// buildSubcommand picks the subcommand (or group) of defs named by the
// first of path, or by the one key of given, and builds its options.
func (s *Server) buildSubcommand(where string, defs []*discordgo.ApplicationCommandOption, path []string, given map[string]any,
	focused string, focusFound *bool, resolved *discordgo.ApplicationCommandInteractionDataResolved) ([]*discordgo.ApplicationCommandInteractionDataOption, error) {
	var name string
	var sub map[string]any
	var rest []string
	if len(path) > 0 {
		name, rest, sub = path[0], path[1:], given
	} else {
		if len(given) != 1 {
			return nil, fmt.Errorf("discordtest: %s needs a subcommand (name path or one nested map)", where)
		}
		for k, v := range given {
			name = k
			m, ok := v.(map[string]any)
			if !ok && v != nil {
				return nil, fmt.Errorf("discordtest: %s %s: subcommand options must be a map[string]any", where, k)
			}
			sub = m
		}
	}
	var def *discordgo.ApplicationCommandOption
	for _, d := range defs {
		if d.Name == name {
			def = d
		}
	}
	if def == nil {
		return nil, fmt.Errorf("discordtest: %s has no subcommand %q", where, name)
	}
	inner, err := s.buildOptions(where+" "+name, def.Options, rest, sub, focused, focusFound, resolved)
	if err != nil {
		return nil, err
	}
	return []*discordgo.ApplicationCommandInteractionDataOption{{Name: def.Name, Type: def.Type, Options: inner}}, nil
}

// optionValue is the value Discord would send for v given as option d,
// checked against d's type, range and choices; users and channels are
// added to resolved.
func (s *Server) optionValue(d *discordgo.ApplicationCommandOption, v any, resolved *discordgo.ApplicationCommandInteractionDataResolved) (any, error) {
	var val any
	var err error
	switch d.Type {
	case discordgo.ApplicationCommandOptionString:
		val, err = stringValue(d, v)
	case discordgo.ApplicationCommandOptionInteger, discordgo.ApplicationCommandOptionNumber:
		val, err = numberValue(d, v)
	case discordgo.ApplicationCommandOptionBoolean:
		b, ok := v.(bool)
		if !ok {
			return nil, fmt.Errorf("want a bool, got %T", v)
		}
		val = b
	case discordgo.ApplicationCommandOptionUser, discordgo.ApplicationCommandOptionMentionable:
		var role bool
		if val, role, err = s.userValue(d, v, resolved); role {
			return val, nil // a role id: returned as is, choices unchecked
		}
	case discordgo.ApplicationCommandOptionChannel:
		val, err = s.channelValue(v, resolved)
	case discordgo.ApplicationCommandOptionRole:
		id, ok := v.(string)
		if !ok {
			return nil, fmt.Errorf("want a role id, got %T", v)
		}
		val = id
	default:
		return nil, fmt.Errorf("option type %v is not modelled", d.Type)
	}
	if err != nil {
		return nil, err
	}
	if len(d.Choices) > 0 {
		ok := false
		for _, c := range d.Choices {
			ok = ok || fmt.Sprint(c.Value) == fmt.Sprint(val)
		}
		if !ok {
			return nil, fmt.Errorf("%v is not one of the choices", val)
		}
	}
	return val, nil
}

// stringValue checks a string option's type and length.
func stringValue(d *discordgo.ApplicationCommandOption, v any) (any, error) {
	str, ok := v.(string)
	if !ok {
		return nil, fmt.Errorf("want a string, got %T", v)
	}
	if d.MinLength != nil && runes(str) < *d.MinLength || d.MaxLength > 0 && runes(str) > d.MaxLength {
		return nil, fmt.Errorf("length %d outside the allowed range", runes(str))
	}
	if runes(str) > 6000 {
		return nil, errors.New("longer than 6000 characters")
	}
	return str, nil
}

// numberValue checks an integer or number option given as any Go number:
// an integer must be whole (and is sent as int64), both within d's range.
func numberValue(d *discordgo.ApplicationCommandOption, v any) (any, error) {
	var f float64
	switch n := v.(type) {
	case int:
		f = float64(n)
	case int32:
		f = float64(n)
	case int64:
		f = float64(n)
	case float64:
		f = n
	case float32:
		f = float64(n)
	default:
		return nil, fmt.Errorf("want a number, got %T", v)
	}
	if d.Type == discordgo.ApplicationCommandOptionInteger {
		if f != math.Trunc(f) || math.Abs(f) > 1<<53 {
			return nil, fmt.Errorf("%v is not an integer", v)
		}
	}
	if d.MinValue != nil && f < *d.MinValue || d.MaxValue != 0 && f > d.MaxValue {
		return nil, fmt.Errorf("%v is outside the allowed range", v)
	}
	var val any = f
	if d.Type == discordgo.ApplicationCommandOptionInteger {
		val = int64(f)
	}
	return val, nil
}

// userValue resolves a user or mentionable option given as a User (which
// the server learns) or an id; role is set when a mentionable's id is no
// known user and so taken for a role id.
func (s *Server) userValue(d *discordgo.ApplicationCommandOption, v any, resolved *discordgo.ApplicationCommandInteractionDataResolved) (val any, role bool, err error) {
	var u User
	switch x := v.(type) {
	case User:
		u = x
		_ = s.learnUser(u)
	case string:
		s.mu.Lock()
		u = s.usersByID[x]
		s.mu.Unlock()
		if u.ID == "" {
			if d.Type == discordgo.ApplicationCommandOptionUser {
				return nil, false, fmt.Errorf("unknown user %q", x)
			}
			return x, true, nil // a role id
		}
	default:
		return nil, false, fmt.Errorf("want a User or an id, got %T", v)
	}
	if resolved.Users == nil {
		resolved.Users = map[string]*discordgo.User{}
	}
	resolved.Users[u.ID] = u.discord()
	return u.ID, false, nil
}

// channelValue resolves a channel option given as the id of a channel or
// thread the server has.
func (s *Server) channelValue(v any, resolved *discordgo.ApplicationCommandInteractionDataResolved) (any, error) {
	id, ok := v.(string)
	if !ok {
		return nil, fmt.Errorf("want a channel id, got %T", v)
	}
	s.mu.Lock()
	var ch *discordgo.Channel
	if s.channels[id] != nil || s.threads[id] != nil {
		ch, _ = s.channelJSON(id).(*discordgo.Channel)
	}
	s.mu.Unlock()
	if ch == nil {
		return nil, fmt.Errorf("unknown channel %q", id)
	}
	if resolved.Channels == nil {
		resolved.Channels = map[string]*discordgo.Channel{}
	}
	resolved.Channels[id] = ch
	return id, nil
}

// Click presses the button with customID on msg, as the user sees msg (a
// snapshot: clicking an old snapshot models a user whose screen lags). It
// refuses (fails the test) when the button is not on msg, is disabled or
// is a link, when the message is deleted, or when it is an ephemeral
// message of someone else. Call it from the test goroutine; TryClick
// returns the error instead.
func (s *Server) Click(u User, msg *Message, customID string) *Interaction {
	s.t.Helper()
	return s.must(s.TryClick(u, msg, customID))
}

// ClickLabel is Click on the first button with that label.
func (s *Server) ClickLabel(u User, msg *Message, label string) *Interaction {
	s.t.Helper()
	if msg == nil {
		s.t.Fatalf("discordtest: ClickLabel on a nil message")
	}
	for _, b := range msg.Buttons() {
		if b.Label == label && b.CustomID != "" {
			return s.Click(u, msg, b.CustomID)
		}
	}
	s.t.Fatalf("discordtest: no button labelled %q on message %s (buttons: %v)", label, msg.ID, msg.ButtonLabels())
	return nil
}

// TryClick is Click returning the error.
func (s *Server) TryClick(u User, msg *Message, customID string) (*Interaction, error) {
	if msg == nil {
		return nil, errors.New("discordtest: click on a nil message")
	}
	b, ok := msg.Button(customID)
	if !ok {
		var ids []string
		for _, b := range msg.Buttons() {
			ids = append(ids, b.CustomID)
		}
		return nil, fmt.Errorf("discordtest: no button %q on message %s (buttons: %q)", customID, msg.ID, ids)
	}
	if b.Disabled {
		return nil, fmt.Errorf("discordtest: button %q (%s) is disabled", customID, b.Label)
	}
	if b.Style == discordgo.LinkButton || b.Style == discordgo.PremiumButton {
		return nil, fmt.Errorf("discordtest: button %q is not an interaction button", customID)
	}
	if err := s.canSee(u, msg); err != nil {
		return nil, err
	}
	return s.component(u, msg, customID, discordgo.ButtonComponent, nil)
}

// Select picks values in the select menu customID on msg (checked against
// the menu's options and min/max values, like Discord's client).
func (s *Server) Select(u User, msg *Message, customID string, values []string) *Interaction {
	s.t.Helper()
	return s.must(s.TrySelect(u, msg, customID, values))
}

// TrySelect is Select returning the error.
func (s *Server) TrySelect(u User, msg *Message, customID string, values []string) (*Interaction, error) {
	if msg == nil {
		return nil, errors.New("discordtest: select on a nil message")
	}
	sm, ok := msg.Select(customID)
	if !ok {
		return nil, fmt.Errorf("discordtest: no select menu %q on message %s", customID, msg.ID)
	}
	if sm.Disabled {
		return nil, fmt.Errorf("discordtest: select menu %q is disabled", customID)
	}
	if len(values) < sm.MinValues || len(values) > sm.MaxValues {
		return nil, fmt.Errorf("discordtest: select menu %q takes %d-%d values, got %d", customID, sm.MinValues, sm.MaxValues, len(values))
	}
	if sm.MenuType == discordgo.SelectMenuComponent {
		for _, v := range values {
			found := false
			for _, o := range sm.Options {
				found = found || o.Value == v
			}
			if !found {
				return nil, fmt.Errorf("discordtest: %q is not an option of select menu %q (options: %q)", v, customID, sm.Values())
			}
		}
	}
	if err := s.canSee(u, msg); err != nil {
		return nil, err
	}
	return s.component(u, msg, customID, sm.MenuType, values)
}

// ForgeClick sends a button interaction for customID on msg without any of
// Click's checks: a custom_id that was never issued, a disabled button, a
// message the user cannot see. For hostile-input tests.
func (s *Server) ForgeClick(u User, msg *Message, customID string) *Interaction {
	s.t.Helper()
	return s.must(s.component(u, msg, customID, discordgo.ButtonComponent, nil))
}

// ForgeSelect is the unchecked Select.
func (s *Server) ForgeSelect(u User, msg *Message, customID string, values []string) *Interaction {
	s.t.Helper()
	return s.must(s.component(u, msg, customID, discordgo.SelectMenuComponent, values))
}

func (s *Server) canSee(u User, msg *Message) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	cur := s.messages[msg.ID]
	if cur == nil || cur.Deleted {
		return fmt.Errorf("discordtest: message %s is deleted or unknown", msg.ID)
	}
	if cur.Ephemeral() && cur.VisibleTo != u.ID {
		return fmt.Errorf("discordtest: %s cannot see the ephemeral message %s", u.Username, msg.ID)
	}
	if ch := s.channels[cur.ChannelID]; ch != nil && ch.Type == discordgo.ChannelTypeDM && ch.Recipient != "" && ch.Recipient != u.ID {
		return fmt.Errorf("discordtest: %s cannot see a message in another user's DM", u.Username)
	}
	if t := s.threads[cur.ChannelID]; t != nil && t.Private() && !t.HasMember(u) {
		return fmt.Errorf("discordtest: %s is not a member of the private thread %s", u.Username, t.ID)
	}
	return nil
}

func (s *Server) component(u User, msg *Message, customID string, ct discordgo.ComponentType, values []string) (*Interaction, error) {
	if msg == nil {
		return nil, errors.New("discordtest: component interaction without a message")
	}
	i, err := s.baseInteraction(u, discordgo.InteractionMessageComponent, msg.ChannelID, msg.GuildID, "")
	if err != nil {
		return nil, err
	}
	data := discordgo.MessageComponentInteractionData{CustomID: customID, ComponentType: ct}
	if ct != discordgo.ButtonComponent {
		data.Values = values
		if data.Values == nil {
			data.Values = []string{}
		}
		if ct == discordgo.UserSelectMenuComponent {
			data.Resolved.Users = map[string]*discordgo.User{}
			s.mu.Lock()
			for _, id := range values {
				if uu, ok := s.usersByID[id]; ok {
					data.Resolved.Users[id] = uu.discord()
				}
			}
			s.mu.Unlock()
		}
	}
	i.Data = data
	i.Message = &discordgo.Message{ID: msg.ID, ChannelID: msg.ChannelID}
	return s.dispatch(i, u, customID), nil
}

// SubmitModal fills in and submits the modal the bot opened in answer to
// ix. values maps text input custom_ids to the typed text.
func (s *Server) SubmitModal(u User, ix *Interaction, values map[string]string) *Interaction {
	s.t.Helper()
	r := ix.Response()
	if r == nil || r.Modal == nil {
		s.t.Fatalf("discordtest: interaction %s was not answered with a modal", ix.ID)
		return nil
	}
	known := map[string]bool{}
	var rows []json.RawMessage
	// The submission has the modal's layout, each component with its id
	// (developers/components/reference.mdx, "Label Interaction Response
	// Structure" and "Text Input Interaction Response Structure": type,
	// id, custom_id, value).
	id := 0
	next := func() int { id++; return id }
	for _, top := range r.Modal.Components {
		var ti *discordgo.TextInput
		label := false
		switch t := top.(type) {
		case *discordgo.Label:
			label = true
			switch c := t.Component.(type) {
			case *discordgo.TextInput:
				ti = c
			case discordgo.TextInput:
				ti = &c
			}
		case *discordgo.ActionsRow:
			for _, c := range t.Components {
				if x, ok := c.(*discordgo.TextInput); ok {
					ti = x
				}
			}
		}
		if ti == nil {
			continue
		}
		known[ti.CustomID] = true
		v := values[ti.CustomID]
		// A text input is required unless it says otherwise
		// (developers/components/reference.mdx, Text Input: "defaults to true").
		required := ti.Required == nil || *ti.Required
		if required && v == "" {
			s.t.Fatalf("discordtest: modal %s: %s is required", r.Modal.CustomID, ti.CustomID)
		}
		// Discord's client lets nobody type past max_length or submit
		// less than min_length; a forged submit can (ForgeModalSubmit).
		if n := len([]rune(v)); ti.MaxLength > 0 && n > ti.MaxLength || v != "" && n < ti.MinLength {
			s.t.Fatalf("discordtest: modal %s: %s takes %d to %d characters, not %d", r.Modal.CustomID, ti.CustomID, ti.MinLength, ti.MaxLength, n)
		}
		outer := next()
		input := map[string]any{"type": 4, "id": next(), "custom_id": ti.CustomID, "value": v}
		if label {
			rows = append(rows, mustJSON(map[string]any{"type": 18, "id": outer, "component": input}))
		} else {
			rows = append(rows, mustJSON(map[string]any{"type": 1, "id": outer, "components": []any{input}}))
		}
	}
	for k := range values {
		if !known[k] {
			s.t.Fatalf("discordtest: modal %s has no text input %q", r.Modal.CustomID, k)
		}
	}
	return s.submitModal(u, ix, r.Modal.CustomID, rows)
}

// ForgeModalSubmit submits a modal as a hostile client could: any
// custom_id, any values (in Labels), whatever the bot opened, if anything,
// in answer to ix.
func (s *Server) ForgeModalSubmit(u User, ix *Interaction, customID string, values map[string]string) *Interaction {
	s.t.Helper()
	var rows []json.RawMessage
	for k, v := range values {
		rows = append(rows, mustJSON(map[string]any{"type": 18, "id": 1, "component": map[string]any{"type": 4, "id": 2, "custom_id": k, "value": v}}))
	}
	return s.submitModal(u, ix, customID, rows)
}

func (s *Server) submitModal(u User, ix *Interaction, customID string, rows []json.RawMessage) *Interaction {
	s.t.Helper()
	i, err := s.baseInteraction(u, discordgo.InteractionModalSubmit, ix.ChannelID, ix.GuildID, "")
	if err != nil {
		s.t.Fatalf("%v", err)
	}
	raw := mustJSON(map[string]any{"custom_id": customID, "components": rows})
	var d discordgo.ModalSubmitInteractionData
	if err := json.Unmarshal(raw, &d); err != nil {
		s.t.Fatalf("discordtest: %v", err)
	}
	i.Data = modalData{d, rows}
	if ix.st.componentMsgID != "" {
		i.Message = &discordgo.Message{ID: ix.st.componentMsgID, ChannelID: ix.ChannelID}
	}
	return s.dispatch(i, u, customID)
}

// modalData marshals a modal submission with its components (discordgo's
// struct does not marshal them).
type modalData struct {
	discordgo.ModalSubmitInteractionData
	rows []json.RawMessage
}

func (m modalData) MarshalJSON() ([]byte, error) {
	return json.Marshal(map[string]any{"custom_id": m.CustomID, "components": m.rows})
}

// ---- what users see ----

func (m *Message) snapshot() Message {
	c := *m
	c.History = append([]Message(nil), m.History...)
	c.Attachments = append([]Attachment(nil), m.Attachments...)
	c.Pinged = append([]string(nil), m.Pinged...)
	return c
}

// Messages returns the messages everyone in the channel (or thread) sees,
// oldest first: not deleted, not ephemeral.
func (s *Server) Messages(channelID string) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Message
	for _, id := range s.channelOrder[channelID] {
		if m := s.messages[id]; !m.Deleted && !m.Ephemeral() {
			out = append(out, m.snapshot())
		}
	}
	return out
}

// AllMessages returns every message ever posted in the channel, deleted
// and ephemeral ones included, oldest first.
func (s *Server) AllMessages(channelID string) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Message
	for _, id := range s.channelOrder[channelID] {
		out = append(out, s.messages[id].snapshot())
	}
	return out
}

// Ephemerals returns the ephemeral messages shown to the user, oldest first.
func (s *Server) Ephemerals(u User) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	var ids []string
	for id, m := range s.messages {
		if m.Ephemeral() && m.VisibleTo == u.ID && !m.Deleted {
			ids = append(ids, id)
		}
	}
	sort.Slice(ids, func(i, j int) bool { return snowLess(ids[i], ids[j]) })
	var out []Message
	for _, id := range ids {
		out = append(out, s.messages[id].snapshot())
	}
	return out
}

func snowLess(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}

// LastMessage returns the newest message everyone in the channel sees, or nil.
func (s *Server) LastMessage(channelID string) *Message {
	ms := s.Messages(channelID)
	if len(ms) == 0 {
		return nil
	}
	return &ms[len(ms)-1]
}

// Message returns the current state of a message (deleted or ephemeral
// included), or nil.
func (s *Server) Message(id string) *Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.messages[id]
	if m == nil {
		return nil
	}
	c := m.snapshot()
	return &c
}

// Cursor marks "now" for WaitMessageSince: messages created later have a
// greater id.
func (s *Server) Cursor() string { return s.newID() }

// WaitMessage waits until a message everyone in the channel sees satisfies
// pred (checked again after every change, edits included) and returns the
// newest such message.
func (s *Server) WaitMessage(ctx context.Context, channelID string, pred func(*Message) bool) (*Message, error) {
	return s.WaitMessageSince(ctx, "", channelID, pred)
}

// WaitMessageSince is WaitMessage for messages created after the cursor.
// pred sees the stored message under the stand-in's lock (a copy of each
// candidate, edit history and all, at every change cost a busy load run
// more than the bot did) and must neither change nor keep it; the message
// returned is a copy.
func (s *Server) WaitMessageSince(ctx context.Context, cursor, channelID string, pred func(*Message) bool) (*Message, error) {
	var found *Message
	err := s.waitKeyed(ctx, chanKey(channelID), "a message in channel "+channelID, func() bool {
		ids := s.channelOrder[channelID]
		for i := len(ids) - 1; i >= 0; i-- {
			if cursor != "" && !snowLess(cursor, ids[i]) {
				break
			}
			m := s.messages[ids[i]]
			if m.Deleted || m.Ephemeral() {
				continue
			}
			if pred == nil || pred(m) {
				c := m.snapshot()
				found = &c
				return true
			}
		}
		return false
	})
	return found, err
}

// ExpectMessage is WaitMessage with the server's wait timeout that fails the
// test on timeout. Call it from the test goroutine.
func (s *Server) ExpectMessage(channelID string, pred func(*Message) bool) *Message {
	s.t.Helper()
	ctx, cancel := s.expectCtx()
	defer cancel()
	m, err := s.WaitMessage(ctx, channelID, pred)
	if err != nil {
		s.t.Fatalf("%v", err)
	}
	return m
}

// Commands returns the registered commands of a guild ("" for global), as
// Discord stores them (with ids).
func (s *Server) Commands(guildID string) []*discordgo.ApplicationCommand {
	s.mu.Lock()
	raw := mustJSON(s.commands[guildID])
	s.mu.Unlock()
	var out []*discordgo.ApplicationCommand
	_ = json.Unmarshal(raw, &out)
	return out
}

// WaitCommands waits until at least n commands are registered for the
// guild ("" for global).
func (s *Server) WaitCommands(ctx context.Context, guildID string, n int) ([]*discordgo.ApplicationCommand, error) {
	err := s.waitFor(ctx, "command registration", func() bool { return len(s.commands[guildID]) >= n })
	if err != nil {
		return nil, err
	}
	return s.Commands(guildID), nil
}

// Threads returns the threads (those the bot created and those made with
// NewChannelOfType), in creation order, after archiving the inactive ones.
func (s *Server) Threads() []Thread {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.autoArchiveLocked()
	var out []Thread
	for _, id := range s.threadOrder {
		t := *s.threads[id]
		t.Members = append([]string(nil), t.Members...)
		out = append(out, t)
	}
	return out
}

// Thread returns a thread by id, or nil.
func (s *Server) Thread(id string) *Thread {
	for _, t := range s.Threads() {
		if t.ID == id {
			return &t
		}
	}
	return nil
}

// Interactions returns the handles of every interaction so far.
func (s *Server) Interactions() []*Interaction {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*Interaction
	for _, st := range s.ixOrder {
		out = append(out, &Interaction{ID: st.id, Token: st.token, Type: st.typ, User: st.user, GuildID: st.guildID,
			ChannelID: st.channelID, Delivered: st.delivered, s: s, st: st})
	}
	return out
}

// ForgeSlash sends a chat-input command without checking it against the
// registered commands (an unknown or removed command, a missing required
// option, a value of the wrong type). Option types follow the Go values:
// string 3, integers 4, floats 10, bool 5, User 6, and a map[string]any is a
// subcommand (1) holding its options; a name path ("game join") nests too.
func (s *Server) ForgeSlash(u User, channelID, guildID, name string, options map[string]any, locale string) *Interaction {
	s.t.Helper()
	path := strings.Fields(name)
	if len(path) == 0 {
		s.t.Fatalf("discordtest: empty command name")
	}
	i, err := s.baseInteraction(u, discordgo.InteractionApplicationCommand, channelID, guildID, locale)
	if err != nil {
		s.t.Fatalf("%v", err)
	}
	opts := forgeOptions(options)
	for j := len(path) - 1; j >= 1; j-- {
		opts = []*discordgo.ApplicationCommandInteractionDataOption{{Name: path[j], Type: discordgo.ApplicationCommandOptionSubCommand, Options: opts}}
	}
	id := s.newID()
	for _, c := range append(s.Commands(guildID), s.Commands("")...) {
		if c.Name == path[0] {
			id = c.ID
			break
		}
	}
	i.Data = discordgo.ApplicationCommandInteractionData{ID: id, Name: path[0], CommandType: discordgo.ChatApplicationCommand, Options: opts}
	return s.dispatch(i, u, name)
}

func forgeOptions(given map[string]any) []*discordgo.ApplicationCommandInteractionDataOption {
	var out []*discordgo.ApplicationCommandInteractionDataOption
	for _, k := range sortedKeys(given) {
		o := &discordgo.ApplicationCommandInteractionDataOption{Name: k}
		switch v := given[k].(type) {
		case map[string]any:
			o.Type = discordgo.ApplicationCommandOptionSubCommand
			o.Options = forgeOptions(v)
		case string:
			o.Type, o.Value = discordgo.ApplicationCommandOptionString, v
		case int, int32, int64:
			o.Type, o.Value = discordgo.ApplicationCommandOptionInteger, v
		case float32, float64:
			o.Type, o.Value = discordgo.ApplicationCommandOptionNumber, v
		case bool:
			o.Type, o.Value = discordgo.ApplicationCommandOptionBoolean, v
		case User:
			o.Type, o.Value = discordgo.ApplicationCommandOptionUser, v.ID
		default:
			o.Type, o.Value = discordgo.ApplicationCommandOptionString, fmt.Sprint(v)
		}
		out = append(out, o)
	}
	return out
}

// dropAbsent leaves out of an interaction's JSON the optional fields
// discordgo writes empty: Discord sends guild_id, member and guild_locale
// only "when the interaction is invoked in a guild", and user only "when
// invoked in a DM" (developers/interactions/receiving-and-responding.mdx,
// Interaction Object), so a DM interaction has no guild_id nor member.
func dropAbsent(payload []byte) []byte {
	var m map[string]json.RawMessage
	if json.Unmarshal(payload, &m) != nil {
		return payload
	}
	for _, k := range []string{"guild_id", "member", "user", "guild_locale"} {
		if v, ok := m[k]; ok && (string(v) == "null" || string(v) == `""`) {
			delete(m, k)
		}
	}
	return mustJSON(m)
}
