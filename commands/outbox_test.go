package commands

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/render"
)

// A move committed by a process that died before posting its board: the
// table owes the board, the next run finds it (Owing) and delivers it, and
// the players go on from the new board.
func TestOwedBoardIsDeliveredAfterACrash(t *testing.T) {
	h := newHarness(t)
	p := h.startRace()
	who := map[string]User{"100": ann, "200": bob}[p.Message.Mentions[0]]
	resp := h.svc.Handle(t.Context(), Request{Kind: Component, User: who, GuildID: "g", ChannelID: "c",
		CustomID: buttons(p.Message)["+2"], MessageID: h.board, Locale: "en-US"})
	if resp.Table == "" {
		t.Fatalf("the move was not accepted: %+v", resp.Reply)
	}
	h.restart() // the process died: nothing was delivered
	ids, err := h.svc.Owing(t.Context(), Overdue{Now: time.Now(), Since: time.Now(), MinAge: time.Hour})
	if err != nil || len(ids) != 1 || ids[0] != resp.Table {
		t.Fatalf("owing after restart: %v %v", ids, err)
	}
	c := &fakeCourier{h: h, table: resp.Table}
	if err := h.deliver(c); err != nil {
		t.Fatal(err)
	}
	if len(c.res.Edits) != 1 || !c.res.Edits[0].StripOnly || c.res.Edits[0].MessageID != p.MessageID || len(c.res.Posts) != 1 {
		t.Fatalf("redelivery: %+v", c.res)
	}
	if ids, _ := h.svc.Owing(t.Context(), Overdue{Now: time.Now(), Since: time.Now(), MinAge: 0}); len(ids) != 0 {
		t.Fatalf("still owing after delivery: %v", ids)
	}
	next := c.res.Posts[0].Message
	who = map[string]User{"100": ann, "200": bob}[next.Mentions[0]]
	if r := h.click(who, c.res.Posts[0].MessageID, buttons(next)["+1"]); r.Reply.Kind != replyStrip {
		t.Fatalf("the redelivered board does not play: %+v", r.Reply)
	}
}

// flakyCourier fails the n-th call of one kind, once: after doing it when
// posted is set (Discord created the message, the answer was lost).
type flakyCourier struct {
	*fakeCourier
	failPost, failStrip bool
	calls               []string
}

var errLost = errors.New("connection reset")

func (c *flakyCourier) Post(ctx context.Context, ch string, m render.Message, nonce string) (string, error) {
	c.calls = append(c.calls, "post")
	id, err := c.fakeCourier.Post(ctx, ch, m, nonce)
	if c.failPost {
		return "", errLost
	}
	return id, err
}

func (c *flakyCourier) Strip(ctx context.Context, ch, id string) error {
	c.calls = append(c.calls, "strip")
	if c.failStrip {
		return errLost
	}
	return c.fakeCourier.Strip(ctx, ch, id)
}

// A post whose answer is lost is retried with the same nonce, so Discord
// returns the first message and the channel does not get the board twice;
// a failure stops delivery in order, and the rest stays owed.
func TestDeliveryRetriesInOrderWithoutDoubling(t *testing.T) {
	h := newHarness(t)
	p := h.startRace()
	resp := h.passTurn(p)
	c := &flakyCourier{fakeCourier: &fakeCourier{h: h, table: resp.Table}, failPost: true}
	if err := h.svc.Deliver(t.Context(), resp.Table, c); !errors.Is(err, errLost) {
		t.Fatalf("deliver with a lost post: %v", err)
	}
	if len(c.calls) != 1 || c.calls[0] != "post" {
		t.Fatalf("delivery went on past a failure: %v", c.calls)
	}
	first := c.res.Posts[0].MessageID
	ok := &fakeCourier{h: h, table: resp.Table}
	if err := h.deliver(ok); err != nil {
		t.Fatal(err)
	}
	if len(ok.res.Posts) != 0 || h.board != first {
		t.Fatalf("the retried post made a second board: %+v (board %s, first %s)", ok.res.Posts, h.board, first)
	}
	if len(ok.res.Edits) != 1 || !ok.res.Edits[0].StripOnly || ok.res.Edits[0].MessageID != p.MessageID {
		t.Fatalf("the old board %s kept its buttons: %+v", p.MessageID, ok.res.Edits)
	}
}

// passTurn plays the move that passes the race's turn on board p and
// returns its response, undelivered.
func (h *harness) passTurn(p post) Response {
	h.t.Helper()
	who := map[string]User{"100": ann, "200": bob}[p.Message.Mentions[0]]
	resp := h.svc.Handle(h.t.Context(), Request{Kind: Component, User: who, GuildID: "g", ChannelID: "c",
		CustomID: buttons(p.Message)["+2"], MessageID: h.board, Locale: "en-US"})
	if resp.Table == "" {
		h.t.Fatalf("the move was not accepted: %+v", resp.Reply)
	}
	return resp
}

