//go:build !race

package fow

const raceOn = false
