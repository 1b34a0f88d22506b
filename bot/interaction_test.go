package bot

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/commands"
	"github.com/warroom/warroom/render"
)

// Interactions as Discord sends them (JSON), decoded by readInteraction
// and turned into table-service requests.
var requestCases = []struct {
	name, payload string
	want          commands.Request
}{
	{"slash with options", `{"id":"1","type":2,"guild_id":"g","channel_id":"c","locale":"pl","guild_locale":"ru",
		"member":{"nick":"Annie","permissions":"32","user":{"id":"100","username":"ann","global_name":"Ann"}},
		"data":{"name":"play","options":[{"name":"game","type":3,"value":"trenches"},{"name":"scenario","type":4,"value":3},{"name":"solo","type":5,"value":true}]}}`,
		commands.Request{Kind: commands.SlashCommand, User: commands.User{ID: "100", Name: "Annie"}, Locale: "pl", GuildLocale: "ru",
			GuildID: "g", ChannelID: "c", Command: "play", Options: map[string]string{"game": "trenches", "scenario": "3", "solo": "true"}, CanManageGuild: true}},
	{"subcommand", `{"id":"2","type":2,"guild_id":"g","channel_id":"c","member":{"permissions":"0","user":{"id":"100","username":"ann"}},
		"data":{"name":"game","options":[{"name":"status","type":1}]}}`,
		commands.Request{Kind: commands.SlashCommand, User: commands.User{ID: "100", Name: "ann"}, GuildID: "g", ChannelID: "c", Command: "game", Subcommand: "status", Options: map[string]string{}}},
	{"button", `{"id":"3","type":3,"guild_id":"g","channel_id":"c","member":{"permissions":"0","user":{"id":"200","username":"bob"}},
		"message":{"id":"m1","channel_id":"c"},"data":{"custom_id":"w1:1:2:a:roll","component_type":2}}`,
		commands.Request{Kind: commands.Component, User: commands.User{ID: "200", Name: "bob"}, GuildID: "g", ChannelID: "c", CustomID: "w1:1:2:a:roll", MessageID: "m1"}},
	{"in a thread, with the bot's permissions", `{"id":"7","type":3,"guild_id":"g","channel_id":"t","app_permissions":"274877991936",
		"channel":{"id":"t","type":12,"parent_id":"c"},"member":{"permissions":"0","user":{"id":"200","username":"bob"}},
		"message":{"id":"m1","channel_id":"t"},"data":{"custom_id":"w1:1:2:a:roll","component_type":2}}`,
		commands.Request{Kind: commands.Component, User: commands.User{ID: "200", Name: "bob"}, GuildID: "g", ChannelID: "t", CustomID: "w1:1:2:a:roll", MessageID: "m1",
			Channel: &commands.Channel{Type: discordgo.ChannelTypeGuildPrivateThread, ParentID: "c"}, AppPermissions: ptr(int64(274877991936))}},
	{"select", `{"id":"4","type":3,"guild_id":"g","channel_id":"c","member":{"permissions":"0","user":{"id":"200","username":"bob"}},
		"message":{"id":"m1","channel_id":"c"},"data":{"custom_id":"w1:1:2:s","component_type":3,"values":["take.7"]}}`,
		commands.Request{Kind: commands.Component, User: commands.User{ID: "200", Name: "bob"}, GuildID: "g", ChannelID: "c", CustomID: "w1:1:2:s", Values: []string{"take.7"}, MessageID: "m1"}},
	// From a DM: no guild_id, user instead of member, context 1
	// (developers/interactions/receiving-and-responding.mdx); a message in
	// the DM with the bot is seen by the clicking user alone.
	{"button in a DM", `{"id":"8","type":3,"channel_id":"d","context":1,"authorizing_integration_owners":{"0":"0"},
		"app_permissions":"311385638912","user":{"id":"200","username":"bob"},
		"message":{"id":"m2","channel_id":"d","flags":0},"data":{"custom_id":"w1:1:2:a:roll","component_type":2}}`,
		commands.Request{Kind: commands.Component, User: commands.User{ID: "200", Name: "bob"}, ChannelID: "d", CustomID: "w1:1:2:a:roll", MessageID: "m2",
			OnPrivateMessage: true, AppPermissions: ptr(int64(311385638912))}},
	{"autocomplete", `{"id":"5","type":4,"guild_id":"g","channel_id":"c","member":{"permissions":"0","user":{"id":"100","username":"ann"}},
		"data":{"name":"play","options":[{"name":"game","type":3,"value":"fow"},{"name":"mission","type":3,"value":"bre","focused":true}]}}`,
		commands.Request{Kind: commands.Autocomplete, User: commands.User{ID: "100", Name: "ann"}, GuildID: "g", ChannelID: "c", Command: "play", Options: map[string]string{"game": "fow", "mission": "bre"}, Focused: "mission"}},
}

