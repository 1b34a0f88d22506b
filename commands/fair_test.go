package commands

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
)

// secretsOf are the forms in which a live table's seed or random source
// could show in a text: the seed in hex and base64, the source's state.
func secretsOf(t *testing.T, tb *data.Table) []string {
	t.Helper()
	if tb.Seed == nil || tb.RNG == nil || tb.Commit != tb.Seed.Commitment() {
		t.Fatalf("a started table without seed, source or its commitment: %+v", tb)
	}
	rng, _ := json.Marshal(tb.RNG)
	return []string{tb.Seed.String(), base64.StdEncoding.EncodeToString(tb.Seed[:]), strings.Trim(string(rng), `"`)}
}

func mustNotShow(t *testing.T, what, text string, secrets []string) {
	t.Helper()
	for _, s := range secrets {
		if strings.Contains(text, s) {
			t.Fatalf("%s shows the secret %q:\n%s", what, s, text)
		}
	}
}

// playToEnd plays game at a table of Ann and computer players: Ann makes
// some moves (the computer's choice, by her own hand), the live table's
// exports and posts are checked for the seed, then Ann resigns and the
// computer plays the game out. It returns the table and the last posts.
func playToEnd(t *testing.T, h *harness, game string, annMoves int) (string, result) {
	eng, _ := testMods.Engine(game)
	r := h.slash(ann, "play", "", map[string]string{"game": game})
	lobby := r.Reply.Message
	// The lobby shows the commitment from its first post, before anyone joins.
	if tb, err := h.store.ByChannel(t.Context(), "c"); err != nil || tb.Commit == "" || !strings.Contains(text(lobby), tb.Commit) {
		t.Fatalf("%s: the new lobby does not show its commitment: %v\n%s", game, err, text(lobby))
	}
	lobbyID := h.lobby
	for range max(eng.Info().MinSeats-1, 1) {
		lobby = h.click(ann, h.lobby, buttons(lobby)["Add computer player"]).Reply.Message
	}
	r = h.click(ann, h.lobby, buttons(lobby)["Start"])
	tb, err := h.store.ByChannel(t.Context(), "c")
	if err != nil || tb.Status != data.StatusPlaying {
		t.Fatalf("%s did not start: %v %+v", game, err, r.Reply)
	}
	id := tb.ID
	secrets := secretsOf(t, tb)
	if tb.SeedNonce == "" || tb.SeedNonce != lobbyID {
		t.Fatalf("%s: the key's nonce is %q, not the lobby message's id %q", game, tb.SeedNonce, lobbyID)
	}
	// The lobby message, edited at the start, still shows the commitment.
	var shown []string
	for _, e := range r.Edits {
		shown = append(shown, text(e.Message))
	}
	shown = append(shown, text(r.Reply.Message))
	if all := strings.Join(shown, "\n"); !strings.Contains(all, tb.Commit) {
		t.Fatalf("%s: the commitment %s is not shown at the start:\n%s", game, tb.Commit, all)
	}
	posts := r.Posts
	pick := games.NewPCG(7, 7)
	h.playMoves(id, annMoves, func(l *loaded, seat games.Seat, _ []games.Action) games.Action {
		return l.eng.Bot(l.state, seat, pick) // the computer's choice, by Ann's hand
	})
	for _, p := range posts {
		mustNotShow(t, game+" board", text(p.Message), secrets)
	}
	for _, hidden := range []bool{false, true} {
		out, err := h.svc.Export(t.Context(), id, hidden)
		if err != nil {
			t.Fatal(err)
		}
		mustNotShow(t, game+" live export", string(out), secrets)
		if _, err := Verify(testMods, out); err == nil || !strings.Contains(err.Error(), "still running") {
			t.Fatalf("%s: verify of a live export: %v", game, err)
		}
	}
	r = h.slash(ann, "game", "resign", nil)
	r = h.do(Request{Kind: Component, User: ann, CustomID: buttons(r.Reply.Message)["Resign"], MessageID: "ephemeral", OnPrivateMessage: true, Locale: "en-US"})
	if tb, _ := h.store.Get(t.Context(), id); tb.Status != data.StatusFinished {
		t.Fatalf("%s: the computer did not finish the game: %s %+v", game, tb.Status, r.Reply)
	}
	return id, r
}

