package discordtest

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

const maxFileSize = 10 << 20 // Discord's default upload limit per file

func runes(s string) int { return utf8.RuneCountInString(s) }

// validateMessage checks a message against Discord's documented limits that
// the OpenAPI document (openapi.go) does not express or that hold across
// fields. Each rule names its docs page (in discord/discord-api-docs).
func validateMessage(m *Message, files []File) *apiError {
	v2 := m.Flags&discordgo.MessageFlagsIsComponentsV2 != 0
	// developers/resources/message.mdx "Create Message": content up to 2000
	// characters (the OpenAPI schema allows 4000 for channel messages).
	if runes(m.Content) > 2000 {
		return errInvalid("content: must be 2000 or fewer in length (got %d)", runes(m.Content))
	}
	// developers/resources/message.mdx "Create Message" (**): with
	// IS_COMPONENTS_V2, content and embeds fail with 400.
	if v2 && (m.Content != "" || len(m.Embeds) > 0) {
		return errInvalid("content/embeds: cannot be used with the IS_COMPONENTS_V2 flag")
	}
	// developers/resources/message.mdx "Create Message" (*): at least one of
	// content, embeds, components, files; developers/topics/opcodes-and-status-codes.mdx
	// 50006 "Cannot send an empty message".
	if m.Content == "" && len(m.Embeds) == 0 && len(m.Components) == 0 && len(m.Attachments) == 0 {
		return &apiError{Status: 400, Code: 50006, Message: "Cannot send an empty message", kind: "empty-message"}
	}
	// developers/resources/message.mdx "Create Message": up to 10 embeds.
	if len(m.Embeds) > 10 {
		return errInvalid("embeds: at most 10 embeds")
	}
	total := 0
	for i, e := range m.Embeds {
		if e == nil {
			return errInvalid("embeds[%d]: null embed", i)
		}
		n, err := embedSize(i, e)
		if err != nil {
			return err
		}
		total += n
	}
	// developers/resources/message.mdx "Embed Limits": 6000 characters in
	// all titles, descriptions, field names and values, footers and authors.
	if total > 6000 {
		return errInvalid("embeds: the combined text of all embeds must be 6000 or fewer characters (got %d)", total)
	}
	for i, f := range files {
		// developers/reference.mdx "Uploading Files": 10 MiB per file by default.
		if len(f.Data) > maxFileSize {
			return &apiError{Status: 413, Code: 40005, Message: "Request entity too large", kind: "too-large"}
		}
		// developers/reference.mdx "Uploading Files": every files[n] part has
		// a filename.
		if f.Filename == "" {
			return errInvalid("files[%d]: missing filename", i)
		}
	}
	// developers/resources/message.mdx "Create Message" / the document's
	// attachments maxItems: 10 files.
	if len(m.Attachments) > 10 {
		return errInvalid("attachments: at most 10 files")
	}
	return validateComponents(m.Components, v2)
}

