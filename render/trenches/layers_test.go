package trenches

import (
	"runtime"
	"testing"

	tov "github.com/warroom/warroom/games/trenches"
	"github.com/warroom/warroom/render/canvas"
	"github.com/warroom/warroom/render/i18n"
)

// TestStaticLayersBounded: the static layers of every scenario in every
// language (18 of them, about 9 MB) leave at most
// canvas.DefaultLayerBytes of heap once drawn.
func TestStaticLayersBounded(t *testing.T) {
	heap0 := heapInUse()
	for _, lang := range i18n.Languages {
		ctx := imageCtx
		ctx.L = i18n.For(lang)
		for n := 1; n <= 6; n++ {
			staticLayer(wordsFor(ctx, tov.View{Scenario: n}), n)
		}
	}
	if held := heapInUse() - heap0; held > canvas.DefaultLayerBytes+1<<20 {
		t.Fatalf("the static layers hold %.1f MB, over %d", float64(held)/(1<<20), canvas.DefaultLayerBytes>>20)
	}
}

// heapInUse is the heap in use after a collection.
func heapInUse() int {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int(ms.HeapInuse)
}
