package discordtest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// apiPrefix is the REST prefix of API v10, the one the stand-in serves
// (and whose semantics it applies: attachments on edits, rest.go).
const apiPrefix = "/api/v10"

// maxRequestBody is Discord's limit for a whole request (25 MiB).
const maxRequestBody = 25 << 20

// Option configures a Server.
type Option func(*config)

type config struct {
	deadline  time.Duration
	tokenLife time.Duration
	heartbeat time.Duration
	waitLimit time.Duration
	now       func() time.Time
	logf      func(format string, args ...any)
	limits    *RateLimits // nil: DefaultRateLimits
	latency   time.Duration
	upload    time.Duration // per file (WithUpload)
	// uploadRate is bytes per second a file's upload takes (0: none).
	uploadRate int64
	sample     int64  // check every sample-th body against the document (0, 1: all)
	token      string // the bot token accepted (WithToken); "" draws one
}

// WithToken sets the bot token the stand-in accepts, by default a new one
// per stand-in. Stand-ins that serve bots side by side in one process
// share that process's one DISCORD_TOKEN.
func WithToken(token string) Option { return func(c *config) { c.token = token } }

// WithDeadline sets how long after dispatch an interaction callback is
// accepted (Discord: 3 s).
func WithDeadline(d time.Duration) Option { return func(c *config) { c.deadline = d } }

// WithLatency makes every REST request take d: half before the stand-in
// acts on it, half before its answer leaves, as a round trip to Discord
// does. A crash test needs it: the moments between a change and its
// message, and between Discord creating a message and the bot hearing of
// it, are as long as on Discord.
func WithLatency(d time.Duration) Option { return func(c *config) { c.latency = d } }

// WithUpload makes every file of a request take perFile plus its size at
// bytesPerSecond (0: no size term) to arrive, on top of WithLatency:
// Discord takes 100-500 ms more for a request carrying an image.
func WithUpload(perFile time.Duration, bytesPerSecond int64) Option {
	return func(c *config) { c.upload, c.uploadRate = perFile, bytesPerSecond }
}

// uploadTime is how long the files of a request take to arrive.
func (s *Server) uploadTime(files []File) time.Duration {
	var d time.Duration
	for _, f := range files {
		d += s.cfg.upload
		if s.cfg.uploadRate > 0 {
			d += time.Duration(int64(len(f.Data)) * int64(time.Second) / s.cfg.uploadRate)
		}
	}
	return d
}

// WithTokenLifetime sets how long interaction tokens (follow-ups, @original
// edits) stay valid after dispatch (Discord: 15 min).
func WithTokenLifetime(d time.Duration) Option { return func(c *config) { c.tokenLife = d } }

// WithHeartbeatInterval sets the interval sent in HELLO (Discord: ~41.25 s).
func WithHeartbeatInterval(d time.Duration) Option { return func(c *config) { c.heartbeat = d } }

// WithWaitTimeout sets the timeout of the Expect* helpers (default 10 s).
func WithWaitTimeout(d time.Duration) Option { return func(c *config) { c.waitLimit = d } }

// WithSchemaSample checks only every nth request body (the first, the
// n+1st, ...) against Discord's OpenAPI document and emoji rules; the
// route's own checks still see every request. The load command uses it:
// validating thousands of boards of the same shape would spend on the
// stand-in, which shares the machine, CPU the measure is of the bot.
// Tests check every request (the default).
func WithSchemaSample(n int) Option { return func(c *config) { c.sample = int64(n) } }

// WithClock replaces the clock used for deadlines, token lifetimes and
// timestamps (default time.Now).
func WithClock(now func() time.Time) Option { return func(c *config) { c.now = now } }

// WithLog logs every request and gateway event through logf (for example
// t.Logf). Off by default.
func WithLog(logf func(format string, args ...any)) Option {
	return func(c *config) { c.logf = logf }
}

// Server is the Discord stand-in. All methods are safe for concurrent use.
// The helpers that fail the test (Slash, Click, Expect, ...) fail the test
// given to New; inside a subtest use srv.For(t).
type Server struct {
	*core
	t testing.TB
}

// For returns a view of the same stand-in whose failing helpers fail t (a
// subtest, for example).
func (s *Server) For(t testing.TB) *Server { return &Server{core: s.core, t: t} }