// embedSize checks one embed against developers/resources/message.mdx
// "Embed Limits" and returns its characters for the 6000 total. The limits
// are measured after trimming leading and trailing whitespace, as the page
// says.
func embedSize(i int, e *discordgo.MessageEmbed) (int, *apiError) {
	n := trimmed(e.Title) + trimmed(e.Description)
	if trimmed(e.Title) > 256 {
		return 0, errInvalid("embeds[%d].title: must be 256 or fewer in length", i)
	}
	if trimmed(e.Description) > 4096 {
		return 0, errInvalid("embeds[%d].description: must be 4096 or fewer in length", i)
	}
	if len(e.Fields) > 25 {
		return 0, errInvalid("embeds[%d].fields: at most 25 fields", i)
	}
	for j, f := range e.Fields {
		if f == nil {
			return 0, errInvalid("embeds[%d].fields[%d]: null field", i, j)
		}
		// "Embed Field Structure": name and value are required (no "?"),
		// so one that is empty once trimmed is missing.
		if trimmed(f.Name) == 0 || trimmed(f.Name) > 256 {
			return 0, errInvalid("embeds[%d].fields[%d].name: must be 1-256 characters", i, j)
		}
		if trimmed(f.Value) == 0 || trimmed(f.Value) > 1024 {
			return 0, errInvalid("embeds[%d].fields[%d].value: must be 1-1024 characters", i, j)
		}
		n += trimmed(f.Name) + trimmed(f.Value)
	}
	if e.Footer != nil {
		if trimmed(e.Footer.Text) > 2048 {
			return 0, errInvalid("embeds[%d].footer.text: must be 2048 or fewer in length", i)
		}
		n += trimmed(e.Footer.Text)
	}
	if e.Author != nil {
		if trimmed(e.Author.Name) > 256 {
			return 0, errInvalid("embeds[%d].author.name: must be 256 or fewer in length", i)
		}
		n += trimmed(e.Author.Name)
	}
	// "Embed Image Structure" / "Embed Thumbnail Structure": url "only
	// supports http(s) and attachments".
	for _, u := range []*string{imageURL(e.Image), thumbURL(e.Thumbnail)} {
		if u != nil && *u != "" && !strings.HasPrefix(*u, "http://") && !strings.HasPrefix(*u, "https://") && !strings.HasPrefix(*u, "attachment://") {
			return 0, errInvalid("embeds[%d]: image url must be http(s) or attachment://", i)
		}
	}
	return n, nil
}

func trimmed(s string) int { return runes(strings.TrimSpace(s)) }

func imageURL(i *discordgo.MessageEmbedImage) *string {
	if i == nil {
		return nil
	}
	return &i.URL
}

func thumbURL(t *discordgo.MessageEmbedThumbnail) *string {
	if t == nil {
		return nil
	}
	return &t.URL
}

// validateComponents checks the legacy layout (up to 5 rows; a row holds up
// to 5 buttons or one select) or, with Components V2, up to 40 components;
// custom_ids are 1-100 characters and unique within the message.
func validateComponents(cs []discordgo.MessageComponent, v2 bool) *apiError {
	if !v2 {
		// developers/components/reference.mdx "Legacy Message Component
		// Behavior": up to 5 action rows as top-level components.
		if len(cs) > 5 {
			return errInvalid("components: at most 5 action rows (got %d)", len(cs))
		}
		for i, c := range cs {
			row, ok := asRow(c)
			if !ok {
				return errInvalid("components[%d]: top-level components must be action rows", i)
			}
			// developers/components/reference.mdx "Action Row": up to 5
			// buttons or a single select.
			if len(row.Components) == 0 || len(row.Components) > 5 {
				return errInvalid("components[%d]: an action row holds 1-5 components", i)
			}
			selects := 0
			for _, cc := range row.Components {
				switch cc.(type) {
				case *discordgo.SelectMenu, discordgo.SelectMenu:
					selects++
				case *discordgo.Button, discordgo.Button:
				default:
					return errInvalid("components[%d]: an action row holds buttons or a select menu", i)
				}
			}
			if selects > 0 && len(row.Components) != 1 {
				return errInvalid("components[%d]: a select menu must be alone in its action row", i)
			}
		}
	} else {
		// developers/components/reference.mdx (intro): with IS_COMPONENTS_V2
		// "Messages allow up to 40 total components", nested ones included.
		count := 0
		walkComponents(cs, func(discordgo.MessageComponent) { count++ })
		if count > 40 {
			return errInvalid("components: at most 40 components with IS_COMPONENTS_V2 (got %d)", count)
		}
	}
	// developers/components/reference.mdx "Custom ID": 1-100 characters,
	// and components of one message must not share a custom_id.
	seen := map[string]bool{}
	var err *apiError
	check := func(id string, need bool, what string) *apiError {
		if id == "" {
			if need {
				return errInvalid("%s: custom_id is required", what)
			}
			return nil
		}
		if len(id) > 100 {
			return errInvalid("%s: custom_id must be 1-100 characters (got %d): %q", what, len(id), id)
		}
		if seen[id] {
			return errInvalid("%s: custom_id %q is not unique within the message", what, id)
		}
		seen[id] = true
		return nil
	}
	walkComponents(cs, func(c discordgo.MessageComponent) {
		if err != nil {
			return
		}
		switch v := c.(type) {
		case *discordgo.Button:
			err = checkButton(*v, check)
		case discordgo.Button:
			err = checkButton(v, check)
		case *discordgo.SelectMenu:
			err = checkSelect(*v, check)
		case discordgo.SelectMenu:
			err = checkSelect(v, check)
		}
	})
	return err
}

