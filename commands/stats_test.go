package commands

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/games/rating"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

// statsAs is /stats or /leaderboard from u in a language.
func (h *harness) statsAs(u User, locale, cmd string, opts map[string]string) string {
	h.t.Helper()
	r := h.do(Request{Kind: SlashCommand, User: u, Command: cmd, Options: opts, Locale: locale})
	if r.Reply.Kind != ReplyPrivate {
		h.t.Fatalf("/%s is not private: %+v", cmd, r.Reply)
	}
	return text(r.Reply.Message)
}

// TestStatsAfterAGame: a race played to its end is counted once (a
// doubled final click and a restart change nothing); /stats shows it for
// the player and for another member asking, /leaderboard ranks the
// winner first, in English, Polish and Russian; a member without games is
// told so.
func TestStatsAfterAGame(t *testing.T) {
	h := newHarness(t)
	if got := h.statsAs(ann, "en-US", "stats", nil); !strings.Contains(got, "no finished games") {
		t.Fatalf("stats before any game: %s", got)
	}
	if got := h.statsAs(ann, "en-US", "leaderboard", map[string]string{"game": "race"}); !strings.Contains(got, "No one has finished a rated game") {
		t.Fatalf("leaderboard before any game: %s", got)
	}
	p := h.startRace()
	board := post{Message: p.Message, MessageID: p.MessageID}
	var before post
	players := map[string]User{"100": ann, "200": bob}
	for range 40 {
		r := h.click(players[board.Message.Mentions[0]], board.MessageID, buttons(board.Message)["+2"])
		before, board = board, r.Posts[0]
		if strings.Contains(text(board.Message), "Winner") {
			break
		}
	}
	// The final move clicked again, as a doubled click or a retry would.
	if r := h.click(ann, before.MessageID, buttons(before.Message)["+2"]); r.Reply.Kind != ReplyPrivate || len(r.Posts) != 0 {
		t.Fatalf("a doubled final move: %+v", r)
	}
	// The final board pings both players once and says the result once,
	// with each rating change.
	final := board.Message
	const change = "Rating: Ann 1500 → 1662 (+162) · Bob 1500 → 1338 (−162)"
	if got := text(final); fmt.Sprint(final.Mentions) != "[100 200]" || strings.Count(got, "<@100>") != 1 || strings.Count(got, "<@200>") != 1 ||
		strings.Count(got, "Winner") != 1 || !strings.Contains(final.Content, change) {
		t.Fatalf("final board (mentions %v):\n%s", final.Mentions, got)
	}
	h.restart()
	tb, err := h.store.Get(t.Context(), "1") // the first table of a fresh store
	if err != nil || tb.Result == nil || tb.Result.Moves != 5 || !tb.Result.Seats[0].Won || tb.Result.Seats[1].Place != 2 {
		t.Fatalf("result %+v %v", tb.Result, err)
	}
	// Drawn again after a restart (a delivery the crash left owed), the
	// board shows the same change, read from the tally.
	if again, err := h.svc.drawn(t.Context(), tb, true, true, ""); err != nil || !strings.Contains(again.Content, change) {
		t.Fatalf("final board after a restart: %v\n%s", err, again.Content)
	}

	mine := h.statsAs(ann, "en-US", "stats", nil)
	for _, want := range []string{"<@100>", "race.name", "1 game · 1 win · rating 1662 (still settling)", "on average 5 moves and under a minute"} {
		if !strings.Contains(mine, want) {
			t.Errorf("Ann's /stats lacks %q: %s", want, mine)
		}
	}
	if got := h.statsAs(eve, "en-US", "stats", map[string]string{"member": bob.ID}); !strings.Contains(got, "<@200>") || !strings.Contains(got, "0 wins · rating 1338 (still settling)") {
		t.Errorf("Bob's /stats asked by Eve: %s", got)
	}
	if got := h.statsAs(ann, "en-US", "stats", map[string]string{"member": eve.ID}); !strings.Contains(got, "<@300>: no finished games") {
		t.Errorf("Eve has no games: %s", got)
	}
	board1 := h.statsAs(eve, "en-US", "leaderboard", map[string]string{"game": "race"})
	if i, j := strings.Index(board1, "1. <@100> — rating 1662"), strings.Index(board1, "2. <@200> — rating 1338"); i < 0 || j < i {
		t.Errorf("leaderboard: %s", board1)
	}
	if got := h.statsAs(ann, "pl", "stats", nil); !strings.Contains(got, "1 gra · 1 wygrana · ranking 1662 (jeszcze się ustala)") || !strings.Contains(got, "średnio 5 ruchów i niecała minuta") {
		t.Errorf("Polish /stats: %s", got)
	}
	if got := h.statsAs(bob, "ru", "leaderboard", map[string]string{"game": "race"}); !strings.Contains(got, "Лучшие игроки") || !strings.Contains(got, "1. <@100> — рейтинг 1662 (ещё не устоялся) · 1 игра") {
		t.Errorf("Russian /leaderboard: %s", got)
	}
}

