package games

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mtibben/confusables"
	"golang.org/x/text/secure/precis"
	"golang.org/x/text/unicode/norm"
)

// TextRule is how a verb takes what a player types (a Discord modal's text
// inputs, a line of `warroom play`): a free text in Action.Text and typed
// integers appended to the arguments Legal lists. Legal cannot list every
// string, so Legal lists the verb with its fixed arguments only (the form,
// e.g. "platoon.3"), and the gate accepts an action that is that form plus
// len(Numbers) integers in range plus a text the rule allows. Everything
// else about the action is the gate's as usual. A game declares its rules
// by verb with the optional Forms.
type TextRule struct {
	// Key names the text for the catalogue and the modal's input
	// (<game>.form.<verb>.<Key>); "" when the verb takes numbers only.
	Key string
	// MinRunes, MaxRunes bound the text in runes (characters as people
	// count them, not bytes). MaxRunes 0: the verb takes no text.
	MinRunes, MaxRunes int
	// Allowed, if set, is the only characters the text may hold (a name
	// drawn on a picture must be in its font). Control and format
	// characters are refused whatever it says.
	Allowed func(r rune) bool
	// Numbers are the typed integers, after the listed arguments.
	Numbers []NumberRule
	// Secret: the text is hidden information (a roster before it is
	// revealed). The table service's log line of a move carries the text
	// of a rule that is not secret, never of one that is; the gate's own
	// error details never carry any.
	Secret bool
}

// NumberRule is one typed integer of a TextRule.
type NumberRule struct {
	Key      string // catalogue key and modal input: <game>.form.<verb>.<Key>
	Min, Max int
}

// CleanText is what the table service and the terminal make of typed text
// before it reaches the gate: valid UTF-8, NFC (so "é" typed two ways is
// one name), every run of white space (new lines too) one space, trimmed.
// The gate accepts only text that is already clean.
func CleanText(s string) string {
	s = norm.NFC.String(strings.ToValidUTF8(s, ""))
	return strings.Join(strings.FieldsFunc(s, unicode.IsSpace), " ")
}

// nickname is the PRECIS profile typed names follow (RFC 8264, RFC 8266):
// it refuses what cannot be seen or told apart (default ignorable code
// points such as U+FE0F and U+034F, controls, unassigned code points,
// bidirectional mixtures) and maps widths and compatibility forms (NFKC).
var nickname = precis.Nickname

// LookAlike reports two names a reader cannot tell apart: equal after the
// Unicode confusables skeleton (UTS #39) and case folding, so "Кurt" with
// a Cyrillic "К" looks like "kurt", and "rn" like "m".
func LookAlike(a, b string) bool {
	lower := func(s string) string { return confusables.Skeleton(strings.ToLower(s)) }
	upper := func(s string) string { return lower(confusables.Skeleton(s)) } // "К" is "K" before folding
	return lower(a) == lower(b) || upper(a) == upper(b)
}

// profileError is why text fails the PRECIS profile or shows nothing a
// reader can see (combining marks with no letter or digit to sit on).
func profileError(text string) error {
	p, err := nickname.String(text)
	if err != nil {
		return Illegal("text_bad_char")
	}
	if p != text {
		return Illegal("text_unclean")
	}
	first, _ := utf8.DecodeRuneInString(text)
	if unicode.In(first, unicode.M) || strings.IndexFunc(text, func(r rune) bool { return unicode.In(r, unicode.L, unicode.N) }) < 0 {
		return Illegal("text_no_letter")
	}
	return nil
}

// TextError is why a typed text is refused, as an *Error code with no
// detail (the text may be secret): text_empty, text_too_short,
// text_too_long, text_bad_char, text_unclean, text_no_letter,
// number_range. Every text follows the PRECIS Nickname profile.
func TextError(rule TextRule, text string) error {
	if rule.MaxRunes == 0 {
		if text != "" {
			return Illegal("text_unexpected")
		}
		return nil
	}
	if !utf8.ValidString(text) || text != CleanText(text) {
		return Illegal("text_unclean")
	}
	n := utf8.RuneCountInString(text)
	switch {
	case n == 0 && rule.MinRunes > 0:
		return Illegal("text_empty")
	case n < rule.MinRunes:
		return Illegal("text_too_short")
	case n > rule.MaxRunes:
		return Illegal("text_too_long")
	}
	for _, r := range text {
		if rule.Allowed != nil && !rule.Allowed(r) && r != ' ' {
			return Illegal("text_bad_char")
		}
	}
	return profileError(text)
}

