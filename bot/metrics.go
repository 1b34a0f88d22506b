package bot

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/rs/zerolog"
)

// Metrics are what an operator scrapes (/metrics, Prometheus format) and
// probes (/healthz, /readyz). One registry per bot, so tests can run
// several bots in one process.
type Metrics struct {
	reg *prometheus.Registry

	interaction *prometheus.HistogramVec // seconds from receipt to the answer, by kind and result
	rest        *prometheus.HistogramVec // Discord REST call seconds, by method and route
	limited     *prometheus.CounterVec   // Discord 429 answers, by scope
	calls       *prometheus.CounterVec   // Discord REST calls, by the limit they count towards
	refused     *prometheus.CounterVec   // interaction requests refused by the HTTP endpoint, by status
	commit      prometheus.Histogram     // store group commit seconds
	group       prometheus.Histogram     // writes per store commit

	ready atomic.Bool // commands registered and the gateway open
	// draining: stopping (Draining), whatever ready says
	draining atomic.Bool
	alive    func(context.Context) error
	routes   map[string]http.Handler // more paths on the same server (Route)
}

// Store is what the health and table gauges read.
type Store interface {
	LiveCount(ctx context.Context) (int, error)
	Owing(ctx context.Context) ([]string, error)
}

// NewMetrics builds the collectors; store backs the live-tables and
// owing-tables gauges and the readiness probe.
func NewMetrics(store Store) *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry()}
	m.interaction = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "warroom_interaction_seconds", Help: "Time from receiving an interaction to its answer (click-to-reply), by kind (command, component, autocomplete) and result (changed: a table changed; answered: nothing changed, e.g. a refused or stale click).",
		Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5},
	}, []string{"kind", "result"})
	m.rest = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "warroom_discord_request_seconds", Help: "Discord REST calls by method, route (ids replaced by :id) and status class.",
		Buckets: []float64{.025, .05, .1, .25, .5, 1, 2.5, 5, 10},
	}, []string{"method", "route", "status"})
	m.limited = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "warroom_discord_rate_limited_total", Help: "Discord answers with status 429, by X-RateLimit-Scope (user, global, shared).",
	}, []string{"scope"})
	m.calls = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "warroom_discord_requests_total", Help: "Discord REST calls sent, by limit: interaction (interaction endpoints, not bound to the global rate limit) or global (every other call, 50 a second per bot). Divided by warroom_interaction_seconds_count{result=\"changed\"}, the calls per move.",
	}, []string{"limit"})
	m.refused = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "warroom_interaction_requests_refused_total", Help: "Requests to the HTTP interactions endpoint refused before use, by status (401: bad, stale or replayed signature; 400, 405, 413, 415: malformed; 503: starting or stopping).",
	}, []string{"status"})
	m.commit = prometheus.NewHistogram(prometheus.HistogramOpts{
		Name: "warroom_store_commit_seconds", Help: "Store write transactions (group commits), fsync included.",
		Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25},
	})
	m.group = prometheus.NewHistogram(prometheus.HistogramOpts{
		Name: "warroom_store_commit_writes", Help: "Writes carried by one store commit (group commit).",
		Buckets: []float64{1, 2, 4, 8, 16, 32, 64, 128, 256},
	})
	// A scrape has no ctx to pass (GaugeFunc): the store's own timeout
	// bounds its query.
	gauge := func(name, help string, f func(context.Context) (int, error)) prometheus.Collector {
		return prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help}, func() float64 {
			n, err := f(context.Background())
			if err != nil {
				return -1
			}
			return float64(n)
		})
	}
	m.reg.MustRegister(m.interaction, m.rest, m.limited, m.calls, m.refused, m.commit, m.group,
		gauge("warroom_live_tables", "Tables in a lobby or in play.", store.LiveCount),
		gauge("warroom_owing_tables", "Tables whose Discord effects (a board, a result) are not yet delivered.", func(ctx context.Context) (int, error) {
			ids, err := store.Owing(ctx)
			return len(ids), err
		}),
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	m.alive = func(ctx context.Context) error { _, err := store.LiveCount(ctx); return err }
	return m
}

// Commit records one store commit (data.Bolt's OnCommit hook).
func (m *Metrics) Commit(writes int, took time.Duration) {
	if m == nil {
		return
	}
	m.commit.Observe(took.Seconds())
	m.group.Observe(float64(writes))
}

func (m *Metrics) refusedRequest(status int) {
	if m != nil {
		m.refused.WithLabelValues(strconv.Itoa(status)).Inc()
	}
}

func (m *Metrics) observeInteraction(kind, result string, took time.Duration) {
	if m != nil {
		m.interaction.WithLabelValues(kind, result).Observe(took.Seconds())
	}
}

// Route serves h at pattern too (the interactions endpoint), on the same
// --http address. Call it before Serve.
func (m *Metrics) Route(pattern string, h http.Handler) {
	if m.routes == nil {
		m.routes = map[string]http.Handler{}
	}
	m.routes[pattern] = h
}

