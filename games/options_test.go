package games

import "testing"

func TestOptionSpecCheck(t *testing.T) {
	scenario := OptionSpec{Key: "scenario", Kind: OptionInt, Min: 1, Max: 6}
	mission := OptionSpec{Key: "mission", Kind: OptionString, Choices: []string{"encounter", "breakthrough"}}
	solo := OptionSpec{Key: "solo", Kind: OptionBool}
	for _, c := range []struct {
		o    OptionSpec
		v    string
		want string
	}{
		{scenario, "3", ""}, {scenario, "9", "a number from 1 to 6"}, {scenario, "x", "a number from 1 to 6"},
		{mission, "encounter", ""}, {mission, "foo", "one of encounter, breakthrough"},
		{solo, "true", ""}, {solo, "maybe", "true or false"},
		{OptionSpec{Kind: OptionString}, "anything", ""},
	} {
		got := ""
		if err := c.o.Check(c.v); err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("%s=%s: %q, want %q", c.o.Key, c.v, got, c.want)
		}
	}
}
