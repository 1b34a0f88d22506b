package flanders

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"strings"
	"unicode"

	"github.com/warroom/warroom/games"
	fl "github.com/warroom/warroom/games/flanders"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/canvas"
	"github.com/warroom/warroom/render/i18n"
)

// The picture is phone-first: 600 x 800 (3:4, whole in Discord's phone
// preview) with no text under 18 px, 14 px once shown 480 px wide. The
// lanes run down the left, rows 20 to 0; the nine card spaces, the
// companies, the dice and a legend fill the right. The line names sit in
// the legend, where no commander can cover them, and the last action is
// a caption across the top, with this turn's cards and advance marked.
const (
	imgW, imgH = 600, 800
	small      = 18.0 // the smallest text
	lead       = 1.17 // line height over text size
	lineH      = 22.0

	topY    = 6.0  // the title and caption: two lines
	boardY  = 62.0 // top of row 20 and of the card grid
	numW    = 28.0 // the row numbers' column
	laneX0  = 8 + numW
	laneW   = 44.0
	rowH    = 28.0
	rightX  = laneX0 + 4*laneW + 10 // the right column
	rightW  = imgW - rightX - 8
	cellGap = 6.0
	cellH   = 112.0
)

var cellW = (rightW - 2*cellGap) / 3

var (
	cBG        = canvas.Hex("#efe8d4")
	cInk       = canvas.Hex("#2b2b2b")
	cFaint     = canvas.Hex("#6f6850")
	cNoMans    = canvas.Hex("#c2ad84")
	cZone      = canvas.Hex("#ddd4bb")
	cLine      = canvas.Hex("#9b9b9b")
	cObjective = canvas.Hex("#6f9bd8")
	cCell      = canvas.Hex("#f8f4e8")
	cBritish   = canvas.Hex("#2e8b46")
	cGerman    = canvas.Hex("#2d5fb3")
	cOption    = canvas.Hex("#f0b400")
	cGrey      = canvas.Hex("#a0a0a0")
	cWhite     = canvas.Hex("#ffffff")
	cGold      = canvas.Hex("#d4a017")
	cLast      = canvas.Hex("#d4187c") // this turn: the advance, the cards taken
	cLastBG    = canvas.Hex("#fbe3ef")
	cWinBG     = canvas.Hex("#2b2b2b")
	laneCols   = map[string]color.RGBA{
		"red": canvas.Hex("#c0392b"), "blue": canvas.Hex("#2e6fd8"),
		"green": canvas.Hex("#2e9e4f"), "yellow": canvas.Hex("#e0b020"),
	}
	laneLight = map[string]color.RGBA{
		"red": canvas.Hex("#eab3ac"), "blue": canvas.Hex("#afc7f0"),
		"green": canvas.Hex("#b0dcbc"), "yellow": canvas.Hex("#f3e0a0"),
	}
	cActive = canvas.Hex("#fff6cc")
	palette = canvas.NewPalette(
		[]color.RGBA{cBG, cCell, cZone, cNoMans, cLine, cObjective, laneLight["red"], laneLight["blue"], laneLight["green"], laneLight["yellow"], cActive, cWhite, cLastBG, cWinBG},
		[]color.RGBA{cInk, cFaint, cBritish, cGerman, cOption, cGrey, cGold, cLast, laneCols["red"], laneCols["blue"], laneCols["green"], laneCols["yellow"]})
)

// para writes s wrapped to w from (x, y), each line placed by at (TopLeft
// or TopCenter around x), and returns the y below it.
func para(c *canvas.Canvas, s string, x, y, w, size float64, bold bool, col color.Color, at canvas.Anchor) float64 {
	for _, l := range canvas.Wrap(s, w, size, bold) {
		c.Text(l, x, y, size, bold, col, at)
		y += size * lead
	}
	return y
}

func paraHeight(s string, w, size float64, bold bool) float64 {
	return float64(len(canvas.Wrap(s, w, size, bold))) * size * lead
}

