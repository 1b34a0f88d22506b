package bot

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/rs/zerolog"

	"github.com/warroom/warroom/catalog"
	"github.com/warroom/warroom/commands"
	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/discordtest"
)

// startTestBot runs a bot against the stand-in srv.
func startTestBot(t *testing.T, srv *discordtest.Server, guild string) *Bot {
	t.Helper()
	store, err := data.Open(filepath.Join(t.TempDir(), "warroom.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	ctx := context.Background()
	b, err := Start(ctx, Config{Token: srv.Token(), GuildID: guild, APIBase: srv.URL()}, commands.NewService(store, zerolog.Nop(), catalog.All()), zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Stop(ctx) })
	if err := srv.WaitReady(ctx); err != nil {
		t.Fatal(err)
	}
	return b
}
