package discordtest_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/discordtest"
)

// A tiny bot written the way warroom's bot is: an unmodified discordgo
// Session whose HTTP client points at the stand-in.

var testCommands = []*discordgo.ApplicationCommand{
	{
		Name: "play", Description: "Open a table",
		NameLocalizations: &map[discordgo.Locale]string{discordgo.Polish: "graj"},
		Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionString, Name: "game", Description: "Which game", Required: true,
				Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "In Flanders Field", Value: "flanders"}, {Name: "Trenches", Value: "trenches"}}},
			{Type: discordgo.ApplicationCommandOptionInteger, Name: "seats", Description: "Seats"},
		},
	},
	{
		Name: "game", Description: "Table commands",
		Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "join", Description: "Join a table",
				Options: []*discordgo.ApplicationCommandOption{
					{Type: discordgo.ApplicationCommandOptionInteger, Name: "table", Description: "Table", Required: true},
				}},
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "team", Description: "Open a team thread",
				Options: []*discordgo.ApplicationCommandOption{
					{Type: discordgo.ApplicationCommandOptionUser, Name: "mate", Description: "Team mate", Required: true},
				}},
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "find", Description: "Find a table",
				Options: []*discordgo.ApplicationCommandOption{
					{Type: discordgo.ApplicationCommandOptionString, Name: "name", Description: "Name", Autocomplete: true},
				}},
		},
	},
}

func boardPNG(t testing.TB, w, h int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := 0; x < w; x++ {
		img.Set(x, h/2, color.RGBA{R: 200, A: 255})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// startBot opens a discordgo session against srv and registers testCommands
// in the guild. The handler is what the "bot" does on each interaction.
func startBot(t *testing.T, srv *discordtest.Server, guild string) *discordgo.Session {
	t.Helper()
	dg, err := discordgo.New("Bot " + srv.Token())
	if err != nil {
		t.Fatal(err)
	}
	dg.Client = srv.HTTPClient()
	dg.Identify.Intents = discordgo.IntentsGuilds
	// The test ends once each handler has: a handler still posting after
	// the stand-in stopped would fail a finished test (discordgo's Close
	// no longer sleeps the second that used to hide this).
	var (
		mu       sync.Mutex
		handlers sync.WaitGroup
		ended    bool
	)
	dg.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		mu.Lock()
		if ended {
			mu.Unlock()
			return
		}
		handlers.Add(1)
		mu.Unlock()
		defer handlers.Done()
		handle(t, s, ic)
	})
	if err := dg.Open(); err != nil {
		t.Fatalf("open: %v", err)
	}
	t.Cleanup(func() {
		mu.Lock()
		ended = true
		mu.Unlock()
		handlers.Wait()
		_ = dg.Close()
	})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.WaitReady(ctx); err != nil {
		t.Fatal(err)
	}
	if dg.State.User == nil || dg.State.User.ID != srv.AppID() {
		t.Fatalf("READY did not set the bot user: %+v", dg.State.User)
	}
	if _, err := dg.ApplicationCommandBulkOverwrite(dg.State.User.ID, guild, testCommands); err != nil {
		t.Fatalf("register: %v", err)
	}
	return dg
}

