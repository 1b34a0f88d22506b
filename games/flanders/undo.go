package flanders

import "github.com/warroom/warroom/games"

// resolution lists the phases of spec §12.3 in which a move may be taken
// back: after the stop, before the turn ends.
var resolution = map[string]bool{PhaseGas: true, PhaseArtillery: true, PhaseSacrifice: true, PhaseMove: true, PhaseMines: true}

// Undoable implements games.Undoer (spec §12.3): only inside resolution,
// back to the stop. A roll, recon, take, gas replacement or refill is
// never undone: they start outside resolution, draw randomness or end
// the turn, and the table service refuses those anyway.
func (Game) Undoable(before, after State, seat games.Seat, a games.Action) bool {
	return resolution[before.Phase] && resolution[after.Phase]
}
