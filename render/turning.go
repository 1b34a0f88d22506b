package render

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/games/turning"
	"github.com/warroom/warroom/render/canvas"
	"github.com/warroom/warroom/render/i18n"
)

// The "How it went" chart: 960 px wide, so its 28 px words are 14 px on a
// phone's 480.
const (
	chartW, chartH = 960, 600
	chartText      = 28
)

var (
	chartBG   = canvas.Hex("#ffffff")
	chartGrid = canvas.Hex("#e3e3e3")
	chartInk  = canvas.Hex("#222222")
	chartSeat = []color.RGBA{canvas.Hex("#c0392b"), canvas.Hex("#2e6fd8"), canvas.Hex("#2e9e4f"), canvas.Hex("#c78a00")}
	chartPal  = canvas.NewPalette([]color.RGBA{chartBG, chartGrid}, append([]color.RGBA{chartInk}, chartSeat...))
)

// TurningChart draws each seat's chance to win after every turn of rep,
// names[i] naming seat i (a co-op game's single curve is the team's).
func TurningChart(l *i18n.Localizer, names []string, rep turning.Report) ([]byte, error) {
	return turningChart(l, names, rep).PNG()
}

// turningChart draws the chart TurningChart encodes.
func turningChart(l *i18n.Localizer, names []string, rep turning.Report) *canvas.Canvas {
	c := canvas.New(chartPal, chartW, chartH, chartBG)
	c.Text(l.T("turning.title"), chartW/2, 14, 34, true, chartInk, canvas.TopCenter)
	// Legend: one row of names, each after its colour.
	lx := 24.0
	for i, n := range names {
		col := chartSeat[i%len(chartSeat)]
		c.Rect(lx, 78, 30, 10, col)
		n = canvas.ClipWidth(n, 360, chartText, true)
		c.Text(n, lx+38, 83, chartText, true, col, canvas.Left)
		lx += 38 + canvas.TextWidth(n, chartText, true) + 28
	}
	// Plot area, 0-100% up the left.
	x0, y0, x1, y1 := 96.0, 120.0, float64(chartW-24), float64(chartH-76)
	for _, p := range []int{0, 50, 100} {
		y := y1 - (y1-y0)*float64(p)/100
		c.Line(canvas.Pt{X: x0, Y: y}, canvas.Pt{X: x1, Y: y}, 2, chartGrid)
		label := fmt.Sprintf("%d%%", p)
		c.Text(label, x0-10-canvas.TextWidth(label, chartText, false), y, chartText, false, chartInk, canvas.Left)
	}
	n := len(rep.Points)
	at := func(k int, v float64) canvas.Pt {
		x := x0
		if n > 1 {
			x += (x1 - x0) * float64(k) / float64(n-1)
		}
		return canvas.Pt{X: x, Y: y1 - (y1-y0)*v}
	}
	curves := len(names)
	if rep.Seats > 0 && curves > rep.Seats {
		curves = rep.Seats
	}
	for s := range curves {
		col := chartSeat[s%len(chartSeat)]
		for k := 1; k < n; k++ {
			c.Line(at(k-1, rep.Points[k-1].Chances[s]), at(k, rep.Points[k].Chances[s]), 5, col)
		}
	}
	// The swings, marked on the mover's curve.
	for _, sw := range rep.Swings {
		for k, p := range rep.Points {
			if p.Move == sw.Move && int(sw.Seat) < len(p.Chances) {
				c.Circle(at(k, p.Chances[sw.Seat]), 9, chartInk)
			}
		}
	}
	c.Text(l.T("turning.start"), x0, y1+14, chartText, false, chartInk, canvas.TopLeft)
	c.Text(l.T("turning.axis"), (x0+x1)/2, y1+14, chartText, false, chartInk, canvas.TopCenter)
	end := l.T("turning.end")
	c.Text(end, x1-canvas.TextWidth(end, chartText, false), y1+14, chartText, false, chartInk, canvas.TopLeft)
	return c
}

// TurningText is the report's words: what the chart shows (from whose
// knowledge: the viewer's own, or public information) and its
// turning points, each by turn number (1 = the first turn), mover and
// change of the mover's chance, and whats[move] when there is one (what
// happened in that turn, in the journal's words).
func TurningText(l *i18n.Localizer, names []string, rep turning.Report, playouts int, whats map[int]string) string {
	var b strings.Builder
	if rep.Viewer == games.Spectator {
		b.WriteString(l.T("turning.head_public"))
	} else {
		b.WriteString(l.T("turning.head"))
	}
	b.WriteString("\n")
	if len(rep.Swings) == 0 {
		b.WriteString(l.T("turning.flat"))
	} else {
		b.WriteString(l.T("turning.swings"))
		for _, sw := range rep.Swings {
			for k := 1; k < len(rep.Points); k++ {
				if rep.Points[k].Move != sw.Move {
					continue
				}
				name := fmt.Sprint(int(sw.Seat) + 1)
				if int(sw.Seat) < len(names) {
					name = names[sw.Seat]
				}
				to := rep.Points[k].Chances[sw.Seat]
				b.WriteString("\n• " + l.T("turning.swing", "Turn", k, "Name", name,
					"From", pct(to-sw.Delta), "To", pct(to)))
				if w := whats[sw.Move]; w != "" {
					b.WriteString(": " + w)
				}
			}
		}
	}
	b.WriteString("\n-# " + l.T("turning.note", "Count", playouts))
	return b.String()
}

func pct(v float64) int { return int(math.Round(v * 100)) }
