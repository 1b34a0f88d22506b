// Package flanders is the rules engine of In Flanders Field (spec:
// docs/rules/in-flanders-field.md), a push-your-luck race for 2-4 players.
//
// Actions (text form verb.args):
//
//	ready:             gas.<space>  roll  stop
//	rolled:            take.<space>  recon  balloon.<die 1-3>.<-1|1>  accept_bust
//	resolve_gas:       gas_discard.<card type>
//	resolve_artillery: cancel.<German card type>  keep_artillery
//	resolve_sacrifice: sacrifice.<n>
//	move:              step_infantry  step_tank  auto_move  end_move
//	mines_prompt:      use_mines  halt
//
// Card types are the indexes of Types (canonical order of spec §3.1,
// 0 = infantry_1 ... 17 = barbed_wire).
//
// Options: beginner (string: "none", "all", or comma-separated seat numbers
// as the lobby lists them, 1-based, e.g. "1,3": those seats start with 8
// troops), first_player ("random" or a 1-based seat number),
// strong_artillery (bool), computer (the computer seats' level, a seat's own in
// State.Levels from games.OptComputerLevels: "easy"
// random legal moves, "normal" the spec §13 policy, "hard" a Monte Carlo
// search over Disguise twins, hard.go).
//
// Events carry Data {"turn": n, "nums": [...], "cards": [...]} with the
// turn number and the numbers and card type codes of the spec §6.4 event
// of the same kind (a Note read back); the state keeps no log, the
// table's journal does. Extra kinds: gas_no_effect, barbed_wire
// (nums: points removed), turn_started (nums: round), game_over (nums:
// winners, cards: [reason]), rolled/recon (nums: d1,d2,d3 then options),
// row_redrawn (nums: grid row 0=A 1=B, number discarded; cards: discarded
// then drawn).
//
// Rulings (where the spec is silent or needed a concrete choice):
//
//  1. German Gas and Artillery choices are by card type, not by physical
//     copy: gas_discard.T discards the first card of type T in hand order,
//     cancel.T cancels the first German card of type T with the first
//     British Artillery in hand order. Copies of one type are
//     interchangeable, and this keeps the menus short.
//  2. strong_artillery: one cancel discards one British Artillery and every
//     German MG, Artillery and Counter-Attack in hand. Legal offers a single
//     cancel action (the type of the first such card in hand order), since
//     all choices would have the same effect.
//  3. A cancelled German card and the Artillery that cancelled it go to the
//     discard pile at once (Artillery first), as in worked example 7.
//  4. Illegal actions with an unknown verb or the wrong number of arguments
//     are rejected with the code bad_action (not in the spec's list).
//  5. The dice of the last roll stay visible in ready until the turn ends
//     (the View shows them as "last dice"); they are cleared at cleanup.
//  6. A German Gas with nothing eligible is logged as gas_no_effect.
//  7. Barbed Wire is applied after the sacrifice only when T = 0 (no Tank
//     in hand), as spec §6.2 says; it is logged as barbed_wire.
//  8. The computer player uses the §13 policy. Where it needs estimates the
//     spec leaves open, it ignores German Gas and Reserves when predicting
//     the destination, and predicts German losses after its own cancels
//     (Artillery, then Counter-Attack, then MG). In resolve_sacrifice, if no
//     n meets the troop margin, it sacrifices 0.
//  9. Counter-Attack losses on a bust use the row at the time of the bust
//     (after earlier Counter-Attack retreats in the same bust), matching the
//     hand-order rule of §7.2.
//  10. The game has no turn limit; the rules end it in practice (all-bot
//     playouts end within a few hundred actions).
//  11. Seat numbers in the options are 1-based, as the lobby lists seats
//     ("beginner: 1,3", "first_player: 2"); the engine's seats are 0-based.
//     An out-of-range seat or an unreadable value is a Setup error.
//  12. Claiming space 9 is logged as took(9, "advance_9"); the spec's
//     separate nine_claimed event is folded into it.
//  13. The View is the same for every viewer (spec §9: all is public) except
//     its Viewer field; it omits the draw pile and names cards by unique id
//     ("infantry_2#4") only where they are now public. Log notes name cards
//     by type only, so a note never identifies a card that has since been
//     reshuffled into the secret draw pile. BustChance is the percentage of
//     the 216 rolls that would give no card on the current board.
//
// Secrets: no menu is private (no games.Secrets): every choice names
// only public cards. Disguise (games.Disguiser) shuffles the draw pile,
// the one secret.
package flanders
