//go:build race

package frontline

func init() { raceEnabled = true }