// NameRune allows the characters of a name that every board can show:
// letters of the Latin and Cyrillic scripts (with their accents), digits,
// spaces and plain punctuation. Markdown and mention characters (* _ ~ `
// | > < @ # [ ] \) are not among them, nor ':' (no "https://" link).
func NameRune(r rune) bool {
	switch {
	case unicode.In(r, unicode.Latin, unicode.Cyrillic), unicode.Is(unicode.Mn, r):
		return true
	case r >= '0' && r <= '9', r == ' ':
		return true
	}
	return strings.ContainsRune(".,'’-–()/&+!?\"„”«»", r)
}

// form is the listed action a typed action fills in: the same verb and
// the listed arguments, then len(rule.Numbers) more.
func form(legal []Action, rule TextRule, a Action) bool {
	n := len(a.Args) - len(rule.Numbers)
	if n < 0 {
		return false
	}
	return slices.ContainsFunc(legal, func(l Action) bool {
		return l.Verb == a.Verb && l.Text == "" && slices.Equal(l.Args, a.Args[:n])
	})
}

// typedError checks the typed part of a (its text and numbers) by rule.
func typedError(rule TextRule, a Action) error {
	if err := TextError(rule, a.Text); err != nil {
		return err
	}
	nums := a.Args[len(a.Args)-len(rule.Numbers):]
	for i, nr := range rule.Numbers {
		if nums[i] < nr.Min || nums[i] > nr.Max {
			return Illegal("number_range", nr.Key)
		}
	}
	return nil
}

// Forms is optional for a Game (and part of Engine) whose verbs take
// typed input: TextRule is verb's rule, ok false for a verb that takes
// none. The gate accepts a form's listed action filled in by its rule;
// the table service opens a modal for it.
type Forms interface {
	TextRule(verb string) (rule TextRule, ok bool)
}

func ruleOf(f Forms, verb string) (TextRule, bool) {
	if f == nil {
		return TextRule{}, false
	}
	return f.TextRule(verb)
}

// Accepts is the gate's test without performing anything: a is in legal,
// or fills in a form of legal by f's rules (f may be nil: no forms). err
// says why a form's typed part is refused (ok is then false); a nil err
// with !ok means a is simply not legal.
func Accepts(f Forms, legal []Action, a Action) (ok bool, err error) {
	rule, has := ruleOf(f, a.Verb)
	if !has {
		return a.Text == "" && InLegal(legal, a), nil
	}
	if !form(legal, rule, a) {
		if InLegal(legal, Action{Verb: a.Verb, Args: a.Args}) {
			// The form itself, without what is to be typed.
			return false, Illegal("text_missing")
		}
		return false, nil
	}
	if err := typedError(rule, a); err != nil {
		return false, err
	}
	return true, nil
}

// TextChecker is optional for a Game with typed input: CheckText says
// why the typed part of a, which fits its form and rule, is refused in
// state s (a platoon name already in use), as an *Error; nil accepts it.
type TextChecker[S any] interface {
	CheckText(s S, seat Seat, a Action) error
}

// Fill makes a of legal's form complete with typed values drawn from r
// within rule: for tests and tools that play every legal action. An
// action that is not a form is returned as is.
func Fill(f Forms, a Action, r Rand) Action {
	rule, ok := ruleOf(f, a.Verb)
	if !ok {
		return a
	}
	a.Args = slices.Clone(a.Args)
	for _, nr := range rule.Numbers {
		a.Args = append(a.Args, nr.Min+r.Intn(nr.Max-nr.Min+1))
	}
	a.Text = ""
	if rule.MaxRunes > 0 {
		const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		n := max(rule.MinRunes, min(rule.MaxRunes, 12))
		b := make([]byte, n)
		for i := range b {
			b[i] = letters[r.Intn(len(letters))]
		}
		a.Text = string(b)
	}
	return a
}
