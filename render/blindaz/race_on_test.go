//go:build race

package blindaz

const raceEnabled = true
