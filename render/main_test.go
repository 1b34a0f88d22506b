package render_test

import (
	"os"
	"testing"

	"github.com/warroom/warroom/catalog"
)

// mods is every game, as the bot serves them.
var mods = catalog.NewSet(catalog.All())

func TestMain(m *testing.M) {
	catalog.Load(mods.Modules())
	os.Exit(m.Run())
}
