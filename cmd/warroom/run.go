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

	"github.com/rs/zerolog"

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
	fs, f := runFlagSet(mode, serve)
	if err := parse(fs, args); err != nil {
		return err
	}
	log, err := newLogger(stderr, *f.logFormat, *f.logLevel)
	if err != nil {
		return err
	}
	shards, err := runShards(f.shardsFlag, *f.dbPath)
	if err != nil {
		return err
	}
	key, err := serveKey(serve, *f.httpAddr, f.publicKey)
	if err != nil {
		return err
	}
	token := os.Getenv("DISCORD_TOKEN")
	if token == "" {
		return errors.New("DISCORD_TOKEN is not set: create a bot at https://discord.com/developers/applications and export its token (see README), or try `warroom play flanders` locally")
	}
	opening := time.Now()
	store, err := openStore(ctx, *f.dbPath)
	if err != nil {
		return err
	}
	defer store.Close()
	reportOpened(ctx, log, store, *f.dbPath, time.Since(opening))
	svc, err := runService(store, log, f)
	if err != nil {
		return err
	}

	h, err := openHTTP(*f.httpAddr, serve, key, svc, store, log)
	if err != nil {
		return err
	}
	defer h.stop()
	b, err := bot.Start(ctx, bot.Config{Token: token, GuildID: *f.guild, APIBase: *f.apiBase, TimerInterval: *f.timerEvery, Metrics: h.metrics, Endpoint: h.endpoint, Shards: shards}, svc, log)
	if err != nil {
		return err
	}
	if err := h.started(b); err != nil {
		return err
	}
	log.Info().Str("db", dbName(*f.dbPath)).Msg("warroom is running; Ctrl+C to stop")
	<-ctx.Done()
	h.drain(b, *f.drainDelay)
	if err := store.Close(); err != nil {
		return fmt.Errorf("close database: %w", err)
	}
	log.Info().Msg("stopped")
	return nil
}

// runFlags are the flags of `warroom run` and `warroom serve`;
// publicKey is nil for run and shardsFlag nil for serve.
type runFlags struct {
	dbPath, guild, logFormat, logLevel, apiBase *string
	noImages                                    *bool
	timerEvery, timeoutUnit, lobbyTTL           *time.Duration
	httpAddr, publicKey, shardsFlag             *string
	drainDelay                                  *time.Duration
	maxLobbies                                  *int
}

// runFlagSet defines the flags of mode (run or serve), in the order
// --help lists them.
func runFlagSet(mode string, serve bool) (*flag.FlagSet, *runFlags) {
	fs := flag.NewFlagSet(mode, flag.ContinueOnError)
	f := &runFlags{}
	f.dbPath = dbFlag(fs, "database file, or a postgres://user:password@host/db URL for several replicas on one PostgreSQL", false)
	f.guild = fs.String("guild", env("DISCORD_GUILD_ID", ""), "register commands in this guild only, instantly (env DISCORD_GUILD_ID)")
	f.logFormat = fs.String("log-format", env("WARROOM_LOG_FORMAT", "auto"), "auto, console or json (env WARROOM_LOG_FORMAT)")
	f.logLevel = fs.String("log-level", env("WARROOM_LOG_LEVEL", "info"), "debug, info, warn or error (env WARROOM_LOG_LEVEL)")
	f.apiBase = fs.String("dev-discord-api", env("WARROOM_DEV_DISCORD_API", ""), "developers only: send Discord API calls to this base URL, e.g. a local stand-in (env WARROOM_DEV_DISCORD_API)")
	f.noImages = fs.Bool("no-images", false, "send boards as text only, without PNG pictures")
	f.timerEvery = fs.Duration("timer-interval", 30*time.Second, "how often to look for turns past their turn_timeout")
	f.timeoutUnit = fs.Duration("dev-timeout-unit", time.Hour, "developers only: what one unit of turn_timeout means (tests use seconds)")
	f.lobbyTTL = fs.Duration("lobby-ttl", 24*time.Hour, "a lobby not started within this long closes and frees its channel (0: never)")
	httpHelp := "serve /metrics (Prometheus), /healthz and /readyz on this address, e.g. :9090 or 127.0.0.1:9090 (env WARROOM_HTTP; empty: off)"
	if serve {
		httpHelp = "required: serve " + bot.InteractionsPath + " (Discord's Interactions Endpoint URL, behind a TLS proxy), /metrics, /healthz and /readyz on this address, e.g. 127.0.0.1:8080 (env WARROOM_HTTP)"
	}
	f.httpAddr = fs.String("http", env("WARROOM_HTTP", ""), httpHelp)
	if serve {
		f.publicKey = fs.String("public-key", env("DISCORD_PUBLIC_KEY", ""), "the application's Public Key, hex, from the Developer Portal's General Information (env DISCORD_PUBLIC_KEY)")
	}
	if !serve {
		f.shardsFlag = fs.String("shards", env("WARROOM_SHARDS", ""), "gateway shards (a bot in more than 2,500 servers must shard): auto (Discord's recommended count, all in this process), a count such as 4, or i/n such as 0/4 for shard i of n with the others in processes on the same PostgreSQL (env WARROOM_SHARDS; empty: one connection)")
	}
	f.drainDelay = fs.Duration("drain-delay", 0, "on SIGTERM, keep serving this long with /readyz failing before the HTTP listener closes, so a load balancer that health-checks /readyz stops sending here first (see docs/deploy.md)")
	f.maxLobbies = fs.Int("max-lobbies", 3, "how many open lobbies one member may host in a server at a time (0: no limit; members with Manage Server are not limited)")
	return fs, f
}

