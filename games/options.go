package games

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Check says whether v is a value of the option: nil, or an error whose
// text is what the option takes ("one of a, b", "a number from 1 to 6",
// "true or false"), so /play and `warroom play` refuse a value in the
// same words. Seat numbers are checked against the table by the caller.
func (o OptionSpec) Check(v string) error {
	switch o.Kind {
	case OptionInt:
		n, err := strconv.Atoi(v)
		if err != nil || (o.Max > o.Min && (n < o.Min || n > o.Max)) {
			return fmt.Errorf("a number from %d to %d", o.Min, o.Max)
		}
	case OptionBool:
		if _, err := strconv.ParseBool(v); err != nil {
			return fmt.Errorf("true or false")
		}
	}
	if len(o.Choices) > 0 && !slices.Contains(o.Choices, v) {
		return fmt.Errorf("one of %s", strings.Join(o.Choices, ", "))
	}
	return nil
}