// plain drops the emoji of a catalogue line (the picture's fonts have
// none) and markdown stars.
func plain(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.Is(unicode.So, r) || unicode.Is(unicode.Mn, r) || r == '*' {
			return -1
		}
		return r
	}, s)
	return strings.TrimSpace(strings.Trim(strings.TrimSpace(s), "—"))
}

func rowY(r int) float64 { return boardY + float64(fl.Objective-r)*rowH }

func laneX(seat int) float64 { return laneX0 + float64(seat)*laneW + laneW/2 }

func cellXY(sp int) (float64, float64) {
	i := sp - 3
	return rightX + float64(i%3)*(cellW+cellGap), boardY + float64(i/3)*(cellH+cellGap)
}

// Below the card grid: the companies, then the dice and the legend.
var companiesY = boardY + 3*cellH + 2*cellGap + 10

// baseEntry is the static layer of one language.
type baseEntry struct {
	c         *canvas.Canvas
	legendTop float64 // top of the card legend, bottom right
}

// layerKey names a language's static layer in canvas.Layer (it carries
// words).
type layerKey struct{ lang string }

func baseLayer(ctx render.Audience) baseEntry {
	c, top := canvas.Layer(layerKey{ctx.L.Lang()}, func() (*canvas.Canvas, float64) { return drawBase(ctx) })
	return baseEntry{c, top}
}

// rowColour is the colour of row r: the start line takes the lane's.
func rowColour(r int) color.RGBA {
	switch {
	case r == fl.Objective:
		return cObjective
	case fl.IsLine(r):
		return cLine
	case r >= 1 && r <= 4:
		return cNoMans
	}
	return cZone
}

// drawBase draws the lanes and rows, the card frames with their sums and
// chances, and the legend; it returns the card legend's top too.
func drawBase(ctx render.Audience) (*canvas.Canvas, float64) {
	c := canvas.New(palette, imgW, imgH, cBG)
	laneEnd := laneX0 + 4*laneW
	for r := 0; r <= fl.Objective; r++ {
		y := rowY(r)
		if r > 0 {
			c.Rect(laneX0, y, laneEnd-laneX0, rowH, rowColour(r))
		} else {
			for i, name := range fl.Colours {
				c.Rect(laneX0+float64(i)*laneW, y, laneW, rowH, laneLight[name])
			}
		}
		c.Line(canvas.Pt{X: laneX0, Y: y}, canvas.Pt{X: laneEnd, Y: y}, 1, cFaint)
		bold := fl.IsLine(r) || r == fl.Objective || r == 0
		c.Text(fmt.Sprint(r), laneX0-4-canvas.TextWidth(fmt.Sprint(r), small, bold), y+rowH/2, small, bold, cInk, canvas.Left)
	}
	bottom := rowY(-1)
	c.Line(canvas.Pt{X: laneX0, Y: bottom}, canvas.Pt{X: laneEnd, Y: bottom}, 1, cFaint)
	for i := 0; i <= 4; i++ {
		x := laneX0 + float64(i)*laneW
		c.Line(canvas.Pt{X: x, Y: rowY(fl.Objective)}, canvas.Pt{X: x, Y: bottom}, 2, cInk)
	}
	// The lanes' legend under them: what the row colours are.
	y := bottom + 6
	sw := 22.0
	for _, it := range []struct {
		col  color.RGBA
		text string
	}{
		{cObjective, ctx.T("flanders.img.l.objective")},
		{cLine, ctx.T("flanders.img.l.lines")},
		{cNoMans, ctx.T("flanders.zone.no_mans_land")},
	} {
		c.Rect(8, y+2, sw, lineH-4, it.col)
		y = para(c, it.text, 8+sw+6, y, rightX-sw-20, small, false, cInk, canvas.TopLeft)
	}
	arrowY := y + lineH/2
	c.Line(canvas.Pt{X: 10, Y: arrowY + 8}, canvas.Pt{X: 10 + sw, Y: arrowY - 8}, 4, cLast)
	y = para(c, ctx.T("flanders.img.l.advance"), 8+sw+6, y, rightX-sw-20, small, false, cInk, canvas.TopLeft)
	// The company to play wears a white ring, as on the lanes.
	ring := canvas.Pt{X: 8 + sw/2, Y: y + lineH/2}
	c.Circle(ring, 10, cWhite)
	c.Circle(ring, 8.5, cInk)
	c.Circle(ring, 7, cGrey)
	para(c, ctx.T("flanders.img.l.to_play"), 8+sw+6, y, rightX-sw-20, small, false, cInk, canvas.TopLeft)
	// Card frames, sums and chances.
	for sp := 3; sp <= 11; sp++ {
		x, y := cellXY(sp)
		c.Rect(x, y, cellW, cellH, cCell)
		c.RectOutline(x, y, cellW, cellH, 2, cFaint)
		c.Text(fmt.Sprint(sp), x+8, y+4, 30, true, cInk, canvas.TopLeft)
		pct := fmt.Sprintf("%d%%", int(math.Round(float64(fl.RollCounts[sp])*100/216)))
		c.Text(pct, x+cellW-7-canvas.TextWidth(pct, small, false), y+8, small, false, cFaint, canvas.TopLeft)
	}
	x9, y9 := cellXY(fl.NineSpace)
	cardTitle(c, cardWord(ctx, "advance_9"), x9, y9+38, cBritish)
	c.RectOutline(x9+5, y9+5, cellW-10, cellH-10, 4, cBritish)
	return c, drawCardLegend(ctx, c)
}