// core is the shared state of a Server and its For views.
type core struct {
	cfg     config
	checked atomic.Int64 // request bodies seen by the schema check, under WithSchemaSample
	http    *httptest.Server

	token  string
	appID  string
	bot    User
	nextID atomic.Uint64

	mu       sync.Mutex
	changed  chan struct{}            // closed at every notify: the unkeyed waits
	keyed    map[string]chan struct{} // closed when a notify names the key (or none): waitKeyed
	closed   bool
	requests []*Request
	lastSeen time.Time // wall clock of the last request or dispatch
	failures []Failure
	rules    []*failRule

	users        map[string]User // by name
	usersByID    map[string]User
	channels     map[string]*channel
	messages     map[string]*Message  // current state, by id
	nonces       map[string]sentNonce // enforce_nonce memory, by nonce
	nonceHits    int
	channelOrder map[string][]string // message ids per channel, in order
	threads      map[string]*Thread
	threadOrder  []string
	commands     map[string][]*discordgo.ApplicationCommand // by guild id, "" global
	commandIDs   map[string]string                          // guild+"/"+name -> id
	ixs          map[string]*ixState                        // by interaction id
	ixByToken    map[string]*ixState
	ixOrder      []*ixState

	gw gateway
	ep endpointState // HTTP interactions (endpoint.go)
	rt []route
	w  world // guild locales, bot permissions, rate limits, clock offset
}

type channel struct {
	ID      string
	GuildID string
	Type    discordgo.ChannelType
	Name    string
	// Recipient is a DM channel's other user (dm.go).
	Recipient string
}

type failRule struct {
	method     string
	pattern    string
	retryAfter time.Duration
	global     bool
}

// New starts a stand-in on 127.0.0.1 and closes it when the test ends.
func New(t testing.TB, opts ...Option) *Server {
	t.Helper()
	s := &Server{t: t, core: &core{
		cfg: config{
			deadline:  3 * time.Second,
			tokenLife: 15 * time.Minute,
			heartbeat: 41250 * time.Millisecond,
			waitLimit: 10 * time.Second,
			now:       time.Now,
		},
		changed:      make(chan struct{}),
		keyed:        map[string]chan struct{}{},
		users:        map[string]User{},
		usersByID:    map[string]User{},
		channels:     map[string]*channel{},
		messages:     map[string]*Message{},
		nonces:       map[string]sentNonce{},
		channelOrder: map[string][]string{},
		threads:      map[string]*Thread{},
		commands:     map[string][]*discordgo.ApplicationCommand{},
		commandIDs:   map[string]string{},
		ixs:          map[string]*ixState{},
		ixByToken:    map[string]*ixState{},
	}}
	for _, o := range opts {
		o(&s.cfg)
	}
	if s.cfg.limits == nil {
		l := DefaultRateLimits()
		s.cfg.limits = &l
	}
	s.w.init()
	s.useSkewedClock()
	s.nextID.Store(uint64(s.cfg.now().UnixMilli()-discordEpoch) << 22)
	s.appID = s.newID()
	s.bot = User{ID: s.appID, Username: "warroom"}
	s.usersByID[s.bot.ID] = s.bot
	s.token = s.cfg.token
	if s.token == "" {
		s.token = "dt." + s.newID() + ".stand-in"
	}
	s.gw.init()
	s.rt = s.routes()
	s.http = httptest.NewServer(http.HandlerFunc(s.serveHTTP))
	s.startResumeListener()
	t.Cleanup(s.Close)
	return s
}

const discordEpoch = 1420070400000

// newID returns a fresh snowflake (time based, strictly increasing).
func (s *Server) newID() string {
	ts := uint64(s.cfg.now().UnixMilli()-discordEpoch) << 22
	for {
		cur := s.nextID.Load()
		n := cur + 1
		if ts > n {
			n = ts
		}
		if s.nextID.CompareAndSwap(cur, n) {
			return strconv.FormatUint(n, 10)
		}
	}
}

// Close stops the gateway and the HTTP server. New registers it with
// t.Cleanup; calling it twice is fine.
func (s *Server) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	s.mu.Unlock()
	s.closeGateway()
	s.http.Close()
	s.gw.resumeHTTP.Close()
}

// URL is the base URL (http://127.0.0.1:port) that replaces https://discord.com.
func (s *Server) URL() string { return s.http.URL }

// Token is the bot token the stand-in accepts; give discordgo "Bot "+Token().
func (s *Server) Token() string { return s.token }

