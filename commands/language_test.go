package commands

import (
	"context"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/data"
)

func TestTableLanguage(t *testing.T) {
	for _, c := range []struct {
		name                               string
		option, setting, guildLocale, host string
		want                               string
	}{
		{"en-US server, Polish host", "", "", "en-US", "pl", "pl"},
		{"en-US server, Russian host", "", "", "en-US", "ru", "ru"},
		{"en-US server, British host", "", "", "en-US", "en-GB", "en"},
		{"en-US server, German host", "", "", "en-US", "de", "en"},
		{"en-US server, Ukrainian host", "", "", "en-US", "uk", "en"},
		{"Polish Community server, Russian host", "", "", "pl", "ru", "pl"},
		{"Russian Community server, Polish host", "", "", "ru", "pl", "ru"},
		{"en-GB Community server, Polish host", "", "", "en-GB", "pl", "en"},
		{"German Community server, Polish host", "", "", "de", "pl", "pl"},
		{"no guild locale, Polish host", "", "", "", "pl", "pl"},
		{"setting over guild locale and host", "", "ru", "pl", "pl", "ru"},
		{"setting en over Polish host", "", "en", "en-US", "pl", "en"},
		{"/play language wins over all", "ru", "pl", "pl", "pl", "ru"},
		{"/play language en wins over all", "en", "ru", "ru", "pl", "en"},
		{"nothing known", "", "", "", "", "en"},
	} {
		if got := tableLanguage(c.option, c.setting, c.guildLocale, c.host); got != c.want {
			t.Errorf("%s: got %s, want %s", c.name, got, c.want)
		}
	}
}

func playReq(u User, locale, guildLocale string, opts map[string]string) Request {
	o := map[string]string{"game": "race"}
	for k, v := range opts {
		o[k] = v
	}
	return Request{Kind: SlashCommand, User: u, Command: "play", Options: o, Locale: locale, GuildLocale: guildLocale}
}

func (h *harness) tableLocale() string {
	h.t.Helper()
	tb, err := h.store.ByChannel(context.Background(), "c")
	if err != nil {
		h.t.Fatal(err)
	}
	return tb.Locale
}

// A Polish host in an ordinary (en-US) server gets a Polish table; its
// public lobby says so, while private replies follow each player.
func TestPolishHostInEnglishServer(t *testing.T) {
	h := newHarness(t)
	r := h.do(playReq(ann, "pl", "en-US", nil))
	lobby := r.Reply.Message
	if r.Reply.Kind != replyNew || !strings.Contains(text(lobby), "czekamy na graczy") || !strings.Contains(text(lobby), "Język: polski") {
		t.Fatalf("lobby not Polish: %q", text(lobby))
	}
	if h.tableLocale() != "pl" {
		t.Fatalf("table locale %q", h.tableLocale())
	}
	// An English player's private reply is English; the lobby they
	// update stays Polish.
	leave := buttons(lobby)["Opuść stół"]
	if leave == "" {
		t.Fatalf("no Polish Leave button: %v", buttons(lobby))
	}
	p := h.do(Request{Kind: Component, User: eve, CustomID: leave, MessageID: h.lobby, Locale: "en-US", GuildLocale: "en-US"})
	if p.Reply.Kind != ReplyPrivate || !strings.Contains(text(p.Reply.Message), "You have no seat") {
		t.Fatalf("private reply to an English user: %v %q", p.Reply.Kind, text(p.Reply.Message))
	}
	j := h.do(Request{Kind: Component, User: bob, CustomID: buttons(lobby)["Dołącz"], MessageID: h.lobby, Locale: "en-GB", GuildLocale: "en-US"})
	if j.Reply.Kind != ReplyUpdate || !strings.Contains(text(j.Reply.Message), "Język: polski") {
		t.Fatalf("lobby after an English user joined: %q", text(j.Reply.Message))
	}
	// /game abandon announces in the table's language, not the admin's.
	a := h.do(Request{Kind: SlashCommand, User: eve, Command: "game", Subcommand: "abandon", Locale: "ru", GuildLocale: "en-US", CanManageGuild: true})
	if !strings.Contains(text(a.Reply.Message), "Завершить эту игру") {
		t.Fatalf("abandon question in the admin's language: %q", text(a.Reply.Message))
	}
	a = h.do(Request{Kind: Component, User: eve, CustomID: buttons(a.Reply.Message)["Прервать игру"], MessageID: "ephemeral", OnPrivateMessage: true, Locale: "ru", GuildLocale: "en-US", CanManageGuild: true})
	if len(a.Posts) == 0 || !strings.Contains(a.Posts[0].Message.Content, "Stół porzuca") {
		t.Fatalf("abandon notice: %+v", a)
	}
}

