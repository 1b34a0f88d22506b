package frontline

import (
	"os"
	"testing"

	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

// TestMain loads the core catalogue and this renderer's, as catalog.Load
// does for the bot.
func TestMain(m *testing.M) {
	i18n.Register(render.Locales, "locales")
	i18n.Register(Locales, "locales")
	os.Exit(m.Run())
}