func handle(t *testing.T, s *discordgo.Session, ic *discordgo.InteractionCreate) {
	i := ic.Interaction
	fail := func(what string, err error) {
		if err != nil {
			t.Errorf("bot: %s: %v", what, err)
		}
	}
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		d := i.ApplicationCommandData()
		switch d.Name {
		case "play":
			fail("respond", s.InteractionRespond(i, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: "Table opened (" + string(i.Locale) + ")", Flags: discordgo.MessageFlagsEphemeral},
			}))
			mate := ""
			if len(d.Options) > 1 {
				mate = " seats " + strconv.FormatInt(d.Options[1].IntValue(), 10)
			}
			_, err := s.ChannelMessageSendComplex(i.ChannelID, &discordgo.MessageSend{
				Content: "<@" + i.Member.User.ID + "> your turn, <@999> waits" + mate,
				Embeds:  []*discordgo.MessageEmbed{{Title: "In Flanders Field", Description: "Turn 1"}},
				Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
					discordgo.Button{Label: "Roll", CustomID: "t1:v1:roll"},
					discordgo.Button{Label: "Pass", CustomID: "t1:v1:pass", Disabled: true},
				}}},
				AllowedMentions: &discordgo.MessageAllowedMentions{Users: []string{i.Member.User.ID}},
			})
			fail("board", err)
		case "game":
			sub := d.Options[0]
			switch sub.Name {
			case "join":
				fail("defer", s.InteractionRespond(i, &discordgo.InteractionResponse{
					Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
					Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral},
				}))
				_, err := s.FollowupMessageCreate(i, true, &discordgo.WebhookParams{
					Content: "joined table " + strconv.FormatInt(sub.Options[0].IntValue(), 10)})
				fail("followup", err)
			case "team":
				mate := sub.Options[0].UserValue(nil)
				th, err := s.ThreadStartComplex(i.ChannelID, &discordgo.ThreadStart{Name: "team", AutoArchiveDuration: 10080,
					Type: discordgo.ChannelTypeGuildPrivateThread})
				fail("thread", err)
				if err == nil {
					fail("member", s.ThreadMemberAdd(th.ID, i.Member.User.ID))
					fail("member", s.ThreadMemberAdd(th.ID, mate.ID))
					_, err = s.ChannelMessageSend(th.ID, "welcome <@"+mate.ID+">")
					fail("thread message", err)
				}
				fail("respond", s.InteractionRespond(i, &discordgo.InteractionResponse{
					Type: discordgo.InteractionResponseChannelMessageWithSource,
					Data: &discordgo.InteractionResponseData{Content: "team ready"},
				}))
			}
		}
	case discordgo.InteractionApplicationCommandAutocomplete:
		fail("autocomplete", s.InteractionRespond(i, &discordgo.InteractionResponse{
			Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: []*discordgo.ApplicationCommandOptionChoice{
				{Name: "Table 3", Value: "3"}, {Name: "Table 4", Value: "4"}}},
		}))
	case discordgo.InteractionMessageComponent:
		d := i.MessageComponentData()
		if !enabledOn(i.Message, d.CustomID) {
			// the board moved on since this button was drawn
			fail("stale", s.InteractionRespond(i, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: "That button is stale.", Flags: discordgo.MessageFlagsEphemeral},
			}))
			return
		}
		if strings.HasSuffix(d.CustomID, ":pass") {
			fail("update", s.InteractionRespond(i, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseUpdateMessage,
				Data: &discordgo.InteractionResponseData{Content: "<@" + i.Member.User.ID + "> passed", Components: []discordgo.MessageComponent{}},
			}))
			return
		}
		// acknowledge first, then draw and upload
		fail("defer update", s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}))
		if i.Message == nil || !strings.Contains(i.Message.Content, "your turn") {
			t.Errorf("bot: component interaction without its message: %+v", i.Message)
		}
		embeds := []*discordgo.MessageEmbed{{Title: "In Flanders Field", Description: "Turn 2: rolled 6",
			Image:  &discordgo.MessageEmbedImage{URL: "attachment://board.png"},
			Fields: []*discordgo.MessageEmbedField{{Name: "Score", Value: "3 - 1"}}, Footer: &discordgo.MessageEmbedFooter{Text: "v2"}}}
		comps := []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Roll", CustomID: "t1:v2:roll", Disabled: true},
			discordgo.Button{Label: "Pass", CustomID: "t1:v2:pass"},
		}}}
		_, err := s.InteractionResponseEdit(i, &discordgo.WebhookEdit{Embeds: &embeds, Components: &comps,
			Files:       []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(boardPNG(t, 64, 48))}},
			Attachments: &[]*discordgo.MessageAttachment{{ID: "0"}}})
		fail("edit original", err)
	}
}

