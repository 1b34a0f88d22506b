package i18n_test

import (
	"strings"
	"testing"

	_ "github.com/warroom/warroom/render" // registers the core catalogue
	"github.com/warroom/warroom/render/i18n"
)

func TestEveryMessageTranslated(t *testing.T) {
	en := i18n.IDs("en")
	if len(en) < 50 {
		t.Fatalf("only %d English messages", len(en))
	}
	for _, lang := range []string{"pl", "ru"} {
		have := map[string]bool{}
		for _, id := range i18n.IDs(lang) {
			have[id] = true
		}
		for _, id := range en {
			if !have[id] {
				t.Errorf("%s: %s missing", lang, id)
			}
		}
	}
}

func TestLocaleMatchAndPlurals(t *testing.T) {
	for in, want := range map[string]string{"pl": "pl", "ru": "ru", "en-US": "en", "en-GB": "en", "uk": "en", "": "en"} {
		if got := i18n.Match(in); got != want {
			t.Errorf("Match(%q) = %q", in, got)
		}
	}
	pl := i18n.For("pl")
	for n, want := range map[int]string{1: "miejsce", 3: "miejsca", 5: "miejsc", 22: "miejsca"} {
		if got := pl.T("core.lobby.seats", "Count", n); !strings.HasSuffix(got, want) {
			t.Errorf("pl %d: %q", n, got)
		}
	}
	ru := i18n.For("ru")
	for n, want := range map[int]string{1: "место", 2: "места", 5: "мест", 21: "место"} {
		if got := ru.T("core.lobby.seats", "Count", n); !strings.HasSuffix(got, want) {
			t.Errorf("ru %d: %q", n, got)
		}
	}
	if got := i18n.For("en").T("no.such.key"); got != "[no.such.key]" {
		t.Errorf("missing key rendered as %q", got)
	}
}
