package main

import (
	"context"
	"io"
)

// cmdServe runs the bot without a gateway connection: Discord POSTs
// interactions to the Interactions Endpoint URL, served at /interactions
// on --http, and the bot answers them through the REST API as `warroom
// run` does. Timers, redelivery and metrics are as in run. A subcommand,
// not a run flag: it is a different deployment (a public HTTP endpoint
// behind TLS, replicas behind a load balancer) with flags of its own
// (--public-key; --http required).
func cmdServe(ctx context.Context, args []string, stderr io.Writer) error {
	return runBot(ctx, "serve", args, stderr)
}
