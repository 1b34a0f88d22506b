package discordtest

import (
	"sort"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Thread rules, from developers/topics/threads.mdx ("Locked Threads",
// "Active & Archived Threads", "Auto Archive") and
// developers/resources/channel.mdx ("Thread Metadata Object", "Modify
// Channel"); the code is from developers/topics/opcodes-and-status-codes.mdx.

func errThreadArchived() *apiError {
	// 50083: "Tried to perform an operation on an archived thread, such as
	// editing a message or adding a user to the thread".
	return &apiError{Status: 400, Code: 50083, Message: "Thread is archived", kind: "thread-archived"}
}

func errThreadLocked() *apiError {
	// 160005: "Thread is locked".
	return &apiError{Status: 400, Code: 160005, Message: "Thread is locked", kind: "thread-locked"}
}

// autoArchiveLocked archives every active thread whose last activity
// (creation, a message, unarchiving, a new auto_archive_duration) is
// auto_archive_duration minutes old: "Threads automatically archive after
// a period of inactivity" (threads.mdx "Auto Archive"). The stand-in has no
// server-wide thread limit, so the timer is exactly the duration. Call with
// s.mu held.
func (s *Server) autoArchiveLocked() {
	now := s.cfg.now()
	for _, id := range s.threadOrder {
		t := s.threads[id]
		if t.Deleted || t.Archived || t.AutoArchiveDuration == 0 {
			continue
		}
		if now.Sub(t.ActiveAt) >= time.Duration(t.AutoArchiveDuration)*time.Minute {
			t.Archived = true
			t.ArchivedAt = t.ActiveAt.Add(time.Duration(t.AutoArchiveDuration) * time.Minute)
			s.logf("thread %s archived itself after %d minutes", t.ID, t.AutoArchiveDuration)
		}
	}
}

// touchThread records activity in a thread. Call with s.mu held.
func (s *Server) touchThread(t *Thread) { t.ActiveAt = s.cfg.now() }

// canEditIn refuses an edit of a message in an archived thread: "Users
// cannot edit messages ... in archived threads" (threads.mdx), whichever
// endpoint the edit comes through (channel, webhook @original, type 7
// UPDATE_MESSAGE). Call with s.mu held.
func (s *Server) canEditIn(channelID string) *apiError {
	if t := s.threads[channelID]; t != nil && t.Archived {
		return errThreadArchived()
	}
	return nil
}

// canCreateIn checks a new message (any endpoint) in a thread: sending a
// message unarchives an archived thread "unless the thread has been locked
// by a moderator" (threads.mdx), so a message to an archived, locked thread
// is refused. Call with s.mu held.
func (s *Server) canCreateIn(channelID string) *apiError {
	if t := s.threads[channelID]; t != nil && t.Archived && t.Locked {
		return errThreadArchived()
	}
	return nil
}

// canDeleteIn: deleting is the one operation allowed in an archived thread
// (threads.mdx), but in a locked thread only while it is active, unless
// the bot has MANAGE_THREADS ("Locked Threads"). Call with s.mu held.
func (s *Server) canDeleteIn(channelID string) *apiError {
	t := s.threads[channelID]
	if t != nil && t.Archived && t.Locked && !s.botHasLocked(channelID, discordgo.PermissionManageThreads) {
		return errThreadArchived()
	}
	return nil
}

// checkThreadEdit applies developers/resources/channel.mdx "Modify Channel"
// (thread) and developers/topics/threads.mdx "Permissions": an archived
// thread can only be changed by a request that unarchives it (else 50083);
// name, archived and auto_archive_duration need MANAGE_THREADS or being
// the thread's creator; locked needs MANAGE_THREADS, and so does
// unarchiving a locked thread. Call with s.mu held.
func (s *Server) checkThreadEdit(t *Thread, e *discordgo.ChannelEdit) *apiError {
	unarchives := e.Archived != nil && !*e.Archived
	if t.Archived && !unarchives {
		return errThreadArchived()
	}
	manage := s.botHasLocked(t.ID, discordgo.PermissionManageThreads)
	if manage {
		return nil
	}
	if e.Locked != nil || (unarchives && t.Locked) {
		return errMissingPermissions("MANAGE_THREADS")
	}
	owner := t.OwnerID == s.bot.ID
	if !owner && (e.Name != "" || e.AutoArchiveDuration != 0 || (e.Archived != nil && *e.Archived)) {
		return errMissingPermissions("MANAGE_THREADS")
	}
	return nil
}

// listActiveThreads is GET /guilds/{guild.id}/threads/active: "all active
// threads in the guild, including public and private threads ... ordered
// by their id, in descending order", with a thread member object for each
// one the current user has joined (developers/resources/guild.mdx, List
// Active Guild Threads). A private thread is listed only to its members.
func (s *Server) listActiveThreads(c *call) {
	s.mu.Lock()
	s.autoArchiveLocked()
	out := struct {
		Threads []*discordgo.Channel      `json:"threads"`
		Members []*discordgo.ThreadMember `json:"members"`
	}{Threads: []*discordgo.Channel{}, Members: []*discordgo.ThreadMember{}}
	for _, t := range s.threads {
		if t.GuildID != c.p("guild") || t.Archived || t.Deleted {
			continue
		}
		if t.Type == discordgo.ChannelTypeGuildPrivateThread && !t.HasMember(s.bot) {
			continue
		}
		out.Threads = append(out.Threads, s.threadJSON(t))
		if t.HasMember(s.bot) {
			out.Members = append(out.Members, &discordgo.ThreadMember{ID: t.ID, UserID: s.bot.ID, JoinTimestamp: t.ActiveAt})
		}
	}
	s.mu.Unlock()
	sort.Slice(out.Threads, func(i, j int) bool { return idAfter(out.Threads[i].ID, out.Threads[j].ID) })
	c.reply(200, out)
}

// idAfter orders snowflakes: a later id is longer or, at the same length,
// greater.
func idAfter(a, b string) bool { return len(a) > len(b) || len(a) == len(b) && a > b }
