package discordtest_test

import (
	"encoding/json"
	"strconv"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// TestDMInteractionShape: a click on a message in a DM with the bot comes
// as Discord sends one from a DM (developers/interactions/
// receiving-and-responding.mdx, Interaction Object): no guild_id, `user`
// instead of `member`, context BOT_DM (1), authorizing_integration_owners
// {"0": "0"} for a guild-installed app, app_permissions of a DM with the
// bot; and nobody but the DM's recipient can click there.
func TestDMInteractionShape(t *testing.T) {
	t.Parallel()
	srv, r := newRaw(t)
	ann, bob := srv.User("ann"), srv.User("bob")
	dm := r.do("POST", "/users/@me/channels", map[string]any{"recipient_id": ann.ID})
	if dm.Status != 200 {
		t.Fatalf("create DM: %d %v", dm.Status, dm.Body)
	}
	chID := dm.Body["id"].(string)
	msg := r.do("POST", "/channels/"+chID+"/messages", map[string]any{"content": "your turn", "components": []any{
		map[string]any{"type": 1, "components": []any{map[string]any{"type": 2, "style": 1, "label": "Go", "custom_id": "go"}}}}})
	if msg.Status != 200 {
		t.Fatalf("post in the DM: %d %v", msg.Status, msg.Body)
	}
	m := srv.Message(msg.Body["id"].(string))
	ix := srv.Click(ann, m, "go")
	var p map[string]any
	if err := json.Unmarshal(ix.Payload(), &p); err != nil {
		t.Fatal(err)
	}
	if _, ok := p["guild_id"]; ok {
		t.Errorf("guild_id in a DM interaction: %v", p["guild_id"])
	}
	if _, ok := p["member"]; ok {
		t.Error("member in a DM interaction")
	}
	if u, _ := p["user"].(map[string]any); u == nil || u["id"] != ann.ID {
		t.Errorf("user: %v", p["user"])
	}
	if c, _ := p["context"].(float64); int(c) != int(discordgo.InteractionContextBotDM) {
		t.Errorf("context %v, want %d (BOT_DM)", p["context"], discordgo.InteractionContextBotDM)
	}
	if o, _ := p["authorizing_integration_owners"].(map[string]any); o == nil || o["0"] != "0" {
		t.Errorf("authorizing_integration_owners %v, want {\"0\": \"0\"}", p["authorizing_integration_owners"])
	}
	perms, _ := strconv.ParseInt(p["app_permissions"].(string), 10, 64)
	for _, need := range []int64{discordgo.PermissionAttachFiles, discordgo.PermissionEmbedLinks, discordgo.PermissionMentionEveryone, discordgo.PermissionUseExternalEmojis} {
		if perms&need == 0 {
			t.Errorf("app_permissions %d lack %d", perms, need)
		}
	}
	if _, err := srv.TryClick(bob, m, "go"); err == nil {
		t.Error("Bob clicked a button in Ann's DM")
	}
}
