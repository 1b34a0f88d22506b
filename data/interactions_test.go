package data_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/data/storetest"
)

// An accepted interaction id outlives a restart on bbolt.
func TestBoltInteractionsAfterRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.db")
	ctx := context.Background()
	b, err := data.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := b.FirstInteraction(ctx, "42", time.Now().Add(time.Minute)); !ok || err != nil {
		t.Fatalf("first: %v %v", ok, err)
	}
	b.Close()
	if b, err = data.Open(path); err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if ok, err := b.FirstInteraction(ctx, "42", time.Now().Add(time.Minute)); ok || err != nil {
		t.Fatalf("after a restart the id was first again: %v %v", ok, err)
	}
}

// Two replicas on one PostgreSQL database share the accepted ids.
func TestPostgresInteractionsShared(t *testing.T) {
	url := storetest.NewDatabase(t)
	a, b := openPG(t, url), openPG(t, url)
	ctx := context.Background()
	if ok, err := a.FirstInteraction(ctx, "42", time.Now().Add(time.Minute)); !ok || err != nil {
		t.Fatalf("first: %v %v", ok, err)
	}
	if ok, err := b.FirstInteraction(ctx, "42", time.Now().Add(time.Minute)); ok || err != nil {
		t.Fatalf("the other replica took the id for new: %v %v", ok, err)
	}
}
