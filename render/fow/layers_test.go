package fow

import (
	"testing"

	"github.com/warroom/warroom/render/canvas"
	"github.com/warroom/warroom/render/i18n"
	"github.com/warroom/warroom/render/rendertest"
)

// TestStaticLayersBounded: boards of every mission in every language
// keep at most canvas.DefaultLayerBytes of static layers, not one per
// mission, legend and language (3 MB each, half a gigabyte).
func TestStaticLayersBounded(t *testing.T) {
	in := rendertest.PicturesIn(imageCtx, pictureOf)
	cands := benchCandidates(t)
	for _, lang := range i18n.Languages {
		for _, v := range cands {
			in(lang, v)
		}
	}
	if n := canvas.LayerBytes(); n > canvas.DefaultLayerBytes {
		t.Fatalf("static layers hold %d bytes, over %d", n, canvas.DefaultLayerBytes)
	}
}
