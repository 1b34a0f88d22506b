package commands

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

// silentKinds are the events a game deliberately does not tell (they have
// no line on the board's log either): bookkeeping whose effect the next
// event tells.
var silentKinds = map[string]map[string]bool{
	"blindaz":   {"EnemyDrawn": true, "LaneRolled": true},
	"frontline": {"turn": true, "end": true},
	"flanders":  {"flying_circus_discarded": true},
}

// journalPlayout plays one computer game as secrecyPlayout does and
// returns its journal: every move a record, as the table service keeps it.
func journalPlayout(t *testing.T, eng games.Engine, seed, steps int) ([]games.Record, games.State, int) {
	t.Helper()
	info := eng.Info()
	seats := info.MinSeats + seed%(info.MaxSeats-info.MinSeats+1)
	opts := secrecyOptions(info, seed)
	rng := games.NewPCG(uint64(seed)+11, 0x10)
	st, err := eng.Setup(opts, seats, rng)
	if err != nil {
		seats = info.MaxSeats
		if st, err = eng.Setup(opts, seats, rng); err != nil {
			t.Fatalf("%s seed %d: setup: %v", info.ID, seed, err)
		}
	}
	var recs []games.Record
	for step := 0; step < steps && !eng.Outcome(st).Done; step++ {
		active := eng.Active(st)
		if len(active) == 0 {
			break
		}
		seat := active[rng.Intn(len(active))]
		a := eng.Bot(st, seat, rng)
		ns, ev, err := eng.Apply(st, seat, a, rng)
		if err != nil {
			t.Fatalf("%s seed %d step %d: %v", info.ID, seed, step, err)
		}
		recs = append(recs, games.Record{Seq: int64(step + 1), Seat: seat, By: fmt.Sprint("user", seat), Verb: a.Verb, Events: ev})
		st = ns
	}
	return recs, st, seats
}

// TestJournalSecrecy: along computer playouts of every game, the journal
// seen by one seat never holds an event private to another, a
// spectator's holds no private event at all, and every event a seat may
// see is told in every language (a line from the catalogue, or one of
// the game's few deliberately silent kinds).
func TestJournalSecrecy(t *testing.T) {
	seeds, steps := 4, 400
	if testing.Short() || raceEnabled {
		seeds, steps = 1, 150
	}
	for _, eng := range testMods.Engines() {
		id := eng.Info().ID
		if !isSecretGame(id) {
			continue
		}
		g, _ := testMods.Renderer(id)
		t.Run(id, func(t *testing.T) {
			private, told := 0, 0
			for seed := 0; seed < seeds; seed++ {
				recs, st, seats := journalPlayout(t, eng, seed, steps)
				for _, r := range recs {
					for _, e := range r.Events {
						if e.Private {
							private++
						}
					}
				}
				for viewer := games.Spectator; int(viewer) < seats; viewer++ {
					var viewers []games.Seat
					if viewer >= 0 {
						viewers = []games.Seat{viewer}
					}
					view := eng.View(st, viewer)
					for _, r := range games.Since(recs, viewers, 0) {
						for _, e := range r.Events {
							if !e.Visible(viewer) {
								t.Fatalf("seed %d: seat %d's journal holds %s of seat %d (private to %v)", seed, viewer, e.Kind, e.Seat, e.Only)
							}
							for _, lang := range i18n.Languages {
								rc := render.Audience{L: i18n.For(lang), Names: seatNames(seats), Viewer: viewer}
								line := g.Tell(rc, view, e)
								if strings.Contains(line.Text, "["+id+".") || strings.Contains(line.Text, "[core.") {
									t.Fatalf("seed %d: %s in %s lacks a text: %q", seed, e.Kind, lang, line.Text)
								}
								if line.Text == "" && !silentKinds[id][e.Kind] {
									t.Fatalf("seed %d: event %s %v is not told in %s", seed, e.Kind, e.Data, lang)
								}
								if line.Text != "" {
									told++
								}
							}
						}
					}
				}
			}
			t.Logf("%s: %d events told, %d private events kept to their seats", id, told, private)
		})
	}
}