// TestFairDiceVerifyEveryGame: for every game, a finished table's export
// verifies from its revealed seed, and the final board says in one line
// that the seed is in the Game record, which holds it. A live table shows only the
// commitment (playToEnd).
func TestFairDiceVerifyEveryGame(t *testing.T) {
	for _, e := range testMods.Engines() {
		game := e.Info().ID
		if testGames[game] {
			continue
		}
		t.Run(game, func(t *testing.T) {
			h := newHarness(t)
			id, r := playToEnd(t, h, game, 6)
			out, err := h.svc.Export(t.Context(), id, false)
			if err != nil {
				t.Fatal(err)
			}
			v, err := Verify(testMods, out)
			if err != nil || !v.OK() {
				t.Fatalf("verify: %v %+v", err, v)
			}
			t.Logf("%+v", v)
			if v.Moves == 0 || v.ByBots == 0 || v.Draws == 0 {
				t.Fatalf("verify replayed too little: %+v", v)
			}
			var final string
			for _, p := range r.Posts {
				final += text(p.Message) + "\n"
			}
			// The final board says in one line where the seed is; the
			// Game record it points to holds it.
			if strings.Contains(final, v.Seed) || strings.Count(final, "the seed is in the Game record") != 1 {
				t.Fatalf("the final board's fair dice line:\n%s", final)
			}
			if !strings.Contains(string(out), v.Seed) {
				t.Fatalf("the game record lacks the seed %s", v.Seed)
			}
		})
	}
}

// TestFairDiceUndoTimeoutAbandon: a game with an undo, a late player's
// turn played by the computer and an abandon verifies too, and the
// abandon notice reveals the seed.
func TestFairDiceUndoTimeoutAbandon(t *testing.T) {
	h := newHarness(t)
	var clock time.Duration
	board := h.clockedTable("race", "2", &clock).Message
	board = h.click(ann, h.board, buttons(board)["mark"]).Reply.Message
	board = h.click(ann, h.board, buttons(board)["Undo"]).Reply.Message
	r := h.click(ann, h.board, buttons(board)["+2"])
	if len(r.Posts) == 0 {
		t.Fatalf("+2: %+v", r.Reply)
	}
	if _, ok := h.tick(&clock, 5*time.Hour); !ok { // Bob is late: the computer plays
		t.Fatal("no timeout")
	}
	tb, _ := h.store.ByChannel(t.Context(), "c")
	secrets := secretsOf(t, tb)
	r = h.slash(ann, "game", "abandon", nil)
	r = h.do(Request{Kind: Component, User: ann, CustomID: buttons(r.Reply.Message)["Abandon the game"], MessageID: "ephemeral", OnPrivateMessage: true, Locale: "en-US"})
	if len(r.Posts) == 0 || !strings.Contains(r.Posts[0].Message.Content, secrets[0]) || !strings.Contains(r.Posts[0].Message.Content, "hidden information") {
		t.Fatalf("the abandon notice does not reveal the seed: %+v", r.Posts)
	}
	out, err := h.svc.Export(t.Context(), tb.ID, false)
	if err != nil {
		t.Fatal(err)
	}
	v, err := Verify(testMods, out)
	if err != nil || !v.OK() || v.Undos != 1 || v.ByBots != 1 || v.Moves != 3 {
		t.Fatalf("verify: %v %+v", err, v)
	}
}