// cardWord is a card's name on the picture: the rulebook's, or a shorter
// form of it where a word is too long for a cell (flanders.img.card.*).
func cardWord(ctx render.Audience, code string) string {
	if id := "flanders.img.card." + code; i18n.Has(id) {
		return ctx.T(id)
	}
	return ctx.T("flanders.card." + code)
}

// cardTitle writes a card's name centred in the cell at x, from y, bold
// unless a word of it is too wide for the cell; it returns the y below.
func cardTitle(c *canvas.Canvas, name string, x, y float64, col color.Color) float64 {
	w := cellW - 14
	bold := true
	for _, word := range strings.Fields(name) {
		if len(canvas.Wrap(word, w, small, true)) > 1 || canvas.TextWidth(word, small, true) > w {
			bold = false
		}
	}
	return para(c, name, x+cellW/2, y, w, small, bold, col, canvas.TopCenter)
}

func troopIcon(c *canvas.Canvas, x, y float64, col color.Color) {
	c.Circle(canvas.Pt{X: x, Y: y - 5}, 3.5, col)
	c.Polygon([]canvas.Pt{{X: x - 5, Y: y + 7}, {X: x + 5, Y: y + 7}, {X: x + 3, Y: y - 1}, {X: x - 3, Y: y - 1}}, col)
}

// drawCard draws the card code in space sp, and the option's ring. Its
// face comes from the card layers: over the number and chance at the
// top, where the base layer differs by space, a strip of the frame per
// space and side; below them the rest of the face per card and column
// (the columns' x differ in fractions of a pixel, the rows' y do not).
// Each is the base layer's pixels under it with the face drawn on them
// where it is on the board, so a board is pixel for pixel what drawing the
// face on it made, without rasterising its text every move.
func drawCard(ctx render.Audience, c *canvas.Canvas, sp int, code string, option bool) {
	t := fl.TypeByCode(code)
	if t < 0 {
		return
	}
	x, y := cellXY(sp)
	top, rest := faceRects(x, y)
	lang := ctx.L.Lang()
	c.Stamp(render.Sprite(stripKey{sp, fl.Types[t].British}, palette, top, cCell, func(s *canvas.Canvas) {
		s.Draw(top, baseLayer(ctx).c.Img, top.Min, draw.Src)
		drawFrame(s, x, y, fl.Types[t].British)
	}), top.Min)
	c.Stamp(render.Sprite(faceKey{lang, code, (sp - 3) % 3}, palette, rest, cCell, func(s *canvas.Canvas) {
		drawFace(ctx, s, x, y, code)
	}), rest.Min)
	if option {
		c.RectOutline(x, y, cellW, cellH, 6, cOption)
	}
}

