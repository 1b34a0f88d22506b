package fow

import (
	"strings"
	"testing"

	fowg "github.com/warroom/warroom/games/fow"
)

// TestWithdrawalFromAmbushIsSaid: the log says when a platoon withdrawn by
// Strategic Withdrawal came from ambush (the engine marks it), and says
// nothing of ambush otherwise.
func TestWithdrawalFromAmbushIsSaid(t *testing.T) {
	v := fowg.View{}
	if got := logLine(imageCtx, v, fowg.Entry{Kind: "withdrawn", Seat: 1, Args: []int{0, 1}}); !strings.Contains(got, "from ambush") {
		t.Fatalf("from ambush: %q", got)
	}
	if got := logLine(imageCtx, v, fowg.Entry{Kind: "withdrawn", Seat: 1, Args: []int{0, 0}}); strings.Contains(got, "ambush") {
		t.Fatalf("from the table: %q", got)
	}
}
