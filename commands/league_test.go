package commands

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"github.com/rs/zerolog"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/league"
	"github.com/warroom/warroom/render/i18n"
)

// OpenPublicThread implements PublicThreads for the fake Discord.
func (c *fakeCourier) OpenPublicThread(_ context.Context, _, ch, name string) (string, error) {
	id := "th" + c.newID()
	c.res.Threads = append(c.res.Threads, id)
	return id, nil
}

// leagueDo handles a request as the bot does: the league's owed effects,
// then the table's.
func (h *harness) leagueDo(req Request) result {
	h.t.Helper()
	if req.GuildID == "" {
		req.GuildID, req.ChannelID, req.Locale = "g", "c", "en-US"
	}
	resp := h.svc.Handle(context.Background(), req)
	c := &fakeCourier{h: h, req: req}
	c.res.Reply.Kind, c.res.Reply.Message = resp.Reply.Kind, resp.Reply.Message
	if resp.League != "" {
		if err := h.svc.DeliverLeague(context.Background(), resp.League, c); err != nil {
			h.t.Fatalf("deliver league: %v", err)
		}
	}
	if resp.Table != "" {
		c.table = resp.Table
		if err := h.deliver(c); err != nil {
			h.t.Fatalf("deliver: %v", err)
		}
	}
	return c.res
}

// createLeague runs /league create race as a member with Manage Server
// and returns the league and its message.
func (h *harness) createLeague(format, rounds, deadline string) (*league.League, string) {
	h.t.Helper()
	opts := map[string]string{"game": "race", optFormat: format, optDeadline: deadline, optRounds: rounds}
	r := h.leagueDo(Request{Kind: SlashCommand, User: ann, Command: "league", Subcommand: "create", Options: opts, CanManageGuild: true})
	if r.Reply.Kind != replyNew || !strings.HasPrefix(strings.TrimSpace(text(r.Reply.Message)), "League: ") {
		h.t.Fatalf("/league create: %+v", r.Reply)
	}
	ls, err := h.store.Leagues(context.Background(), "g")
	if err != nil || len(ls) == 0 {
		h.t.Fatal(ls, err)
	}
	return ls[len(ls)-1], r.Reply.MessageID
}

// league reads a league back.
func (h *harness) league(id string) *league.League {
	h.t.Helper()
	l, err := h.store.League(context.Background(), id)
	if err != nil {
		h.t.Fatal(err)
	}
	return l
}

// leagueClick clicks a league button.
func (h *harness) leagueClick(u User, l *league.League, verb string) result {
	return h.leagueDo(Request{Kind: Component, User: u, CustomID: leaguePrefix + l.ID + ":" + verb, MessageID: l.MessageID})
}

// playOut plays a league table to its end: the player to act adds 2.
func (h *harness) playOut(tableID string) result {
	h.t.Helper()
	var last result
	for range 20 {
		tb, err := h.store.Get(context.Background(), tableID)
		if err != nil {
			h.t.Fatal(err)
		}
		if tb.Status != data.StatusPlaying {
			return last
		}
		ld, err := h.svc.decode(tb)
		if err != nil {
			h.t.Fatal(err)
		}
		seat := ld.eng.Active(ld.state)[0]
		id, _ := CustomID{Table: tb.ID, Version: tb.Version, Kind: KindAction, Action: games.Act("add", 2)}.Encode()
		u := User{ID: tb.Seats[seat].UserID, Name: tb.Seats[seat].Name}
		last = h.leagueDo(Request{Kind: Component, User: u, GuildID: "g", ChannelID: tb.ChannelID, CustomID: id,
			MessageID: "ephemeral", OnPrivateMessage: true, Locale: "en-US"})
	}
	h.t.Fatalf("table %s did not end", tableID)
	return last
}