// faceTop is how far down a cell its number and chance reach: a card
// face's strip above it, the rest below.
const faceTop = 36

// faceRects are the whole pixels of a card face in the cell at (x, y):
// the strip over the number and chance, and the rest, where the base
// layer is the cell's plain colour (TestCardLayers checks every card).
func faceRects(x, y float64) (top, rest image.Rectangle) {
	x0, x1 := int(math.Floor(x+2)), int(math.Ceil(x+cellW-2))
	y0, y1 := int(y), int(y+cellH)
	return image.Rect(x0, y0+2, x1, y0+faceTop), image.Rect(x0, y0+faceTop, x1, y1-2)
}

// stripKey and faceKey name the card layers in canvas.Layer (stripKey:
// a space's number and chance, in every language alike, under a side's
// frame; faceKey: a card's words, by language, and column).
type (
	stripKey struct {
		space   int
		british bool
	}
	faceKey struct {
		lang, code string
		column     int
	}
)

// drawFrame is a card's frame in its side's colour, in the cell at (x, y).
func drawFrame(c *canvas.Canvas, x, y float64, british bool) {
	c.RectOutline(x+5, y+5, cellW-10, cellH-10, 4, sideColour(british))
}

func sideColour(british bool) color.RGBA {
	if british {
		return cBritish
	}
	return cGerman
}

// drawFace draws a card in the cell at (x, y) as it is: its frame, its
// name in its side's colour, what it does, and its troop losses (black
// at the end of the turn, grey on a bust).
func drawFace(ctx render.Audience, c *canvas.Canvas, x, y float64, code string) {
	ct := fl.Types[fl.TypeByCode(code)]
	border := sideColour(ct.British)
	drawFrame(c, x, y, ct.British)
	ty := cardTitle(c, cardWord(ctx, code), x, y+38, border)
	switch {
	case ct.Tank:
		para(c, ctx.T("flanders.img.tank_move", "N", ct.Move), x+cellW/2, ty, cellW-14, small, true, cInk, canvas.TopCenter)
	case ct.Keep:
		para(c, ctx.T("flanders.img.keep"), x+cellW/2, ty, cellW-14, small, false, cFaint, canvas.TopCenter)
	}
	n := ct.Black + ct.Grey
	for i := range n {
		col := cInk
		if i >= ct.Black {
			col = cGrey
		}
		troopIcon(c, x+cellW/2-float64(n-1)*8+float64(i)*16, y+cellH-20, col)
	}
}

func drawDie(c *canvas.Canvas, x, y float64, v int) {
	c.Rect(x, y, 34, 34, cWhite)
	c.RectOutline(x, y, 34, 34, 2, cInk)
	c.Text(fmt.Sprint(v), x+17, y+17, 22, true, cInk, canvas.Center)
}

// companyTag is a company's state in words: winner, on the Objective,
// wiped out; "" otherwise.
func companyTag(ctx render.Audience, p fl.PlayerView) string {
	switch {
	case p.Winner:
		return plain(ctx.T("flanders.st.winner"))
	case p.Reached:
		return ctx.T("flanders.img.reached")
	case p.Eliminated:
		return plain(ctx.T("flanders.st.eliminated"))
	}
	return ""
}

// keptLine lists the cards a company keeps, in words, in one line at
// most w wide: those that do not fit are counted ("+2"); "" for none.
func keptLine(ctx render.Audience, p fl.PlayerView, w float64) string {
	kept, _ := keptAndNew(p)
	var names []string
	for _, k := range kept {
		names = append(names, cardWord(ctx, k))
	}
	for n := len(names); n > 0; n-- {
		s := ctx.T("flanders.keeps", "Cards", strings.Join(names[:n], ", "))
		if n < len(names) {
			s += fmt.Sprintf(" +%d", len(names)-n)
		}
		if n == 1 || canvas.TextWidth(s, small, false) <= w {
			return s
		}
	}
	return ""
}

