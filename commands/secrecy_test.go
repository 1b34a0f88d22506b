package commands

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
)

// testGames are this package's own stand-in games (race_test.go,
// timer_test.go). Every other game of testMods is a real one: the secrecy
// test covers it, and it must implement games.Disguiser.
var testGames = map[string]bool{"race": true, "referee": true}

func isSecretGame(id string) bool { return !testGames[id] }

// TestSecrecyDifferential is the differential secrecy test. Along random
// computer playouts of every game it builds, at each state, a disguised
// twin (games.Disguiser: the same state with other hidden facts, such as
// another deck order, other hands, decoys elsewhere, another secret
// roster or deployment) and requires that nothing public tells them
// apart: the spectator view (which proves the disguise touched only
// hidden facts), PrivateChoices for every seat, the public board
// message exactly as the table service draws it (Service.board: text,
// embeds, buttons, and for a sample of states the PNG), for every way of
// seating humans and computers, and the public "What happened" digest of
// the moves so far.
func TestSecrecyDifferential(t *testing.T) {
	if real := len(testMods.Engines()) - len(testGames); real < 5 {
		t.Fatalf("only %d real games are served", real)
	}
	// At least seeds playouts per game, more (up to 60) until minStates
	// distinct states were compared, for games that end quickly. FoW
	// games are short and reach a reserve pick among hidden reserves
	// only now and then (first at seed 19), so it plays more of them.
	seeds, steps, minStates := 6, 400, map[string]int{"fow": 1500}
	if testing.Short() {
		seeds, steps = 2, 150
	}
	if raceEnabled {
		// the race detector makes drawing boards ~15 times slower; the
		// default run (CI's go test ./... without -race too) covers more
		seeds, steps = 1, 60
	}
	for _, eng := range testMods.Engines() {
		id := eng.Info().ID
		if !isSecretGame(id) {
			continue // a stand-in of this package's tests
		}
		if _, ok := testMods.Renderer(id); !ok {
			t.Fatalf("%s has no renderer", id)
		}
		t.Run(id, func(t *testing.T) {
			start := time.Now()
			n, dms := 0, 0
			least := minStates[id]
			if least == 0 {
				least = 600
			}
			if testing.Short() || raceEnabled {
				least = 0
			}
			seed := 0
			for ; seed < 60 && (seed < seeds || n < least); seed++ {
				states, d := secrecyPlayout(t, eng, seed, steps)
				n, dms = n+states, dms+d
			}
			if dms == 0 {
				t.Fatalf("%s: no turn DM was compared", id)
			}
			t.Logf("%s: %d states (%d playouts) compared with disguised twins, %d turn DMs with determinized ones, in %v", id, n, seed, dms, time.Since(start).Round(time.Millisecond))
		})
	}
}

// secrecyOptions varies the game's options by seed.
func secrecyOptions(info games.Info, seed int) games.Options {
	o := games.Options{}
	for i, spec := range info.Options {
		k := seed + i
		switch {
		case spec.Key == games.OptComputer:
			// Left at normal: the hard level's search (thousands of
			// playouts a move) would make these games crawl; its own
			// tests show it reads no hidden fact.
		case len(spec.Choices) > 0:
			o[spec.Key] = spec.Choices[k%len(spec.Choices)]
		case spec.Kind == games.OptionInt && spec.Max >= spec.Min && spec.Max > 0:
			o[spec.Key] = fmt.Sprint(spec.Min + k%(spec.Max-spec.Min+1))
		case spec.Kind == games.OptionBool:
			o[spec.Key] = fmt.Sprint(seed%3 == 2 && spec.Key != "match")
		}
	}
	return o
}