// runShards parses --shards (nil for serve: one connection), refusing
// shards in other processes on a bbolt file only this process can hold.
func runShards(shardsFlag *string, dbPath string) (bot.Shards, error) {
	var shards bot.Shards
	if shardsFlag != nil {
		var err error
		if shards, err = bot.ParseShards(*shardsFlag); err != nil {
			return shards, err
		}
		if shards.Elsewhere() && !data.IsPostgresURL(dbPath) {
			return shards, fmt.Errorf("--shards %s runs the other shards in other processes, which need a shared database: use --db postgres://... (or --shards %d to run every shard in this process on the bbolt file)", *shardsFlag, shards.Count)
		}
	}
	return shards, nil
}

// serveKey checks serve's --http and parses its --public-key (nil for
// run, which needs neither).
func serveKey(serve bool, httpAddr string, publicKey *string) (ed25519.PublicKey, error) {
	var key ed25519.PublicKey
	if serve {
		if httpAddr == "" {
			return key, errors.New("warroom serve needs --http (or WARROOM_HTTP), e.g. 127.0.0.1:8080 behind a TLS reverse proxy")
		}
		var err error
		if key, err = bot.ParsePublicKey(*publicKey); err != nil {
			return key, err
		}
	}
	return key, nil
}

// reportOpened logs what opening the database found or fixed, and how
// many live tables resume.
func reportOpened(ctx context.Context, log zerolog.Logger, store openedStore, dbPath string, opened time.Duration) {
	if store.Loosened != 0 {
		log.Warn().Str("db", dbPath).Str("was", store.Loosened.String()).Msg("the database was readable by others; it is now 0600 (owner only)")
	}
	if r := store.Resequenced; r != ([2]uint64{}) {
		log.Warn().Str("db", dbPath).Uint64("was", r[0]).Uint64("now", r[1]).Msg("the database's table id counter was behind ids in use (damage); it was moved past them so no table is overwritten: consider `warroom repair`")
	}
	if live, err := store.LiveCount(ctx); err == nil {
		log.Info().Int("tables", live).Dur("open_ms", opened).Msg("live tables resume where they stopped")
	}
}

// runService is the command service configured from the flags, which it
// checks as it goes.
func runService(store openedStore, log zerolog.Logger, f *runFlags) (*commands.Service, error) {
	svc := commands.NewService(store, log, modules().Modules())
	svc.Images = !*f.noImages
	svc.SoleWriter = !data.IsPostgresURL(*f.dbPath) // bbolt: this process holds the file
	svc.TimeoutUnit = *f.timeoutUnit
	if *f.lobbyTTL < 0 {
		return nil, fmt.Errorf("--lobby-ttl %v: must be 0 (never) or positive", *f.lobbyTTL)
	}
	svc.LobbyTTL = *f.lobbyTTL
	if *f.maxLobbies < 0 {
		return nil, fmt.Errorf("--max-lobbies %d: must be 0 (no limit) or positive", *f.maxLobbies)
	}
	svc.MaxLobbies = *f.maxLobbies
	return svc, nil
}
