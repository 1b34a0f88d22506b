package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/warroom/warroom/render/i18n"
)

// TestCLIInput is issue 30's "CLI input" table, a row each: a refused
// command line is one line naming the flag and what it takes, then the
// help topic, never Go's flag message and usage nor an internal prefix.
func TestCLIInput(t *testing.T) {
	refused := func(line, topic string) func(t *testing.T, out, errs string, code int) {
		return func(t *testing.T, out, errs string, code int) {
			want := "warroom: " + line + "\nsee: warroom help " + topic + "\n"
			if code != 2 || errs != want {
				t.Errorf("code %d, stderr\n%s\nwant\n%s", code, errs, want)
			}
		}
	}
	for _, c := range []struct {
		name  string
		args  []string
		stdin string
		check func(t *testing.T, out, errs string, code int)
	}{
		{"lang de", []string{"play", "flanders", "--lang", "de", "--bots", "2"}, "",
			refused("language de: one of en, pl, ru", "play flanders")},
		{"game name in capitals", []string{"play", "Flanders", "--bots", "2", "--seed", "3", "--quiet"}, "",
			func(t *testing.T, out, errs string, code int) {
				if code != 0 || !strings.Contains(out, "Game over after") {
					t.Errorf("code %d %s", code, errs)
				}
			}},
		{"mission foo", []string{"play", "fow", "--mission", "foo"}, "",
			refused("--mission foo: one of random, free_for_all, encounter, dust_up, no_retreat, hold_the_line, pincer, surrounded, fighting_withdrawal, hasty_attack, cauldron, breakthrough, counterattack, no_mans_land, rearguard", "play fow")},
		{"option mission=foo", []string{"play", "fow", "--option", "mission=foo"}, "",
			refused("--option mission=foo: mission is one of random, free_for_all, encounter, dust_up, no_retreat, hold_the_line, pincer, surrounded, fighting_withdrawal, hasty_attack, cauldron, breakthrough, counterattack, no_mans_land, rearguard", "play fow")},
		{"scenario 9", []string{"play", "trenches", "--scenario", "9", "--bots", "2"}, "",
			refused("--scenario 9: a number from 1 to 6", "play trenches")},
		{"bots x", []string{"play", "flanders", "--bots", "x"}, "", refused("--bots x: a whole number, 0 or more", "play flanders")},
		{"seed abc", []string{"play", "flanders", "--seed", "abc"}, "", refused("--seed abc: a whole number, 0 or more", "play flanders")},
		{"nope", []string{"play", "flanders", "--nope"}, "", refused("play flanders has no flag --nope", "play flanders")},
		{"bots without a value", []string{"play", "flanders", "--bots"}, "", refused("--bots needs a value: a whole number", "play flanders")},
		{"export nope", []string{"export", "--nope"}, "", refused("export has no flag --nope", "export")},
		{"run duration", []string{"run", "--timer-interval", "5"}, "", refused("--timer-interval 5: a duration such as 90s, 30m or 24h", "run")},
		{"unknown game", []string{"play", "chess"}, "", refused(`no game "chess": one of blindaz, flanders, fow, frontline, trenches`, "play")},
		{"too many bots", []string{"play", "flanders", "--bots", "5", "--seats", "2"}, "", refused("--bots 5: more than the 2 seats", "play flanders")},
		{"empty line", []string{"play", "flanders", "--seed", "3"}, "\nq\n",
			func(t *testing.T, out, errs string, code int) {
				if code != 0 || strings.Contains(out, "not a choice") || strings.Count(out, "1. Roll") != 2 {
					t.Errorf("an empty line does not show the choices again: code %d %s\n%s", code, errs, out)
				}
			}},
		{"help help", []string{"help", "help"}, "",
			func(t *testing.T, out, errs string, code int) {
				if code != 0 || !strings.HasPrefix(out, "warroom - ") {
					t.Errorf("code %d %s", code, out)
				}
			}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, errs, code := run(t, c.stdin, c.args...)
			c.check(t, out, errs, code)
		})
	}
}

// TestHelpPlayFitsTheGame: `help play <game>` shows no sentinel default,
// its examples name only the game's own options, and the terminal's
// seat 1 is no lobby host.
func TestHelpPlayFitsTheGame(t *testing.T) {
	example := regexp.MustCompile(`--option ([a-z_]+)=|warroom play [a-z]+ --([a-z_]+)`)
	for _, g := range gameIDs() {
		out, errs, code := run(t, "", "help", "play", g)
		if code != 0 || errs != "" || !strings.HasPrefix(out, "Usage: warroom play "+g+" [flags]\n\n") {
			t.Fatalf("%s: code %d %s\n%s", g, code, errs, out)
		}
		if strings.Contains(out, "(default -") || strings.Contains(out, "host") {
			t.Errorf("%s: a sentinel default or a host:\n%s", g, out)
		}
		eng, _ := lookupGame(g)
		ms := example.FindAllStringSubmatch(out, -1)
		if len(ms) < 2 {
			t.Errorf("%s: no option examples:\n%s", g, out)
		}
		for _, m := range ms {
			key := m[1] + m[2]
			if _, ok := eng.Info().Option(key); !ok && key != "bots" {
				t.Errorf("%s: the example --%s is not an option of the game", g, key)
			}
		}
	}
}

