package games

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
)

func TestEventVisible(t *testing.T) {
	cases := []struct {
		name   string
		e      Event
		viewer Seat
		want   bool
	}{
		{"public to a seat", Event{Seat: 1}, 0, true},
		{"public to a spectator", Event{Seat: 1}, Spectator, true},
		{"private: its seat", Event{Seat: 1, Private: true}, 1, true},
		{"private: another seat", Event{Seat: 1, Private: true}, 0, false},
		{"private: a spectator", Event{Seat: 1, Private: true}, Spectator, false},
		{"only: a named seat", Event{Seat: 0, Private: true, Only: []Seat{1, 2}}, 2, true},
		{"only: its acting seat not named", Event{Seat: 0, Private: true, Only: []Seat{1}}, 0, false},
		{"only: a spectator", Event{Seat: 0, Private: true, Only: []Seat{0, 1}}, Spectator, false},
		{"only without private is public", Event{Seat: 0, Only: []Seat{1}}, 0, true},
	}
	for _, c := range cases {
		if got := c.e.Visible(c.viewer); got != c.want {
			t.Errorf("%s: Visible(%d) = %v, want %v", c.name, c.viewer, got, c.want)
		}
	}
}

// A stored event decodes like a fresh one, and an event stored before
// Data was marshalled from the engine's struct (a map: keys sorted, zero
// values written) decodes to the same struct.
func TestEventDecode(t *testing.T) {
	type entry struct {
		Unit  string `json:"unit"`
		Die   int    `json:"die,omitempty"`
		Mod   int    `json:"mod,omitempty"`
		Hit   bool   `json:"hit"`
		Cards []int  `json:"cards"`
	}
	want := entry{Unit: "G1", Die: 5, Hit: true, Cards: []int{3, 4}}
	fresh := Log("attack", 1, want)
	raw, _ := json.Marshal(fresh)
	var stored, old Event
	if err := json.Unmarshal(raw, &stored); err != nil {
		t.Fatal(err)
	}
	oldJSON := `{"kind":"attack","seat":1,"data":{"cards":[3,4],"die":5,"hit":true,"mod":0,"unit":"G1"}}`
	if err := json.Unmarshal([]byte(oldJSON), &old); err != nil {
		t.Fatal(err)
	}
	for _, e := range []Event{fresh, stored, old} {
		var got entry
		if err := e.Decode(&got); err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("Decode = %+v, %v; want %+v", got, err, want)
		}
	}
	if !bytes.Contains(raw, []byte(`"data":{"unit":"G1","die":5,"hit":true,"cards":[3,4]}`)) {
		t.Errorf("the entry is not stored as its own JSON: %s", raw)
	}
}

// Log leaves out data that says nothing, as events without data were.
func TestLogEmpty(t *testing.T) {
	type entry struct {
		N int `json:"n,omitempty"`
	}
	for _, e := range []Event{Log("pass", 0, nil), Log("pass", 0, entry{})} {
		if raw, _ := json.Marshal(e); string(raw) != `{"kind":"pass","seat":0}` {
			t.Errorf("%s", raw)
		}
	}
}

func kinds(recs []Record) [][]string {
	var out [][]string
	for _, r := range recs {
		var ks []string
		for _, e := range r.Events {
			ks = append(ks, e.Kind)
		}
		out = append(out, append([]string{r.Verb}, ks...))
	}
	return out
}

