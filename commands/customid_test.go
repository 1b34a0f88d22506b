package commands

import (
	"errors"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/games"
)

func TestCustomIDRoundTrip(t *testing.T) {
	for _, c := range []CustomID{
		{Table: "1a", Version: 7, Kind: KindAction, Action: games.Act("balloon", 2, -1)},
		{Table: "z", Version: 0, Kind: KindLobby, Payload: "join"},
		{Table: "abc", Version: 123456789, Kind: KindMyView},
		{Table: "abc", Version: 5, Kind: KindUndo},
		{Table: "abc", Version: 3, Kind: KindSelect, Payload: "2"},
		{Table: "abc", Version: 3, Kind: KindVote, Payload: "4"},
		{Table: "abc", Version: 3, Kind: KindVote, Payload: "go"},
	} {
		s, err := c.Encode()
		if err != nil {
			t.Fatal(err)
		}
		got, err := ParseCustomID(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if got.Table != c.Table || got.Version != c.Version || got.Kind != c.Kind || !got.Action.Equal(c.Action) {
			t.Fatalf("%s -> %+v", s, got)
		}
	}
}

func TestCustomIDRejects(t *testing.T) {
	for _, s := range []string{"", "w1", "w1:a:1", "w2:a:1:h", "w1:A:1:h", "w1:a:-1:h", "w1:a:01:h",
		"w1:a:1:z", "w1:a:1:x:extra", "w1:a:1:l:dance", "w1:a:1:a:", "w1:a:1:a:Take", "w1:a:1:h:extra", "w1:a:1:s:9",
		"w1:a:1:v", "w1:a:1:v:10", "w1:a:1:v:pz", "w1:a:1:v:-1", "w1:a:1:v:01", "w1:a:1:v:stop",
		"w1:" + strings.Repeat("a", 14) + ":1:h", "w1:a:1:a:" + strings.Repeat("x", 100)} {
		if _, err := ParseCustomID(s); !errors.Is(err, ErrBadCustomID) {
			t.Errorf("%q: %v", s, err)
		}
	}
}

func FuzzParseCustomID(f *testing.F) {
	for _, s := range []string{"w1:1:0:a:roll", "w1:ab:12:l:join", "w1:1:1:s:1", "w1:1:1:a:take.7.-1", ":::", "w1:1:1:a:a b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCustomID(s)
		if err != nil {
			return
		}
		enc, err := c.Encode()
		if err != nil {
			t.Fatalf("%q parsed but does not encode: %v", s, err)
		}
		c2, err := ParseCustomID(enc)
		if err != nil || c2.Table != c.Table || c2.Version != c.Version || c2.Kind != c.Kind || !c2.Action.Equal(c.Action) {
			t.Fatalf("%q -> %q -> %+v %v", s, enc, c2, err)
		}
	})
}

// TestPlayHasASubcommandPerGame: /play <game> carries that game's own
// options, typed, with their own descriptions and choices.
func TestPlayHasASubcommandPerGame(t *testing.T) {
	var play *discordgo.ApplicationCommand
	for _, c := range Tree(testMods.Engines()) {
		if c.Name == "play" {
			play = c
		}
	}
	subs := map[string]*discordgo.ApplicationCommandOption{}
	for _, o := range play.Options {
		if o.Type != discordgo.ApplicationCommandOptionSubCommand {
			t.Fatalf("/play option %s is not a subcommand", o.Name)
		}
		subs[o.Name] = o
	}
	for _, e := range testMods.Engines() {
		if testGames[e.Info().ID] {
			continue // this package's test games have no catalogue
		}
		sub := subs[e.Info().ID]
		if sub == nil {
			t.Fatalf("no /play %s", e.Info().ID)
		}
		for _, spec := range e.Info().Options {
			var opt *discordgo.ApplicationCommandOption
			for _, o := range sub.Options {
				if o.Name == spec.Key {
					opt = o
				}
			}
			if opt == nil || strings.HasPrefix(opt.Description, "Game option") {
				t.Errorf("/play %s %s: missing or undescribed: %+v", e.Info().ID, spec.Key, opt)
				continue
			}
			want := map[games.OptionKind]discordgo.ApplicationCommandOptionType{games.OptionInt: discordgo.ApplicationCommandOptionInteger,
				games.OptionBool: discordgo.ApplicationCommandOptionBoolean, games.OptionString: discordgo.ApplicationCommandOptionString}[spec.Kind]
			if opt.Type != want {
				t.Errorf("/play %s %s has type %v", e.Info().ID, spec.Key, opt.Type)
			}
			if len(spec.Choices) > 0 && len(spec.Choices) <= 25 && len(opt.Choices) != len(spec.Choices) {
				t.Errorf("/play %s %s offers %d of %d choices", e.Info().ID, spec.Key, len(opt.Choices), len(spec.Choices))
			}
		}
	}
}

func TestLogSafeDropsThePayload(t *testing.T) {
	for in, want := range map[string]string{"w1:1:5:a:place.3.12.1": "w1:1:5:a", "w1:1:5:h": "w1:1:5:h", "junk": "(malformed)"} {
		if got := LogSafe(in); got != want {
			t.Errorf("LogSafe(%q) = %q", in, got)
		}
	}
}

// The answers that must be private are known before the answer exists:
// a slow command is deferred with that visibility, which Discord keeps.
func TestPrivateCommand(t *testing.T) {
	cases := []struct {
		req  Request
		want bool
	}{
		{Request{Kind: SlashCommand, Command: "game", Subcommand: "rules"}, true},
		{Request{Kind: SlashCommand, Command: "settings"}, true},
		{Request{Kind: SlashCommand, Command: "game", Subcommand: "status"}, false},
		{Request{Kind: SlashCommand, Command: "game", Subcommand: "abandon"}, true},
		{Request{Kind: SlashCommand, Command: "game", Subcommand: "handover"}, false},
		{Request{Kind: SlashCommand, Command: "play"}, false},
		{Request{Kind: Component, Command: "settings"}, false},
	}
	for _, c := range cases {
		if got := PrivateCommand(c.req); got != c.want {
			t.Errorf("%+v: private %v, want %v", c.req, got, c.want)
		}
	}
}

// A form's custom_id names its action without typed text: a quote (a
// text smuggled into the custom_id) is refused.
func TestFormCustomID(t *testing.T) {
	id, err := CustomID{Table: "ab", Version: 3, Kind: KindForm, Action: games.Act("platoon", 2)}.Encode()
	if err != nil || id != "w1:ab:3:t:platoon.2" {
		t.Fatalf("%q %v", id, err)
	}
	if c, err := ParseCustomID(id); err != nil || c.Kind != KindForm || !c.Action.Equal(games.Act("platoon", 2)) {
		t.Fatalf("%+v %v", c, err)
	}
	for _, bad := range []string{`w1:ab:3:t:platoon.2."x"`, `w1:ab:3:t:platoon.2 "x"`, `w1:ab:3:a:platoon."x"`, "w1:ab:3:t:", "w1:ab:3:t:platoon.x"} {
		if _, err := ParseCustomID(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if !OpensForm(Request{Kind: Component, CustomID: id}) || OpensForm(Request{Kind: ModalSubmit, CustomID: id}) || OpensForm(Request{Kind: Component, CustomID: "w1:ab:3:a:platoon.2"}) {
		t.Fatal("OpensForm")
	}
}