// A move that passes the turn posts the new board before the old one
// loses its buttons (one round trip less before the player sees it, issue
// 27), and a strip that fails after the post stays owed for the old
// board: the next delivery takes the old board's buttons, never the new
// one's.
func TestNewBoardGoesOutBeforeTheOldIsStripped(t *testing.T) {
	h := newHarness(t)
	p := h.startRace()
	resp := h.passTurn(p)
	c := &flakyCourier{fakeCourier: &fakeCourier{h: h, table: resp.Table}, failStrip: true}
	if err := h.svc.Deliver(t.Context(), resp.Table, c); !errors.Is(err, errLost) {
		t.Fatalf("deliver with a failing strip: %v", err)
	}
	if !reflect.DeepEqual(c.calls, []string{"post", "strip"}) {
		t.Fatalf("calls %v, want the new board posted, then the old one stripped", c.calls)
	}
	if tb, err := h.store.Get(t.Context(), resp.Table); err != nil || len(c.res.Posts) != 1 || tb.BoardMessageID != c.res.Posts[0].MessageID {
		t.Fatalf("the new board %+v is not the table's (%v, %v)", c.res.Posts, tb, err)
	}
	// Meanwhile the old board still has its buttons: a click on it is
	// refused as stale, at once (loadClicked waits for no delivery of
	// an old board), and changes nothing.
	before, _ := h.store.Get(t.Context(), resp.Table)
	who := map[string]User{"100": ann, "200": bob}[p.Message.Mentions[0]]
	if r := h.click(who, p.MessageID, buttons(p.Message)["+1"]); r.Reply.Kind != ReplyPrivate || !strings.Contains(text(r.Reply.Message), "changed") {
		t.Fatalf("a click on the old board: %+v", r.Reply)
	}
	if tb, _ := h.store.Get(t.Context(), resp.Table); tb.Version != before.Version {
		t.Fatalf("a click on the old board moved the table from v%d to v%d", before.Version, tb.Version)
	}
	ok := &fakeCourier{h: h, table: resp.Table}
	if err := h.deliver(ok); err != nil {
		t.Fatal(err)
	}
	if len(ok.res.Posts) != 0 || len(ok.res.Edits) != 1 || !ok.res.Edits[0].StripOnly || ok.res.Edits[0].MessageID != p.MessageID {
		t.Fatalf("the owed strip went to %+v, want the old board %s only", ok.res, p.MessageID)
	}
	if ids, _ := h.svc.Owing(t.Context(), Overdue{Now: time.Now(), Since: time.Now(), MinAge: 0}); len(ids) != 0 {
		t.Fatalf("still owing: %v", ids)
	}
}

// crashCourier posts, then dies at the strip: the process ends before
// the delivery is recorded (its ctx is over, so the store writes
// nothing), as a SIGKILL between the post and the strip would.
type crashCourier struct {
	*fakeCourier
	cancel context.CancelFunc
}

func (c crashCourier) Strip(ctx context.Context, ch, id string) error {
	c.cancel()
	return context.Canceled
}

// A crash between the new board's post and the old one's strip loses
// nothing: after the restart the outbox posts the board again under the
// same nonce (Discord answers with the first message) and strips the old
// board.
func TestCrashBetweenPostAndStrip(t *testing.T) {
	h := newHarness(t)
	p := h.startRace()
	resp := h.passTurn(p)
	ctx, cancel := context.WithCancel(t.Context())
	c := crashCourier{&fakeCourier{h: h, table: resp.Table}, cancel}
	if err := h.svc.Deliver(ctx, resp.Table, c); err == nil {
		t.Fatal("the crashed delivery reported success")
	}
	if len(c.res.Posts) != 1 {
		t.Fatalf("posts before the crash: %+v", c.res.Posts)
	}
	h.restart()
	ids, err := h.svc.Owing(t.Context(), Overdue{Now: time.Now(), Since: time.Now(), MinAge: time.Hour})
	if err != nil || len(ids) != 1 {
		t.Fatalf("owing after restart: %v %v", ids, err)
	}
	ok := &fakeCourier{h: h, table: resp.Table}
	if err := h.deliver(ok); err != nil {
		t.Fatal(err)
	}
	if len(ok.res.Posts) != 0 || h.board != c.res.Posts[0].MessageID {
		t.Fatalf("the board was posted twice: %+v (board %s)", ok.res.Posts, h.board)
	}
	if len(ok.res.Edits) != 1 || !ok.res.Edits[0].StripOnly || ok.res.Edits[0].MessageID != p.MessageID {
		t.Fatalf("the old board %s kept its buttons: %+v", p.MessageID, ok.res.Edits)
	}
}

