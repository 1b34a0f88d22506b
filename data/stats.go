package data

import (
	"slices"
	"time"

	"github.com/warroom/warroom/games/rating"
)

// Result is how a finished game ended: set on the table by the move that
// ends it (Table.Result) and written with it, so the record, the result
// and the ratings it changes are one transaction. The store tallies a
// table's result once, the first time it sees it (its results index is
// keyed by table id), so a replayed or doubled final write cannot count
// it twice. Abandoned games have none.
type Result struct {
	TableID string `json:"table_id"`
	GuildID string `json:"guild_id,omitempty"`
	Game    string `json:"game"`
	// Variant is the option that splits a game's standings: a co-op
	// game's difficulty; empty for the others.
	Variant string       `json:"variant,omitempty"`
	Coop    bool         `json:"coop,omitempty"`
	Seats   []ResultSeat `json:"seats"`
	// Moves are the game moves made (moves taken back not counted).
	Moves   int       `json:"moves"`
	Started time.Time `json:"started"`
	Ended   time.Time `json:"ended"`
}

// ResultSeat is one seat's result.
type ResultSeat struct {
	UserID string `json:"user_id,omitempty"` // empty: a computer seat
	// Place is 1 for first; seats with the same place tied. A player who
	// resigned is placed below every other seat (the computer played on
	// for them). Co-op: 1 for every seat that did not resign.
	Place    int  `json:"place"`
	Won      bool `json:"won,omitempty"` // first place, or the co-op team won
	Resigned bool `json:"resigned,omitempty"`
	// Rating is the player's rating before and after this game, set in
	// the results entry (Store.Result) by the tally of a rated game; the
	// final board shows it, and it survives a crash between the commit
	// and the board's delivery because it is written in that commit.
	Rating *RatingChange `json:"rating,omitempty"`
}

// RatingChange is one player's rating before and after a rated game.
type RatingChange struct {
	Before rating.Rating `json:"before"`
	After  rating.Rating `json:"after"`
}

// Standing is a player's record in one game (and variant) on one server:
// games played and won, and, for competitive games against other people,
// a Glicko-2 rating. Games against the computer count as played and won
// but are not rated.
type Standing struct {
	GuildID string        `json:"guild_id,omitempty"`
	Game    string        `json:"game"`
	Variant string        `json:"variant,omitempty"`
	UserID  string        `json:"user_id"`
	Played  int           `json:"played"`
	Wins    int           `json:"wins"`
	Rated   int           `json:"rated"` // games that changed Rating
	Rating  rating.Rating `json:"rating"`
	Updated time.Time     `json:"updated"`
}

// GameStat is a server's totals for one game (and variant): games
// finished, games won by a player rather than the computer (co-op: by the
// team), and their summed length, for averages.
type GameStat struct {
	GuildID string `json:"guild_id,omitempty"`
	Game    string `json:"game"`
	Variant string `json:"variant,omitempty"`
	Played  int    `json:"played"`
	Wins    int    `json:"wins"`
	Moves   int64  `json:"moves"`
	Seconds int64  `json:"seconds"`
}

// Users are the distinct people in a result, sorted (the lock order of
// their standings).
func (r *Result) Users() []string {
	var out []string
	for _, s := range r.Seats {
		if s.UserID != "" && !slices.Contains(out, s.UserID) {
			out = append(out, s.UserID)
		}
	}
	slices.Sort(out)
	return out
}

// tally is what a result changes: the standings of its players (old
// holds those they had; missing ones start at rating.Default), the
// server's totals to add, and the result as the results entry keeps it
// (a copy of r with each rated seat's RatingChange). Both stores call it
// inside the transaction that records the result.
func tally(r *Result, old map[string]Standing) ([]Standing, GameStat, *Result) {
	users := r.Users()
	kept := r
	place, won := map[string]int{}, map[string]bool{}
	for _, s := range r.Seats {
		if s.UserID == "" {
			continue
		}
		if p, ok := place[s.UserID]; !ok || s.Place < p { // a player with several seats: their best
			place[s.UserID] = s.Place
		}
		won[s.UserID] = won[s.UserID] || s.Won
	}
	out := make([]Standing, len(users))
	for i, u := range users {
		st, ok := old[u]
		if !ok {
			st = Standing{GuildID: r.GuildID, Game: r.Game, Variant: r.Variant, UserID: u, Rating: rating.Default()}
		}
		st.Played++
		if won[u] {
			st.Wins++
		}
		if r.Ended.After(st.Updated) { // a game backfilled after later ones leaves the time of the last
			st.Updated = r.Ended
		}
		out[i] = st
	}
	if !r.Coop && len(users) >= 2 {
		before := make([]rating.Rating, len(users))
		places := make([]int, len(users))
		for i, u := range users {
			before[i], places[i] = out[i].Rating, place[u]
			if prev, ok := old[u]; ok && prev.Rated > 0 {
				before[i] = rating.Idle(before[i], r.Ended.Sub(prev.Updated))
			}
		}
		for i, after := range rating.Game(before, places) {
			out[i].Rating = after
			out[i].Rated++
		}
		kept = withRatings(r, users, before, out)
	}
	gs := GameStat{GuildID: r.GuildID, Game: r.Game, Variant: r.Variant, Played: 1, Moves: int64(r.Moves),
		Seconds: int64(max(r.Ended.Sub(r.Started), 0) / time.Second)}
	for _, s := range r.Seats {
		if s.Won && s.UserID != "" {
			gs.Wins = 1
		}
	}
	return out, gs, kept
}

// withRatings is a copy of r whose seats carry their player's rating
// before (as rated, after any idle time) and after the game.
func withRatings(r *Result, users []string, before []rating.Rating, after []Standing) *Result {
	c := *r
	c.Seats = slices.Clone(r.Seats)
	for i := range c.Seats {
		if j := slices.Index(users, c.Seats[i].UserID); j >= 0 && c.Seats[i].UserID != "" {
			c.Seats[i].Rating = &RatingChange{Before: before[j], After: after[j].Rating}
		}
	}
	return &c
}
