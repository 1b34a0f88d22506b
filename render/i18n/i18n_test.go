package i18n_test

import (
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/warroom/warroom/catalog"
	"github.com/warroom/warroom/render/i18n"
)

// TestMain loads the catalogues as the bot does: the core's and every
// game's.
func TestMain(m *testing.M) {
	catalog.Load(catalog.All())
	os.Exit(m.Run())
}

func TestEveryMessageTranslated(t *testing.T) {
	if en := i18n.IDs("en"); len(en) < 50 {
		t.Fatalf("only %d English messages", len(en))
	}
	for _, prefix := range []string{"core.", "cmd."} {
		for _, p := range i18n.Problems(prefix) {
			t.Error(p)
		}
	}
}

func TestProblemsFindsGaps(t *testing.T) {
	i18n.Register(fstest.MapFS{
		"t/x.en.json": {Data: []byte(`{"zz.a": "A", "zz.n": {"one": "1 x", "other": "{{.Count}} x"}}`)},
		"t/x.pl.json": {Data: []byte(`{"zz.n": {"one": "1 x", "other": "x"}, "zz.extra": "E"}`)},
		"t/x.ru.json": {Data: []byte(`{"zz.a": "A", "zz.n": {"one": "1", "few": "2", "many": "5", "other": "x"}}`)},
	}, "t")
	got := strings.Join(i18n.Problems("zz."), "\n")
	for _, want := range []string{"pl: zz.a missing", "pl: zz.n needs one, few, many and other", "pl: zz.extra is not in English"} {
		if !strings.Contains(got, want) {
			t.Errorf("missing problem %q in\n%s", want, got)
		}
	}
	if strings.Contains(got, "ru:") {
		t.Errorf("complete Russian reported: %s", got)
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

// TestPlainLookupsKept: a message without data is looked up once per
// localizer, and a missing one is not kept (it stays missing only until
// it is registered, and the cache cannot grow past the catalogue).
func TestPlainLookupsKept(t *testing.T) {
	en := i18n.For("en")
	if a, b := en.T("core.lobby.start"), en.T("core.lobby.start"); a != b || strings.HasPrefix(a, "[") {
		t.Fatalf("core.lobby.start: %q then %q", a, b)
	}
	if pl := i18n.For("pl").T("core.lobby.start"); pl == en.T("core.lobby.start") {
		t.Errorf("Polish and English share a cached %q", pl)
	}
	if got := en.T("zz.late"); got != "[zz.late]" {
		t.Fatalf("unregistered zz.late = %q", got)
	}
	i18n.Register(fstest.MapFS{"t/late.en.json": {Data: []byte(`{"zz.late": "Late"}`)}}, "t")
	if got := en.T("zz.late"); got != "Late" {
		t.Errorf("zz.late after Register = %q: the miss was kept", got)
	}
}

// Templated messages are kept by id and data: each is what the template
// gives for that data, whatever was asked before it.
func TestFilledKept(t *testing.T) {
	i18n.Register(fstest.MapFS{"t/filled.en.json": {Data: []byte(`{"zz.pair": "{{.A}}|{{.B}}",
		"zz.troops": {"one": "{{.Count}} troop", "other": "{{.Count}} troops"}}`)}}, "t")
	en := i18n.For("en")
	cases := []struct {
		id   string
		kv   []any
		want string
	}{
		{"zz.pair", []any{"A", "x", "B", "yz"}, "x|yz"},
		{"zz.pair", []any{"A", "xy", "B", "z"}, "xy|z"},
		{"zz.pair", []any{"A", "x|y", "B", ""}, "x|y|"},
		{"zz.pair", []any{"A", "xB", "B", ""}, "xB|"},
		{"zz.pair", []any{"A", "x", "B", "B"}, "x|B"},
		{"zz.pair", []any{"A", 1, "B", "1"}, "1|1"},
		{"zz.pair", []any{"A", "1", "B", 1}, "1|1"},
		{"zz.pair", []any{"A", int64(-2), "B", 2.5}, "-2|2.5"},
		{"zz.pair", []any{"B", "b", "A", "a"}, "a|b"},
		{"zz.troops", []any{"Count", 1}, "1 troop"},
		{"zz.troops", []any{"Count", 2}, "2 troops"},
		{"zz.troops", []any{"Count", int64(1)}, "1 troop"},
	}
	for round := range 3 {
		for _, c := range cases {
			if got := en.T(c.id, c.kv...); got != c.want {
				t.Errorf("round %d: %s %v = %q, want %q", round, c.id, c.kv, got, c.want)
			}
		}
	}
}