func seatNames(n int) []string {
	var out []string
	for i := 0; i < n; i++ {
		out = append(out, fmt.Sprintf("Player %d", i+1))
	}
	return out
}

// publicDigest is the spectator's digest of the last moves of recs for a
// table holding st, as the table service draws it.
func publicDigest(eng games.Engine, st games.State, recs []games.Record, seats int) render.Message {
	g, _ := testMods.Renderer(eng.Info().ID)
	if len(recs) > 30 {
		recs = recs[len(recs)-30:]
	}
	rc := render.Audience{L: i18n.For("en"), Names: seatNames(seats), Viewer: games.Spectator}
	return render.Digest(rc, render.DigestRequest{Game: g, View: eng.View(st, games.Spectator), Records: games.Since(recs, nil, 0),
		Bots: make([]bool, seats), IDs: ids{table: "secrecy", version: 1}})
}

// TestJournalAwayForManyComputerTurns is the returning player: Ann plays
// against computer players with a one-hour turn clock and then stays
// away while the timer plays her turns too: In Flanders Field against
// three computers, IF - Pierwszy Front (battles, secret declarations)
// against one. The "What happened" button on the board she comes back to
// tells her every key event since her last move (every card taken, bust
// and loss; every battle, its dice and its victory points) over as many
// pages as it takes, in her language; Bob, who is not at the table, gets
// the public story, without Ann's secrets. Under the race detector
// (./test.sh) each game plays in its other language only; .ci/run plays
// the English ones too.
func TestJournalAwayForManyComputerTurns(t *testing.T) {
	for _, c := range []struct {
		game, lang string
		bots       int
	}{{"flanders", "en", 3}, {"flanders", "pl", 3}, {"frontline", "en", 1}, {"frontline", "ru", 1}} {
		if raceEnabled && c.lang == "en" {
			continue
		}
		t.Run(c.game+"-"+c.lang, func(t *testing.T) {
			lang := c.lang
			T := i18n.For(lang).T
			h := newHarness(t)
			var clock time.Duration
			start := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
			h.svc.Now = func() time.Time { return start.Add(clock) }
			r := h.slash(ann, "play", "", map[string]string{"game": c.game, "turn_timeout": "1", "language": lang})
			for i := 0; i < c.bots; i++ {
				r = h.click(ann, h.lobby, buttons(r.Reply.Message)[T("core.lobby.bot")])
			}
			r = h.click(ann, h.lobby, buttons(r.Reply.Message)[T("core.lobby.start")])
			tb, err := h.store.Get(t.Context(), r.Reply.BoardOf)
			if err != nil {
				t.Fatal(err)
			}
			// Ann makes one move of her own when her choices are on the board.
			for _, id := range buttons(h.boardMessage(t, tb.ID)) {
				if strings.Contains(id, ":a:") {
					h.click(ann, h.board, id)
					break
				}
			}
			// Then she is away: the clock plays her turns to the end.
			for i := 1; i <= 400; i++ {
				if _, ok := h.tick(&clock, time.Duration(i)*2*time.Hour); !ok {
					break
				}
			}
			log, _ := h.store.Log(t.Context(), tb.ID)
			recs := records(log)
			want := games.Since(recs, []games.Seat{0}, games.LastBy(recs, ann.ID))
			l, err := h.svc.load(t.Context(), tb.ID)
			if err != nil {
				t.Fatal(err)
			}
			g, _ := testMods.Renderer(c.game)
			rc := ctxFor(l, lang, 0)
			var wantKeys, secrets []string
			for _, rec := range want {
				for _, e := range rec.Events {
					line := g.Tell(rc, l.eng.View(l.state, 0), e)
					if line.Key {
						wantKeys = append(wantKeys, line.Text)
					}
					if e.Private && line.Text != "" {
						secrets = append(secrets, line.Text)
					}
				}
			}
			if len(want) < 40 || len(wantKeys) < 10 {
				t.Fatalf("only %d moves with %d key events while Ann was away", len(want), len(wantKeys))
			}
			board := h.boardMessage(t, tb.ID)
			what := buttons(board)[T("core.button.journal")]
			if what == "" {
				t.Fatalf("the board has no What happened button: %v", buttons(board))
			}
			pages := h.digestPages(t, ann, what, lang)
			all := strings.Join(pages, "\n")
			for _, k := range wantKeys {
				if !strings.Contains(all, k) {
					t.Fatalf("the digest lacks %q:\n%s", k, all)
				}
			}
			t.Logf("%d moves, %d key events, %d of them Ann's secrets, %d pages; first page:\n%s", len(want), len(wantKeys), len(secrets), len(pages), pages[0])
			// Bob is not seated: the public story from the same move on.
			bobText := strings.Join(h.digestPages(t, bob, what, lang), "\n")
			for _, s := range secrets {
				if strings.Contains(bobText, s) {
					t.Fatalf("Bob's public digest holds Ann's secret %q", s)
				}
			}
			if len(secrets) == 0 && bobText != strings.Replace(all, T("core.journal.title_you"), T("core.journal.title_seat", "Name", "Ann"), 1) {
				t.Fatalf("Bob's public digest differs from Ann's:\n%s\n---\n%s", bobText, all)
			}
			// Reading the log's end (Store.LogTail, longer until it holds
			// Ann's last move) gives the pages reading it whole gave.
			tail := h.svc.store
			h.svc.store = wholeLog{tail}
			wholeAnn := strings.Join(h.digestPages(t, ann, what, lang), "\n")
			wholeBob := strings.Join(h.digestPages(t, bob, what, lang), "\n")
			h.svc.store = tail
			if wholeAnn != all || wholeBob != bobText {
				t.Fatalf("the digest from the log's end differs from the whole log's:\n%s\n---\n%s", all, wholeAnn)
			}
		})
	}
}

