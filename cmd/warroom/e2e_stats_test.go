package main

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestE2EStats: a three-seat In Flanders Field (Ann, Bob, a computer)
// played to its end through the Discord stand-in is counted: /stats and
// /leaderboard answer privately, in Polish and Russian, with both
// players rated against each other (the computer seat is not rated); the
// final board pings both players once and shows each rating change.
func TestE2EStats(t *testing.T) {
	w := newWorld(t)
	w.extraFlags = []string{"--no-images"}
	w.startBot()
	if r := w.expect(w.srv.Slash(w.ann, w.ch, w.guild, "stats", nil, "en-US")); !r.Ephemeral() || !strings.Contains(r.Text(), "no finished games") {
		t.Fatalf("/stats before any game: %q", r.Text())
	}
	w.lobby("flanders", nil, true, 1)
	final := w.playToEnd(3, w.ch, 3000)
	// The ending is heard: the final board, a new message, pings both
	// players once (never the computer) and names each rating change.
	pinged := final.Mentions()
	slices.Sort(pinged)
	want := []string{w.ann.ID, w.bob.ID}
	slices.Sort(want)
	if !slices.Equal(pinged, want) || strings.Count(final.Content, w.ann.Mention()) != 1 || strings.Count(final.Content, w.bob.Mention()) != 1 {
		t.Fatalf("the final board pinged %v: %q", pinged, final.Content)
	}
	change := regexp.MustCompile(`Rating: \S+ 1500 → \d+ \([+−±]\d+\) · \S+ 1500 → \d+ \([+−±]\d+\)`)
	if !change.MatchString(final.Content) || strings.Count(final.Content, "Winner") > 1 {
		t.Fatalf("the final board does not show each rating change once: %q", final.Content)
	}

	r := w.expect(w.srv.Slash(w.ann, w.ch, w.guild, "stats", nil, "pl"))
	if got := r.Text(); !r.Ephemeral() || !strings.Contains(got, "1 gra") || !strings.Contains(got, "ranking ") || !strings.Contains(got, w.ann.Mention()) {
		t.Fatalf("Ann's /stats in Polish: %q", got)
	}
	r = w.expect(w.srv.Slash(w.eve, w.ch, w.guild, "stats", map[string]any{"member": w.bob}, "en-US"))
	if got := r.Text(); !r.Ephemeral() || !strings.Contains(got, w.bob.Mention()) || !strings.Contains(got, "1 game") {
		t.Fatalf("Bob's /stats asked by Eve: %q", got)
	}
	r = w.expect(w.srv.Slash(w.bob, w.ch, w.guild, "leaderboard", map[string]any{"game": "flanders"}, "ru"))
	got := r.Text()
	if !r.Ephemeral() || !strings.Contains(got, "Лучшие игроки") || !strings.Contains(got, "1. ") || !strings.Contains(got, "2. ") ||
		!strings.Contains(got, w.ann.Mention()) || !strings.Contains(got, w.bob.Mention()) || strings.Contains(got, "3. ") {
		t.Fatalf("/leaderboard in Russian: %q", got)
	}
	w.noProblems()
}
