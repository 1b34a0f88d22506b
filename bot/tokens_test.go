package bot

import (
	"strconv"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// snowflakeAt is an interaction id created at t.
func snowflakeAt(t time.Time) string {
	return strconv.FormatInt((t.UnixMilli()-1420070400000)<<22, 10)
}

// A remembered click is used while its token is good, and not after
// tokenLife from its creation (Discord's tokens last 15 minutes).
func TestBoardTokensExpire(t *testing.T) {
	now := time.Now()
	var bt boardTokens
	i := &discordgo.Interaction{ID: snowflakeAt(now.Add(-time.Minute)), Token: "a"}
	bt.remember("m1", i, now)
	got, ok := bt.get("m1", now)
	if !ok || !owns(got, i, "@original") {
		t.Fatal("a fresh click is not used")
	}
	if _, ok := bt.get("m2", now); ok {
		t.Fatal("a token for another message")
	}
	if _, ok := bt.get("m1", now.Add(tokenLife)); ok {
		t.Fatal("a token used after tokenLife")
	}
	bt.forget("m1", &discordgo.Interaction{ID: i.ID})
	if _, ok := bt.get("m1", now); !ok {
		t.Fatal("forgetting another click dropped this one")
	}
	bt.forget("m1", got.i)
	if _, ok := bt.get("m1", now); ok {
		t.Fatal("a forgotten token is used")
	}
	// Expired entries are swept as new ones come.
	bt.remember("m3", &discordgo.Interaction{ID: snowflakeAt(now.Add(-tokenLife - time.Minute))}, now.Add(2*time.Minute))
	bt.remember("m4", i, now.Add(4*time.Minute))
	if _, ok := bt.m["m3"]; ok {
		t.Fatal("an expired token was kept")
	}
}

// A follow-up is edited through the token that sent it, by its own id
// ("Edit Followup Message"), and a later click on it takes over as its
// @original.
func TestFollowupTokens(t *testing.T) {
	now := time.Now()
	var bt boardTokens
	post := &discordgo.Interaction{ID: snowflakeAt(now.Add(-time.Minute)), Token: "a"}
	bt.rememberFollowup("vote", post, now)
	if got, ok := bt.get("vote", now); !ok || !owns(got, post, "vote") {
		t.Fatalf("the follow-up's owner is %+v, %v", got, ok)
	}
	click := &discordgo.Interaction{ID: snowflakeAt(now), Token: "b"}
	bt.remember("vote", click, now)
	if got, _ := bt.get("vote", now); !owns(got, click, "@original") {
		t.Fatalf("after a click on it, the owner is %+v", got)
	}
	if _, ok := bt.get("vote", now.Add(tokenLife+time.Minute)); ok {
		t.Fatal("an expired token is used")
	}
}

// owns: o edits ref through i's token.
func owns(o owner, i *discordgo.Interaction, ref string) bool {
	return o.ref == ref && o.i.ID == i.ID && o.i.AppID == i.AppID && o.i.Token == i.Token
}

// A remembered click keeps only what an edit through its token needs,
// not its member, data nor message: a board's owner is kept for the
// token's 15 minutes.
func TestBoardTokensKeepTheTokenOnly(t *testing.T) {
	now := time.Now()
	var bt boardTokens
	i := &discordgo.Interaction{ID: snowflakeAt(now), AppID: "app", Token: "a", ChannelID: "c",
		Member:  &discordgo.Member{User: &discordgo.User{ID: "u", Username: "ann"}, Roles: []string{"r1", "r2"}},
		Message: &discordgo.Message{ID: "m1"}, Data: discordgo.MessageComponentInteractionData{CustomID: "x"}}
	bt.remember("m1", i, now)
	got, ok := bt.get("m1", now)
	if !ok || !owns(got, i, "@original") {
		t.Fatalf("the owner is %+v", got)
	}
	if k := got.i; k.Member != nil || k.Message != nil || k.Data != nil || k.ChannelID != "" {
		t.Fatalf("the kept interaction holds more than its id, application and token: %+v", *got.i)
	}
}
