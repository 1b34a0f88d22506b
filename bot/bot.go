// Package bot is warroom's Discord transport: it opens the discordgo
// session, registers the slash commands, turns interactions into
// commands.Request values, acknowledges them within Discord's 3 seconds,
// and carries out what the table service answers (replies, board edits,
// turn pings, team threads). It holds no game logic.
package bot

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/rs/zerolog"

	"github.com/warroom/warroom/commands"
)

// Config is how to reach Discord.
type Config struct {
	Token   string // the bot token, without the "Bot " prefix
	GuildID string // register commands in this guild only (instant); empty = global
	// APIBase points discordgo at another Discord, e.g. the local stand-in
	// of the end-to-end tests ("http://127.0.0.1:port"). Developers only.
	APIBase string
	// HTTPTimeout bounds each REST call (default 20 s).
	HTTPTimeout time.Duration
	// TimerInterval is how often overdue turns are looked for (default 30 s).
	TimerInterval time.Duration
	// Metrics, when set, records interactions and Discord REST calls and
	// reports readiness once the commands are registered.
	Metrics *Metrics
	// Endpoint, when set, is where interactions arrive (HTTP, `warroom
	// serve`): no gateway connection is opened, and the endpoint is handed
	// this bot once the commands are registered.
	Endpoint *Endpoint
	// Shards are the gateway shards this process runs (ParseShards);
	// the zero value is one connection.
	Shards Shards
}

// Bot is a running Discord connection.
type Bot struct {
	cfg      Config
	svc      *commands.Service
	log      zerolog.Logger
	s        *discordgo.Session
	more     []*discordgo.Session // the other gateway shards of this process
	inflight sync.WaitGroup
	handling atomic.Int64 // interactions received whose work is not finished (burst)
	closing  chan struct{}
	mu       sync.Mutex
	stopped  bool

	acksMu sync.Mutex
	acks   map[string]chan callbackOutcome // HTTP interactions waiting for their callback

	tokens  boardTokens // public messages' latest deferred clicks, to edit them through
	gateway seenIDs     // gateway interactions acted on, on a store of this process alone
	dms     dmChannels  // users' DM channel ids
}

// stopping: Stop has begun.
func (b *Bot) stopping() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.stopped
}

// begin registers work in flight; false once Stop has begun, so Stop's
// wait never races a late Add.
func (b *Bot) begin() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.stopped {
		return false
	}
	b.inflight.Add(1)
	return true
}

// ErrBadToken is returned by Start when Discord refuses the token.
var ErrBadToken = errors.New("Discord rejected the bot token (check DISCORD_TOKEN)")

// Start connects, checks the token, registers the commands and starts
// answering interactions: from the gateway, or with cfg.Endpoint from
// HTTP requests (then REST only: the session is never opened).
func Start(ctx context.Context, cfg Config, svc *commands.Service, log zerolog.Logger) (*Bot, error) {
	if strings.TrimSpace(cfg.Token) == "" {
		return nil, errors.New("no bot token: set DISCORD_TOKEN")
	}
	s, err := discordgo.New("Bot " + strings.TrimSpace(cfg.Token))
	if err != nil {
		return nil, err
	}
	timeout := cfg.HTTPTimeout
	if timeout == 0 {
		timeout = 20 * time.Second
	}
	b := &Bot{cfg: cfg, svc: svc, log: log, s: s, closing: make(chan struct{}), acks: map[string]chan callbackOutcome{}}
	s.Client = &http.Client{Timeout: timeout, Transport: restTransport()}
	if cfg.APIBase != "" {
		base, err := url.Parse(cfg.APIBase)
		if err != nil || base.Host == "" {
			return nil, fmt.Errorf("bad Discord API base %q", cfg.APIBase)
		}
		s.Client.Transport = &RewriteTransport{Base: base, Next: s.Client.Transport}
	}
	if cfg.Metrics != nil {
		s.Client.Transport = meteredTransport{next: s.Client.Transport, m: cfg.Metrics}
	}
	if cfg.Endpoint != nil {
		s.Client.Transport = callbackTransport{next: s.Client.Transport, sent: b.callbackSent}
	}
	s.Identify.Intents = discordgo.IntentsGuilds
	s.ShouldRetryOnRateLimit = true
	s.MaxRestRetries = 3
	s.LogLevel = discordgo.LogWarning
	routeDiscordgoLogs(log)

	me, err := s.User("@me")
	if err != nil {
		var re *discordgo.RESTError
		if errors.As(err, &re) && re.Response != nil && re.Response.StatusCode == http.StatusUnauthorized {
			return nil, ErrBadToken
		}
		return nil, fmt.Errorf("reach Discord: %w", err)
	}
	var appID string
	if cfg.Endpoint != nil {
		// No READY tells the application id or fills the state's user.
		app, err := s.Application("@me")
		if err != nil {
			return nil, fmt.Errorf("read the application: %w", err)
		}
		appID = app.ID
		s.State.User = me
	} else if appID, err = b.openShards(ctx); err != nil {
		return nil, err
	}
	if appID == "" {
		appID = me.ID
	}
	cmds := svc.Commands()
	if _, err := s.ApplicationCommandBulkOverwrite(appID, cfg.GuildID, cmds); err != nil {
		b.closeShards()
		return nil, fmt.Errorf("register slash commands: %w", err)
	}
	where := "globally"
	if cfg.GuildID != "" {
		where = "in guild " + cfg.GuildID
	}
	go b.timers()
	if cfg.Endpoint != nil {
		cfg.Endpoint.Attach(b)
	}
	if cfg.Metrics != nil {
		cfg.Metrics.ready.Store(true)
	}
	log.Info().Str("user", me.Username).Str("app", appID).Int("commands", len(cmds)).Msgf("connected; commands registered %s", where)
	return b, nil
}