// secrecyPlayout plays one computer game and compares every state with
// two disguised twins; it returns the number of states compared.
func secrecyPlayout(t *testing.T, eng games.Engine, seed, steps int) (states, dms int) {
	t.Helper()
	info := eng.Info()
	seats := info.MinSeats + seed%(info.MaxSeats-info.MinSeats+1)
	opts := secrecyOptions(info, seed)
	rng := games.NewPCG(uint64(seed)+1, 0x5ec)
	drng := games.NewPCG(uint64(seed)+7, 0xd15)
	st, err := eng.Setup(opts, seats, rng)
	if err != nil {
		// an option that does not fit this seat count (a seat number)
		seats = info.MaxSeats
		st, err = eng.Setup(opts, seats, rng)
	}
	if err != nil {
		t.Fatalf("%s seed %d %v: setup: %v", info.ID, seed, opts, err)
	}
	log := &logOnly{}
	svc := &Service{store: log, mods: testMods}
	n := 0
	var recs []games.Record
	for step := 0; step < steps; step++ {
		where := fmt.Sprintf("%s seed %d (options %v, %d seats) step %d", info.ID, seed, opts, seats, step)
		// Several disguises of one state, so that one of them is likely
		// to move what a leak depends on.
		for k := 0; k < 2; k++ {
			twin, ok := eng.Disguise(st, drng)
			if !ok && isSecretGame(info.ID) {
				t.Fatalf("%s has no games.Disguiser", info.ID)
			}
			compareTwins(t, svc, eng, st, twin, seats, step, step%25 == 0 && k == 0, where)
			if step%5 == 0 {
				// The public "What happened" of the moves so far reads
				// the same for both.
				a, _ := json.Marshal(publicDigest(eng, st, recs, seats))
				b, _ := json.Marshal(publicDigest(eng, twin, recs, seats))
				if !bytes.Equal(a, b) {
					t.Fatalf("%s: the public digest differs between the state and its disguised twin:\n%s", where, firstDiff(a, b))
				}
			}
		}
		dms += compareDMs(t, svc, eng, st, seats, step, drng, step%25 == 0, where)
		n++
		if eng.Outcome(st).Done {
			break
		}
		active := eng.Active(st)
		if len(active) == 0 {
			break
		}
		seat := active[rng.Intn(len(active))]
		a := eng.Bot(st, seat, rng)
		if seed%2 == 1 && rng.Intn(3) == 0 {
			// odd seeds stray from the computer policy now and then,
			// into states it never makes (a hand-built set-up, ...)
			legal := eng.Legal(st, seat)
			a = games.Fill(eng, legal[rng.Intn(len(legal))], rng)
		}
		ns, ev, err := eng.Apply(st, seat, a, rng)
		if err != nil {
			t.Fatalf("%s: computer move %s: %v", where, a, err)
		}
		recs = append(recs, games.Record{Seq: int64(step + 1), Seat: seat, Verb: a.Verb, Events: ev})
		log.entries = append(log.entries, data.LogEntry{Version: int64(step + 1), Seat: seat, Action: a.String(), Events: ev})
		st = ns
	}
	return n, dms
}

func compareTwins(t *testing.T, svc *Service, eng games.Engine, s, twin games.State, seats, step int, images bool, where string) {
	t.Helper()
	a, _ := json.Marshal(eng.View(s, games.Spectator))
	b, _ := json.Marshal(eng.View(twin, games.Spectator))
	if !bytes.Equal(a, b) {
		t.Fatalf("%s: Disguise changed the spectator view (it may change hidden facts only):\n%s", where, firstDiff(a, b))
	}
	for seat := games.Seat(0); int(seat) < seats; seat++ {
		if x, y := eng.PrivateChoices(s, seat), eng.PrivateChoices(twin, seat); x != y {
			t.Fatalf("%s: PrivateChoices(seat %d) is %v for the state and %v for its twin", where, seat, x, y)
		}
	}
	// Every seating: all humans, and each seat the one human among
	// computers (the public menu is shown when one human is to act).
	configs := []int{-1}
	for i := 0; i < seats; i++ {
		configs = append(configs, i)
	}
	svc.Images = images
	for ci, human := range configs {
		ma := secrecyBoard(t, svc, eng, s, seats, human, step, where)
		mb := secrecyBoard(t, svc, eng, twin, seats, human, step, where)
		ja, _ := json.Marshal(render.Message{Content: ma.Content, Embeds: ma.Embeds, Components: ma.Components, Mentions: ma.Mentions})
		jb, _ := json.Marshal(render.Message{Content: mb.Content, Embeds: mb.Embeds, Components: mb.Components, Mentions: mb.Mentions})
		if !bytes.Equal(ja, jb) {
			t.Fatalf("%s, human seat %s: the public board differs between the state and its disguised twin:\n%s", where, seating(human), firstDiff(ja, jb))
		}
		if len(ma.Files) != len(mb.Files) {
			t.Fatalf("%s: %d files on the board, %d on the twin's", where, len(ma.Files), len(mb.Files))
		}
		for i := range ma.Files {
			if ma.Files[i].Name != mb.Files[i].Name || !bytes.Equal(ma.Files[i].Data, mb.Files[i].Data) {
				t.Fatalf("%s: the board's picture %s differs between the state and its disguised twin", where, ma.Files[i].Name)
			}
		}
		if ci == 0 {
			svc.Images = false // the picture does not depend on the seating
		}
	}
	// The team vote (plans, and the moves members may propose, labelled
	// from the acting seat's menu) is public too.
	va, _ := json.Marshal(secrecyVote(eng, s, seats, step))
	vb, _ := json.Marshal(secrecyVote(eng, twin, seats, step))
	if !bytes.Equal(va, vb) {
		t.Fatalf("%s: the team vote differs between the state and its disguised twin:\n%s", where, firstDiff(va, vb))
	}
}

