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
	// ModalSubmit is a modal's answer: CustomID is the modal's, Fields
	// what was typed; MessageID and OnPrivateMessage are those of the
	// message whose button opened it.
	ModalSubmit
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
	Fields    map[string]string // a modal's text inputs: custom_id -> value as typed
	MessageID string            // the message the component is on
	// OnPrivateMessage: that message is ephemeral (a private menu), as
	// its flags say; otherwise it is a public board or lobby. Deciding
	// this from the message itself, not from whether the table has
	// recorded its board's id yet, keeps a click on a just-posted board
	// from being taken for a private menu.
	OnPrivateMessage bool
	// CanManageGuild: the member has Manage Server in this guild.
	CanManageGuild bool
	// Roles are the member's role ids (the member object's roles).
	Roles []string
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

// ReplyKind says how the interaction is answered, beyond the table's
// owed effects (which the bot delivers with Service.Deliver).
type ReplyKind int

const (
	// ReplyNone: nothing beyond the effects (a click on a board or lobby,
	// whose message the effects redraw).
	ReplyNone ReplyKind = iota
	// ReplyPrivate answers with an ephemeral message.
	ReplyPrivate
	// ReplyUpdate replaces the private message the component is on (a
	// private menu becomes "Done").
	ReplyUpdate
	// ReplyChoices answers an autocomplete.
	ReplyChoices
	// ReplyModal opens Modal (callback type 9), the first and only answer
	// to a form's button.
	ReplyModal
)

// Reply answers the interaction.
type Reply struct {
	Kind    ReplyKind
	Message render.Message
	Choices []*discordgo.ApplicationCommandOptionChoice
	Modal   render.Modal
}

// OpensForm reports, from the request alone, whether a click is on a form's
// button. A modal must be the interaction's first answer
// (developers/interactions/receiving-and-responding.mdx: the callback types
// are alternatives, and a deferred click has had its answer), so such a
// click is answered at once with the modal, or a private refusal, and
// never deferred. Opening one only reads the table.
func OpensForm(req Request) bool {
	if req.Kind != Component {
		return false
	}
	id, err := ParseCustomID(req.CustomID)
	return err == nil && id.Kind == KindForm
}

// Response is everything to do for one interaction: deliver the table's
// owed effects (Service.Deliver), then the reply. Whatever changed is
// committed, with the effects it owes, before Handle returns.
type Response struct {
	Reply Reply
	// Table owes effects from this interaction: the bot delivers them
	// through the interaction (a clicked board is edited through it, a
	// command's public answer is the first post in its channel).
	Table string
	// Note is a private message for the user besides the reply, sent
	// after it (a note they were owed: owedNote).
	Note render.Message
	// League owes effects likewise (Service.DeliverLeague): /league
	// create's answer is the league message, a click redraws it.
	League string
}

// PrivateCommand reports, from the request alone, whether a slash
// command's answer is private (/game rules, /settings). A command that
// cannot be answered at once is deferred, and the deferral's flags fix
// the answer's visibility for good
// (developers/interactions/receiving-and-responding.mdx: "an existing
// message's ephemeral state cannot be changed"), so this is decided
// before the answer exists.
func PrivateCommand(req Request) bool {
	return req.Kind == SlashCommand && (req.Command == "settings" || req.Command == "help" || req.Command == "game" && (req.Subcommand == "rules" || req.Subcommand == "list" || req.Subcommand == "reminders" || req.Subcommand == "resign" || req.Subcommand == "vacation" || req.Subcommand == "abandon"))
}