// Image draws the public board.
func (Renderer) Image(ctx render.Audience, v fl.View) ([]byte, error) {
	return picture(ctx, v).PNG()
}

// picture draws the public board on a copy of its static layer.
func picture(ctx render.Audience, v fl.View) *canvas.Canvas {
	base := baseLayer(ctx)
	c := base.c.Clone()
	notes := recent(ctx)
	turn := lastTurn(notes)
	// The top: the game and round, then the last action; a long action
	// takes both lines; the result takes them at the end.
	if v.Over {
		drawResult(ctx, c, v)
	} else {
		title := ctx.T("flanders.title", "Game", render.GameName(ctx, fl.ID), "Round", v.Round)
		lines := canvas.Wrap(lastCaption(ctx, notes), imgW-30, small, false)
		if len(lines) < 2 {
			c.Text(title, 8, topY, small, true, cInk, canvas.TopLeft)
		}
		y := topY + 2*lineH - float64(len(lines))*lineH
		for _, l := range lines[:min(2, len(lines))] {
			c.Rect(8, y, imgW-16, lineH, cLastBG)
			c.Rect(8, y, 5, lineH, cLast)
			c.Text(l, 19, y+1, small, false, cInk, canvas.TopLeft)
			y += lineH
		}
	}
	// Cards, the taken ones of this turn faded under a mark.
	taken := map[int]string{}
	for _, n := range turn.notes {
		if n.Kind == "took" && len(n.Nums) > 0 && len(n.Cards) > 0 {
			taken[n.Nums[0]] = n.Cards[0]
		}
	}
	for _, s := range v.Spaces {
		x, y := cellXY(s.Space)
		if s.Space == fl.NineSpace {
			if v.NineClaimed && !v.Over && v.Active < len(v.Players) {
				// the active company's figure on it, and the word
				col := laneCols[v.Players[v.Active].Colour]
				word := ctx.T("flanders.claimed")
				w := 22 + 6 + canvas.TextWidth(word, small, false)
				dx := x + (cellW-w)/2
				c.Circle(canvas.Pt{X: dx + 11, Y: y + cellH - 20}, 11, cInk)
				c.Circle(canvas.Pt{X: dx + 11, Y: y + cellH - 20}, 8.5, col)
				c.Text(word, dx+28, y+cellH-20, small, false, cLast, canvas.Left)
			}
			if s.Option {
				c.RectOutline(x, y, cellW, cellH, 6, cOption)
			}
			continue
		}
		if s.Card == nil {
			if code, ok := taken[s.Space]; ok && !v.Over {
				c.RectOutline(x+3, y+3, cellW-6, cellH-6, 4, cLast)
				para(c, ctx.T("flanders.img.taken"), x+cellW/2, y+40, cellW-14, small, false, cLast, canvas.TopCenter)
				cardTitle(c, cardWord(ctx, code), x, y+40+small*lead, cFaint)
			} else {
				c.Text("—", x+cellW/2, y+cellH/2+8, 30, false, cFaint, canvas.Center)
			}
			continue
		}
		drawCard(ctx, c, s.Space, s.Card.Type, s.Option)
	}
	// This turn's advance or retreat, beside the commander.
	if turn.seat >= 0 && turn.from != turn.to && !v.Over {
		x := laneX(turn.seat) + 16
		a, b := rowY(turn.from)+rowH/2, rowY(turn.to)+rowH/2
		dir := 1.0
		if b < a {
			dir = -1
		}
		c.Line(canvas.Pt{X: x, Y: a}, canvas.Pt{X: x, Y: b - dir*8}, 4, cLast)
		c.Polygon([]canvas.Pt{{X: x, Y: b + dir*2}, {X: x - 5, Y: b - dir*10}, {X: x + 5, Y: b - dir*10}}, cLast)
	}
	// Commanders.
	for _, p := range v.Players {
		drawCommander(c, p)
	}
	drawCompanies(ctx, c, v, base.legendTop)
	return c
}

