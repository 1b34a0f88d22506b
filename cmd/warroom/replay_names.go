package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/warroom/warroom/games"
	bz "github.com/warroom/warroom/games/blindaz"
	"github.com/warroom/warroom/games/flanders"
	"github.com/warroom/warroom/games/fow"
	"github.com/warroom/warroom/games/frontline"
	"github.com/warroom/warroom/games/trenches"
)

// An argNamer reads one named argument of an action written by name: the
// verb, the numbers read so far, the word and the state the action meets.
// It returns the numbers the word stands for (a cell is two), or false
// when the word is not a name of this game.
type argNamer func(verb string, args []int, word string, st games.State) ([]int, bool)

// argNamers: for each game, the names its action arguments may be
// written with, taken from the game's own data (see docs/developers.md).
var argNamers = map[string]argNamer{
	"flanders":  flandersName,
	"frontline": frontlineName,
	"trenches":  trenchesName,
	"blindaz":   blindazName,
	"fow":       fowName,
}

// parseNamedAction reads "verb.arg.arg" (dots or spaces) where each
// argument is a number or a name of game's. The numbers it stands for
// are returned as the action; a word that is no name is an error.
func parseNamedAction(game, text string, st games.State) (games.Action, error) {
	// A typed text comes last, quoted: platoon.A1.350.0 "Panzer IV Zug".
	typed := ""
	if i := strings.IndexByte(text, '"'); i >= 0 {
		t, err := strconv.Unquote(strings.TrimSpace(text[i:]))
		if err != nil {
			return games.Action{}, fmt.Errorf("%w: bad quoted text", games.ErrBadAction)
		}
		text, typed = text[:i], games.CleanText(t)
	}
	parts := strings.FieldsFunc(strings.TrimSpace(text), func(r rune) bool { return r == '.' || r == ' ' })
	if len(parts) == 0 {
		return games.Action{}, fmt.Errorf("%w: empty", games.ErrBadAction)
	}
	numeric := []string{parts[0]}
	var args []int
	for _, w := range parts[1:] {
		if n, err := strconv.Atoi(w); err == nil {
			args = append(args, n)
			continue
		}
		namer := argNamers[game]
		var ns []int
		ok := false
		if namer != nil {
			ns, ok = namer(parts[0], args, w, st)
		}
		if !ok {
			return games.Action{}, fmt.Errorf("%w: %q is not a number or a %s name for %s", games.ErrBadAction, w, game, parts[0])
		}
		args = append(args, ns...)
	}
	for _, n := range args {
		numeric = append(numeric, strconv.Itoa(n))
	}
	// ParseAction checks the verb and the limits of the text form.
	a, err := games.ParseAction(strings.Join(numeric, "."))
	a.Text = typed
	return a, err
}

// flanders: card types by code ("german_mg", "mines") for gas_discard
// and cancel, and anywhere else a card type is meant.
func flandersName(_ string, _ []int, w string, _ games.State) ([]int, bool) {
	if t := flanders.TypeByCode(strings.ToLower(w)); t >= 0 {
		return []int{t}, true
	}
	return nil, false
}

// frontline: units and action cards by instance id ("tanks-1",
// "assault-2", "barracks-sa"), "rear" for column 0.
func frontlineName(_ string, _ []int, w string, _ games.State) ([]int, bool) {
	w = strings.ToLower(w)
	if u := frontline.UnitID(w); u >= 0 {
		return []int{u}, true
	}
	if c := frontline.ActionID(w); c >= 0 {
		return []int{c}, true
	}
	if w == "rear" {
		return []int{0}, true
	}
	return nil, false
}

// trenches: counters by id as the state lists them ("ge-g-1"; case,
// dashes and underscores do not matter, so the board's "ge G1" may be
// written geG1); hexes are numbers already (0307).
func trenchesName(_ string, _ []int, w string, st games.State) ([]int, bool) {
	s, ok := st.(trenches.State)
	if !ok {
		return nil, false
	}
	for i, c := range s.Counters {
		if squash(c.ID) == squash(w) {
			return []int{i}, true
		}
	}
	return nil, false
}

// blindaz: cells "D2" (column A..G, lane 1..6) for move, clear and
// attack (two numbers), a G cell or lane for deploy, directions N E S W
// for throw, and open sides as letters ("NE") for build's orientation.
func blindazName(verb string, args []int, w string, _ games.State) ([]int, bool) {
	w = strings.ToUpper(w)
	switch verb {
	case bz.VThrow:
		for d, n := range bz.DirName {
			if w == n {
				return []int{d}, true
			}
		}
	case bz.VBuild:
		if len(args) != 1 {
			return nil, false
		}
		sides := map[rune]int{'N': bz.SideN, 'E': bz.SideE, 'S': bz.SideS, 'W': bz.SideW}
		mask := 0
		for _, r := range w {
			b, ok := sides[r]
			if !ok || mask&b != 0 {
				return nil, false
			}
			mask |= b
		}
		return []int{mask}, mask != 0
	}
	if len(w) != 2 || w[0] < 'A' || int(w[0]-'A') >= bz.Cols || w[1] < '1' || int(w[1]-'0') > bz.Lanes {
		return nil, false
	}
	x, lane := int(w[0]-'A'), int(w[1]-'0')
	if verb == bz.VDeploy {
		return []int{lane}, x == bz.Cols-1
	}
	return []int{x, lane}, true
}

// fow: sides A and B (lost.A.2), and by verb: platoon templates by id
// (add.tank), company types (company.infantry), the company flag
// (always.always_attacks, always.none), skill (skill.veteran),
// motivation (mot.fearless) and platoon flags (flag.heavy_gun).
func fowName(verb string, _ []int, w string, _ games.State) ([]int, bool) {
	w = strings.ToLower(w)
	var list []string
	switch verb {
	case "add":
		for _, t := range fow.Templates() {
			list = append(list, t.ID)
		}
	case "company":
		list = fow.Companies
	case "always":
		list = fow.Alwayses
		if w == "none" {
			w = ""
		}
	case "skill":
		list = fow.Skills
	case "mot":
		list = fow.Motivations
	case "flag":
		list = fow.Flags
	}
	if i := slices.Index(list, w); i >= 0 {
		return []int{i}, true
	}
	// A platoon by its id (A1, B12) where the verb names one of the
	// acting seat's platoons.
	if verb == "platoon" || verb == "sel" {
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

func squash(s string) string {
	return strings.ToLower(strings.NewReplacer("-", "", "_", "").Replace(s))
}