// compareDMs: each seat to act gets the same turn DM (the public board,
// its own menu: Service.turnDM) from the state and from a twin that keeps
// all that seat sees and draws the rest anew (Determinize): nothing of
// another seat's hidden facts reaches a DM.
func compareDMs(t *testing.T, svc *Service, eng games.Engine, s games.State, seats, step int, rng games.Rand, images bool, where string) (compared int) {
	t.Helper()
	if eng.Outcome(s).Done {
		return 0
	}
	svc.Images = images
	for _, seat := range eng.Active(s) {
		twin, ok := eng.Determinize(s, seat, rng)
		if !ok {
			continue // nothing is hidden
		}
		va, _ := json.Marshal(eng.View(s, seat))
		vb, _ := json.Marshal(eng.View(twin, seat))
		if !bytes.Equal(va, vb) {
			// A game without a Determinizer falls back on Disguise, which
			// may change the seat's own secrets too (FoW's roster): no
			// twin for this seat.
			continue
		}
		ma, oka := secrecyDM(t, svc, eng, s, seats, seat, step, where)
		mb, okb := secrecyDM(t, svc, eng, twin, seats, seat, step, where)
		ja, _ := json.Marshal(render.Message{Content: ma.Content, Embeds: ma.Embeds, Components: ma.Components, Mentions: ma.Mentions})
		jb, _ := json.Marshal(render.Message{Content: mb.Content, Embeds: mb.Embeds, Components: mb.Components, Mentions: mb.Mentions})
		if oka != okb || !bytes.Equal(ja, jb) {
			t.Fatalf("%s: seat %d's turn DM differs between the state and its determinization for that seat:\n%s", where, seat, firstDiff(ja, jb))
		}
		if len(ma.Files) != len(mb.Files) {
			t.Fatalf("%s: %d files in seat %d's turn DM, %d in the twin's", where, len(ma.Files), seat, len(mb.Files))
		}
		for i := range ma.Files {
			if !bytes.Equal(ma.Files[i].Data, mb.Files[i].Data) {
				t.Fatalf("%s: the picture of seat %d's turn DM differs from the twin's", where, seat)
			}
		}
		compared++
	}
	return compared
}

// secrecyDM is seat's turn DM at a table of humans holding st.
func secrecyDM(t *testing.T, svc *Service, eng games.Engine, st games.State, seats int, seat games.Seat, step int, where string) (render.Message, bool) {
	t.Helper()
	tb := &data.Table{ID: "secrecy", Game: eng.Info().ID, Status: data.StatusPlaying, Version: int64(step), HostID: "100", GuildID: "g", ChannelID: "c", BoardMessageID: "b", BoardChannelID: "c"}
	for i := 0; i < seats; i++ {
		tb.Seats = append(tb.Seats, data.Seat{Name: fmt.Sprintf("Player %d", i+1), UserID: fmt.Sprint(100 + i)})
	}
	msg, ok, err := svc.turnDM(t.Context(), &loaded{t: tb, eng: eng, mod: modOf(eng), state: st}, "en", seat)
	if err != nil {
		t.Fatalf("%s: turn DM: %v", where, err)
	}
	return msg, ok
}

// secrecyVote is the team vote message of a table of humans holding st,
// or nothing when no vote is open.
func secrecyVote(eng games.Engine, st games.State, seats, step int) render.Message {
	tb := &data.Table{ID: "secrecy", Game: eng.Info().ID, Status: data.StatusPlaying, Version: int64(step), HostID: "100"}
	for i := 0; i < seats; i++ {
		tb.Seats = append(tb.Seats, data.Seat{Name: fmt.Sprintf("Player %d", i+1), UserID: fmt.Sprint(100 + i)})
	}
	msg, _ := voteMessage(&loaded{t: tb, eng: eng, mod: modOf(eng), state: st})
	return msg
}

func seating(human int) string {
	if human < 0 {
		return "all"
	}
	return fmt.Sprint(human)
}

// secrecyBoard draws the public board of a table holding st as the table
// service does (Service.board).
func secrecyBoard(t *testing.T, svc *Service, eng games.Engine, st games.State, seats, human, step int, where string) render.Message {
	t.Helper()
	tb := &data.Table{ID: "secrecy", Game: eng.Info().ID, Status: data.StatusPlaying, Version: int64(step), HostID: "100"}
	if eng.Outcome(st).Done {
		tb.Status = data.StatusFinished
	}
	for i := 0; i < seats; i++ {
		bot := human >= 0 && i != human
		seat := data.Seat{Name: fmt.Sprintf("Player %d", i+1), Bot: bot}
		if !bot {
			seat.UserID = fmt.Sprint(100 + i)
		}
		tb.Seats = append(tb.Seats, seat)
	}
	msg, err := svc.board(t.Context(), &loaded{t: tb, eng: eng, mod: modOf(eng), state: st}, "en", true, true)
	if err != nil {
		t.Fatalf("%s: board: %v", where, err)
	}
	return msg
}

// logOnly is a store holding one table's action log, for boards drawn
// with the journal's tail outside a real store.
type logOnly struct {
	data.Store
	entries []data.LogEntry
}

func (l *logOnly) LogTail(ctx context.Context, id string, n int) ([]data.LogEntry, error) {
	return l.entries[max(0, len(l.entries)-n):], nil
}

// firstDiff shows where two texts first differ.
func firstDiff(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-160)
	cut := func(x []byte) string { return string(x[from:min(len(x), i+160)]) }
	return fmt.Sprintf("state: …%s…\ntwin:  …%s…", cut(a), cut(b))
}
