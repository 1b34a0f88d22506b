package main

import (
	"math/rand/v2"
	"testing"
	"time"
)

// On API v10 an edit's attachments list names every attachment present
// after it (developers/resources/message.mdx "Edit Message"), and the
// stand-in applies that: every board keeps exactly one picture, the
// current one, whether an edit drew a new picture or only took the
// buttons away.
func TestE2EBoardKeepsOnePicture(t *testing.T) {
	w := newWorld(t)
	w.startBot()
	w.lobby("flanders", nil, true, 0)
	rng := rand.New(rand.NewPCG(5, 5))
	for range 6 {
		b := w.board(w.ch)
		u, ok := w.toAct(b)
		if !ok {
			break
		}
		w.move(rng, u, b)
	}
	if err := w.srv.WaitIdle(w.ctx(), 300*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	boards, replaced := 0, 0
	for _, m := range w.srv.Messages(w.ch) {
		urls := m.EmbedImageURLs()
		if len(urls) == 0 {
			continue
		}
		boards++
		if len(m.Attachments) == 1 && len(m.History) > 0 && len(m.History[0].Attachments) == 1 &&
			m.History[0].Attachments[0].ID != m.Attachments[0].ID {
			replaced++
		}
		if len(m.Attachments) != 1 || urls[0] != m.Attachments[0].URL {
			t.Fatalf("board %s (%d edits): %d attachments, embed image %v", m.ID, len(m.History), len(m.Attachments), urls)
		}
		if imgs, err := m.Images(); err != nil || len(imgs) != 1 {
			t.Fatalf("board %s: %d images, %v", m.ID, len(imgs), err)
		}
	}
	if boards < 1 || replaced < 1 {
		t.Fatalf("%d boards, %d with a replaced picture: the test saw no new picture", boards, replaced)
	}
	w.noProblems()
}
