// Package trenches is the rules engine of Trenches of Valor (Pelle Nilsson),
// per docs/rules/trenches-of-valor.md: squad-scale night trench
// raids on a 72-hex map, six scenarios, a Raider and a Defender who hides
// part of the garrison face down in dugouts and entry hexes among decoys.
//
// Seats: 2. Option `role` says which side seat 0 takes (raider, the
// default, or defender; "attacker" is accepted as raider). `scenario` 1-6.
// `solo` means seat 1 is a computer: whenever it defends, its set-up is
// dealt automatically (spec 5.4) and the solo reveal procedure (11.2) runs
// at the start of each Defender turn. `match` plays the scenario twice with
// sides swapped and compares the Raider VP each seat scored ("play both
// sides" scoring). `computer` (games.LevelOption) is the computer seats'
// level (a seat's own in State.Levels, games.SeatLevel): easy (random legal actions), normal (spec 13, the default) or
// hard (hard.go: search.FlatUCB over a narrowed list of the seat's
// actions in player turns, each sample a Determinize twin for the seat
// finished by a Rollout; the set-up stays the automatic one). In solo
// games the level applies to the computer's face-up units; its reveals
// follow the solo procedure.
//
// Actions (verb.args):
//
//	dugout.<hex>              Defender set-up: place the next free dugout
//	place.<ctr>.<hex>.<hid>   set-up: place the next counter (hid 1 = face down)
//	unplace                   set-up: undo the last choice
//	auto                      set-up: complete the rest automatically (5.4/13.1)
//	ready                     set-up: confirm a complete set-up
//	move.<unit>.<hex>         move to a destination
//	exit.<unit>               Raider: leave across the red edge
//	attack.<unit>.<target>    attack a face-up enemy unit
//	clear.<unit>              Raider: clear the dugout the unit stands on
//	reveal.<hex>.<unit>       Defender: turn a hidden unit face up
//	end                       end the player turn
//
// Hex arguments are RRCC ids as numbers (0307 = 307); unit, counter and
// target arguments are indices into the scenario's counter list (allocation
// order), the same for every viewer, so an index never says more than the
// public counter id it belongs to.
//
// Rulings (where the spec is silent, ambiguous, or does not fit the
// Action form):
//
//  1. A move names its destination, not a path. The engine uses the legal
//     path that enters the most not-yet-entered S3 objective hexes
//     (0203/0212), then the cheapest. Nothing else in the game depends on
//     the path (no opportunity fire; hidden stacks never block), so this is
//     exactly the best path the Raider could have named. The spec's path
//     examples are checked with State.PathCost; where an example names an
//     over-long path to a hex that another legal path reaches (Example 1,
//     step 3: 0305), the destination form accepts the move.
//  2. `exit` moves by the cheapest path (most S3 flags first) to any row-01
//     Cut Wire hex and leaves for 1 more MP. Exit needs M <= 3.
//  3. Set-up is a sequence of small actions: the Defender places free
//     dugouts first (S2, S3), then every counter in allocation order;
//     placements with a single option (fixed hexes, decoys in fixed hexes)
//     are made automatically. `unplace` undoes the last choice; `ready`
//     confirms. The Raider then places the units whose hex is a choice (S3,
//     S4, S5); otherwise play starts at once. `auto` completes the rest by
//     spec 5.4 (Defender; draws from the table's random source) or 13.1
//     (Raider: round robin, no randomness).
//  4. While the Defender builds the set-up the other seat and spectators see
//     none of it (not even face-up placements or placed dugouts).
//  5. Auto set-up, spec 5.4 step 2: a counter of an allocation that may be
//     hidden only on some of its hexes (S1 D3, S2 D2, S4 D3) is placed on a
//     uniformly drawn legal hex and is hidden if that hex allows it (11.2:
//     "every counter that may be hidden is hidden").
//  6. A computer Defender without `solo` uses only two-player moves: it
//     reveals the top-most real unit of each stack it may reveal (decoys
//     above it stay in the stack until its last real unit is revealed),
//     then plays its face-up units by spec 13.3.
//  7. Solo reveal procedure reveals count toward the same per-hex limit.
//  8. Added error codes: bad_action (unknown verb / wrong argument count),
//     no_such_unit, not_your_unit, bad_hex (also: destination = own hex),
//     no_path (destination unreachable even with unlimited MP),
//     wrong_order (a set-up step out of order), must_be_hidden (a decoy
//     face up), nothing_to_undo, in_setup, not_setup, wrong_count (ready
//     before everything is placed, or auto with nothing left). Set-up checks
//     run in the order raider_start_hex, dugout_not_empty, bad_hex,
//     must_be_face_up, which gives Example 13's codes.
//  9. The early end (6.3) also happens when every raider unit has exited.
//  10. Match: when the first game ends the second starts at once with sides
//     swapped (a fresh board; the first game's result and revealed counters
//     stay public in the view). The higher Raider VP wins; equal VP is a
//     drawn match, reported with no winners and reason match_drawn.
//  11. Outcome scores: the Raider's VP for the Raider seat and -1 (scores
//     nothing) for the Defender, with the scenario's VP target as
//     Outcome.Target, so the result reads "5 (needed 7)" and no 0 beside
//     a winning Defender (match: each seat's Raider VP, no target).
//  12. The S5 snapshot is taken when the Defender ends the turn with M = 4.
//  13. Computer Raider (13.2): when Withdraw finds no improving step it falls
//     through to Attack/Advance. Computer Defender (13.3): a unit standing
//     on a dugout with a raider within 3 hexes holds it instead of closing
//     in.
//  14. Every log entry is an event (the state keeps no log, the table's
//     journal does); the Defender's set-up placements are private to the
//     Defender (Event.Only).
//
// Secrets (games.Secrets, decided from the spectator view only): the
// Defender's menu is private during the Defender's set-up and in every
// Defender turn in which some hidden stack may be revealed (no raider
// stands on it and its reveals this turn are under the limit), since
// reveal choices name real units. It does not depend on whether a
// reveal is actually legal: that depends on the stack's hidden contents
// (a stack of decoys has none), and the board's layout would tell the
// Raider which stacks are decoys (spec 9: identities are the Defender's
// alone). Every other menu is public. Disguise (games.Disguiser, the
// secrecy test's hook) deals the hidden counters again among the stacks
// and, during the Defender's set-up, replaces its choices by others.
// Determinize (games.Determinizer, for the hard level and "How it went")
// draws only what its viewer cannot see, from that viewer's view alone:
// the Raider's (and a spectator's) twin deals the Defender's unseen
// counters again where their allocations allow; the Defender sees all.
// Playout (all random) and Rollout (the normal policy, one move in 8
// random) step a private copy in place without a log.
package trenches
