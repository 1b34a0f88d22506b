-- The ids of the interactions a replica acted on, kept until their
-- signed requests can no longer be accepted (data/interactions.go): the
-- primary key makes one replica the first for each id.

CREATE TABLE interactions (
	id      text PRIMARY KEY,
	expires timestamptz NOT NULL
);
CREATE INDEX interactions_expires ON interactions (expires);
