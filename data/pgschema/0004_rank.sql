-- The leaderboard's order (data.Store Leaderboard): per server, game and
-- variant, rated players first, by rating, wins, fewest games, user id
-- (byte order, as Go compares). A leaderboard reads its first rows from
-- this index instead of sorting every player of the game.
CREATE INDEX standings_rank ON standings
	(guild_id, game, variant, (rated > 0) DESC, rating DESC, wins DESC, played, user_id COLLATE "C")
	WHERE played > 0;
