package canvas

import (
	"bytes"
	"image/color"
	"image/png"
	"testing"
)

func TestDrawAndEncode(t *testing.T) {
	c := New(120, 80, color.White)
	c.Rect(10, 10, 20, 20, Hex("#ff0000"))
	c.Polygon(RegularPolygon(Pt{80, 40}, 20, 6, 0), Hex("#00ff00"))
	c.Text("Łódź Ёж", 60, 70, 12, true, color.Black, Center)
	if got := c.Img.RGBAAt(20, 20); got != Hex("#ff0000") {
		t.Fatalf("rect pixel = %v", got)
	}
	if got := c.Img.RGBAAt(80, 40); got != Hex("#00ff00") {
		t.Fatalf("hex centre pixel = %v", got)
	}
	b, err := c.PNG()
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil || img.Bounds().Dx() != 120 {
		t.Fatalf("decode: %v %v", err, img)
	}
	if w := TextWidth("Łódź", 12, false); w <= 0 {
		t.Fatalf("width %v", w)
	}
}
