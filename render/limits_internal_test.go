package render

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"pgregory.net/rapid"
)

// pieces are what clipping must not break: mentions, timestamps,
// Markdown, emoji sequences (ZWJ, variation selector, flag), Polish and
// Russian letters, spaces and line breaks.
var pieces = []string{"<@123456789012345678>", "<#42>", "<t:4102444800:R>", "**", "__", "~~", "||", "`", "```",
	"⚔️", "👨‍👩‍👧", "🇵🇱", "👍🏽", "é", "ż", "щ", "x", "word", " ", "\n", "<", ">"}

var (
	openToken = regexp.MustCompile(`<(@|#|t:|t|@\d*|#\d*|t:\d*|t:\d+:\w?)$`)
	tokenRest = regexp.MustCompile(`^[^<>\s]*>`)
)

func TestClipKeepsTokens(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var b strings.Builder
		for range rapid.IntRange(0, 80).Draw(t, "pieces") {
			b.WriteString(rapid.SampledFrom(pieces).Draw(t, "piece"))
		}
		s := b.String()
		n := rapid.IntRange(0, runes(s)+3).Draw(t, "n")
		out := Clip(s, n)
		if runes(out) > n || !utf8.ValidString(out) {
			t.Fatalf("Clip(%q, %d) = %q: %d characters", s, n, out, runes(out))
		}
		if runes(s) <= n {
			if out != s {
				t.Fatalf("Clip changed a short text: %q", out)
			}
			return
		}
		kept, _, ok := strings.Cut(out, "…")
		if n > 0 && (!ok || !strings.HasPrefix(s, kept)) {
			t.Fatalf("Clip(%q, %d) = %q: not a prefix and a mark", s, n, out)
		}
		// The cut is not inside a mention or timestamp.
		if openToken.MatchString(kept) && tokenRest.MatchString(s[len(kept):]) {
			t.Fatalf("Clip(%q, %d) = %q cuts a token", s, n, out)
		}
		// Nor inside an emoji sequence.
		if next, _ := utf8.DecodeRuneInString(s[len(kept):]); len(kept) < len(s) && (joinsPrevious(next) || strings.HasSuffix(kept, "\u200d")) {
			t.Fatalf("Clip(%q, %d) = %q splits an emoji", s, n, out)
		}
		// Markdown the cut opened is closed again.
		if n > 0 && openMarks(out) != "" && openMarks(s) == "" {
			t.Fatalf("Clip(%q, %d) = %q leaves %q open", s, n, out, openMarks(out))
		}
	})
}

func TestClipExamples(t *testing.T) {
	for _, c := range []struct {
		s    string
		n    int
		want string
	}{
		{"hello world", 20, "hello world"},
		{"hello world", 0, ""},
		{"hello world", 1, "…"},
		{"hello brave new world", 20, "hello brave new…"},
		{"line one\nline two is long", 20, "line one\nline two…"},
		{"first line of a long text\nsecond line here", 40, "first line of a long text\nsecond line…"},
		{"first line of a long text\nsecond line here", 30, "first line of a long text…"},
		{"ping <@123456789012345678> now", 20, "ping…"},
		{"a **bold claim here**", 12, "a **bold…**"},
		{"flags 🇵🇱🇵🇱", 8, "flags…"},
		{"🇵🇱🇵🇱🇵🇱", 4, "🇵🇱…"},
		{"⚔️⚔️⚔️", 4, "⚔️…"},
	} {
		if got := Clip(c.s, c.n); got != c.want {
			t.Errorf("Clip(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
	}
}

func TestLastLines(t *testing.T) {
	lines := []string{"one", "two", "three"}
	for n, want := range map[int]string{100: "one\ntwo\nthree", 9: "two\nthree", 5: "three", 3: "th…"} {
		if got := LastLines(lines, n); got != want {
			t.Errorf("LastLines(%d) = %q, want %q", n, got, want)
		}
	}
	if LastLines(nil, 10) != "" {
		t.Error("no lines")
	}
}
