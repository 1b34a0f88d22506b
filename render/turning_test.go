package render_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/games/turning"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
	"github.com/warroom/warroom/render/rendertest"
)

// sampleReport is a made-up 4-seat curve with three swings.
func sampleReport() turning.Report {
	rep := turning.Report{Seats: 4}
	ch := []float64{0.25, 0.25, 0.25, 0.25}
	for k := range 30 {
		c := append([]float64(nil), ch...)
		rep.Points = append(rep.Points, turning.Point{Move: k*5 - 1, Chances: c})
		ch[k%4] = min(1, ch[k%4]+0.03)
		ch[(k+1)%4] = max(0, ch[(k+1)%4]-0.03)
	}
	rep.Swings = []turning.Swing{{Move: 49, Seat: 1, Delta: 0.03}, {Move: 99, Seat: 3, Delta: -0.03}}
	return rep
}

// TestTurningChartLegible: every word on the chart is readable on a phone,
// in every language, with long names; WARROOM_PNG_DIR keeps a copy to look
// at.
func TestTurningChartLegible(t *testing.T) {
	names := []string{"Annemarie", "Bolesław", "Светлана", "Computer"}
	for _, lang := range []string{"en", "pl", "ru"} {
		draw := func() ([]byte, error) { return render.TurningChart(i18n.For(lang), names, sampleReport()) }
		chart := render.TurningChartPicture(i18n.For(lang), names, sampleReport())
		for _, p := range rendertest.Problems(chart) {
			t.Errorf("%s: %s", lang, p)
		}
		if got := rendertest.Drawn(chart); !strings.Contains(got, names[2]) || !strings.Contains(got, "100%") {
			t.Errorf("%s: the chart shows %q", lang, got)
		}
		if dir := os.Getenv("WARROOM_PNG_DIR"); dir != "" {
			pic, _ := draw()
			if err := os.WriteFile(filepath.Join(dir, "turning-"+lang+".png"), pic, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestTurningText(t *testing.T) {
	rep := sampleReport()
	for _, lang := range []string{"en", "pl", "ru"} {
		got := render.TurningText(i18n.For(lang), []string{"Ann", "Bob", "Cy", "Di"}, rep, 400, map[int]string{49: "took 7"})
		if strings.Contains(got, "[turning.") || !strings.Contains(got, "Bob") || !strings.Contains(got, "Di") || !strings.Contains(got, ": took 7") {
			t.Errorf("%s: %s", lang, got)
		}
	}
	flat := turning.Report{Seats: 2, Points: []turning.Point{{Move: -1, Chances: []float64{0.5, 0.5}}}}
	if got := render.TurningText(i18n.For("en"), []string{"A", "B"}, flat, 1, nil); !strings.Contains(got, "No turn changed") || !strings.Contains(got, "1 simulated game ") {
		t.Errorf("flat: %s", got)
	}
	_ = games.Spectator
}