// TestLeagueSwiss: a three-player Swiss league of two rounds, through
// the service: create (Manage Server only), join, start (creator only),
// a game in its own thread pinging both players, the result going into
// the league and the next round paired and announced, a restart between
// rounds, a bye, and a game decided at the round's deadline by
// loss_to_mover, after which the league ends and the winner is pinged.
func TestLeagueSwiss(t *testing.T) {
	h := newHarness(t)
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	h.svc.Now = func() time.Time { return now }
	opts := map[string]string{"game": "race", optFormat: league.Swiss, optDeadline: league.LossToMover}
	if r := h.leagueDo(Request{Kind: SlashCommand, User: bob, Command: "league", Subcommand: "create", Options: opts}); r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "Manage Server") {
		t.Fatalf("a member without Manage Server created a league: %+v", r.Reply)
	}
	// With the league role named in /settings, Bob may create leagues.
	admin := Request{Kind: SlashCommand, User: ann, Command: "settings", Options: map[string]string{OptLeagueRole: "r9"}, CanManageGuild: true}
	if r := h.leagueDo(admin); !strings.Contains(text(r.Reply.Message), "<@&r9>") {
		t.Fatalf("/settings league_role: %+v", r.Reply)
	}
	if r := h.leagueDo(Request{Kind: SlashCommand, User: bob, Roles: []string{"r9"}, Command: "league", Subcommand: "create", Options: opts}); r.Reply.Kind != replyNew {
		t.Fatalf("a member of the league role was refused: %+v", r.Reply)
	}
	admin.Options[OptLeagueRole] = "g" // @everyone: nobody but Manage Server
	h.leagueDo(admin)
	if r := h.leagueDo(Request{Kind: SlashCommand, User: bob, Roles: []string{"r9"}, Command: "league", Subcommand: "create", Options: opts}); r.Reply.Kind != ReplyPrivate {
		t.Fatalf("the league role still counts once cleared: %+v", r.Reply)
	}
	l, msg := h.createLeague(league.Swiss, "2", league.LossToMover)
	if l.MessageID != msg || len(buttons(h.leagueClick(ann, l, "join").Reply.Message)) != 3 {
		t.Fatalf("league message %q (recorded %q), or its buttons", msg, l.MessageID)
	}
	h.leagueClick(bob, l, "join")
	h.leagueClick(eve, l, "join")
	if r := h.leagueClick(bob, l, "start"); r.Reply.Kind != ReplyPrivate || h.league(l.ID).Status != league.StatusOpen {
		t.Fatalf("Bob started Ann's league: %+v", r.Reply)
	}
	r := h.leagueClick(ann, l, "start")
	l = h.league(l.ID)
	r1 := l.Current()
	if l.Status != league.StatusRunning || len(r1.Pairings) != 1 || r1.Bye == "" || len(l.Owed) != 0 {
		t.Fatalf("after start: %+v", l)
	}
	p := r1.Pairings[0]
	tb, err := h.store.ByChannel(context.Background(), p.Thread)
	if err != nil || tb.ID != p.Table || tb.Status != data.StatusPlaying || tb.League != l.ID || tb.Seats[0].UserID != p.A {
		t.Fatalf("round 1's table in its thread: %+v %v", tb, err)
	}
	if !pinged(r.Posts, p.Thread, p.A, p.B) || !pinged(r.Posts, "c", ann.ID, bob.ID, eve.ID) {
		t.Fatalf("start did not ping both players in their thread and everyone in the channel: %+v", r.Posts)
	}
	h.restart() // between the start and the first result
	h.svc.Now = func() time.Time { return now }
	r = h.playOut(p.Table)
	l = h.league(l.ID)
	if got := l.RoundList[0].Pairings[0]; got.Result == league.Pending || got.By != league.ByPlay || len(l.RoundList) != 2 {
		t.Fatalf("after round 1's game: %+v, %d rounds", got, len(l.RoundList))
	}
	if !pinged(r.Posts, "c", ann.ID, bob.ID, eve.ID) || len(r.Edits) == 0 {
		t.Fatalf("round 2 not announced, or the standings not redrawn: %+v", r)
	}
	// Round 2: its deadline passes with the game unfinished.
	p2 := l.Current().Pairings[0]
	now = l.Current().Deadline.Add(time.Minute)
	c := &fakeCourier{h: h}
	if err := h.svc.LeagueTick(context.Background(), now, c); err != nil {
		t.Fatal(err)
	}
	l = h.league(l.ID)
	got := l.RoundList[1].Pairings[0]
	if got.Result != league.WinB || got.By != league.ByDeadline { // A, the first seat, was to move
		t.Fatalf("deadline-decided game: %+v", got)
	}
	if tb, _ := h.store.Get(context.Background(), p2.Table); tb.Status != data.StatusAbandoned {
		t.Fatalf("the deadline left the table %s", tb.Status)
	}
	if l.Status != league.StatusDone || !pinged(c.res.Posts, "c", ann.ID, bob.ID, eve.ID) || !strings.Contains(postText(c.res.Posts, "c"), "1st place: <@"+l.Winner()+">") {
		t.Fatalf("league end: %s, posts %+v", l.Status, c.res.Posts)
	}
	byes := map[string]int{}
	for _, rd := range l.RoundList {
		byes[rd.Bye]++
	}
	if len(byes) != 2 {
		t.Fatalf("byes %v: one each, two players", byes)
	}
}

