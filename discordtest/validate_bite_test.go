package discordtest_test

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/discordtest"
)

// Each row breaks exactly one check and sends it through the real HTTP
// server: the stand-in must refuse it as Discord does (400, 50035 unless
// said otherwise, the flattened errors naming the field), and the corrected
// payload must pass.

// flatErrors lists Discord's nested "errors" object as "a.0.b: CODE message".
func flatErrors(body map[string]any) string {
	var out []string
	var walk func(prefix string, v any)
	walk = func(prefix string, v any) {
		m, ok := v.(map[string]any)
		if !ok {
			return
		}
		for k, sub := range m {
			if k == "_errors" {
				for _, e := range sub.([]any) {
					em := e.(map[string]any)
					out = append(out, fmt.Sprintf("%s: %v %v", strings.TrimPrefix(prefix, "."), em["code"], em["message"]))
				}
				continue
			}
			walk(prefix+"."+k, sub)
		}
	}
	walk("", body["errors"])
	sort.Strings(out)
	return strings.Join(out, "\n")
}

func row(cs ...any) map[string]any { return map[string]any{"type": 1, "components": cs} }

func button(id, label string) map[string]any {
	return map[string]any{"type": 2, "style": 1, "custom_id": id, "label": label}
}

func withEmoji(b map[string]any, e any) map[string]any {
	b["emoji"] = e
	return b
}

func selectMenu(id string, opts ...any) map[string]any {
	return map[string]any{"type": 3, "custom_id": id, "options": opts}
}

func option(v string) map[string]any { return map[string]any{"label": v, "value": v} }

func msg(kv ...any) map[string]any {
	m := map[string]any{}
	for i := 0; i < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1]
	}
	return m
}

func embed(kv ...any) map[string]any { return msg(kv...) }

func repeat(n int, f func(i int) any) []any {
	out := make([]any, n)
	for i := range out {
		out[i] = f(i)
	}
	return out
}

func cmd(kv ...any) map[string]any {
	m := msg("name", "play", "description", "Play a game", "type", 1)
	for i := 0; i < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1]
	}
	return m
}

func opt(name string, typ int, kv ...any) map[string]any {
	m := msg("name", name, "description", "d "+name, "type", typ)
	for i := 0; i < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1]
	}
	return m
}

// board is the message warroom posted for a table, the real bot's types
// marshalled by discordgo: "My hand" carried U+1F0A0, which Discord refuses.
func board(handEmoji string) map[string]any {
	send := discordgo.MessageSend{
		Embeds: []*discordgo.MessageEmbed{{Title: "Flanders 1917", Description: "Turn 1", Footer: &discordgo.MessageEmbedFooter{Text: "warroom"}}},
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Your move", Style: discordgo.PrimaryButton, CustomID: "t:1:move", Emoji: &discordgo.ComponentEmoji{Name: "🎯"}},
			discordgo.Button{Label: "My hand", Style: discordgo.SecondaryButton, CustomID: "t:1:hand", Emoji: &discordgo.ComponentEmoji{Name: handEmoji}},
		}}},
	}
	b, err := json.Marshal(send)
	if err != nil {
		panic(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		panic(err)
	}
	return m
}

// callbackData is a channel message body as interaction callback data,
// which has no sticker_ids (IncomingWebhookInteractionRequest).
func callbackData(m map[string]any) map[string]any {
	delete(m, "sticker_ids")
	return m
}

type biteCase struct {
	name      string
	route     string // "msg" (POST channel message), "multipart", "cb" (slash callback), "edit" (PATCH @original), "cmds" (PUT guild commands)
	bad, good any
	status    int    // 0: 400
	code      int    // 0: 50035
	want      string // in the flattened errors, or the message
}

