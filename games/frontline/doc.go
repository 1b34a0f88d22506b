// Package frontline is the rules engine of "IF – Pierwszy Front" (First
// Front), a 2-player card war game on three fronts over 8 months, following
// docs/rules/pierwszy-front.md (the spec). Card data (units, action
// deck, events, calendar) lives in data.go as tables.
//
// Seats: seat 0 is A (red), seat 1 is B (blue). Options: "variant":
// standard (default), beginner, caption_limit, short_war (spec 11); and
// the shared "computer" level (games.LevelOption; a seat's own in
// State.Levels, games.SeatLevel): easy plays random legal
// actions, normal the heuristic Bot below, hard searches (hard.go). The
// spec's vs_bot / bot_vs_bot / teams variants are table-service concerns
// (seats filled by computer players or shared by a team).
//
// Actions (text form verb.arg...; units and action cards by numeric id, see
// UnitName / ActionName; fronts 1..3; columns 1..4, 0 = Rear):
//
//	draft.u.col  draw.u.col          pick a unit and its slot (col 0: row full -> Rear)
//	buy.pile[.x...]                  pile 1..5; extra args per card: equipment into
//	                                 full slots .slot(0..2); trench_raid .u; escape .u.col;
//	                                 field_promotion .u (then promote[.u]); conscription .u.col
//	play.card[.x]                    activation card: .u (barracks, disinformation,
//	                                 camouflage) or .front (fortify, field_hospital, minefield)
//	move.u.f.c (f=0: to Rear)  swap.u.v  shell.u.front  declare.front  peek  end
//	card.c[.u.col] done pass         battle windows (reserves: .u.col)
//	place.col target.u remove.u degrade.u fort.f promote[.u]  pending decisions
//
// Rulings (where the spec is silent, ambiguous or needs a digital reading):
//
//  1. Choices known before any die roll are folded into one action (a card
//     and its target, a unit and its slot), so a Discord menu is one pick.
//     Choices that arise later (the shelling target after a hit, loss
//     removals, event decisions, placements of cards drawn blind) are
//     pending decisions owned by one seat; Active is that seat.
//  2. A placement is always asked when the printed row has an empty slot,
//     even if only one is empty (spec 6.1: bots and tests pass it
//     explicitly); a full row sends the card to the Rear automatically.
//  3. Battle windows: when the window holder has no playable battle card,
//     the only legal choice (Pass with 0 cards played, Done otherwise) is
//     applied automatically, so the defender is only asked when it can
//     actually answer. This reveals nothing that the public purchase log
//     does not (every hand card was bought publicly or is a starting card).
//  4. Identical cards in hand are offered once (the lowest instance id):
//     playing either copy is the same choice.
//  5. The +1 VP for a collapse, a second morale loss or a mutiny collapse is
//     gained when the removal resolves (at once if the front is empty), as
//     worked examples 2 and 4 count it.
//  6. Prisoner exchange returns cards in prison order (the spec lets the
//     owner choose the order; only the slot is chosen here).
//  7. Field promotion names its first unit in the buy action; the optional
//     second unit is a pending decision (promote.u, or promote for none),
//     which keeps every menu small. Conscription with an empty unit row
//     reveals the top unit card and asks for its placement as a pending
//     decision.
//  8. A successful spy shows the spy the opponent's hand as card types (a
//     snapshot) and the declaration as it stood then; peek and spy
//     knowledge lasts until the month ends. The log names action cards by
//     type only, so instance ids of a hand never travel through the log.
//  9. A draw (spec 8 step 5) is reported as Outcome.Winners empty with
//     Reason "draw" (the core then says "no winner"); other reasons: vp,
//     gold, front1, front2, front3.
//  10. The field hospital may be played onto any of the owner's fronts
//     except the one it already lies on. A spy may be played even when the
//     opponent has not declared (it still reveals the hand).
//  11. Beginner variant: the six removed cards (trench_raid, escape, spy)
//     go to the removed area at setup, and the event deck is not shuffled
//     and never drawn (card conservation still holds).
//  12. A successful shelling always asks the shooter for the target, even
//     with one candidate.
//  13. The computer player (Bot) follows spec 13 with these simplifications:
//     maneuvers only bring Rear cards back (to a threatened front, else the
//     attack front); it never replaces equipment and never buys
//     trench_raid, escape, conscription or field_promotion; it plays one
//     battle card per window.
//  14. Each PlayerView carries a public "defending strength" per front (no
//     cards, no dice) as a reading aid; all of its inputs are public.
//
// Secrets (games.Secrets, decided from the spectator view only): the
// acting seat's menu is private in the main phase and in battle windows
// when no pending decision is owed, since those menus list hand cards
// (and the secret declaration); drafts, draws and pending decisions name
// only public cards and are shown on the public board. Disguise
// (games.Disguiser) deals the hands and the action deck again (sizes
// kept), shuffles the unit and event decks and the cards under each
// pile's top, and moves a secret declaration to another front.
// Determinize (games.Determinizer) does it for one seat: that seat's own
// hand stays, the opponent's hand and the action deck are dealt again from
// the cards the seat has not seen, and an unseen declaration is redrawn.
//
// Playouts (playout.go): Playout (games.Playouter, all random) and
// Rollout (games.Rollouter, the normal level's choices with one move in 8
// random) step a private copy in place, writing no log entries. The hard
// level (hard.go) runs search.FlatUCB over at most 8 candidate actions,
// each sample a fresh determinization played two months ahead and scored
// by the victory-point margin (by the result if the game ends).
package frontline
