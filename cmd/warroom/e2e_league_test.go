package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/discordtest"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

// TestE2ELeague: a five-player Swiss league of three rounds through the
// stand-in, which checks every request against Discord's OpenAPI
// document. /league answers in en, pl and ru. Ann (Manage Server)
// creates it, five players join, Ann starts it; each game opens in a
// public thread under the channel with its table, both players pinged.
// Nobody moves: the computer plays every turn at its timeout, and the
// round's deadline decides what is unfinished (loss_to_mover). The bot
// restarts while the league runs; the league ends with the winner
// announced to everyone, each round with a bye.
func TestE2ELeague(t *testing.T) {
	w := newWorld(t)
	w.extraFlags = []string{"--no-images", "--timer-interval", "50ms", "--dev-timeout-unit", "40ms"}
	w.startBot()
	admin := w.ann
	admin.Permissions = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages | discordgo.PermissionUseApplicationCommands | discordgo.PermissionManageGuild
	if r := w.expect(w.srv.Slash(w.bob, w.ch, w.guild, "league create trenches", map[string]any{"format": "swiss", "deadline": "play_out"}, "en-US")); !strings.Contains(privateText(r), "Manage Server") {
		t.Fatalf("a member without Manage Server or the league role: %q", privateText(r))
	}
	for _, lang := range []string{"pl", "ru"} {
		ch := w.srv.NewChannel(w.guild)
		r := w.expect(w.srv.Slash(admin, ch, w.guild, "league create frontline", map[string]any{"format": "round_robin", "deadline": "play_out"}, lang))
		rc := i18n.For(lang)
		if want := rc.T("league.title", "Game", rc.T(render.GameNameKey("frontline"))); !strings.Contains(r.EmbedText(), want) {
			t.Fatalf("/league in %s: %q, want %q", lang, r.EmbedText(), want)
		}
	}
	opts := map[string]any{"format": "swiss", "deadline": "loss_to_mover", "rounds": 3, "round_days": 1, "turn_timeout": 1}
	r := w.expect(w.srv.Slash(admin, w.ch, w.guild, "league create trenches", opts, "en-US"))
	msg := r.Message
	if !strings.Contains(r.EmbedText(), "League: Trenches of Valor") {
		t.Fatalf("/league create: %q", r.EmbedText())
	}
	players := []discordtest.User{admin, w.bob, w.eve, w.srv.User("dan"), w.srv.User("fay")}
	for _, u := range players {
		msg = w.expect(w.srv.Click(u, &msg, mustButton(t, &msg, ":join"))).Message
	}
	// A join made while the league message is being redrawn for the one
	// before is shown by that redraw's next pass, after the click's answer.
	joined, err := w.srv.WaitMessage(w.ctx(), w.ch, func(m *discordtest.Message) bool {
		return m.ID == msg.ID && strings.Contains(m.EmbedText(), "Players (5)")
	})
	if err != nil {
		t.Fatalf("after five joins: %v; %q\n%s", err, msg.EmbedText(), strings.Join(w.srv.Problems(), "\n"))
	}
	msg = *joined
	w.expect(w.srv.Click(admin, &msg, mustButton(t, &msg, ":start")))
	if _, err := w.srv.WaitMessage(w.ctx(), w.ch, func(m *discordtest.Message) bool {
		return strings.Contains(m.Content, "round 1 of 3")
	}); err != nil {
		t.Fatalf("round 1 not announced: %v", err)
	}
	w.stopBot() // a restart while the league runs: its deadlines pass meanwhile
	w.startBot()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	end, err := w.srv.WaitMessage(ctx, w.ch, func(m *discordtest.Message) bool { return strings.Contains(m.Content, "1st place") })
	if err != nil {
		t.Fatalf("the league did not end: %v", err)
	}
	for _, u := range players {
		if !strings.Contains(end.Content, "<@"+u.ID+">") {
			t.Fatalf("the end does not ping %s: %q", u.Username, end.Content)
		}
	}
	var games int
	for _, th := range w.srv.Threads() {
		if th.ParentID == w.ch && th.Type == discordgo.ChannelTypeGuildPublicThread && strings.HasPrefix(th.Name, "L") {
			games++
			welcome, err := w.srv.WaitMessage(w.ctx(), th.ID, func(m *discordtest.Message) bool { return strings.Contains(m.Content, "First seat") })
			if err != nil || strings.Count(welcome.Content, "<@") < 2 {
				t.Fatalf("thread %q: no welcome pinging both players: %v", th.Name, err)
			}
		}
	}
	if games != 6 {
		t.Fatalf("%d league threads, want two games in each of three rounds", games)
	}
	final, err := w.srv.WaitMessage(w.ctx(), w.ch, func(m *discordtest.Message) bool { return strings.Contains(m.EmbedText(), "1st place") })
	// Round 3 lasts about a second: its games, at a computer move every
	// 40 ms, are decided at its deadline.
	if err != nil || strings.Count(final.EmbedText(), "Bye: ") != 1 || !strings.Contains(final.EmbedText(), "Round 3 of 3") ||
		!strings.Contains(final.EmbedText(), "decided at the deadline") {
		t.Fatalf("final league message: %v\n%s", err, final.EmbedText())
	}
	w.noProblems()
}

