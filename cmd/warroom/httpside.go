package main

import (
	"context"
	"crypto/ed25519"
	"fmt"
	"net"
	"time"

	"github.com/rs/zerolog"

	"github.com/warroom/warroom/bot"
	"github.com/warroom/warroom/commands"
)

// httpSide is the --http server of `run` and `serve`: metrics, probes
// and (serve) the interactions endpoint. Its life is not ctx's: on
// SIGTERM it closes only once the balancer was given the drain delay.
type httpSide struct {
	addr     string
	serve    bool
	metrics  *bot.Metrics  // nil without --http
	endpoint *bot.Endpoint // serve only
	ctx      context.Context
	stop     context.CancelFunc
	done     <-chan struct{} // closed once the server has shut down
	log      zerolog.Logger
}

// openHTTP sets up the --http server (nothing when addr is empty). `run`
// listens at once, so /healthz answers while the gateway connects;
// `serve` only checks the address now and listens once its bot is
// started (started).
func openHTTP(addr string, serve bool, key ed25519.PublicKey, svc *commands.Service, store openedStore, log zerolog.Logger) (*httpSide, error) {
	h := &httpSide{addr: addr, serve: serve, log: log}
	h.ctx, h.stop = context.WithCancel(context.Background())
	if addr == "" {
		return h, nil
	}
	h.metrics = bot.NewMetrics(svc.Store())
	store.ObserveCommits(h.metrics.Commit)
	if !serve {
		return h, h.listen()
	}
	h.endpoint = bot.NewEndpoint(key, h.metrics, log)
	h.metrics.Route(bot.InteractionsPath, h.endpoint)
	return h, probeAddr(addr)
}

func (h *httpSide) listen() error {
	done, err := h.metrics.Serve(h.ctx, h.addr, h.log)
	if err != nil {
		h.stop()
		return fmt.Errorf("--http %s: %w", h.addr, err)
	}
	h.done = done
	return nil
}

// started opens `serve`'s listener now that b takes interactions: until
// then a balancer's connection is refused, which it retries on another
// replica, where an endpoint still starting could only answer 503 (a
// failed interaction).
func (h *httpSide) started(b *bot.Bot) error {
	if !h.serve || h.addr == "" {
		return nil
	}
	if err := h.listen(); err != nil {
		b.Stop(context.Background())
		return err
	}
	return nil
}

// probeAddr reports at once an address `serve` could not listen on.
func probeAddr(addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("--http %s: %w", addr, err)
	}
	return ln.Close()
}

// drain stops the bot for a restart without dropping an interaction.
// /readyz fails at once, and requests are still served for delay, so a
// balancer that health-checks it sends new ones elsewhere; then the
// listener closes (a balancer retries a refused connection on another
// replica) and the requests already in are answered; then the bot's
// work in flight finishes, delivering what it owes Discord, and the
// deliveries are recorded. Whatever a table still owes after that
// (a delivery Discord refused for now) is in the store, delivered by
// another replica's timer or by this one's successor.
func (h *httpSide) drain(b *bot.Bot, delay time.Duration) {
	h.metrics.Draining()
	if delay > 0 && h.done != nil {
		h.log.Info().Dur("drain_delay", delay).Msg("stopping: /readyz fails; still serving while the load balancer takes this replica out")
		time.Sleep(delay)
	}
	h.log.Info().Msg("stopping: no new requests; finishing interactions in flight")
	h.stop()
	if h.done != nil {
		<-h.done
	}
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := b.Stop(sctx); err != nil {
		h.log.Warn().Err(err).Msg("stop the bot")
	}
}
