package bot

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/data"
)

// heldStore is a store whose reads of tables wait until released, so a
// test can look at what the bot has sent while a click is being applied.
type heldStore struct {
	data.Store
	held chan struct{}
}

func (h heldStore) Get(ctx context.Context, id string) (*data.Table, error) {
	<-h.held
	return h.Store.Get(ctx, id)
}

// A click is acknowledged once its work is done, not before: a process
// killed in between leaves a click Discord shows as failed, never one it
// acknowledged and that was not applied. A click whose work outlasts the
// reply budget is acknowledged anyway, within Discord's 3 seconds.
func TestClickAcknowledgedAfterItsWork(t *testing.T) {
	for _, tc := range []struct {
		name    string
		created time.Time
		early   int64 // callbacks while the work is held
	}{
		{"work within the budget", time.Now(), 0},
		{"work past the budget", time.Now().Add(-time.Hour), 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			store, err := data.Open(filepath.Join(t.TempDir(), "w.db"))
			if err != nil {
				t.Fatal(err)
			}
			defer store.Close()
			held := heldStore{Store: store, held: make(chan struct{})}
			discord, callbacks := callbackCounter(t)
			b := httpBot(held, discord.URL)
			body := fmt.Sprintf(`{"id":%q,"type":3,"token":"tok","guild_id":"g","channel_id":"c","member":{"permissions":"0","user":{"id":"200","username":"bob"}},`+
				`"message":{"id":"m1","channel_id":"c"},"data":{"custom_id":"w1:1:2:a:roll","component_type":2}}`, snowflakeAt(tc.created))
			go b.onEvent(b.s, &discordgo.Event{Type: "INTERACTION_CREATE", RawData: []byte(body)})
			time.Sleep(300 * time.Millisecond)
			if n := callbacks.Load(); n != tc.early {
				t.Errorf("%d callbacks while the click's work is held, want %d", n, tc.early)
			}
			close(held.held)
			time.Sleep(50 * time.Millisecond) // onEvent has begun by now
			b.inflight.Wait()
			if n := callbacks.Load(); n != 1 {
				t.Errorf("%d callbacks after the work, want 1", n)
			}
		})
	}
}
