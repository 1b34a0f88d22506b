package main

import (
	"os"
	"testing"
)

// e2eToken is the bot token of every end-to-end test: the process's
// DISCORD_TOKEN, which each world's stand-in accepts, so that worlds can
// run side by side (t.Parallel; t.Setenv would forbid it).
const e2eToken = "dt.e2e.stand-in"

// TestMain loads the games and their catalogues of words once, as main
// does, so a test run alone reads the same texts as the whole suite (the
// e2e helpers read the catalogue to recognise a turn's ping), and sets
// the end-to-end tests' token.
func TestMain(m *testing.M) {
	modules()
	os.Setenv("DISCORD_TOKEN", e2eToken)
	os.Exit(m.Run())
}
