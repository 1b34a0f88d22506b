package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strings"
)

// errHelp: the help was printed; the command exits 0.
var errHelp = errors.New("help shown")

// helpRequest is -h on a command: runMain prints the command's help (what
// it does, what it reads, an example, its flags) on standard output.
type helpRequest struct{ fs *flag.FlagSet }

func (helpRequest) Error() string { return "help requested" }

// usageError is a command line warroom refuses: one line naming what is
// wrong and what it takes, then the help topic that says more.
type usageError struct{ msg, topic string }

func (e *usageError) Error() string { return e.msg }

// parse parses a command's flags. The FlagSet's name is its help topic
// ("export", "play flanders"). Go's own messages (an error, then the whole
// flag list) are replaced by a usageError or a helpRequest.
func parse(fs *flag.FlagSet, args []string) error {
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		return helpRequest{fs}
	}
	if err != nil {
		return flagError(fs, err)
	}
	return nil
}

// goFlagError matches the errors of Go's flag package (src/flag/flag.go,
// parseOne), which carry the flag's name only in their text: undefined,
// missing argument, bad value (with the Set error after the name), bad
// syntax.
var goFlagError = regexp.MustCompile(`^(?:flag provided but not defined: -(?P<undefined>.+)` +
	`|flag needs an argument: -(?P<missing>.+)` +
	`|invalid (?:boolean )?value (?P<value>".*") for (?:flag )?-(?P<bad>[^:]+): (?P<why>.*)` +
	`|bad flag syntax: (?P<syntax>.*))$`)

// flagError is a usageError for one of Go's flag errors.
func flagError(fs *flag.FlagSet, err error) error {
	m := goFlagError.FindStringSubmatch(err.Error())
	if m == nil {
		return &usageError{err.Error(), fs.Name()}
	}
	get := func(name string) string { return m[goFlagError.SubexpIndex(name)] }
	switch {
	case get("undefined") != "":
		return &usageError{fmt.Sprintf("%s has no flag --%s", fs.Name(), get("undefined")), fs.Name()}
	case get("missing") != "":
		return &usageError{fmt.Sprintf("--%s needs a value: %s", get("missing"), takes(fs.Lookup(get("missing")), "")), fs.Name()}
	case get("bad") != "":
		return &usageError{fmt.Sprintf("--%s %s: %s", get("bad"), get("value")[1:len(get("value"))-1], takes(fs.Lookup(get("bad")), get("why"))), fs.Name()}
	}
	return &usageError{fmt.Sprintf("%s: not a flag (flags are --name value)", get("syntax")), fs.Name()}
}

// takes says what a flag takes: the Set error of a flag that says so
// itself (game options: "one of ..."), else by its type.
func takes(f *flag.Flag, why string) string {
	if why != "" && why != "parse error" && why != "value out of range" {
		return why
	}
	if f == nil {
		return "a value"
	}
	switch kind, _ := flag.UnquoteUsage(f); kind {
	case "int", "N":
		return "a whole number"
	case "uint":
		return "a whole number, 0 or more"
	case "duration":
		return "a duration such as 90s, 30m or 24h"
	case "":
		return "true or false"
	}
	return "a value"
}

// printHelp is a command's help: its paragraph, then its flags.
func printHelp(w io.Writer, fs *flag.FlagSet) {
	topic := fs.Name()
	if game, ok := strings.CutPrefix(topic, "play "); ok {
		playGameHelp(w, game)
	} else {
		fmt.Fprintf(w, "%s\n", strings.TrimSpace(commandHelp[topic]))
	}
	fmt.Fprintln(w, "\nFlags:")
	fs.SetOutput(w)
	fs.PrintDefaults()
}

