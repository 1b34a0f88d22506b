// Package blindaz is the rules engine of Blindaż (Блиндаж, "Dugout"), the
// co-operative WWII trench-digging game for 1-4 players
// (spec: docs/rules/blindaz.md). The whole team wins or loses together
// (Info.Coop).
//
// Board: 7 columns A..G (x = 0..6) by 6 lanes (1..6); A is the enemy zone,
// B..F the field, G the dugout. Rule data (tile mix, enemy values,
// orientations, difficulty limits, bot deploy lanes) lives in data.go.
//
// # Actions (text form verb.arg.arg)
//
//	deploy.L        put the seat's next undeployed soldier on G<L>   (deploy phase)
//	move.X.L        move the acting soldier to column X (0=A..6=G), lane L
//	back            undo that move (before the action; nothing random happened)
//	build.S.O       dig market slot S (1..3) with open sides O (N1+E2+S4+W8)
//	flag            plant a red flag on the A cell reached by the exit step
//	clear.X.L       clear the trench tile on X,L
//	attack.X.L      attack the adjacent enemy on X,L (die)
//	take.S          take the grenade in market slot S
//	throw.D         throw the grenade N/E/S/W (D = 0..3) (die)
//	replace         discard the whole market
//	pass            do nothing
//
// Plans (bot.go) lists whole-turn choices (move + action) scored by the
// spec §13 policy, best first; Bot plays the first action of the best plan
// and a team vote can offer the best few plans (Plan.Actions are applied in
// order by the acting seat).
//
// Computer levels (option computer, games.LevelOption, kept in State.Level
// for the computer soldiers of the table, and a seat's own from the lobby
// in State.Levels, games.SeatLevel): easy plays a random legal
// action, normal the §13 policy, hard (hard.go) a flat Monte Carlo search
// over the policy's best plans on Disguise twins. Random playouts never win
// this game, so estimates and the search play Rollout: the §13 policy with
// one turn in 8 a random plan.
//
// # Rulings (where the spec is silent, contradictory or needs a digital form)
//
//  1. Two-step turn. The spec's atomic turn{to, act} is played as two
//     actions: an optional move, then the action. Acting without a move
//     means staying. After a move, "back" returns the soldier to his start
//     cell and reopens the choice; a move draws no die and reveals nothing,
//     so this is the spec's draft, kept in the engine. Rules are unchanged:
//     an exit destination is offered only if a build (or flag) exists there,
//     and after an exit move only build/flag (and back) are legal. This keeps
//     every menu small (at most 24 moves or a few dozen actions) instead of
//     hundreds of combined choices, and lets a vote pick among Legal.
//  2. Solo. With one seat and solo=two_soldiers (default) the seat owns
//     soldiers 1 and 2 (N = 2) and deploys and plays both; solo=lone_soldier
//     is the seed-literal N = 1. With 2-4 seats every seat is one soldier.
//     Computer soldiers are seats played by Bot (the table service's choice).
//  3. Options are difficulty (standard 10 / recruit 12 / veteran 8) and solo.
//     The spec's bots, takeover_after, bot_after and board options belong to
//     the table service, not to the rules.
//  4. deploy.L places the seat's first undeployed soldier; deploy is
//     simultaneous (Active lists every seat with an undeployed soldier).
//  5. A soldier may exit onto an empty cell that holds a stranded soldier
//     (soldiers never make a cell "non-empty", §7.1).
//  6. If a soldier hit by a moving tank or infantry tile takes the penalty to
//     the limit, the game ends at once and the mover stays on its old cell
//     (it never completed the step). Likewise a blast or shell that ends the
//     game leaves later soldiers in it untouched. Soldiers on one cell are hit
//     in seat order; blast cells in the order centre, N, E, S, W.
//  7. An artillery tile is spent as it fires, before its shell resolves.
//  8. Example 10 of the spec ends before round 6's enemy phase; in play
//     Boris's pass runs that phase and the new artillery fires (one more die).
//  9. Each grenade in the market is its own take.S choice.
//  10. Error codes beyond §6.3: bad_action (malformed or unknown), bad_phase,
//     already_moved, not_moved (back without a move), not_on_open_ground
//     (build without an exit move and not stranded), not_in_enemy_zone.
//  11. Computer soldier (§13): "a tank (infantry) is W of x in its lane" for
//     the hedgehog (mine) bonus means anywhere west in that lane; the replace
//     test is judged from the cell where the turn began (so the choice after a
//     move equals the plan made before it); only the first grenade slot is
//     considered for take; the normal level ignores its random source.
//  12. There is no hidden per-seat information: every seat and spectators get
//     the same View. The view never holds stack order or the boxed tiles; the
//     unseen enemy count is by type over stack and box together; the box is
//     revealed when the game is over. Every note is a public event (dice,
//     draws, hits); the state keeps no log, the table's journal does.
//  13. Outcome: Winners lists every seat on a victory and is empty on a
//     defeat; reasons held, breakthrough, no_trench; no scores.
//  14. A stranded soldier may not exit from his own cell, but once he has
//     climbed into a trench (first step) he moves like anyone else, exit step
//     included (spec §7.1 only forbids stepping from open ground to open
//     ground).
//  15. Every tank and infantry tile moves in every enemy phase (none is ever
//     blocked): processing the front column first means the cell ahead never
//     holds another enemy.
//  16. Text glyphs (§4.4): a dead end is written as a triangle pointing to
//     its open side (► ▼ ◄ ▲ for E, S, W, N), not as a half line (╶ ╷ ╴ ╵):
//     the board picture's Go fonts have no half lines, text and picture use
//     one mark, and arrows already mean an enemy's or soldier's move.
//
// Secrets: no menu is private (no games.Secrets). Disguise
// (games.Disguiser) shuffles the trench stack and deals the enemy tiles
// again between the enemy stack and the box, the only secrets.
package blindaz
