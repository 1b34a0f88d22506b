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

// boardTokens remembers, per public message, the latest click on it
// that was acknowledged with a deferred update (type 6). Until its token
// expires, editing that interaction's @original edits the message
// (DEFERRED_UPDATE_MESSAGE, developers/interactions/receiving-and-responding.mdx,
// "Interaction Callback Type"), on the interaction's own bucket and not
// bound to the global rate limit. So a move made from a private menu
// (whose click is on an ephemeral message) redraws the board after the
// "Your move" click on it, and a passed turn strips the old board,
// without a channel endpoint's call. It is this process's memory: what
// it does not hold goes through the channel endpoints.
type boardTokens struct {
	mu    sync.Mutex
	m     map[string]*discordgo.Interaction // message id -> latest deferred click on it
	swept time.Time
}

// remember records click i, deferred with type 6, on messageID.
func (t *boardTokens) remember(messageID string, i *discordgo.Interaction, now time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.m == nil {
		t.m = map[string]*discordgo.Interaction{}
	}
	if now.Sub(t.swept) > time.Minute {
		for id, old := range t.m {
			if !fresh(old, now) {
				delete(t.m, id)
			}
		}
		t.swept = now
	}
	t.m[messageID] = i
}

// get is a click on messageID whose token is still good, if any.
func (t *boardTokens) get(messageID string, now time.Time) (*discordgo.Interaction, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	i, ok := t.m[messageID]
	if !ok || !fresh(i, now) {
		return nil, false
	}
	return i, true
}

// forget drops i for messageID (Discord no longer knows its token).
func (t *boardTokens) forget(messageID string, i *discordgo.Interaction) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.m[messageID] == i {
		delete(t.m, messageID)
	}
}

// fresh: i's token is younger than tokenLife, counted from the
// interaction's creation, which its snowflake id records.
func fresh(i *discordgo.Interaction, now time.Time) bool {
	created, err := discordgo.SnowflakeTimestamp(i.ID)
	return err == nil && now.Sub(created) < tokenLife
}
