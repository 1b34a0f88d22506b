package discordtest

import (
	"github.com/bwmarrin/discordgo"
)

// DefaultBotPermissions is what the bot has in a channel until the test
// changes it: every permission except ADMINISTRATOR, so that the checks
// below are exercised when a test denies one.
const DefaultBotPermissions int64 = (1<<51 - 1) &^ discordgo.PermissionAdministrator

// dmAppPermissions is app_permissions in a DM with the bot: what a user can
// do in a DM plus "ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE ... and
// additionally USE_EXTERNAL_EMOJIS for DMs with the app's bot user"
// (developers/interactions/receiving-and-responding.mdx, app_permissions).
const dmAppPermissions int64 = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages |
	discordgo.PermissionReadMessageHistory | discordgo.PermissionAddReactions |
	discordgo.PermissionAttachFiles | discordgo.PermissionEmbedLinks | discordgo.PermissionMentionEveryone |
	discordgo.PermissionUseExternalEmojis

// SetBotPermissions sets the bot's permissions in a channel (the result of
// its roles and the channel's overwrites). Threads have no overwrites of
// their own: they inherit the parent's (developers/topics/permissions.mdx
// "Permissions For Threads"), so give the parent channel's id; a thread id
// fails the test.
func (s *Server) SetBotPermissions(channelID string, perms int64) {
	s.t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.threads[channelID] != nil {
		s.t.Fatalf("discordtest: %s is a thread; threads inherit the parent channel's permissions: set those", channelID)
		return
	}
	s.w.perms[channelID] = perms
}

// DenyBot takes permissions (discordgo.Permission* bits) from the bot in a
// channel and its threads.
func (s *Server) DenyBot(channelID string, perm int64) {
	s.t.Helper()
	s.SetBotPermissions(channelID, s.grantedBot(channelID)&^perm)
}

// GrantBot gives the bot permissions in a channel and its threads.
func (s *Server) GrantBot(channelID string, perm int64) {
	s.t.Helper()
	s.SetBotPermissions(channelID, s.grantedBot(channelID)|perm)
}

// grantedBot is what the test granted, before the implicit rules.
func (s *Server) grantedBot(channelID string) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	if p, ok := s.w.perms[channelID]; ok {
		return p
	}
	return DefaultBotPermissions
}

// BotPermissions is what the bot may do in a channel or thread now, the
// value sent as the interaction's app_permissions.
func (s *Server) BotPermissions(channelID string) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.botPermsLocked(channelID)
}

// botPermsLocked applies the inheritance and implicit rules of
// developers/topics/permissions.mdx. Call with s.mu held.
func (s *Server) botPermsLocked(channelID string) int64 {
	id := channelID
	if t := s.threads[channelID]; t != nil {
		id = t.ParentID // "Threads inherit permissions from the parent channel"
	}
	if ch := s.channels[id]; ch != nil && ch.GuildID == "" {
		return dmAppPermissions
	}
	p, ok := s.w.perms[id]
	if !ok {
		p = DefaultBotPermissions
	}
	if p&discordgo.PermissionAdministrator != 0 {
		return DefaultBotPermissions | discordgo.PermissionAdministrator
	}
	// "Implicit Permissions": without VIEW_CHANNEL nothing else counts;
	// without SEND_MESSAGES, ATTACH_FILES, EMBED_LINKS and MENTION_EVERYONE
	// are ignored (in a thread SEND_MESSAGES_IN_THREADS is the base).
	if p&discordgo.PermissionViewChannel == 0 {
		return 0
	}
	send := int64(discordgo.PermissionSendMessages)
	if s.threads[channelID] != nil {
		send = discordgo.PermissionSendMessagesInThreads
	}
	if p&send == 0 {
		p &^= discordgo.PermissionAttachFiles | discordgo.PermissionEmbedLinks | discordgo.PermissionMentionEveryone | discordgo.PermissionSendTTSMessages
	}
	return p
}

func (s *Server) botHasLocked(channelID string, perm int64) bool {
	return s.botPermsLocked(channelID)&perm == perm
}

func errMissingAccess() *apiError {
	return &apiError{Status: 403, Code: 50001, Message: "Missing Access", kind: "missing-access"}
}

func errMissingPermissions(what string) *apiError {
	return &apiError{Status: 403, Code: 50013, Message: "Missing Permissions (" + what + ")", kind: "missing-permissions"}
}

