package bot

import (
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// tokenLife is how long after its creation an interaction's token is
// still used here: Discord's 15 minutes
// (developers/interactions/receiving-and-responding.mdx, "Followup
// Messages"), less a margin for clocks and the request's own time.
const tokenLife = 14 * time.Minute

// boardTokens remembers, per public message, an interaction whose token
// may edit it: the latest click on it that was acknowledged with a
// deferred update (type 6), whose @original it is (DEFERRED_UPDATE_MESSAGE,
// developers/interactions/receiving-and-responding.mdx, "Interaction
// Callback Type"), or the interaction it was posted as a follow-up of
// (same page, "Edit Followup Message": "a message sent with that
// token"). Until the token expires, the message is edited through it, on
// the interaction's own bucket and not bound to the global rate limit. So a move made from a private menu
// (whose click is on an ephemeral message) redraws the board after the
// "Your move" click on it, and a passed turn strips the old board,
// without a channel endpoint's call. It is this process's memory: what
// it does not hold goes through the channel endpoints.
type boardTokens struct {
	mu    sync.Mutex
	m     map[string]owner // message id -> the latest interaction that may edit it
	swept time.Time
}

// owner is an interaction whose token may edit a message, and the
// message's name on that token's webhook: "@original" for the clicked
// message, else the follow-up's id.
type owner struct {
	i   *discordgo.Interaction
	ref string
}

// remember records click i, deferred with type 6, on messageID.
func (t *boardTokens) remember(messageID string, i *discordgo.Interaction, now time.Time) {
	t.put(messageID, owner{i, "@original"}, now)
}

// rememberFollowup records that messageID was posted as a follow-up of i.
func (t *boardTokens) rememberFollowup(messageID string, i *discordgo.Interaction, now time.Time) {
	t.put(messageID, owner{i, messageID}, now)
}

// put keeps of o's interaction only what an edit through its token
// needs (its id, for its age, its application and its token): a click's
// member, data and message would be kept for every board for 15 minutes.
func (t *boardTokens) put(messageID string, o owner, now time.Time) {
	o.i = &discordgo.Interaction{ID: o.i.ID, AppID: o.i.AppID, Token: o.i.Token}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.m == nil {
		t.m = map[string]owner{}
	}
	if now.Sub(t.swept) > time.Minute {
		for id, old := range t.m {
			if !fresh(old.i, now) {
				delete(t.m, id)
			}
		}
		t.swept = now
	}
	t.m[messageID] = o
}

// get is an interaction whose token may still edit messageID, if any.
func (t *boardTokens) get(messageID string, now time.Time) (owner, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	o, ok := t.m[messageID]
	if !ok || !fresh(o.i, now) {
		return owner{}, false
	}
	return o, true
}

// forget drops i, as get gave it, for messageID (Discord no longer
// knows its token).
func (t *boardTokens) forget(messageID string, i *discordgo.Interaction) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.m[messageID].i == i {
		delete(t.m, messageID)
	}
}

// fresh: i's token is younger than tokenLife, counted from the
// interaction's creation, which its snowflake id records.
func fresh(i *discordgo.Interaction, now time.Time) bool {
	created, err := discordgo.SnowflakeTimestamp(i.ID)
	return err == nil && now.Sub(created) < tokenLife
}
