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

// SeatLevels checks a game's per-seat computer levels
// (games.OptComputerLevels): a seat listed plays at its own level, normal
// included, the others at the table's; a seat out of range or an unknown
// level is refused. level sets a two-seat game up with opts and returns
// the level seat plays at (games.SeatLevel of its state).
func SeatLevels(t *testing.T, level func(opts games.Options, seat games.Seat) (string, error)) {
	t.Helper()
	for _, c := range []struct {
		table, seats string
		want         [2]string
	}{
		{"", "", [2]string{"", ""}},
		{"hard", "", [2]string{games.LevelHard, games.LevelHard}},
		{"hard", "1:easy", [2]string{games.LevelHard, games.LevelEasy}},
		{"easy", "0:Hard, 1:normal", [2]string{games.LevelHard, ""}},
		{"", "1:hard", [2]string{"", games.LevelHard}},
	} {
		opts := games.Options{games.OptComputer: c.table, games.OptComputerLevels: c.seats}
		for seat, want := range c.want {
			if got, err := level(opts, games.Seat(seat)); err != nil || got != want {
				t.Errorf("computer %q, computer_levels %q, seat %d: %q, %v; want %q", c.table, c.seats, seat, got, err, want)
			}
		}
	}
	for _, bad := range []string{"2:hard", "1:expert", "x:easy", "1"} {
		if _, err := level(games.Options{games.OptComputerLevels: bad}, 0); err == nil {
			t.Errorf("computer_levels %q accepted", bad)
		}
	}
}
