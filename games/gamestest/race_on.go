//go:build race

package gamestest

const raceOn = true
