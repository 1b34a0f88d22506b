// Package i18n is warroom's message catalogue: every user-facing string is
// looked up here by id and chosen by the Discord locale of the interaction.
// English is complete; Polish and Russian fall back to English per message.
//
// Catalogue files are go-i18n JSON files named <anything>.<lang>.json
// (lang = en, pl or ru), embedded by the package that owns the strings and
// loaded with Register by whoever assembles the program (catalog.Load,
// a test's TestMain): no package registers itself. A message is either a string or
// a CLDR plural map ({"one": ..., "few": ..., "many": ..., "other": ...})
// selected by the "Count" argument; Polish and Russian need all four.
package i18n

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"reflect"
	"sort"
	"strings"
	"sync"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

// Languages are the catalogue's languages, English first (the fallback).
var Languages = []string{"en", "pl", "ru"}

var (
	mu     sync.RWMutex
	bundle = newBundle()
	ids    = map[string]map[string]*goi18n.Message{} // lang -> id -> message
	cache  = map[string]*Localizer{}
	loaded = map[source]bool{}
)

// source is one catalogue directory Register has loaded.
type source struct {
	fsys fs.FS
	dir  string
}

func newBundle() *goi18n.Bundle {
	b := goi18n.NewBundle(language.English)
	b.RegisterUnmarshalFunc("json", json.Unmarshal)
	return b
}

// Register loads every *.json file of fsys under dir into the catalogue;
// loading the same fsys and dir again does nothing, so every service and
// test may load what it needs (an fsys of a type that cannot be compared,
// such as fstest.MapFS, is loaded every time).
// It panics on a malformed file: catalogues are embedded, so that is a
// programming error caught by any test that loads it.
func Register(fsys fs.FS, dir string) {
	mu.Lock()
	defer mu.Unlock()
	if reflect.TypeOf(fsys).Comparable() {
		if loaded[source{fsys, dir}] {
			return
		}
		loaded[source{fsys, dir}] = true
	}
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		panic(fmt.Sprintf("i18n: read %s: %v", dir, err))
	}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		p := path.Join(dir, e.Name())
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			panic(fmt.Sprintf("i18n: %s: %v", p, err))
		}
		mf, err := bundle.ParseMessageFileBytes(data, p)
		if err != nil {
			panic(fmt.Sprintf("i18n: %s: %v", p, err))
		}
		lang := mf.Tag.String()
		if ids[lang] == nil {
			ids[lang] = map[string]*goi18n.Message{}
		}
		for _, m := range mf.Messages {
			ids[lang][m.ID] = m
		}
	}
	cache = map[string]*Localizer{}
}

// Localizer translates for one language.
type Localizer struct {
	lang string
	loc  *goi18n.Localizer
	// kept holds messages by id and data (keyOf), up to keptMax: boards
	// ask for the same labels and fill the same templates ("Round 3", a
	// company's row) at every move, and a lookup is mostly the template.
	mu   sync.Mutex
	kept map[string]string
}

// keptMax bounds a localizer's kept messages; when full it starts afresh.
const keptMax = 8192

// Lang is the language actually used: en, pl or ru.
func (l *Localizer) Lang() string { return l.lang }

// Match maps a Discord locale ("pl", "ru", "en-US", "uk", ...) to one of
// Languages; anything else is English.
func Match(locale string) string {
	locale = strings.ToLower(locale)
	for _, l := range Languages {
		if locale == l || strings.HasPrefix(locale, l+"-") {
			return l
		}
	}
	return "en"
}

// For returns the localizer for a Discord locale.
func For(locale string) *Localizer {
	lang := Match(locale)
	mu.RLock()
	l, ok := cache[lang]
	mu.RUnlock()
	if ok {
		return l
	}
	mu.Lock()
	defer mu.Unlock()
	l = &Localizer{lang: lang, loc: goi18n.NewLocalizer(bundle, lang, "en")}
	cache[lang] = l
	return l
}

