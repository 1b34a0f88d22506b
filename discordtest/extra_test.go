package discordtest_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/discordtest"
)

func TestForgeModalAndSubtests(t *testing.T) {
	t.Parallel()
	srv, r := newRaw(t)
	guild := srv.NewGuild()
	ch := srv.NewChannel(guild)
	registerPlay(t, srv, r, guild)
	mallory := srv.User("mallory")

	t.Run("forged command", func(t *testing.T) {
		s := srv.For(t) // failing helpers fail this subtest
		ix := s.ForgeSlash(mallory, ch, guild, "game join", map[string]any{"table": "abc"}, "")
		var p discordgo.Interaction
		if err := json.Unmarshal(ix.Payload(), &p); err != nil {
			t.Fatal(err)
		}
		d := p.ApplicationCommandData()
		if d.Name != "game" || d.Options[0].Name != "join" || d.Options[0].Options[0].StringValue() != "abc" {
			t.Fatalf("forged payload: %+v", d)
		}
		if ix = s.ForgeSlash(mallory, ch, guild, "nope", nil, ""); ix.ID == "" {
			t.Fatal("no handle")
		}
	})

	t.Run("modal", func(t *testing.T) {
		s := srv.For(t)
		ix := s.Slash(mallory, ch, guild, "play", map[string]any{"game": "flanders"}, "")
		// A text input in an Action Row is refused: it "must be placed
		// inside a Label" (developers/components/reference.mdx).
		res := r.do("POST", "/interactions/"+ix.ID+"/"+ix.Token+"/callback", map[string]any{"type": 9, "data": map[string]any{
			"custom_id": "note", "title": "Leave a note", "components": []any{map[string]any{"type": 1, "components": []any{
				map[string]any{"type": 4, "custom_id": "text", "label": "Note", "style": 1, "required": true}}}}}})
		if res.Status != 400 {
			t.Fatalf("text input in an action row: %d %v", res.Status, res.Body)
		}
		// A label longer than 45 characters is refused (the OpenAPI schema).
		long := map[string]any{"type": 9, "data": map[string]any{"custom_id": "note", "title": "Leave a note", "components": []any{
			map[string]any{"type": 18, "label": strings.Repeat("x", 46), "component": map[string]any{"type": 4, "custom_id": "text", "style": 1}}}}}
		if res = r.do("POST", "/interactions/"+ix.ID+"/"+ix.Token+"/callback", long); res.Status != 400 {
			t.Fatalf("a 46-character label: %d %v", res.Status, res.Body)
		}
		res = r.do("POST", "/interactions/"+ix.ID+"/"+ix.Token+"/callback", map[string]any{"type": 9, "data": map[string]any{
			"custom_id": "note", "title": "Leave a note", "components": []any{map[string]any{"type": 18, "label": "Note",
				"description": "Two words", "component": map[string]any{"type": 4, "custom_id": "text", "style": 1, "required": true, "max_length": 5}}}}})
		if res.Status != 204 {
			t.Fatalf("modal callback: %d %v", res.Status, res.Body)
		}
		rsp := ix.Expect()
		if rsp.Modal == nil || rsp.Modal.Title != "Leave a note" || len(rsp.Modal.TextInputs()) != 1 {
			t.Fatalf("modal: %+v", rsp.Modal)
		}
		sub := s.SubmitModal(mallory, ix, map[string]string{"text": "gg"})
		var p discordgo.Interaction
		if err := json.Unmarshal(sub.Payload(), &p); err != nil {
			t.Fatal(err)
		}
		md := p.ModalSubmitData()
		label := md.Components[0].(*discordgo.Label)
		if md.CustomID != "note" || label.Component.(*discordgo.TextInput).Value != "gg" {
			t.Fatalf("modal submit: %+v", md)
		}
		// a modal submit from a slash command cannot be answered with type 7
		res = r.do("POST", "/interactions/"+sub.ID+"/"+sub.Token+"/callback", map[string]any{"type": 7, "data": map[string]any{"content": "x"}})
		if res.Status != 400 {
			t.Fatalf("type 7 on a modal submit: %d", res.Status)
		}
	})
}

// Two shards: each interaction goes to the session of its guild's shard.
func TestShards(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	alice := srv.User("alice")
	guild0, guild1 := "8388608", "4194304" // (id >> 22) % 2 == 0 and 1
	ch0, ch1 := srv.NewChannel(guild0), srv.NewChannel(guild1)

	var mu sync.Mutex
	got := map[string]int{}
	for shard := 0; shard < 2; shard++ {
		dg, err := discordgo.New("Bot " + srv.Token())
		if err != nil {
			t.Fatal(err)
		}
		dg.Client = srv.HTTPClient()
		dg.ShardID, dg.ShardCount = shard, 2
		shard := shard
		dg.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
			mu.Lock()
			got[ic.GuildID] = shard
			mu.Unlock()
			_ = s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: "ok"}})
		})
		if err := dg.Open(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = dg.Close() })
		if shard == 0 {
			if _, err := dg.ApplicationCommandBulkOverwrite(srv.AppID(), "", testCommands); err != nil {
				t.Fatal(err)
			}
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := srv.WaitCommands(ctx, "", 2); err != nil {
		t.Fatal(err)
	}
	srv.Slash(alice, ch0, guild0, "play", map[string]any{"game": "flanders"}, "").Expect()
	srv.Slash(alice, ch1, guild1, "play", map[string]any{"game": "flanders"}, "").Expect()
	mu.Lock()
	defer mu.Unlock()
	if got[guild0] != 0 || got[guild1] != 1 || srv.GatewayStats().Identifies != 2 {
		t.Fatalf("routing: %v, %+v", got, srv.GatewayStats())
	}
}
