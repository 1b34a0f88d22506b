package main

import (
	"context"
	"crypto/ed25519"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/warroom/warroom/bot"
	"github.com/warroom/warroom/commands"
	"github.com/warroom/warroom/data"
)

// cmdRun runs the Discord bot until SIGINT or SIGTERM.
// ctx ends the bot (main cancels it on SIGINT/SIGTERM).
func cmdRun(ctx context.Context, args []string, stderr io.Writer) error {
	return runBot(ctx, "run", args, stderr)
}

// runBot is `warroom run` (interactions over the gateway) and `warroom
// serve` (interactions over HTTP); they differ only in how interactions
// arrive.
func runBot(ctx context.Context, mode string, args []string, stderr io.Writer) error {
	serve := mode == "serve"
	fs := flag.NewFlagSet(mode, flag.ContinueOnError)
	dbPath := fs.String("db", env("WARROOM_DB", "warroom.db"), "database file, or a postgres://user:password@host/db URL for several replicas on one PostgreSQL (env WARROOM_DB)")
	guild := fs.String("guild", env("DISCORD_GUILD_ID", ""), "register commands in this guild only, instantly (env DISCORD_GUILD_ID)")
	logFormat := fs.String("log-format", env("WARROOM_LOG_FORMAT", "auto"), "auto, console or json (env WARROOM_LOG_FORMAT)")
	logLevel := fs.String("log-level", env("WARROOM_LOG_LEVEL", "info"), "debug, info, warn or error (env WARROOM_LOG_LEVEL)")
	apiBase := fs.String("dev-discord-api", env("WARROOM_DEV_DISCORD_API", ""), "developers only: send Discord API calls to this base URL, e.g. a local stand-in (env WARROOM_DEV_DISCORD_API)")
	noImages := fs.Bool("no-images", false, "send boards as text only, without PNG pictures")
	timerEvery := fs.Duration("timer-interval", 30*time.Second, "how often to look for turns past their turn_timeout")
	timeoutUnit := fs.Duration("dev-timeout-unit", time.Hour, "developers only: what one unit of turn_timeout means (tests use seconds)")
	lobbyTTL := fs.Duration("lobby-ttl", 24*time.Hour, "a lobby not started within this long closes and frees its channel (0: never)")
	httpHelp := "serve /metrics (Prometheus), /healthz and /readyz on this address, e.g. :9090 or 127.0.0.1:9090 (env WARROOM_HTTP; empty: off)"
	if serve {
		httpHelp = "required: serve " + bot.InteractionsPath + " (Discord's Interactions Endpoint URL, behind a TLS proxy), /metrics, /healthz and /readyz on this address, e.g. 127.0.0.1:8080 (env WARROOM_HTTP)"
	}
	httpAddr := fs.String("http", env("WARROOM_HTTP", ""), httpHelp)
	var publicKey *string
	if serve {
		publicKey = fs.String("public-key", env("DISCORD_PUBLIC_KEY", ""), "the application's Public Key, hex, from the Developer Portal's General Information (env DISCORD_PUBLIC_KEY)")
	}
	var shardsFlag *string
	if !serve {
		shardsFlag = fs.String("shards", env("WARROOM_SHARDS", ""), "gateway shards (a bot in more than 2,500 servers must shard): auto (Discord's recommended count, all in this process), a count such as 4, or i/n such as 0/4 for shard i of n with the others in processes on the same PostgreSQL (env WARROOM_SHARDS; empty: one connection)")
	}
	drainDelay := fs.Duration("drain-delay", 0, "on SIGTERM, keep serving this long with /readyz failing before the HTTP listener closes, so a load balancer that health-checks /readyz stops sending here first (see docs/deploy.md)")
	maxLobbies := fs.Int("max-lobbies", 3, "how many open lobbies one member may host in a server at a time (0: no limit; members with Manage Server are not limited)")
	if err := parse(fs, args); err != nil {
		return err
	}
	log, err := newLogger(stderr, *logFormat, *logLevel)
	if err != nil {
		return err
	}
	var shards bot.Shards
	if shardsFlag != nil {
		if shards, err = bot.ParseShards(*shardsFlag); err != nil {
			return err
		}
		if shards.Elsewhere() && !data.IsPostgresURL(*dbPath) {
			return fmt.Errorf("--shards %s runs the other shards in other processes, which need a shared database: use --db postgres://... (or --shards %d to run every shard in this process on the bbolt file)", *shardsFlag, shards.Count)
		}
	}
	var key ed25519.PublicKey
	if serve {
		if *httpAddr == "" {
			return errors.New("warroom serve needs --http (or WARROOM_HTTP), e.g. 127.0.0.1:8080 behind a TLS reverse proxy")
		}
		if key, err = bot.ParsePublicKey(*publicKey); err != nil {
			return err
		}
	}
	token := os.Getenv("DISCORD_TOKEN")
	if token == "" {
		return errors.New("DISCORD_TOKEN is not set: create a bot at https://discord.com/developers/applications and export its token (see README), or try `warroom play flanders` locally")
	}
	opening := time.Now()
	store, err := openStore(ctx, *dbPath)
	if err != nil {
		return err
	}
	defer store.Close()
	opened := time.Since(opening)
	if store.Loosened != 0 {
		log.Warn().Str("db", *dbPath).Str("was", store.Loosened.String()).Msg("the database was readable by others; it is now 0600 (owner only)")
	}
	if r := store.Resequenced; r != ([2]uint64{}) {
		log.Warn().Str("db", *dbPath).Uint64("was", r[0]).Uint64("now", r[1]).Msg("the database's table id counter was behind ids in use (damage); it was moved past them so no table is overwritten: consider `warroom repair`")
	}
	if live, err := store.LiveCount(ctx); err == nil {
		log.Info().Int("tables", live).Dur("open_ms", opened).Msg("live tables resume where they stopped")
	}
	svc := commands.NewService(store, log, modules().Modules())
	svc.Images = !*noImages
	svc.SoleWriter = !data.IsPostgresURL(*dbPath) // bbolt: this process holds the file
	svc.TimeoutUnit = *timeoutUnit
	if *lobbyTTL < 0 {
		return fmt.Errorf("--lobby-ttl %v: must be 0 (never) or positive", *lobbyTTL)
	}
	svc.LobbyTTL = *lobbyTTL
	if *maxLobbies < 0 {
		return fmt.Errorf("--max-lobbies %d: must be 0 (no limit) or positive", *maxLobbies)
	}
	svc.MaxLobbies = *maxLobbies

	h, err := openHTTP(*httpAddr, serve, key, svc, store, log)
	if err != nil {
		return err
	}
	defer h.stop()
	b, err := bot.Start(ctx, bot.Config{Token: token, GuildID: *guild, APIBase: *apiBase, TimerInterval: *timerEvery, Metrics: h.metrics, Endpoint: h.endpoint, Shards: shards}, svc, log)
	if err != nil {
		return err
	}
	if err := h.started(b); err != nil {
		return err
	}
	log.Info().Str("db", dbName(*dbPath)).Msg("warroom is running; Ctrl+C to stop")
	<-ctx.Done()
	h.drain(b, *drainDelay)
	if err := store.Close(); err != nil {
		return fmt.Errorf("close database: %w", err)
	}
	log.Info().Msg("stopped")
	return nil
}
