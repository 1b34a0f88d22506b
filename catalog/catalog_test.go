package catalog_test

import (
	"io/fs"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/warroom/warroom/catalog"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
	"github.com/warroom/warroom/render/i18n"
)

// missing is a message the catalogue did not find, as i18n shows it.
var missing = regexp.MustCompile(`\[[a-z_]+\.[a-z_.]+\]`)

// TestAll: the five games, each complete, their renderer drawing the
// engine's own game, and their words found once loaded.
func TestAll(t *testing.T) {
	set := catalog.NewSet(catalog.All())
	if got, want := set.IDs(), []string{"blindaz", "flanders", "fow", "frontline", "trenches"}; !slices.Equal(got, want) {
		t.Fatalf("ids %v, want %v", got, want)
	}
	catalog.Load(set.Modules())
	for _, m := range set.Modules() {
		if m.Locales == nil || m.ReplayName == nil {
			t.Errorf("%s: no locales or replay names", m.ID())
		}
		files, err := fs.Glob(m.Locales, "locales/*.json")
		if err != nil || len(files) < 3 {
			t.Errorf("%s: locale files %v (%v)", m.ID(), files, err)
		}
		for _, lang := range i18n.Languages {
			ctx := render.Audience{L: i18n.For(lang)}
			if name := render.GameName(ctx, m.ID()); name == "" || strings.Contains(name, "[") {
				t.Errorf("%s in %s: game name %q", m.ID(), lang, name)
			}
			// The rules come from the module's own catalogue: a word it
			// misses shows as [its.id].
			if miss := missing.FindString(m.Renderer.Rules(ctx)); miss != "" {
				t.Errorf("%s in %s: rules miss %s", m.ID(), lang, miss)
			}
		}
		if e, ok := set.Engine(m.ID()); !ok || e.Info().ID != m.ID() {
			t.Errorf("%s: Engine lookup", m.ID())
		}
	}
	if _, ok := set.Plans("blindaz"); !ok {
		t.Error("blindaz has no plans")
	}
	if _, ok := set.Plans("flanders"); ok {
		t.Error("flanders has plans")
	}
	if _, ok := set.Get("chess"); ok {
		t.Error("an unknown game found")
	}
}

// TestNewSetRefusesDuplicates: two modules of one game is a programming
// error, caught when the set is built.
func TestNewSetRefusesDuplicates(t *testing.T) {
	all := catalog.All()
	defer func() {
		if recover() == nil {
			t.Fatal("a duplicate game was accepted")
		}
	}()
	catalog.NewSet(append(all, all[0]))
}

// TestSubset: a test may serve one game only; the others are unknown.
func TestSubset(t *testing.T) {
	var only []catalog.Module
	for _, m := range catalog.All() {
		if m.ID() == "fow" {
			only = append(only, m)
		}
	}
	set := catalog.NewSet(only)
	if _, ok := set.Engine("flanders"); ok || len(set.Engines()) != 1 {
		t.Fatalf("subset serves %v", set.IDs())
	}
	var _ games.Engine = set.Engines()[0]
}