func TestPlayLanguageOption(t *testing.T) {
	h := newHarness(t)
	if err := h.store.SetGuildSettings(t.Context(), "g", data.GuildSettings{Locale: "pl"}); err != nil {
		t.Fatal(err)
	}
	r := h.do(playReq(ann, "pl", "pl", map[string]string{OptLanguage: "ru"}))
	if !strings.Contains(text(r.Reply.Message), "ждём игроков") || !strings.Contains(text(r.Reply.Message), "Язык: русский") || h.tableLocale() != "ru" {
		t.Fatalf("language:ru lobby %q, table %q", text(r.Reply.Message), h.tableLocale())
	}
	// A forged value is refused before anything is stored.
	h2 := newHarness(t)
	bad := h2.do(playReq(ann, "en-US", "en-US", map[string]string{OptLanguage: "de"}))
	if bad.Reply.Kind != ReplyPrivate || !strings.Contains(text(bad.Reply.Message), "Unknown language de") {
		t.Fatalf("language:de answered %v %q", bad.Reply.Kind, text(bad.Reply.Message))
	}
	if _, err := h2.store.ByChannel(t.Context(), "c"); err == nil {
		t.Fatal("a table was opened with an unknown language")
	}
}

func settingsReq(u User, locale string, admin bool, opts map[string]string) Request {
	return Request{Kind: SlashCommand, User: u, Command: "settings", Options: opts, Locale: locale, GuildLocale: "en-US", CanManageGuild: admin}
}

func TestSettingsCommand(t *testing.T) {
	h := newHarness(t)
	check := func(name string, r result, want string) {
		t.Helper()
		if r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), want) {
			t.Fatalf("%s: %v %q, want %q", name, r.Reply.Kind, text(r.Reply.Message), want)
		}
	}
	check("not an admin", h.do(settingsReq(bob, "en-US", false, map[string]string{OptLanguage: "ru"})), "Only members with Manage Server")
	if gs, _ := h.store.GuildSettings(t.Context(), "g"); gs.Locale != "" {
		t.Fatalf("a non-admin changed the setting: %+v", gs)
	}
	check("show, unset", h.do(settingsReq(ann, "en-US", true, map[string]string{})), "/settings language")
	// The admin reads the answer in their own language (Polish), about Russian.
	check("set ru", h.do(settingsReq(ann, "pl", true, map[string]string{OptLanguage: "ru"})), "Język nowych stołów na tym serwerze: rosyjski")
	check("show, ru", h.do(settingsReq(ann, "en-GB", true, map[string]string{})), "new tables on this server: Russian")
	check("bad value", h.do(settingsReq(ann, "en-US", true, map[string]string{OptLanguage: "xx"})), "Unknown language xx")

	// A Polish host now opens a Russian table: the server's choice comes
	// before the host's locale.
	r := h.do(playReq(bob, "pl", "en-US", nil))
	if !strings.Contains(text(r.Reply.Message), "Язык: русский") || h.tableLocale() != "ru" {
		t.Fatalf("table after /settings language:ru: %q", text(r.Reply.Message))
	}
	// Changing the setting does not change the open table.
	check("auto", h.do(settingsReq(ann, "ru", true, map[string]string{OptLanguage: "auto"})), "основной язык сервера")
	if gs, _ := h.store.GuildSettings(t.Context(), "g"); gs.Locale != "" {
		t.Fatalf("auto kept %+v", gs)
	}
	if h.tableLocale() != "ru" {
		t.Fatalf("open table changed language to %q", h.tableLocale())
	}
	// Settings are per server.
	other := settingsReq(ann, "en-US", true, map[string]string{OptLanguage: "pl"})
	other.GuildID = "g2"
	h.do(other)
	if gs, _ := h.store.GuildSettings(t.Context(), "g"); gs.Locale != "" {
		t.Fatalf("another server's setting leaked: %+v", gs)
	}
	// Not in DMs.
	dm := settingsReq(ann, "en-US", true, map[string]string{OptLanguage: "pl"})
	if r := h.svc.Handle(t.Context(), dm); r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "server channels") {
		t.Fatalf("settings in a DM: %q", text(r.Reply.Message))
	}
}

func TestLanguageCommands(t *testing.T) {
	cmds := Tree(testMods.Engines())
	var play, settings *discordgo.ApplicationCommand
	for _, c := range cmds {
		switch c.Name {
		case "play":
			play = c
		case "settings":
			settings = c
		}
	}
	if settings == nil || settings.DefaultMemberPermissions == nil || *settings.DefaultMemberPermissions != discordgo.PermissionManageGuild {
		t.Fatalf("/settings must default to Manage Server: %+v", settings)
	}
	values := func(o *discordgo.ApplicationCommandOption) string {
		var v []string
		for _, c := range o.Choices {
			v = append(v, c.Value.(string)+"="+c.Name)
		}
		return strings.Join(v, ",")
	}
	var found bool
	for _, o := range play.Options[0].Options { // /play <first game>
		if o.Name == OptLanguage {
			found = true
			if o.Required || values(o) != "en=English,pl=Polski,ru=Русский" {
				t.Fatalf("/play language: required=%v %s", o.Required, values(o))
			}
			if o.DescriptionLocalizations[discordgo.Polish] == "" || o.NameLocalizations[discordgo.Russian] != "язык" {
				t.Fatalf("/play language not localized: %+v", o)
			}
		}
	}
	if !found {
		t.Fatal("/play has no language option")
	}
	if len(settings.Options) != 2 || settings.Options[1].Name != OptLeagueRole || values(settings.Options[0]) != "en=English,pl=Polski,ru=Русский,auto=Automatic (server or host language)" {
		t.Fatalf("/settings options: %s", values(settings.Options[0]))
	}
	if (*settings.NameLocalizations)[discordgo.Polish] != "ustawienia" {
		t.Fatalf("/settings name localizations %v", settings.NameLocalizations)
	}
}
