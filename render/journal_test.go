package render

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/games"
)

// journalOf makes n moves alternating between Ann (a person) and Bob (the
// computer, who makes perTurn moves a turn); every move tells lines
// events, and every third event of Bob's is a Key one ("battle").
func journalOf(n, perTurn, lines int) []games.Record {
	var out []games.Record
	seq := int64(0)
	for len(out) < n {
		seq++
		out = append(out, games.Record{Seq: seq, Seat: 0, By: "ann", Verb: "go",
			Events: []games.Event{games.Log("x", 0, said{Text: fmt.Sprintf("Ann moved (move %d)", seq)})}})
		for k := 0; k < perTurn && len(out) < n; k++ {
			seq++
			r := games.Record{Seq: seq, Seat: 1, Verb: "go"}
			for j := 0; j < lines; j++ {
				e := games.Log("x", 1, said{Text: fmt.Sprintf("Bob marched on (move %d, event %d)", seq, j)})
				if (int(seq)+j)%3 == 0 {
					e = games.Log("battle", 1, said{Text: fmt.Sprintf("Bob won battle %d.%d for +5 VP", seq, j), Key: true})
				}
				r.Events = append(r.Events, e)
			}
			out = append(out, r)
		}
	}
	return out
}

func digestText(m Message) string {
	var b strings.Builder
	for _, e := range m.Embeds {
		b.WriteString(e.Title + "\n" + e.Description + "\n")
		if e.Footer != nil {
			b.WriteString(e.Footer.Text)
		}
	}
	return b.String()
}

// checkDigestLimits: one embed within Discord's embed limits, at most one
// row with one button.
func checkDigestLimits(t *testing.T, m Message) {
	t.Helper()
	if len(m.Embeds) != 1 {
		t.Fatalf("%d embeds", len(m.Embeds))
	}
	e := m.Embeds[0]
	if n := utf8.RuneCountInString(e.Description); n > maxDescription {
		t.Fatalf("description of %d characters", n)
	}
	if n := embedTotal(m.Embeds); n > maxEmbedTotal {
		t.Fatalf("embeds of %d characters", n)
	}
	if strings.HasSuffix(e.Description, "…") {
		t.Fatalf("the digest was clipped:\n%s", e.Description)
	}
	checkLimits(t, m.Components, 1)
}

func embedTotal(es []*discordgo.MessageEmbed) int {
	n := 0
	for _, e := range es {
		n += utf8.RuneCountInString(e.Title) + utf8.RuneCountInString(e.Description)
		if e.Footer != nil {
			n += utf8.RuneCountInString(e.Footer.Text)
		}
		for _, f := range e.Fields {
			n += utf8.RuneCountInString(f.Name) + utf8.RuneCountInString(f.Value)
		}
	}
	return n
}

func digestReq(recs []games.Record) DigestRequest {
	return DigestRequest{Game: fakeGame{}, Records: recs, Bots: []bool{false, true}, IDs: testIDs{}}
}

func TestDigestShort(t *testing.T) {
	recs := journalOf(4, 3, 2)[1:] // since Ann's move: Bob's three
	m := Digest(ctxEN(), digestReq(recs))
	checkDigestLimits(t, m)
	text := digestText(m)
	for _, want := range []string{"What happened since your last move", "🤖 Bob", "3 moves", "Bob marched on (move 2, event 0)", "Bob won battle 3.0 for +5 VP", "Bob marched on (move 4, event 1)"} {
		if !strings.Contains(text, want) {
			t.Fatalf("the digest lacks %q:\n%s", want, text)
		}
	}
	if len(m.Components) != 0 {
		t.Fatalf("a short digest has buttons: %+v", m.Components)
	}
	if text := digestText(Digest(ctxEN(), digestReq(nil))); !strings.Contains(text, "Nothing has happened") {
		t.Fatalf("empty digest: %s", text)
	}
}

