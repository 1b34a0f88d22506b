// Command warroom hosts trench-war board games on Discord.
//
//	warroom play flanders            a local terminal table (no Discord needed)
//	warroom play flanders --bots 4   computer players play a whole game
//	warroom replay case.json         apply actions to a saved state, print JSON
//	warroom run                      the Discord bot (DISCORD_TOKEN)
//	warroom serve                    the bot on an HTTP interactions endpoint
//	warroom export --table ID        a stored table as JSON, for bug reports
//	warroom verify export.json       check an ended game's dice against its seed
//	warroom backup --out FILE        a consistent copy of the database
//	warroom repair --out FILE        salvage a damaged database into a new file
//	warroom archive --before 90d     move old finished tables into a JSON-lines file
//	warroom compact --out FILE       a compacted copy of the database file
//	warroom backfill                 results of games that ended before stats, once
//
// Configuration comes from flags and environment variables only.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/mattn/go-isatty"
	"github.com/rs/zerolog"
	"github.com/warroom/warroom/data"
)

const usage = `warroom - trench-war board games on Discord

Usage:
  warroom play <game> [flags]     play locally in the terminal (games: %s)
  warroom replay <file.json>      apply actions to a saved table state; prints JSON
  warroom run [flags]             run the Discord bot (needs DISCORD_TOKEN)
  warroom serve [flags]           run it on Discord's Interactions Endpoint URL (HTTP, no gateway)
  warroom export [flags]          print a stored table and its log as JSON
  warroom verify <export.json>    check an ended game's dice against its revealed seed
  warroom backup [flags]          copy the database while the bot is stopped
  warroom repair [flags]          salvage the readable tables of a damaged database
  warroom archive [flags]         move finished tables older than --before into a JSON-lines file
  warroom compact [flags]         write a compacted copy of the database file (after archive)
  warroom backfill [flags]        record the results of games that ended before stats existed (once)
  warroom help <command>          what a command does, what it reads, an example, its flags
`

// topUsage is the usage with the games named.
func topUsage() string { return fmt.Sprintf(usage, strings.Join(gameIDs(), ", ")) }

func main() {
	data.ServeCheck() // a check child exits here; see data/checkchild.go
	os.Exit(runMain(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func runMain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, topUsage())
		return 2
	}
	var err error
	switch args[0] {
	case "play":
		err = cmdPlay(args[1:], stdin, stdout, stderr)
	case "replay":
		err = cmdReplay(args[1:], stdout)
	case "run":
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		err = cmdRun(ctx, args[1:], stderr)
		stop()
	case "serve":
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		err = cmdServe(ctx, args[1:], stderr)
		stop()
	case "export":
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		err = cmdExport(ctx, args[1:], stdout)
		stop()
	case "verify":
		err = cmdVerify(args[1:], stdout)
	case "backup":
		err = cmdBackup(args[1:], stdout)
	case "repair":
		err = cmdRepair(args[1:], stdout)
	case "archive":
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		err = cmdArchive(ctx, args[1:], stdout)
		stop()
	case "compact":
		err = cmdCompact(args[1:], stdout)
	case "backfill":
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		err = cmdBackfill(ctx, args[1:], stdout)
		stop()
	case "help", "-h", "--help":
		if len(args) > 1 {
			return helpTopic(args[1:], stdin, stdout, stderr)
		}
		fmt.Fprint(stdout, topUsage())
		return 0
	default:
		fmt.Fprintf(stderr, "warroom: unknown command %q\n%s", args[0], topUsage())
		return 2
	}
	return exitCode(err, stdout, stderr)
}

// exitCode reports a command's end: help printed (0), a command line
// refused (2: one line, then the help topic), another error (1).
func exitCode(err error, stdout, stderr io.Writer) int {
	var help helpRequest
	var bad *usageError
	switch {
	case errors.As(err, &help):
		printHelp(stdout, help.fs)
		return 0
	case errors.As(err, &bad):
		fmt.Fprintf(stderr, "warroom: %s\nsee: warroom help %s\n", bad.msg, bad.topic)
		return 2
	}
	if err == errHelp {
		return 0
	}
	if err == errUnverified { // verify said why on stdout
		return 1
	}
	if err != nil {
		fmt.Fprintln(stderr, "warroom:", err)
		return 1
	}
	return 0
}

// newLogger logs human-readable lines on a terminal and JSON otherwise.
func newLogger(w io.Writer, format, level string) (zerolog.Logger, error) {
	lvl, err := zerolog.ParseLevel(level)
	if err != nil || level == "" {
		return zerolog.Logger{}, fmt.Errorf("bad log level %q (debug, info, warn, error)", level)
	}
	if format == "auto" {
		format = "json"
		if f, ok := w.(*os.File); ok && isatty.IsTerminal(f.Fd()) {
			format = "console"
		}
	}
	switch format {
	case "console":
		w = zerolog.ConsoleWriter{Out: w, TimeFormat: "15:04:05"}
	case "json":
	default:
		return zerolog.Logger{}, fmt.Errorf("bad log format %q (auto, console, json)", format)
	}
	return zerolog.New(w).Level(lvl).With().Timestamp().Logger(), nil
}

// dbFlag declares --db, the store every command that opens one reads, on
// fs: WARROOM_DB, else warroom.db. what says what it may be; onlyRead
// tells the reader the command leaves it as it is.
func dbFlag(fs *flag.FlagSet, what string, onlyRead bool) *string {
	usage := what + " (env WARROOM_DB)"
	if onlyRead {
		usage += "; only read"
	}
	return fs.String("db", env("WARROOM_DB", "warroom.db"), usage)
}

// env returns the environment variable or def.
func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}