// TestFairDiceTampering: changing one die of a recorded roll, a computer
// choice, the seed, or dropping a move makes verification fail at that
// step; a table from before provably fair dice says it has no seed.
func TestFairDiceTampering(t *testing.T) {
	h := newHarness(t)
	id, _ := playToEnd(t, h, "flanders", 4)
	out, err := h.svc.Export(t.Context(), id, false)
	if err != nil {
		t.Fatal(err)
	}
	if v, err := Verify(testMods, out); err != nil || !v.OK() {
		t.Fatalf("the genuine export: %v %+v", err, v)
	}
	tamper := func(name, want string, change func(doc map[string]any) bool) {
		t.Helper()
		var doc map[string]any
		if err := json.Unmarshal(out, &doc); err != nil {
			t.Fatal(err)
		}
		if !change(doc) {
			t.Fatalf("%s: nothing to change", name)
		}
		b, _ := json.Marshal(doc)
		v, err := Verify(testMods, b)
		if err != nil || v.OK() || !strings.Contains(v.Problem, want) {
			t.Fatalf("%s: verify says %v %q, want a problem with %q", name, err, v.Problem, want)
		}
		t.Logf("%s: %s", name, strings.SplitN(v.Problem, "\n", 2)[0])
	}
	entries := func(doc map[string]any) []any { return doc["log"].([]any) }
	tamper("one die of a roll", "recorded events differ", func(doc map[string]any) bool {
		for _, e := range entries(doc) {
			for _, ev := range asList(e.(map[string]any)["events"]) {
				ev := ev.(map[string]any)
				if ev["kind"] == "rolled" {
					nums := ev["data"].(map[string]any)["nums"].([]any)
					nums[0] = float64(int(nums[0].(float64))%6 + 1)
					return true
				}
			}
		}
		return false
	})
	tamper("a computer's choice", "the computer chooses", func(doc map[string]any) bool {
		for _, e := range entries(doc) {
			e := e.(map[string]any)
			if e["user_id"] == nil && !strings.HasPrefix(e["action"].(string), "lobby.") {
				e["action"] = "pass" // whatever the computer chose, it was not this
				return true
			}
		}
		return false
	})
	tamper("a move left out", "", func(doc map[string]any) bool {
		log := entries(doc)
		for i, e := range log {
			if e.(map[string]any)["user_id"] == ann.ID && i > 0 && !strings.HasPrefix(e.(map[string]any)["action"].(string), "lobby.") {
				doc["log"] = append(log[:i:i], log[i+1:]...)
				return true
			}
		}
		return false
	})
	tamper("another seed", "not the commitment", func(doc map[string]any) bool {
		tb := doc["table"].(map[string]any)
		tb["seed"] = strings.Repeat("ab", 32)
		return true
	})
	tamper("another seed with its own commitment", "", func(doc map[string]any) bool {
		tb := doc["table"].(map[string]any)
		other := games.Seed{9}
		tb["seed"], tb["commit"] = other.String(), other.Commitment()
		return true
	})
	tamper("the random source moved on", "random source is not where", func(doc map[string]any) bool {
		tb := doc["table"].(map[string]any)
		src := games.Seed{3}.Source("")
		b, _ := json.Marshal(src)
		tb["rng"] = strings.Trim(string(b), `"`)
		return true
	})
	tamper("the final state", "final state differs", func(doc map[string]any) bool {
		st := doc["table"].(map[string]any)["state"].(map[string]any)
		st["turn_no"] = float64(999)
		return true
	})
	// A stored table from before provably fair dice: no seed, no commitment.
	var doc map[string]any
	json.Unmarshal(out, &doc)
	tb := doc["table"].(map[string]any)
	delete(tb, "seed")
	delete(tb, "commit")
	delete(tb, "setup_options")
	b, _ := json.Marshal(doc)
	if _, err := Verify(testMods, b); !errors.Is(err, ErrNoSeed) || !strings.Contains(err.Error(), "before provably fair dice") {
		t.Fatalf("an old table: %v", err)
	}
}

func asList(x any) []any {
	l, _ := x.([]any)
	return l
}