func TestValidationBites(t *testing.T) {
	t.Parallel()
	long := func(n int) string { return strings.Repeat("x", n) }
	cases := []biteCase{
		// --- the OpenAPI document (openapi.go) ---
		{name: "schema: content has the wrong type", route: "msg", bad: msg("content", 5), good: msg("content", "5"),
			want: "content: BASE_TYPE_BAD_TYPE"},
		{name: "schema: unknown callback type", route: "cb", bad: msg("type", 42, "data", msg("content", "hi")), good: msg("type", 4, "data", msg("content", "hi")),
			want: "type: BASE_TYPE_CHOICES"},
		{name: "schema: custom_id over 100", route: "msg", bad: msg("components", []any{row(button(long(101), "Go"))}), good: msg("components", []any{row(button(long(100), "Go"))}),
			want: "components.0.components.0.custom_id: BASE_TYPE_MAX_LENGTH"},
		{name: "schema: unknown button style", route: "msg", bad: msg("components", []any{row(msg("type", 2, "style", 9, "custom_id", "a", "label", "A"))}), good: msg("components", []any{row(button("a", "A"))}),
			want: "components.0.components.0.style"},
		{name: "schema: select option without a label", route: "msg", bad: msg("components", []any{row(selectMenu("s", msg("value", "a")))}), good: msg("components", []any{row(selectMenu("s", option("a")))}),
			want: "components.0.components.0.options.0: BASE_TYPE_REQUIRED"},
		{name: "schema: 11 embeds", route: "msg", bad: msg("embeds", repeat(11, func(int) any { return embed("title", "t") })), good: msg("embeds", repeat(10, func(int) any { return embed("title", "t") })),
			want: "embeds: BASE_TYPE_BAD_LENGTH"},
		{name: "schema: embed title over 256", route: "msg", bad: msg("embeds", []any{embed("title", long(257))}), good: msg("embeds", []any{embed("title", long(256))}),
			want: "embeds.0.title: BASE_TYPE_MAX_LENGTH"},
		{name: "schema: button label over 80", route: "msg", bad: msg("components", []any{row(button("a", long(81)))}), good: msg("components", []any{row(button("a", long(80)))}),
			want: "components.0.components.0.label: BASE_TYPE_MAX_LENGTH"},
		{name: "schema: six buttons in a row", route: "msg", bad: msg("components", []any{row(repeat(6, func(i int) any { return button(fmt.Sprint(i), "b") })...)}),
			good: msg("components", []any{row(repeat(5, func(i int) any { return button(fmt.Sprint(i), "b") })...)}), want: "components.0.components: BASE_TYPE_BAD_LENGTH"},
		{name: "schema: payload_json is validated too", route: "multipart", bad: msg("content", "img", "tts", "yes"), good: msg("content", "img", "tts", false),
			want: "tts: BASE_TYPE_BAD_TYPE"},
		{name: "schema: @original edit", route: "edit", bad: msg("content", []any{"x"}), good: msg("content", "x"), want: "content: BASE_TYPE_BAD_TYPE"},
		{name: "schema: permissions are a string of digits (docs), not any string", route: "cmds", bad: []any{cmd("default_member_permissions", "admin")},
			good: []any{cmd("default_member_permissions", "8")}, want: "0.default_member_permissions: BASE_TYPE_BAD_TYPE"},
		{name: "schema: command name over 32", route: "cmds", bad: []any{cmd("name", long(33))}, good: []any{cmd("name", long(32))}, want: "0.name: BASE_TYPE_MAX_LENGTH"},

		// --- emojis (emoji.go) ---
		{name: "emoji: the U+1F0A0 board", route: "msg", bad: board("\U0001F0A0"), good: board("🃏"),
			want: "components.0.components.1.emoji.name: BUTTON_COMPONENT_INVALID_EMOJI"},
		{name: "emoji: the U+1F0A0 board in a callback", route: "cb", bad: msg("type", 4, "data", callbackData(board("\U0001F0A0"))), good: msg("type", 4, "data", callbackData(board("🃏"))),
			want: "data.components.0.components.1.emoji.name: BUTTON_COMPONENT_INVALID_EMOJI"},
		{name: "emoji: unqualified ✔ without VS16", route: "msg", bad: msg("components", []any{row(withEmoji(button("a", "ok"), msg("name", "\u2714")))}),
			good: msg("components", []any{row(withEmoji(button("a", "ok"), msg("name", "\u2714\ufe0f")))}), want: "emoji.name: BUTTON_COMPONENT_INVALID_EMOJI"},
		{name: "emoji: custom emoji without an id", route: "msg", bad: msg("components", []any{row(withEmoji(button("a", "ok"), msg("name", "warroom")))}),
			good: msg("components", []any{row(withEmoji(button("a", "ok"), msg("name", "warroom", "id", "123456789012345678")))}), want: "emoji.name: BUTTON_COMPONENT_INVALID_EMOJI"},
		{name: "emoji: custom emoji with a non-numeric id", route: "msg", bad: msg("components", []any{row(withEmoji(button("a", "ok"), msg("name", "warroom", "id", "abc")))}),
			good: msg("components", []any{row(withEmoji(button("a", "ok"), msg("name", "warroom", "id", "42")))}), want: "emoji.id: BUTTON_COMPONENT_INVALID_EMOJI"},
		{name: "emoji: neither id nor name", route: "msg", bad: msg("components", []any{row(withEmoji(button("a", "ok"), msg()))}),
			good: msg("components", []any{row(button("a", "ok"))}), want: "emoji: BUTTON_COMPONENT_INVALID_EMOJI"},
		{name: "emoji: select option", route: "msg", bad: msg("components", []any{row(selectMenu("s", withEmoji(option("a"), msg("name", "x"))))}),
			good: msg("components", []any{row(selectMenu("s", withEmoji(option("a"), msg("name", "🦋"))))}), want: "options.0.emoji.name: BUTTON_COMPONENT_INVALID_EMOJI"},

		// --- validate.go: messages ---
		{name: "content over 2000", route: "msg", bad: msg("content", long(2001)), good: msg("content", long(2000)), want: "content: must be 2000"},
		{name: "content with IS_COMPONENTS_V2", route: "msg", bad: msg("flags", 1<<15, "content", "x", "components", []any{msg("type", 10, "content", "x")}),
			good: msg("flags", 1<<15, "components", []any{msg("type", 10, "content", "x")}), want: "IS_COMPONENTS_V2"},
		{name: "empty message", route: "msg", bad: msg("content", ""), good: msg("content", "x"), code: 50006, want: "Cannot send an empty message"},
		{name: "embeds over 6000 in total", route: "msg", bad: msg("embeds", []any{embed("description", long(3000)), embed("description", long(3001))}),
			good: msg("embeds", []any{embed("description", long(3000)), embed("description", long(3000)+"   ")}), want: "6000"},
		{name: "empty embed field name", route: "msg", bad: msg("embeds", []any{embed("fields", []any{msg("name", " ", "value", "v")})}),
			good: msg("embeds", []any{embed("fields", []any{msg("name", "n", "value", "v")})}), want: "fields[0].name"},
		{name: "embed image url scheme", route: "msg", bad: msg("embeds", []any{embed("image", msg("url", "ftp://x/a.png"))}),
			good: msg("embeds", []any{embed("image", msg("url", "https://x/a.png"))}), want: "http(s) or attachment"},
		{name: "six action rows", route: "msg", bad: msg("components", repeat(6, func(i int) any { return row(button(fmt.Sprint(i), "b")) })),
			good: msg("components", repeat(5, func(i int) any { return row(button(fmt.Sprint(i), "b")) })), want: "at most 5 action rows"},
		{name: "top level component without IS_COMPONENTS_V2", route: "msg", bad: msg("components", []any{msg("type", 10, "content", "x")}),
			good: msg("flags", 1<<15, "components", []any{msg("type", 10, "content", "x")}), want: "must be action rows"},
		{name: "select beside a button", route: "msg", bad: msg("components", []any{row(selectMenu("s", option("a")), button("b", "B"))}),
			good: msg("components", []any{row(selectMenu("s", option("a"))), row(button("b", "B"))}), want: "alone in its action row"},
		{name: "button without custom_id", route: "msg", bad: msg("components", []any{row(msg("type", 2, "style", 1, "label", "A"))}),
			good: msg("components", []any{row(button("a", "A"))}), want: "custom_id is required"},
		{name: "duplicate custom_id", route: "msg", bad: msg("components", []any{row(button("a", "A"), button("a", "B"))}),
			good: msg("components", []any{row(button("a", "A"), button("b", "B"))}), want: "not unique"},
		{name: "button without label or emoji", route: "msg", bad: msg("components", []any{row(button("a", ""))}),
			good: msg("components", []any{row(withEmoji(button("a", ""), msg("name", "🎲")))}), want: "needs a label or an emoji"},
		{name: "link button with custom_id", route: "msg", bad: msg("components", []any{row(msg("type", 2, "style", 5, "label", "L", "url", "https://x", "custom_id", "l"))}),
			good: msg("components", []any{row(msg("type", 2, "style", 5, "label", "L", "url", "https://x"))}), want: "link button"},
		{name: "url on a primary button", route: "msg", bad: msg("components", []any{row(msg("type", 2, "style", 1, "label", "L", "url", "https://x", "custom_id", "l"))}),
			good: msg("components", []any{row(button("l", "L"))}), want: "only link buttons"},
		{name: "premium button with a label", route: "msg", bad: msg("components", []any{row(msg("type", 2, "style", 6, "label", "Buy", "sku_id", "1"))}),
			good: msg("components", []any{row(msg("type", 2, "style", 6, "sku_id", "1"))}), want: "premium button"},
		{name: "duplicate option values", route: "msg", bad: msg("components", []any{row(selectMenu("s", option("a"), option("a")))}),
			good: msg("components", []any{row(selectMenu("s", option("a"), option("b")))}), want: "duplicate value"},
		{name: "max_values above the options", route: "msg", bad: msg("components", []any{row(msg("type", 3, "custom_id", "s", "max_values", 3, "options", []any{option("a"), option("b")}))}),
			good: msg("components", []any{row(msg("type", 3, "custom_id", "s", "max_values", 2, "options", []any{option("a"), option("b")}))}), want: "max_values"},
		{name: "over 40 components with IS_COMPONENTS_V2", route: "msg",
			bad:  msg("flags", 1<<15, "components", []any{msg("type", 17, "components", repeat(40, func(int) any { return msg("type", 10, "content", "x") }))}),
			good: msg("flags", 1<<15, "components", []any{msg("type", 17, "components", repeat(39, func(int) any { return msg("type", 10, "content", "x") }))}), want: "at most 40"},

		// --- validate.go: commands ---
		{name: "uppercase command name", route: "cmds", bad: []any{cmd("name", "Play")}, good: []any{cmd("name", "play")}, want: "lowercase"},
		{name: "apostrophe is allowed in names", route: "cmds", bad: []any{cmd("name", "it's fine")}, good: []any{cmd("name", "it's")}, want: "must be 1-32 letters"},
		{name: "empty description", route: "cmds", bad: []any{cmd("description", "")}, good: []any{cmd("description", "d")}, want: "description: must be 1-100"},
		{name: "duplicate command", route: "cmds", bad: []any{cmd(), cmd()}, good: []any{cmd(), cmd("name", "other")}, want: "duplicate command name"},
		{name: "required after optional", route: "cmds", bad: []any{cmd("options", []any{opt("a", 3), opt("b", 3, "required", true)})},
			good: []any{cmd("options", []any{opt("b", 3, "required", true), opt("a", 3)})}, want: "required options must come before"},
		{name: "duplicate option", route: "cmds", bad: []any{cmd("options", []any{opt("a", 3), opt("a", 4)})},
			good: []any{cmd("options", []any{opt("a", 3), opt("b", 4)})}, want: "duplicate option name"},
		{name: "autocomplete with choices", route: "cmds", bad: []any{cmd("options", []any{opt("a", 3, "autocomplete", true, "choices", []any{msg("name", "x", "value", "x")})})},
			good: []any{cmd("options", []any{opt("a", 3, "choices", []any{msg("name", "x", "value", "x")})})}, want: "mutually exclusive"},
		{name: "choice value over 100", route: "cmds", bad: []any{cmd("options", []any{opt("a", 3, "choices", []any{msg("name", "x", "value", long(101))})})},
			good: []any{cmd("options", []any{opt("a", 3, "choices", []any{msg("name", "x", "value", long(100))})})}, want: "strings up to 100"},
		{name: "choice of the wrong type", route: "cmds", bad: []any{cmd("options", []any{opt("a", 4, "choices", []any{msg("name", "x", "value", "x")})})},
			good: []any{cmd("options", []any{opt("a", 4, "choices", []any{msg("name", "x", "value", 1)})})}, want: "0.options.0"},
		{name: "subcommands beside plain options", route: "cmds", bad: []any{cmd("options", []any{opt("a", 1), opt("b", 3)})},
			good: []any{cmd("options", []any{opt("a", 1, "options", []any{opt("b", 3)})})}, want: "cannot be mixed"},
		{name: "nested subcommand groups", route: "cmds", bad: []any{cmd("options", []any{opt("g", 2, "options", []any{opt("h", 2, "options", []any{opt("s", 1)})})})},
			good: []any{cmd("options", []any{opt("g", 2, "options", []any{opt("s", 1)})})}, want: "0.options.0"},
		{name: "unknown locale", route: "cmds", bad: []any{cmd("name_localizations", msg("xx", "graj"))}, good: []any{cmd("name_localizations", msg("pl", "graj"))}, want: "unknown locale"},
		{name: "context menu with a description", route: "cmds", bad: []any{msg("name", "Inspect", "type", 2, "description", "d")}, good: []any{msg("name", "Inspect", "type", 2)}, want: "no description"},
		{name: "8000 characters, localizations counted", route: "cmds",
			bad: []any{cmd("options", repeat(25, func(i int) any {
				return opt(fmt.Sprint("o", i), 3, "description_localizations", msg("pl", long(100)), "choices", repeat(25, func(j int) any { return msg("name", fmt.Sprint("c", j), "value", long(8)) }))
			}))},
			good: []any{cmd("options", repeat(25, func(i int) any {
				return opt(fmt.Sprint("o", i), 3, "choices", repeat(25, func(j int) any { return msg("name", fmt.Sprint("c", j), "value", long(8)) }))
			}))}, want: "8000"},
	}

	srv, r := newRaw(t)
	guild := srv.NewGuild()
	ch := srv.NewChannel(guild)
	registerPlay(t, srv, r, guild)
	cmdGuild := srv.NewGuild() // the "cmds" rows overwrite its commands
	alice := srv.User("alice")
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			send := func(body any) apiResp {
				switch tc.route {
				case "msg":
					return r.do("POST", "/channels/"+ch+"/messages", body)
				case "multipart":
					return r.do("POST", "/channels/"+ch+"/messages", multipartOf(t, body, map[string][]byte{"a.png": boardPNG(t, 4, 4)}, "a.png"))
				case "cmds":
					return r.do("PUT", "/applications/"+srv.AppID()+"/guilds/"+cmdGuild+"/commands", body)
				}
				t.Fatalf("route %q", tc.route)
				return apiResp{}
			}
			var ix *discordtest.Interaction
			if tc.route == "cb" || tc.route == "edit" {
				ix = srv.For(t).Slash(alice, ch, guild, "play", map[string]any{"game": "flanders"}, "")
				cb := "/interactions/" + ix.ID + "/" + ix.Token + "/callback"
				orig := "/webhooks/" + srv.AppID() + "/" + ix.Token + "/messages/@original"
				if tc.route == "edit" {
					if res := r.do("POST", cb, msg("type", 5)); res.Status != 204 {
						t.Fatalf("deferral: %d %v", res.Status, res.Body)
					}
				}
				send = func(body any) apiResp {
					if tc.route == "cb" {
						return r.do("POST", cb, body)
					}
					return r.do("PATCH", orig, body)
				}
			}
			before := len(srv.Failures())
			res := send(tc.bad)
			status, code0 := tc.status, tc.code
			if status == 0 {
				status = 400
			}
			if code0 == 0 {
				code0 = 50035
			}
			got := flatErrors(res.Body) + "\n" + fmt.Sprint(res.Body["message"])
			if res.Status != status || code(res) != code0 || !strings.Contains(got, tc.want) {
				t.Fatalf("bad payload: got %d code %d\n%s\nwant %d code %d with %q", res.Status, code(res), got, status, code0, tc.want)
			}
			t.Logf("refused: %s", got)
			if n := len(srv.Failures()); n != before+1 {
				t.Fatalf("the refusal was not recorded as a failure (%d -> %d)", before, n)
			}
			if res := send(tc.good); res.Status >= 300 {
				t.Fatalf("corrected payload refused: %d %s %v", res.Status, flatErrors(res.Body), res.Body["message"])
			}
		})
	}
}

func TestValidEmoji(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]bool{
		"🎯": true, "🃏": true, "✔️": true, "👍🏽": true, "🏳️‍🌈": true, "🇵🇱": true,
		"\U0001F0A0": false, "✔": false, "x": false, "": false, "🎯🎯": false, "1": false,
	} {
		if got := discordtest.ValidEmoji(s); got != want {
			t.Errorf("ValidEmoji(%q) = %v, want %v", s, got, want)
		}
	}
}
