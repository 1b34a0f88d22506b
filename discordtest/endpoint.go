package discordtest

// HTTP interactions: with an Interactions Endpoint URL, Discord POSTs each
// interaction to it, signed with the application's Ed25519 key, instead of
// dispatching INTERACTION_CREATE on the gateway
// (developers/interactions/overview.mdx, "Preparing for Interactions";
// developers/interactions/receiving-and-responding.mdx, "Receiving an
// Interaction").

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"time"
)

// endpointState is the application's Interactions Endpoint URL and key.
type endpointState struct {
	once   sync.Once
	key    ed25519.PrivateKey
	url    string // guarded by Server.mu; "" = gateway delivery
	hold   bool   // the next interaction is recorded, not delivered
	client *http.Client
}

func (s *Server) signingKey() ed25519.PrivateKey {
	s.ep.once.Do(func() {
		_, k, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			panic(err)
		}
		s.ep.key = k
		s.ep.client = &http.Client{Timeout: 10 * time.Second}
	})
	return s.ep.key
}

// PublicKey is the application's public key as the Developer Portal shows
// it (hex): what the bot checks signatures against.
func (s *Server) PublicKey() string {
	return hex.EncodeToString(s.signingKey().Public().(ed25519.PublicKey))
}

// SetInteractionsEndpoint saves url as the Interactions Endpoint URL, as
// the Developer Portal does: it first sends a PING, which must get 200
// with {"type": 1} and a JSON Content-Type, and a PING with an invalid
// signature, which must get 401 (Discord sends invalid signatures on
// purpose and removes an endpoint that accepts one; overview.mdx,
// "Validating Security Request Headers"). On success every later
// interaction is POSTed to url instead of the gateway; otherwise the
// error says what failed and nothing changes.
func (s *Server) SetInteractionsEndpoint(ctx context.Context, url string) error {
	s.signingKey()
	ping := mustJSON(map[string]any{"id": s.newID(), "application_id": s.appID, "type": 1, "token": "ixt." + s.newID() + ".stand-in", "version": 1})
	status, hdr, body, err := s.postSigned(ctx, url, ping, s.cfg.now(), nil)
	if err != nil {
		return fmt.Errorf("discordtest: PING: %w", err)
	}
	mt, _, _ := mime.ParseMediaType(hdr.Get("Content-Type"))
	var pong struct {
		Type *int `json:"type"`
	}
	if status != http.StatusOK || mt != "application/json" || json.Unmarshal(body, &pong) != nil || pong.Type == nil || *pong.Type != 1 {
		return fmt.Errorf("discordtest: PING answered %d %q %q, want 200 application/json {\"type\":1}", status, hdr.Get("Content-Type"), clipBytes(body))
	}
	status, _, _, err = s.postSigned(ctx, url, ping, s.cfg.now(), func(d *Delivery) {
		d.Header.Set("X-Signature-Ed25519", hex.EncodeToString(make([]byte, ed25519.SignatureSize)))
	})
	if err != nil {
		return fmt.Errorf("discordtest: PING with an invalid signature: %w", err)
	}
	if status != http.StatusUnauthorized {
		return fmt.Errorf("discordtest: a PING with an invalid signature was answered %d, want 401", status)
	}
	s.mu.Lock()
	s.ep.url = url
	s.mu.Unlock()
	return nil
}

// HoldNext makes the next interaction be recorded but not delivered, as
// if still on its way: the test then sends it with Post, possibly forged.
func (s *Server) HoldNext() {
	s.mu.Lock()
	s.ep.hold = true
	s.mu.Unlock()
}

// Delivery is an HTTP interaction request about to be sent, for a test
// to forge: change a header or the body after it was signed.
type Delivery struct {
	Header http.Header
	Body   []byte
}

// deliverLocked starts the HTTP delivery of a dispatched interaction
// (unless held) and reports whether it is on its way; s.mu is held.
func (s *Server) deliverLocked(st *ixState) bool {
	if s.ep.hold {
		s.ep.hold = false
		return false
	}
	url, at := s.ep.url, s.cfg.now()
	go s.deliver(context.Background(), url, st, at, nil, true)
	return true
}

// Post sends the interaction to the endpoint now, signed at at (zero:
// the stand-in's now), after forge (nil: none) has changed the request.
// It returns the endpoint's status. A 2xx answer is taken as Discord
// takes it (see takeAnswer) and the interaction counts as delivered (it
// must then be answered in time); a refusal leaves it undelivered.
func (ix *Interaction) Post(ctx context.Context, at time.Time, forge func(*Delivery)) (int, error) {
	s := ix.s
	s.mu.Lock()
	url := s.ep.url
	s.mu.Unlock()
	if url == "" {
		return 0, errors.New("discordtest: no interactions endpoint set")
	}
	if at.IsZero() {
		at = s.cfg.now()
	}
	return s.deliver(ctx, url, ix.st, at, forge, false)
}

// Replay sends the interaction's last request again, byte for byte (its
// signature and timestamp too), as someone who captured it would.
func (ix *Interaction) Replay(ctx context.Context) (int, error) {
	s := ix.s
	s.mu.Lock()
	url, last := s.ep.url, ix.st.lastSent
	s.mu.Unlock()
	if last == nil {
		return 0, errors.New("discordtest: the interaction was never sent over HTTP")
	}
	status, hdr, body, err := s.send(ctx, url, last)
	if err == nil {
		s.takeAnswer(ix.st, status, hdr, body, time.Time{}, false)
	}
	return status, err
}