func asRow(c discordgo.MessageComponent) (discordgo.ActionsRow, bool) {
	switch r := c.(type) {
	case *discordgo.ActionsRow:
		return *r, true
	case discordgo.ActionsRow:
		return r, true
	}
	return discordgo.ActionsRow{}, false
}

// checkButton applies developers/components/reference.mdx "Button": label
// up to 80 characters and the rules of each style.
func checkButton(b discordgo.Button, check func(string, bool, string) *apiError) *apiError {
	what := "button " + b.Label
	if runes(b.Label) > 80 {
		return errInvalid("%s: label must be 80 or fewer in length", what)
	}
	// Not stated on the page (label and emoji are both optional there); kept
	// because a button with neither shows nothing to click.
	if b.Label == "" && b.Emoji == nil && b.Style != discordgo.PremiumButton {
		return errInvalid("button: needs a label or an emoji")
	}
	switch b.Style {
	case discordgo.LinkButton:
		// "Link buttons must have a url, and cannot have a custom_id".
		if b.URL == "" || b.CustomID != "" {
			return errInvalid("%s: a link button has a url and no custom_id", what)
		}
		return nil
	case discordgo.PremiumButton:
		// "Premium buttons must contain a sku_id, and cannot have a
		// custom_id, label, url, or emoji".
		if b.SKUID == "" || b.CustomID != "" || b.Label != "" || b.URL != "" || b.Emoji != nil {
			return errInvalid("button: a premium button has a sku_id and no custom_id, label, url or emoji")
		}
		return nil
	case 0, discordgo.PrimaryButton, discordgo.SecondaryButton, discordgo.SuccessButton, discordgo.DangerButton:
		// "Non-link and non-premium buttons must have a custom_id, and
		// cannot have a url or a sku_id".
		if b.URL != "" || b.SKUID != "" {
			return errInvalid("%s: only link buttons have a url", what)
		}
	default:
		return errInvalid("%s: unknown style %d", what, b.Style)
	}
	return check(b.CustomID, true, what)
}

// checkSelect applies developers/components/reference.mdx "String Select
// Structure" and "Select Option Structure".
func checkSelect(s discordgo.SelectMenu, check func(string, bool, string) *apiError) *apiError {
	what := "select " + s.CustomID
	if runes(s.Placeholder) > 150 {
		return errInvalid("%s: placeholder must be 150 or fewer in length", what)
	}
	if s.MaxValues > 25 || (s.MinValues != nil && (*s.MinValues < 0 || *s.MinValues > 25)) {
		return errInvalid("%s: min_values and max_values must be 0-25", what)
	}
	if s.Type() == discordgo.SelectMenuComponent {
		if len(s.Options) < 1 || len(s.Options) > 25 {
			return errInvalid("%s: a string select needs 1-25 options (got %d)", what, len(s.Options))
		}
		values := map[string]bool{}
		for i, o := range s.Options {
			if o.Label == "" || runes(o.Label) > 100 || o.Value == "" || runes(o.Value) > 100 || runes(o.Description) > 100 {
				return errInvalid("%s: options[%d]: label and value 1-100, description up to 100 characters", what, i)
			}
			// Not stated on the page: two options with one value could not
			// be told apart in the interaction, so Discord refuses them
			// (kept from the original stand-in; unverified against docs).
			if values[o.Value] {
				return errInvalid("%s: options[%d]: duplicate value %q", what, i, o.Value)
			}
			values[o.Value] = true
		}
		// Not stated on the page either (kept, unverified): more values
		// than options cannot be chosen.
		if s.MaxValues > len(s.Options) {
			return errInvalid("%s: max_values exceeds the number of options", what)
		}
	}
	return check(s.CustomID, true, what)
}

