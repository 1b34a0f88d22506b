-- Results, standings and server totals (data/stats.go). A finished
-- table's result is inserted in the transaction of the move that ends the
-- game; its primary key makes the tally happen once.

CREATE TABLE results (
	table_id text PRIMARY KEY,
	guild_id text NOT NULL DEFAULT '',
	game     text NOT NULL,
	variant  text NOT NULL DEFAULT '',
	ended    timestamptz NOT NULL,
	record   bytea NOT NULL -- data.Result as JSON
);

-- A player's standing in a game (and variant) on a server; rating, rd
-- and vol are Glicko-2 (games/rating), meaningful when rated > 0.
CREATE TABLE standings (
	guild_id text NOT NULL,
	game     text NOT NULL,
	variant  text NOT NULL,
	user_id  text NOT NULL,
	played   integer NOT NULL DEFAULT 0,
	wins     integer NOT NULL DEFAULT 0,
	rated    integer NOT NULL DEFAULT 0,
	rating   double precision NOT NULL,
	rd       double precision NOT NULL,
	vol      double precision NOT NULL,
	updated  timestamptz,
	PRIMARY KEY (guild_id, game, variant, user_id)
);
CREATE INDEX standings_user ON standings (guild_id, user_id);

CREATE TABLE game_stats (
	guild_id text NOT NULL,
	game     text NOT NULL,
	variant  text NOT NULL,
	played   bigint NOT NULL,
	wins     bigint NOT NULL,
	moves    bigint NOT NULL,
	seconds  bigint NOT NULL,
	PRIMARY KEY (guild_id, game, variant)
);