// goneCourier answers every edit as Discord does for a deleted message.
type goneCourier struct{ *fakeCourier }

func (c goneCourier) Edit(context.Context, string, string, render.Message) error { return ErrGone }

// A board someone deleted is posted again when it must be redrawn.
func TestDeletedBoardIsPostedAgain(t *testing.T) {
	h := newHarness(t)
	p := h.startRace()
	board := p.Message
	who := map[string]User{"100": ann, "200": bob}[board.Mentions[0]]
	resp := h.svc.Handle(t.Context(), Request{Kind: Component, User: who, GuildID: "g", ChannelID: "c",
		CustomID: buttons(board)["mark"], MessageID: h.board, Locale: "en-US"})
	c := goneCourier{&fakeCourier{h: h, table: resp.Table}}
	if err := h.svc.Deliver(t.Context(), resp.Table, c); err != nil {
		t.Fatal(err)
	}
	if len(c.res.Posts) != 1 || len(buttons(c.res.Posts[0].Message)) == 0 {
		t.Fatalf("the deleted board was not posted again: %+v", c.res)
	}
	if tb, _ := h.store.Get(t.Context(), resp.Table); tb.BoardMessageID != c.res.Posts[0].MessageID || len(tb.Outbox) != 0 {
		t.Fatalf("board %s, outbox %v", tb.BoardMessageID, tb.Outbox)
	}
}

// raceCourier changes the table in the store at its first post, as
// another replica's move would while this one delivers.
type raceCourier struct {
	*fakeCourier
	moved bool
}

func (c *raceCourier) Post(ctx context.Context, ch string, msg render.Message, nonce string) (string, error) {
	if !c.moved {
		c.moved = true
		tb, err := c.h.store.Get(context.Background(), c.table)
		if err != nil {
			return "", err
		}
		tb.Version++
		if err := c.h.store.Update(context.Background(), tb, tb.Version-1); err != nil {
			return "", err
		}
	}
	return c.fakeCourier.Post(ctx, ch, msg, nonce)
}

// A delivery whose table another replica changed meanwhile is recorded on
// the table as it is now: its effects are not owed twice, and the board it
// posted is the table's board (else the next strip would take the buttons
// of the board it just posted).
func TestDeliveryRecordedAfterAConcurrentChange(t *testing.T) {
	h := newHarness(t)
	p := h.startRace()
	who := map[string]User{"100": ann, "200": bob}[p.Message.Mentions[0]]
	resp := h.svc.Handle(t.Context(), Request{Kind: Component, User: who, GuildID: "g", ChannelID: "c",
		CustomID: buttons(p.Message)["+2"], MessageID: h.board, Locale: "en-US"})
	owed, _ := h.store.Get(t.Context(), resp.Table)
	if len(owed.Outbox) == 0 {
		t.Fatal("the move owes nothing: the test tests nothing")
	}
	c := &raceCourier{fakeCourier: &fakeCourier{h: h, table: resp.Table}}
	if err := h.svc.Deliver(t.Context(), resp.Table, c); err != nil {
		t.Fatalf("deliver: %v", err)
	}
	if len(c.res.Posts) != 1 {
		t.Fatalf("posted %d messages", len(c.res.Posts))
	}
	tb, _ := h.store.Get(t.Context(), resp.Table)
	if len(tb.Outbox) != 0 || tb.BoardMessageID != c.res.Posts[0].MessageID || tb.Version != owed.Version+1 {
		t.Fatalf("after a concurrent change: outbox %+v, board %s (posted %s), version %d", tb.Outbox, tb.BoardMessageID, c.res.Posts[0].MessageID, tb.Version)
	}
}

// soleWriterRedraw starts a race on a service that is its store's sole
// writer, and makes a move that redraws the board in place.
func soleWriterRedraw(t *testing.T) (*harness, User, result) {
	h := newHarness(t)
	h.svc.SoleWriter = true
	p := h.startRace()
	who := map[string]User{"100": ann, "200": bob}[p.Message.Mentions[0]]
	r := h.click(who, h.board, buttons(p.Message)["mark"])
	if r.Reply.Kind != ReplyUpdate {
		t.Fatalf("mark: %+v", r.Reply)
	}
	return h, who, r
}

