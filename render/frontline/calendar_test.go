package frontline

import (
	"strings"
	"testing"

	fl "github.com/warroom/warroom/games/frontline"
	"github.com/warroom/warroom/render/i18n"
)

// The embed lists the months ahead with an event or a new first player
// (the picture no longer shows the calendar), and nothing once none are.
func TestCalendarAhead(t *testing.T) {
	v := fl.View{Month: 3, Months: 8}
	v.EventMonth[2], v.EventMonth[4], v.EventMonth[6], v.EventMonth[8] = true, true, true, true
	v.FPMonth[3], v.FPMonth[5], v.FPMonth[7] = true, true, true
	for _, lang := range i18n.Languages {
		ctx := imageCtx
		ctx.L = i18n.For(lang)
		if got := calendarAhead(ctx, v); !strings.Contains(got, "4, 6, 8") || !strings.Contains(got, "5, 7") || strings.Contains(got, "2") || strings.Contains(got, "3") {
			t.Errorf("%s: month 3: %q", lang, got)
		}
		last := v
		last.Month = 8
		if got := calendarAhead(ctx, last); got != "" {
			t.Errorf("%s: month 8: %q, want nothing", lang, got)
		}
		seven := v
		seven.Month = 7
		if got := calendarAhead(ctx, seven); !strings.Contains(got, "8") || !strings.Contains(got, "—") {
			t.Errorf("%s: month 7: %q", lang, got)
		}
	}
}
