package main

import (
	"context"
	"encoding/hex"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/warroom/warroom/discordtest"
)

// startServe runs `warroom serve` until stopBot, and saves its endpoint as
// the application's Interactions Endpoint URL (the stand-in PINGs it, as
// the Developer Portal does).
func (w *world) startServe() string {
	w.t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		w.t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	w.stop, w.done = cancel, make(chan error, 1)
	w.log = &logBuffer{running: make(chan struct{})}
	args := append([]string{"--db", w.db, "--guild", w.guild, "--dev-discord-api", w.srv.URL(),
		"--http", addr, "--public-key", w.srv.PublicKey(), "--log-format", "json", "--log-level", "debug"}, w.extraFlags...)
	go func() { w.done <- cmdServe(ctx, args, w.log) }()
	select {
	case <-w.log.running:
	case err := <-w.done:
		w.t.Fatalf("warroom serve ended: %v\n%s", err, w.log.String())
	case <-time.After(15 * time.Second):
		w.t.Fatalf("warroom serve did not start:\n%s", w.log.String())
	}
	url := "http://" + addr + "/interactions"
	if err := w.srv.SetInteractionsEndpoint(w.ctx(), url); err != nil {
		w.t.Fatalf("the Developer Portal would refuse the endpoint: %v\n%s", err, w.log.String())
	}
	return url
}

// A whole game of flanders over HTTP interactions (`warroom serve`, no
// gateway): every command and click signed by the stand-in and POSTed to
// the endpoint. Mid-game, requests that are forged, stale or replayed
// are refused with 401 and change nothing, while the same click sent
// genuinely is applied.
func TestE2EHTTPInteractions(t *testing.T) {
	w := newWorld(t)
	w.extraFlags = []string{"--no-images"}
	url := w.startServe()
	w.lobby("flanders", nil, true, 0)
	rng := rand.New(rand.NewPCG(3, 1))
	for range 3 {
		b := w.board(w.ch)
		u, _ := w.toAct(b)
		w.move(rng, u, b)
	}

	// A click the player really made, held on its way to the bot.
	b := w.board(w.ch)
	u, ok := w.toAct(b)
	if !ok {
		t.Fatalf("nobody to act: %q", b.Content)
	}
	action := ""
	for _, btn := range b.Buttons() {
		if !btn.Disabled && isAction(btn.CustomID) {
			action = btn.CustomID
		}
	}
	if action == "" {
		t.Fatalf("no action button on the board: %v", b.ButtonLabels())
	}
	before := len(w.srv.AllMessages(w.ch))
	w.srv.HoldNext()
	click := w.srv.Click(u, b, action)
	if click.Delivered {
		t.Fatal("HoldNext did not hold the click")
	}
	zeroSig := hex.EncodeToString(make([]byte, 64))
	hostile := []struct {
		name  string
		at    time.Time
		forge func(*discordtest.Delivery)
	}{
		{"forged signature", time.Time{}, func(d *discordtest.Delivery) { d.Header.Set("X-Signature-Ed25519", zeroSig) }},
		{"body changed after signing", time.Time{}, func(d *discordtest.Delivery) {
			d.Body = append(d.Body[:len(d.Body)-1], `,"locale":"pl"}`...)
		}},
		{"no signature", time.Time{}, func(d *discordtest.Delivery) { d.Header.Del("X-Signature-Ed25519") }},
		{"signed 6 minutes ago", w.srv.Now().Add(-6 * time.Minute), nil},
		{"signed 6 minutes ahead", w.srv.Now().Add(6 * time.Minute), nil},
	}
	for _, h := range hostile {
		status, err := click.Post(w.ctx(), h.at, h.forge)
		if err != nil {
			t.Fatalf("%s: %v", h.name, err)
		}
		if status != http.StatusUnauthorized {
			t.Errorf("%s: answered %d, want 401", h.name, status)
		}
	}
	if err := w.srv.WaitIdle(w.ctx(), 300*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	unchanged := func(what string) {
		t.Helper()
		now := w.srv.Message(b.ID)
		if now == nil || now.Content != b.Content || len(now.History) != len(b.History) || len(w.srv.AllMessages(w.ch)) != before {
			t.Fatalf("%s changed the table", what)
		}
	}
	unchanged("refused requests")
	if click.Acked() {
		t.Fatal("a refused request was answered")
	}

	// The same click, genuinely signed now, is applied.
	if status, err := click.Post(w.ctx(), time.Time{}, nil); err != nil || status != http.StatusAccepted {
		t.Fatalf("the genuine click: %d %v\n%s", status, err, w.log.String())
	}
	w.expect(click)
	after := w.board(w.ch)
	if err := w.srv.WaitIdle(w.ctx(), 300*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	b, before = after, len(w.srv.AllMessages(w.ch))
	if m := w.srv.Message(after.ID); m != nil {
		b = m
	}

	// Replays of that click and of the /play that opened the table: the
	// same bytes, signature and timestamp again.
	replays := []*discordtest.Interaction{click, w.srv.Interactions()[0]}
	for _, ix := range replays {
		status, err := ix.Replay(w.ctx())
		if err != nil || status != http.StatusUnauthorized {
			t.Errorf("replayed %s: %d %v, want 401", ix.ID, status, err)
		}
	}
	if err := w.srv.WaitIdle(w.ctx(), 300*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	unchanged("replays")

	end := w.playToEnd(7, w.ch, 4000)
	if !isResult(end) {
		t.Fatalf("end: %s", end.Text())
	}
	if n := w.srv.GatewayStats().Identifies; n != 0 {
		t.Errorf("serve mode opened the gateway (%d IDENTIFY)", n)
	}
	w.noProblems()
	for _, want := range []string{"replayed interaction", "bad signature", "missing signature headers", "away from this clock"} {
		if !strings.Contains(w.log.String(), want) {
			t.Errorf("the log does not say %q", want)
		}
	}
	// 5 hostile requests, 2 replays and the portal's invalid PING.
	resp, err := http.Get(strings.TrimSuffix(url, "/interactions") + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	m, _ := io.ReadAll(resp.Body)
	if want := `warroom_interaction_requests_refused_total{status="401"} 8`; !strings.Contains(string(m), want) {
		t.Errorf("/metrics lacks %s", want)
	}
}

// serve refuses to start without a usable public key or --http.
func TestServeNeedsKeyAndAddress(t *testing.T) {
	t.Setenv("DISCORD_TOKEN", "x")
	key := strings.Repeat("ab", 32)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--http", "127.0.0.1:0"}, "public key"},
		{[]string{"--http", "127.0.0.1:0", "--public-key", "abc"}, "64 hex digits"},
		{[]string{"--public-key", key}, "--http"},
	} {
		args := append([]string{"serve", "--db", t.TempDir() + "/w.db", "--dev-discord-api", "http://127.0.0.1:1"}, c.args...)
		_, errs, code := run(t, "", args...)
		if code == 0 || !strings.Contains(errs, c.want) {
			t.Errorf("serve %v: %d %s", c.args, code, errs)
		}
	}
}
