package render

import (
	"strings"
	"testing"

	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render/i18n"
)

type dotView struct{ N int }

type dots struct{}

func (dots) Board(ctx Audience, v dotView) Card           { return Card{Title: strings.Repeat(".", v.N)} }
func (dots) Private(ctx Audience, v dotView) (Card, bool) { return Card{Title: "mine"}, true }
func (dots) Menu(ctx Audience, v dotView, legal []games.Action) Menu {
	return Menu{Prompt: strings.Repeat("?", v.N)}
}
func (dots) Status(ctx Audience, v dotView) string            { return "status" }
func (dots) Image(ctx Audience, v dotView) ([]byte, error)    { return []byte{byte(v.N)}, nil }
func (dots) Rules(ctx Audience) string                        { return "rules" }
func (dots) Tell(ctx Audience, v dotView, e games.Event) Line { return Line{Text: e.Kind} }

// Adapt hands a Typed renderer its own view (a value or a pointer to
// one), and answers a view of another type with safe defaults.
func TestAdapt(t *testing.T) {
	g := Adapt[dotView]("dots", dots{})
	ctx := Audience{L: i18n.For("en")}
	if c := g.Board(ctx, dotView{3}); c.Title != "..." {
		t.Errorf("board %q", c.Title)
	}
	if c := g.Board(ctx, &dotView{2}); c.Title != ".." {
		t.Errorf("board of a pointer %q", c.Title)
	}
	if b, err := g.Image(ctx, dotView{7}); err != nil || len(b) != 1 || b[0] != 7 {
		t.Errorf("image %v %v", b, err)
	}
	if l := g.Tell(ctx, dotView{}, games.Event{Kind: "moved"}); l.Text != "moved" {
		t.Errorf("tell %+v", l)
	}
	// A foreign view: the game's name, no picture, no secrets, no lines.
	if c := g.Board(ctx, "nonsense"); c.Title != GameName(ctx, "dots") {
		t.Errorf("foreign board %q", c.Title)
	}
	if b, err := g.Image(ctx, 42); b != nil || err == nil {
		t.Errorf("foreign image %v %v", b, err)
	}
	if _, ok := g.Private(ctx, nil); ok {
		t.Error("foreign private card")
	}
	if s := g.Status(ctx, nil); s != "" {
		t.Errorf("foreign status %q", s)
	}
	if l := g.Tell(ctx, nil, games.Event{Kind: "x"}); l.Text != "" {
		t.Errorf("foreign tell %+v", l)
	}
}
