package frontline

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/warroom/warroom/render/i18n"
	"github.com/warroom/warroom/render/rendertest"
)

func TestZZDump(t *testing.T) {
	dir := os.Getenv("DUMP")
	if dir == "" {
		t.Skip()
	}
	dir = filepath.Join(dir, "frontline")
	os.MkdirAll(dir, 0o755)
	in := func(lang string, v any) ([]byte, error) {
		return rendertest.PicturesIn(imageCtx, pictureOf)(lang, v).PNGWith(palette)
	}
	for _, lang := range i18n.Languages {
		for i, v := range benchCandidates(t) {
			pic, err := in(lang, v)
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%03d.png", lang, i)), pic, 0o644)
		}
	}
}
