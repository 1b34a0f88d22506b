-- Server leagues (data/league.go): a league's record (league.League as
-- JSON) with copies of the columns the service asks by. version is the
-- compare-and-set every change of a league goes through, so two replicas
-- never pair one round twice.

CREATE SEQUENCE league_ids;

CREATE TABLE leagues (
	id       text PRIMARY KEY,      -- "L" and base 36 of league_ids, as in bbolt
	record   bytea NOT NULL,
	version  bigint NOT NULL,
	guild_id text NOT NULL,
	status   text NOT NULL
);
CREATE INDEX leagues_guild ON leagues (guild_id);
CREATE INDEX leagues_live ON leagues (status) WHERE status <> 'done';
