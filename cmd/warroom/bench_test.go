package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

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
	for _, e := range modules().Engines() {
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
	svc := commands.NewService(store, zerolog.Nop(), modules().Modules())
	svc.Images = images
	rng := rand.New(rand.NewPCG(1, 2))
	users := []commands.User{{ID: "1", Name: "ann"}, {ID: "2", Name: "bob"}}
	c := &benchCourier{}
	var table string
	channel := 0 // each new game in a channel of its own: a channel limits its new tables
	// do handles a request on the table's board message and delivers
	// what it owes (drawing the board), as the bot does.
	do := func(r commands.Request) commands.Response {
		r.GuildID, r.ChannelID, r.Locale = "g", fmt.Sprint("c", channel), "en-US"
		if t, err := store.Get(context.Background(), table); err == nil {
			r.MessageID = t.BoardMessageID
		}
		resp := svc.Handle(context.Background(), r)
		if resp.Table != "" {
			table = resp.Table
			if err := svc.Deliver(context.Background(), resp.Table, c); err != nil {
				b.Fatal(err)
			}
		}
		return resp
	}
	req := func(u commands.User, customID string) commands.Response {
		return do(commands.Request{Kind: commands.Component, User: u, CustomID: customID})
	}
	newGame := func() {
		if table != "" { // a finished table has nothing to abandon
			pressFirst(do, users[0], do(commands.Request{Kind: commands.SlashCommand, User: users[0], Command: "game", Subcommand: "abandon"}))
		}
		table = ""
		channel++
		// New players too: a person may open only so many tables in a while.
		users = []commands.User{{ID: fmt.Sprint(2 * channel), Name: "ann"}, {ID: fmt.Sprint(2*channel + 1), Name: "bob"}}
		do(commands.Request{Kind: commands.SlashCommand, User: users[0], Command: "play", Options: map[string]string{"game": game}})
		req(users[1], firstID(c.last, ":l:join"))
		req(users[0], firstID(c.last, ":l:start"))
	}
	newGame()
	b.ResetTimer()
	cpu0 := processCPU()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		t, err := store.Get(context.Background(), table)
		if err != nil {
			b.Fatal(err)
		}
		if t.Status != data.StatusPlaying {
			newGame()
			if t, err = store.Get(context.Background(), table); err != nil {
				b.Fatalf("a new game after %d moves: %v (%+v)", i, err, c.last.Content)
			}
		}
		eng, _ := modules().Engine(game)
		st, _ := eng.Decode(t.State)
		seat := eng.Active(st)[0]
		legal := clickable(eng, st, seat)
		if len(legal) == 0 {
			b.Fatalf("%s: every legal move takes typed input", game)
		}
		a := legal[rng.IntN(len(legal))]
		id, _ := commands.CustomID{Table: table, Version: t.Version, Kind: commands.KindAction, Action: a}.Encode()
		b.StartTimer()
		r := pressFirst(do, users[seat], req(users[seat], id))
		if r.Reply.Kind == commands.ReplyPrivate {
			b.Fatalf("move %s refused: %s", a, r.Reply.Message.Content)
		}
	}
	b.ReportMetric(float64(processCPU()-cpu0)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}

// pressFirst presses, through do, the first button of a private reply that
// asks first (/game abandon, a move that cannot be undone), as the player
// would; any other reply is given back as it is.
func pressFirst(do func(commands.Request) commands.Response, u commands.User, r commands.Response) commands.Response {
	if r.Reply.Kind != commands.ReplyPrivate || len(r.Reply.Message.Components) == 0 {
		return r
	}
	row, _ := r.Reply.Message.Components[0].(discordgo.ActionsRow)
	if len(row.Components) == 0 {
		return r
	}
	btn, _ := row.Components[0].(discordgo.Button)
	return do(commands.Request{Kind: commands.Component, User: u, CustomID: btn.CustomID, OnPrivateMessage: true})
}

// clickable is seat's legal moves made by a click: a move that takes
// typed input (a FoW platoon's name) is made through a modal.
func clickable(eng games.Engine, st games.State, seat games.Seat) []games.Action {
	return slices.DeleteFunc(eng.Legal(st, seat), func(a games.Action) bool {
		_, typed := eng.TextRule(a.Verb)
		return typed
	})
}

// processCPU is the process's user and system CPU time so far: what a
// move costs a busy bot, which wall time on a shared machine does not
// show (it also counts choosing the move, outside the timer).
func processCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
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

// benchCourier stands for Discord: it takes every message and keeps the
// last one drawn.
type benchCourier struct {
	n    int
	last render.Message
}

func (c *benchCourier) Post(_ context.Context, _ string, m render.Message, _ string) (string, error) {
	c.n++
	c.last = m
	return fmt.Sprint("m", c.n), nil
}
func (c *benchCourier) Edit(_ context.Context, _, _ string, m render.Message) error {
	c.last = m
	return nil
}
func (c *benchCourier) Strip(context.Context, string, string) error              { return nil }
func (c *benchCourier) DM(context.Context, string, render.Message, string) error { return nil }

func (c *benchCourier) AddMember(context.Context, string, string) error { return nil }

func (c *benchCourier) OpenThread(context.Context, string, string, string, []string) (string, error) {
	c.n++
	return fmt.Sprint("t", c.n), nil
}
func (c *benchCourier) Archive(context.Context, string) error { return nil }
