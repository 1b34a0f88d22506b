package bot

import (
	"encoding/json"
	"strconv"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/commands"
	"github.com/warroom/warroom/render"
)

// Interactions as Discord sends them (JSON), decoded by discordgo and
// turned into table-service requests.
func TestRequestOf(t *testing.T) {
	cases := []struct {
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
		{"autocomplete", `{"id":"5","type":4,"guild_id":"g","channel_id":"c","member":{"permissions":"0","user":{"id":"100","username":"ann"}},
			"data":{"name":"play","options":[{"name":"game","type":3,"value":"fow"},{"name":"mission","type":3,"value":"bre","focused":true}]}}`,
			commands.Request{Kind: commands.Autocomplete, User: commands.User{ID: "100", Name: "ann"}, GuildID: "g", ChannelID: "c", Command: "play", Options: map[string]string{"game": "fow", "mission": "bre"}, Focused: "mission"}},
	}
	for _, c := range cases {
		var i discordgo.Interaction
		if err := json.Unmarshal([]byte(c.payload), &i); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got, ok := requestOf(&i, []byte(c.payload))
		if !ok {
			t.Fatalf("%s: not converted", c.name)
		}
		gj, _ := json.Marshal(got)
		wj, _ := json.Marshal(c.want)
		if string(gj) != string(wj) {
			t.Errorf("%s:\n got %s\nwant %s", c.name, gj, wj)
		}
	}
	var ping discordgo.Interaction
	json.Unmarshal([]byte(`{"id":"6","type":1}`), &ping)
	if _, ok := requestOf(&ping, nil); ok {
		t.Error("PING converted to a request")
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