// TestLeagueDropout: a round-robin player who leaves mid-league forfeits
// the game in play (its table is closed) and the rest, and the standings
// mark them.
func TestLeagueDropout(t *testing.T) {
	h := newHarness(t)
	l, _ := h.createLeague(league.RoundRobin, "", league.PlayOut)
	for _, u := range []User{ann, bob, eve, {ID: "400", Name: "Dan"}} {
		h.leagueClick(u, l, "join")
	}
	h.leagueClick(ann, l, "start")
	l = h.league(l.ID)
	var played league.Pairing
	for _, p := range l.Current().Pairings {
		if p.A == eve.ID || p.B == eve.ID {
			played = p
		}
	}
	r := h.leagueClick(eve, l, "leave")
	l = h.league(l.ID)
	if !l.IsDropped(eve.ID) || !strings.Contains(text(r.Reply.Message), "left the league") && r.Reply.Kind != ReplyUpdate {
		t.Fatalf("drop: %+v", r.Reply)
	}
	if tb, _ := h.store.Get(context.Background(), played.Table); tb.Status != data.StatusAbandoned {
		t.Fatalf("the dropout's table is %s", tb.Status)
	}
	for _, rd := range l.RoundList {
		for _, p := range rd.Pairings {
			if (p.A == eve.ID || p.B == eve.ID) && (p.By != league.ByForfeit || p.Table != "" && p.Table != played.Table) {
				t.Fatalf("a game of the dropout was not forfeited: %+v", p)
			}
		}
	}
	for i := 0; l.Status == league.StatusRunning; i++ {
		if i > 4 {
			t.Fatalf("the league does not end: %+v", l.Current())
		}
		for _, p := range l.Current().Pairings {
			if p.Result == league.Pending {
				h.playOut(p.Table)
			}
		}
		l = h.league(l.ID)
	}
	for _, s := range l.Standings() {
		if s.Dropped != (s.Player == eve.ID) || s.Played != 3 {
			t.Fatalf("standings: %+v", s)
		}
	}
}

// pinged reports whether a post in channel pings exactly users.
func pinged(posts []post, channel string, users ...string) bool {
	for _, p := range posts {
		if p.ChannelID == channel && len(p.Message.Mentions) == len(users) {
			ok := true
			for _, u := range users {
				ok = ok && strings.Contains(p.Message.Content, "<@"+u+">")
			}
			if ok {
				return true
			}
		}
	}
	return false
}

func postText(posts []post, channel string) string {
	var b strings.Builder
	for _, p := range posts {
		if p.ChannelID == channel {
			b.WriteString(text(p.Message) + "\n")
		}
	}
	return b.String()
}

// TestLeagueCommandTree: /league create has one subcommand per game for
// two (not co-op), each with the league's options first, required ones
// before the others (Discord's rule), at most 25 options, and every
// description 1-100 characters in each language
// (developers/interactions/application-commands.mdx).
func TestLeagueCommandTree(t *testing.T) {
	cmds := Tree(testMods.Engines())
	lg := cmds[len(cmds)-1]
	if lg.Name != "league" || len(lg.Options) != 1 || lg.Options[0].Type != discordgo.ApplicationCommandOptionSubCommandGroup {
		t.Fatalf("/league: %+v", lg)
	}
	games := map[string]bool{}
	for _, sub := range lg.Options[0].Options {
		games[sub.Name] = true
		if len(sub.Options) > 25 {
			t.Errorf("/league create %s: %d options", sub.Name, len(sub.Options))
		}
		optional := false
		for _, o := range append([]*discordgo.ApplicationCommandOption{sub}, sub.Options...) {
			if o != sub {
				if o.Required && optional {
					t.Errorf("/league create %s: required %s after an optional one", sub.Name, o.Name)
				}
				optional = optional || !o.Required
			}
			descs := []string{o.Description}
			for _, d := range o.DescriptionLocalizations {
				descs = append(descs, d)
			}
			for _, d := range descs {
				// (the test games race and referee have no names)
				if n := utf8.RuneCountInString(d); n == 0 || n > 100 || strings.Contains(d, "[") && i18n.Has("game."+sub.Name) {
					t.Errorf("/league create %s option %s description %q", sub.Name, o.Name, d)
				}
			}
		}
	}
	for _, eng := range testMods.Engines() {
		info := eng.Info()
		if want := !info.Coop && info.MinSeats <= 2 && info.MaxSeats >= 2; games[info.ID] != want {
			t.Errorf("%s in /league create: %v, want %v", info.ID, games[info.ID], want)
		}
	}
}