// TestE2ELeagueRoundRobin: a four-player round robin played out
// (play_out): every game is played to its end by the computer at each
// turn's timeout, through the stand-in. Dan leaves in round 1: his game
// in play is closed and lost, his later games are walkovers, and the
// final standings say he left. Everyone is pinged at the end.
func TestE2ELeagueRoundRobin(t *testing.T) {
	w := newWorld(t)
	w.extraFlags = []string{"--no-images", "--timer-interval", "50ms", "--dev-timeout-unit", "20ms"}
	w.startBot()
	admin := w.ann
	admin.Permissions = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages | discordgo.PermissionUseApplicationCommands | discordgo.PermissionManageGuild
	dan := w.srv.User("dan")
	opts := map[string]any{"format": "round_robin", "deadline": "play_out", "round_days": 30, "turn_timeout": 1}
	r := w.expect(w.srv.Slash(admin, w.ch, w.guild, "league create frontline", opts, "en-US"))
	msg := r.Message
	for _, u := range []discordtest.User{admin, w.bob, w.eve, dan} {
		msg = w.expect(w.srv.Click(u, &msg, mustButton(t, &msg, ":join"))).Message
	}
	msg = w.expect(w.srv.Click(admin, &msg, mustButton(t, &msg, ":start"))).Message
	if rr := w.expect(w.srv.Click(dan, &msg, mustButton(t, &msg, ":leave"))); !strings.Contains(privateText(rr)+rr.Message.EmbedText(), "left the league") {
		t.Fatalf("Dan's leave: %q / %q", privateText(rr), rr.Message.EmbedText())
	}
	wait := 60 * time.Second // about 6 s without -race
	if raceEnabled {
		wait = 5 * time.Minute // the computer plays every move of six games
	}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	end, err := w.srv.WaitMessage(ctx, w.ch, func(m *discordtest.Message) bool { return strings.Contains(m.Content, "1st place") })
	if err != nil {
		t.Fatalf("the league did not end: %v", err)
	}
	if strings.Count(end.Content, "<@") != 5 { // four players and the winner
		t.Fatalf("the end: %q", end.Content)
	}
	final, err := w.srv.WaitMessage(w.ctx(), w.ch, func(m *discordtest.Message) bool {
		return strings.Contains(m.EmbedText(), "1st place") && strings.Contains(m.EmbedText(), "left the league")
	})
	if err != nil || strings.Count(final.EmbedText(), "3 games") != 4 || strings.Count(final.EmbedText(), "walkover") == 0 {
		t.Fatalf("final standings: %v\n%s", err, final.EmbedText())
	}
	w.noProblems()
}

// TestE2ELeagueCancel: /league cancel through the stand-in. A player who
// neither created the league nor runs leagues is answered privately;
// Ann, its creator, cancels it while round 1 is played: the game's
// table is closed with the cancel's own notice in its thread, the
// players are pinged, and the league message says cancelled, its
// buttons gone.
func TestE2ELeagueCancel(t *testing.T) {
	w := newWorld(t)
	w.extraFlags = []string{"--no-images", "--timer-interval", "50ms", "--dev-timeout-unit", "1s"}
	w.startBot()
	admin := w.ann
	admin.Permissions = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages | discordgo.PermissionUseApplicationCommands | discordgo.PermissionManageGuild
	opts := map[string]any{"format": "round_robin", "deadline": "play_out", "round_days": 30, "turn_timeout": 24}
	msg := w.expect(w.srv.Slash(admin, w.ch, w.guild, "league create frontline", opts, "en-US")).Message
	for _, u := range []discordtest.User{admin, w.bob} {
		msg = w.expect(w.srv.Click(u, &msg, mustButton(t, &msg, ":join"))).Message
	}
	w.expect(w.srv.Click(admin, &msg, mustButton(t, &msg, ":start")))
	if _, err := w.srv.WaitMessage(w.ctx(), w.ch, func(m *discordtest.Message) bool { return strings.Contains(m.Content, "round 1 of 1") }); err != nil {
		t.Fatalf("round 1 not announced: %v", err)
	}
	var thread string
	for _, th := range w.srv.Threads() {
		if th.ParentID == w.ch && th.Type == discordgo.ChannelTypeGuildPublicThread {
			thread = th.ID
		}
	}
	if _, err := w.srv.WaitMessage(w.ctx(), thread, func(m *discordtest.Message) bool { return strings.Contains(m.Content, "First seat") }); err != nil {
		t.Fatalf("the game did not open: %v", err)
	}
	if r := w.expect(w.srv.Slash(w.bob, w.ch, w.guild, "league cancel", nil, "en-US")); !strings.Contains(privateText(r), "Only <@"+admin.ID+">") {
		t.Fatalf("Bob's cancel: %q", privateText(r))
	}
	w.expect(w.srv.Slash(admin, w.ch, w.guild, "league cancel", nil, "en-US"))
	if _, err := w.srv.WaitMessage(w.ctx(), thread, func(m *discordtest.Message) bool {
		return strings.Contains(m.Content, "The league was cancelled by <@"+admin.ID+">")
	}); err != nil {
		t.Fatalf("the game's thread was not told: %v", err)
	}
	note, err := w.srv.WaitMessage(w.ctx(), w.ch, func(m *discordtest.Message) bool { return strings.Contains(m.Content, "league was cancelled") })
	if err != nil || !strings.Contains(note.Content, "<@"+w.bob.ID+">") {
		t.Fatalf("the players were not told: %v", err)
	}
	final, err := w.srv.WaitMessage(w.ctx(), w.ch, func(m *discordtest.Message) bool { return strings.Contains(m.EmbedText(), "Cancelled by") })
	if err != nil || len(final.ButtonLabels()) != 0 {
		t.Fatalf("the league message: %v", err)
	}
	w.noProblems()
}