// TestDamagedExportWithholdsTheSeed: a record that cannot be decoded is
// exported raw with --include-hidden, but without its seed and random
// source: nothing says whether its game has ended.
func TestDamagedExportWithholdsTheSeed(t *testing.T) {
	h := newHarness(t)
	p := h.startRace()
	tb, _ := h.store.Get(t.Context(), p.BoardOf)
	secrets := secretsOf(t, tb)
	raw, _ := json.Marshal(tb)
	h.store.Close()
	db, err := bolt.Open(h.path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Cut after the seed: the record no longer decodes.
	cut := raw[:strings.Index(string(raw), `"commit"`)]
	db.Update(func(tx *bolt.Tx) error { return tx.Bucket([]byte("tables")).Put([]byte(p.BoardOf), cut) })
	db.Close()
	h.open()
	out, err := h.svc.Export(t.Context(), p.BoardOf, true)
	if err != nil || !strings.Contains(string(out), `"record"`) || !strings.Contains(string(out), `withheld`) {
		t.Fatalf("export of the damaged table: %v\n%s", err, out)
	}
	mustNotShow(t, "a damaged record's export", string(out), secrets)
}

// TestTableFromBeforeFairDice: a stored table without a seed (started
// before provably fair dice) plays on with its random source, shows no
// commitment and reveals nothing, and verify says it has no seed.
func TestTableFromBeforeFairDice(t *testing.T) {
	h := newHarness(t)
	p := h.startRace()
	tb, _ := h.store.Get(t.Context(), p.BoardOf)
	tb.Seed, tb.Commit, tb.SeedNonce, tb.SetupOptions = nil, "", "", nil
	if err := h.store.Update(t.Context(), tb, tb.Version); err != nil {
		t.Fatal(err)
	}
	r := h.click(ann, h.board, buttons(p.Message)["+2"])
	if len(r.Posts) == 0 || strings.Contains(text(r.Posts[0].Message), "Provably fair") {
		t.Fatalf("a move on an old table: %+v", r)
	}
	r = h.slash(ann, "game", "abandon", nil)
	r = h.do(Request{Kind: Component, User: ann, CustomID: buttons(r.Reply.Message)["Abandon the game"], MessageID: "ephemeral", OnPrivateMessage: true, Locale: "en-US"})
	if len(r.Posts) == 0 || !strings.Contains(r.Posts[0].Message.Content, "abandoned") || strings.Contains(r.Posts[0].Message.Content, "seed") {
		t.Fatalf("abandoning an old table: %+v", r.Posts)
	}
	out, _ := h.svc.Export(t.Context(), p.BoardOf, false)
	if _, err := Verify(testMods, out); !errors.Is(err, ErrNoSeed) || !strings.Contains(err.Error(), "before provably fair dice") {
		t.Fatalf("verify of an old table: %v", err)
	}
}

// TestAbandonedLobbyRevealsNothing: a lobby ended before its game started
// never used its seed; the notice says nothing of one and verify says
// there is no game.
func TestAbandonedLobbyRevealsNothing(t *testing.T) {
	h := newHarness(t)
	h.slash(ann, "play", "", map[string]string{"game": "race"})
	tb, _ := h.store.ByChannel(t.Context(), "c")
	r := h.slash(ann, "game", "abandon", nil)
	r = h.do(Request{Kind: Component, User: ann, CustomID: buttons(r.Reply.Message)["Abandon the game"], MessageID: "ephemeral", OnPrivateMessage: true, Locale: "en-US"})
	if len(r.Posts) == 0 || !strings.Contains(r.Posts[0].Message.Content, "abandoned") || strings.Contains(r.Posts[0].Message.Content, "seed") {
		t.Fatalf("abandoning a lobby: %+v", r.Posts)
	}
	out, _ := h.svc.Export(t.Context(), tb.ID, false)
	if _, err := Verify(testMods, out); err == nil || !strings.Contains(err.Error(), "never started") {
		t.Fatalf("verify of a lobby: %v", err)
	}
}