// AppID is the application id (also the bot user's id, as on Discord).
func (s *Server) AppID() string { return s.appID }

// BotUser is the bot's own user.
func (s *Server) BotUser() User { return s.bot }

// HTTPClient returns a client that sends every request for https://discord.com
// (and any other host) to the stand-in. Give it to discordgo as Session.Client.
func (s *Server) HTTPClient() *http.Client {
	return &http.Client{Transport: RewriteTransport(s.URL(), nil), Timeout: 20 * time.Second}
}

// RewriteTransport returns a RoundTripper that replaces the scheme and host of
// every request with those of base and sends it through next (default
// http.DefaultTransport).
func RewriteTransport(base string, next http.RoundTripper) http.RoundTripper {
	u, err := url.Parse(base)
	if err != nil {
		panic(err)
	}
	if next == nil {
		next = http.DefaultTransport
	}
	return rewriter{u: u, next: next}
}

type rewriter struct {
	u    *url.URL
	next http.RoundTripper
}

func (r rewriter) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.URL.Scheme = r.u.Scheme
	req.URL.Host = r.u.Host
	req.Host = r.u.Host
	return r.next.RoundTrip(req)
}

// notify wakes the waits whose condition may have changed; call with
// s.mu held. Without keys it wakes every wait. With keys (chanKey,
// ixKey) it wakes the unkeyed waits and the keyed ones on those keys
// only: a busy load run has a wait per table, and waking them all at
// every change cost more than the bot's own work, lock contention most.
// A change must name every key whose waits it concerns, or none.
func (s *Server) notify(keys ...string) {
	close(s.changed)
	s.changed = make(chan struct{})
	if len(keys) == 0 {
		for k, ch := range s.keyed {
			close(ch)
			delete(s.keyed, k)
		}
		return
	}
	for _, k := range keys {
		if ch, ok := s.keyed[k]; ok {
			close(ch)
			delete(s.keyed, k)
		}
	}
}

// The keys of keyed waits: a channel's messages, an interaction's state.
func chanKey(id string) string { return "c" + id }
func ixKey(id string) string   { return "i" + id }

// waitKeyed is waitFor for a condition that only changes named by key.
func (s *Server) waitKeyed(ctx context.Context, key, what string, cond func() bool) error {
	return s.wait(ctx, what, cond, func() chan struct{} {
		ch := s.keyed[key]
		if ch == nil {
			ch = make(chan struct{})
			s.keyed[key] = ch
		}
		return ch
	})
}

// waitFor calls cond under the lock until it returns true or ctx ends.
func (s *Server) waitFor(ctx context.Context, what string, cond func() bool) error {
	return s.wait(ctx, what, cond, func() chan struct{} { return s.changed })
}

// wait calls cond under the lock until it returns true or ctx ends,
// sleeping between on the channel signal gives (under the lock too).
func (s *Server) wait(ctx context.Context, what string, cond func() bool, signal func() chan struct{}) error {
	for {
		s.mu.Lock()
		ok := cond()
		var ch chan struct{}
		if !ok {
			ch = signal()
		}
		s.mu.Unlock()
		if ok {
			return nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return fmt.Errorf("discordtest: waiting for %s: %w", what, ctx.Err())
		}
	}
}

func (s *Server) expectCtx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), s.cfg.waitLimit)
}

func (s *Server) logf(format string, args ...any) {
	if s.cfg.logf != nil {
		s.cfg.logf("discordtest: "+format, args...)
	}
}

// FailNext answers the next request whose method and path match with
// HTTP 429, a Retry-After header, X-RateLimit-* headers and Discord's JSON
// body, so that discordgo waits retryAfter and retries. method "" or "*"
// matches any method; pathPattern is a path.Match pattern on the path
// without the /api/v10 prefix: "/channels/*/messages" ("*" is one segment),
// "/webhooks/*" (a final "*" matches everything below), "/**/messages"
// ("**" is any number of segments), "" any path. Several calls queue
// several 429s, served in order.
func (s *Server) FailNext(method, pathPattern string, retryAfter time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rules = append(s.rules, &failRule{method: strings.ToUpper(method), pattern: pathPattern, retryAfter: retryAfter})
}

// PendingFailures reports how many FailNext 429s have not been served yet.
func (s *Server) PendingFailures() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.rules)
}

