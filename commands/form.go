package commands

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
)

// maxTyped bounds a typed field in bytes before it is cleaned: Discord
// allows 4000 characters in a text input, a forged submit any size.
const maxTyped = 4 * 4000

// openForm answers a click on a form's button (KindForm) with its modal:
// the same checks as a click that applies (the table's own message or a
// private menu, this version, a seat that may take the form now), but it
// only reads the table, so it takes no lock and is answered at once
// (OpensForm).
func (s *Service) openForm(ctx context.Context, req Request) Response {
	id, err := ParseCustomID(req.CustomID)
	if err != nil || id.Kind != KindForm {
		return private(req, "core.err.bad_button")
	}
	l, err := s.load(ctx, id.Table)
	if isNotFound(err) {
		return private(req, "core.err.bad_button")
	}
	if err != nil {
		return s.internal(req, err)
	}
	if !playsHere(req, l) {
		return private(req, "core.err.bad_button")
	}
	if l.t.Status != data.StatusPlaying {
		return private(req, "core.err.not_playing")
	}
	seats := l.t.SeatsOf(req.User.ID)
	switch {
	case !s.onTableMessage(req, l) || id.Version != l.t.Version && !s.othersMovedSince(ctx, l, id.Version, seats):
		return s.stale(ctx, req, l)
	case l.t.Paused():
		return private(req, "core.pause.paused")
	case len(seats) == 0:
		return private(req, "core.err.not_seated")
	}
	rule, ok := l.eng.TextRule(id.Action.Verb)
	if !ok {
		return private(req, "core.err.bad_button")
	}
	seat, ok := formSeat(l, seats, id.Action)
	if !ok {
		return private(req, "core.err.not_your_turn")
	}
	g, ok := s.mods.Renderer(l.t.Game)
	if !ok {
		return private(req, "core.err.unknown_game")
	}
	text, nums := render.Prefill(g, l.eng.View(l.state, seat), id.Action)
	m := render.FormModal(ctxFor(l, req.Locale, seat), l.t.Game, rule, id.Action, req.CustomID, text, nums)
	return Response{Reply: Reply{Kind: ReplyModal, Modal: m}}
}

// maxFormLag bounds how many moves a form may be behind the table.
const maxFormLag = 32

// othersMovedSince: every move after version v was another seat's. A form
// opened at v then still means what it meant - only a seat's own moves
// change what its forms name (a FoW roster's platoon numbers) - so a modal
// typed while the opponent filled in their own roster is not lost. Any
// move of the user's seats (a computer's for them at a timeout too) makes
// it stale, as a click would be. The gate still checks the filled form
// against the table as it is now.
func (s *Service) othersMovedSince(ctx context.Context, l *loaded, v int64, seats []games.Seat) bool {
	lag := l.t.Version - v
	if v <= 0 || lag <= 0 || lag > maxFormLag || len(seats) == 0 {
		return false
	}
	tail, err := s.store.LogTail(ctx, l.t.ID, int(lag))
	if err != nil || int64(len(tail)) != lag || tail[0].Version != v+1 {
		return false
	}
	for _, e := range tail {
		if slices.Contains(seats, e.Seat) {
			return false
		}
	}
	return true
}

// formSeat is the user's seat whose legal actions list the form a.
func formSeat(l *loaded, seats []games.Seat, a games.Action) (games.Seat, bool) {
	for _, st := range seats {
		if games.InLegal(l.eng.Legal(l.state, st), a) {
			return st, true
		}
	}
	return 0, false
}

// formAction fills the form a in with what the modal's inputs hold: the
// numbers parsed (a field that is not a whole number in range is answered
// here, naming it) and the text cleaned (games.CleanText). Everything else
// about the result - the form being legal, the text's rule, the game's own
// check - is the gate's.
func formAction(req Request, l *loaded, a games.Action) (games.Action, Response, bool) {
	rule, ok := l.eng.TextRule(a.Verb)
	if !ok {
		return a, private(req, "core.err.bad_button"), false
	}
	rc := userCtx(req)
	a.Args = append([]int(nil), a.Args...)
	for _, nr := range rule.Numbers {
		v := req.Fields[nr.Key]
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if len(v) > maxTyped || err != nil || n < nr.Min || n > nr.Max {
			field := rc.T(l.t.Game + ".form." + a.Verb + "." + nr.Key)
			return a, private(req, "core.err.form_number", "Field", field, "Min", nr.Min, "Max", nr.Max), false
		}
		a.Args = append(a.Args, n)
	}
	if rule.MaxRunes > 0 {
		v := req.Fields[rule.Key]
		if len(v) > maxTyped {
			return a, private(req, "core.err.illegal", "Why", rc.T("core.why.text_too_long")), false
		}
		a.Text = games.CleanText(v)
	}
	return a, Response{}, true
}

// formStale answers a modal submitted after its table moved on: nothing
// is applied, and the player gets back what they typed, to paste into the
// form opened again.
func formStale(req Request) Response {
	var typed []string
	for _, k := range sortedKeys(req.Fields) {
		if v := games.CleanText(req.Fields[k]); v != "" && len(v) <= maxTyped {
			typed = append(typed, render.Escape(v))
		}
	}
	return private(req, "core.err.form_stale", "Typed", strings.Join(typed, " · "))
}

func sortedKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
