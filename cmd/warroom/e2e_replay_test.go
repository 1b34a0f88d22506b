package main

import (
	"context"
	"errors"
	"net/http"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/discordtest"
)

// TestE2EReplayOnEveryReplica: a captured /play (same bytes, signature
// and timestamp) is replayed on each of two `warroom serve` replicas on
// PostgreSQL, then again after both restarted, once its lobby was
// cancelled: every replay is refused (401) and opens no lobby (#29
// item 4). Before, the replica that had not seen the request, or any
// replica after a restart, opened a lobby in the host's name. Run by
// .ci/run; skipped under -short and the race detector (./test.sh), whose
// bot and data tests cover a replay after a restart and a shared id.
func TestE2EReplayOnEveryReplica(t *testing.T) {
	if os.Getenv("WARROOM_E2E_CHILD") != "" {
		t.Skip("child")
	}
	if testing.Short() || raceEnabled {
		t.Skip("replicas in child processes: .ci/run runs it")
	}
	w, rr, kids := twoReplicas(t, "--no-images")
	st, err := data.OpenPostgres(context.Background(), w.db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	play := w.srv.Slash(w.ann, w.ch, w.guild, "play flanders", map[string]any{}, "en-US")
	w.expect(play)
	lobby, err := w.srv.WaitMessage(w.ctx(), w.ch, func(m *discordtest.Message) bool {
		_, ok := findButton(m, ":l:cancel")
		return ok
	})
	if err != nil {
		t.Fatalf("no lobby: %v\n%s", err, w.log.String())
	}
	w.expect(w.srv.Click(w.ann, lobby, mustButton(t, lobby, ":l:cancel")))
	if _, err := st.ByChannel(w.ctx(), w.ch); !errors.Is(err, data.ErrNotFound) {
		t.Fatalf("the cancelled lobby still holds the channel: %v", err)
	}
	replay := func(when string) {
		t.Helper()
		for range len(kids) { // the balancer sends each to the next replica
			if status, err := play.Replay(w.ctx()); err != nil || status != http.StatusUnauthorized {
				t.Errorf("%s: the replayed /play was answered %d %v, want 401", when, status, err)
			}
		}
		w.srv.WaitIdle(w.ctx(), 300*time.Millisecond)
		if tb, err := st.ByChannel(w.ctx(), w.ch); err == nil {
			t.Fatalf("%s: a replay opened table %s (%s)", when, tb.ID, tb.Status)
		} else if !errors.Is(err, data.ErrNotFound) {
			t.Fatal(err)
		}
	}
	replay("both replicas running")
	for i, k := range kids {
		k.Process.Signal(syscall.SIGTERM)
		k.Wait()
		kids[i] = w.startServeChild(rr.addrs[i], "--no-images")
	}
	replay("after both replicas restarted")
}