// deliver signs and POSTs an interaction and takes the answer. A genuine
// delivery (not a test's Post) that is refused is recorded as a failure.
func (s *Server) deliver(ctx context.Context, url string, st *ixState, at time.Time, forge func(*Delivery), genuine bool) (int, error) {
	sent := time.Now()
	status, hdr, body, err := s.postSigned(ctx, url, st.payload, at, func(d *Delivery) {
		if forge != nil {
			forge(d)
		}
		s.mu.Lock()
		st.lastSent = &Delivery{Header: d.Header.Clone(), Body: bytes.Clone(d.Body)}
		s.mu.Unlock()
	})
	if err != nil {
		if genuine {
			s.recordFailure(Failure{Kind: "endpoint-unreachable", InteractionID: st.id, Message: err.Error()})
		}
		return 0, err
	}
	if status/100 == 2 {
		s.mu.Lock()
		st.delivered = true
		s.mu.Unlock()
	}
	s.takeAnswer(st, status, hdr, body, sent, genuine)
	return status, nil
}

// takeAnswer takes the endpoint's answer as Discord does. 202 with no
// body: the bot answered through the callback endpoint, which it must
// have done by then ("If you send this request for an interaction
// received over HTTP, respond to the original HTTP request with a 202 and
// no body"). 200 with an interaction response as JSON: that is the
// callback, checked and applied exactly as a POST to the callback
// endpoint (receiving-and-responding.mdx, "Interaction Callback", "Inline
// HTTP Response Behavior"). Anything else fails a genuine delivery.
func (s *Server) takeAnswer(st *ixState, status int, hdr http.Header, body []byte, sent time.Time, genuine bool) {
	fail := func(kind, format string, a ...any) {
		s.recordFailure(Failure{Kind: kind, InteractionID: st.id, Status: status, Message: fmt.Sprintf(format, a...)})
	}
	if !sent.IsZero() && time.Since(sent) > s.cfg.deadline {
		fail("late-endpoint-answer", "the endpoint answered after %v (deadline %v)", time.Since(sent).Round(time.Millisecond), s.cfg.deadline)
	}
	switch status {
	case http.StatusAccepted:
		s.mu.Lock()
		acked := st.acked
		s.mu.Unlock()
		if len(body) > 0 {
			fail("endpoint-202-body", "202 must have no body, got %q", clipBytes(body))
		}
		if !acked {
			fail("endpoint-202-without-callback", "202 before any callback for %s", st.describe())
		}
	case http.StatusOK:
		mt, _, _ := mime.ParseMediaType(hdr.Get("Content-Type"))
		if mt != "application/json" && mt != "multipart/form-data" {
			fail("endpoint-content-type", "200 with Content-Type %q", hdr.Get("Content-Type"))
			return
		}
		r := httptest.NewRequest(http.MethodPost, apiPrefix+"/interactions/"+st.id+"/"+st.token+"/callback", bytes.NewReader(body))
		r.Header.Set("Content-Type", hdr.Get("Content-Type"))
		// An answer to Discord's POST, not a request to the HTTP API:
		// the API's User-Agent rule (checked there) is not the bot's to keep.
		r.Header.Set("User-Agent", "DiscordBot (inline-response, 0)")
		s.serveHTTP(httptest.NewRecorder(), r) // refusals are recorded there
	default:
		if genuine {
			fail("endpoint-refused", "the endpoint answered %d to %s: %q", status, st.describe(), clipBytes(body))
		}
	}
}

// postSigned POSTs payload signed at at, as Discord does: the signature
// is X-Signature-Ed25519 over X-Signature-Timestamp (Unix seconds)
// followed by the body (overview.mdx, "Validating Security Request
// Headers").
func (s *Server) postSigned(ctx context.Context, url string, payload []byte, at time.Time, forge func(*Delivery)) (int, http.Header, []byte, error) {
	stamp := strconv.FormatInt(at.Unix(), 10)
	sig := ed25519.Sign(s.signingKey(), append([]byte(stamp), payload...))
	d := &Delivery{Header: http.Header{}, Body: bytes.Clone(payload)}
	d.Header.Set("Content-Type", "application/json")
	d.Header.Set("User-Agent", "Discord-Interactions/1.0 (+https://discord.com)")
	d.Header.Set("X-Signature-Ed25519", hex.EncodeToString(sig))
	d.Header.Set("X-Signature-Timestamp", stamp)
	if forge != nil {
		forge(d)
	}
	return s.send(ctx, url, d)
}

func (s *Server) send(ctx context.Context, url string, d *Delivery) (int, http.Header, []byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(d.Body))
	if err != nil {
		return 0, nil, nil, err
	}
	req.Header = d.Header.Clone()
	s.signingKey()
	resp, err := s.ep.client.Do(req)
	if err != nil {
		return 0, nil, nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxRequestBody))
	s.logf("endpoint answered %d", resp.StatusCode)
	return resp.StatusCode, resp.Header, body, err
}

func (s *Server) recordFailure(f Failure) {
	s.mu.Lock()
	s.failures = append(s.failures, f)
	s.notify()
	s.mu.Unlock()
	s.logf("%s", f.String())
}

func clipBytes(b []byte) string {
	if len(b) > 200 {
		return string(b[:200]) + "..."
	}
	return string(b)
}