// reCommandName is developers/interactions/application-commands.mdx
// "Application Command Naming": ^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$
// (the apostrophe was missing here before).
var reCommandName = regexp.MustCompile(`^[-_'\p{L}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)

// validateCommands checks a command list the way Discord does on a bulk
// overwrite: names, descriptions, option layout, choices and lengths, from
// developers/interactions/application-commands.mdx ("Application Command
// Structure", "Application Command Option Structure", "Registering a Command",
// "Subcommands and Subcommand Groups", "Localization").
func validateCommands(cmds []*discordgo.ApplicationCommand) *apiError {
	seen := map[string]bool{}
	chat := 0
	for i, c := range cmds {
		if c == nil {
			return errInvalid("%d: null command", i)
		}
		t := c.Type
		if t == 0 {
			t = discordgo.ChatApplicationCommand
		}
		key := string(rune('0'+t)) + c.Name
		// "Registering a Command": a new command with an existing name (of
		// the same type) replaces it, so a list cannot hold two.
		if seen[key] {
			return errInvalid("%d.name: duplicate command name %q", i, c.Name)
		}
		seen[key] = true
		switch t {
		case discordgo.ChatApplicationCommand:
			chat++
			if err := checkName(c.Name, true); err != nil {
				return errInvalid("%d.name: %s", i, err.Error())
			}
			// "Application Command Structure": description 1-100 for CHAT_INPUT.
			if runes(c.Description) < 1 || runes(c.Description) > 100 {
				return errInvalid("%d.description: must be 1-100 characters (command %q)", i, c.Name)
			}
			if err := checkLocalized(c.NameLocalizations, c.DescriptionLocalizations, true); err != "" {
				return errInvalid("%d (%s): %s", i, c.Name, err)
			}
			// "Registering a Command": 8000 characters for the names,
			// descriptions and values of the command, its options and
			// choices, counting only the longest localization of each field.
			total := longest(c.Name, c.NameLocalizations) + longest(c.Description, c.DescriptionLocalizations)
			if err := checkOptions(c.Name, c.Options, 0, &total); err != "" {
				return errInvalid("%d (%s): %s", i, c.Name, err)
			}
			if total > 8000 {
				return errInvalid("%d (%s): names, descriptions and values exceed 8000 characters (%d)", i, c.Name, total)
			}
		case discordgo.UserApplicationCommand, discordgo.MessageApplicationCommand:
			// "Application Command Naming": USER and MESSAGE names may be
			// mixed case with spaces, 1-32 characters; "Application Command
			// Structure": their description is the empty string and options
			// are CHAT_INPUT only.
			if runes(c.Name) < 1 || runes(c.Name) > 32 {
				return errInvalid("%d.name: must be 1-32 characters", i)
			}
			if c.Description != "" || len(c.Options) > 0 {
				return errInvalid("%d: context menu commands have no description or options", i)
			}
		default:
			return errInvalid("%d.type: unknown command type %d", i, c.Type)
		}
	}
	// "Registering a Command": 100 global CHAT_INPUT commands (and as many
	// per guild).
	if chat > 100 {
		return errInvalid("at most 100 chat input commands")
	}
	return nil
}

type nameErr string

func (e nameErr) Error() string { return string(e) }

// checkName applies "Application Command Naming": the regex, and the
// lowercase variant of every letter that has one.
func checkName(name string, lower bool) error {
	if !reCommandName.MatchString(name) {
		return nameErr("name " + `"` + name + `"` + " must be 1-32 letters, digits, - or _")
	}
	if lower && strings.ToLower(name) != name {
		return nameErr("name " + `"` + name + `"` + " must be lowercase")
	}
	return nil
}

// checkLocalized applies "Localization": keys are available locales
// (developers/reference.mdx "Locales"), names follow the naming rules and
// descriptions are 1-100 characters.
func checkLocalized(names, descs *map[discordgo.Locale]string, needDesc bool) string {
	if names != nil {
		for l, n := range *names {
			if _, ok := discordgo.Locales[l]; !ok {
				return "name_localizations: unknown locale " + string(l)
			}
			if err := checkName(n, true); err != nil {
				return "name_localizations[" + string(l) + "]: " + err.Error()
			}
		}
	}
	if descs != nil {
		for l, d := range *descs {
			if _, ok := discordgo.Locales[l]; !ok {
				return "description_localizations: unknown locale " + string(l)
			}
			if needDesc && (runes(d) < 1 || runes(d) > 100) {
				return "description_localizations[" + string(l) + "]: must be 1-100 characters"
			}
		}
	}
	return ""
}

// longest is the size a localized field counts towards the 8000 limit: its
// longest value, the default included.
func longest(def string, locs *map[discordgo.Locale]string) int {
	n := runes(def)
	if locs != nil {
		for _, l := range *locs {
			n = max(n, runes(l))
		}
	}
	return n
}

// checkOptions applies "Application Command Option Structure" to one level
// of options: up to 25, unique names, required before optional, choices.
func checkOptions(path string, opts []*discordgo.ApplicationCommandOption, depth int, total *int) string {
	if len(opts) > 25 {
		return path + ": at most 25 options"
	}
	names := map[string]bool{}
	optionalSeen := false
	subs, plain := 0, 0
	for _, o := range opts {
		if o == nil {
			return path + ": null option"
		}
		p := path + " " + o.Name
		if err := checkOptionName(p, o, names); err != "" {
			return err
		}
		nl, dl := o.NameLocalizations, o.DescriptionLocalizations
		if err := checkLocalized(&nl, &dl, true); err != "" {
			return p + ": " + err
		}
		if runes(o.Description) < 1 || runes(o.Description) > 100 {
			return p + ": description must be 1-100 characters"
		}
		*total += longest(o.Name, &nl) + longest(o.Description, &dl)
		switch o.Type {
		case discordgo.ApplicationCommandOptionSubCommand, discordgo.ApplicationCommandOptionSubCommandGroup:
			subs++
			if err := checkSubcommand(p, o, depth, total); err != "" {
				return err
			}
		case discordgo.ApplicationCommandOptionString, discordgo.ApplicationCommandOptionInteger, discordgo.ApplicationCommandOptionNumber,
			discordgo.ApplicationCommandOptionBoolean, discordgo.ApplicationCommandOptionUser, discordgo.ApplicationCommandOptionChannel,
			discordgo.ApplicationCommandOptionRole, discordgo.ApplicationCommandOptionMentionable, discordgo.ApplicationCommandOptionAttachment:
			plain++
			if err := checkPlainOption(p, o, &optionalSeen, total); err != "" {
				return err
			}
		default:
			return p + ": unknown option type"
		}
	}
	// "Subcommands and Subcommand Groups": using subcommands makes the base
	// command unusable, so they cannot sit next to plain options.
	if subs > 0 && plain > 0 {
		return path + ": subcommands and plain options cannot be mixed"
	}
	return ""
}

// checkOptionName checks option o's name, and that neither it nor any of
// its localizations is already taken at this level (names holds those
// seen, localizations under a "\x00" prefix).
func checkOptionName(p string, o *discordgo.ApplicationCommandOption, names map[string]bool) string {
	if err := checkName(o.Name, true); err != nil {
		return p + ": " + err.Error()
	}
	// "name must be unique within an array of application command options".
	if names[o.Name] {
		return p + ": duplicate option name"
	}
	names[o.Name] = true
	for _, ln := range o.NameLocalizations {
		if names["\x00"+ln] {
			return p + ": localized option name collides with another option"
		}
		names["\x00"+ln] = true
	}
	return ""
}

// checkSubcommand checks a subcommand or group: not required, nested only
// as Discord allows, and its own options one level down.
func checkSubcommand(p string, o *discordgo.ApplicationCommandOption, depth int, total *int) string {
	// Not stated in the docs (unverified, kept): a subcommand is
	// chosen, not required.
	if o.Required {
		return p + ": subcommands cannot be required"
	}
	// "Subcommands and Subcommand Groups": groups hold subcommands,
	// subcommands hold plain options; "That is the only kind of
	// nesting supported."
	if o.Type == discordgo.ApplicationCommandOptionSubCommandGroup {
		if depth > 0 {
			return p + ": subcommand groups cannot be nested"
		}
		for _, so := range o.Options {
			if so == nil || so.Type != discordgo.ApplicationCommandOptionSubCommand {
				return p + ": a subcommand group holds only subcommands"
			}
		}
	} else {
		for _, so := range o.Options {
			if so != nil && (so.Type == discordgo.ApplicationCommandOptionSubCommand || so.Type == discordgo.ApplicationCommandOptionSubCommandGroup) {
				return p + ": a subcommand cannot hold subcommands"
			}
		}
	}
	return checkOptions(p, o.Options, depth+1, total)
}

// checkPlainOption checks an option that takes a value: no options of its
// own, required ones first (optionalSeen carries that along the level),
// and its choices or autocomplete.
func checkPlainOption(p string, o *discordgo.ApplicationCommandOption, optionalSeen *bool, total *int) string {
	if len(o.Options) > 0 {
		return p + ": only subcommands have options"
	}
	// "Required options must be listed before optional options".
	if o.Required && *optionalSeen {
		return p + ": required options must come before optional ones"
	}
	if !o.Required {
		*optionalSeen = true
	}
	// "autocomplete may not be set to true if choices are present".
	if o.Autocomplete && len(o.Choices) > 0 {
		return p + ": autocomplete and choices are mutually exclusive"
	}
	if err := checkChoices(p, o, total); err != "" {
		return err
	}
	// choices and autocomplete are for STRING, INTEGER and NUMBER.
	if (o.Autocomplete || len(o.Choices) > 0) && o.Type != discordgo.ApplicationCommandOptionString &&
		o.Type != discordgo.ApplicationCommandOptionInteger && o.Type != discordgo.ApplicationCommandOptionNumber {
		return p + ": only string, integer and number options have choices or autocomplete"
	}
	return ""
}

// checkChoices checks an option's choices and counts their characters.
func checkChoices(p string, o *discordgo.ApplicationCommandOption, total *int) string {
	// choices: max 25; "Option Choice Structure": names 1-100, a
	// value of the option's type, strings up to 100 characters.
	if len(o.Choices) > 25 {
		return p + ": at most 25 choices"
	}
	for _, ch := range o.Choices {
		if ch == nil || runes(ch.Name) < 1 || runes(ch.Name) > 100 {
			return p + ": choice names must be 1-100 characters"
		}
		cl := ch.NameLocalizations
		*total += longest(ch.Name, &cl)
		switch v := ch.Value.(type) {
		case string:
			if o.Type != discordgo.ApplicationCommandOptionString || runes(v) > 100 {
				return p + ": choice value must match the option type (strings up to 100 characters)"
			}
			*total += runes(v)
		case float64:
			if o.Type != discordgo.ApplicationCommandOptionInteger && o.Type != discordgo.ApplicationCommandOptionNumber {
				return p + ": choice value must match the option type"
			}
		default:
			return p + ": choice value must be a string or a number"
		}
	}
	return ""
}
