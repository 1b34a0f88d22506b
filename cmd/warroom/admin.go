package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/rs/zerolog"

	"github.com/warroom/warroom/commands"
	"github.com/warroom/warroom/data"
)

// cmdExport prints a stored table and its log as JSON (the replay format).
func cmdExport(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	dbPath := dbFlag(fs, "database file", false)
	table := fs.String("table", "", "table id (shown in the board's footer)")
	channel := fs.String("channel", "", "or: the channel or thread id of a live table")
	hidden := fs.Bool("include-hidden", false, "a live table: include its hidden information (hands, hidden units) so it can be replayed; never share it with players")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *table == "" && *channel == "" {
		return errors.New("export needs --table or --channel")
	}
	store, err := openToRead(*dbPath)
	if err != nil {
		return err
	}
	defer store.Close()
	id := *table
	if id == "" {
		t, err := store.ByChannel(ctx, *channel)
		if err != nil {
			return fmt.Errorf("channel %s: %w", *channel, err)
		}
		id = t.ID
	}
	out, err := commands.NewService(store, zerolog.Nop(), modules().Modules()).Export(ctx, id, *hidden)
	if err != nil {
		return fmt.Errorf("table %s: %w", id, err)
	}
	_, err = fmt.Fprintln(stdout, string(out))
	return err
}

// cmdBackup copies the database consistently.
func cmdBackup(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	dbPath := dbFlag(fs, "database file", false)
	out := fs.String("out", "", "where to write the copy")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *out == "" {
		return errors.New("backup needs --out FILE")
	}
	store, err := openExisting(*dbPath)
	if err != nil {
		return err
	}
	defer store.Close()
	f, err := os.OpenFile(*out, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	n, err := store.Backup(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(*out)
		return err
	}
	fmt.Fprintf(stdout, "wrote %d bytes to %s\n", n, *out)
	return nil
}

// cmdRepair salvages a damaged database into a new file and says what it
// kept and what it lost. The damaged file is only read.
func cmdRepair(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("repair", flag.ContinueOnError)
	dbPath := dbFlag(fs, "the damaged database file", true)
	out := fs.String("out", "", "the new database to write (must not exist)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *out == "" {
		return errors.New("repair needs --out FILE (a new file; the damaged one is left as it is)")
	}
	if _, err := os.Stat(*dbPath); err != nil {
		return fmt.Errorf("database %s: %w", *dbPath, err)
	}
	rep, err := data.Repair(*dbPath, *out)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "saved %d tables (%d in a lobby or in play) to %s\n", rep.Tables, rep.Live, *out)
	if rep.TreeError != "" {
		fmt.Fprintf(stdout, "the file's index could not be read (%s): tables were found by scanning its pages\n", rep.TreeError)
	}
	list := func(what string, ids []string) {
		if len(ids) > 0 {
			sort.Slice(ids, func(i, j int) bool { return len(ids[i]) < len(ids[j]) || len(ids[i]) == len(ids[j]) && ids[i] < ids[j] })
			fmt.Fprintf(stdout, "%s (%d): %s\n", what, len(ids), strings.Join(ids, " "))
		}
	}
	var loose []string
	for id, v := range rep.Loose {
		loose = append(loose, fmt.Sprintf("%s@v%d", id, v))
	}
	list("found only on loose pages; a later move may be missing", loose)
	var behind []string
	for id, v := range rep.Behind {
		behind = append(behind, fmt.Sprintf("%s (log reaches v%d)", id, v))
	}
	list("saved at an older version than their log", behind)
	list("lost: no readable copy", rep.Lost)
	list("unreadable records, kept for `warroom export --include-hidden`", rep.Unreadable)
	list("action logs not fully readable", rep.LogsLost)
	if rep.UnknownAfter != "" {
		fmt.Fprintf(stdout, "the file's end is missing: tables after id %s may be lost without a trace\n", rep.UnknownAfter)
	}
	fmt.Fprintf(stdout, "run the bot with --db %s (keep the damaged file until you are satisfied)\n", *out)
	return nil
}

// openExisting opens a database the admin commands read; unlike the bot
// they never create one, so a mistyped path is an error.
func openExisting(path string) (*data.Bolt, error) {
	if data.IsPostgresURL(path) {
		return nil, errors.New("this command reads a bbolt database file; a PostgreSQL database is backed up with pg_dump")
	}
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("database %s: %w", path, err)
	}
	return data.Open(path)
}
