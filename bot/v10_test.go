package bot

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/render"
)

// On API v10 an edit's attachments list is every attachment present
// after it (developers/resources/message.mdx "Edit Message"): a board
// with a picture lists its one new file by index, a board without one
// lists none, and the list carries attachment request fields only.
func TestEditListsExactlyItsFiles(t *testing.T) {
	withPicture := render.Message{Content: "board", Files: []render.File{{Name: "board.png", Data: []byte{1}}}}
	for _, tc := range []struct {
		m    render.Message
		want string
	}{
		{withPicture, `"attachments":[{"id":"0"}]`},
		{render.Message{Content: "no picture"}, `"attachments":[]`},
	} {
		b, err := json.Marshal(webhookEdit(tc.m))
		if err != nil || !strings.Contains(string(b), tc.want) {
			t.Errorf("%q: %s, want %s", tc.m.Content, b, tc.want)
		}
	}
	edit := &discordgo.MessageEdit{ID: "1", Channel: "2", Attachments: attachments(withPicture)}
	b, _ := json.Marshal(edit)
	if strings.Contains(string(b), `"ID"`) || strings.Contains(string(b), `"Channel"`) || !strings.Contains(string(b), `"attachments":[{"id":"0"}]`) {
		t.Errorf("channel message edit: %s", b)
	}
}

// An autocomplete result and a modal carry their own data fields only
// (developers/interactions/receiving-and-responding.mdx), not a message's.
func TestCallbackDataFields(t *testing.T) {
	for _, tc := range []struct {
		r    discordgo.InteractionResponse
		want string
	}{
		{discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "a", Value: "a"}}}},
			`{"type":8,"data":{"choices":[{"name":"a","value":"a"}]}}`},
		{discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal,
			Data: &discordgo.InteractionResponseData{CustomID: "m", Title: "T", Components: []discordgo.MessageComponent{}}},
			`{"type":9,"data":{"custom_id":"m","title":"T","components":[]}}`},
	} {
		if b, err := json.Marshal(tc.r); err != nil || string(b) != tc.want {
			t.Errorf("%s, want %s (%v)", b, tc.want, err)
		}
	}
}
