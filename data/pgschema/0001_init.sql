-- warroom's PostgreSQL layout, version 1. Nothing here knows a game: a
-- table's record (data.Table as JSON, game state inside) is opaque bytes;
-- the columns beside it are copies the store keeps in step with the record
-- in the same transaction, so every question the service asks is answered
-- from an index.

CREATE SEQUENCE table_ids;

CREATE TABLE tables (
	id            text PRIMARY KEY,          -- base 36 of table_ids, as in bbolt
	record        bytea NOT NULL,            -- data.Table as json.Marshal wrote it
	version       bigint NOT NULL,           -- compare-and-set
	status        text NOT NULL,
	guild_id      text NOT NULL DEFAULT '',
	host_id       text NOT NULL DEFAULT '',
	players       text[] NOT NULL DEFAULT '{}', -- user ids of the human seats
	owing         boolean NOT NULL DEFAULT false, -- outbox not empty
	deadline      timestamptz,               -- in play on the clock
	remind_at     timestamptz,               -- next reminder before the deadline
	lobby_at      timestamptz,               -- created, while a lobby
	claimed_until timestamptz                -- a replica's lease on a due table
);

-- The channel index: one row per channel or team thread of a live table.
-- Its primary key is the uniqueness constraint; a row exists only while
-- its table is live (a lobby or in play).
CREATE TABLE channels (
	channel_id text PRIMARY KEY,
	table_id   text NOT NULL REFERENCES tables (id) ON DELETE CASCADE
);
CREATE INDEX channels_table ON channels (table_id);

CREATE TABLE logs (
	table_id text NOT NULL,
	version  bigint NOT NULL,
	entry    bytea NOT NULL, -- data.LogEntry as JSON
	PRIMARY KEY (table_id, version)
);

-- Records that could not be decoded, moved out of the way (SetAside).
CREATE TABLE damaged (
	id        text PRIMARY KEY,
	record    bytea NOT NULL,
	set_aside timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE guild_settings (guild_id text PRIMARY KEY, record bytea NOT NULL);
CREATE TABLE user_settings (user_id text PRIMARY KEY, record bytea NOT NULL);

-- The timer's indexes: Due reads only the rows that are due.
CREATE INDEX tables_deadline ON tables (deadline) WHERE deadline IS NOT NULL;
CREATE INDEX tables_remind ON tables (remind_at) WHERE remind_at IS NOT NULL;
CREATE INDEX tables_lobby ON tables (lobby_at) WHERE lobby_at IS NOT NULL;
CREATE INDEX tables_owing ON tables (id) WHERE owing;
CREATE INDEX tables_lobbies ON tables (guild_id, host_id) WHERE status = 'lobby';
CREATE INDEX tables_live ON tables (guild_id, id) WHERE status IN ('lobby', 'playing');
