package data

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/warroom/warroom/games/rating"
)

// tallyResultPG is tallyResult in a PostgreSQL transaction: the result's
// row is inserted unless its table has one (then nothing else happens),
// the players' standings are created if new and locked in user order (two
// games ending at once for the same player wait for each other, without
// deadlock), updated, and the server's totals are added to.
func tallyResultPG(ctx context.Context, tx pgx.Tx, r *Result) error {
	if r == nil {
		return nil
	}
	raw, err := json.Marshal(r)
	if err != nil {
		return err
	}
	tag, err := tx.Exec(ctx, `INSERT INTO results (table_id, guild_id, game, variant, ended, record)
		VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (table_id) DO NOTHING`, r.TableID, r.GuildID, r.Game, r.Variant, r.Ended, raw)
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	users := r.Users()
	d := rating.Default()
	if _, err := tx.Exec(ctx, `INSERT INTO standings (guild_id, game, variant, user_id, rating, rd, vol)
		SELECT $1, $2, $3, u, $5, $6, $7 FROM unnest($4::text[]) AS u ORDER BY u COLLATE "C"
		ON CONFLICT DO NOTHING`, r.GuildID, r.Game, r.Variant, users, d.R, d.RD, d.Vol); err != nil {
		return err
	}
	rows, err := tx.Query(ctx, standingCols+` WHERE guild_id = $1 AND game = $2 AND variant = $3 AND user_id = ANY ($4)
		ORDER BY user_id COLLATE "C" FOR UPDATE`, r.GuildID, r.Game, r.Variant, users)
	if err != nil {
		return err
	}
	got, err := pgx.CollectRows(rows, scanStanding)
	if err != nil {
		return err
	}
	old := map[string]Standing{}
	for _, st := range got {
		if st.Played > 0 { // a row just created stands for no standing yet
			old[st.UserID] = st
		}
	}
	standings, gs, kept := tally(r, old)
	if raw, err = json.Marshal(kept); err != nil {
		return err
	}
	batch := &pgx.Batch{}
	batch.Queue(`UPDATE results SET record = $2 WHERE table_id = $1`, r.TableID, raw)
	for _, st := range standings {
		batch.Queue(`UPDATE standings SET played = $5, wins = $6, rated = $7, rating = $8, rd = $9, vol = $10, updated = $11
			WHERE guild_id = $1 AND game = $2 AND variant = $3 AND user_id = $4`,
			st.GuildID, st.Game, st.Variant, st.UserID, st.Played, st.Wins, st.Rated, st.Rating.R, st.Rating.RD, st.Rating.Vol, st.Updated)
	}
	batch.Queue(`INSERT INTO game_stats (guild_id, game, variant, played, wins, moves, seconds) VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (guild_id, game, variant) DO UPDATE SET played = game_stats.played + excluded.played,
		wins = game_stats.wins + excluded.wins, moves = game_stats.moves + excluded.moves, seconds = game_stats.seconds + excluded.seconds`,
		gs.GuildID, gs.Game, gs.Variant, gs.Played, gs.Wins, gs.Moves, gs.Seconds)
	return tx.SendBatch(ctx, batch).Close()
}

const standingCols = `SELECT guild_id, game, variant, user_id, played, wins, rated, rating, rd, vol, coalesce(updated, 'epoch') FROM standings`

func scanStanding(row pgx.CollectableRow) (Standing, error) {
	var st Standing
	err := row.Scan(&st.GuildID, &st.Game, &st.Variant, &st.UserID, &st.Played, &st.Wins, &st.Rated,
		&st.Rating.R, &st.Rating.RD, &st.Rating.Vol, &st.Updated)
	st.Updated = st.Updated.UTC()
	return st, err
}

func (p *Postgres) standings(ctx context.Context, sql string, args ...any) ([]Standing, error) {
	ctx, cancel := p.ctx(ctx)
	defer cancel()
	rows, err := p.pool.Query(ctx, standingCols+sql, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, scanStanding)
}

// Standings implements Store.
func (p *Postgres) Standings(ctx context.Context, guildID, userID string) ([]Standing, error) {
	return p.standings(ctx, ` WHERE guild_id = $1 AND user_id = $2 AND played > 0 ORDER BY game COLLATE "C", variant COLLATE "C"`, guildID, userID)
}

// Leaderboard implements Store: for each of the game's variants on the
// server (its game_stats rows, written with every standing), the first
// limit players in the order of the standings_rank index (migration
// 0004), read from the index rather than sorted.
func (p *Postgres) Leaderboard(ctx context.Context, guildID, game string, limit int) ([]Standing, error) {
	var lim *int // NULL: LIMIT ALL
	if limit > 0 {
		lim = &limit
	}
	ctx, cancel := p.ctx(ctx)
	defer cancel()
	rows, err := p.pool.Query(ctx, `SELECT s.guild_id, s.game, s.variant, s.user_id, s.played, s.wins, s.rated,
		s.rating, s.rd, s.vol, coalesce(s.updated, 'epoch')
		FROM game_stats g CROSS JOIN LATERAL (SELECT * FROM standings
			WHERE guild_id = g.guild_id AND game = g.game AND variant = g.variant AND played > 0
			ORDER BY (rated > 0) DESC, rating DESC, wins DESC, played, user_id COLLATE "C" LIMIT $3) s
		WHERE g.guild_id = $1 AND g.game = $2
		ORDER BY g.variant COLLATE "C", (s.rated > 0) DESC, s.rating DESC, s.wins DESC, s.played, s.user_id COLLATE "C"`,
		guildID, game, lim)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, scanStanding)
}

// Result implements Store.
func (p *Postgres) Result(ctx context.Context, tableID string) (*Result, error) {
	ctx, cancel := p.ctx(ctx)
	defer cancel()
	var raw []byte
	err := p.pool.QueryRow(ctx, `SELECT record FROM results WHERE table_id = $1`, tableID).Scan(&raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	r := new(Result)
	if err := json.Unmarshal(raw, r); err != nil {
		return nil, fmt.Errorf("%w: result %s: %v", ErrCorrupt, tableID, err)
	}
	return r, nil
}

// GameStats implements Store.
func (p *Postgres) GameStats(ctx context.Context, guildID string) ([]GameStat, error) {
	ctx, cancel := p.ctx(ctx)
	defer cancel()
	rows, err := p.pool.Query(ctx, `SELECT guild_id, game, variant, played, wins, moves, seconds FROM game_stats
		WHERE guild_id = $1 ORDER BY game COLLATE "C", variant COLLATE "C"`, guildID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (GameStat, error) {
		var gs GameStat
		err := row.Scan(&gs.GuildID, &gs.Game, &gs.Variant, &gs.Played, &gs.Wins, &gs.Moves, &gs.Seconds)
		return gs, err
	})
}
