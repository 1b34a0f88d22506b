package bot

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
)

// testKey is a fixed key pair, so fuzz corpora stay valid across runs.
var testKey = ed25519.NewKeyFromSeed(bytes.Repeat([]byte{7}, ed25519.SeedSize))

var testNow = time.Unix(1_800_000_000, 0)

func testPub() ed25519.PublicKey { return testKey.Public().(ed25519.PublicKey) }

// signed is a request as Discord sends it: the signature covers the
// timestamp followed by the body.
func signed(body string, at time.Time) *http.Request {
	stamp := strconv.FormatInt(at.Unix(), 10)
	r := httptest.NewRequest(http.MethodPost, InteractionsPath, strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("X-Signature-Timestamp", stamp)
	r.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(testKey, []byte(stamp+body))))
	return r
}

func testEndpoint() *Endpoint {
	e := NewEndpoint(testPub(), nil, zerolog.Nop())
	e.now = func() time.Time { return testNow }
	return e
}

const clickBody = `{"id":"3","type":3,"token":"tok","guild_id":"g","channel_id":"c","member":{"permissions":"0","user":{"id":"200","username":"bob"}},` +
	`"message":{"id":"m1","channel_id":"c"},"data":{"custom_id":"w1:1:2:a:roll","component_type":2}}`

func TestParsePublicKey(t *testing.T) {
	good := hex.EncodeToString(testPub())
	if k, err := ParsePublicKey(" " + good + "\n"); err != nil || !k.Equal(testPub()) {
		t.Fatalf("good key: %v", err)
	}
	for _, bad := range []string{"", good[:62], good + "00", strings.Replace(good, good[:1], "z", 1)} {
		if _, err := ParsePublicKey(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// Every way a request can fail the check is 401; only a signature by the
// key over this timestamp and body, within the window, passes.
func TestVerifySignature(t *testing.T) {
	other := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{8}, ed25519.SeedSize))
	cases := []struct {
		name  string
		req   func() *http.Request
		valid bool
	}{
		{"valid", func() *http.Request { return signed(clickBody, testNow) }, true},
		{"valid, 4m59s old", func() *http.Request { return signed(clickBody, testNow.Add(-SignatureWindow+time.Second)) }, true},
		{"valid, clock 4m59s behind", func() *http.Request { return signed(clickBody, testNow.Add(SignatureWindow-time.Second)) }, true},
		{"stale: 5m01s old", func() *http.Request { return signed(clickBody, testNow.Add(-SignatureWindow-time.Second)) }, false},
		{"from the future", func() *http.Request { return signed(clickBody, testNow.Add(SignatureWindow+time.Second)) }, false},
		{"no signature", func() *http.Request { r := signed(clickBody, testNow); r.Header.Del("X-Signature-Ed25519"); return r }, false},
		{"no timestamp", func() *http.Request { r := signed(clickBody, testNow); r.Header.Del("X-Signature-Timestamp"); return r }, false},
		{"signature not hex", func() *http.Request {
			r := signed(clickBody, testNow)
			r.Header.Set("X-Signature-Ed25519", "zz")
			return r
		}, false},
		{"signature short", func() *http.Request {
			r := signed(clickBody, testNow)
			r.Header.Set("X-Signature-Ed25519", r.Header.Get("X-Signature-Ed25519")[:126])
			return r
		}, false},
		{"other key", func() *http.Request {
			r := signed(clickBody, testNow)
			stamp := r.Header.Get("X-Signature-Timestamp")
			r.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(other, []byte(stamp+clickBody))))
			return r
		}, false},
		{"timestamp changed", func() *http.Request {
			r := signed(clickBody, testNow)
			r.Header.Set("X-Signature-Timestamp", strconv.FormatInt(testNow.Unix()+1, 10))
			return r
		}, false},
		{"signed, but not Unix seconds", func() *http.Request {
			r := signed(clickBody, testNow)
			stamp := "2027-01-15T08:00:00Z"
			r.Header.Set("X-Signature-Timestamp", stamp)
			r.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(testKey, []byte(stamp+clickBody))))
			return r
		}, false},
	}
	for _, c := range cases {
		r := c.req()
		_, ref := verifySignature(testPub(), testNow, r.Header, []byte(clickBody))
		if c.valid && ref != nil {
			t.Errorf("%s: refused: %s", c.name, ref.why)
		}
		if !c.valid && (ref == nil || ref.status != http.StatusUnauthorized) {
			t.Errorf("%s: got %+v, want 401", c.name, ref)
		}
	}
	r := signed(clickBody, testNow)
	if _, ref := verifySignature(testPub(), testNow, r.Header, []byte(strings.Replace(clickBody, "roll", "rolL", 1))); ref == nil {
		t.Error("a changed body passed")
	}
}

