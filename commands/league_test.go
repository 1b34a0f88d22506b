package commands

import (
	"context"
	"errors"
	"reflect"
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
	"github.com/warroom/warroom/render"
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
	if err := h.svc.LeagueTick(context.Background(), Overdue{Now: now}, c); err != nil {
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
	if th := postText(c.res.Posts, p2.Thread); !strings.Contains(th, "The round's time is up: this game is lost by the player who was to move (<@"+p2.A+">), and its table is closed.") || strings.Contains(th, "abandoned") {
		t.Fatalf("the deadline's loss told in the thread as:\n%s", th)
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
	if th := postText(r.Posts, played.Thread); !strings.Contains(th, "<@"+eve.ID+"> has left the league: this game is lost by walkover") || strings.Contains(th, "abandoned") {
		t.Fatalf("the walkover told in the thread as:\n%s", th)
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
	// A group beside a subcommand is one of the nestings Discord allows
	// (application-commands.mdx, "Subcommands and Subcommand Groups").
	if lg.Name != "league" || len(lg.Options) != 2 || lg.Options[0].Type != discordgo.ApplicationCommandOptionSubCommandGroup ||
		lg.Options[1].Name != "cancel" || lg.Options[1].Type != discordgo.ApplicationCommandOptionSubCommand || len(lg.Options[1].Options) != 0 {
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
				if n := utf8.RuneCountInString(d); n == 0 || n > 100 || strings.Contains(d, "[") && i18n.Has(render.GameNameKey(sub.Name)) {
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
	if ok, err := h.svc.closeLeagueTable(context.Background(), p.Table, ann.ID, "core.abandoned"); !ok || err != nil {
		t.Fatal(ok, err)
	}
	c := &fakeCourier{h: h}
	if err := h.svc.LeagueTick(context.Background(), Overdue{Now: now}, c); err != nil || h.league(l.ID).Status != league.StatusRunning {
		t.Fatalf("before the deadline: %v, %s", err, h.league(l.ID).Status)
	}
	if err := h.svc.LeagueTick(context.Background(), Overdue{Now: l.Current().Deadline}, c); err != nil {
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

// TestLeagueAbandonedAfterDeadline: a played-out game abandoned after
// its round's deadline was first applied still ends the round at a
// later tick, by the same rule as before the deadline (neither scores).
func TestLeagueAbandonedAfterDeadline(t *testing.T) {
	h := newHarness(t)
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	h.svc.Now = func() time.Time { return now }
	l, _ := h.createLeague(league.RoundRobin, "", league.PlayOut)
	h.leagueClick(ann, l, "join")
	h.leagueClick(bob, l, "join")
	h.leagueClick(ann, l, "start")
	l = h.league(l.ID)
	p := l.Current().Pairings[0]
	c := &fakeCourier{h: h}
	if err := h.svc.LeagueTick(context.Background(), Overdue{Now: l.Current().Deadline}, c); err != nil {
		t.Fatal(err)
	}
	if got := h.league(l.ID); got.Status != league.StatusRunning || !got.Current().Decided || got.Current().Pairings[0].Result != league.Pending {
		t.Fatalf("a played-out game decided at the deadline: %+v", got.Current())
	}
	if ok, err := h.svc.closeLeagueTable(context.Background(), p.Table, ann.ID, "core.abandoned"); !ok || err != nil {
		t.Fatal(ok, err)
	}
	if err := h.svc.LeagueTick(context.Background(), Overdue{Now: l.Current().Deadline.Add(time.Minute)}, c); err != nil {
		t.Fatal(err)
	}
	l = h.league(l.ID)
	if got := l.RoundList[0].Pairings[0]; got.Result != league.Neither || got.By != league.ByDeadline || l.Status != league.StatusDone {
		t.Fatalf("the round waits for an abandoned game: %+v, %s", got, l.Status)
	}
	v := l.Version
	if err := h.svc.LeagueTick(context.Background(), Overdue{Now: l.RoundList[0].Deadline.Add(2 * time.Minute)}, c); err != nil || h.league(l.ID).Version != v {
		t.Fatalf("a tick with nothing to decide wrote the league: %v", err)
	}
}

// crashAfterCreate is a store whose first league write after its first
// table's creation fails, as a crash between the two writes would; it
// counts the tables created in each channel.
type crashAfterCreate struct {
	data.Store
	mu             sync.Mutex
	created        map[string][]string
	armed, crashed bool
}

func (s *crashAfterCreate) Create(ctx context.Context, t *data.Table) error {
	err := s.Store.Create(ctx, t)
	s.mu.Lock()
	defer s.mu.Unlock()
	if err == nil {
		s.created[t.ChannelID] = append(s.created[t.ChannelID], t.ID)
		s.armed = !s.crashed
		s.crashed = true
	}
	return err
}

func (s *crashAfterCreate) UpdateLeague(ctx context.Context, l *league.League, expect int64) error {
	s.mu.Lock()
	crash := s.armed
	s.armed = false
	s.mu.Unlock()
	if crash {
		return errors.New("crash")
	}
	return s.Store.UpdateLeague(ctx, l, expect)
}

// TestLeagueGameEndsBeforeRecorded: a league game's table is made, the
// process dies before the league records it, and the game ends (if it
// could start) before the retry: the retry opens no second table in the
// thread, and the league plays at the one it made.
func TestLeagueGameEndsBeforeRecorded(t *testing.T) {
	h := newHarness(t)
	l, _ := h.createLeague(league.RoundRobin, "", league.PlayOut)
	h.leagueClick(ann, l, "join")
	h.leagueClick(bob, l, "join")
	req := Request{Kind: Component, User: ann, GuildID: "g", ChannelID: "c", CustomID: leaguePrefix + l.ID + ":start", Locale: "en-US"}
	if resp := h.svc.Handle(context.Background(), req); resp.League != l.ID {
		t.Fatalf("start: %+v", resp)
	}
	st := &crashAfterCreate{Store: h.store, created: map[string][]string{}}
	svc := NewService(st, zerolog.Nop(), testMods.Modules())
	svc.Seed, h.svc = h.svc.Seed, svc // the game's moves go through st too
	if err := svc.DeliverLeague(context.Background(), l.ID, &fakeCourier{h: h}); err == nil {
		t.Fatal("the crash went unnoticed")
	}
	for _, ids := range st.created {
		h.playOut(ids[0]) // ends it if it started
	}
	if err := svc.DeliverLeague(context.Background(), l.ID, &fakeCourier{h: h}); err != nil {
		t.Fatal(err)
	}
	p := h.league(l.ID).Current().Pairings[0]
	if ids := st.created[p.Thread]; len(ids) != 1 || p.Table != ids[0] {
		t.Fatalf("tables made in the thread: %v; the league plays at %q", ids, p.Table)
	}
	if tb, err := h.store.Get(context.Background(), p.Table); err != nil || tb.Status != data.StatusPlaying {
		t.Fatalf("the league's table: %+v %v", tb, err)
	}
}

// TestLeagueCancel: /league cancel ends this channel's league at the
// word of its creator or a member who runs leagues, and of nobody else
// (answered privately). A running league's live table is closed with
// its own notice, the standings stay as they were and say cancelled,
// the players are told, and a game that ends after records nothing.
func TestLeagueCancel(t *testing.T) {
	h := newHarness(t)
	cancel := func(u User, manage bool) result {
		return h.leagueDo(Request{Kind: SlashCommand, User: u, Command: "league", Subcommand: "cancel", CanManageGuild: manage})
	}
	if r := cancel(ann, true); r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "no open or running league") {
		t.Fatalf("no league: %+v", r.Reply)
	}
	open, _ := h.createLeague(league.Swiss, "2", league.PlayOut)
	h.leagueClick(bob, open, "join")
	if r := cancel(ann, false); h.league(open.ID).Status != league.StatusCancelled || r.Reply.Kind != ReplyPrivate {
		t.Fatalf("the creator could not cancel the open league: %+v", r.Reply)
	}
	if r := h.leagueClick(eve, open, "join"); r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "not open") {
		t.Fatalf("joined a cancelled league: %+v", r.Reply)
	}
	l, _ := h.createLeague(league.RoundRobin, "", league.PlayOut)
	for _, u := range []User{ann, bob, eve, {ID: "400", Name: "Dan"}} {
		h.leagueClick(u, l, "join")
	}
	h.leagueClick(ann, l, "start")
	l = h.league(l.ID)
	done, live := l.Current().Pairings[0], l.Current().Pairings[1]
	h.playOut(done.Table)
	if r := cancel(bob, false); r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "Only <@"+ann.ID+">") || h.league(l.ID).Status != league.StatusRunning {
		t.Fatalf("a player cancelled Ann's league: %+v", r.Reply)
	}
	before := h.league(l.ID).Standings()
	r := cancel(eve, true)
	l = h.league(l.ID)
	if l.Status != league.StatusCancelled || l.CancelledBy != eve.ID || len(l.Owed) != 0 {
		t.Fatalf("after the cancel: %s by %q, owed %+v", l.Status, l.CancelledBy, l.Owed)
	}
	if tb, _ := h.store.Get(context.Background(), live.Table); tb.Status != data.StatusAbandoned {
		t.Fatalf("the live table is %s", tb.Status)
	}
	if th := postText(r.Posts, live.Thread); !strings.Contains(th, "The league was cancelled by <@"+eve.ID+">: this game ends without a result") || strings.Contains(th, "abandoned") {
		t.Fatalf("the live table's thread was told:\n%s", th)
	}
	if !pinged(r.Posts, "c", l.Order...) || !strings.Contains(postText(r.Posts, "c"), "league was cancelled by <@"+eve.ID+">") {
		t.Fatalf("the players were not told: %+v", r.Posts)
	}
	if len(r.Edits) == 0 || !strings.Contains(text(r.Edits[len(r.Edits)-1].Message), "Cancelled by <@"+eve.ID+">") {
		t.Fatalf("the league message does not say cancelled: %+v", r.Edits)
	}
	if !reflect.DeepEqual(l.Standings(), before) || l.Current().Pairings[1].Result != league.Pending {
		t.Fatalf("standings moved: %+v, want %+v", l.Standings(), before)
	}
}

// racingThreads is a courier whose thread opening loses a race: another
// replica opens and records a thread for the same pairing meanwhile.
type racingThreads struct {
	*fakeCourier
	race func()
}

func (c *racingThreads) OpenPublicThread(ctx context.Context, g, ch, name string) (string, error) {
	id, err := c.fakeCourier.OpenPublicThread(ctx, g, ch, name)
	c.race()
	return id, err
}

// TestLeagueOrphanThreadArchived: a replica whose new thread lost the
// race to another replica's archives it, so the channel shows one
// active thread a game, and the game opens in the winner's thread.
func TestLeagueOrphanThreadArchived(t *testing.T) {
	h := newHarness(t)
	l, _ := h.createLeague(league.RoundRobin, "", league.PlayOut)
	h.leagueClick(ann, l, "join")
	h.leagueClick(bob, l, "join")
	req := Request{Kind: Component, User: ann, GuildID: "g", ChannelID: "c", CustomID: leaguePrefix + l.ID + ":start", Locale: "en-US"}
	if resp := h.svc.Handle(context.Background(), req); resp.League != l.ID {
		t.Fatalf("start: %+v", resp)
	}
	c := &racingThreads{fakeCourier: &fakeCourier{h: h}}
	c.race = func() {
		c.race = func() {}
		other := h.league(l.ID)
		other.RoundList[0].Pairings[0].Thread = "thOther"
		if err := h.store.UpdateLeague(context.Background(), other, other.Version); err != nil {
			t.Fatal(err)
		}
	}
	if err := h.svc.DeliverLeague(context.Background(), l.ID, c); err != nil {
		t.Fatal(err)
	}
	p := h.league(l.ID).Current().Pairings[0]
	ours := c.res.Threads[0]
	if p.Thread != "thOther" || len(c.res.Threads) != 1 || len(c.res.Archived) != 1 || c.res.Archived[0] != ours {
		t.Fatalf("the league plays in %q; opened %v, archived %v", p.Thread, c.res.Threads, c.res.Archived)
	}
	if tb, err := h.store.ByChannel(context.Background(), "thOther"); err != nil || tb.ID != p.Table {
		t.Fatalf("the game in the winner's thread: %+v %v", tb, err)
	}
}

// TestLeagueResultLostOnTheWay: a game played to its end whose result
// never reached the league (an older replica dropped the effect during a
// rolling deploy) is taken from its table at the round's deadline, so
// the round ends, under either deadline rule.
func TestLeagueResultLostOnTheWay(t *testing.T) {
	for _, rule := range []string{league.PlayOut, league.LossToMover} {
		h := newHarness(t)
		now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
		h.svc.Now = func() time.Time { return now }
		l, _ := h.createLeague(league.RoundRobin, "", rule)
		h.leagueClick(ann, l, "join")
		h.leagueClick(bob, l, "join")
		h.leagueClick(ann, l, "start")
		l = h.league(l.ID)
		h.playOut(l.Current().Pairings[0].Table)
		l = h.league(l.ID)
		want := l.RoundList[0].Pairings[0]
		if want.Result == league.Pending || l.Status != league.StatusDone {
			t.Fatalf("%s: the game's result did not reach the league: %+v", rule, want)
		}
		// As if the effect carrying it had been dropped.
		l.RoundList[0].Pairings[0].Result, l.RoundList[0].Pairings[0].By = league.Pending, ""
		l.Status = league.StatusRunning
		if err := h.store.UpdateLeague(context.Background(), l, l.Version); err != nil {
			t.Fatal(err)
		}
		if err := h.svc.LeagueTick(context.Background(), Overdue{Now: l.RoundList[0].Deadline}, &fakeCourier{h: h}); err != nil {
			t.Fatal(err)
		}
		l = h.league(l.ID)
		if got := l.RoundList[0].Pairings[0]; got.Result != want.Result || got.By != league.ByPlay || l.Status != league.StatusDone {
			t.Fatalf("%s: at the deadline the finished game gave %+v (want %+v), league %s", rule, got, want, l.Status)
		}
	}
}

// joinWhilePosting is the bot's courier for /league create with a
// player's Join landing while the league message is being posted. Like
// an interaction's answer, its posts carry no nonce Discord could match.
type joinWhilePosting struct {
	*fakeCourier
	join  func()
	posts int
}

func (c *joinWhilePosting) Post(ctx context.Context, ch string, msg render.Message, nonce string) (string, error) {
	c.posts++
	if c.posts == 1 {
		c.join()
	}
	return c.fakeCourier.Post(ctx, ch, msg, nonce+"."+strconv.Itoa(c.posts))
}

// A Join written while the league message is being posted does not make
// the delivery lose the message's id: it used to, and posted the league
// message a second time, leaving the one the players had clicked never
// redrawn (TestE2ELeague: "Players (0)" after five joins, 1 run in 30).
func TestLeagueJoinWhileMessagePosted(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	opts := map[string]string{"game": "race", optFormat: "swiss", optDeadline: "play_out", optRounds: "2"}
	create := Request{Kind: SlashCommand, User: ann, GuildID: "g", ChannelID: "c", Locale: "en-US",
		Command: "league", Subcommand: "create", Options: opts, CanManageGuild: true}
	resp := h.svc.Handle(ctx, create)
	c := &joinWhilePosting{fakeCourier: &fakeCourier{h: h, req: create}}
	c.join = func() {
		join := Request{Kind: Component, User: bob, GuildID: "g", ChannelID: "c", Locale: "en-US", CustomID: leaguePrefix + resp.League + ":join"}
		if r := h.svc.Handle(ctx, join); r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "You are in the league") {
			t.Fatalf("join: %+v", r.Reply)
		}
	}
	if err := h.svc.DeliverLeague(ctx, resp.League, c); err != nil {
		t.Fatal(err)
	}
	l := h.league(resp.League)
	if c.posts != 1 || l.MessageID == "" || len(l.Owed) != 0 {
		t.Fatalf("league message posted %d times, recorded as %q, still owed %v", c.posts, l.MessageID, l.Owed)
	}
	if len(l.Players) != 1 {
		t.Fatalf("players %v", l.Players)
	}
}