// Handler serves /metrics, /healthz (the process answers) and /readyz
// (the store answers and the commands are registered).
func (m *Metrics) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{}))
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("ok\n")) })
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		if err := m.alive(r.Context()); err != nil {
			http.Error(w, "store: "+err.Error(), http.StatusServiceUnavailable)
			return
		}
		if m.draining.Load() {
			http.Error(w, "draining: stopping", http.StatusServiceUnavailable)
			return
		}
		if !m.ready.Load() {
			http.Error(w, "not connected to Discord yet", http.StatusServiceUnavailable)
			return
		}
		w.Write([]byte("ready\n"))
	})
	for p, h := range m.routes {
		mux.Handle(p, h)
	}
	return mux
}

// Serve listens on addr until ctx ends, then shuts down gracefully: the
// listener closes (a balancer's next connection is refused, which it
// retries elsewhere) and the requests in flight are answered, for up to
// shutdownWait. The returned channel closes once that is done. A bad or
// busy address is an error at once, so the admin hears of it at start.
func (m *Metrics) Serve(ctx context.Context, addr string, log zerolog.Logger) (<-chan struct{}, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	srv := newServer(m.Handler())
	done := make(chan struct{})
	go func() {
		defer close(done)
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), shutdownWait)
		defer cancel()
		if err := srv.Shutdown(sctx); err != nil {
			log.Warn().Err(err).Msg("HTTP requests still in flight at shutdown")
		}
	}()
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error().Err(err).Msg("metrics server stopped")
		}
	}()
	paths := []string{"/metrics", "/healthz", "/readyz"}
	for p := range m.routes {
		paths = append(paths, p)
	}
	log.Info().Str("addr", ln.Addr().String()).Strs("paths", paths).Msg("serving HTTP")
	return done, nil
}

// shutdownWait bounds the wait for HTTP requests in flight at shutdown:
// an interaction's request is answered within ackWait (Discord's 3 s),
// so this lets every one that arrived before the listener closed finish.
const shutdownWait = ackWait + time.Second

// Draining makes /readyz fail from now on, so a load balancer's health
// check takes this process out before it stops serving (the drain of a
// rolling deploy). Safe on a nil Metrics.
func (m *Metrics) Draining() {
	if m != nil {
		m.draining.Store(true)
	}
}

// maxHeaderBytes bounds a request's header. Discord's interaction
// requests carry a few short headers (Content-Type, User-Agent, the
// 128-digit X-Signature-Ed25519, X-Signature-Timestamp), a proxy adds a
// few more; net/http's default is 1 MiB.
const maxHeaderBytes = 16 << 10

// newServer is the HTTP server of /metrics and the interactions endpoint,
// with the limits a public address needs: a stranger's connection may
// hold at most maxHeaderBytes of header for ReadHeaderTimeout, and one
// idle between requests is closed after IdleTimeout. (Bodies are bounded
// by the endpoint itself.)
func newServer(h http.Handler) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 10 * time.Second,
		IdleTimeout: time.Minute, MaxHeaderBytes: maxHeaderBytes}
}

// meteredTransport times every Discord REST call and counts 429s.
type meteredTransport struct {
	next http.RoundTripper
	m    *Metrics
}

func (t meteredTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	t.m.calls.WithLabelValues(limitOf(r.URL.Path)).Inc()
	start := time.Now()
	resp, err := t.next.RoundTrip(r)
	status := "error"
	if err == nil {
		status = fmt.Sprintf("%dxx", resp.StatusCode/100)
		if resp.StatusCode == http.StatusTooManyRequests {
			scope := resp.Header.Get("X-RateLimit-Scope")
			if scope == "" {
				scope = "unknown"
			}
			t.m.limited.WithLabelValues(scope).Inc()
		}
	}
	t.m.rest.WithLabelValues(r.Method, route(r.URL.Path), status).Observe(time.Since(start).Seconds())
	return resp, err
}

// limitOf is "interaction" for the interaction endpoints, which are not
// bound to the global rate limit (developers/topics/rate-limits.mdx,
// "Global Rate Limit"): callbacks, and webhooks, since warroom uses
// webhooks only with interaction tokens; "global" for every other path.
func limitOf(path string) string {
	switch r := route(path); {
	case strings.HasPrefix(r, "/interactions/"), strings.HasPrefix(r, "/webhooks/"):
		return "interaction"
	}
	return "global"
}

// route is a REST path with its ids and tokens replaced, so the metric's
// labels stay few: /api/v10/channels/123/messages -> /channels/:id/messages,
// /api/v10/webhooks/1/tok/messages/@original -> /webhooks/:id/:token/messages/@original.
func route(path string) string {
	parts := strings.Split(strings.Trim(path, "/"), "/")
	if len(parts) >= 2 && parts[0] == "api" && strings.HasPrefix(parts[1], "v") {
		parts = parts[2:]
	}
	out := make([]string, len(parts))
	for i, p := range parts {
		switch {
		case i >= 2 && (parts[i-2] == "webhooks" || parts[i-2] == "interactions"):
			out[i] = ":token"
		case p != "" && strings.Trim(p, "0123456789") == "":
			out[i] = ":id"
		default:
			out[i] = p
		}
	}
	return "/" + strings.Join(out, "/")
}
