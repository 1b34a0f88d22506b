package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/warroom/warroom/data"
)

// TestBackfillCommand: a database whose finished games have no results
// (copied from one where they were played, without them, as stored
// before stats existed): `warroom backfill` records both and Ann's
// standings count them; run again, it records none and counts nothing
// twice.
func TestBackfillCommand(t *testing.T) {
	dir := t.TempDir()
	src, err := data.Open(filepath.Join(dir, "played.db"))
	if err != nil {
		t.Fatal(err)
	}
	m := newTableMaker(t, src)
	ids := []string{m.finished("flanders"), m.finished("trenches")}
	path := filepath.Join(dir, "old.db")
	dst, err := data.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		tb, _ := src.Get(context.Background(), id)
		log, _ := src.Log(context.Background(), id)
		final := *tb
		final.Result, final.Logged = nil, 0
		tb.Status, tb.Result, tb.Logged, tb.Version = data.StatusPlaying, nil, 0, 0
		if err := dst.Create(context.Background(), tb); err != nil {
			t.Fatal(err)
		}
		final.ID = tb.ID
		if err := dst.Update(context.Background(), &final, 0, log...); err != nil {
			t.Fatal(err)
		}
	}
	src.Close()
	dst.Close()
	for i, want := range []string{"backfilled the results of 2 finished games (0 had one already)", "backfilled the results of 0 finished games (2 had one already)"} {
		if out, errs, code := run(t, "", "backfill", "--db", path); code != 0 || strings.TrimSpace(out) != want {
			t.Fatalf("run %d: %d %q %s", i+1, code, out, errs)
		}
	}
	st, err := data.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	all, err := st.Standings(context.Background(), "g", ann.ID)
	if err != nil || len(all) != 2 || all[0].Played != 1 || all[1].Played != 1 || all[0].Wins+all[1].Wins != 0 {
		t.Fatalf("Ann's standings (she resigned both): %+v %v", all, err)
	}
	if r, err := st.Result(context.Background(), ids[0]); err != nil || !r.Seats[0].Resigned {
		t.Fatalf("result: %+v %v", r, err)
	}
}