// drawCommander draws a company's commander on its lane: its colour and
// troops, a white ring for the company to play, gold for a winner, a
// cross when wiped out.
func drawCommander(c *canvas.Canvas, p fl.PlayerView) {
	cx, cy := laneX(p.Seat), rowY(p.Row)+rowH/2
	col := laneCols[p.Colour]
	if p.Active {
		c.Circle(canvas.Pt{X: cx, Y: cy}, 15, cWhite)
	}
	if p.Winner {
		c.Circle(canvas.Pt{X: cx, Y: cy}, 15, cGold)
	}
	c.Circle(canvas.Pt{X: cx, Y: cy}, 13.5, cInk)
	if p.Eliminated {
		c.Circle(canvas.Pt{X: cx, Y: cy}, 12, cGrey)
		c.Line(canvas.Pt{X: cx - 8, Y: cy - 8}, canvas.Pt{X: cx + 8, Y: cy + 8}, 3, cInk)
		c.Line(canvas.Pt{X: cx - 8, Y: cy + 8}, canvas.Pt{X: cx + 8, Y: cy - 8}, 3, cInk)
	} else {
		c.Circle(canvas.Pt{X: cx, Y: cy}, 12, col)
		c.Text(fmt.Sprint(p.Troops), cx, cy, small, true, cWhite, canvas.Center)
	}
}

// drawCompanies lists the companies under the cards, a line or two each:
// colour, name and state, then the kept cards; the active one on a pale
// band; then the dice. It stops above the legend at legendTop.
func drawCompanies(ctx render.Audience, c *canvas.Canvas, v fl.View, legendTop float64) {
	y := companiesY
	for _, p := range v.Players {
		tag := companyTag(ctx, p)
		tagW := 0.0
		if tag != "" {
			tagW = canvas.TextWidth(tag, small, false) + 8
		}
		name := canvas.ClipWidth(ctx.Name(games.Seat(p.Seat)), rightW-24-tagW, small, true)
		kept := keptLine(ctx, p, rightW-24)
		h := lineH
		if kept != "" {
			h += lineH
		}
		col := laneCols[p.Colour]
		if p.Eliminated {
			col = cGrey
		}
		if p.Active {
			c.Rect(rightX-4, y-2, rightW+8, h+2, cActive)
		}
		c.Circle(canvas.Pt{X: rightX + 9, Y: y + lineH/2}, 9, col)
		c.Text(name, rightX+24, y, small, true, cInk, canvas.TopLeft)
		if tag != "" {
			c.Text(tag, rightX+24+canvas.TextWidth(name, small, true)+8, y, small, false, cInk, canvas.TopLeft)
		}
		if kept != "" {
			c.Text(kept, rightX+24, y+lineH, small, false, cFaint, canvas.TopLeft)
		}
		y += h + 2
	}
	y += 4
	if len(v.Dice) > 0 {
		label := ctx.T("flanders.img.dice")
		c.Text(label, rightX, y+17, small, false, cInk, canvas.Left)
		x := rightX + canvas.TextWidth(label, small, false) + 8
		for i, d := range v.Dice {
			drawDie(c, x+float64(i)*40, y, d)
		}
		y += 38
	}
	if companiesEnd != nil {
		companiesEnd(y, legendTop)
	}
}

// companiesEnd, when set (tests), sees where the companies and dice end
// and where the legend begins.
var companiesEnd func(end, legendTop float64)

