package bot

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/rs/zerolog"

	"github.com/warroom/warroom/catalog"
	"github.com/warroom/warroom/commands"
	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/discordtest"
	"github.com/warroom/warroom/league"
	"github.com/warroom/warroom/render"
)

// timerFirst is a store on which another delivery of every new league
// (the timer's, in life) is under way before the command that created
// it gets to deliver it: its Post blocks until released.
type timerFirst struct {
	data.Store
	svc     *commands.Service
	posting chan struct{}
	release chan struct{}
}

func (s *timerFirst) CreateLeague(ctx context.Context, l *league.League) error {
	if err := s.Store.CreateLeague(ctx, l); err != nil {
		return err
	}
	go s.svc.DeliverLeague(context.Background(), l.ID, blockedCourier{s})
	<-s.posting
	return nil
}

// blockedCourier posts after the test lets it.
type blockedCourier struct{ s *timerFirst }

func (c blockedCourier) Post(context.Context, string, render.Message, string) (string, error) {
	c.s.posting <- struct{}{}
	<-c.s.release
	return "1", nil
}

func (blockedCourier) Edit(context.Context, string, string, render.Message) error { return nil }
func (blockedCourier) Strip(context.Context, string, string) error                { return nil }
func (blockedCourier) OpenThread(context.Context, string, string, string, []string) (string, error) {
	return "", nil
}
func (blockedCourier) Archive(context.Context, string) error           { return nil }
func (blockedCourier) AddMember(context.Context, string, string) error { return nil }
func (blockedCourier) DM(context.Context, string, render.Message, string) error {
	return nil
}

// A /league create whose league message another delivery carries (the
// timer got to it first) is still answered: Discord would show "The
// application did not respond" otherwise. TestE2ELeague met this about
// one run in 30 under -race.
func TestLeagueCreateAnsweredWhenDeliveredElsewhere(t *testing.T) {
	srv := discordtest.New(t)
	guild := srv.NewGuild()
	ch := srv.NewChannel(guild)
	admin := srv.User("ann")
	admin.Permissions = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages | discordgo.PermissionUseApplicationCommands | discordgo.PermissionManageGuild

	inner, err := data.Open(filepath.Join(t.TempDir(), "warroom.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { inner.Close() })
	store := &timerFirst{Store: inner, posting: make(chan struct{}), release: make(chan struct{})}
	defer close(store.release)
	store.svc = commands.NewService(store, zerolog.Nop(), catalog.All())
	ctx := context.Background()
	b, err := Start(ctx, Config{Token: srv.Token(), GuildID: guild, APIBase: srv.URL()}, store.svc, zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Stop(ctx) })
	if err := srv.WaitReady(ctx); err != nil {
		t.Fatal(err)
	}

	wait, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	r, err := srv.Slash(admin, ch, guild, "league create trenches", map[string]any{"format": "swiss", "deadline": "play_out"}, "en-US").Wait(wait)
	if err != nil {
		t.Fatalf("/league create, its message carried by another delivery: %v\n%s", err, strings.Join(srv.Problems(), "\n"))
	}
	if !strings.Contains(r.Text(), "the message is in the channel") {
		t.Fatalf("answer: %q", r.Text())
	}
}