func (s *Server) takeRule(method, p string) *failRule {
	for i, r := range s.rules {
		if r.method != "" && r.method != "*" && r.method != method {
			continue
		}
		if r.pattern != "" && !matchPath(r.pattern, p) {
			continue
		}
		s.rules = append(s.rules[:i:i], s.rules[i+1:]...)
		return r
	}
	return nil
}

// WaitIdle waits until the bot has gone quiet: no interaction is waiting
// for its callback (within the deadline) or for the edit that completes a
// deferral (up to the wait timeout after the callback), and no HTTP request
// has arrived or finished for quiet. Use it after an action whose effects
// (pings, other edits, thread messages) follow the interaction's answer.
func (s *Server) WaitIdle(ctx context.Context, quiet time.Duration) error {
	for {
		s.mu.Lock()
		now := s.cfg.now()
		var busy *ixState
		for _, ix := range s.ixOrder {
			waitingAck := ix.delivered && !ix.acked && now.Sub(ix.created) <= s.cfg.deadline
			waitingFill := ix.acked && !ix.complete() && now.Sub(ix.ackAt) <= s.cfg.waitLimit
			if waitingAck || waitingFill {
				busy = ix
			}
		}
		idle := time.Since(s.lastSeen)
		ch := s.changed
		s.mu.Unlock()
		if busy == nil && idle >= quiet {
			return nil
		}
		wait := quiet - idle
		if busy != nil || wait <= 0 {
			wait = quiet
		}
		select {
		case <-ch:
		case <-time.After(wait):
		case <-ctx.Done():
			what := "quiet"
			if busy != nil {
				what = "the answer to " + busy.describe()
			}
			return fmt.Errorf("discordtest: waiting for the bot to go idle (%s): %w", what, ctx.Err())
		}
	}
}

// matchPath matches a FailNext pattern: segments are path.Match patterns
// ("*" is one segment), "**" is any number of segments, and a final "*"
// also matches everything below ("/webhooks/*" matches every webhook path).
func matchPath(pattern, p string) bool {
	return matchSegs(strings.Split(strings.Trim(pattern, "/"), "/"), strings.Split(strings.Trim(p, "/"), "/"))
}

func matchSegs(pat, segs []string) bool {
	if len(pat) == 0 {
		return len(segs) == 0
	}
	if pat[0] == "**" {
		for i := 0; i <= len(segs); i++ {
			if matchSegs(pat[1:], segs[i:]) {
				return true
			}
		}
		return false
	}
	if len(segs) == 0 {
		return false
	}
	if ok, _ := path.Match(pat[0], segs[0]); !ok {
		return false
	}
	if len(pat) == 1 && pat[0] == "*" {
		return true // a final "*" matches the rest
	}
	return matchSegs(pat[1:], segs[1:])
}

// Requests returns every HTTP request so far, in arrival order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Request, len(s.requests))
	for i, r := range s.requests {
		out[i] = *r
	}
	return out
}

// Unexpected returns the requests for routes the stand-in does not know
// (answered 404). A bot under test should make none.
func (s *Server) Unexpected() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Request
	for _, r := range s.requests {
		if r.Unexpected {
			out = append(out, *r)
		}
	}
	return out
}

// Failures returns the calls refused the way Discord would refuse them, and
// the interactions that got no callback within the deadline.
func (s *Server) Failures() []Failure {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := append([]Failure(nil), s.failures...)
	now := s.cfg.now()
	for _, ix := range s.ixOrder {
		if !ix.acked && ix.delivered && now.Sub(ix.created) > s.cfg.deadline {
			out = append(out, Failure{Kind: "unanswered", InteractionID: ix.id, Status: 0, Code: 10062,
				Message: fmt.Sprintf("%s got no callback within %v", ix.describe(), s.cfg.deadline)})
		}
	}
	return out
}

// Problems is Unexpected and Failures as text: empty when the bot did
// nothing a real Discord would refuse or not understand.
func (s *Server) Problems() []string {
	var out []string
	for _, r := range s.Unexpected() {
		out = append(out, "unexpected request: "+r.String())
	}
	for _, f := range s.Failures() {
		out = append(out, f.String())
	}
	return out
}

// ---- HTTP plumbing ----

// apiError is Discord's JSON error body.
type apiError struct {
	Status  int            `json:"-"`
	Code    int            `json:"code"`
	Message string         `json:"message"`
	Errors  map[string]any `json:"errors,omitempty"`
	kind    string
}

