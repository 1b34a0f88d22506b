//go:build !race

package fow

const raceEnabled = false
