package bot

// HTTP interactions: with an Interactions Endpoint URL set in the
// Developer Portal, Discord POSTs every interaction to it instead of
// sending it over the gateway; the two ways are mutually exclusive
// (developers/interactions/receiving-and-responding.mdx, "Receiving an
// Interaction"; developers/interactions/overview.mdx, "Preparing for
// Interactions").

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/rs/zerolog"
)

const (
	// InteractionsPath is where the --http server receives interactions.
	InteractionsPath = "/interactions"

	// SignatureWindow is how far X-Signature-Timestamp may lie from this
	// machine's clock. Discord's docs set no limit; ours makes a captured
	// request useless after it and lets the store forget accepted ids
	// (Bot.first).
	SignatureWindow = 5 * time.Minute

	// maxInteractionBody is the most read of a request before its
	// signature is known. Discord's docs give no byte limit for an
	// interaction, so it is derived from the text limits of what one can
	// carry: one message (developers/interactions/receiving-and-responding.mdx,
	// "message? ... the message they were attached to"), whose text is at
	// most 2,000 characters of content plus 6,000 of embeds, or 4,000 of
	// components v2 (developers/resources/message.mdx, "Embed Limits";
	// developers/components/reference.mdx), and a modal's 5 text inputs of
	// 4,000 characters each (same reference, "Text Input"; "Between 1 and
	// 5 ... components that make up the modal"). 28,000 characters at the
	// worst JSON escape (\u00XX, 6 bytes) is 168,000 bytes; the rest
	// (ids, 40 components' custom ids and labels, 25 resolved users,
	// attachment URLs) is tens of KB. 256 KiB covers it with room.
	maxInteractionBody = 256 << 10

	// maxUnverified is how many requests may read their bodies at once
	// before their signatures are checked: at most maxUnverified ×
	// maxInteractionBody (8 MiB) of unauthenticated bodies in memory.
	maxUnverified = 32

	// slotWait is how long a request waits for a reading slot before a
	// 503. Discord needs its answer within ackWait (3 s), so a real
	// interaction that waits 1 s can still be answered; a stranger's
	// flood gets 503 quickly instead of piling up.
	slotWait = time.Second

	// bodyWait is how long a request may take to send its body once it
	// holds a slot: Discord sends a whole interaction at once, and a body
	// that trickles in longer could not be answered within ackWait
	// anyway. So a withheld body holds a slot for at most this.
	bodyWait = 2 * time.Second

	// ackWait is Discord's deadline for the initial response: "you must
	// send an initial response within 3 seconds of receiving the event"
	// (developers/interactions/receiving-and-responding.mdx, "Interaction
	// Callback"). After it the token is invalid, so waiting longer is
	// useless.
	ackWait = 3 * time.Second
)

// ParsePublicKey reads the application's public key as the Developer
// Portal shows it (General Information, "Public Key": 64 hex digits).
func ParsePublicKey(s string) (ed25519.PublicKey, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, errors.New("no public key: set --public-key or DISCORD_PUBLIC_KEY to the application's Public Key (Developer Portal, General Information)")
	}
	k, err := hex.DecodeString(s)
	if err != nil || len(k) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("bad public key: want the %d hex digits of the application's Public Key (Developer Portal, General Information), got %d characters", 2*ed25519.PublicKeySize, len(s))
	}
	return ed25519.PublicKey(k), nil
}

// Endpoint receives interactions over HTTP. It checks each request
// before anything in it is used, answers PING itself, and hands every
// other interaction to the Bot attached to it, which answers it as in
// gateway mode. Until a Bot is attached (commands not registered yet)
// and after it stops, interactions get 503.
type Endpoint struct {
	key ed25519.PublicKey
	now func() time.Time
	log zerolog.Logger
	m   *Metrics // counts refusals; may be nil
	bot atomic.Pointer[Bot]
	// slots is one buffer of maxInteractionBody+1 bytes (allocated at
	// first use) per request reading an unverified body: a stranger's
	// body lives only there, and only a verified one is copied out.
	slots chan []byte
}

// NewEndpoint makes an endpoint that trusts requests signed by key.
func NewEndpoint(key ed25519.PublicKey, m *Metrics, log zerolog.Logger) *Endpoint {
	e := &Endpoint{key: key, now: time.Now, m: m, log: log,
		slots: make(chan []byte, maxUnverified)}
	for range maxUnverified {
		e.slots <- nil
	}
	return e
}

// refusal is an HTTP status and why, for the log (never the body's content).
type refusal struct {
	status int
	why    string
}

