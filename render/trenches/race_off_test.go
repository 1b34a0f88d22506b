//go:build !race

package trenches

const raceEnabled = false
