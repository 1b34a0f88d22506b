package render

import "github.com/warroom/warroom/render/i18n"

// WhyKey is the catalogue key that explains a refused action of game with
// error code: the game's own <game>.err.<code>, else the generic
// core.why.<code> (game_over, not_your_turn, not_legal: the adapter's
// answers for a game without its own text), else "".
func WhyKey(game, code string) string {
	if code == "" {
		return ""
	}
	for _, k := range []string{game + ".err." + code, "core.why." + code} {
		if i18n.Has(k) {
			return k
		}
	}
	return ""
}
