//go:build !race

package flanders

const raceEnabled = false
