package fow

import "testing"

// TestLayout: every mission's map keeps each side's deployment area and
// objectives in the half the mission table gives them, and the Free-for-All
// and Over the Wire distances of §4.2 hold.
func TestLayout(t *testing.T) {
	for _, m := range Missions() {
		l := m.Layout()
		if l.Deploy[0].Y1 > 24 || l.Deploy[1].Y0 < 24 || l.Deploy[0].Y0 != 0 || l.Deploy[1].Y1 != l.H {
			t.Errorf("%s: deployment areas %v", m.ID, l.Deploy)
		}
		seq := m.objSeq()
		if len(l.Objectives) != len(seq) || len(seq) < 2 {
			t.Fatalf("%s: %d objective areas for %d objectives", m.ID, len(l.Objectives), len(seq))
		}
		for i, o := range l.Objectives {
			a := o.Area
			inHalf := a.Y1 <= 24 && o.Half == 0 || a.Y0 >= 24 && o.Half == 1
			if !inHalf || o.Placer != seq[i].Placer || a.X0 >= a.X1 || a.Y0 >= a.Y1 {
				t.Errorf("%s obj%d: %+v", m.ID, i+1, o)
			}
			if m.OverTheWire && (a.Y1 > 16 && o.Half == 0 || a.Y0 < 32 && o.Half == 1) {
				t.Errorf("%s obj%d: Over the Wire objectives are 8\" from the centre line: %+v", m.ID, i+1, a)
			}
		}
		for role := 0; role < 2; role++ {
			if (l.Entry[role] == "") != (m.reserves(role) == "none") {
				t.Errorf("%s: role %d entry %q with reserves %q", m.ID, role, l.Entry[role], m.reserves(role))
			}
		}
	}
	f := mission("free_for_all").Layout()
	if f.Deploy[0] != (Rect{0, 0, 72, 12}) || f.Objectives[0].Area != (Rect{8, 40, 64, 48}) || !f.Known {
		t.Errorf("free_for_all: %+v", f)
	}
	if mission("pincer").Layout().Known {
		t.Error("pincer: no distances are known, only the halves")
	}
}
