//go:build race

package fow

const raceEnabled = true