// TestResignedPlayerLoses: a player who resigns is placed last and loses
// however the computer then does in their seat; the other player wins.
func TestResignedPlayerLoses(t *testing.T) {
	h := newHarness(t)
	p := h.startRace()
	r := h.slash(ann, "game", "resign", nil)
	r = h.do(Request{Kind: Component, User: ann, CustomID: buttons(r.Reply.Message)["Resign"], MessageID: "ephemeral", OnPrivateMessage: true, Locale: "en-US"})
	if r.Reply.Kind != ReplyUpdate {
		t.Fatalf("resign: %+v", r.Reply)
	}
	_ = p
	for range 40 { // Bob adds 1 on the current board until the game ends
		tb, _ := h.store.Get(t.Context(), "1")
		if tb.Status == data.StatusFinished {
			break
		}
		id, _ := CustomID{Table: tb.ID, Version: tb.Version, Kind: KindAction, Action: games.Act("add", 1)}.Encode()
		h.click(bob, tb.BoardMessageID, id)
	}
	tb, _ := h.store.Get(t.Context(), "1")
	if tb.Result == nil || !tb.Result.Seats[0].Resigned || tb.Result.Seats[0].UserID != ann.ID || tb.Result.Seats[0].Won || !tb.Result.Seats[1].Won {
		t.Fatalf("result %+v", tb.Result)
	}
	if got := h.statsAs(ann, "en-US", "stats", nil); !strings.Contains(got, "1 game · 0 wins · rating 1338") {
		t.Errorf("Ann's /stats: %s", got)
	}
}

func TestPlaces(t *testing.T) {
	h := func(u string) data.Seat { return data.Seat{UserID: u} }
	cpu := data.Seat{Bot: true, Name: "Computer 1"}
	tests := []struct {
		name     string
		seats    []data.Seat
		resigned map[games.Seat]string
		coop     bool
		o        games.Outcome
		want     string // user:place[w][r] per seat
	}{
		{"two players", []data.Seat{h("a"), h("b")}, nil, false, games.Outcome{Done: true, Winners: []games.Seat{1}}, "[a:2 b:1w]"},
		{"a draw", []data.Seat{h("a"), h("b")}, nil, false, games.Outcome{Done: true}, "[a:1 b:1]"},
		{"four by score, a tie", []data.Seat{h("a"), h("b"), h("c"), h("d")}, nil, false,
			games.Outcome{Done: true, Winners: []games.Seat{2}, Scores: []int{3, 5, 9, 3}}, "[a:3 b:2 c:1w d:3]"},
		{"against the computer", []data.Seat{h("a"), cpu}, nil, false, games.Outcome{Done: true, Winners: []games.Seat{1}}, "[a:2 :1w]"},
		{"the computer won a resigned seat", []data.Seat{cpu, h("b")}, map[games.Seat]string{0: "a"}, false,
			games.Outcome{Done: true, Winners: []games.Seat{0}}, "[a:2r b:1w]"},
		{"a resigned player below all", []data.Seat{cpu, h("b"), h("c")}, map[games.Seat]string{0: "a"}, false,
			games.Outcome{Done: true, Winners: []games.Seat{2}, Scores: []int{9, 1, 5}}, "[a:3r b:2 c:1w]"},
		{"co-op won", []data.Seat{h("a"), cpu}, nil, true, games.Outcome{Done: true, Winners: []games.Seat{0, 1}}, "[a:1w :1w]"},
		{"co-op lost, one resigned", []data.Seat{h("a"), cpu}, map[games.Seat]string{1: "b"}, true, games.Outcome{Done: true}, "[a:1 b:2r]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, r := range places(tc.seats, tc.resigned, tc.coop, tc.o) {
				s := fmt.Sprintf("%s:%d", r.UserID, r.Place)
				if r.Won {
					s += "w"
				}
				if r.Resigned {
					s += "r"
				}
				got = append(got, s)
			}
			if fmt.Sprint(got) != tc.want {
				t.Fatalf("got %v, want %s", got, tc.want)
			}
		})
	}
}

