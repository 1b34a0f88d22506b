package discordtest

import (
	"bytes"
	"fmt"
	"image"
	_ "image/gif"  // decoders for Message.Images
	_ "image/jpeg" // decoders for Message.Images
	_ "image/png"  // decoders for Message.Images
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// User is a person (or the bot) as the stand-in knows it. Make people with
// Server.User; the zero Permissions means "an ordinary member" (view, send,
// use application commands).
type User struct {
	ID       string
	Username string
	// Roles and Permissions go into the interaction's member object.
	Roles       []string
	Permissions int64
	// Locale is the user's client language, sent with every interaction
	// ("" is en-US); Slash's locale argument overrides it.
	Locale string
}

// Mention is the text that pings the user in message content: <@id>.
func (u User) Mention() string { return "<@" + u.ID + ">" }

func (u User) discord() *discordgo.User {
	return &discordgo.User{ID: u.ID, Username: u.Username, GlobalName: u.Username, Discriminator: "0"}
}

// Attachment is an uploaded file with its bytes, as Discord stores it.
type Attachment struct {
	ID          string
	Filename    string
	ContentType string
	Description string
	Data        []byte
	URL         string // served by the stand-in at this URL
}

// Image decodes the attachment (PNG, JPEG or GIF).
func (a Attachment) Image() (image.Image, error) {
	img, _, err := image.Decode(bytes.NewReader(a.Data))
	if err != nil {
		return nil, fmt.Errorf("attachment %q: %w", a.Filename, err)
	}
	return img, nil
}

// Message is a snapshot of a message as Discord stores it (and a user sees
// it) at the moment it was read. It never changes; read again (Server.Message,
// LastMessage, WaitMessage) for the current state.
type Message struct {
	ID        string
	ChannelID string
	GuildID   string
	AuthorID  string // the bot user for everything the bot posts
	Nonce     string // as sent at creation (Create Message's nonce)

	Content         string
	Embeds          []*discordgo.MessageEmbed
	Components      []discordgo.MessageComponent
	Attachments     []Attachment
	Flags           discordgo.MessageFlags
	AllowedMentions *discordgo.MessageAllowedMentions // as sent at creation
	Reference       *discordgo.MessageReference

	// Pinged holds the ids of users who were notified when the message was
	// created: <@id> mentions in content, filtered by allowed_mentions.
	// Edits notify nobody, so edits never change it, and a deferred (type
	// 5) response filled in later pings nobody either. MentionEveryone is
	// true when @everyone/@here was allowed to ping.
	Pinged          []string
	MentionEveryone bool
	PingedRoles     []string

	// InteractionID is set for interaction responses and follow-ups.
	InteractionID string
	// Source is "channel" (POST /channels/{c}/messages), "response"
	// (an interaction's original response) or "followup".
	Source string
	// VisibleTo is the only user who can see an ephemeral message.
	VisibleTo string
	// Loading is true while a deferred (type 5) response shows
	// "<bot> is thinking..." and has not been filled in yet.
	Loading bool

	ThreadID string // a thread started from this message
	Deleted  bool
	Created  time.Time
	Edited   time.Time
	// History holds the earlier versions, oldest first (each without
	// its own history). len(History) is the number of edits.
	History []Message
}

// Ephemeral reports whether only VisibleTo can see the message.
func (m *Message) Ephemeral() bool { return m.Flags&discordgo.MessageFlagsEphemeral != 0 }

// Mentions returns the ids of the users the message actually pinged
// (mentions in content that allowed_mentions let through).
func (m *Message) Mentions() []string { return append([]string(nil), m.Pinged...) }

// Pings reports whether the message pinged the user.
func (m *Message) Pings(u User) bool {
	for _, id := range m.Pinged {
		if id == u.ID {
			return true
		}
	}
	return false
}

// Button is a button as shown on a message.
type Button struct {
	CustomID string
	Label    string
	Emoji    string
	Style    discordgo.ButtonStyle
	Disabled bool
	URL      string
}

// SelectMenu is a select menu as shown on a message.
type SelectMenu struct {
	CustomID    string
	Placeholder string
	Disabled    bool
	MenuType    discordgo.ComponentType
	Options     []discordgo.SelectMenuOption
	MinValues   int
	MaxValues   int
}

// Values returns the option values of a string select.
func (s SelectMenu) Values() []string {
	var out []string
	for _, o := range s.Options {
		out = append(out, o.Value)
	}
	return out
}

// Buttons lists every button on the message in reading order (action rows,
// and for Components V2 also containers and section accessories).
func (m *Message) Buttons() []Button {
	var out []Button
	walkComponents(m.Components, func(c discordgo.MessageComponent) {
		switch b := c.(type) {
		case *discordgo.Button:
			out = append(out, buttonOf(*b))
		case discordgo.Button:
			out = append(out, buttonOf(b))
		}
	})
	return out
}

func buttonOf(b discordgo.Button) Button {
	e := ""
	if b.Emoji != nil {
		e = b.Emoji.Name
	}
	st := b.Style
	if st == 0 {
		st = discordgo.PrimaryButton
	}
	return Button{CustomID: b.CustomID, Label: b.Label, Emoji: e, Style: st, Disabled: b.Disabled, URL: b.URL}
}

// Button finds the button with the custom_id.
func (m *Message) Button(customID string) (Button, bool) {
	for _, b := range m.Buttons() {
		if b.CustomID == customID && customID != "" {
			return b, true
		}
	}
	return Button{}, false
}

// ButtonLabels lists the labels of the enabled buttons, handy for asserting
// what a player is offered.
func (m *Message) ButtonLabels() []string {
	var out []string
	for _, b := range m.Buttons() {
		if !b.Disabled {
			out = append(out, b.Label)
		}
	}
	return out
}

// Selects lists the select menus on the message.
func (m *Message) Selects() []SelectMenu {
	var out []SelectMenu
	walkComponents(m.Components, func(c discordgo.MessageComponent) {
		var s discordgo.SelectMenu
		switch v := c.(type) {
		case *discordgo.SelectMenu:
			s = *v
		case discordgo.SelectMenu:
			s = v
		default:
			return
		}
		minV := 1
		if s.MinValues != nil {
			minV = *s.MinValues
		}
		maxV := s.MaxValues
		if maxV == 0 {
			maxV = 1
		}
		out = append(out, SelectMenu{CustomID: s.CustomID, Placeholder: s.Placeholder, Disabled: s.Disabled,
			MenuType: s.Type(), Options: s.Options, MinValues: minV, MaxValues: maxV})
	})
	return out
}

// Select finds the select menu with the custom_id.
func (m *Message) Select(customID string) (SelectMenu, bool) {
	for _, s := range m.Selects() {
		if s.CustomID == customID && customID != "" {
			return s, true
		}
	}
	return SelectMenu{}, false
}

// EmbedText concatenates, one per line, the content of every embed: author,
// title, description, field names and values, footer. With Components V2 it
// also includes every TextDisplay. It does not include the message content.
func (m *Message) EmbedText() string {
	var b strings.Builder
	line := func(s string) {
		if s != "" {
			b.WriteString(s)
			b.WriteByte('\n')
		}
	}
	for _, e := range m.Embeds {
		if e == nil {
			continue
		}
		if e.Author != nil {
			line(e.Author.Name)
		}
		line(e.Title)
		line(e.Description)
		for _, f := range e.Fields {
			if f != nil {
				line(f.Name)
				line(f.Value)
			}
		}
		if e.Footer != nil {
			line(e.Footer.Text)
		}
	}
	walkComponents(m.Components, func(c discordgo.MessageComponent) {
		switch t := c.(type) {
		case *discordgo.TextDisplay:
			line(t.Content)
		case discordgo.TextDisplay:
			line(t.Content)
		}
	})
	return b.String()
}

// Text is the content followed by EmbedText: everything a user can read.
func (m *Message) Text() string {
	if m.Content == "" {
		return m.EmbedText()
	}
	return m.Content + "\n" + m.EmbedText()
}

// Images decodes every image attachment (PNG, JPEG, GIF), in order.
// Attachments that are not images by content type or file name are
// skipped; an image that does not decode is an error.
func (m *Message) Images() ([]image.Image, error) {
	var out []image.Image
	for _, a := range m.Attachments {
		if !isImage(a) {
			continue
		}
		img, err := a.Image()
		if err != nil {
			return out, err
		}
		out = append(out, img)
	}
	return out, nil
}

// EmbedImageURLs lists embed image and thumbnail URLs. An image uploaded
// with the message and referenced as attachment://name shows the
// attachment's URL here, as on Discord.
func (m *Message) EmbedImageURLs() []string {
	var out []string
	for _, e := range m.Embeds {
		if e == nil {
			continue
		}
		if e.Image != nil {
			out = append(out, e.Image.URL)
		}
		if e.Thumbnail != nil {
			out = append(out, e.Thumbnail.URL)
		}
	}
	return out
}

func isImage(a Attachment) bool {
	ct := strings.ToLower(a.ContentType)
	if strings.HasPrefix(ct, "image/") {
		return true
	}
	n := strings.ToLower(a.Filename)
	for _, ext := range []string{".png", ".jpg", ".jpeg", ".gif", ".webp"} {
		if strings.HasSuffix(n, ext) {
			return true
		}
	}
	return false
}

func walkComponents(cs []discordgo.MessageComponent, f func(discordgo.MessageComponent)) {
	for _, c := range cs {
		if c == nil {
			continue
		}
		f(c)
		switch v := c.(type) {
		case *discordgo.ActionsRow:
			walkComponents(v.Components, f)
		case discordgo.ActionsRow:
			walkComponents(v.Components, f)
		case *discordgo.Container:
			walkComponents(v.Components, f)
		case discordgo.Container:
			walkComponents(v.Components, f)
		case *discordgo.Section:
			walkComponents(v.Components, f)
			if v.Accessory != nil {
				walkComponents([]discordgo.MessageComponent{v.Accessory}, f)
			}
		case discordgo.Section:
			walkComponents(v.Components, f)
			if v.Accessory != nil {
				walkComponents([]discordgo.MessageComponent{v.Accessory}, f)
			}
		case *discordgo.Label:
			walkComponents([]discordgo.MessageComponent{v.Component}, f)
		case discordgo.Label:
			walkComponents([]discordgo.MessageComponent{v.Component}, f)
		}
	}
}

// Thread is a thread channel: one the bot created, or one the test made
// with NewChannelOfType.
type Thread struct {
	ID                  string
	ParentID            string
	GuildID             string
	Name                string
	Type                discordgo.ChannelType // 10 announcement, 11 public, 12 private
	OwnerID             string                // the bot for the threads it created
	Invitable           bool
	AutoArchiveDuration int // minutes of inactivity before it archives itself
	Archived            bool
	Locked              bool
	FromMessageID       string   // set for threads started from a message
	Members             []string // user ids, the bot included when it joined
	Deleted             bool
	// ActiveAt is the last activity (creation, a message, unarchiving, a
	// new auto_archive_duration); ArchivedAt is when it archived itself.
	ActiveAt   time.Time
	ArchivedAt time.Time
}

// Private reports whether the thread is a private thread (type 12).
func (t *Thread) Private() bool { return t.Type == discordgo.ChannelTypeGuildPrivateThread }

// HasMember reports whether the user is a member of the thread.
func (t *Thread) HasMember(u User) bool {
	for _, id := range t.Members {
		if id == u.ID {
			return true
		}
	}
	return false
}

// File is a file part of a multipart request.
type File struct {
	Field       string // files[0], ...
	Filename    string
	ContentType string
	Data        []byte
}

// Request is one HTTP request the bot made, in arrival order.
type Request struct {
	Seq         int
	At          time.Time
	Method      string
	Path        string // without the /api/v10 prefix, e.g. /channels/1/messages
	Query       string
	Route       string // the matched route pattern, "" when unknown
	ContentType string
	Body        []byte // the JSON body (payload_json for multipart)
	Files       []File
	Status      int
	Response    []byte
	Unexpected  bool // no such route in the stand-in
	RateLimited bool // answered with an injected 429
}

func (r Request) String() string {
	s := r.Method + " " + r.Path
	if r.Query != "" {
		s += "?" + r.Query
	}
	return fmt.Sprintf("%s -> %d", s, r.Status)
}

// Failure is a call the stand-in refused the way Discord would (a late or
// second interaction callback, an invalid body, an unknown message, a
// missing token, ...), or an interaction the bot never answered in time.
// Each is a bug in the bot unless the test provoked it.
type Failure struct {
	Kind          string // "late-callback", "already-acknowledged", "invalid-body", "unknown-message", "unauthorized", "unanswered", ...
	InteractionID string
	Status        int
	Code          int
	Message       string
	Request       *Request // nil for "unanswered"
}

func (f Failure) String() string {
	s := f.Kind + ": " + f.Message
	if f.Request != nil {
		s = f.Request.Method + " " + f.Request.Path + ": " + s
	}
	if f.InteractionID != "" {
		s += " (interaction " + f.InteractionID + ")"
	}
	return s
}

// Modal is a modal the bot opened (callback type 9).
type Modal struct {
	CustomID   string
	Title      string
	Components []discordgo.MessageComponent
}

// TextInputs lists the custom_ids of the modal's text inputs.
func (m *Modal) TextInputs() []string {
	var out []string
	walkComponents(m.Components, func(c discordgo.MessageComponent) {
		switch t := c.(type) {
		case *discordgo.TextInput:
			out = append(out, t.CustomID)
		case discordgo.TextInput:
			out = append(out, t.CustomID)
		}
	})
	return out
}

// Response is what the user saw as the answer to an interaction.
type Response struct {
	// Type is the callback type the bot chose (4..9).
	Type discordgo.InteractionResponseType
	// Latency is the time from the dispatch to the callback.
	Latency time.Duration
	// Message is the message the user sees as the answer: the original
	// response (types 4 and 5, after the deferred edit), or the message the
	// component belongs to (types 6 and 7, after any edit). Its helpers
	// (EmbedText, Buttons, Images, ...) are promoted onto Response.
	Message
	// Followups are the follow-up messages in order.
	Followups []Message
	// Choices answer an autocomplete (type 8).
	Choices []*discordgo.ApplicationCommandOptionChoice
	// Modal is set for type 9.
	Modal *Modal
}

// Ephemeral reports whether the answer is visible only to the user who
// acted (the original response carries the EPHEMERAL flag).
func (r *Response) Ephemeral() bool { return r.Message.Ephemeral() }

// Deferred reports whether the callback was a deferral (5 or 6).
func (r *Response) Deferred() bool {
	return r.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource ||
		r.Type == discordgo.InteractionResponseDeferredMessageUpdate
}
