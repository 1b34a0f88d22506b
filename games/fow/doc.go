// Package fow is the Flames of War (3rd edition) mission referee: a
// deterministic state machine that runs the mission special rules for two
// players who move their models on a real table (spec:
// docs/rules/flames-of-war-referee.md). The mission table, the platoon
// templates, the Skill Test targets, the Armoured Reserves limits and the
// company ranks are data in the one embedded file missions.json.
//
// Seats: 0 = A (the creator), 1 = B. Roles (attacker/defender) are decided
// in the game. Options: mission (a mission id or "random": a Fair Fight
// mission by one die), dice (bot | manual), units (in | cm).
//
// The spec's rulings R1-R37 (§10) are implemented as written. Rulings made
// here, where the spec is silent, contradictory, or meets the engine
// contract:
//
//  1. Roster entry: "add" a platoon template (type and flags preset,
//     data), then edit the selected platoon: skill, motivation, flag
//     toggles (only consistent results are offered, §3.3), points ±25/±100,
//     infantry teams ±1/±5, delete; or "platoon" (§9's modal: the name as
//     typed, exact points and infantry teams, games.TextRule platoonForm).
//     Until a name is typed, a platoon's name is its template name plus an
//     ordinal ("Tank platoon 2"). Typed names are unique in a seat ignoring
//     case (name_taken). Deleting a platoon renumbers later ids; ids are
//     fixed from Ready.
//  2. The company type defaults to infantry; the company flag is one of
//     none, always_attacks, always_defends (never both).
//  3. Ready is final. The table service lets only active seats act, so a
//     ready seat waits and cannot un-ready.
//  4. Lock is offered only for a valid assignment. The owner's view lists
//     the violations (deploy_errors, in the spec's order); an attempted
//     invalid lock is rejected with the first code and all codes in the
//     detail (E6).
//  5. No deployment hash is posted: an unsalted hash of so small an
//     assignment space would reveal it, and a salt drawn from the game's
//     random source would shift the dice order fixed by §6.3. The table
//     service's action log and the seed revealed at the end serve the
//     commit-reveal purpose.
//  6. Manual dice: one die per action ("die.N"), asked from the seat that
//     rolls, in the §6.3 order. The "random" mission is always drawn from
//     the seeded source at Setup.
//  7. Objectives are recorded without coordinates (actions carry no free
//     input); the schematic lists them by half.
//  8. The ambush checklist takes one answer per action and stops at the
//     first illegal answer, which is the reported reason (E10: Q6). Q6 is
//     asked only for heavy_gun or bunker_buster platoons. A failed attempt
//     is logged privately to the owner only.
//  9. Immediate Ambush override: after a failed checklist the defender may
//     ask for an override; the attacker then agrees ("override") or
//     refuses ("refuse"). Both agreeing places the platoon (logged).
//  10. Platoon losses are reported by the platoon's owner only (spec
//     6.2 mark_destroyed, "lost"), for a platoon on the table or in
//     ambush, at any time in battle: Info.OutOfTurn lets a seat not to
//     act report its own losses, which reach it privately through "My
//     units"; the other seat's report is refused (not_owner). A choice
//     naming an ambusher would tell the opponent which platoons wait in
//     ambush, so the acting seat's menu is private while it holds one
//     (PrivateChoices, from the public count of ambushers). Reporting an
//     ambusher destroyed makes it public, as revealing it would.
//  11. concede is offered to either seat at any time in battle, for
//     itself. morale_failed is offered to the active seat during its whole
//     turn (the referee cannot tell when the check was taken). agree_end
//     is proposed by the active seat; the other seat then becomes active
//     to agree or decline. Votes lapse at the end of a turn.
//  12. The air substep is not a stop: its Meeting Engagement reminder is
//     part of the turn card while me_restricted.
//  13. Reserve arrivals are picked one platoon per action; scatter dice are
//     drawn after the last pick, in roster order (R5).
//  14. No Man's Land Patrol: a seat with no eligible platoon records "no
//     patrol". Worked example E13 gets extra reserve platoons so that both
//     sides meet the delayed-reserve half minimum that the mission imposes.
//  15. Strategic Withdrawal questions are asked in order (Q-W1, Q-W2); the
//     first "no" ends them and the platoon withdraws without a test.
//  16. The defender's attack_defend check offers claim_clear / not_clear in
//     place of None.
//  17. Mutual undo and reopen are table-service features, not engine
//     actions. Table size, turn reminders, beginner mode and "agreed
//     roles" are not implemented.
//  18. Outcome.Scores are the victory points per seat; Winners is empty
//     when there is no winner (agreed end, or a turn limit whose
//     timeout_winner is none): the Reason says which.
//  19. Rearguard is a separate mission id carrying Fighting Withdrawal's row
//     (R31), so it appears in the mission list.
//  20. In an all-computer game the Bot also plays the human proxy: it
//     answers the factual questions at random with fixed odds (checklist
//     answers legal 11 times in 12, victory claims with a chance rising
//     from earliest_end_turn, a loss on either side reported in a fifth
//     of its turns), so every mission runs to its end.
//  21. Log entries (given out as events; the state keeps no log, the
//     table's journal does) use snake_case kinds (roles_rolled,
//     reserve_roll, scatter, skill, ...) carrying small integers (platoon
//     indices, dice) instead of the spec's CamelCase records; the renderer
//     turns them into text.
//  22. During deployment the acting player's (private) menu prompt lists
//     what still blocks the lock, so an invalid assignment is explained
//     even though Lock is not offered.
//  23. A turn_timeout (the table service's option, silent in the spec)
//     never plays a turn for the late player: the referee records what
//     happened on a real table, so a computer stand-in would invent
//     losses, claims or morale. Info.TimeoutRemindsOnly makes the
//     service ping the player again and restart the turn's clock.
//  24. No computer levels (option computer) and no "How it went" report,
//     unlike the other four games (issue: opponents worth playing, the
//     turning-point report). The battle is fought with models on a real
//     table; the engine only referees it, and its computer seat makes the
//     referee decisions of §13 while a human proxy reports what happened.
//     Who wins depends on that battle, which no playout can simulate: a
//     playout would invent the losses, claims and morale tests (the same
//     reason as 23), so a search over playouts or a chart of chances
//     estimated from them would measure the invention, not the game.
//
// Secrets (games.Secrets, decided from the spectator view only): a menu
// is private in the roster phase (the roster is secret until Ready) and
// the deployment assignment; for the defender in the Immediate Ambush
// step (its checklist names the ambusher); and for the active seat in
// the battle while it picks reserve arrivals (PicksLeft > 0), chooses a
// platoon for Strategic Withdrawal (the choices include ambushers), or
// stands in the ambush step (the engine stops there only for a seat with
// an ambusher, a count public once both seats have locked). Every other
// menu (dice, objectives, patrols, losses of on-table platoons, turn
// steps) is public. Disguise (games.Disguiser) changes an undisclosed
// roster, permutes an undisclosed deployment, and permutes which
// off-table platoons are in reserve and which in ambush.
package fow