// openGateway connects to the gateway and returns the application id
// its READY names.
func (b *Bot) openGateway(ctx context.Context, s *discordgo.Session) (string, error) {
	ready := make(chan *discordgo.Ready, 1)
	s.AddHandlerOnce(func(_ *discordgo.Session, r *discordgo.Ready) { ready <- r })
	s.RawEvents = map[string]bool{"INTERACTION_CREATE": true} // onEvent decodes them
	s.AddHandler(b.onEvent)
	if err := s.Open(); err != nil {
		return "", fmt.Errorf("open Discord gateway: %w", err)
	}
	select {
	case r := <-ready:
		if r.Application != nil {
			return r.Application.ID, nil
		}
		return "", nil
	case <-time.After(15 * time.Second):
		s.Close()
		return "", errors.New("Discord gateway sent no READY within 15 s")
	case <-ctx.Done():
		s.Close()
		return "", ctx.Err()
	}
}

// timers plays the turns of players who ran out of time (turn_timeout)
// and delivers what tables still owe Discord: at once for what an earlier
// run left undelivered (a crash between a move's commit and its board),
// then on every tick for effects whose delivery failed and is overdue.
func (b *Bot) timers() {
	every := b.cfg.TimerInterval
	if every <= 0 {
		every = 30 * time.Second
	}
	started := time.Now()
	if !b.svc.SoleWriter {
		// On a shared store an effect made a moment ago is being
		// delivered by the replica whose interaction made it: a replica
		// starting in a rolling deploy leaves it to that one, and takes
		// only what is older than redeliverAfter, as on every tick.
		started = time.Time{}
	}
	b.redeliver(started)
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-b.closing:
			return
		case <-tick.C:
		}
		ctx, cancel := context.WithTimeout(context.Background(), handleTimeout)
		ids, err := b.svc.Overdue(ctx, time.Now())
		cancel()
		if err != nil {
			b.log.Error().Err(err).Msg("look for overdue turns")
			continue
		}
		for _, id := range ids {
			if !b.begin() {
				return
			}
			ctx, cancel := context.WithTimeout(context.Background(), handleTimeout)
			ok, err := b.svc.Timeout(ctx, id)
			if err != nil {
				b.log.Error().Err(err).Str("table", id).Msg("overdue turn")
			} else if ok {
				logErr(b.log, b.svc.Deliver(ctx, id, &ixCourier{b: b}), "deliver after a timeout")
			}
			cancel()
			b.inflight.Done()
		}
		b.redeliver(started)
		ctx, cancel = context.WithTimeout(context.Background(), handleTimeout)
		logErr(b.log, b.svc.LeagueTick(ctx, commands.Overdue{Now: time.Now(), Since: started, MinAge: redeliverAfter}, &ixCourier{b: b}), "league deadlines and deliveries")
		cancel()
		ctx, cancel = context.WithTimeout(context.Background(), handleTimeout)
		logErr(b.log, b.svc.RecordDelivered(ctx, recordAfter), "record deliveries")
		cancel()
		b.forgetInteractions()
	}
}

// recordAfter is how long the timer leaves a delivery unrecorded that no
// move of its table has carried (Service.SoleWriter): a crash before it
// is recorded only makes the bot redraw those boards once more at start.
const recordAfter = 10 * time.Second