// TestLeagueAbandonedGame: a game whose table was abandoned without a
// result counts for neither player at the round's deadline, even when
// the league plays games out, so the league goes on (here: ends).
func TestLeagueAbandonedGame(t *testing.T) {
	h := newHarness(t)
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	h.svc.Now = func() time.Time { return now }
	l, _ := h.createLeague(league.RoundRobin, "", league.PlayOut)
	h.leagueClick(ann, l, "join")
	h.leagueClick(bob, l, "join")
	h.leagueClick(ann, l, "start")
	l = h.league(l.ID)
	p := l.Current().Pairings[0]
	if tb, _ := h.store.Get(context.Background(), p.Table); tb.Options[OptTurnTimeout] != "24" {
		t.Fatalf("a play_out league's table without a turn timeout: %v", tb.Options)
	}
	if ok, err := h.svc.abandonLeagueTable(context.Background(), p.Table, ann.ID); !ok || err != nil {
		t.Fatal(ok, err)
	}
	c := &fakeCourier{h: h}
	if err := h.svc.LeagueTick(context.Background(), now, c); err != nil || h.league(l.ID).Status != league.StatusRunning {
		t.Fatalf("before the deadline: %v, %s", err, h.league(l.ID).Status)
	}
	if err := h.svc.LeagueTick(context.Background(), l.Current().Deadline, c); err != nil {
		t.Fatal(err)
	}
	l = h.league(l.ID)
	if got := l.RoundList[0].Pairings[0]; got.Result != league.Neither || l.Status != league.StatusDone {
		t.Fatalf("after the deadline: %+v, %s", got, l.Status)
	}
	for _, s := range l.Standings() {
		if s.Points != 0 || s.Played != 0 {
			t.Fatalf("an abandoned game scored: %+v", s)
		}
	}
}

// TestLeagueTwoReplicasOpenOnce: two replicas deliver a started league
// at once (each its own locks): every game is opened once, in the
// thread its pairing records, and the league owes nothing after.
func TestLeagueTwoReplicasOpenOnce(t *testing.T) {
	h := newHarness(t)
	other := NewService(h.store, zerolog.Nop(), testMods.Modules())
	l, _ := h.createLeague(league.RoundRobin, "", league.PlayOut)
	for i := range 6 {
		h.leagueClick(User{ID: strconv.Itoa(500 + i), Name: "P" + strconv.Itoa(i)}, l, "join")
	}
	// Start without delivering: the round's openings stay owed.
	req := Request{Kind: Component, User: ann, GuildID: "g", ChannelID: "c", CustomID: leaguePrefix + l.ID + ":start", Locale: "en-US"}
	if resp := h.svc.Handle(context.Background(), req); resp.League != l.ID {
		t.Fatalf("start: %+v", resp)
	}
	var wg sync.WaitGroup
	for _, svc := range []*Service{h.svc, other} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := svc.DeliverLeague(context.Background(), l.ID, &fakeCourier{h: h}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	l = h.league(l.ID)
	live, err := h.store.TablesOf(context.Background(), "g", "")
	if err != nil || len(live) != 3 || len(l.Owed) != 0 {
		t.Fatalf("%d live tables (want 3), %v; owed %+v", len(live), err, l.Owed)
	}
	for _, p := range l.Current().Pairings {
		tb, err := h.store.ByChannel(context.Background(), p.Thread)
		if err != nil || tb.ID != p.Table || tb.Status != data.StatusPlaying {
			t.Fatalf("pairing %+v: thread holds %+v %v", p, tb, err)
		}
	}
}