// drawCardLegend explains the card spaces' symbols at the bottom of the
// right column and returns its top.
func drawCardLegend(ctx render.Audience, c *canvas.Canvas) float64 {
	icon := func(col color.RGBA) func(x, y float64) {
		return func(x, y float64) { troopIcon(c, x+8, y+lineH/2, col) }
	}
	items := []struct {
		draw func(x, y float64)
		text string
	}{
		{func(x, y float64) { c.RectOutline(x, y+2, 18, lineH-4, 4, cOption) }, ctx.T("flanders.img.l.option")},
		{icon(cInk), ctx.T("flanders.img.l.black")},
		{icon(cGrey), ctx.T("flanders.img.l.grey")},
		{func(x, y float64) { c.Text("%", x+2, y, small, false, cFaint, canvas.TopLeft) }, ctx.T("flanders.img.l.chance")},
	}
	h := 0.0
	for _, it := range items {
		h += paraHeight(it.text, rightW-26, small, false)
	}
	top := imgH - 6 - h
	y := top
	for _, it := range items {
		it.draw(rightX, y)
		y = para(c, it.text, rightX+26, y, rightW-26, small, false, cInk, canvas.TopLeft)
	}
	return top
}

// drawResult is the final banner across the top: who won, and why.
func drawResult(ctx render.Audience, c *canvas.Canvas, v fl.View) {
	key := "flanders.img.wins"
	if len(v.Winners) > 1 {
		key = "flanders.img.wins_many"
	}
	head := ctx.T(key, "Names", winnerNames(ctx, v))
	reason := ctx.T("flanders.reason." + v.Reason)
	y := topY - 2
	c.Rect(8, y, imgW-16, boardY-y-6, cWinBG)
	c.Text(canvas.ClipWidth(head, imgW-32, small, true), 16, y+3, small, true, cGold, canvas.TopLeft)
	c.Text(canvas.ClipWidth(reason, imgW-32, small, false), 16, y+3+lineH, small, false, cWhite, canvas.TopLeft)
}

// turnMarks is what the newest turn changed: its seat, the cards taken
// and the rows the commander went from and to.
type turnMarks struct {
	seat     int
	from, to int
	notes    []fl.Note
}

// lastTurn gathers the notes of the newest turn with any action in it
// (a turn just begun has none: then the turn before).
func lastTurn(recent []fl.Note) turnMarks {
	m := turnMarks{seat: -1}
	if len(recent) == 0 {
		return m
	}
	turn := recent[len(recent)-1].Turn
	var notes []fl.Note
	for _, n := range recent {
		if n.Turn == turn {
			notes = append(notes, n)
		}
	}
	if len(notes) == 1 && notes[0].Kind == "turn_started" {
		notes = nil
		for _, n := range recent {
			if n.Turn == turn-1 {
				notes = append(notes, n)
			}
		}
	}
	if len(notes) == 0 {
		return m
	}
	m.seat, m.notes = notes[len(notes)-1].Seat, notes
	m.from, m.to = -1, -1
	for _, n := range notes {
		switch {
		case n.Kind == "step" && len(n.Nums) > 0:
			if m.from < 0 {
				m.from = n.Nums[0] - 1
			}
			m.to = n.Nums[0]
		case n.Kind == "retreat" && len(n.Nums) > 1:
			if m.from < 0 {
				m.from = n.Nums[0]
			}
			m.to = n.Nums[1]
		}
	}
	return m
}

// lastCaption is the newest event in words, as the text board says it
// (a turn's start and the deck's bookkeeping aside).
func lastCaption(ctx render.Audience, recent []fl.Note) string {
	var keep []fl.Note
	for _, n := range recent {
		switch n.Kind {
		case "turn_started", "refilled", "reshuffled", "row_redrawn":
		default:
			keep = append(keep, n)
		}
	}
	if len(keep) == 0 {
		return ""
	}
	said := keep[len(keep)-1:]
	if n := keep[len(keep)-1]; n.Kind == "step" { // the whole advance: "advances to row 7"
		said = keep
	}
	lines := recentLines(ctx, said)
	if len(lines) == 0 {
		return ""
	}
	s := plain(lines[len(lines)-1])
	if name := ctx.Name(games.Seat(keep[len(keep)-1].Seat)); !strings.Contains(s, name) {
		s = name + ": " + s // "German MG: −1 troop" says whose
	}
	return s
}
