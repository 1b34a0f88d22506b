//go:build race

package data

// raceEnabled: the race detector is on (./test.sh): the long damage
// runs take fewer seeds, and .ci/run runs them at full size without it.
const raceEnabled = true
