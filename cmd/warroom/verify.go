package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/warroom/warroom/commands"
)

// errUnverified makes verify exit with 1 after it printed why.
var errUnverified = errors.New("not verified")

// cmdVerify is `warroom verify [--commit HEX] [--table ID] FILE`: provably fair
// dice. It replays an ended table's export from its revealed seed
// (commands.Verify) and checks the seed against the commitment: the
// export's own, and --commit, the one the lobby message showed at the
// start (an export could be forged whole, the message in Discord not).
// With --table, FILE is an archive (warroom archive) and the table's line
// is verified.
func cmdVerify(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("verify", flag.ContinueOnError)
	commit := fs.String("commit", "", "the SHA-256 commitment the lobby message showed at the start (64 hex digits)")
	table := fs.String("table", "", "the table to verify in an archive file (warroom archive: one export per line)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return errors.New("verify needs one export file (warroom export --table ID), - for standard input, or --table ID and an archive file")
	}
	raw, err := readArg(fs.Arg(0))
	if err != nil {
		return err
	}
	if *table != "" {
		if raw, err = archiveLine(raw, *table); err != nil {
			return err
		}
	}
	v, err := commands.Verify(modules(), raw)
	if errors.Is(err, commands.ErrNoSeed) {
		fmt.Fprintf(stdout, "no seed: %s table %s cannot be verified (%s)\n", v.Game, v.Table, strings.TrimPrefix(err.Error(), commands.ErrNoSeed.Error()+": "))
		return errUnverified
	}
	if err != nil {
		return err
	}
	given := strings.ToLower(strings.TrimSpace(*commit))
	if v.OK() && given != "" && given != v.Commit {
		v.Problem = fmt.Sprintf("the export's commitment %s is not the one given, %s", v.Commit, given)
	}
	if !v.OK() {
		fmt.Fprintf(stdout, "FAILED: %s table %s\n  %s\n", v.Game, v.Table, v.Problem)
		return errUnverified
	}
	fmt.Fprintf(stdout, "ok: %s table %s: every die, draw, shuffle and computer choice came from the seed\n", v.Game, v.Table)
	fmt.Fprintf(stdout, "  seed        %s\n", v.Seed)
	fmt.Fprintf(stdout, "  commitment  %s = SHA-256(seed)", v.Commit)
	if given != "" {
		fmt.Fprint(stdout, ", the one given")
	} else {
		fmt.Fprint(stdout, " (compare it with the lobby message, or pass --commit)")
	}
	if v.Nonce != "" {
		fmt.Fprintf(stdout, "\n  nonce       %s (the lobby message's id, mixed into the dice's key)", v.Nonce)
	}
	fmt.Fprintf(stdout, "\n  replayed    %d moves (%d by the computer, %d taken back), %d random numbers drawn\n", v.Moves, v.ByBots, v.Undos, v.Draws)
	fmt.Fprintln(stdout, "  every move's recorded events, the final state and the random source's final position match")
	return nil
}

// archiveLine is the table's line of an archive file: the last one, since
// a table archived again after it changed has a newer line below.
func archiveLine(raw []byte, id string) ([]byte, error) {
	var found []byte
	err := eachLine(bytes.NewReader(raw), func(n int, line []byte) error {
		if ref, err := lineRef(line); err == nil && ref.ID == id {
			found = line
		}
		return nil
	})
	if err == nil && found == nil {
		err = fmt.Errorf("table %s is not in the archive", id)
	}
	return found, err
}