// The endpoint's answers before any interaction reaches a bot.
func TestEndpointRefuses(t *testing.T) {
	e := testEndpoint()
	serve := func(r *http.Request) *httptest.ResponseRecorder {
		w := httptest.NewRecorder()
		e.ServeHTTP(w, r)
		return w
	}
	ping := `{"id":"1","type":1,"application_id":"9","token":"t","version":1}`
	if w := serve(signed(ping, testNow)); w.Code != 200 || w.Body.String() != `{"type":1}` || w.Header().Get("Content-Type") != "application/json" {
		t.Fatalf("PING: %d %q %q", w.Code, w.Body.String(), w.Header().Get("Content-Type"))
	}
	forged := signed(ping, testNow)
	forged.Header.Set("X-Signature-Ed25519", strings.Repeat("00", ed25519.SignatureSize))
	if w := serve(forged); w.Code != http.StatusUnauthorized {
		t.Fatalf("PING with an invalid signature (Discord's own check): %d", w.Code)
	}
	get := signed(ping, testNow)
	get.Method = http.MethodGet
	if w := serve(get); w.Code != http.StatusMethodNotAllowed || w.Header().Get("Allow") != "POST" {
		t.Errorf("GET: %d", w.Code)
	}
	form := signed(ping, testNow)
	form.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if w := serve(form); w.Code != http.StatusUnsupportedMediaType {
		t.Errorf("form body: %d", w.Code)
	}
	charset := signed(ping, testNow)
	charset.Header.Set("Content-Type", "application/json; charset=utf-8")
	if w := serve(charset); w.Code != 200 {
		t.Errorf("application/json with a charset: %d", w.Code)
	}
	big := `{"id":"1","type":1,"pad":"` + strings.Repeat("x", maxInteractionBody) + `"}`
	if w := serve(signed(big, testNow)); w.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("oversized body: %d", w.Code)
	}
	for name, body := range map[string]string{
		"not JSON": `{"id":`,
		"no id":    `{"type":1}`,
		"no user":  `{"id":"6","type":3,"token":"t","data":{"custom_id":"x","component_type":2}}`,
		"no token": strings.Replace(clickBody, `"token":"tok",`, "", 1),
	} {
		if w := serve(signed(body, testNow)); w.Code != http.StatusBadRequest {
			t.Errorf("%s: %d, want 400", name, w.Code)
		}
	}
	// A genuine click, or modal submit, with no bot attached yet (still
	// starting).
	if w := serve(signed(clickBody, testNow)); w.Code != http.StatusServiceUnavailable {
		t.Errorf("click before the bot is attached: %d", w.Code)
	}
	modal := `{"id":"5","type":5,"token":"t","member":{"user":{"id":"1","username":"a"}},"data":{"custom_id":"x"}}`
	if w := serve(signed(modal, testNow)); w.Code != http.StatusServiceUnavailable {
		t.Errorf("modal submit before the bot is attached: %d", w.Code)
	}
}

func TestCallbackID(t *testing.T) {
	for path, want := range map[string]string{
		"/api/v9/interactions/123/tok.en/callback":  "123",
		"/api/v10/interactions/123/tok/callback":    "123",
		"/api/v9/webhooks/1/tok/messages/@original": "",
		"/api/v9/interactions/123/callback":         "",
		"/callback":                                 "",
	} {
		if got, _ := callbackID(path); got != want {
			t.Errorf("%s: %q, want %q", path, got, want)
		}
	}
}

// FuzzInteractionRequest feeds the endpoint any bytes, signed or not.
// Unsigned (or badly signed) input must never get past 401; signed input
// reaches the decoder, which must never panic, and only a PING is
// answered 200 (no bot is attached, so an accepted interaction is 503).
func FuzzInteractionRequest(f *testing.F) {
	f.Add([]byte(`{"id":"1","type":1}`), true, int64(0), "", "", "application/json")
	f.Add([]byte(clickBody), true, int64(-30), "", "", "application/json")
	f.Add([]byte(clickBody), false, int64(0), strings.Repeat("ab", 64), "1800000000", "application/json")
	f.Add([]byte(`{"id":"2","type":2,"token":"t","member":{"user":{"id":"1"}},"data":{"name":"play","options":[{"name":"game","type":1,"options":[{"name":"x","type":4,"value":1e400}]}]}}`), true, int64(0), "", "", "application/json")
	f.Add([]byte(`{"id":"2","type":4,"token":"t","user":{"id":"1"},"data":null}`), true, int64(400), "", "", "text/plain")
	f.Fuzz(func(t *testing.T, body []byte, sign bool, skew int64, sigHex, stamp, ct string) {
		e := testEndpoint()
		if sign {
			stamp = strconv.FormatInt(testNow.Unix()+skew%600, 10)
			sigHex = hex.EncodeToString(ed25519.Sign(testKey, append([]byte(stamp), body...)))
		}
		r := httptest.NewRequest(http.MethodPost, InteractionsPath, bytes.NewReader(body))
		r.Header.Set("Content-Type", ct)
		r.Header.Set("X-Signature-Ed25519", sigHex)
		r.Header.Set("X-Signature-Timestamp", stamp)
		w := httptest.NewRecorder()
		e.ServeHTTP(w, r)
		_, ref := verifySignature(testPub(), testNow, r.Header, body)
		trusted := ref == nil
		switch w.Code {
		case http.StatusOK:
			if !trusted || w.Body.String() != `{"type":1}` {
				t.Fatalf("200 for untrusted input or not a PONG: %q", w.Body.String())
			}
		case http.StatusServiceUnavailable, http.StatusBadRequest:
			if !trusted {
				t.Fatalf("%d: untrusted input reached the decoder", w.Code)
			}
		case http.StatusUnauthorized, http.StatusUnsupportedMediaType, http.StatusRequestEntityTooLarge:
		default:
			t.Fatalf("status %d", w.Code)
		}
	})
}

// BenchmarkEndpointCheck is the endpoint's own cost per interaction:
// reading, verifying and decoding a signed click (no bot attached, so it
// ends in 503 after every check).
func BenchmarkEndpointCheck(b *testing.B) {
	e := testEndpoint()
	stamp := strconv.FormatInt(testNow.Unix(), 10)
	sig := hex.EncodeToString(ed25519.Sign(testKey, []byte(stamp+clickBody)))
	b.ReportAllocs()
	for b.Loop() {
		r := httptest.NewRequest(http.MethodPost, InteractionsPath, strings.NewReader(clickBody))
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set("X-Signature-Timestamp", stamp)
		r.Header.Set("X-Signature-Ed25519", sig)
		w := httptest.NewRecorder()
		e.ServeHTTP(w, r)
		if w.Code != http.StatusServiceUnavailable {
			b.Fatal(w.Code)
		}
	}
}
