package discordtest

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// Unicode's emoji-test.txt (Emoji 15.0, Debian unicode-data 15.0.0-1; see
// testdata/README.md). Discord accepts a unicode emoji in a component only
// as a fully-qualified emoji: U+1F0A0 (a playing card back, not an emoji) or
// "✔" without VS16 are refused with BUTTON_COMPONENT_INVALID_EMOJI.
//
//go:embed testdata/emoji-test.txt
var emojiTestTxt []byte

var emojiSet = sync.OnceValue(func() map[string]bool {
	set := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(emojiTestTxt))
	for sc.Scan() {
		// 1F44D 1F3FB ; fully-qualified # 👍🏻 E1.0 thumbs up: light skin tone
		line, _, _ := strings.Cut(sc.Text(), "#")
		cps, status, ok := strings.Cut(line, ";")
		if !ok || strings.TrimSpace(status) != "fully-qualified" {
			continue
		}
		var sb strings.Builder
		for _, f := range strings.Fields(cps) {
			r, err := strconv.ParseUint(f, 16, 32)
			if err != nil {
				panic("discordtest: emoji-test.txt: " + sc.Text())
			}
			sb.WriteRune(rune(r))
		}
		set[sb.String()] = true
	}
	return set
})

// ValidEmoji reports whether s is one fully-qualified emoji of Unicode's
// emoji-test.txt (Emoji 15.0): what Discord accepts as the name of a
// unicode emoji in a button or select option.
func ValidEmoji(s string) bool { return emojiSet()[s] }

// reSnowflake is a snowflake id as Discord writes it (the document's
// SnowflakeType pattern).
var reSnowflake = regexp.MustCompile(`^(0|[1-9][0-9]*)$`)

// Component types that carry an emoji (developers/components/reference.mdx
// "Component Types"): a button, and the options of a string select.
const (
	componentButton       = 2
	componentStringSelect = 3
)

// checkEmojis walks a request body (v as decoded by jsonschema.UnmarshalJSON)
// and adds BUTTON_COMPONENT_INVALID_EMOJI under the field of every button or
// select option emoji Discord would refuse. An emoji is a partial emoji
// object: a custom one by a snowflake id, a unicode one by its name
// (developers/components/reference.mdx "Button", "Select Option Structure").
func checkEmojis(errs formErrors, path []string, v any) {
	switch v := v.(type) {
	case []any:
		for i, e := range v {
			checkEmojis(errs, append(path[:len(path):len(path)], strconv.Itoa(i)), e)
		}
	case map[string]any:
		t := jsonInt(v["type"])
		if t == componentButton {
			checkEmoji(errs, path, v["emoji"])
		}
		if t == componentStringSelect {
			if opts, ok := v["options"].([]any); ok {
				for i, o := range opts {
					if om, ok := o.(map[string]any); ok {
						checkEmoji(errs, append(path[:len(path):len(path)], "options", strconv.Itoa(i)), om["emoji"])
					}
				}
			}
		}
		for k, e := range v {
			if k == "components" || k == "data" || k == "accessory" {
				checkEmojis(errs, append(path[:len(path):len(path)], k), e)
			}
		}
	}
}

func checkEmoji(errs formErrors, path []string, e any) {
	if e == nil {
		return
	}
	m, ok := e.(map[string]any)
	if !ok {
		return // not an object: the schema reports it
	}
	at := append(path[:len(path):len(path)], "emoji")
	id, _ := m["id"].(string)
	name, _ := m["name"].(string)
	switch {
	case m["id"] != nil:
		if !reSnowflake.MatchString(id) {
			errs.add(append(at, "id"), "BUTTON_COMPONENT_INVALID_EMOJI", "Invalid emoji: a custom emoji needs a snowflake id")
		}
	case name == "":
		errs.add(at, "BUTTON_COMPONENT_INVALID_EMOJI", "Invalid emoji: neither an id nor a name")
	case !ValidEmoji(name):
		errs.add(append(at, "name"), "BUTTON_COMPONENT_INVALID_EMOJI",
			"Invalid emoji: "+strconv.QuoteToASCII(name)+" is not a fully-qualified unicode emoji")
	}
}

// jsonInt reads an integer decoded as json.Number; -1 otherwise.
func jsonInt(v any) int64 {
	n, ok := v.(json.Number)
	if !ok {
		return -1
	}
	i, err := n.Int64()
	if err != nil {
		return -1
	}
	return i
}
