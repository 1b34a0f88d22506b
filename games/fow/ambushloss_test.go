package fow

import (
	"testing"

	"github.com/warroom/warroom/games"
)

// TestAmbusherReportedDestroyed: spec §6.2, mark_destroyed "by the
// platoon's owner only, for a platoon on_table or in_ambush", at any time
// in battle. No Retreat as in E10: Bartek (B, the defender) holds B4 in
// ambush. During Anna's turn he reports it destroyed out of turn; Anna
// cannot; and while he holds an ambusher his own turn's menu is private,
// since its loss choices name it (the count of ambushers is public, which
// ones is not).
func TestAmbusherReportedDestroyed(t *testing.T) {
	rng := dice(1, 1, 1)
	s := battle(t, "no_retreat", statuses(r2(), T, T, T, T, T), statuses(r1(), T, R, T, M, R, R), 0, 0, rng)
	if s.Active != 0 {
		t.Fatalf("Anna should act first, active %d", s.Active)
	}
	lost := act("lost", 1, 3)
	if !games.InLegal(G.Legal(s, 1), lost) {
		t.Fatalf("B4 in ambush cannot be reported by its owner: %v", G.Legal(s, 1))
	}
	if games.InLegal(G.Legal(s, 0), lost) {
		t.Fatal("Anna is offered Bartek's ambusher")
	}
	if _, _, err := G.Apply(s, 0, lost, rng); games.ErrorCode(err) != "not_owner" {
		t.Fatalf("Anna reported Bartek's ambusher: %v", err)
	}
	n := s
	ev := do(t, &n, 1, "lost.1.3", rng)
	if n.Sides[1].Platoons[3].Status != X || n.Active != s.Active || n.Sub != s.Sub || len(ev) == 0 || ev[0].Kind != "lost" {
		t.Fatalf("after the report: status %s, active %d, sub %s, events %v", n.Sides[1].Platoons[3].Status, n.Active, n.Sub, ev)
	}

	// Bartek's own turn, B4 still in ambush: his menu offers its loss
	// and is private; with no ambusher left it is public again.
	endTurn(t, &s, rng)
	for s.Sub != SubMovement {
		do(t, &s, 1, "not_now", rng)
	}
	if !games.InLegal(G.Legal(s, 1), lost) {
		t.Fatalf("in his turn Bartek cannot report B4: %v", G.Legal(s, 1))
	}
	if !(Game{}).PrivateChoices(G.View(s, games.Spectator), 1) {
		t.Fatal("the menu naming an ambusher is public")
	}
	do(t, &s, 1, "lost.1.3", rng)
	if (Game{}).PrivateChoices(G.View(s, games.Spectator), 1) {
		t.Fatal("the menu stays private with no ambusher left")
	}
}