func (e *apiError) Error() string { return fmt.Sprintf("%d %s (code %d)", e.Status, e.Message, e.Code) }

func errInvalid(format string, args ...any) *apiError {
	msg := fmt.Sprintf(format, args...)
	return &apiError{Status: 400, Code: 50035, Message: "Invalid Form Body",
		Errors: map[string]any{"_errors": []map[string]string{{"code": "INVALID", "message": msg}}}, kind: "invalid-body"}
}

var (
	errUnknownInteraction = func() *apiError {
		return &apiError{Status: 404, Code: 10062, Message: "Unknown interaction", kind: "unknown-interaction"}
	}
	errAlreadyAcked = func() *apiError {
		return &apiError{Status: 400, Code: 40060, Message: "Interaction has already been acknowledged.", kind: "already-acknowledged"}
	}
	errUnknownWebhook = func() *apiError {
		return &apiError{Status: 404, Code: 10015, Message: "Unknown Webhook", kind: "unknown-webhook"}
	}
	errUnknownMessage = func() *apiError {
		return &apiError{Status: 404, Code: 10008, Message: "Unknown Message", kind: "unknown-message"}
	}
	errUnknownChannel = func() *apiError {
		return &apiError{Status: 404, Code: 10003, Message: "Unknown Channel", kind: "unknown-channel"}
	}
)

// call is one REST request being served.
type call struct {
	s      *Server
	w      http.ResponseWriter
	r      *http.Request
	rec    *Request
	params map[string]string
	body   []byte // JSON body or payload_json
	files  []File
	done   bool
}

func (c *call) p(name string) string { return c.params[name] }

func (c *call) decode(v any) *apiError {
	if len(bytes.TrimSpace(c.body)) == 0 {
		return errInvalid("empty body")
	}
	if err := json.Unmarshal(c.body, v); err != nil {
		return errInvalid("malformed JSON: %v", err)
	}
	return nil
}

func (c *call) reply(status int, v any) {
	var b []byte
	if v != nil {
		var err error
		b, err = json.Marshal(v)
		if err != nil {
			status = 500
			b = []byte(`{"message":"stand-in encoding error","code":0}`)
		}
		c.w.Header().Set("Content-Type", "application/json")
	}
	c.s.mu.Lock()
	c.s.w.rl.countInvalid(*c.s.cfg.limits, status, c.w.Header().Get("X-RateLimit-Scope"), time.Now())
	c.s.mu.Unlock()
	c.replyRaw(status, b)
}

// replyRaw sends an answer after the second half of the latency.
func (c *call) replyRaw(status int, b []byte) {
	time.Sleep(c.s.cfg.latency / 2)
	c.w.WriteHeader(status)
	_, _ = c.w.Write(b)
	c.s.mu.Lock()
	c.rec.Status = status
	c.rec.Response = b
	c.s.lastSeen = time.Now()
	c.s.mu.Unlock()
	c.done = true
}

func (c *call) noContent() { c.reply(http.StatusNoContent, nil) }

// fail answers with a Discord error and records it as a failure.
func (c *call) fail(e *apiError, interactionID string) {
	c.s.mu.Lock()
	kind := e.kind
	if kind == "" {
		kind = "error"
	}
	rec := c.rec
	c.s.failures = append(c.s.failures, Failure{Kind: kind, InteractionID: interactionID, Status: e.Status,
		Code: e.Code, Message: e.Message + errorDetail(e), Request: rec})
	c.s.notify()
	c.s.mu.Unlock()
	c.s.logf("%s %s -> %d %s%s", c.r.Method, c.rec.Path, e.Status, e.Message, errorDetail(e))
	c.reply(e.Status, e)
}

func errorDetail(e *apiError) string {
	if e.Errors == nil {
		return ""
	}
	if l, ok := e.Errors["_errors"].([]map[string]string); ok && len(l) == 1 && len(e.Errors) == 1 {
		return ": " + l[0]["message"]
	}
	return ": " + strings.Join(formErrors(e.Errors).flat(), "; ")
}

type route struct {
	method  string
	pattern string
	parts   []string
	noAuth  bool // interaction callbacks and webhooks use the token in the URL
	h       func(*call)
}

