package canvas

import (
	"image/color"
	"testing"
)

// layerOf draws a w x 100 layer, counting the draws.
func layerOf(w int, draws *int) func() (*Canvas, int) {
	return func() (*Canvas, int) {
		*draws++
		return New(testPalette, w, 100, color.White), w
	}
}

// TestLayerLRU: a layer is drawn once while kept, the least recently
// used goes first once the layers pass the budget, and a dropped layer
// is drawn again when asked for.
func TestLayerLRU(t *testing.T) {
	type key struct{ n int }
	defer SetLayerBytes(DefaultLayerBytes)
	SetLayerBytes(0)
	one := 100 * 100 // bytes of a 100x100 layer
	SetLayerBytes(2 * one)
	draws := 0
	a, w := Layer(key{1}, layerOf(100, &draws))
	if w != 100 {
		t.Fatalf("extra %d, want 100", w)
	}
	if again, _ := Layer(key{1}, layerOf(100, &draws)); again != a || draws != 1 {
		t.Fatalf("a kept layer was drawn again (%d draws, same %v)", draws, again == a)
	}
	Layer(key{2}, layerOf(100, &draws))
	Layer(key{1}, layerOf(100, &draws)) // 1 is now the most recently used
	Layer(key{3}, layerOf(100, &draws)) // over budget: 2 goes
	if draws != 3 || LayerBytes() != 2*one {
		t.Fatalf("%d draws, %d bytes kept; want 3 and %d", draws, LayerBytes(), 2*one)
	}
	if again, _ := Layer(key{1}, layerOf(100, &draws)); again != a || draws != 3 {
		t.Fatal("the most recently used layer was dropped")
	}
	Layer(key{2}, layerOf(100, &draws))
	if draws != 4 {
		t.Fatalf("the dropped layer was not drawn again: %d draws", draws)
	}
}

// TestLayerOverBudget: a layer larger than the budget is still returned
// and kept alone, and a smaller budget drops layers at once.
func TestLayerOverBudget(t *testing.T) {
	type key struct{ n int }
	defer SetLayerBytes(DefaultLayerBytes)
	SetLayerBytes(0)
	SetLayerBytes(100)
	draws := 0
	c, _ := Layer(key{1}, layerOf(100, &draws))
	if c == nil || LayerBytes() != 100*100 {
		t.Fatalf("layer %v, %d bytes kept", c, LayerBytes())
	}
	Layer(key{2}, layerOf(50, &draws))
	if LayerBytes() != 50*100 {
		t.Fatalf("%d bytes kept, want only the newest layer's %d", LayerBytes(), 50*100)
	}
	SetLayerBytes(DefaultLayerBytes)
	Layer(key{3}, layerOf(50, &draws))
	SetLayerBytes(0)
	if LayerBytes() != 50*100 {
		t.Fatalf("%d bytes kept after the budget fell to 0", LayerBytes())
	}
}

// TestLayerKeysOfGames: equal values of two games' key types are two
// layers.
func TestLayerKeysOfGames(t *testing.T) {
	type keyA struct{ lang string }
	type keyB struct{ lang string }
	draws := 0
	a, _ := Layer(keyA{"pl"}, layerOf(10, &draws))
	b, _ := Layer(keyB{"pl"}, layerOf(10, &draws))
	if a == b || draws != 2 {
		t.Fatalf("two games' keys shared a layer (%d draws)", draws)
	}
}
