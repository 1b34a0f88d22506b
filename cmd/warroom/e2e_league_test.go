package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/bot/discordtest"
	"github.com/warroom/warroom/render/i18n"
)

// TestE2ELeague: a three-player Swiss league of two rounds through the
// stand-in, which checks every request against Discord's OpenAPI
// document. /league answers in en, pl and ru. Ann (Manage Server)
// creates it, three players join, Ann starts it; each game opens in a
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
	if _, err := w.srv.TrySlash(w.bob, w.ch, w.guild, "league create trenches", map[string]any{"format": "swiss", "deadline": "play_out"}, "en-US"); err == nil {
		t.Fatal("a member without Manage Server could use /league")
	}
	for _, lang := range []string{"pl", "ru"} {
		ch := w.srv.NewChannel(w.guild)
		r := w.expect(w.srv.Slash(admin, ch, w.guild, "league create frontline", map[string]any{"format": "round_robin", "deadline": "play_out"}, lang))
		rc := i18n.For(lang)
		if want := rc.T("league.title", "Game", rc.T("game.frontline")); !strings.Contains(r.EmbedText(), want) {
			t.Fatalf("/league in %s: %q, want %q", lang, r.EmbedText(), want)
		}
	}
	opts := map[string]any{"format": "swiss", "deadline": "loss_to_mover", "rounds": 2, "round_days": 1, "turn_timeout": 1}
	r := w.expect(w.srv.Slash(admin, w.ch, w.guild, "league create trenches", opts, "en-US"))
	msg := r.Message
	if !strings.Contains(r.EmbedText(), "League: Trenches of Valor") {
		t.Fatalf("/league create: %q", r.EmbedText())
	}
	for _, u := range []discordtest.User{admin, w.bob, w.eve} {
		msg = w.expect(w.srv.Click(u, &msg, mustButton(t, &msg, ":join"))).Message
	}
	if !strings.Contains(msg.EmbedText(), "Players (3)") {
		t.Fatalf("after three joins: %q", msg.EmbedText())
	}
	w.expect(w.srv.Click(admin, &msg, mustButton(t, &msg, ":start")))
	if _, err := w.srv.WaitMessage(w.ctx(), w.ch, func(m *discordtest.Message) bool {
		return strings.Contains(m.Content, "round 1 of 2")
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
	for _, u := range []discordtest.User{admin, w.bob, w.eve} {
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
	if games != 2 {
		t.Fatalf("%d league threads, want one game in each of two rounds", games)
	}
	w.noProblems()
}
