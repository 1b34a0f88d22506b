package games

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// label is a tiny game with one form: "label.<i>.<n>" names counter i
// (0 or 1) with a typed name and sets it to n (0..9); names are unique.
type label struct{}

type labelState struct {
	Names [2]string `json:"names"`
	N     [2]int    `json:"n"`
}

var labelRule = TextRule{Key: "name", MinRunes: 1, MaxRunes: 5, Allowed: NameRune, Secret: true,
	Numbers: []NumberRule{{Key: "n", Min: 0, Max: 9}}}

func (label) Info() Info {
	return Info{ID: "label", MinSeats: 1, MaxSeats: 1}
}
func (label) TextRule(verb string) (TextRule, bool)        { return labelRule, verb == "label" }
func (label) Setup(Options, int, Rand) (labelState, error) { return labelState{}, nil }
func (label) Active(labelState) []Seat                     { return []Seat{0} }
func (label) Legal(s labelState, seat Seat) []Action {
	if seat != 0 {
		return nil
	}
	return []Action{Act("label", 0), Act("label", 1), Act("noop")}
}
func (label) Do(s labelState, _ Seat, a Action, _ Rand) (labelState, []Event) {
	if a.Verb == "label" {
		s.Names[a.Args[0]], s.N[a.Args[0]] = a.Text, a.Args[1]
	}
	return s, nil
}
func (label) View(s labelState, _ Seat) any     { return s }
func (label) Outcome(labelState) Outcome        { return Outcome{} }
func (label) Bot(labelState, Seat, Rand) Action { return Act("noop") }
func (label) CheckText(s labelState, _ Seat, a Action) error {
	if o := 1 - a.Args[0]; LookAlike(s.Names[o], a.Text) {
		return Illegal("name_taken")
	}
	return nil
}

func TestTextGate(t *testing.T) {
	g := Check[labelState](label{})
	s := labelState{Names: [2]string{"", "Kurt"}}
	for _, c := range []struct {
		a    Action
		code string // "" = accepted
	}{
		{Action{Verb: "label", Args: []int{0, 3}, Text: "Anna"}, ""},
		{Action{Verb: "label", Args: []int{0, 3}, Text: "Żółw"}, ""},
		{Action{Verb: "label", Args: []int{0, 3}, Text: "Рота"}, ""},
		{Action{Verb: "label", Args: []int{0, 3}, Text: "kurt"}, "name_taken"},
		{Action{Verb: "label", Args: []int{0, 3}, Text: "\u041aurt"}, "name_taken"}, // Cyrillic К
		{Action{Verb: "label", Args: []int{0, 3}, Text: "Kurt\ufe0f"}, "text_bad_char"},
		{Action{Verb: "label", Args: []int{0, 3}, Text: "Ku\u034frt"}, "text_bad_char"},
		{Action{Verb: "label", Args: []int{0, 3}, Text: "A\u200bB"}, "text_bad_char"},
		{Action{Verb: "label", Args: []int{0, 3}, Text: "\u0301\u0308"}, "text_no_letter"},
		{Action{Verb: "label", Args: []int{0, 3}, Text: "\u0301A"}, "text_no_letter"},
		{Action{Verb: "label", Args: []int{0, 3}, Text: "..."}, "text_no_letter"},
		{Action{Verb: "label", Args: []int{0, 3}, Text: "Ёж"}, ""},
		{Action{Verb: "label", Args: []int{0, 3}, Text: "Annabel"}, "text_too_long"},
		{Action{Verb: "label", Args: []int{0, 3}, Text: ""}, "text_empty"},
		{Action{Verb: "label", Args: []int{0, 3}, Text: " Anna"}, "text_unclean"},
		{Action{Verb: "label", Args: []int{0, 3}, Text: "A\nB"}, "text_unclean"},
		{Action{Verb: "label", Args: []int{0, 3}, Text: "A\u202eB"}, "text_bad_char"},
		{Action{Verb: "label", Args: []int{0, 3}, Text: "A\x00B"}, "text_bad_char"},
		{Action{Verb: "label", Args: []int{0, 3}, Text: "@here"}, "text_bad_char"},
		{Action{Verb: "label", Args: []int{0, 3}, Text: "**A**"}, "text_bad_char"},
		{Action{Verb: "label", Args: []int{0, 3}, Text: "A:B"}, "text_bad_char"},
		{Action{Verb: "label", Args: []int{0, 3}, Text: "你好"}, "text_bad_char"},
		{Action{Verb: "label", Args: []int{0, 3}, Text: string([]byte{0xff})}, "text_unclean"},
		{Action{Verb: "label", Args: []int{0, 10}, Text: "Anna"}, "number_range"},
		{Action{Verb: "label", Args: []int{0, -1}, Text: "Anna"}, "number_range"},
		{Action{Verb: "label", Args: []int{0}, Text: "Anna"}, "text_missing"},
		{Action{Verb: "label", Args: []int{0}}, "text_missing"},
		{Action{Verb: "label", Args: []int{2, 3}, Text: "Anna"}, "not_legal"},
		{Action{Verb: "label", Args: []int{0, 3, 4}, Text: "Anna"}, "not_legal"},
		{Action{Verb: "noop", Text: "x"}, "not_legal"},
		{Action{Verb: "noop"}, ""},
	} {
		ns, ev, err := g.Apply(s, 0, c.a, NewPCG(1, 1))
		if got := ErrorCode(err); got != c.code {
			t.Errorf("%s: code %q, want %q", c.a.Full(), got, c.code)
			continue
		}
		if err != nil {
			if ns != s || ev != nil {
				t.Errorf("%s refused but changed the state", c.a.Full())
			}
			if strings.Contains(err.Error(), c.a.Text) && c.a.Text != "" && c.a.Text != "x" {
				t.Errorf("%s: the error carries the typed text: %v", c.a.Full(), err)
			}
		} else if c.a.Verb == "label" && ns.Names[0] != c.a.Text {
			t.Errorf("%s: stored %q", c.a.Full(), ns.Names[0])
		}
	}
}