// guildChannel reports whether permissions apply (not in DMs).
func (s *Server) guildChannelLocked(channelID string) bool {
	if t := s.threads[channelID]; t != nil {
		return true
	}
	ch := s.channels[channelID]
	return ch != nil && ch.GuildID != ""
}

// checkView: every channel endpoint needs VIEW_CHANNEL, refused with 50001
// Missing Access (permissions.mdx: "Users must have the VIEW_CHANNEL
// permission to view any threads in the channel"); a private thread is
// visible only to its members and to those with MANAGE_THREADS
// (developers/topics/threads.mdx). Call with s.mu held.
func (s *Server) checkView(channelID string) *apiError {
	if !s.guildChannelLocked(channelID) {
		return nil
	}
	p := s.botPermsLocked(channelID)
	if p&discordgo.PermissionViewChannel == 0 {
		return errMissingAccess()
	}
	if t := s.threads[channelID]; t != nil && t.Private() && !t.HasMember(s.bot) && p&discordgo.PermissionManageThreads == 0 {
		return errMissingAccess()
	}
	return nil
}

// checkPerm requires permissions in a guild channel (403 50013). Call with
// s.mu held.
func (s *Server) checkPerm(channelID string, perm int64, name string) *apiError {
	if !s.guildChannelLocked(channelID) {
		return nil
	}
	if !s.botHasLocked(channelID, perm) {
		return errMissingPermissions(name)
	}
	return nil
}

// checkSend is Create Message's permission: SEND_MESSAGES in a channel
// (developers/resources/message.mdx "Create Message" limitations), but
// SEND_MESSAGES_IN_THREADS in a thread ("The SEND_MESSAGES permission has
// no effect in threads", threads.mdx); READ_MESSAGE_HISTORY for a reply
// (code 160002, "Cannot reply without permission to read message
// history"); ATTACH_FILES to upload ("Allows for uploading images and
// files", permissions.mdx). In a locked thread only MANAGE_THREADS may
// create or update messages (threads.mdx "Locked Threads"). Call with s.mu
// held.
func (s *Server) checkSend(channelID string, w *wireMessage, files []File, edit bool) *apiError {
	if err := s.checkView(channelID); err != nil {
		return err
	}
	if !s.guildChannelLocked(channelID) {
		return nil
	}
	t := s.threads[channelID]
	if !edit {
		if t != nil {
			if err := s.checkPerm(channelID, discordgo.PermissionSendMessagesInThreads, "SEND_MESSAGES_IN_THREADS"); err != nil {
				return err
			}
		} else if err := s.checkPerm(channelID, discordgo.PermissionSendMessages, "SEND_MESSAGES"); err != nil {
			return err
		}
		if w.MessageReference != nil && !s.botHasLocked(channelID, discordgo.PermissionReadMessageHistory) {
			return &apiError{Status: 400, Code: 160002, Message: "Cannot reply without permission to read message history", kind: "missing-permissions"}
		}
	}
	if t != nil && t.Locked && !s.botHasLocked(channelID, discordgo.PermissionManageThreads) {
		return errThreadLocked()
	}
	if len(files) > 0 {
		if err := s.checkPerm(channelID, discordgo.PermissionAttachFiles, "ATTACH_FILES"); err != nil {
			return err
		}
	}
	return nil
}

// embedsHidden reports whether embeds sent to the channel are not shown.
// The docs define EMBED_LINKS only as "Links sent by users with this
// permission will be auto-embedded" (permissions.mdx) and give no error
// for rich embeds without it; the stand-in accepts the message, drops its
// embeds (what users see) and records a failure so tests notice. Call with
// s.mu held.
func (s *Server) embedsHidden(channelID string) bool {
	return s.guildChannelLocked(channelID) && !s.botHasLocked(channelID, discordgo.PermissionEmbedLinks)
}

// hideEmbeds applies embedsHidden to a message the channel endpoints just
// created or edited and records the failure. Call with s.mu held.
func (s *Server) hideEmbeds(c *call, m *Message) {
	if len(m.Embeds) == 0 || !s.embedsHidden(m.ChannelID) {
		return
	}
	m.Embeds = nil
	s.failures = append(s.failures, Failure{Kind: "embeds-hidden", Status: 200,
		Message: "the bot lacks EMBED_LINKS in channel " + m.ChannelID + ": the message's embeds are not shown", Request: c.rec})
}