func refuse(status int, format string, a ...any) *refusal {
	return &refusal{status: status, why: fmt.Sprintf(format, a...)}
}

// ServeHTTP implements http.Handler.
func (e *Endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	i, x, ts, ref := e.accept(w, r)
	if ref == nil && i.Type == discordgo.InteractionPing {
		// "return a 200 response with a PONG payload (which has the same
		// type: 1)", with a valid Content-Type
		// (developers/interactions/overview.mdx, "Acknowledging PING
		// requests").
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"type":1}`))
		return
	}
	b := e.bot.Load()
	if ref == nil && (b == nil || b.stopping()) {
		ref = refuse(http.StatusServiceUnavailable, "not serving interactions (starting or stopping)")
	}
	if ref == nil {
		ref = b.first(r.Context(), i.ID, ts.Add(SignatureWindow))
	}
	if ref != nil {
		ev := e.log.Warn()
		if ref.status == http.StatusServiceUnavailable {
			ev = e.log.Info()
		}
		ev.Int("status", ref.status).Str("from", r.RemoteAddr).Msg("interaction request refused: " + ref.why)
		e.m.refusedRequest(ref.status)
		http.Error(w, http.StatusText(ref.status), ref.status)
		return
	}
	b.serveInteraction(w, r, i, x)
}

// accept reads and checks a request: method, Content-Type, size, the
// signature and its timestamp, then decodes it. Only a request that
// passes every check is decoded at all.
func (e *Endpoint) accept(w http.ResponseWriter, r *http.Request) (*discordgo.Interaction, interactionExtras, time.Time, *refusal) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		return nil, interactionExtras{}, time.Time{}, refuse(http.StatusMethodNotAllowed, "method %s", r.Method)
	}
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		return nil, interactionExtras{}, time.Time{}, refuse(http.StatusUnsupportedMediaType, "Content-Type %q", clip(r.Header.Get("Content-Type"), 80))
	}
	body, ts, ref := e.readSigned(w, r)
	if ref != nil {
		return nil, interactionExtras{}, time.Time{}, ref
	}
	i, x, err := decodeInteraction(body)
	if err != nil {
		return nil, x, time.Time{}, refuse(http.StatusBadRequest, "%v", err)
	}
	return i, x, ts, nil
}

// readSigned reads the body of a request and checks its signature,
// holding one of the endpoint's slots meanwhile, so strangers' bodies
// take at most maxUnverified × maxInteractionBody of memory. A declared
// length over the bound is refused before a byte is read; the
// connection then closes, so the rest is never read either.
func (e *Endpoint) readSigned(w http.ResponseWriter, r *http.Request) ([]byte, time.Time, *refusal) {
	if r.ContentLength > maxInteractionBody {
		w.Header().Set("Connection", "close")
		return nil, time.Time{}, refuse(http.StatusRequestEntityTooLarge, "declared body of %d bytes, over %d", r.ContentLength, maxInteractionBody)
	}
	wait := time.NewTimer(slotWait)
	defer wait.Stop()
	var buf []byte
	select {
	case buf = <-e.slots:
		if buf == nil {
			buf = make([]byte, maxInteractionBody+1)
		}
		defer func() { e.slots <- buf }()
	case <-wait.C:
		return nil, time.Time{}, refuse(http.StatusServiceUnavailable, "%d requests already reading unverified bodies", maxUnverified)
	case <-r.Context().Done():
		return nil, time.Time{}, refuse(http.StatusServiceUnavailable, "gone while waiting to be read")
	}
	// Not every ResponseWriter supports deadlines (a test's recorder); the
	// server's ReadTimeout still bounds the read then. The deadline is
	// lifted once the body is in: net/http's background read would
	// otherwise hit it and cancel the request while its callback runs.
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Now().Add(bodyWait))
	body, err := readBody(w, r, buf)
	rc.SetReadDeadline(time.Time{})
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return nil, time.Time{}, refuse(http.StatusRequestEntityTooLarge, "body over %d bytes", maxInteractionBody)
		}
		return nil, time.Time{}, refuse(http.StatusBadRequest, "read body: %v", err)
	}
	ts, ref := verifySignature(e.key, e.now(), r.Header, body)
	if ref != nil {
		return nil, ts, ref
	}
	return bytes.Clone(body), ts, nil // buf goes back to the slots
}

// readBody reads r's body into buf (maxInteractionBody+1 bytes), so a
// stranger's body costs no allocation; one over maxInteractionBody is an
// *http.MaxBytesError.
func readBody(w http.ResponseWriter, r *http.Request, buf []byte) ([]byte, error) {
	n, err := io.ReadFull(http.MaxBytesReader(w, r.Body, maxInteractionBody), buf)
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		err = nil // the body ended before filling buf: the usual case
	}
	return buf[:n], err
}

// verifySignature checks X-Signature-Ed25519 over X-Signature-Timestamp
// followed by the raw body, against the application's public key; a
// failure is 401 ("If the signature fails validation, your app should
// respond with a 401 error code", developers/interactions/overview.mdx,
// "Validating Security Request Headers"). Discord also sends invalid
// signatures on purpose and removes an endpoint that accepts one (same
// page). The timestamp, Unix seconds, must be within SignatureWindow of
// now; it is checked after the signature, so a request logged as stale
// is one Discord really signed.
func verifySignature(key ed25519.PublicKey, now time.Time, h http.Header, body []byte) (time.Time, *refusal) {
	sigHex, stamp := h.Get("X-Signature-Ed25519"), h.Get("X-Signature-Timestamp")
	if sigHex == "" || stamp == "" {
		return time.Time{}, refuse(http.StatusUnauthorized, "missing signature headers")
	}
	sig, err := hex.DecodeString(sigHex)
	if err != nil || len(sig) != ed25519.SignatureSize {
		return time.Time{}, refuse(http.StatusUnauthorized, "malformed signature")
	}
	msg := make([]byte, 0, len(stamp)+len(body))
	msg = append(append(msg, stamp...), body...)
	if !ed25519.Verify(key, msg, sig) {
		return time.Time{}, refuse(http.StatusUnauthorized, "bad signature")
	}
	secs, err := strconv.ParseInt(stamp, 10, 64)
	if err != nil {
		return time.Time{}, refuse(http.StatusUnauthorized, "timestamp is not Unix seconds")
	}
	ts := time.Unix(secs, 0)
	if d := now.Sub(ts); d > SignatureWindow || d < -SignatureWindow {
		return time.Time{}, refuse(http.StatusUnauthorized, "timestamp %v away from this clock (allowed: %v)", d.Round(time.Second), SignatureWindow)
	}
	return ts, nil
}

// decodeInteraction decodes a verified body as discordgo does a gateway
// INTERACTION_CREATE, and refuses what the bot never handles: an
// interaction without an id, or one requestOf does not convert (unknown
// types, no user).
func decodeInteraction(raw []byte) (*discordgo.Interaction, interactionExtras, error) {
	i, x, err := readInteraction(raw)
	if err != nil {
		return nil, x, fmt.Errorf("decode interaction: %w", err)
	}
	if i.ID == "" {
		return nil, x, errors.New("interaction without an id")
	}
	if i.Type == discordgo.InteractionPing {
		return i, x, nil
	}
	if i.Token == "" {
		return nil, x, errors.New("interaction without a token")
	}
	if _, ok := requestOf(i, x); !ok {
		return nil, x, fmt.Errorf("unsupported interaction (type %d)", i.Type)
	}
	return i, x, nil
}

// first records interaction id in the store until expires, and refuses
// it when this process, an earlier run or another replica recorded it
// before: a captured request sent again within its signature's window.
// A replay is answered 401 like any request that is not Discord's own
// (developers/interactions/overview.mdx, "Validating Security Request
// Headers"): Discord sends an interaction once, so only a stranger
// replays one. An id that cannot be recorded is not acted on (503).
func (b *Bot) first(ctx context.Context, id string, expires time.Time) *refusal {
	ok, err := b.svc.FirstInteraction(ctx, id, expires)
	switch {
	case err != nil:
		b.log.Error().Err(err).Str("interaction", id).Msg("could not record the interaction id: not acted on")
		return refuse(http.StatusServiceUnavailable, "could not record the interaction id")
	case !ok:
		return refuse(http.StatusUnauthorized, "replayed interaction")
	}
	return nil
}

// Attach makes the endpoint hand interactions to b (Start does it once
// the commands are registered).
func (e *Endpoint) Attach(b *Bot) { e.bot.Store(b) }

// serveInteraction answers an HTTP interaction through the gateway path
// (onInteraction), which responds with the callback endpoint. Discord:
// "If you send this request for an interaction received over HTTP,
// respond to the original HTTP request with a 202 and no body"
// (developers/interactions/receiving-and-responding.mdx, "Interaction
// Callback"). So the request is held until Discord has answered the
// callback, then answered 202 if Discord took it (2xx, or 40060: already
// acknowledged). A callback Discord refused (a 4xx) acknowledged nothing:
// that is answered 500, so Discord shows the player that the interaction
// failed, which it did, rather than 202 for a response never made. (The
// HTTP body could carry a response instead, but only the one Discord just
// refused, or a notice the service never chose.) The callback, not the
// HTTP body, carries the answer
// because a public answer's message id comes back from it
// (with_response=true, respondWithMessage), and a deferral there leaves
// the rest of the work to the same code as in gateway mode.
func (b *Bot) serveInteraction(w http.ResponseWriter, r *http.Request, i *discordgo.Interaction, x interactionExtras) {
	sent := b.watchCallback(i.ID)
	defer b.unwatchCallback(i.ID)
	done := make(chan struct{})
	go func() {
		defer close(done)
		b.onInteraction(b.s, i, x)
	}()
	deadline := time.NewTimer(ackWait)
	defer deadline.Stop()
	var took callbackOutcome
	select {
	case took = <-sent:
	case <-done:
		select {
		case took = <-sent:
		default:
			if b.stopping() { // Stop began between the endpoint's check and onInteraction's
				http.Error(w, http.StatusText(http.StatusServiceUnavailable), http.StatusServiceUnavailable)
				return
			}
			b.log.Error().Str("interaction", i.ID).Msg("interaction handled without a callback")
			http.Error(w, "not acknowledged", http.StatusInternalServerError)
			return
		}
	case <-deadline.C:
		b.log.Error().Str("interaction", i.ID).Msg("no callback within Discord's 3 seconds")
		http.Error(w, "not acknowledged in time", http.StatusInternalServerError)
		return
	case <-r.Context().Done():
		return
	}
	if !took.ok {
		b.log.Error().Str("interaction", i.ID).Str("discord", took.why).Msg("Discord refused the interaction's callback")
		http.Error(w, "callback refused", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// callbackOutcome is Discord's answer to an interaction's callback: ok
// when it took it; why is the refusal (status and JSON error code).
type callbackOutcome struct {
	ok  bool
	why string
}

// watchCallback returns a channel that gets the outcome of interaction
// id's callback once Discord has answered it.
func (b *Bot) watchCallback(id string) <-chan callbackOutcome {
	ch := make(chan callbackOutcome, 1)
	b.acksMu.Lock()
	b.acks[id] = ch
	b.acksMu.Unlock()
	return ch
}

func (b *Bot) unwatchCallback(id string) {
	b.acksMu.Lock()
	delete(b.acks, id)
	b.acksMu.Unlock()
}

func (b *Bot) callbackSent(id string, out callbackOutcome) {
	b.acksMu.Lock()
	if ch, ok := b.acks[id]; ok {
		ch <- out
		delete(b.acks, id)
	}
	b.acksMu.Unlock()
}

// callbackTransport tells the endpoint when Discord has answered an
// interaction's callback (POST /interactions/{id}/{token}/callback),
// whichever code path sent it: the ack of a click, a deferral, a direct
// answer, autocomplete choices. A 429 or a 5xx is not the end: discordgo
// waits and sends it again (and if it gives up, the interaction's work
// ends without a callback).
type callbackTransport struct {
	next http.RoundTripper
	sent func(id string, out callbackOutcome)
}

func (t callbackTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := t.next.RoundTrip(r)
	id, ok := callbackID(r.URL.Path)
	if r.Method != http.MethodPost || !ok {
		return resp, err
	}
	switch {
	case err != nil:
		t.sent(id, callbackOutcome{why: err.Error()})
	case resp.StatusCode < 300:
		t.sent(id, callbackOutcome{ok: true})
	case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500:
	default:
		var out callbackOutcome
		out, resp.Body = refusedCallback(resp)
		t.sent(id, out)
	}
	return resp, err
}

// refusedCallback reads a refused callback's JSON error code, and gives back the
// body for discordgo to read. 40060 (already acknowledged: an earlier
// try got through) is the interaction answered.
func refusedCallback(resp *http.Response) (callbackOutcome, io.ReadCloser) {
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	var e struct {
		Code int `json:"code"`
	}
	json.Unmarshal(body, &e)
	out := callbackOutcome{ok: e.Code == discordgo.ErrCodeInteractionHasAlreadyBeenAcknowledged,
		why: fmt.Sprintf("%d, code %d", resp.StatusCode, e.Code)}
	return out, io.NopCloser(bytes.NewReader(body))
}

// callbackID is the interaction id of a callback path
// (/api/v10/interactions/{id}/{token}/callback).
func callbackID(path string) (string, bool) {
	p := strings.Split(strings.Trim(path, "/"), "/")
	n := len(p)
	if n < 4 || p[n-1] != "callback" || p[n-4] != "interactions" {
		return "", false
	}
	return p[n-3], true
}
