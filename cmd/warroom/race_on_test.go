//go:build race

package main

// raceEnabled: the race detector is on (tests that play many games
// play fewer).
const raceEnabled = true
