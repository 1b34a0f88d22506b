package data

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
)

// bbolt's Tx.Check reads every page in a goroutine of its own, where
// neither recover nor debug.SetPanicOnFault (which covers only the
// goroutine that sets it) can stop a read of a damaged page from killing
// the process with "fatal error: fault". So a process that calls
// ServeCheck first thing runs that check in a child copy of itself: a
// fault kills the child, and the parent reports a damaged file.

// checkEnv names the file a check child is to check.
const checkEnv = "WARROOM_CHECK_DB"

// Exit codes of a check child; any other (a fault exits 2) is a crash.
const (
	checkIntact  = 0
	checkDamaged = 1
	checkInUse   = 3
)

// CheckTimeout bounds the check child: a sound file up to FullCheckMax
// checks in a few seconds, and a page cycle would loop for ever.
var CheckTimeout = 5 * time.Minute

// childCheck is set by ServeCheck: the process can re-run itself as a
// check child.
var childCheck bool

// ServeCheck must be the first call in main (and in a test binary's
// TestMain). In a check child it checks the file, prints one line and
// exits; in any other process it lets Open check files in such a child.
// A process that never calls it checks in its own goroutine, as before.
func ServeCheck() {
	path, ok := os.LookupEnv(checkEnv)
	if !ok {
		childCheck = true
		return
	}
	os.Exit(runCheck(path, os.Stdout))
}

// runCheck is the child's work: open read-only, run Tx.Check, print the
// finding.
func runCheck(path string, w io.Writer) int {
	limitSelf()
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: 2 * time.Second})
	if errors.Is(err, bolt.ErrTimeout) {
		return checkInUse
	}
	if err != nil {
		fmt.Fprintln(w, "it cannot be opened")
		return checkDamaged
	}
	defer db.Close()
	if err := fullCheck(db); err != nil {
		fmt.Fprintln(w, oneLine(err.Error()))
		return checkDamaged
	}
	return checkIntact
}

// checkFile runs the full check on the file at path, in a child process
// when ServeCheck allows it. The file must not be open in this process.
func checkFile(path string) error {
	if !childCheck {
		db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: 2 * time.Second})
		if err != nil {
			return err
		}
		defer db.Close()
		return protect(func() error { return fullCheck(db) })
	}
	exe := "/proc/self/exe" // this very binary, even if replaced on disk since
	if _, err := os.Stat(exe); err != nil {
		if exe, err = os.Executable(); err != nil {
			return err
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), CheckTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe)
	limitChild(cmd)
	cmd.Env = append(os.Environ(), checkEnv+"="+path)
	var out bytes.Buffer
	cmd.Stdout = &out // stderr (a crash's trace) is not shown
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return nil
	case !errors.As(err, &exit):
		return fmt.Errorf("run the consistency check: %w", err)
	case exit.ExitCode() == checkInUse:
		return bolt.ErrTimeout
	case exit.ExitCode() == checkDamaged:
		return fmt.Errorf("%w: %s", ErrCorrupt, oneLine(out.String()))
	case ctx.Err() != nil:
		return fmt.Errorf("%w: its consistency check did not finish in %v", ErrCorrupt, CheckTimeout)
	}
	return fmt.Errorf("%w: its consistency check crashed on a damaged page", ErrCorrupt)
}

// oneLine keeps the first line of s, for the one-line advice.
func oneLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}