func TestSince(t *testing.T) {
	pub := func(k string, s Seat) Event { return Event{Kind: k, Seat: s} }
	priv := func(k string, s Seat, only ...Seat) Event { return Event{Kind: k, Seat: s, Private: true, Only: only} }
	log := []Record{
		{Seq: 1, Seat: 0, By: "ann", Verb: "draw", Events: []Event{pub("drew", 0), priv("card", 0)}},
		{Seq: 2, Seat: 1, By: "", Verb: "draw", Events: []Event{pub("drew", 1), priv("card", 1)}},
		{Seq: 3, Seat: 1, By: "", Verb: "team", Events: []Event{priv("plan", 1, 0, 1), priv("secret", 1, 1)}},
		{Seq: 4, Seat: 0, By: "ann", Verb: "place", Events: []Event{priv("placed", 0)}},
		{Seat: 0, Seq: 5, By: "ann", Verb: VerbUndo},
		{Seq: 6, Seat: 0, By: "ann", Verb: "attack", Events: []Event{pub("battle", 0)}},
		{Seq: 7, Seat: 1, By: "", Verb: "attack", Events: []Event{pub("battle", 1)}},
	}
	cases := []struct {
		name    string
		viewers []Seat
		after   int64
		want    [][]string
	}{
		{"seat 0 from the start", []Seat{0}, 0, [][]string{{"draw", "drew", "card"}, {"draw", "drew"}, {"team", "plan"}, {"attack", "battle"}, {"attack", "battle"}}},
		{"seat 1 from the start", []Seat{1}, 0, [][]string{{"draw", "drew"}, {"draw", "drew", "card"}, {"team", "plan", "secret"}, {"attack", "battle"}, {"attack", "battle"}}},
		{"a spectator", nil, 0, [][]string{{"draw", "drew"}, {"draw", "drew"}, {"team"}, {"attack", "battle"}, {"attack", "battle"}}},
		{"both seats of one user", []Seat{0, 1}, 1, [][]string{{"draw", "drew", "card"}, {"team", "plan", "secret"}, {"attack", "battle"}, {"attack", "battle"}}},
		{"since seat 0's last move", []Seat{0}, LastBy(log, "ann"), [][]string{{"attack", "battle"}}},
	}
	for _, c := range cases {
		if got := kinds(Since(log, c.viewers, c.after)); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: Since = %v, want %v", c.name, got, c.want)
		}
	}
	if got := LastBy(log, "ann"); got != 6 {
		t.Errorf("LastBy(ann) = %d, want 6", got)
	}
	if got := LastBy(log, "bob"); got != 0 {
		t.Errorf("LastBy(bob) = %d, want 0", got)
	}
	if got := LastBy(log, ""); got != 0 {
		t.Errorf("LastBy of the computer = %d, want 0 (the computer has no last move of its own)", got)
	}
	// Since leaves the log it is given as it was.
	if len(log[0].Events) != 2 {
		t.Fatalf("Since changed its input: %+v", log[0])
	}
}

// Two undos take back the seat's two latest moves, newest first, and
// never another seat's.
func TestSinceUndoTwice(t *testing.T) {
	log := []Record{
		{Seq: 1, Seat: 1, By: "bob", Verb: "a"},
		{Seq: 2, Seat: 0, By: "ann", Verb: "b"},
		{Seq: 3, Seat: 0, By: "ann", Verb: "c"},
		{Seq: 4, Seat: 0, By: "ann", Verb: VerbUndo},
		{Seq: 5, Seat: 0, By: "ann", Verb: VerbUndo},
		{Seq: 6, Seat: 0, By: "ann", Verb: "d"},
	}
	if got, want := kinds(Since(log, nil, 0)), [][]string{{"a"}, {"d"}}; !reflect.DeepEqual(got, want) {
		t.Fatalf("Since = %v, want %v", got, want)
	}
}

// Since gives a record whose events the viewers may all see its events
// as they are, without a copy, and an append to them does not write into
// the journal it was given; a record with a hidden event gets a copy
// without it.
func TestSinceSharesOnlyWhatItKeepsWhole(t *testing.T) {
	public := []Event{{Kind: "a"}, {Kind: "b"}}
	mixed := []Event{{Kind: "c"}, {Kind: "secret", Private: true, Seat: 1}}
	recs := []Record{{Seq: 1, Events: public}, {Seq: 2, Events: mixed}}
	got := Since(recs, nil, 0)
	if len(got) != 2 || len(got[0].Events) != 2 || len(got[1].Events) != 1 || got[1].Events[0].Kind != "c" {
		t.Fatalf("public journal: %+v", got)
	}
	if &got[0].Events[0] != &public[0] {
		t.Error("a record whose events are all visible was copied")
	}
	if cap(got[0].Events) != len(public) {
		t.Errorf("an append could write past the record's events (cap %d)", cap(got[0].Events))
	}
	if seat1 := Since(recs, []Seat{1}, 0); len(seat1[1].Events) != 2 {
		t.Errorf("seat 1 does not see its own event: %+v", seat1[1].Events)
	}
}
