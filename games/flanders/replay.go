package flanders

import (
	"strings"

	"github.com/warroom/warroom/games"
)

// ReplayName reads one word of an action written by name in `warroom
// replay` (catalog.Module.ReplayName), for the verb and the numbers read
// so far: card types by code ("german_mg", "mines") for gas_discard
// and cancel, and anywhere else a card type is meant.
func ReplayName(_ string, _ []int, w string, _ games.State) ([]int, bool) {
	if t := TypeByCode(strings.ToLower(w)); t >= 0 {
		return []int{t}, true
	}
	return nil, false
}