func enabledOn(m *discordgo.Message, customID string) bool {
	if m == nil {
		return false
	}
	for _, row := range m.Components {
		r, ok := row.(*discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, c := range r.Components {
			if b, ok := c.(*discordgo.Button); ok && b.CustomID == customID && !b.Disabled {
				return true
			}
		}
	}
	return false
}

func TestDiscordgoEndToEnd(t *testing.T) {
	t.Parallel()
	start := time.Now()
	srv := discordtest.New(t, discordtest.WithLog(t.Logf))
	guild := srv.NewGuild()
	ch := srv.NewChannel(guild)
	alice, bob := srv.User("alice"), srv.User("bob")
	dg := startBot(t, srv, guild)

	// registration
	cmds := srv.Commands(guild)
	if len(cmds) != 2 || cmds[0].Name != "play" || cmds[0].ID == "" || cmds[0].ApplicationID != srv.AppID() {
		t.Fatalf("commands: %+v", cmds)
	}

	// slash command -> ephemeral reply + a public board that pings only alice
	r := srv.Slash(alice, ch, guild, "play", map[string]any{"game": "flanders", "seats": 2}, "pl").Expect()
	if r.Type != discordgo.InteractionResponseChannelMessageWithSource || !r.Ephemeral() || r.Content != "Table opened (pl)" {
		t.Fatalf("play response: type %d ephemeral %v %q", r.Type, r.Ephemeral(), r.Content)
	}
	if r.Latency > 3*time.Second {
		t.Errorf("slow ack: %v", r.Latency)
	}
	if eph := srv.Ephemerals(alice); len(eph) != 1 || len(srv.Ephemerals(bob)) != 0 {
		t.Fatalf("ephemerals: alice %d, bob %d", len(eph), len(srv.Ephemerals(bob)))
	}
	board := srv.ExpectMessage(ch, func(m *discordtest.Message) bool { return len(m.Buttons()) > 0 })
	if got := board.Mentions(); len(got) != 1 || got[0] != alice.ID || board.Pings(bob) {
		t.Fatalf("board pings %v, want only alice", got)
	}
	if !strings.Contains(board.Content, "seats 2") || board.EmbedText() != "In Flanders Field\nTurn 1\n" {
		t.Fatalf("board: %q / %q", board.Content, board.EmbedText())
	}
	if bs := board.Buttons(); len(bs) != 2 || bs[0].Label != "Roll" || bs[0].Disabled || !bs[1].Disabled {
		t.Fatalf("buttons: %+v", bs)
	}

	// the stand-in refuses clicks a Discord client could not make
	if _, err := srv.TryClick(bob, board, "t1:v1:pass"); err == nil {
		t.Fatal("clicking a disabled button was allowed")
	}
	if _, err := srv.TryClick(bob, board, "nope"); err == nil {
		t.Fatal("clicking a missing custom_id was allowed")
	}

	// click -> deferred update -> edit @original with an embed and a PNG
	r = srv.ClickLabel(alice, board, "Roll").Expect()
	if r.Type != discordgo.InteractionResponseDeferredMessageUpdate || r.ID != board.ID || r.Ephemeral() {
		t.Fatalf("click response: type %d id %s", r.Type, r.ID)
	}
	if !strings.Contains(r.EmbedText(), "rolled 6") || !strings.Contains(r.EmbedText(), "3 - 1") || len(r.History) != 1 {
		t.Fatalf("edited board: %q (%d edits)", r.EmbedText(), len(r.History))
	}
	imgs, err := r.Images()
	if err != nil || len(imgs) != 1 || imgs[0].Bounds().Dx() != 64 {
		t.Fatalf("images: %v %v", imgs, err)
	}
	if u := r.EmbedImageURLs(); len(u) != 1 || !strings.HasPrefix(u[0], srv.URL()+"/attachments/") {
		t.Fatalf("embed image not resolved: %v", u)
	}
	if labels := r.ButtonLabels(); len(labels) != 1 || labels[0] != "Pass" {
		t.Fatalf("enabled buttons after the move: %v", labels)
	}
	if !r.Pings(alice) { // the edit kept the original pings and notified nobody new
		t.Fatal("edit changed who was pinged")
	}
	// a click on an old snapshot (a lagging screen) reaches the bot, which
	// sees the current message in the payload and answers privately
	r = srv.Click(bob, board, "t1:v1:roll").Expect()
	if !r.Ephemeral() || r.Content != "That button is stale." || r.VisibleTo != bob.ID {
		t.Fatalf("stale click answer: %+v", r.Message)
	}
	// a forged custom_id is delivered as is
	if r = srv.ForgeClick(bob, board, "t1:v0:forged").Expect(); r.Content != "That button is stale." {
		t.Fatalf("forged click answer: %q", r.Content)
	}
	// type 7: the click updates the message in place; edits ping nobody
	current := srv.Message(board.ID)
	r = srv.ClickLabel(bob, current, "Pass").Expect()
	if r.Type != discordgo.InteractionResponseUpdateMessage || r.ID != board.ID || len(r.Buttons()) != 0 || r.Pings(bob) || len(r.History) != 2 {
		t.Fatalf("update: type %d id %s buttons %v pinged %v", r.Type, r.ID, r.Buttons(), r.Mentions())
	}
	// discordgo sends "embeds": null in a type 7 without embeds: Discord clears them
	if r.EmbedText() != "" || !strings.HasSuffix(r.Content, "passed") {
		t.Fatalf("update kept the embeds: %q / %q", r.Content, r.EmbedText())
	}

	// deferred ephemeral reply filled in by the first follow-up; nested subcommand
	r = srv.Slash(bob, ch, guild, "game join", map[string]any{"table": 3}, "").Expect()
	if r.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource || !r.Ephemeral() || r.Content != "joined table 3" || r.Loading {
		t.Fatalf("join: type %d ephemeral %v %q loading %v", r.Type, r.Ephemeral(), r.Content, r.Loading)
	}

	// autocomplete
	r = srv.Autocomplete(bob, ch, guild, "game", map[string]any{"find": map[string]any{"name": "Tab"}}, "name", "").Expect()
	if len(r.Choices) != 2 || r.Choices[0].Name != "Table 3" {
		t.Fatalf("autocomplete: %+v", r.Choices)
	}

	// private thread with members, under a 429 on channel messages
	srv.FailNext("POST", "/channels/*/messages", 300*time.Millisecond)
	r = srv.Slash(alice, ch, guild, "game", map[string]any{"team": map[string]any{"mate": bob}}, "").Expect()
	if r.Content != "team ready" {
		t.Fatalf("team: %q", r.Content)
	}
	threads := srv.Threads()
	if len(threads) != 1 || !threads[0].Private() || threads[0].ParentID != ch || !threads[0].HasMember(alice) || !threads[0].HasMember(bob) {
		t.Fatalf("threads: %+v", threads)
	}
	welcome := srv.LastMessage(threads[0].ID)
	if welcome == nil || !welcome.Pings(bob) {
		t.Fatalf("thread message: %+v", welcome)
	}
	limited := 0
	for _, rq := range srv.Requests() {
		if rq.RateLimited {
			limited++
		}
	}
	if limited != 1 || srv.PendingFailures() != 0 {
		t.Fatalf("429s served: %d, pending %d", limited, srv.PendingFailures())
	}

	// a dropped gateway: the bot resumes and the next interaction works
	srv.DropGateway()
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Second)
	defer cancel()
	if err := srv.WaitReconnected(ctx); err != nil {
		t.Fatal(err)
	}
	if st := srv.GatewayStats(); st.Resumes != 1 || st.Identifies != 1 {
		t.Fatalf("gateway stats after drop: %+v", st)
	}
	r = srv.Slash(bob, ch, guild, "play", map[string]any{"game": "trenches"}, "").Expect()
	if r.Content != "Table opened (en-US)" {
		t.Fatalf("after resume: %q", r.Content)
	}

	// an unknown route is recorded as unexpected
	if err := dg.ChannelMessagePin(ch, board.ID); err == nil {
		t.Fatal("pin succeeded on a route the stand-in does not model")
	}
	if u := srv.Unexpected(); len(u) != 1 || u[0].Method != "PUT" || !strings.Contains(u[0].Path, "/pins/") {
		t.Fatalf("unexpected: %v", u)
	}
	if f := srv.Failures(); len(f) != 0 {
		t.Fatalf("failures: %v", f)
	}
	t.Logf("%d requests, %v", len(srv.Requests()), time.Since(start))
}