// wholeLog is a store whose LogTail reads the whole log, as the digest
// did before it read the log's end.
type wholeLog struct{ data.Store }

func (w wholeLog) LogTail(ctx context.Context, id string, n int) ([]data.LogEntry, error) {
	return w.Log(ctx, id)
}

// boardMessage is the table's current board as Discord shows it.
func (h *harness) boardMessage(t *testing.T, id string) render.Message {
	t.Helper()
	tb, err := h.store.Get(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	msg, err := h.svc.drawn(t.Context(), tb, true, false, "")
	if err != nil {
		t.Fatal(err)
	}
	return msg
}

// digestPages clicks "What happened" and then "Earlier" until the first
// move, and returns each page's text, newest first.
func (h *harness) digestPages(t *testing.T, u User, id, lang string) []string {
	t.Helper()
	var pages []string
	for click := id; click != ""; {
		r := h.do(Request{Kind: Component, User: u, GuildID: "g", ChannelID: "c", CustomID: click, MessageID: "ephemeral", OnPrivateMessage: click != id, Locale: lang})
		if r.Reply.Kind != ReplyPrivate || len(r.Reply.Message.Embeds) != 1 {
			t.Fatalf("What happened: %+v", r.Reply)
		}
		e := r.Reply.Message.Embeds[0]
		pages = append(pages, e.Title+"\n"+e.Description)
		click = ""
		for _, row := range r.Reply.Message.Components {
			for _, c := range row.(discordgo.ActionsRow).Components {
				click = c.(discordgo.Button).CustomID
			}
		}
		if len(pages) > 50 {
			t.Fatal("the pages do not end")
		}
	}
	return pages
}

// A stranger's custom_id for another table, a lobby's, and a forged page
// are answered, privately, and change nothing.
func TestJournalClicks(t *testing.T) {
	h := newHarness(t)
	p := h.startRace()
	what := buttons(p.Message)["What happened"]
	if what == "" {
		t.Fatalf("no What happened button: %v", buttons(p.Message))
	}
	for _, u := range []User{ann, bob, eve} {
		r := h.click(u, "some-old-message", what)
		if r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "What happened since the game began") {
			t.Fatalf("%s's click: %+v", u.Name, r.Reply)
		}
	}
	// Ann moves: Bob, pinged, sees her move since the beginning (he has
	// not moved yet), and so does Eve, who is not seated; Ann sees her
	// own last moves rather than an empty page.
	h.click(ann, h.board, buttons(p.Message)["+2"])
	for u, want := range map[User]string{ann: "The last moves", bob: "What happened since the game began", eve: "What happened since the game began"} {
		r := h.click(u, "x", what)
		if got := text(r.Reply.Message); r.Reply.Kind != ReplyPrivate || !strings.Contains(got, want) || !strings.Contains(got, "add n=2") {
			t.Fatalf("%s after Ann's move: %s", u.Name, got)
		}
	}
	if r := h.do(Request{Kind: Component, User: ann, GuildID: "other", ChannelID: "c", CustomID: what}); r.Reply.Kind != ReplyPrivate || strings.Contains(text(r.Reply.Message), "What happened") {
		t.Fatalf("a click from another server: %+v", r.Reply)
	}
	tb, _ := h.store.Get(t.Context(), p.BoardOf)
	before, _ := h.store.Log(t.Context(), tb.ID)
	page, _ := CustomID{Table: tb.ID, Version: 1, Kind: KindJournal, Payload: "999999"}.Encode()
	if r := h.click(eve, "x", page); r.Reply.Kind != ReplyPrivate {
		t.Fatalf("a forged page: %+v", r.Reply)
	}
	for _, bad := range []string{"-1", "0", "01", "x"} {
		if _, err := ParseCustomID("w1:" + tb.ID + ":1:j:" + bad); err == nil {
			t.Fatalf("page %q accepted", bad)
		}
	}
	after, _ := h.store.Log(t.Context(), tb.ID)
	if t2, _ := h.store.Get(t.Context(), tb.ID); t2.Version != tb.Version || len(after) != len(before) {
		t.Fatal("a What happened click changed the table")
	}
	// The lobby has no journal.
	h2 := newHarness(t)
	r := h2.slash(ann, "play", "", map[string]string{"game": "race"})
	lb, _ := h2.store.Get(t.Context(), r.Reply.BoardOf)
	id, _ := CustomID{Table: lb.ID, Version: lb.Version, Kind: KindJournal}.Encode()
	if r := h2.click(ann, h2.lobby, id); r.Reply.Kind != ReplyPrivate || strings.Contains(text(r.Reply.Message), "What happened") {
		t.Fatalf("journal of a lobby: %+v", r.Reply)
	}
}

// BenchmarkJournalDigest: the digest of a whole computer game of each
// kind (Since, Tell for every event, layout), as a spectator sees it.
func BenchmarkJournalDigest(b *testing.B) {
	for _, eng := range testMods.Engines() {
		id := eng.Info().ID
		if !isSecretGame(id) {
			continue
		}
		t := &testing.T{}
		recs, st, seats := journalPlayout(t, eng, 1, 2000)
		g, _ := testMods.Renderer(id)
		rc := render.Audience{L: i18n.For("pl"), Names: seatNames(seats), Viewer: games.Spectator}
		view := eng.View(st, games.Spectator)
		b.Run(fmt.Sprintf("%s-%dmoves", id, len(recs)), func(b *testing.B) {
			for b.Loop() {
				render.Digest(rc, render.DigestRequest{Game: g, View: view, Records: games.Since(recs, nil, 0), Bots: make([]bool, seats), IDs: ids{table: "b", version: 1}})
			}
		})
	}
}