// TestHelpCommands: `help <command>` is a paragraph on standard output
// (what it does, what it reads, an example), then the flags; run and
// serve name the environment they read.
func TestHelpCommands(t *testing.T) {
	env := map[string][]string{
		"run":   {"DISCORD_TOKEN", "WARROOM_DB", "DISCORD_GUILD_ID", "WARROOM_HTTP", "WARROOM_SHARDS", "WARROOM_LOG_FORMAT", "WARROOM_LOG_LEVEL"},
		"serve": {"DISCORD_TOKEN", "DISCORD_PUBLIC_KEY", "WARROOM_DB", "WARROOM_HTTP"},
	}
	for _, cmd := range []string{"replay", "run", "serve", "export", "verify", "backup", "repair", "archive", "compact"} {
		out, errs, code := run(t, "", "help", cmd)
		if code != 0 || errs != "" {
			t.Fatalf("%s: code %d %s", cmd, code, errs)
		}
		para, flags, ok := strings.Cut(out, "\n\nFlags:\n")
		if !ok || !strings.HasPrefix(para, "Usage: warroom "+cmd) || !strings.Contains(para, "reads") ||
			!strings.Contains(para, "Example:\n  ") || !strings.Contains(flags, "  -") {
			t.Errorf("%s: not a paragraph (what, reads, example) and flags:\n%s", cmd, out)
		}
		for _, v := range env[cmd] {
			if !strings.Contains(para, v) {
				t.Errorf("%s: does not name %s", cmd, v)
			}
		}
	}
	// The top-level usage ends its last line, and no command prints
	// Go's "Usage of" heading.
	for _, args := range [][]string{{"help"}, {}, {"export", "-h"}} {
		out, errs, _ := run(t, "", args...)
		if all := out + errs; !strings.HasSuffix(all, "\n") || strings.Contains(all, "Usage of") {
			t.Errorf("%v: %q", args, all)
		}
	}
}

// TestDBFlagShared: every command that opens the store takes --db, whose
// default is WARROOM_DB, and says so in its help.
func TestDBFlagShared(t *testing.T) {
	t.Setenv("WARROOM_DB", "/nowhere/shared.db")
	for _, cmd := range []string{"run", "serve", "export", "backup", "repair", "archive", "compact", "backfill"} {
		out, errs, code := run(t, "", "help", cmd)
		if code != 0 || errs != "" {
			t.Fatalf("%s: code %d %s", cmd, code, errs)
		}
		_, flags, _ := strings.Cut(out, "\n\nFlags:\n")
		_, db, ok := strings.Cut(flags, "  -db string\n")
		db, _, _ = strings.Cut(db, "\n")
		if !ok || !strings.Contains(db, " (env WARROOM_DB)") || !strings.HasSuffix(db, ` (default "/nowhere/shared.db")`) {
			t.Errorf("%s: --db is not the shared flag: %q", cmd, db)
		}
	}
}

// TestPlayBotsTranscript: watching two computers, each move's public
// events are printed as the board's log says them (dice, hits,
// positions), in the table's language; the final board's log lines all
// appeared in the transcript as they happened.
func TestPlayBotsTranscript(t *testing.T) {
	for lang, rolled := range map[string]string{"en": " rolled ", "pl": " rzuca ", "ru": " бросает "} {
		out, errs, code := run(t, "", "play", "flanders", "--bots", "2", "--seed", "3", "--lang", lang)
		if code != 0 {
			t.Fatalf("%s: code %d %s", lang, code, errs)
		}
		transcript, board, ok := strings.Cut(out, "\n== ")
		transcript += "\n"
		if !ok || !regexp.MustCompile(`(?m)^    \S+ \d+`+rolled+`\d·\d·\d`).MatchString(transcript) {
			t.Errorf("%s: no dice in the transcript:\n%s", lang, transcript[:min(len(transcript), 600)])
		}
		logPart := board[strings.LastIndex(board, "\n# ")+1:]
		for _, line := range strings.Split(logPart, "\n")[1:] {
			if line == "" {
				break
			}
			if !strings.HasPrefix(line, "—") && !strings.Contains(transcript, "    "+line+"\n") {
				t.Errorf("%s: the board's log line %q is not in the transcript", lang, line)
			}
		}
	}
}

// TestPlayBotsTranscriptKeepsSecrets: a computer's choice is printed
// only where its menu would be public on Discord; Frontline's secret
// battle declaration names no front.
func TestPlayBotsTranscriptKeepsSecrets(t *testing.T) {
	out, errs, code := run(t, "", "play", "frontline", "--bots", "2", "--seed", "1")
	if code != 0 {
		t.Fatalf("code %d %s", code, errs)
	}
	if !strings.Contains(out, "declared a battle (front secret)") {
		t.Errorf("the secret declaration is not told:\n%s", out[:min(len(out), 2000)])
	}
	if m := regexp.MustCompile(`Declare battle on front \S+ \(secret\)`).FindString(out); m != "" {
		t.Errorf("the transcript shows a secret choice: %s", m)
	}
}

// TestCLICatalogueComplete: the terminal's lines are in English, Polish
// and Russian, with every plural form.
func TestCLICatalogueComplete(t *testing.T) {
	for _, p := range i18n.Problems("cli.") {
		t.Error(p)
	}
}
