package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/rs/zerolog"

	"github.com/warroom/warroom/commands"
	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
)

// BenchmarkAcceptedAction is the server-side cost of one accepted move in
// each game, as a player's click arrives: decode, lock, load, apply,
// computer replies, bbolt commit (with fsync) and drawing the new board
// (embed and PNG). Discord's round trips are not included.
func BenchmarkAcceptedAction(b *testing.B) {
	for _, e := range games.All() {
		id := e.Info().ID
		b.Run(id, func(b *testing.B) {
			for _, images := range []bool{false, true} {
				b.Run(fmt.Sprintf("images=%v", images), func(b *testing.B) { benchGame(b, id, images) })
			}
		})
	}
}

func benchGame(b *testing.B, game string, images bool) {
	store, err := data.Open(filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer store.Close()
	svc := commands.NewService(store, zerolog.Nop())
	svc.Images = images
	rng := rand.New(rand.NewPCG(1, 2))
	users := []commands.User{{ID: "1", Name: "ann"}, {ID: "2", Name: "bob"}}
	req := func(u commands.User, customID string, values ...string) commands.Response {
		return svc.Handle(context.Background(), commands.Request{Kind: commands.Component, User: u, GuildID: "g", ChannelID: "c", CustomID: customID, Values: values, Locale: "en-US"})
	}
	var table string
	newGame := func() {
		if table != "" {
			svc.Handle(context.Background(), commands.Request{Kind: commands.SlashCommand, User: users[0], GuildID: "g", ChannelID: "c", Command: "game", Subcommand: "abandon"})
		}
		r := svc.Handle(context.Background(), commands.Request{Kind: commands.SlashCommand, User: users[0], GuildID: "g", ChannelID: "c", Command: "play", Options: map[string]string{"game": game}})
		table = r.Reply.BoardOf
		r = req(users[1], firstID(r.Reply.Message, ":l:join"))
		req(users[0], firstID(r.Reply.Message, ":l:start"))
	}
	newGame()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		t, err := store.Get(table)
		if err != nil {
			b.Fatal(err)
		}
		if t.Status != data.StatusPlaying {
			newGame()
			t, _ = store.Get(table)
		}
		eng, _ := games.Lookup(game)
		st, _ := eng.Decode(t.State)
		seat := eng.Active(st)[0]
		legal := eng.Legal(st, seat)
		a := legal[rng.IntN(len(legal))]
		id, _ := commands.CustomID{Table: table, Version: t.Version, Kind: commands.KindAction, Action: a}.Encode()
		b.StartTimer()
		r := req(users[seat], id)
		if r.Reply.Kind == commands.ReplyPrivate {
			b.Fatalf("move %s refused: %s", a, r.Reply.Message.Content)
		}
	}
}

func firstID(m render.Message, suffix string) string {
	for _, row := range m.Components {
		for _, c := range row.(discordgo.ActionsRow).Components {
			if bt, ok := c.(discordgo.Button); ok && strings.HasSuffix(bt.CustomID, suffix) {
				return bt.CustomID
			}
		}
	}
	return ""
}
