package bot

import "sync"

// maxDMChannels bounds dmChannels: past it the memory starts afresh (one
// Create DM per user again), so a bot that reminded a million people
// does not keep them all.
const maxDMChannels = 100_000

// dmChannels is each user's DM channel id as Create DM returned it. A DM
// channel with a user stays the same ("if one already exists, it will be
// returned instead", developers/resources/user.mdx, Create DM), so this
// process keeps it rather than asking before every reminder.
type dmChannels struct {
	mu sync.Mutex
	m  map[string]string // user id -> DM channel id
}

func (d *dmChannels) get(userID string) (string, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	id, ok := d.m[userID]
	return id, ok
}

func (d *dmChannels) put(userID, channelID string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.m == nil || len(d.m) >= maxDMChannels {
		d.m = map[string]string{}
	}
	d.m[userID] = channelID
}

// drop forgets userID's channel if it is still channelID.
func (d *dmChannels) drop(userID, channelID string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.m[userID] == channelID {
		delete(d.m, userID)
	}
}
