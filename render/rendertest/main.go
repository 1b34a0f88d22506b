package rendertest

import (
	"io/fs"
	"os"
	"testing"

	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

// Main runs a renderer's tests with the core catalogue and the game's own
// (locales, its locales/*.json) loaded, as catalog.Load does for the bot.
func Main(m *testing.M, locales fs.FS) {
	i18n.Register(render.Locales, "locales")
	i18n.Register(locales, "locales")
	os.Exit(m.Run())
}
