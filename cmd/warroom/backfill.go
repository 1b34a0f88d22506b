package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/rs/zerolog"

	"github.com/warroom/warroom/commands"
	"github.com/warroom/warroom/data"
)

// cmdBackfill records the results of finished games that have none
// (they ended before results and standings existed), once: a second run
// finds them recorded and changes nothing (commands.BackfillResults).
func cmdBackfill(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("backfill", flag.ContinueOnError)
	dbPath := dbFlag(fs, "database file or postgres:// URL", false)
	if err := parse(fs, args); err != nil {
		return err
	}
	store, err := openToRead(*dbPath)
	if errors.Is(err, data.ErrInUse) {
		return fmt.Errorf("%w; a bbolt file is backfilled with the bot stopped (a PostgreSQL database can be backfilled while it runs)", err)
	}
	if err != nil {
		return err
	}
	defer store.Close()
	svc := commands.NewService(store, zerolog.Nop(), modules().Modules())
	done, err := svc.BackfillResults(ctx)
	fmt.Fprintf(stdout, "backfilled the results of %d finished games (%d had one already)\n", done.Recorded, done.Had)
	for _, u := range done.Unreadable {
		fmt.Fprintf(stdout, "left without a result: table %s\n", u)
	}
	return err
}
