package render_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

// plainGame is a board with no footer whose status, like many games'
// statuses, ends without a full stop.
type plainGame struct{ worstGame }

func (plainGame) Board(ctx render.Audience, v any) render.Card { return render.Card{Title: "Board"} }
func (plainGame) Status(ctx render.Audience, v any) string     { return "Turn 3 · 6 troops" }

// counts are one of each plural form in Polish and Russian (and 1 and
// more in English).
var counts = []int{1, 2, 5, 21, 22, 25, 101, 112}

// playing is a two-seat table in play where the seats in active act.
func playing(active ...games.Seat) render.TableInfo {
	return render.TableInfo{GameID: "flanders", TableID: "t1", Status: "playing", Active: active,
		Seats: []render.SeatInfo{{Name: "Ann", UserID: "100"}, {Name: "Bob", UserID: "200"}}}
}

// TestTurnPing: the ping names as many players as it addresses ("twoja
// tura" for one, "wasza tura" for more), and the deadline or the pause is
// a sentence of its own, never run on after the game's status.
func TestTurnPing(t *testing.T) {
	for _, lang := range langs {
		ctx := render.Audience{L: i18n.For(lang)}
		due := ctx.T("core.turn.due", "When", "<t:4102444800:R>")
		pause := ctx.T("core.pause.on_board")
		for _, active := range [][]games.Seat{{0}, {0, 1}} {
			info := playing(active...)
			for _, paused := range []bool{false, true} {
				msg, err := render.Board(ctxOf(lang, info, games.Spectator), render.BoardRequest{Game: plainGame{}, Table: info, IDs: longIDs{},
					Ping: true, Deadline: time.Unix(4102444800, 0), Paused: paused})
				if err != nil {
					t.Fatal(err)
				}
				c := msg.Content
				want := "\n" + due
				if paused {
					want = "\n" + pause
				}
				if !strings.HasPrefix(c, "<@100>") || !strings.HasSuffix(c, want) {
					t.Errorf("%s %d active, paused %v: %q does not end with %q on its own line", lang, len(active), paused, c, want)
				}
				if lang == "pl" && strings.Contains(c, "twoja") != (len(active) == 1) {
					t.Errorf("pl %d pinged: %q", len(active), c)
				}
			}
		}
		for _, n := range counts {
			s := ctx.T("core.turn.ping_status", "Count", n, "Who", "x", "Game", "g", "Status", "s")
			if lang == "pl" && strings.Contains(s, "twoja") != (n == 1) || strings.HasPrefix(s, "[") {
				t.Errorf("%s ping to %d: %q", lang, n, s)
			}
		}
	}
}

// TestRematchInviteGrammar: the invitation speaks to one invitee in the
// singular and to more in the plural, for every plural form.
func TestRematchInviteGrammar(t *testing.T) {
	for _, n := range counts {
		s := i18n.For("pl").T("core.rematch.invite", "Count", n, "Who", "x", "Host", "h", "Game", "g")
		if strings.Contains(s, "kliknij ") != (n == 1) || strings.Contains(s, "kliknijcie") == (n == 1) {
			t.Errorf("pl invitation to %d: %q", n, s)
		}
	}
}

// TestFooterWithoutGameFooter: a game whose card has no footer gets the
// table's footer alone, not one starting with a stray "·".
func TestFooterWithoutGameFooter(t *testing.T) {
	info := playing(0)
	msg, err := render.Board(ctxOf("en", info, games.Spectator), render.BoardRequest{Game: plainGame{}, Table: info, IDs: longIDs{}})
	if err != nil {
		t.Fatal(err)
	}
	if f := msg.Embeds[0].Footer; f == nil || f.Text != "Table t1" {
		t.Fatalf("footer %+v", f)
	}
}

// TestStartedLobby: the started lobby says where the board is: below in
// a game played in the channel, in the team thread in a co-op game, and
// names a computer seat once ("🤖 Computer 2", not "... (computer)").
func TestStartedLobby(t *testing.T) {
	for _, lang := range langs {
		ctx := render.Audience{L: i18n.For(lang)}
		bot := ctx.T("core.bot_name", "N", 2)
		for _, coop := range []bool{false, true} {
			info := render.TableInfo{GameID: "flanders", TableID: "t1", Status: "playing", HostID: "100", Coop: coop,
				Seats: []render.SeatInfo{{Name: "Ann", UserID: "100"}, {Name: bot, Bot: true}}}
			msg := render.Lobby(ctx, info, longIDs{})
			d := msg.Embeds[0].Description
			thread := map[string]string{"en": "thread", "pl": "wątku", "ru": "ветке"}[lang]
			if strings.Contains(d, thread) != coop || strings.Contains(d, "(") {
				t.Errorf("%s co-op %v: %q", lang, coop, d)
			}
			seats := msg.Embeds[0].Fields[0].Value
			word := strings.ToLower(strings.Fields(bot)[0])
			if !strings.Contains(seats, "🤖 "+bot) || strings.Count(strings.ToLower(seats), word) != 1 {
				t.Errorf("%s seats %q", lang, seats)
			}
		}
	}
}

// TestOutcomeHeads: a result and its reason read as one sentence: no
// full stop or exclamation mark before the dash ("defeated. — the enemy").
func TestOutcomeHeads(t *testing.T) {
	for _, lang := range langs {
		ctx := render.Audience{L: i18n.For(lang), Names: []string{"Ann", "Bob"}}
		for i, o := range []games.Outcome{{Done: true}, {Done: true, Winners: []games.Seat{0}}} {
			for _, coop := range []bool{false, true} {
				info := render.TableInfo{GameID: "blindaz", Status: "finished", Coop: coop, Outcome: o,
					Seats: []render.SeatInfo{{Name: "Ann"}, {Name: "Bob"}}}
				info.Outcome.Reason = "breakthrough"
				s := render.OutcomeText(ctx, info)
				for _, p := range []string{". —", "! —", "? —"} {
					if strings.Contains(s, p) {
						t.Errorf("%s %s: %q", lang, fmt.Sprint(i, coop), s)
					}
				}
			}
		}
	}
}
