package fow

import (
	"slices"
	"strconv"
	"strings"

	"github.com/warroom/warroom/games"
)

// ReplayName reads one word of an action written by name in `warroom
// replay` (catalog.Module.ReplayName), for the verb and the numbers read
// so far: sides A and B (lost.A.2), and by verb: platoon templates by id
// (add.tank), company types (company.infantry), the company flag
// (always.always_attacks, always.none), skill (skill.veteran),
// motivation (mot.fearless) and platoon flags (flag.heavy_gun).
func ReplayName(verb string, _ []int, w string, _ games.State) ([]int, bool) {
	w = strings.ToLower(w)
	var list []string
	switch verb {
	case VAdd:
		for _, t := range Templates() {
			list = append(list, t.ID)
		}
	case VCompany:
		list = Companies
	case VAlways:
		list = Alwayses
		if w == "none" {
			w = ""
		}
	case VSkill:
		list = Skills
	case VMot:
		list = Motivations
	case VFlag:
		list = Flags
	}
	if i := slices.Index(list, w); i >= 0 {
		return []int{i}, true
	}
	// A platoon by its id (A1, B12) where the verb names one of the
	// acting seat's platoons.
	if verb == VPlatoon || verb == VSel {
		if n, err := strconv.Atoi(strings.TrimLeft(w, "ab")); err == nil && len(w) > 1 && strings.ContainsRune("ab", rune(w[0])) && n >= 1 {
			return []int{n - 1}, true
		}
	}
	switch w {
	case "a":
		return []int{0}, true
	case "b":
		return []int{1}, true
	}
	return nil, false
}