// commandHelp is one paragraph per command: what it does, what it reads,
// an example (`warroom play` has its own, per game: playGameHelp).
var commandHelp = map[string]string{
	"replay": `Usage: warroom replay [--actions A,B] <file.json>

Sets up or loads a table and applies actions to it, as the bot would, then
prints the result as JSON: each step's outcome, the events, the views and
the final state. It reads one JSON file (a rules case, or a table from
warroom export --include-hidden; - reads standard input). Example:
  warroom replay case.json`,
	"run": runHelp("run", `Runs the Discord bot over the gateway until Ctrl+C (SIGINT or SIGTERM).
It reads its token from DISCORD_TOKEN, and WARROOM_DB, DISCORD_GUILD_ID,
WARROOM_HTTP, WARROOM_SHARDS, WARROOM_LOG_FORMAT, WARROOM_LOG_LEVEL and
WARROOM_DEV_DISCORD_API as the defaults of the flags below. Example:
  DISCORD_TOKEN=... warroom run --db warroom.db --guild 123456789012345678`),
	"serve": runHelp("serve", `Runs the bot on Discord's Interactions Endpoint URL: Discord POSTs each
interaction to /interactions on --http (behind a TLS proxy), with no
gateway connection. It reads DISCORD_TOKEN and DISCORD_PUBLIC_KEY, and
WARROOM_DB, DISCORD_GUILD_ID, WARROOM_HTTP, WARROOM_LOG_FORMAT,
WARROOM_LOG_LEVEL and WARROOM_DEV_DISCORD_API as the defaults of the flags
below. Example:
  DISCORD_TOKEN=... DISCORD_PUBLIC_KEY=... warroom serve --http 127.0.0.1:8080`),
	"export": `Usage: warroom export (--table ID | --channel ID) [flags]

Prints a stored table and its action log as JSON, for a bug report or
warroom replay. It reads the database (--db, or WARROOM_DB); a live
table's hidden information is left out unless --include-hidden. Example:
  warroom export --db warroom.db --table 42 > table-42.json`,
	"verify": `Usage: warroom verify [--commit HEX] [--table ID] <export.json>

Checks an ended game's dice: it replays the export from its revealed seed
and checks the seed against the commitment the lobby message showed. It
reads an export file (warroom export), - for standard input, or with
--table an archive file (warroom archive). Example:
  warroom verify --commit 3f2a... table-42.json`,
	"backup": `Usage: warroom backup --out FILE [--db FILE]

Writes a consistent copy of the database file, with the bot stopped. It
reads the bbolt file --db (or WARROOM_DB) and writes a new file (a
PostgreSQL database is backed up with pg_dump). Example:
  warroom backup --db warroom.db --out warroom-2026-11-28.db`,
	"repair": `Usage: warroom repair --out FILE [--db FILE]

Salvages the readable tables of a damaged database into a new file and
says what it kept and what it lost. It only reads the damaged file --db
(or WARROOM_DB). Example:
  warroom repair --db warroom.db --out repaired.db`,
	"archive": `Usage: warroom archive --before AGE|DATE --out FILE.jsonl [--db FILE]

Moves finished and abandoned tables last written before --before out of
the database into a JSON-lines file, one export per line (appended to if
it exists). It reads --db (or WARROOM_DB): a bbolt file with the bot
stopped, or a PostgreSQL URL. Example:
  warroom archive --before 90d --out archive.jsonl`,
	"backfill": `Usage: warroom backfill [--db FILE]

Records the results of finished games that have none, because they ended
before warroom kept results: worked out from each table's final state and
log, oldest first, and counted into the standings and the server's totals.
Run it once after upgrading; a second run finds them recorded and changes
nothing. Archived tables are not in the database any more and are not
counted. It reads --db (or WARROOM_DB): a bbolt file with the bot stopped,
or a PostgreSQL URL (also while the bot runs). Example:
  warroom backfill --db warroom.db`,
	"compact": `Usage: warroom compact --out FILE [--db FILE]

Writes a compacted copy of a bbolt database file, to give back the space
archive freed. It only reads --db (or WARROOM_DB). Example:
  warroom compact --db warroom.db --out compacted.db`,
}

// runHelp is the paragraph of run and serve under their usage line.
func runHelp(mode, text string) string {
	return fmt.Sprintf("Usage: warroom %s [flags]\n\n%s", mode, text)
}

// helpTopic is `warroom help <command>`: the command's help on w.
func helpTopic(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	switch args[0] {
	case "help", "-h", "--help":
		fmt.Fprint(stdout, topUsage())
		return 0
	case "play":
		return runMain(append(args[:len(args):len(args)], "-h"), stdin, stdout, stderr)
	}
	if _, ok := commandHelp[args[0]]; !ok {
		fmt.Fprintf(stderr, "warroom: no help on %q\n%s", args[0], topUsage())
		return 2
	}
	return runMain([]string{args[0], "-h"}, stdin, stdout, stderr)
}