func (s *Server) routes() []route {
	rs := []route{
		{method: "GET", pattern: "/gateway", noAuth: true, h: s.getGateway},
		{method: "GET", pattern: "/gateway/bot", h: s.getGatewayBot},
		{method: "GET", pattern: "/users/@me", h: s.getMe},
		{method: "GET", pattern: "/users/{user}", h: s.getUser},
		{method: "GET", pattern: "/oauth2/applications/@me", h: s.getApplication},
		{method: "GET", pattern: "/applications/@me", h: s.getApplication},
		{method: "GET", pattern: "/applications/{app}/commands", h: s.listCommands},
		{method: "PUT", pattern: "/applications/{app}/commands", h: s.putCommands},
		{method: "POST", pattern: "/applications/{app}/commands", h: s.postCommand},
		{method: "DELETE", pattern: "/applications/{app}/commands/{cmd}", h: s.deleteCommand},
		{method: "GET", pattern: "/applications/{app}/guilds/{guild}/commands", h: s.listCommands},
		{method: "PUT", pattern: "/applications/{app}/guilds/{guild}/commands", h: s.putCommands},
		{method: "POST", pattern: "/applications/{app}/guilds/{guild}/commands", h: s.postCommand},
		{method: "DELETE", pattern: "/applications/{app}/guilds/{guild}/commands/{cmd}", h: s.deleteCommand},
		{method: "POST", pattern: "/interactions/{id}/{token}/callback", noAuth: true, h: s.postCallback},
		{method: "POST", pattern: "/webhooks/{app}/{token}", noAuth: true, h: s.postFollowup},
		{method: "GET", pattern: "/webhooks/{app}/{token}/messages/{msg}", noAuth: true, h: s.getWebhookMessage},
		{method: "PATCH", pattern: "/webhooks/{app}/{token}/messages/{msg}", noAuth: true, h: s.patchWebhookMessage},
		{method: "DELETE", pattern: "/webhooks/{app}/{token}/messages/{msg}", noAuth: true, h: s.deleteWebhookMessage},
		{method: "GET", pattern: "/channels/{ch}", h: s.getChannel},
		{method: "PATCH", pattern: "/channels/{ch}", h: s.patchChannel},
		{method: "DELETE", pattern: "/channels/{ch}", h: s.deleteChannel},
		{method: "GET", pattern: "/channels/{ch}/messages", h: s.listMessages},
		{method: "POST", pattern: "/channels/{ch}/messages", h: s.postMessage},
		{method: "GET", pattern: "/channels/{ch}/messages/{msg}", h: s.getMessage},
		{method: "PATCH", pattern: "/channels/{ch}/messages/{msg}", h: s.patchMessage},
		{method: "DELETE", pattern: "/channels/{ch}/messages/{msg}", h: s.deleteMessage},
		{method: "POST", pattern: "/channels/{ch}/threads", h: s.postThread},
		{method: "GET", pattern: "/guilds/{guild}/threads/active", h: s.listActiveThreads},
		{method: "POST", pattern: "/channels/{ch}/messages/{msg}/threads", h: s.postThread},
		{method: "PUT", pattern: "/channels/{ch}/thread-members/{user}", h: s.putThreadMember},
		{method: "POST", pattern: "/users/@me/channels", h: s.createDM},
		{method: "DELETE", pattern: "/channels/{ch}/thread-members/{user}", h: s.deleteThreadMember},
	}
	for i := range rs {
		rs[i].parts = strings.Split(strings.Trim(rs[i].pattern, "/"), "/")
	}
	return rs
}

func (s *Server) match(method, p string) (*route, map[string]string) {
	parts := strings.Split(strings.Trim(p, "/"), "/")
	for _, r := range s.rt {
		if r.method != method || len(r.parts) != len(parts) {
			continue
		}
		params := map[string]string{}
		ok := true
		for i, rp := range r.parts {
			if strings.HasPrefix(rp, "{") {
				if parts[i] == "" {
					ok = false
					break
				}
				params[strings.Trim(rp, "{}")] = parts[i]
			} else if rp != parts[i] {
				ok = false
				break
			}
		}
		if ok {
			r := r
			return &r, params
		}
	}
	return nil, nil
}

