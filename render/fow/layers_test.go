package fow

import (
	"testing"

	"github.com/warroom/warroom/render/i18n"
	"github.com/warroom/warroom/render/rendertest"
)

// TestStaticLayersBounded: boards of every mission in every language
// keep at most maxLayers static layers, not one per mission, legend and
// language (3 MB each).
func TestStaticLayersBounded(t *testing.T) {
	in := rendertest.PicturesIn(imageCtx, pictureOf)
	cands := benchCandidates(t)
	for _, lang := range i18n.Languages {
		for _, v := range cands {
			in(lang, v)
		}
	}
	baseMu.Lock()
	defer baseMu.Unlock()
	if len(bases) > maxLayers || len(baseOrder) != len(bases) {
		t.Fatalf("%d static layers kept (%d in order), over %d", len(bases), len(baseOrder), maxLayers)
	}
}
