package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/commands"
)

// A Polish host on an ordinary server (guild_locale en-US, as every
// non-Community server sends) gets Polish public messages; an English
// player still reads their private replies in English.
func TestE2EPolishHostInEnglishServer(t *testing.T) {
	w := newWorld(t)
	w.extraFlags = []string{"--no-images"}
	w.startBot()
	r := w.expect(w.srv.Slash(w.ann, w.ch, w.guild, "play flanders", nil, "pl"))
	if txt := r.EmbedText(); !strings.Contains(txt, "czekamy na graczy") || !strings.Contains(txt, "Język: polski") {
		t.Fatalf("lobby is not Polish: %q", txt)
	}
	lobby := r.Message
	// Eve (English client) is not seated: her private answer is English.
	p := w.expect(w.srv.ClickLabel(w.eve, &lobby, "Opuść stół"))
	if txt := privateText(p); !strings.Contains(txt, "You have no seat at this table") {
		t.Fatalf("private reply to an English user: %q", txt)
	}
	lobby = w.expect(w.srv.ClickLabel(w.bob, &lobby, "Dołącz")).Message
	if txt := lobby.EmbedText(); !strings.Contains(txt, "Język: polski") || !strings.Contains(txt, w.bob.Mention()) {
		t.Fatalf("lobby after an English player joined: %q", txt)
	}
	started := w.expect(w.srv.ClickLabel(w.ann, &lobby, "Rozpocznij")).Message
	if txt := started.EmbedText(); !strings.Contains(txt, "gra trwa") {
		t.Fatalf("started lobby: %q", txt)
	}
	board := w.board(w.ch)
	if !strings.Contains(board.Content, "twoja tura w grze In Flanders Field") {
		t.Fatalf("the ping is not Polish: %q", board.Content)
	}
	if !strings.Contains(strings.Join(board.ButtonLabels(), ","), "Co się stało") {
		t.Fatalf("board buttons are not Polish: %v", board.ButtonLabels())
	}
	var move string
	for _, b := range board.Buttons() {
		if isAction(b.CustomID) && move == "" {
			move = b.CustomID
		}
	}
	p = w.expect(w.srv.Click(w.eve, board, move))
	if txt := privateText(p); !strings.Contains(txt, "You are not playing at this table") {
		t.Fatalf("private reply on the board to an English user: %q", txt)
	}
	w.noProblems()
}

// An admin sets the server to Russian with /settings; a Polish host's
// co-op table is then Russian: lobby, thread name, link and pings.
func TestE2EServerLanguageSetting(t *testing.T) {
	w := newWorld(t)
	w.extraFlags = []string{"--no-images"}
	w.startBot()
	// An ordinary member does not even see /settings (default_member_permissions).
	if _, err := w.srv.TrySlash(w.bob, w.ch, w.guild, "settings", map[string]any{"language": "pl"}, "en-US"); err == nil {
		t.Fatal("an ordinary member could use /settings")
	}
	admin := w.eve
	admin.Permissions = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages | discordgo.PermissionUseApplicationCommands | discordgo.PermissionManageGuild
	r := w.expect(w.srv.Slash(admin, w.ch, w.guild, "settings", map[string]any{"language": "ru"}, "pl"))
	if txt := privateText(r); !strings.Contains(txt, "Język nowych stołów na tym serwerze: rosyjski") {
		t.Fatalf("settings answer (private, in the admin's Polish): %q / public %q", txt, r.Text())
	}
	if n := len(w.srv.Messages(w.ch)); n != 0 {
		t.Fatalf("/settings left %d public messages", n)
	}

	r = w.expect(w.srv.Slash(w.ann, w.ch, w.guild, "play blindaz", nil, "pl"))
	if txt := r.EmbedText(); !strings.Contains(txt, "ждём игроков") || !strings.Contains(txt, "Язык: русский") {
		t.Fatalf("lobby is not Russian: %q", txt)
	}
	lobby := r.Message
	lobby = w.expect(w.srv.ClickLabel(w.bob, &lobby, "Присоединиться")).Message
	w.expect(w.srv.ClickLabel(w.ann, &lobby, "Начать"))
	th := w.teamThread()
	if name := w.srv.Thread(th).Name; !strings.Contains(name, "стол") {
		t.Fatalf("thread name %q", name)
	}
	var link bool
	for _, m := range w.srv.Messages(w.ch) {
		link = link || strings.Contains(m.Content, "Команда играет в <#"+th+">")
	}
	if !link {
		t.Fatal("no Russian link to the team thread")
	}
	board := w.board(th)
	if !strings.Contains(board.Content, "ваш ход в игре") {
		t.Fatalf("the ping is not Russian: %q", board.Content)
	}
	// "auto" again: the open table keeps Russian.
	r = w.expect(w.srv.Slash(admin, w.ch, w.guild, "settings", map[string]any{"language": "auto"}, "en-US"))
	if txt := privateText(r); !strings.Contains(txt, "Tables already open keep their language") {
		t.Fatalf("auto: %q", txt)
	}
	r = w.expect(w.srv.Slash(w.ann, th, w.guild, "game status", nil, "pl"))
	if labels := strings.Join(r.Message.ButtonLabels(), ","); !strings.Contains(labels, "Что произошло") {
		t.Fatalf("status board after auto: %v", labels)
	}
	w.noProblems()
}

// commandSize counts a command the way Discord limits it: names,
// descriptions and choice names and values, taking for each field the
// longest of its default and localizations
// (developers/interactions/application-commands.mdx "Slash Commands":
// at most 8000 characters).
func commandSize(c *discordgo.ApplicationCommand) int {
	longest := func(def string, loc map[discordgo.Locale]string) int {
		n := len([]rune(def))
		for _, v := range loc {
			n = max(n, len([]rune(v)))
		}
		return n
	}
	deref := func(m *map[discordgo.Locale]string) map[discordgo.Locale]string {
		if m == nil {
			return nil
		}
		return *m
	}
	total := longest(c.Name, deref(c.NameLocalizations)) + longest(c.Description, deref(c.DescriptionLocalizations))
	var walk func([]*discordgo.ApplicationCommandOption)
	walk = func(opts []*discordgo.ApplicationCommandOption) {
		for _, o := range opts {
			total += longest(o.Name, o.NameLocalizations) + longest(o.Description, o.DescriptionLocalizations)
			for _, ch := range o.Choices {
				total += longest(ch.Name, ch.NameLocalizations) + len([]rune(fmt.Sprint(ch.Value)))
			}
			walk(o.Options)
		}
	}
	walk(c.Options)
	return total
}

// With every game linked in, as the binary registers them.
func TestCommandsWithinDiscordLimits(t *testing.T) {
	for _, c := range commands.Tree(modules().Engines()) {
		n := commandSize(c)
		t.Logf("/%s: %d of 8000 characters, %d options", c.Name, n, len(c.Options))
		if n > 8000 || len(c.Options) > 25 {
			t.Errorf("/%s: %d characters, %d options", c.Name, n, len(c.Options))
		}
	}
}