// T translates message id with template data given as key, value pairs
// ("Count", 3, "Name", "Ann"). The "Count" key also selects the plural
// form. A missing id yields the id itself in brackets, which the catalogue
// test reports, so a missing string is visible and never a crash.
func (l *Localizer) T(id string, kv ...any) string {
	var buf [128]byte
	key, ok := keyOf(buf[:0], id, kv)
	if !ok {
		s, _ := l.t(id, kv...)
		return s
	}
	l.mu.Lock()
	s, hit := l.kept[string(key)]
	l.mu.Unlock()
	if hit {
		return s
	}
	s, ok = l.t(id, kv...)
	if ok { // a missing id is not kept: Register may add it
		l.mu.Lock()
		if len(l.kept) >= keptMax || l.kept == nil {
			l.kept = make(map[string]string, keptMax/4)
		}
		l.kept[string(key)] = s
		l.mu.Unlock()
	}
	return s
}

// keyOf appends id and its data to b as one key, each part with its
// length so that no two differ only in where one ends; ok is false for
// data other than strings and integers (which T formats with fmt).
func keyOf(b []byte, id string, kv []any) ([]byte, bool) {
	b = binary.AppendUvarint(b, uint64(len(id)))
	b = append(b, id...)
	for _, v := range kv {
		switch x := v.(type) {
		case string:
			b = append(b, 's')
			b = binary.AppendUvarint(b, uint64(len(x)))
			b = append(b, x...)
		case int:
			b = append(b, 'i')
			b = binary.AppendVarint(b, int64(x))
		case int64:
			b = append(b, 'l')
			b = binary.AppendVarint(b, x)
		default:
			return nil, false
		}
	}
	return b, true
}

// t is T without the cache; ok is false for a missing id.
func (l *Localizer) t(id string, kv ...any) (s string, ok bool) {
	var data map[string]any
	var count any
	if len(kv) > 0 {
		data = make(map[string]any, len(kv)/2)
		for i := 0; i+1 < len(kv); i += 2 {
			k := fmt.Sprint(kv[i])
			data[k] = kv[i+1]
			if k == "Count" {
				count = kv[i+1]
			}
		}
	}
	s, err := l.loc.Localize(&goi18n.LocalizeConfig{MessageID: id, TemplateData: data, PluralCount: count})
	if err != nil || s == "" {
		return "[" + id + "]", false
	}
	return s, true
}

// Has reports whether id exists in the English catalogue.
func Has(id string) bool {
	mu.RLock()
	defer mu.RUnlock()
	return ids["en"][id] != nil
}

// Problems checks the catalogue for the messages whose id starts with
// prefix: every English message is in Polish and Russian, no language has
// a message English lacks, and a plural message gives Polish and Russian
// all of one/few/many/other (English: one/other).
func Problems(prefix string) []string {
	mu.RLock()
	defer mu.RUnlock()
	var out []string
	en := ids["en"]
	for _, id := range sortedIDs(en) {
		if !strings.HasPrefix(id, prefix) {
			continue
		}
		m := en[id]
		if isPlural(m) && (m.One == "" || m.Other == "") {
			out = append(out, fmt.Sprintf("en: %s needs one and other", id))
		}
		for _, lang := range Languages[1:] {
			tm := ids[lang][id]
			switch {
			case tm == nil:
				out = append(out, fmt.Sprintf("%s: %s missing", lang, id))
			case isPlural(m) && (tm.One == "" || tm.Few == "" || tm.Many == "" || tm.Other == ""):
				out = append(out, fmt.Sprintf("%s: %s needs one, few, many and other", lang, id))
			}
		}
	}
	for _, lang := range Languages[1:] {
		for _, id := range sortedIDs(ids[lang]) {
			if strings.HasPrefix(id, prefix) && en[id] == nil {
				out = append(out, fmt.Sprintf("%s: %s is not in English", lang, id))
			}
		}
	}
	return out
}

func isPlural(m *goi18n.Message) bool {
	return m.Zero != "" || m.One != "" || m.Two != "" || m.Few != "" || m.Many != ""
}

func sortedIDs(m map[string]*goi18n.Message) []string {
	out := make([]string, 0, len(m))
	for id := range m {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

// IDs lists the message ids known for a language, sorted.
func IDs(lang string) []string {
	mu.RLock()
	defer mu.RUnlock()
	return sortedIDs(ids[lang])
}