func (s *Server) serveHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == gatewayPath || strings.HasPrefix(r.URL.Path, gatewayPath+"/") {
		s.serveGateway(w, r)
		return
	}
	if strings.HasPrefix(r.URL.Path, "/attachments/") && r.Method == http.MethodGet {
		s.serveAttachment(w, r)
		return
	}
	p := r.URL.Path
	if strings.HasPrefix(p, apiPrefix+"/") {
		p = strings.TrimPrefix(p, apiPrefix)
	} else {
		p = "!" + p // not under /api/v10: never matches a route
	}
	rec := &Request{At: s.cfg.now(), Method: r.Method, Path: strings.TrimPrefix(p, "!"), Query: r.URL.RawQuery,
		ContentType: r.Header.Get("Content-Type")}
	c := &call{s: s, w: w, r: r, rec: rec}
	time.Sleep(s.cfg.latency / 2)

	body, err := readBody(r.Body, r.ContentLength)
	if err == nil && len(body) > maxRequestBody {
		err = fmt.Errorf("request entity too large")
	}
	if err == nil {
		err = c.parseBody(body)
	}
	time.Sleep(s.uploadTime(c.files))
	s.mu.Lock()
	rec.Seq = len(s.requests) + 1
	s.requests = append(s.requests, rec)
	s.lastSeen = time.Now()
	s.w.rl.intoWindow(injectedKey(r.Method, rec.Path), true, time.Now())
	rule := s.takeRule(r.Method, rec.Path)
	s.autoArchiveLocked()
	// No notify: no wait looks at the request log, and the handler wakes
	// the waits its change concerns. Every wait wakes at every notify, so
	// one per request and one per reply cost a 200-table load run a
	// thousand goroutine wake-ups a move.
	s.mu.Unlock()
	s.logf("%s %s", r.Method, rec.Path)

	if s.banned(c) || s.blockedAgent(c) {
		return
	}
	if rule != nil {
		s.serve429(c, rule)
		return
	}
	if err != nil {
		if len(body) > maxRequestBody {
			c.fail(&apiError{Status: 413, Code: 40005, Message: "Request entity too large", kind: "too-large"}, "")
			return
		}
		c.fail(errInvalid("%v", err), "")
		return
	}
	rt, params := s.match(r.Method, p)
	if rt == nil {
		s.mu.Lock()
		rec.Unexpected = true
		s.mu.Unlock()
		s.logf("UNEXPECTED %s %s", r.Method, rec.Path)
		c.reply(http.StatusNotFound, &apiError{Code: 0, Message: "404: Not Found"})
		return
	}
	s.mu.Lock()
	rec.Route = rt.pattern
	s.mu.Unlock()
	c.params = params
	if !s.admit(c, rt, p) {
		return
	}
	rt.h(c)
	if !c.done {
		c.noContent()
	}
}

// admit runs the checks every matched request passes before its route:
// the token, the application, the rate limits, the request's shape and
// (sampled by WithSchemaSample) its body against Discord's OpenAPI
// document and emoji rules (openapi.go, emoji.go). A refused request has
// been answered; it returns false.
func (s *Server) admit(c *call, rt *route, p string) bool {
	r, params := c.r, c.params
	if e := checkHeaders(r.Header); e != nil {
		c.fail(e, "")
		return false
	}
	if !rt.noAuth && r.Header.Get("Authorization") != "Bot "+s.token {
		c.fail(&apiError{Status: 401, Code: 0, Message: "401: Unauthorized", kind: "unauthorized"}, "")
		return false
	}
	if app, ok := params["app"]; ok && app != s.appID && app != "@me" {
		if strings.HasPrefix(rt.pattern, "/webhooks/") {
			c.fail(errUnknownWebhook(), "")
		} else {
			c.fail(&apiError{Status: 403, Code: 50001, Message: "Missing Access", kind: "wrong-application"}, "")
		}
		return false
	}
	if !s.rateLimit(c, rt) {
		return false
	}
	if e := checkShape(r.Method, p, r.Header.Get("Content-Type"), c.body, len(c.files), r.URL.Query()); e != nil {
		c.fail(e, params["id"])
		return false
	}
	if s.cfg.sample <= 1 || s.checked.Add(1)%s.cfg.sample == 1 {
		if e := checkRequest(r.Method, p, c.body); e != nil {
			c.fail(e, params["id"])
			return false
		}
	}
	return true
}

// readBody reads a request body of up to maxRequestBody+1 bytes, into
// one buffer of the announced length when there is one.
func readBody(r io.Reader, length int64) ([]byte, error) {
	if length < 0 || length > maxRequestBody {
		return io.ReadAll(io.LimitReader(r, maxRequestBody+1))
	}
	b := make([]byte, length, length+1)
	if _, err := io.ReadFull(r, b); err != nil {
		return nil, err
	}
	// A body longer than announced is net/http's to refuse.
	return b, nil
}

