package trenches

import (
	"testing"

	"github.com/warroom/warroom/games"
)

// A computer in seat 1 gets the solo procedure without the solo option,
// because the table service lists it in games.OptComputerSeats.
func TestComputerSeatImpliesSolo(t *testing.T) {
	for opts, want := range map[string]bool{"": false, "1": true, "0": false} {
		o := games.Options{}
		if opts != "" {
			o[games.OptComputerSeats] = opts
		}
		s, err := Game{}.Setup(o, 2, games.NewPCG(1, 1))
		if err != nil {
			t.Fatal(err)
		}
		if s.Solo != want {
			t.Errorf("computer seats %q: solo %v", opts, s.Solo)
		}
	}
}
