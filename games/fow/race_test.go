//go:build race

package fow

// raceOn scales the playout counts down under the race detector.
const raceOn = true
