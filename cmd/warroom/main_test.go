package main

import (
	"os"
	"testing"
)

// TestMain loads the games and their catalogues of words once, as main
// does, so a test run alone reads the same texts as the whole suite (the
// e2e helpers read the catalogue to recognise a turn's ping).
func TestMain(m *testing.M) {
	modules()
	os.Exit(m.Run())
}
