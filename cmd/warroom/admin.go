package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/rs/zerolog"

	"github.com/warroom/warroom/commands"
	"github.com/warroom/warroom/data"
)

// cmdExport prints a stored table and its log as JSON (the replay format).
func cmdExport(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	dbPath := fs.String("db", env("WARROOM_DB", "warroom.db"), "database file (env WARROOM_DB)")
	table := fs.String("table", "", "table id (shown in the board's footer)")
	channel := fs.String("channel", "", "or: the channel or thread id of a live table")
	hidden := fs.Bool("include-hidden", false, "a live table: include its hidden information (hands, hidden units) so it can be replayed; never share it with players")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *table == "" && *channel == "" {
		return errors.New("export needs --table or --channel")
	}
	store, err := openExisting(*dbPath)
	if err != nil {
		return err
	}
	defer store.Close()
	id := *table
	if id == "" {
		t, err := store.ByChannel(*channel)
		if err != nil {
			return fmt.Errorf("channel %s: %w", *channel, err)
		}
		id = t.ID
	}
	out, err := commands.NewService(store, zerolog.Nop()).Export(id, *hidden)
	if err != nil {
		return fmt.Errorf("table %s: %w", id, err)
	}
	_, err = fmt.Fprintln(stdout, string(out))
	return err
}

// cmdBackup copies the database consistently.
func cmdBackup(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	dbPath := fs.String("db", env("WARROOM_DB", "warroom.db"), "database file (env WARROOM_DB)")
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

// openExisting opens a database the admin commands read; unlike the bot
// they never create one, so a mistyped path is an error.
func openExisting(path string) (*data.Bolt, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("database %s: %w", path, err)
	}
	return data.Open(path)
}