func TestRequestOf(t *testing.T) {
	for _, c := range requestCases {
		i, x, err := readInteraction([]byte(c.payload))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got, ok := requestOf(i, x)
		if !ok {
			t.Fatalf("%s: not converted", c.name)
		}
		gj, _ := json.Marshal(got)
		wj, _ := json.Marshal(c.want)
		if string(gj) != string(wj) {
			t.Errorf("%s:\n got %s\nwant %s", c.name, gj, wj)
		}
	}
	ping, x, err := readInteraction([]byte(`{"id":"6","type":1}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := requestOf(ping, x); ok {
		t.Error("PING converted to a request")
	}
	// In a guild Discord always sends member: a user alone is taken only
	// from a DM.
	odd, x, err := readInteraction([]byte(`{"id":"9","type":3,"guild_id":"g","channel_id":"c","user":{"id":"200","username":"bob"},
		"message":{"id":"m1","channel_id":"c"},"data":{"custom_id":"w1:1:2:a:roll","component_type":2}}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := requestOf(odd, x); ok {
		t.Error("a guild interaction without a member converted to a request")
	}
}

func ptr[T any](v T) *T { return &v }

func TestMentionsAllowOnlyTheNamedUsers(t *testing.T) {
	m := mentions(renderMessage("<@1> <@2> @everyone", "1"))
	b, _ := json.Marshal(m)
	if string(b) != `{"parse":[],"users":["1"],"replied_user":false}` {
		t.Fatalf("%s", b)
	}
	b, _ = json.Marshal(noPings())
	if string(b) != `{"parse":[],"replied_user":false}` {
		t.Fatalf("%s", b)
	}
}

func renderMessage(content string, mentions ...string) render.Message {
	return render.Message{Content: content, Mentions: mentions}
}

func TestPermissionErrorsRecognised(t *testing.T) {
	mk := func(code int) error {
		return &discordgo.RESTError{Message: &discordgo.APIErrorMessage{Code: code, Message: "x"}}
	}
	if !isPermissionError(mk(discordgo.ErrCodeMissingPermissions)) || !isPermissionError(mk(discordgo.ErrCodeMissingAccess)) {
		t.Fatal("permission errors not recognised")
	}
	if isPermissionError(mk(10003)) || isPermissionError(nil) {
		t.Fatal("other errors taken for permission errors")
	}
}

// A command is deferred in time even when it reached the bot late: the
// budget counts from the interaction's creation (its snowflake).
func TestReplyBudgetCountsFromCreation(t *testing.T) {
	created := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	ms := created.UnixMilli() - 1420070400000 // Discord's epoch
	id := strconv.FormatInt(ms<<22, 10)
	cases := []struct {
		now  time.Time
		want time.Duration
	}{
		{created, fastReply},
		{created.Add(300 * time.Millisecond), fastReply - 300*time.Millisecond},
		{created.Add(2 * time.Second), 0},
		{created.Add(-time.Second), fastReply}, // our clock behind Discord's
	}
	for _, c := range cases {
		if got := replyBudget(id, c.now); got != c.want {
			t.Errorf("at +%v: budget %v, want %v", c.now.Sub(created), got, c.want)
		}
	}
	if got := replyBudget("not-a-snowflake", created); got != fastReply {
		t.Errorf("bad id: %v", got)
	}
}

// interactionSamples are interaction payloads: requestCases', a click on
// a Flanders board as the stand-in sends it (embeds, components and a
// picture: testdata/board_click.json), and a modal submit with a label.
func interactionSamples(t testing.TB) [][]byte {
	var out [][]byte
	for _, c := range requestCases {
		out = append(out, []byte(c.payload))
	}
	click, err := os.ReadFile("testdata/board_click.json")
	if err != nil {
		t.Fatal(err)
	}
	return append(out, click, []byte(`{"id":"8","type":5,"token":"t","guild_id":"g","channel_id":"c",
		"member":{"permissions":"0","user":{"id":"200","username":"bob"}},"message":{"id":"m2","flags":64},
		"data":{"custom_id":"w1:1:2:f","components":[{"type":18,"id":1,"component":{"type":4,"id":2,"custom_id":"note","value":"hi"}}]}}`))
}

// readInteraction reads what discordgo's own decoding reads, except the
// message a component sits on, of which it keeps the id and flags.
func TestReadInteractionAsDiscordgo(t *testing.T) {
	for _, p := range interactionSamples(t) {
		if msg := sameAsDiscordgo(p); msg != "" {
			t.Errorf("%s\n%.200s", msg, p)
		}
	}
}

func FuzzReadInteraction(f *testing.F) {
	for _, p := range interactionSamples(f) {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, p []byte) {
		if msg := sameAsDiscordgo(p); msg != "" {
			t.Fatal(msg)
		}
	})
}

// sameAsDiscordgo says how readInteraction's reading of p differs from
// discordgo's, when both read it.
func sameAsDiscordgo(p []byte) string {
	var want discordgo.Interaction
	wantErr := json.Unmarshal(p, &want)
	got, _, err := readInteraction(p)
	switch {
	case err != nil && wantErr == nil:
		return fmt.Sprintf("readInteraction failed where discordgo did not: %v", err)
	case err != nil || wantErr != nil:
		return "" // discordgo also reads the whole message, which may fail alone
	}
	g := *got
	if (g.Message == nil) != (want.Message == nil) {
		return fmt.Sprintf("message %v, discordgo's %v", g.Message, want.Message)
	}
	if g.Message != nil {
		if g.Message.ID != want.Message.ID || g.Message.Flags != want.Message.Flags {
			return fmt.Sprintf("message %s flags %d, discordgo's %s flags %d", g.Message.ID, g.Message.Flags, want.Message.ID, want.Message.Flags)
		}
		g.Message, want.Message = nil, nil
	}
	if !reflect.DeepEqual(g, want) {
		return fmt.Sprintf("read\n %+v\ndiscordgo read\n %+v", g, want)
	}
	return ""
}

// BenchmarkReadInteraction is the bot's cost of decoding a click on a
// board, against discordgo's own decoding of it (what the gateway did
// for each INTERACTION_CREATE before RawEvents, and then the bot again
// for the extras).
func BenchmarkReadInteraction(b *testing.B) {
	click, err := os.ReadFile("testdata/board_click.json")
	if err != nil {
		b.Fatal(err)
	}
	b.Run("warroom", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, _, err := readInteraction(click); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("discordgo", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var ic discordgo.InteractionCreate
			var x interactionExtras
			if err := errors.Join(json.Unmarshal(click, &ic), json.Unmarshal(click, &x)); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// boardMessage is the board a recorded click sits on, as Discord sends a
// message (the answer to a post, an edit or a with_response callback).
func boardMessage(t testing.TB) []byte {
	click, err := os.ReadFile("testdata/board_click.json")
	if err != nil {
		t.Fatal(err)
	}
	var ix struct {
		Message json.RawMessage `json:"message"`
	}
	if err := json.Unmarshal(click, &ix); err != nil || len(ix.Message) < 1000 {
		t.Fatalf("no board in the recorded click (%d bytes): %v", len(ix.Message), err)
	}
	return ix.Message
}

// The id the bot reads of a posted message is the one discordgo reads.
func TestPostedMessageID(t *testing.T) {
	raw := boardMessage(t)
	var full discordgo.Message
	var m postedMessage
	if err := errors.Join(json.Unmarshal(raw, &full), json.Unmarshal(raw, &m)); err != nil {
		t.Fatal(err)
	}
	if m.ID == "" || m.ID != full.ID {
		t.Fatalf("posted message id %q, discordgo reads %q", m.ID, full.ID)
	}
}

// BenchmarkPostedMessage: reading a posted board's id, against decoding
// the whole message as discordgo's ChannelMessageSendComplex does.
func BenchmarkPostedMessage(b *testing.B) {
	raw := boardMessage(b)
	b.Run("id", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var m postedMessage
			if err := json.Unmarshal(raw, &m); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("discordgo", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var m discordgo.Message
			if err := json.Unmarshal(raw, &m); err != nil {
				b.Fatal(err)
			}
		}
	})
}