func (c *call) parseBody(body []byte) error {
	ct := c.r.Header.Get("Content-Type")
	if len(body) == 0 {
		return nil
	}
	mt, params, _ := mime.ParseMediaType(ct)
	if mt != "multipart/form-data" {
		c.body = body
		c.rec.Body = body
		return nil
	}
	mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
	// The parts' data, one after another in one buffer: together they are
	// shorter than the body, so it is never grown.
	var buf bytes.Buffer
	buf.Grow(len(body) + bytes.MinRead)
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("multipart: %w", err)
		}
		start := buf.Len()
		if _, err := buf.ReadFrom(part); err != nil {
			return fmt.Errorf("multipart: %w", err)
		}
		data := buf.Bytes()[start:buf.Len():buf.Len()]
		name := part.FormName()
		switch {
		case name == "payload_json":
			c.body = data
		case strings.HasPrefix(name, "files[") || name == "file":
			c.files = append(c.files, File{Field: name, Filename: part.FileName(), ContentType: part.Header.Get("Content-Type"), Data: data})
		default:
			return fmt.Errorf("multipart: unexpected part %q", name)
		}
	}
	sort.SliceStable(c.files, func(i, j int) bool { return fileIndex(c.files[i].Field) < fileIndex(c.files[j].Field) })
	c.rec.Body = c.body
	c.rec.Files = c.files
	return nil
}

func fileIndex(field string) int {
	n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(field, "files["), "]"))
	if err != nil {
		return -1
	}
	return n
}

func (s *Server) serve429(c *call, rule *failRule) {
	secs := rule.retryAfter.Seconds()
	h := c.w.Header()
	h.Set("Retry-After", strconv.Itoa(int(math.Ceil(secs))))
	h.Set("X-RateLimit-Limit", "5")
	h.Set("X-RateLimit-Remaining", "0")
	h.Set("X-RateLimit-Reset", strconv.FormatFloat(float64(s.cfg.now().Add(rule.retryAfter).UnixMilli())/1000, 'f', 3, 64))
	h.Set("X-RateLimit-Reset-After", strconv.FormatFloat(secs, 'f', 3, 64))
	bucket := "stand-in-" + strings.ReplaceAll(strings.Trim(c.rec.Path, "/"), "/", "-")
	h.Set("X-RateLimit-Bucket", bucket)
	h.Set("X-RateLimit-Scope", "user")
	if rule.global {
		h.Set("X-RateLimit-Global", "true")
	}
	s.mu.Lock()
	c.rec.RateLimited = true
	s.w.rl.windows[injectedKey(c.r.Method, c.rec.Path)] = time.Now().Add(rule.retryAfter)
	if rule.global {
		s.w.rl.globalWindow = time.Now().Add(rule.retryAfter)
	}
	s.w.rl.stats.Served++
	s.w.rl.stats.Injected++
	s.w.rl.stats.ByBucket[bucket]++
	s.mu.Unlock()
	s.logf("429 %s %s retry after %v", c.r.Method, c.rec.Path, rule.retryAfter)
	c.reply(http.StatusTooManyRequests, map[string]any{
		"message": "You are being rate limited.", "retry_after": secs, "global": rule.global, "code": 0,
	})
}

// injectedKey names the window of a FailNext 429: its method and path.
func injectedKey(method, p string) string { return "injected " + method + " " + p }

func (s *Server) serveAttachment(w http.ResponseWriter, r *http.Request) {
	// /attachments/{channel}/{attachment}/{filename}
	parts := strings.Split(strings.TrimPrefix(r.URL.Path, "/attachments/"), "/")
	if len(parts) == 3 {
		s.mu.Lock()
		var found *Attachment
		for _, id := range s.channelOrder[parts[0]] {
			m := s.messages[id]
			for i := range m.Attachments {
				if m.Attachments[i].ID == parts[1] {
					found = &m.Attachments[i]
				}
			}
		}
		s.mu.Unlock()
		if found != nil {
			w.Header().Set("Content-Type", found.ContentType)
			_, _ = w.Write(found.Data)
			return
		}
	}
	http.NotFound(w, r)
}
