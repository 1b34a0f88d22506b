package discordtest

import (
	"fmt"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
)

// world is the part of the stand-in's state that models guilds, channel
// types, the bot's permissions and the clock. Every map is guarded by
// Server.mu; skew is atomic because the clock is read with and without it.
type world struct {
	skew         atomic.Int64      // AdvanceClock offset, in nanoseconds
	guildLocales map[string]string // guild id -> guild_locale
	perms        map[string]int64  // channel id -> the bot's permissions there
	rl           rateState
	closedDMs    map[string]bool // user id -> refuses DMs (dm.go)
}

func (w *world) init() {
	w.guildLocales = map[string]string{}
	w.perms = map[string]int64{}
	w.rl.init()
}

// useSkewedClock makes cfg.now the configured clock plus AdvanceClock's offset.
func (s *Server) useSkewedClock() {
	base := s.cfg.now
	s.cfg.now = func() time.Time { return base().Add(time.Duration(s.w.skew.Load())) }
}

// AdvanceClock moves the stand-in's clock forward by d (on top of the
// WithClock clock, if any). Threads whose last activity is now older than
// their auto_archive_duration archive themselves, as on Discord
// (developers/topics/threads.mdx "Auto Archive"). Interactions dispatched
// before the jump see it too: their callback deadline and token lifetime
// run on the same clock. Rate limits run on the wall clock and ignore it.
func (s *Server) AdvanceClock(d time.Duration) {
	s.w.skew.Add(int64(d))
	s.mu.Lock()
	defer s.mu.Unlock()
	s.autoArchiveLocked()
	s.notify()
}

// Now is the stand-in's current time (the clock behind snowflakes,
// deadlines and thread archiving).
func (s *Server) Now() time.Time { return s.cfg.now() }

// NewGuild returns a fresh guild id. Its guild_locale is "en-US", what
// Discord sends for a guild that is not a Community server
// (developers/interactions/receiving-and-responding.mdx, guild_locale).
func (s *Server) NewGuild() string { return s.NewGuildWithLocale(string(discordgo.EnglishUS)) }

// NewGuildWithLocale returns a fresh guild id whose interactions carry
// guild_locale = locale (a Discord locale such as "pl" or "ru"). It
// panics on a locale Discord does not have.
func (s *Server) NewGuildWithLocale(locale string) string {
	if _, ok := discordgo.Locales[discordgo.Locale(locale)]; !ok {
		panic(fmt.Sprintf("discordtest: %q is not a Discord locale", locale))
	}
	id := s.newID()
	s.mu.Lock()
	s.w.guildLocales[id] = locale
	s.mu.Unlock()
	return id
}

// guildLocaleLocked is the guild's locale; guilds the test did not make
// with NewGuild* are en-US. Call with s.mu held.
func (s *Server) guildLocaleLocked(guildID string) discordgo.Locale {
	if l := s.w.guildLocales[guildID]; l != "" {
		return discordgo.Locale(l)
	}
	return discordgo.EnglishUS
}

// NewChannelOfType creates a channel of the given type and returns its id
// (developers/resources/channel.mdx "Channel Types"): GUILD_TEXT 0, DM 1
// (guildID must be ""), GUILD_VOICE 2 and GUILD_STAGE_VOICE 13 (their text
// chat), GUILD_ANNOUNCEMENT 5, GUILD_FORUM 15, GUILD_MEDIA 16. For the
// thread types (ANNOUNCEMENT_THREAD 10, PUBLIC_THREAD 11, PRIVATE_THREAD 12)
// it also creates the parent (an announcement channel for 10, a text
// channel otherwise) and returns the thread's id: a thread someone else
// started, which the bot has not joined. Any other type panics.
func (s *Server) NewChannelOfType(guildID string, typ discordgo.ChannelType) string {
	if (typ == discordgo.ChannelTypeDM) != (guildID == "") {
		panic("discordtest: a DM channel has no guild and every other channel has one")
	}
	switch typ {
	case discordgo.ChannelTypeGuildText, discordgo.ChannelTypeDM, discordgo.ChannelTypeGuildVoice,
		discordgo.ChannelTypeGuildNews, discordgo.ChannelTypeGuildStageVoice, discordgo.ChannelTypeGuildForum,
		discordgo.ChannelTypeGuildMedia:
		id := s.newID()
		s.mu.Lock()
		s.channels[id] = &channel{ID: id, GuildID: guildID, Type: typ, Name: "channel-" + id}
		s.mu.Unlock()
		return id
	case discordgo.ChannelTypeGuildNewsThread, discordgo.ChannelTypeGuildPublicThread, discordgo.ChannelTypeGuildPrivateThread:
		parentType := discordgo.ChannelTypeGuildText
		if typ == discordgo.ChannelTypeGuildNewsThread {
			parentType = discordgo.ChannelTypeGuildNews
		}
		parent := s.NewChannelOfType(guildID, parentType)
		id := s.newID()
		s.mu.Lock()
		defer s.mu.Unlock()
		t := &Thread{ID: id, ParentID: parent, GuildID: guildID, Name: "thread-" + id, Type: typ,
			AutoArchiveDuration: 4320, ActiveAt: s.cfg.now()}
		s.threads[id] = t
		s.threadOrder = append(s.threadOrder, id)
		return id
	}
	panic(fmt.Sprintf("discordtest: channel type %d is not modelled", typ))
}

// channelTypeLocked is the type of a channel or thread, -1 if unknown.
// Call with s.mu held.
func (s *Server) channelTypeLocked(id string) discordgo.ChannelType {
	if t := s.threads[id]; t != nil {
		return t.Type
	}
	if ch := s.channels[id]; ch != nil {
		return ch.Type
	}
	return -1
}

// isThreadOnly reports a forum or media channel, where messages cannot be
// posted directly, only threads (posts) (developers/topics/threads.mdx
// "Forums", "Media Channels").
func isThreadOnly(t discordgo.ChannelType) bool {
	return t == discordgo.ChannelTypeGuildForum || t == discordgo.ChannelTypeGuildMedia
}
