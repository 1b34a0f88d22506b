package flanders

import (
	"testing"

	"github.com/warroom/warroom/games"
)

func botAct(s State) string { return Game{}.Bot(s, games.Seat(s.Active), nil).String() }

func TestBotPolicy(t *testing.T) {
	// Rule 1: gas the German Artillery on the most likely space.
	s := build(t, pos{
		players: []pl{{0, 6, []string{"british_gas"}, false}, {0, 6, nil, false}},
		board:   "3=infantry_1 4=german_mg 5=infantry_2 6=infantry_1 7=german_artillery 8=mines 10=german_artillery 11=infantry_1",
	})
	expect(t, "rule 1", botAct(s), "gas.7")

	// Rule 2a: stop when the hand reaches the Objective.
	s = build(t, pos{
		players: []pl{{18, 3, nil, false}, {0, 6, nil, false}},
		board:   "3=infantry_1 4=german_mg 5=infantry_2 6=infantry_3 7=german_gas 8=infantry_1_plus 10=german_artillery 11=observation_balloon",
	})
	s = do(t, s, "roll", 1, 2, 4)
	expect(t, "take best", botAct(s), "take.6") // infantry_3 (2.7) beats infantry_2 (2.0)
	s = do(t, s, "take.5")
	expect(t, "rule 2a", botAct(s), "stop")

	// Rule 3: a roll whose best card is German Artillery is rerolled with Recon.
	s = build(t, pos{
		players: []pl{{2, 6, []string{"aerial_recon"}, false}, {0, 6, nil, false}},
		board:   "3=german_artillery 4=infantry_2 5=infantry_1 6=tank 7=infantry_2 8=german_mg 10=mines 11=infantry_3",
	})
	s = do(t, s, "roll", 1, 2, 1)
	expect(t, "rule 3", botAct(s), "recon")

	// Rule 5: cancel German Artillery before the MG.
	s = build(t, pos{
		players: []pl{{3, 6, []string{"british_artillery"}, false}, {0, 6, nil, false}},
		board:   "3=german_mg 4=german_artillery 5=infantry_1 6=infantry_2 7=german_gas 8=mines 10=tank 11=infantry_1",
	})
	s = do(t, s, "roll", 1, 2, 2)
	s = do(t, s, "take.3")
	s = do(t, s, "roll", 1, 3, 3)
	s = do(t, s, "take.4")
	s = do(t, s, "stop")
	expect(t, "rule 5", botAct(s), "cancel."+ty("german_artillery"))

	// Rule 6: example 6's sacrifice of one troop.
	s = build(t, pos{
		players: []pl{{1, 3, nil, false}, {0, 6, nil, false}},
		board:   "3=infantry_1_plus 4=infantry_2 5=german_mg 6=infantry_2_plus 7=barbed_wire 8=german_gas 10=mines 11=infantry_1",
	})
	for _, st := range []struct {
		act  string
		dice []int
	}{{"roll", []int{1, 2, 1}}, {"take.3", nil}, {"roll", []int{3, 4, 4}}, {"take.7", nil}, {"roll", []int{3, 6, 5}}, {"take.9", nil}, {"roll", []int{2, 4, 5}}, {"take.6", nil}, {"stop", nil}} {
		s = do(t, s, st.act, st.dice...)
	}
	expect(t, "rule 6", botAct(s), "sacrifice.1")

	// Rule 7: Mines when they gain 2+ rows, halt otherwise.
	mk := func(i int) State {
		s := build(t, pos{
			players: []pl{{9, 4, []string{"mines"}, false}, {5, 5, nil, false}},
			board:   "3=german_gas 4=infantry_1 5=barbed_wire 6=infantry_3 7=german_mg 8=infantry_2 10=reserves 11=german_mg",
		})
		s.Phase, s.I, s.MayStop, s.Taken = PhaseMove, i, true, []int{-1}
		return do(t, s, "step_infantry")
	}
	expect(t, "rule 7 use", botAct(mk(3)), "use_mines")
	expect(t, "rule 7 halt", botAct(mk(2)), "halt")
}
