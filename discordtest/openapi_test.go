package discordtest

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// boardCallback is a type 7 update like the bot's board: embeds, an image,
// two rows of buttons with emojis and a select.
func boardCallback(tb testing.TB) []byte {
	one := 1
	data := &discordgo.InteractionResponseData{
		Embeds: []*discordgo.MessageEmbed{{Title: "Flanders 1917", Description: "Turn 3", Image: &discordgo.MessageEmbedImage{URL: "attachment://board.png"},
			Fields: []*discordgo.MessageEmbedField{{Name: "Alice", Value: "12 VP"}, {Name: "Bob", Value: "9 VP"}}, Footer: &discordgo.MessageEmbedFooter{Text: "warroom"}}},
		Components: []discordgo.MessageComponent{
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: "Your move", Style: discordgo.PrimaryButton, CustomID: "t:1:move", Emoji: &discordgo.ComponentEmoji{Name: "🎯"}},
				discordgo.Button{Label: "My hand", Style: discordgo.SecondaryButton, CustomID: "t:1:hand", Emoji: &discordgo.ComponentEmoji{Name: "🃏"}},
				discordgo.Button{Label: "Leave", Style: discordgo.DangerButton, CustomID: "t:1:leave"},
			}},
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{CustomID: "t:1:pick", MinValues: &one, MaxValues: 1,
				Options: []discordgo.SelectMenuOption{{Label: "Ypres", Value: "ypres"}, {Label: "Arras", Value: "arras", Emoji: &discordgo.ComponentEmoji{Name: "🏰"}}}}}},
		},
	}
	b, err := json.Marshal(discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: data})
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

const boardPath = "/interactions/1/tok/callback"

func TestCheckRequestFirstUseAndBoard(t *testing.T) {
	start := time.Now()
	if err := loadSpec(); err != nil {
		t.Fatal(err)
	}
	load := time.Since(start)
	body := boardCallback(t)
	start = time.Now()
	if e := checkRequest("POST", boardPath, body); e != nil {
		t.Fatalf("a valid board was refused: %v %v", e, formErrors(e.Errors).flat())
	}
	t.Logf("load %v, first board (compiles the callback schema) %v", load, time.Since(start))
	if findOp("POST", "/channels/1/messages").ptr == "" || findOp("GET", "/channels/1/messages").ptr != "" {
		t.Fatal("route matching: POST /channels/{id}/messages has a JSON body, GET has none")
	}
}

// BenchmarkCheckRequest measures one validated board callback once the
// schema is compiled (what each request of the e2e suite costs).
func BenchmarkCheckRequest(b *testing.B) {
	body := boardCallback(b)
	if e := checkRequest("POST", boardPath, body); e != nil {
		b.Fatal(e)
	}
	b.ReportAllocs()
	for b.Loop() {
		if e := checkRequest("POST", boardPath, body); e != nil {
			b.Fatal(e)
		}
	}
}

// Every object schema is closed: a field no schema names is refused, also
// through $ref, allOf and oneOf, while maps (additionalProperties) stay
// open and a field of another oneOf branch passes.
func TestUnknownFieldsRefused(t *testing.T) {
	for _, tc := range []struct {
		method, path, body, refused string
	}{
		{"PATCH", "/channels/1/messages/2", `{"content":"x","ID":"2","Channel":"1"}`, "Channel: STAND_IN_UNKNOWN_FIELD"},
		{"POST", "/channels/1/messages", `{"conent":"x"}`, "conent: STAND_IN_UNKNOWN_FIELD"},
		{"PATCH", "/webhooks/1/tok/messages/@original", `{"attachments":[{"id":"0","url":""}]}`, "attachments.0.url: STAND_IN_UNKNOWN_FIELD"},
		{"POST", "/interactions/1/tok/callback", `{"type":8,"data":{"choices":[],"content":""}}`, "data.content: STAND_IN_UNKNOWN_FIELD"},
		{"POST", "/channels/1/messages", `{"embeds":[{"title":"t","colour":1}]}`, "embeds.0.colour: STAND_IN_UNKNOWN_FIELD"},
		{"PUT", "/applications/1/commands", `[{"name":"a","description":"d","name_localizations":{"pl":"b"},"options":[{"type":3,"name":"x","description":"y","channel_types":[0]}]}]`, ""},
	} {
		e := checkRequest(tc.method, tc.path, []byte(tc.body))
		var got []string
		if e != nil {
			got = formErrors(e.Errors).flat()
		}
		if tc.refused == "" && e != nil || tc.refused != "" && (e == nil || !strings.Contains(strings.Join(got, "\n"), tc.refused)) {
			t.Errorf("%s %s %s: %v, want %q", tc.method, tc.path, tc.body, got, tc.refused)
		}
	}
}
