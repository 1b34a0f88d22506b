package bot

import (
	"slices"
	"testing"
)

func TestParseShards(t *testing.T) {
	for _, c := range []struct {
		in        string
		ids       []int
		count     int
		auto, bad bool
		elsewhere bool
	}{
		{in: "", count: 0},
		{in: "1", count: 0},
		{in: "auto", auto: true},
		{in: "3", ids: []int{0, 1, 2}, count: 3},
		{in: "1/4", ids: []int{1}, count: 4, elsewhere: true},
		{in: "0/1", ids: []int{0}, count: 1},
		{in: "4/4", bad: true},
		{in: "-1/4", bad: true},
		{in: "0/0", bad: true},
		{in: "0", bad: true},
		{in: "many", bad: true},
	} {
		sh, err := ParseShards(c.in)
		if (err != nil) != c.bad {
			t.Errorf("%q: error %v", c.in, err)
			continue
		}
		if c.bad {
			continue
		}
		if !slices.Equal(sh.IDs, c.ids) || sh.Count != c.count || sh.Auto != c.auto || sh.Elsewhere() != c.elsewhere {
			t.Errorf("%q: %+v (elsewhere %v)", c.in, sh, sh.Elsewhere())
		}
	}
}