func TestVariantOf(t *testing.T) {
	coop := games.Info{ID: "co", Coop: true, Options: []games.OptionSpec{{Key: "difficulty", Default: "standard"}, {Key: "solo"}}}
	for _, tc := range []struct {
		info games.Info
		opts games.Options
		want string
	}{
		{coop, games.Options{"difficulty": "veteran", "solo": "two"}, "veteran"},
		{coop, nil, "standard"},
		{games.Info{ID: "versus", Options: []games.OptionSpec{{Key: "difficulty", Default: "x"}}}, games.Options{"difficulty": "y"}, ""},
		{games.Info{ID: "co2", Coop: true}, games.Options{"difficulty": "y"}, ""},
	} {
		if got := variantOf(tc.info, tc.opts); got != tc.want {
			t.Errorf("%s %v: %q, want %q", tc.info.ID, tc.opts, got, tc.want)
		}
	}
}

func TestDurationText(t *testing.T) {
	for _, tc := range []struct {
		d    time.Duration
		lang string
		want string
	}{
		{20 * time.Second, "en", "under a minute"},
		{90 * time.Second, "en", "2 minutes"},
		{61 * time.Minute, "en", "1 hour"},
		{47 * time.Hour, "pl", "47 godzin"},
		{50 * time.Hour, "ru", "2 дня"},
		{21 * 24 * time.Hour, "ru", "21 день"},
	} {
		if got := durationText(render.Audience{L: i18n.For(tc.lang)}, tc.d); got != tc.want {
			t.Errorf("%v in %s: %q, want %q", tc.d, tc.lang, got, tc.want)
		}
	}
}

// TestRatingWords: /stats names a rating's deviation in words, in every
// language, from a new player's to a settled one's.
func TestRatingWords(t *testing.T) {
	want := map[string][3]string{
		"en": {"rating 1538 (still settling)", "rating 1538 (nearly settled)", "rating 1538 (settled)"},
		"pl": {"ranking 1538 (jeszcze się ustala)", "ranking 1538 (prawie ustalony)", "ranking 1538 (ustalony)"},
		"ru": {"рейтинг 1538 (ещё не устоялся)", "рейтинг 1538 (почти устоялся)", "рейтинг 1538 (устоялся)"},
	}
	for lang, w := range want {
		rc := render.Audience{L: i18n.For(lang)}
		for i, rd := range []float64{350, 120, 60} {
			st := data.Standing{Rating: rating.Rating{R: 1537.6, RD: rd, Vol: 0.06}}
			if got := ratingText(rc, st); got != w[i] {
				t.Errorf("%s, deviation %.0f: %q, want %q", lang, rd, got, w[i])
			}
		}
	}
}

// TestStatsCounts: the counts of /stats and /leaderboard take the right
// plural form for every number, in Polish and Russian as in English.
func TestStatsCounts(t *testing.T) {
	want := map[string]map[int]string{
		"en": {0: "0 games · 0 wins", 1: "1 game · 1 win", 2: "2 games · 2 wins", 21: "21 games · 21 wins"},
		"pl": {0: "0 gier · 0 wygranych", 1: "1 gra · 1 wygrana", 2: "2 gry · 2 wygrane", 5: "5 gier · 5 wygranych",
			12: "12 gier · 12 wygranych", 21: "21 gier · 21 wygranych", 22: "22 gry · 22 wygrane", 112: "112 gier · 112 wygranych"},
		"ru": {0: "0 игр · 0 побед", 1: "1 игра · 1 победа", 3: "3 игры · 3 победы", 5: "5 игр · 5 побед",
			11: "11 игр · 11 побед", 21: "21 игра · 21 победа", 22: "22 игры · 22 победы", 111: "111 игр · 111 побед"},
	}
	for lang, counts := range want {
		rc := render.Audience{L: i18n.For(lang)}
		for n, w := range counts {
			if got := rc.T("stats.games", "Count", n) + " · " + rc.T("stats.wins", "Count", n); got != w {
				t.Errorf("%s %d: %q, want %q", lang, n, got, w)
			}
		}
	}
}
