package render_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
)

// duelTable is a finished two-player table of Ann and Bob (and a
// computer seat when bot), with o as its outcome.
func duelTable(game string, o games.Outcome, bot bool) render.TableInfo {
	t := render.TableInfo{GameID: game, TableID: "7", Status: "finished", Outcome: o,
		Seats: []render.SeatInfo{{Name: "Ann", UserID: "1"}, {Name: "Bob", UserID: "2"}}}
	if bot {
		t.Seats = append(t.Seats, render.SeatInfo{Name: "Computer 3", Bot: true})
	}
	t.Outcome.Done = true
	return t
}

// TestOutcomeText: the result line names each game's own number in every
// language, never a score that contradicts the winner, and each rated
// player's change.
func TestOutcomeText(t *testing.T) {
	raid := games.Outcome{Winners: []games.Seat{1}, Scores: []int{5, -1}, Target: 7, Reason: "raid_failed"}
	rated := duelTable("frontline", games.Outcome{Winners: []games.Seat{1}, Scores: []int{18, 38}, Reason: "vp"}, false)
	rated.Ratings = []*render.RatingChange{{Before: 1500, After: 1462}, {Before: 1500, After: 1538}}
	cases := []struct {
		lang string
		info render.TableInfo
		want string
	}{
		{"en", duelTable("trenches", raid, false), "🏆 Winner: Bob — the raid fell short of its VP target\nRaider VP: Ann 5 (needed 7)"},
		{"pl", duelTable("trenches", raid, false), "🏆 Zwycięzca: Bob — rajdowi zabrakło PZ\nPZ Atakującego: Ann 5 (potrzeba 7)"},
		{"ru", duelTable("trenches", raid, false), "🏆 Победитель: Bob — рейду не хватило ПО\nПО атакующего: Ann 5 (нужно 7)"},
		{"en", duelTable("flanders", games.Outcome{Winners: []games.Seat{0}, Scores: []int{2, 5}, Reason: "objective"}, false),
			"🏆 Winner: Ann — the Objective Line was reached\nTroops left: Ann 2 · Bob 5"},
		{"en", rated, "🏆 Winner: Bob — decided on victory points\nVictory points: Ann 18 · Bob 38\nRating: Ann 1500 → 1462 (−38) · Bob 1500 → 1538 (+38)"},
		{"pl", rated, "🏆 Zwycięzca: Bob — o wyniku zdecydowały punkty zwycięstwa\nPunkty zwycięstwa: Ann 18 · Bob 38\nRanking: Ann 1500 → 1462 (−38) · Bob 1500 → 1538 (+38)"},
		{"ru", rated, "🏆 Победитель: Bob — по победным очкам\nПобедные очки: Ann 18 · Bob 38\nРейтинг: Ann 1500 → 1462 (−38) · Bob 1500 → 1538 (+38)"},
	}
	for _, c := range cases {
		if got := render.OutcomeText(ctxOf(c.lang, c.info, games.Spectator), c.info); got != c.want {
			t.Errorf("%s %s:\n got %q\nwant %q", c.lang, c.info.GameID, got, c.want)
		}
	}
}

// TestFinalBoard: the final board pings every human seat once (not the
// computer), says the result once, and is red for a co-op defeat.
func TestFinalBoard(t *testing.T) {
	g, _ := mods.Renderer("frontline")
	info := duelTable("frontline", games.Outcome{Winners: []games.Seat{1}, Scores: []int{18, 38, 0}, Reason: "vp"}, true)
	info.Seed, info.Commit = strings.Repeat("ab", 32), strings.Repeat("cd", 32)
	for _, lang := range langs {
		ctx := ctxOf(lang, info, games.Spectator)
		msg, err := render.Board(ctx, render.BoardRequest{Game: g, Table: info, IDs: longIDs{}, Ping: true})
		if err != nil {
			t.Fatal(err)
		}
		all := msg.Content + msg.Embeds[0].Description + msg.Embeds[0].Footer.Text
		for _, f := range msg.Embeds[0].Fields {
			all += f.Value
		}
		if !slices.Equal(msg.Mentions, []string{"1", "2"}) || !strings.HasPrefix(msg.Content, "<@1>, <@2>\n") ||
			strings.Count(msg.Content, render.OutcomeText(ctx, info)) != 1 || strings.Count(all, ctx.T("core.outcome.winners", "Count", 1, "Names", "Bob")) != 1 {
			t.Errorf("%s: mentions %v, content %q", lang, msg.Mentions, msg.Content)
		}
		if strings.Contains(all, info.Seed) || strings.Contains(all, info.Commit) || !strings.Contains(msg.Embeds[0].Footer.Text, ctx.T("core.fair.reveal")) {
			t.Errorf("%s: the fair dice line: %q", lang, msg.Embeds[0].Footer.Text)
		}
	}
	// Redrawn in place (no ping), it mentions nobody.
	if msg, _ := render.Board(ctxOf("en", info, games.Spectator), render.BoardRequest{Game: g, Table: info, IDs: longIDs{}}); len(msg.Mentions) != 0 || strings.Contains(msg.Content, "<@") {
		t.Errorf("a redraw pings: %v %q", msg.Mentions, msg.Content)
	}
	bl, _ := mods.Renderer("blindaz")
	for _, c := range []struct {
		winners []games.Seat
		colour  int
	}{{nil, 0xC62828}, {[]games.Seat{0, 1}, 0x2E7D32}} {
		co := duelTable("blindaz", games.Outcome{Winners: c.winners, Reason: "breakthrough"}, false)
		co.Coop = true
		msg, err := render.Board(ctxOf("en", co, games.Spectator), render.BoardRequest{Game: bl, Table: co, IDs: longIDs{}})
		if err != nil || msg.Embeds[0].Color != c.colour {
			t.Errorf("co-op winners %v: colour %06x, want %06x (%v)", c.winners, msg.Embeds[0].Color, c.colour, err)
		}
	}
}