func TestCleanText(t *testing.T) {
	for in, want := range map[string]string{
		"  Panzer   IV \n Zug\t": "Panzer IV Zug",
		"e\u0301":                "é", // NFC
		"a\xffb":                 "ab",
		"":                       "",
	} {
		if got := CleanText(in); got != want {
			t.Errorf("CleanText(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestParseActionText(t *testing.T) {
	a := Action{Verb: "platoon", Args: []int{3, 350, 7}, Text: `Panzer "IV" Zug`}
	if a.String() != "platoon.3.350.7" {
		t.Fatalf("String carries the text: %q", a.String())
	}
	b, err := ParseAction(a.Full())
	if err != nil || !b.Equal(a) {
		t.Fatalf("ParseAction(%q) = %+v, %v", a.Full(), b, err)
	}
	if b, err := ParseAction(`platoon 3 350 7 "Żółw"`); err != nil || b.Text != "Żółw" || len(b.Args) != 3 {
		t.Fatalf("spaces: %+v %v", b, err)
	}
	for _, bad := range []string{`platoon.3 "open`, `platoon.3 "a" "b"`, `"x"`} {
		if _, err := ParseAction(bad); err == nil {
			t.Errorf("ParseAction(%q) accepted", bad)
		}
	}
}

// FuzzTypedText: whatever is typed, the gate never panics, and what it
// accepts is clean text within the rule, stored as it was given.
func FuzzTypedText(f *testing.F) {
	for _, s := range []string{"Anna", " Anna", "A\nB", "@everyone", "\u202e", "ÿÿÿÿÿÿ", "Kurt", "e\u0301"} {
		f.Add(s, 3)
	}
	g := Check[labelState](label{})
	s := labelState{Names: [2]string{"", "Kurt"}}
	f.Fuzz(func(t *testing.T, text string, n int) {
		for _, typed := range []string{text, CleanText(text)} {
			a := Action{Verb: "label", Args: []int{0, n}, Text: typed}
			ns, _, err := g.Apply(s, 0, a, NewPCG(1, 1))
			if err != nil {
				if ns != s {
					t.Fatalf("refused %q changed the state", typed)
				}
				continue
			}
			k := utf8.RuneCountInString(ns.Names[0])
			if ns.Names[0] != typed || ns.Names[0] != CleanText(typed) || k < 1 || k > 5 || n < 0 || n > 9 {
				t.Fatalf("accepted %q (%d): stored %q", typed, n, ns.Names[0])
			}
			for _, r := range typed {
				if !NameRune(r) {
					t.Fatalf("accepted %q with %q", typed, r)
				}
			}
		}
	})
}
