package discordtest

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// A minimal HTTP-interactions app answering in the way mode says, to
// check the stand-in's delivery and its checks of the answers.
func TestHTTPInteractionDelivery(t *testing.T) {
	srv := New(t)
	pub, err := hex.DecodeString(srv.PublicKey())
	if err != nil || len(pub) != ed25519.PublicKeySize {
		t.Fatalf("public key %q", srv.PublicKey())
	}
	var mode atomic.Value
	mode.Store("inline")
	var checkSignature atomic.Bool
	checkSignature.Store(true)
	app := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		sig, _ := hex.DecodeString(r.Header.Get("X-Signature-Ed25519"))
		if checkSignature.Load() && (len(sig) != ed25519.SignatureSize || !ed25519.Verify(pub, append([]byte(r.Header.Get("X-Signature-Timestamp")), body...), sig)) {
			http.Error(w, "bad signature", http.StatusUnauthorized)
			return
		}
		var i struct {
			ID, Token string
			Type      int
		}
		json.Unmarshal(body, &i)
		if i.Type == 1 {
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"type":1}`))
			return
		}
		switch mode.Load() {
		case "inline":
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"type":4,"data":{"content":"inline answer"}}`))
		case "callback":
			req, _ := http.NewRequest("POST", "https://discord.com/api/v10/interactions/"+i.ID+"/"+i.Token+"/callback",
				strings.NewReader(`{"type":4,"data":{"content":"callback answer"}}`))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("User-Agent", "DiscordBot (https://example.test/warroom, 1.0)")
			resp, err := srv.HTTPClient().Do(req)
			if err == nil {
				resp.Body.Close()
			}
			w.WriteHeader(http.StatusAccepted)
		case "202 alone":
			w.WriteHeader(http.StatusAccepted)
		case "inline, invalid":
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"type":4,"data":{"content":"` + strings.Repeat("x", 2001) + `"}}`))
		}
	}))
	defer app.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	checkSignature.Store(false)
	if err := srv.SetInteractionsEndpoint(ctx, app.URL); err == nil || !strings.Contains(err.Error(), "invalid signature") {
		t.Fatalf("an endpoint accepting any signature was saved: %v", err)
	}
	checkSignature.Store(true)
	if err := srv.SetInteractionsEndpoint(ctx, app.URL); err != nil {
		t.Fatal(err)
	}
	guild := srv.NewGuild()
	ch := srv.NewChannel(guild)
	ann := srv.User("ann")

	for _, m := range []string{"inline", "callback"} {
		mode.Store(m)
		ix := srv.ForgeSlash(ann, ch, guild, "hello", nil, "")
		if !ix.Delivered {
			t.Fatalf("%s: not delivered", m)
		}
		if r := ix.Expect(); r.Message.Content != m+" answer" {
			t.Fatalf("%s: the user sees %q", m, r.Message.Content)
		}
	}
	if p := srv.Problems(); len(p) > 0 {
		t.Fatalf("problems: %v", p)
	}

	// Answers Discord would not take.
	for m, kind := range map[string]string{"202 alone": "endpoint-202-without-callback", "inline, invalid": "invalid-body"} {
		mode.Store(m)
		ix := srv.ForgeSlash(ann, ch, guild, "hello", nil, "")
		err := srv.waitFor(ctx, kind, func() bool {
			for _, f := range srv.failures {
				if f.InteractionID == ix.ID && f.Kind == kind {
					return true
				}
			}
			return false
		})
		if err != nil {
			t.Errorf("%s: %v; failures: %v", m, err, srv.Problems())
		}
	}

	// A held interaction, a forged delivery of it, then the genuine one
	// and its replay.
	mode.Store("callback")
	srv.HoldNext()
	ix := srv.ForgeSlash(ann, ch, guild, "hello", nil, "")
	if ix.Delivered {
		t.Fatal("held interaction delivered")
	}
	status, err := ix.Post(ctx, time.Time{}, func(d *Delivery) { d.Body = bytes.ToUpper(d.Body) })
	if err != nil || status != http.StatusUnauthorized {
		t.Fatalf("forged: %d %v", status, err)
	}
	if status, err := ix.Post(ctx, time.Time{}, nil); err != nil || status != http.StatusAccepted {
		t.Fatalf("genuine: %d %v", status, err)
	}
	ix.Expect()
	if status, err := ix.Replay(ctx); err != nil || status != http.StatusAccepted {
		t.Fatalf("replay: %d %v", status, err) // this app does not refuse replays
	}
	if f := ix.Failures(); len(f) != 1 || f[0].Kind != "already-acknowledged" {
		t.Fatalf("the replay's second callback: %v", f)
	}
}