// A long absence: the oldest stretches keep their battles and count the
// rest; nothing is cut silently.
func TestDigestCompacts(t *testing.T) {
	recs := journalOf(60, 5, 4)
	m := Digest(ctxEN(), digestReq(recs))
	checkDigestLimits(t, m)
	text := digestText(m)
	if !strings.Contains(text, "more events") {
		t.Fatalf("nothing was summarised:\n%s", text)
	}
	if len(m.Components) != 0 {
		t.Fatalf("the compacted digest needed a second page: %s", text)
	}
	shown, counted := 0, 0
	for _, line := range strings.Split(m.Embeds[0].Description, "\n") {
		switch {
		case strings.HasPrefix(line, "• … and "):
			n, _ := strconv.Atoi(strings.Fields(strings.TrimPrefix(line, "• … and "))[0])
			counted += n
		case strings.HasPrefix(line, "• "):
			shown++
		}
	}
	total := 0
	for _, r := range recs {
		total += len(r.Events)
		for _, e := range r.Events {
			if e.Kind == "battle" && !strings.Contains(text, saidOf(e).Text) {
				t.Fatalf("battle %q is missing:\n%s", saidOf(e).Text, text)
			}
		}
	}
	if shown+counted != total {
		t.Fatalf("%d lines shown and %d counted of %d events", shown, counted, total)
	}
	if !strings.Contains(text, "Bob marched on (move 60, event 1)") {
		t.Fatalf("the newest stretch is not in full:\n%s", text)
	}
}

// A very long absence goes on earlier pages; following "Earlier" shows
// every battle once.
func TestDigestPages(t *testing.T) {
	recs := journalOf(600, 9, 3)
	seen := map[string]int{}
	pages := 0
	req := digestReq(recs)
	for {
		pages++
		m := Digest(ctxEN(), req)
		checkDigestLimits(t, m)
		text := digestText(m)
		for _, r := range req.Records {
			for _, e := range r.Events {
				if s := saidOf(e).Text; e.Kind == "battle" && strings.Contains(text, s+"\n") || strings.HasSuffix(text, s) {
					seen[s]++
				}
			}
		}
		if len(m.Components) == 0 {
			break
		}
		if pages > 1 && !strings.Contains(text, "What happened before that") {
			t.Fatalf("page %d title: %s", pages, m.Embeds[0].Title)
		}
		id := m.Components[0].(discordgo.ActionsRow).Components[0].(discordgo.Button).CustomID
		before, err := strconv.ParseInt(strings.TrimPrefix(id, "w1:t:1:j:"), 10, 64)
		if err != nil || before <= 0 || before >= req.Records[len(req.Records)-1].Seq {
			t.Fatalf("page %d: Earlier button %q", pages, id)
		}
		n := 0
		for n < len(req.Records) && req.Records[n].Seq <= before {
			n++
		}
		req.Records, req.Earlier = req.Records[:n], true
		if pages > 100 {
			t.Fatal("pages do not end")
		}
	}
	if pages < 2 {
		t.Fatalf("600 moves fit one page")
	}
	for _, r := range recs {
		for _, e := range r.Events {
			if s := saidOf(e).Text; e.Kind == "battle" && seen[s] != 1 {
				t.Fatalf("battle %q shown %d times over %d pages", s, seen[s], pages)
			}
		}
	}
}

// BenchmarkDigest: "What happened" after a long absence, 2000 moves of
// three events each, compacted and paged.
func BenchmarkDigest(b *testing.B) {
	recs := journalOf(2000, 9, 3)
	ctx := ctxEN()
	b.ReportAllocs()
	for b.Loop() {
		Digest(ctx, digestReq(recs))
	}
}

// TestEntriesOncePerBoard: within one board (Board sets the memo) the
// journal is decoded once for the card and the picture, and each caller
// gets its own slice to filter.
func TestEntriesOncePerBoard(t *testing.T) {
	type entry struct {
		Text string `json:"text"`
		Kind string
	}
	ctx := Audience{Journal: journalOf(6, 1, 1), entries: &entryMemo{}}
	fills := 0
	fill := func(e games.Event) (entry, error) {
		fills++
		x := entry{Kind: e.Kind}
		return x, e.Decode(&x)
	}
	a := Entries(ctx, fill)
	a[0].Text = "changed"
	b := Entries(ctx, fill)
	if len(a) != 6 || len(b) != 6 || fills != 6 {
		t.Fatalf("%d and %d entries, %d events decoded; want 6, 6, 6", len(a), len(b), fills)
	}
	if b[0].Text == "changed" || b[0].Kind != "x" {
		t.Fatalf("second read %+v: shares the first caller's slice or lost the fill", b[0])
	}
	if Entries(Audience{Journal: ctx.Journal}, fill); fills != 12 {
		t.Fatalf("%d events decoded without a memo, want 12", fills)
	}
}