// redeliverAfter is how old an owed effect must be before the timer
// delivers it: younger ones are being delivered by their interaction,
// which answers through it (a command's answer, the clicked board).
const redeliverAfter = 20 * time.Second

// forgetInteractions drops the accepted interaction ids whose requests
// have been refused as stale for a whole SignatureWindow already: the
// extra window covers replicas whose clocks differ by up to that much.
func (b *Bot) forgetInteractions() {
	ctx, cancel := context.WithTimeout(context.Background(), handleTimeout)
	defer cancel()
	logErr(b.log, b.svc.ForgetInteractions(ctx, time.Now().Add(-SignatureWindow)), "forget old interaction ids")
	b.gateway.forget(time.Now()) // one process: no other clock to allow for
}

// redeliver delivers the effects that tables still owe: all those made
// before started (an earlier run left them; zero: none), and those older
// than redeliverAfter.
func (b *Bot) redeliver(started time.Time) {
	ctx, cancel := context.WithTimeout(context.Background(), handleTimeout)
	due := commands.Overdue{Now: time.Now(), Since: started, MinAge: redeliverAfter}
	ids, err := b.svc.Owing(ctx, due)
	cancel()
	if err != nil {
		b.log.Error().Err(err).Msg("look for owed effects")
		return
	}
	for _, id := range ids {
		if !b.begin() {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), handleTimeout)
		if err := b.svc.DeliverOverdue(ctx, id, due, &ixCourier{b: b}); err != nil {
			b.log.Warn().Err(err).Str("table", id).Msg("owed effects not delivered yet")
		} else {
			b.log.Info().Str("table", id).Msg("owed effects delivered")
		}
		cancel()
		b.inflight.Done()
	}
}

// Stop lets in-flight interactions finish (up to the context's deadline)
// and closes the gateway connection.
func (b *Bot) Stop(ctx context.Context) error {
	b.mu.Lock()
	if b.stopped {
		b.mu.Unlock()
		return nil
	}
	b.stopped = true
	close(b.closing)
	b.mu.Unlock()
	if b.cfg.Metrics != nil {
		b.cfg.Metrics.ready.Store(false) // draining: send no new traffic here
	}
	done := make(chan struct{})
	go func() { b.inflight.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
		b.log.Warn().Msg("stopping with interactions still in flight")
	}
	// Recorded even when waiting used up ctx: otherwise the next start
	// redraws those boards once more.
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), handleTimeout)
	logErr(b.log, b.svc.RecordDelivered(rctx, 0), "record deliveries")
	cancel()
	return b.closeShards()
}

// Session exposes the discordgo session (tests, metrics).
func (b *Bot) Session() *discordgo.Session { return b.s }

// RewriteTransport sends every request for Discord's hosts to Base
// instead: the seam for the local Discord stand-in of the tests.
type RewriteTransport struct {
	Base *url.URL
	Next http.RoundTripper
}

// maxIdleConns is how many idle connections to Discord's REST API are
// kept open. Go's default keeps 2 per host: over HTTP/1.1 (a REST proxy,
// the stand-in) a busy bot, with a request per table in flight, would
// otherwise dial and close a connection for most calls.
const maxIdleConns = 128

// restTransport is the REST client's transport: Go's default, keeping
// maxIdleConns idle connections instead of 2.
func restTransport() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConns, t.MaxIdleConnsPerHost = maxIdleConns, maxIdleConns
	return t
}

// RoundTrip implements http.RoundTripper.
func (t *RewriteTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if strings.HasSuffix(r.URL.Host, "discord.com") || strings.HasSuffix(r.URL.Host, "discordapp.com") {
		r = r.Clone(r.Context())
		r.URL.Scheme, r.URL.Host = t.Base.Scheme, t.Base.Host
		r.Host = t.Base.Host
	}
	next := t.Next
	if next == nil {
		next = http.DefaultTransport
	}
	return next.RoundTrip(r)
}

var logOnce sync.Once

// routeDiscordgoLogs sends discordgo's own log lines through zerolog.
func routeDiscordgoLogs(log zerolog.Logger) {
	logOnce.Do(func() {
		discordgo.Logger = func(level, caller int, format string, a ...any) {
			msg := fmt.Sprintf(format, a...)
			switch level {
			case discordgo.LogError:
				log.Error().Str("from", "discordgo").Msg(msg)
			case discordgo.LogWarning:
				log.Warn().Str("from", "discordgo").Msg(msg)
			default:
				log.Debug().Str("from", "discordgo").Msg(msg)
			}
		}
	})
}
