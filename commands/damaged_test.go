package commands

import (
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// TestDamagedRecordNeverBlocksItsChannel: a table record that is not JSON
// answers with the damage and the way out, /game abandon sets it aside,
// /play afterwards opens a new lobby, and the damaged table still exports.
func TestDamagedRecordNeverBlocksItsChannel(t *testing.T) {
	h := newHarness(t)
	p := h.startRace()
	id := p.BoardOf
	h.store.Close()
	db, err := bolt.Open(h.path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Update(func(tx *bolt.Tx) error {
		return tx.Bucket([]byte("tables")).Put([]byte(id), []byte(`{"id":"`+id+`","seats":[`))
	}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	h.open()

	if r := h.slash(bob, "game", "status", nil); r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "/game abandon") {
		t.Fatalf("status of a damaged table: %+v", r.Reply)
	}
	if r := h.slash(ann, "play", "", map[string]string{"game": "race"}); r.Reply.Kind == ReplyPrivate && strings.Contains(text(r.Reply.Message), "already") {
		// /play sets the damaged table aside itself; either way the
		// channel must not stay blocked.
		t.Fatalf("/play blocked by a damaged table: %s", text(r.Reply.Message))
	}
	if _, err := h.store.ByChannel(t.Context(), "c"); err != nil {
		t.Fatalf("no new lobby after /play: %v", err)
	}
	out, err := h.svc.Export(t.Context(), id, false)
	if err != nil || !strings.Contains(string(out), `"damaged"`) || strings.Contains(string(out), `"record"`) {
		t.Fatalf("export of the damaged table: %v\n%s", err, out)
	}
	if out, err := h.svc.Export(t.Context(), id, true); err != nil || !strings.Contains(string(out), `"record"`) {
		t.Fatalf("export with hidden: %v\n%s", err, out)
	}
}

// TestAbandonSetsDamagedTableAside: /game abandon frees the channel of a
// table whose record cannot be read, for any member.
func TestAbandonSetsDamagedTableAside(t *testing.T) {
	h := newHarness(t)
	p := h.startRace()
	h.store.Close()
	db, _ := bolt.Open(h.path, 0o600, nil)
	db.Update(func(tx *bolt.Tx) error { return tx.Bucket([]byte("tables")).Put([]byte(p.BoardOf), []byte("\x00\x01")) })
	db.Close()
	h.open()
	r := h.slash(bob, "game", "abandon", nil)
	if r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "set aside") {
		t.Fatalf("abandon: %+v", r.Reply)
	}
	if r := h.slash(bob, "game", "status", nil); !strings.Contains(text(r.Reply.Message), "no active game") {
		t.Fatalf("channel still taken: %s", text(r.Reply.Message))
	}
}