// A board redrawn in place is only marked delivered when the service is
// the store's sole writer: the stored outbox keeps the redraw, the
// service sees none owed, the next move's write leaves it out, and
// RecordDelivered writes what stays idle.
func TestRedrawRecordedLater(t *testing.T) {
	h, who, r := soleWriterRedraw(t)
	id := r.Reply.BoardOf
	stored := func() []data.Effect {
		tb, err := h.store.Get(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		return tb.Outbox
	}
	first := stored()
	if len(first) != 1 || first[0].Kind != data.EffectRedraw {
		t.Fatalf("stored outbox after a redraw: %+v", first)
	}
	if ids, err := h.svc.Owing(t.Context(), Overdue{Now: time.Now(), Since: time.Now(), MinAge: 0}); err != nil || len(ids) != 0 {
		t.Fatalf("owing a delivered redraw: %v %v", ids, err)
	}
	if ids, err := h.svc.Store().Owing(t.Context()); err != nil || len(ids) != 0 {
		t.Fatalf("the view owes a delivered redraw: %v %v", ids, err)
	}
	if tb, _ := h.svc.Store().Get(t.Context(), id); len(tb.Outbox) != 0 {
		t.Fatalf("the view still holds %+v", tb.Outbox)
	}
	r = h.click(who, h.board, buttons(r.Reply.Message)["mark"])
	if r.Reply.Kind != ReplyUpdate {
		t.Fatalf("second mark: %+v", r.Reply)
	}
	if got := stored(); len(got) != 1 || got[0].Seq <= first[0].Seq {
		t.Fatalf("the next move's write kept the delivered redraw: %+v (first %+v)", got, first)
	}
	if err := h.svc.RecordDelivered(t.Context(), time.Hour); err != nil || len(stored()) != 1 {
		t.Fatalf("a fresh delivery was written early: %v %+v", err, stored())
	}
	if err := h.svc.RecordDelivered(t.Context(), 0); err != nil || len(stored()) != 0 {
		t.Fatalf("RecordDelivered(0) left %+v: %v", stored(), err)
	}
	// A move that passes the turn posts a new board: written at once.
	r = h.click(who, h.board, buttons(r.Reply.Message)["+1"])
	if tb, _ := h.store.Get(t.Context(), id); len(tb.Outbox) != 0 || tb.BoardMessageID != h.board || len(r.Posts) != 1 || r.Posts[0].MessageID != h.board {
		t.Fatalf("new board not recorded at once: outbox %+v board %s, posts %+v", tb.Outbox, tb.BoardMessageID, r.Posts)
	}
}

// A crash forgets what was only marked: the next run redraws that board
// once more, the same edit of the same message.
func TestUnrecordedRedrawRepeatedAfterACrash(t *testing.T) {
	h, _, r := soleWriterRedraw(t)
	id, shown := r.Reply.BoardOf, r.Reply.Message
	h.restart()
	h.svc.SoleWriter = true
	ids, err := h.svc.Owing(t.Context(), Overdue{Now: time.Now(), Since: time.Now(), MinAge: time.Hour})
	if err != nil || len(ids) != 1 || ids[0] != id {
		t.Fatalf("owing after restart: %v %v", ids, err)
	}
	c := &fakeCourier{h: h, table: id}
	if err := h.deliver(c); err != nil {
		t.Fatal(err)
	}
	if len(c.res.Posts) != 0 || len(c.res.Edits) != 1 || c.res.Edits[0].MessageID != h.board || c.res.Edits[0].StripOnly {
		t.Fatalf("redelivery: %+v", c.res)
	}
	if got := c.res.Edits[0].Message; !reflect.DeepEqual(got, shown) {
		t.Fatalf("the repeated redraw differs from the first:\n%+v\n%+v", got, shown)
	}
	if ids, _ := h.svc.Owing(t.Context(), Overdue{Now: time.Now(), Since: time.Now(), MinAge: 0}); len(ids) != 0 {
		t.Fatalf("still owing: %v", ids)
	}
}

// draftCourier draws each board it is handed undrawn only when it posts
// it, as the bot does once the post's turn has come (DraftPoster).
type draftCourier struct {
	*fakeCourier
	drafts int
}

func (c *draftCourier) PostDraft(ctx context.Context, ch string, draw func() (render.Message, error), nonce string) (string, error) {
	c.drafts++
	msg, err := draw()
	if err != nil {
		return "", err
	}
	return c.fakeCourier.Post(ctx, ch, msg, nonce)
}

// A new board goes to a courier that can wait for the post's turn
// undrawn: boards queued behind Discord's global limit hold no picture.
func TestBoardPostedUndrawnToADraftPoster(t *testing.T) {
	h := newHarness(t)
	p := h.startRace()
	resp := h.passTurn(p)
	c := &draftCourier{fakeCourier: &fakeCourier{h: h, table: resp.Table}}
	if err := h.svc.Deliver(t.Context(), resp.Table, c); err != nil {
		t.Fatal(err)
	}
	if c.drafts != 1 || len(c.res.Posts) != 1 || len(c.res.Posts[0].Message.Embeds) == 0 {
		t.Fatalf("%d boards handed undrawn, posts %+v: want the new board drawn at its post", c.drafts, c.res.Posts)
	}
}
