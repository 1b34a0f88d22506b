package gamestest

import (
	"testing"

	"github.com/warroom/warroom/games"
)

// ComputerOption checks a game's computer level option (games.LevelOption):
// none and "normal" give the normal level (""), a level is read whatever its
// case, and an unknown level is refused. level sets a game up with opts and
// returns the level its state keeps.
func ComputerOption(t *testing.T, level func(opts games.Options) (string, error)) {
	t.Helper()
	for v, want := range map[string]string{"": "", "normal": "", "Hard": games.LevelHard, "easy": games.LevelEasy} {
		got, err := level(games.Options{games.OptComputer: v})
		if err != nil || got != want {
			t.Errorf("computer %q: level %q, %v; want %q", v, got, err, want)
		}
	}
	if _, err := level(games.Options{games.OptComputer: "expert"}); err == nil {
		t.Error("computer expert accepted")
	}
}
