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

// BotSeatLevels checks that e's Bot plays each seat at its own level: a
// two-seat game set up with the table at one level and a seat at another
// chooses, at every step to the end, what the same game set up with that
// seat's level for the whole table chooses from the same random numbers
// (easy and normal: the hard level's search is too slow to compare
// hundreds of moves of).
func BotSeatLevels(t *testing.T, e games.Engine) {
	t.Helper()
	setup := func(table, levels string) games.State {
		opts := games.Options{games.OptComputer: table}
		if levels != "" {
			opts[games.OptComputerLevels] = levels
		}
		s, err := e.Setup(opts, 2, games.NewPCG(3, 3))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	for _, c := range []struct {
		table, levels string
		seat          [2]string // each seat's level
	}{
		{games.LevelEasy, "1:normal", [2]string{games.LevelEasy, games.LevelNormal}},
		{games.LevelNormal, "0:easy", [2]string{games.LevelEasy, games.LevelNormal}},
	} {
		mixed := setup(c.table, c.levels)
		ref := map[string]games.State{games.LevelEasy: setup(games.LevelEasy, ""), games.LevelNormal: setup(games.LevelNormal, "")}
		for step := uint64(0); step < 2000 && !e.Outcome(mixed).Done; step++ {
			seat := e.Active(mixed)[0]
			lv := c.seat[seat]
			a := e.Bot(mixed, seat, games.NewPCG(step, 1))
			if b := e.Bot(ref[lv], seat, games.NewPCG(step, 1)); !a.Equal(b) {
				t.Fatalf("table %s, computer_levels %s, move %d: seat %d chose %v, at %s for the whole table %v", c.table, c.levels, step, seat, a, lv, b)
			}
			var err error
			if mixed, _, err = e.Apply(mixed, seat, a, games.NewPCG(step, 2)); err != nil {
				t.Fatal(err)
			}
			for k, s := range ref {
				if ref[k], _, err = e.Apply(s, seat, a, games.NewPCG(step, 2)); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
