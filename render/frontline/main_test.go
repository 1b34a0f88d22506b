package frontline

import (
	"testing"

	"github.com/warroom/warroom/render/rendertest"
)

// TestMain loads the core catalogue and this renderer's, as catalog.Load
// does for the bot.
func TestMain(m *testing.M) { rendertest.Main(m, Locales) }
