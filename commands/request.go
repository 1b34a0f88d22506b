// Package commands is what a user can say to warroom: the slash-command
// tree (/play, /game ...), the buttons and selects (custom_id codec), the
// permission checks, and the table service that runs a game's lobby, seats
// and turns on top of the store (data) and the engines (games).
//
// A Request is a Discord interaction stripped to what matters; Handle turns
// it into a Response: the reply to the interaction and the follow-up work
// (post the next board with a ping, strip the old board's buttons, open a
// team thread). Every accepted action is committed before Handle returns,
// so the reply never acknowledges anything that could be lost.
package commands

import (
	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/render"
)

// RequestKind is the interaction type.
type RequestKind int

const (
	SlashCommand RequestKind = iota
	Component
	Autocomplete
)

// User is who sent the interaction.
type User struct {
	ID   string
	Name string
}

// Request is one interaction.
type Request struct {
	Kind        RequestKind
	User        User
	Locale      string // the user's Discord locale
	GuildLocale string
	GuildID     string
	ChannelID   string
	// Slash commands and autocomplete.
	Command    string            // "play", "game"
	Subcommand string            // "status", "rules", "abandon"
	Options    map[string]string // option name -> value as text
	Focused    string            // autocomplete: the option being typed
	// Components.
	CustomID  string
	Values    []string
	MessageID string // the message the component is on
	// OnPrivateMessage: that message is ephemeral (a private menu), as
	// its flags say; otherwise it is a public board or lobby. Deciding
	// this from the message itself, not from whether the table has
	// recorded its board's id yet, keeps a click on a just-posted board
	// from being taken for a private menu.
	OnPrivateMessage bool
	// CanManageGuild: the member has Manage Server in this guild.
	CanManageGuild bool
	// Channel is the channel the interaction came from, as Discord
	// describes it (nil when it did not say).
	Channel *Channel
	// AppPermissions are the bot's permissions in that channel
	// (app_permissions; nil when Discord did not say).
	AppPermissions *int64
}

// Channel is the partial channel Discord sends with an interaction
// (developers/interactions/receiving-and-responding.mdx, "channel").
type Channel struct {
	Type     discordgo.ChannelType
	ParentID string // for a thread: its channel
}

// ReplyKind says how the interaction is answered.
type ReplyKind int

const (
	// ReplyNew posts the message as the interaction's (public) response.
	ReplyNew ReplyKind = iota
	// ReplyPrivate answers with an ephemeral message.
	ReplyPrivate
	// ReplyUpdate replaces the message the component is on.
	ReplyUpdate
	// ReplyStrip removes the components of the message the component is
	// on, leaving its text and picture as a record.
	ReplyStrip
	// ReplyChoices answers an autocomplete.
	ReplyChoices
)

// Reply answers the interaction.
type Reply struct {
	Kind    ReplyKind
	Message render.Message
	Choices []*discordgo.ApplicationCommandOptionChoice
	// BoardOf: the reply is (or replaces) this table's board message;
	// bot reports the message id back with BoardPosted.
	BoardOf string
}

// Post is a new message in a channel, sent after the reply.
type Post struct {
	ChannelID string // empty: the table's play channel (thread if opened)
	Message   render.Message
	BoardOf   string // table id when this is the table's new board message
}

// Edit replaces an existing message, e.g. the board after an action
// chosen from a private menu.
type Edit struct {
	ChannelID string
	MessageID string
	Message   render.Message
	StripOnly bool // only remove the components
	BoardOf   string
}

// Thread asks the bot to open a team thread for a co-op table before the
// posts are sent; the posts then go into the thread.
type Thread struct {
	TableID   string
	ChannelID string
	Name      string
	Members   []string
	// Link is posted in the parent channel once the thread exists; the
	// bot fills in the thread mention in place of ThreadMention.
	Link render.Message
}

// ThreadMention is replaced by the thread's mention in Thread.Link.
const ThreadMention = "{{thread}}"

// Response is everything to do for one interaction, in order: the reply,
// the thread, the edits, then the posts.
type Response struct {
	Reply  Reply
	Thread *Thread
	Edits  []Edit
	Posts  []Post
	// ArchiveThread is a finished team thread to archive after the posts
	// (it stays readable; a new message reopens it), so finished games do
	// not count against the server's active-thread limit.
	ArchiveThread string
}

// PrivateCommand reports, from the request alone, whether a slash
// command's answer is private (/game rules, /settings). A command that
// cannot be answered at once is deferred, and the deferral's flags fix
// the answer's visibility for good
// (developers/interactions/receiving-and-responding.mdx: "an existing
// message's ephemeral state cannot be changed"), so this is decided
// before the answer exists.
func PrivateCommand(req Request) bool {
	return req.Kind == SlashCommand && (req.Command == "settings" || req.Command == "game" && req.Subcommand == "rules")
}
