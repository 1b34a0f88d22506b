package discordtest_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/discordtest"
)

// These tests talk to the stand-in with plain HTTP (through HTTPClient, so
// the requests go to https://discord.com and are rewritten), without a
// gateway session: interactions are recorded but not delivered.

type rawClient struct {
	t   *testing.T
	srv *discordtest.Server
	c   *http.Client
}

func newRaw(t *testing.T, opts ...discordtest.Option) (*discordtest.Server, *rawClient) {
	srv := discordtest.New(t, opts...)
	return srv, &rawClient{t: t, srv: srv, c: srv.HTTPClient()}
}

type apiResp struct {
	Status int
	Body   map[string]any
	List   []any
	Header http.Header
}

func (r *rawClient) do(method, path string, body any) apiResp {
	r.t.Helper()
	var rd io.Reader
	ct := ""
	switch b := body.(type) {
	case nil:
	case *multipartBody:
		rd, ct = bytes.NewReader(b.data), b.ct
	default:
		j, err := json.Marshal(b)
		if err != nil {
			r.t.Fatal(err)
		}
		rd, ct = bytes.NewReader(j), "application/json"
	}
	var raw []byte
	if rd != nil {
		raw, _ = io.ReadAll(rd)
	}
	var resp *http.Response
	var data []byte
	for {
		req, err := http.NewRequest(method, "https://discord.com/api/v10"+path, bytes.NewReader(raw))
		if err != nil {
			r.t.Fatal(err)
		}
		if ct != "" {
			req.Header.Set("Content-Type", ct)
		}
		req.Header.Set("Authorization", "Bot "+r.srv.Token())
		req.Header.Set("User-Agent", testAgent)
		resp, err = r.c.Do(req)
		if err != nil {
			r.t.Fatal(err)
		}
		data, _ = io.ReadAll(resp.Body)
		resp.Body.Close()
		// Like discordgo, wait out the stand-in's own buckets; a 429
		// injected with FailNext (bucket "stand-in-...") goes to the test.
		if resp.StatusCode != http.StatusTooManyRequests || strings.HasPrefix(resp.Header.Get("X-RateLimit-Bucket"), "stand-in-") {
			break
		}
		var rl struct {
			RetryAfter float64 `json:"retry_after"`
		}
		_ = json.Unmarshal(data, &rl)
		time.Sleep(time.Duration(rl.RetryAfter * float64(time.Second)))
	}
	out := apiResp{Status: resp.StatusCode, Header: resp.Header}
	if len(data) > 0 && data[0] == '[' {
		_ = json.Unmarshal(data, &out.List)
	} else if len(data) > 0 {
		_ = json.Unmarshal(data, &out.Body)
	}
	return out
}

type multipartBody struct {
	data []byte
	ct   string
}

func multipartOf(t *testing.T, payload any, files map[string][]byte, order ...string) *multipartBody {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", `form-data; name="payload_json"`)
	h.Set("Content-Type", "application/json")
	p, _ := w.CreatePart(h)
	j, _ := json.Marshal(payload)
	_, _ = p.Write(j)
	for i, name := range order {
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", fmt.Sprintf(`form-data; name="files[%d]"; filename="%s"`, i, name))
		h.Set("Content-Type", "image/png")
		p, _ := w.CreatePart(h)
		_, _ = p.Write(files[name])
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return &multipartBody{data: b.Bytes(), ct: w.FormDataContentType()}
}

func code(r apiResp) int {
	if c, ok := r.Body["code"].(float64); ok {
		return int(c)
	}
	return -1
}

func registerPlay(t *testing.T, srv *discordtest.Server, r *rawClient, guild string) {
	t.Helper()
	res := r.do("PUT", "/applications/"+srv.AppID()+"/guilds/"+guild+"/commands", testCommands)
	if res.Status != 200 || len(res.List) != 2 {
		t.Fatalf("register: %d %v", res.Status, res.Body)
	}
}

func TestCallbackDeadlineAndDoubleAck(t *testing.T) {
	t.Parallel()
	// a frozen clock that the test moves on: deadlines without sleeping
	base := time.Now()
	var offset atomic.Int64
	clock := func() time.Time { return base.Add(time.Duration(offset.Load())) }
	srv, r := newRaw(t, discordtest.WithClock(clock))
	guild := srv.NewGuild()
	ch := srv.NewChannel(guild)
	registerPlay(t, srv, r, guild)
	alice := srv.User("alice")

	ix := srv.Slash(alice, ch, guild, "play", map[string]any{"game": "flanders"}, "")
	if ix.Delivered {
		t.Fatal("delivered without a gateway session")
	}
	var payload discordgo.Interaction
	if err := json.Unmarshal(ix.Payload(), &payload); err != nil {
		t.Fatal(err)
	}
	if d := payload.ApplicationCommandData(); d.Name != "play" || d.Options[0].StringValue() != "flanders" || payload.Member.User.ID != alice.ID {
		t.Fatalf("payload: %+v", payload)
	}
	cb := "/interactions/" + ix.ID + "/" + ix.Token + "/callback"
	msg := map[string]any{"type": 4, "data": map[string]any{"content": "hi"}}

	// edit before the callback: Unknown Message
	if res := r.do("PATCH", "/webhooks/"+srv.AppID()+"/"+ix.Token+"/messages/@original", map[string]any{"content": "x"}); res.Status != 404 || code(res) != 10008 {
		t.Fatalf("early edit: %d %v", res.Status, res.Body)
	}
	// wrong type for a slash command
	if res := r.do("POST", cb, map[string]any{"type": 6}); res.Status != 400 {
		t.Fatalf("type 6 on a slash command: %d", res.Status)
	}
	if res := r.do("POST", cb, msg); res.Status != 204 {
		t.Fatalf("callback: %d %v", res.Status, res.Body)
	}
	if res := r.do("POST", cb, msg); res.Status != 400 || code(res) != 40060 {
		t.Fatalf("second callback: %d %v", res.Status, res.Body)
	}
	if got := ix.Expect(); got.Content != "hi" || got.Latency != 0 {
		t.Fatalf("response: %+v", got)
	}

	late := srv.Slash(alice, ch, guild, "play", map[string]any{"game": "trenches"}, "")
	offset.Add(int64(3*time.Second + time.Millisecond))
	res := r.do("POST", "/interactions/"+late.ID+"/"+late.Token+"/callback", msg)
	if res.Status != 404 || code(res) != 10062 {
		t.Fatalf("late callback: %d %v", res.Status, res.Body)
	}
	if late.Acked() {
		t.Fatal("a late callback acknowledged the interaction")
	}
	kinds := map[string]int{}
	for _, f := range srv.Failures() {
		kinds[f.Kind]++
	}
	// the late interaction is both refused and (being undelivered) not "unanswered"
	if kinds["already-acknowledged"] != 1 || kinds["late-callback"] != 1 || kinds["unknown-message"] != 1 || kinds["invalid-body"] != 1 {
		t.Fatalf("failures: %v", srv.Failures())
	}
	if len(late.Failures()) != 1 || len(srv.Problems()) != 4 {
		t.Fatalf("problems: %v", srv.Problems())
	}
}

func TestChannelMessagesAttachmentsAndMentions(t *testing.T) {
	t.Parallel()
	srv, r := newRaw(t)
	guild := srv.NewGuild()
	ch := srv.NewChannel(guild)
	alice, bob := srv.User("alice"), srv.User("bob")
	content := alice.Mention() + " and " + bob.Mention() + " @everyone"

	// no allowed_mentions: everything mentioned pings
	res := r.do("POST", "/channels/"+ch+"/messages", map[string]any{"content": content})
	if res.Status != 200 {
		t.Fatalf("post: %d %v", res.Status, res.Body)
	}
	m := srv.LastMessage(ch)
	if len(m.Mentions()) != 2 || !m.MentionEveryone {
		t.Fatalf("default pings: %v everyone %v", m.Mentions(), m.MentionEveryone)
	}
	// users list: only listed users who are mentioned
	r.do("POST", "/channels/"+ch+"/messages", map[string]any{"content": content,
		"allowed_mentions": map[string]any{"parse": []string{}, "users": []string{bob.ID, "42"}}})
	if m = srv.LastMessage(ch); !m.Pings(bob) || m.Pings(alice) || m.MentionEveryone || len(m.Mentions()) != 1 {
		t.Fatalf("filtered pings: %v", m.Mentions())
	}
	// parse users and a users list together is refused
	res = r.do("POST", "/channels/"+ch+"/messages", map[string]any{"content": content,
		"allowed_mentions": map[string]any{"parse": []string{"users"}, "users": []string{bob.ID}}})
	if res.Status != 400 || code(res) != 50035 {
		t.Fatalf("conflicting allowed_mentions: %d %v", res.Status, res.Body)
	}

	// multipart with two files; the embed points at one of them
	png1, png2 := boardPNG(t, 10, 10), boardPNG(t, 20, 5)
	body := multipartOf(t, map[string]any{"embeds": []any{map[string]any{"title": "Board", "image": map[string]any{"url": "attachment://b.png"}}}},
		map[string][]byte{"a.png": png1, "b.png": png2}, "a.png", "b.png")
	res = r.do("POST", "/channels/"+ch+"/messages", body)
	if res.Status != 200 {
		t.Fatalf("multipart: %d %v", res.Status, res.Body)
	}
	m = srv.LastMessage(ch)
	imgs, err := m.Images()
	if err != nil || len(imgs) != 2 || imgs[1].Bounds().Dx() != 20 || !bytes.Equal(m.Attachments[0].Data, png1) {
		t.Fatalf("attachments: %v %v", imgs, err)
	}
	if u := m.EmbedImageURLs(); len(u) != 1 || u[0] != m.Attachments[1].URL {
		t.Fatalf("embed image: %v", u)
	}
	// the attachment URL serves the bytes
	resp, err := http.Get(m.Attachments[1].URL)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !bytes.Equal(got, png2) {
		t.Fatal("attachment URL does not serve the file")
	}

	// an edit with a new file and no attachments field keeps the old files
	// (a Discord gotcha); attachments: [] replaces them
	res = r.do("PATCH", "/channels/"+ch+"/messages/"+m.ID, multipartOf(t, map[string]any{"content": "v2 " + alice.Mention()},
		map[string][]byte{"c.png": png1}, "c.png"))
	if res.Status != 200 {
		t.Fatalf("edit: %d %v", res.Status, res.Body)
	}
	if m = srv.Message(m.ID); len(m.Attachments) != 3 || len(m.History) != 1 || m.Pings(alice) {
		t.Fatalf("edit appended: %d attachments, %d edits, pings %v", len(m.Attachments), len(m.History), m.Mentions())
	}
	// API v10 (developers/resources/message.mdx "Edit Message"): the
	// attachments list names every attachment present after the edit, so
	// attachments: [] with a new file blanks the picture (v9 appended it)
	r.do("PATCH", "/channels/"+ch+"/messages/"+m.ID, multipartOf(t, map[string]any{"attachments": []any{}},
		map[string][]byte{"d.png": png2}, "d.png"))
	if m = srv.Message(m.ID); len(m.Attachments) != 0 {
		t.Fatalf("v10 attachments: [] kept %+v", m.Attachments)
	}
	// listing files[0] replaces it; listing the old id keeps it
	r.do("PATCH", "/channels/"+ch+"/messages/"+m.ID, multipartOf(t, map[string]any{"attachments": []any{map[string]any{"id": "0"}}},
		map[string][]byte{"d.png": png2}, "d.png"))
	if m = srv.Message(m.ID); len(m.Attachments) != 1 || m.Attachments[0].Filename != "d.png" {
		t.Fatalf("replace: %+v", m.Attachments)
	}
	kept := m.Attachments[0].ID
	r.do("PATCH", "/channels/"+ch+"/messages/"+m.ID, multipartOf(t, map[string]any{"attachments": []any{map[string]any{"id": kept}, map[string]any{"id": "0"}}},
		map[string][]byte{"e.png": png1}, "e.png"))
	if m = srv.Message(m.ID); len(m.Attachments) != 2 || m.Attachments[0].ID != kept || m.Attachments[1].Filename != "e.png" {
		t.Fatalf("keep and add: %+v", m.Attachments)
	}
	// an entry naming no attachment and no file sent is refused
	if res := r.do("PATCH", "/channels/"+ch+"/messages/"+m.ID, map[string]any{"attachments": []any{map[string]any{"id": "7"}}}); res.Status != 400 {
		t.Fatalf("unknown attachment id: %d", res.Status)
	}

	// explicit nulls on an edit: embeds and content clear, components stay
	r.do("POST", "/channels/"+ch+"/messages", map[string]any{"content": "c", "embeds": []any{map[string]any{"title": "E"}},
		"components": []any{map[string]any{"type": 1, "components": []any{map[string]any{"type": 2, "label": "B", "style": 1, "custom_id": "b"}}}}})
	withEmbed := srv.LastMessage(ch)
	if res := r.do("PATCH", "/channels/"+ch+"/messages/"+withEmbed.ID, map[string]any{"content": nil, "embeds": nil, "components": nil}); res.Status != 200 {
		t.Fatalf("null edit: %d %v", res.Status, res.Body)
	}
	if m := srv.Message(withEmbed.ID); m.Content != "" || len(m.Embeds) != 0 || len(m.Buttons()) != 1 {
		t.Fatalf("null edit: %q %d embeds %d buttons", m.Content, len(m.Embeds), len(m.Buttons()))
	}
	r.do("DELETE", "/channels/"+ch+"/messages/"+withEmbed.ID, nil)

	// limits
	rows := []any{}
	for i := 0; i < 6; i++ {
		rows = append(rows, map[string]any{"type": 1, "components": []any{map[string]any{"type": 2, "label": "x", "style": 1, "custom_id": fmt.Sprint("b", i)}}})
	}
	bad := []map[string]any{
		{},                                     // empty
		{"content": strings.Repeat("x", 2001)}, // too long
		{"components": rows},                   // six rows
		{"components": []any{map[string]any{"type": 1, "components": []any{ // duplicate custom_id
			map[string]any{"type": 2, "label": "a", "style": 1, "custom_id": "same"},
			map[string]any{"type": 2, "label": "b", "style": 1, "custom_id": "same"}}}}},
		{"components": []any{map[string]any{"type": 1, "components": []any{ // custom_id too long
			map[string]any{"type": 2, "label": "a", "style": 1, "custom_id": strings.Repeat("c", 101)}}}}},
		{"embeds": []any{map[string]any{"title": strings.Repeat("t", 257)}}},
	}
	for i, b := range bad {
		if res := r.do("POST", "/channels/"+ch+"/messages", b); res.Status != 400 {
			t.Errorf("bad message %d accepted: %d", i, res.Status)
		}
	}
	if res := r.do("DELETE", "/channels/"+ch+"/messages/"+m.ID, nil); res.Status != 204 {
		t.Fatalf("delete: %d", res.Status)
	}
	if srv.Message(m.ID).Deleted != true || len(srv.Messages(ch)) != 2 || len(srv.AllMessages(ch)) != 4 {
		t.Fatalf("after delete: %d visible, %d total", len(srv.Messages(ch)), len(srv.AllMessages(ch)))
	}
	if res := r.do("POST", "/channels/123/messages", map[string]any{"content": "x"}); res.Status != 404 || code(res) != 10003 {
		t.Fatalf("unknown channel: %d %v", res.Status, res.Body)
	}
}

func TestThreadsRateLimitAuthAndUnexpected(t *testing.T) {
	t.Parallel()
	srv, r := newRaw(t)
	guild := srv.NewGuild()
	ch := srv.NewChannel(guild)
	alice := srv.User("alice")

	r.do("POST", "/channels/"+ch+"/messages", map[string]any{"content": "board"})
	board := srv.LastMessage(ch)
	res := r.do("POST", "/channels/"+ch+"/messages/"+board.ID+"/threads", map[string]any{"name": "game 1", "auto_archive_duration": 1440})
	if res.Status != 201 || res.Body["id"] != board.ID || res.Body["type"].(float64) != 11 {
		t.Fatalf("thread from message: %d %v", res.Status, res.Body)
	}
	if res := r.do("POST", "/channels/"+ch+"/messages/"+board.ID+"/threads", map[string]any{"name": "again"}); code(res) != 160004 {
		t.Fatalf("second thread on a message: %v", res.Body)
	}
	res = r.do("POST", "/channels/"+ch+"/threads", map[string]any{"name": "team", "auto_archive_duration": 10080})
	if res.Status != 201 || res.Body["type"].(float64) != 12 {
		t.Fatalf("private thread by default (v9): %d %v", res.Status, res.Body)
	}
	team := res.Body["id"].(string)
	if res := r.do("PUT", "/channels/"+team+"/thread-members/"+alice.ID, nil); res.Status != 204 {
		t.Fatalf("add member: %d", res.Status)
	}
	if res := r.do("PUT", "/channels/"+team+"/thread-members/1", nil); res.Status != 404 {
		t.Fatalf("add unknown member: %d", res.Status)
	}
	if res := r.do("PATCH", "/channels/"+team, map[string]any{"archived": true}); res.Status != 200 || !srv.Thread(team).Archived {
		t.Fatalf("archive: %d", res.Status)
	}
	if res := r.do("PUT", "/channels/"+team+"/thread-members/"+alice.ID, nil); code(res) != 50083 {
		t.Fatalf("add member to archived thread: %v", res.Body)
	}
	r.do("POST", "/channels/"+team+"/messages", map[string]any{"content": "back"})
	if th := srv.Thread(team); th.Archived || !th.HasMember(alice) || !th.Private() {
		t.Fatalf("thread: %+v", th)
	}

	// 429 on demand, with the headers discordgo reads
	srv.FailNext("GET", "/users/@me", 1500*time.Millisecond)
	res = r.do("GET", "/users/@me", nil)
	if res.Status != 429 || res.Header.Get("Retry-After") != "2" || res.Header.Get("X-RateLimit-Reset-After") != "1.500" ||
		res.Body["retry_after"].(float64) != 1.5 || res.Body["global"] != false {
		t.Fatalf("429: %d %v %v", res.Status, res.Header, res.Body)
	}
	if res = r.do("GET", "/users/@me", nil); res.Status != 200 || res.Body["id"] != srv.AppID() {
		t.Fatalf("after 429: %d", res.Status)
	}

	// bad token
	req, _ := http.NewRequest("GET", "https://discord.com/api/v10/users/@me", nil)
	req.Header.Set("Authorization", "Bot wrong")
	req.Header.Set("User-Agent", testAgent)
	resp, err := r.c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 401 {
		t.Fatalf("bad token: %d", resp.StatusCode)
	}

	// unknown routes
	r.do("POST", "/channels/"+ch+"/messages/"+board.ID+"/reactions/x/@me", nil)
	r.do("GET", "/guilds/"+guild, nil)
	if u := srv.Unexpected(); len(u) != 2 || u[0].Status != 404 || !u[0].Unexpected {
		t.Fatalf("unexpected: %v", u)
	}
	// invalid commands are refused
	res = r.do("PUT", "/applications/"+srv.AppID()+"/commands", []map[string]any{{"name": "Play", "description": "x"}})
	if res.Status != 400 || code(res) != 50035 {
		t.Fatalf("uppercase command name: %d %v", res.Status, res.Body)
	}
	res = r.do("PUT", "/applications/"+srv.AppID()+"/commands", []map[string]any{{"name": "play", "description": "x",
		"options": []any{map[string]any{"type": 3, "name": "a", "description": "a"}, map[string]any{"type": 3, "name": "b", "description": "b", "required": true}}}})
	if res.Status != 400 {
		t.Fatalf("required after optional: %d %v", res.Status, res.Body)
	}
}

func TestClientSideChecks(t *testing.T) {
	t.Parallel()
	srv, r := newRaw(t)
	guild := srv.NewGuild()
	ch := srv.NewChannel(guild)
	registerPlay(t, srv, r, guild)
	alice, bob := srv.User("alice"), srv.User("bob")

	for _, c := range []struct {
		name string
		opts map[string]any
	}{
		{"nope", nil},
		{"play", map[string]any{}},                                     // required option missing
		{"play", map[string]any{"game": "chess"}},                      // not a choice
		{"play", map[string]any{"game": "flanders", "seats": "two"}},   // wrong type
		{"play", map[string]any{"game": "flanders", "colour": "red"}},  // unknown option
		{"game", map[string]any{"join": map[string]any{}}},             // required sub option
		{"game leave", nil},                                            // unknown subcommand
		{"play", map[string]any{"game": "flanders", "seats": 2.5}},     // not an integer
		{"game", map[string]any{"team": map[string]any{"mate": "77"}}}, // unknown user
	} {
		if _, err := srv.TrySlash(alice, ch, guild, c.name, c.opts, ""); err == nil {
			t.Errorf("TrySlash(%s, %v) was allowed", c.name, c.opts)
		}
	}
	if _, err := srv.TrySlash(alice, ch, guild, "play", map[string]any{"game": "flanders"}, "xx"); err == nil {
		t.Error("unknown locale allowed")
	}
	ix := srv.Slash(alice, ch, guild, "game", map[string]any{"join": map[string]any{"table": 7}}, "ru")
	var p discordgo.Interaction
	_ = json.Unmarshal(ix.Payload(), &p)
	d := p.ApplicationCommandData()
	if p.Locale != discordgo.Russian || d.Options[0].Name != "join" || d.Options[0].Options[0].IntValue() != 7 || d.ID == "" {
		t.Fatalf("nested payload: %+v", d)
	}

	// an ephemeral message with a button: only its owner can click it
	r.do("POST", "/interactions/"+ix.ID+"/"+ix.Token+"/callback", map[string]any{"type": 4, "data": map[string]any{
		"content": "your hand", "flags": 64, "components": []any{map[string]any{"type": 1, "components": []any{
			map[string]any{"type": 2, "label": "Play card", "style": 1, "custom_id": "hand:1"}}}}}})
	hand := ix.Expect()
	if _, err := srv.TryClick(bob, &hand.Message, "hand:1"); err == nil {
		t.Error("bob clicked alice's ephemeral button")
	}
	click := srv.Click(alice, &hand.Message, "hand:1")
	var cp discordgo.Interaction
	_ = json.Unmarshal(click.Payload(), &cp)
	if cp.Message == nil || cp.Message.ID != hand.ID || cp.Message.Flags&discordgo.MessageFlagsEphemeral == 0 || cp.MessageComponentData().CustomID != "hand:1" {
		t.Fatalf("component payload: %+v", cp.Message)
	}

	// select menus: values must be options, within min/max
	res := r.do("POST", "/channels/"+ch+"/messages", map[string]any{"components": []any{map[string]any{"type": 1, "components": []any{
		map[string]any{"type": 3, "custom_id": "pick", "options": []any{map[string]any{"label": "A", "value": "a"}, map[string]any{"label": "B", "value": "b"}}}}}}})
	if res.Status != 200 {
		t.Fatalf("select message: %d %v", res.Status, res.Body)
	}
	m := srv.LastMessage(ch)
	if _, err := srv.TrySelect(alice, m, "pick", []string{"c"}); err == nil {
		t.Error("selected a value that is not an option")
	}
	if _, err := srv.TrySelect(alice, m, "pick", []string{"a", "b"}); err == nil {
		t.Error("selected two values in a single select")
	}
	sel := srv.Select(alice, m, "pick", []string{"b"})
	_ = json.Unmarshal(sel.Payload(), &cp)
	if v := cp.MessageComponentData().Values; len(v) != 1 || v[0] != "b" {
		t.Fatalf("select values: %v", v)
	}

	// a user's own locale goes with every interaction
	polish := alice
	polish.Locale = "pl"
	_ = json.Unmarshal(srv.Select(polish, m, "pick", []string{"a"}).Payload(), &cp)
	if cp.Locale != discordgo.Polish {
		t.Fatalf("locale of a click: %q", cp.Locale)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := sel.Wait(ctx); err == nil {
		t.Fatal("Wait returned without a callback")
	}
}

// A public deferral deleted and replaced by a private follow-up: the
// answer is the follow-up, not the deletion.
func TestDeferredReplacedByPrivateFollowup(t *testing.T) {
	t.Parallel()
	srv, r := newRaw(t)
	guild := srv.NewGuild()
	ch := srv.NewChannel(guild)
	registerPlay(t, srv, r, guild)
	eve := srv.User("eve")
	ix := srv.ForgeSlash(eve, ch, guild, "dance", nil, "")
	r.do("POST", "/interactions/"+ix.ID+"/"+ix.Token+"/callback", map[string]any{"type": 5})
	if m := ix.Response(); m == nil || !m.Loading || m.Ephemeral() {
		t.Fatalf("public deferral: %+v", m)
	}
	if res := r.do("DELETE", "/webhooks/"+srv.AppID()+"/"+ix.Token+"/messages/@original", nil); res.Status != 204 {
		t.Fatalf("delete deferral: %d", res.Status)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if _, err := ix.Wait(ctx); err == nil {
		t.Fatal("the deletion counted as the answer")
	}
	res := r.do("POST", "/webhooks/"+srv.AppID()+"/"+ix.Token+"?wait=true", map[string]any{"content": "Unknown command", "flags": 64})
	if res.Status != 200 || res.Body["flags"].(float64) != 64 {
		t.Fatalf("follow-up: %d %v", res.Status, res.Body)
	}
	got := ix.Expect()
	if !got.Deleted || len(got.Followups) != 1 || !got.Followups[0].Ephemeral() || got.Followups[0].VisibleTo != eve.ID {
		t.Fatalf("answer: %+v", got)
	}
	ctx2, cancel2 := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel2()
	if err := srv.WaitIdle(ctx2, 50*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	if p := srv.Problems(); len(p) != 0 {
		t.Fatal(p)
	}
}

// Filling in a deferred reply is an edit: it pings nobody; a later
// follow-up is a new message and pings.
func TestDeferredFillDoesNotPing(t *testing.T) {
	t.Parallel()
	srv, r := newRaw(t)
	guild := srv.NewGuild()
	ch := srv.NewChannel(guild)
	registerPlay(t, srv, r, guild)
	alice, bob := srv.User("alice"), srv.User("bob")
	ix := srv.Slash(alice, ch, guild, "play", map[string]any{"game": "flanders"}, "")
	r.do("POST", "/interactions/"+ix.ID+"/"+ix.Token+"/callback", map[string]any{"type": 5})
	wh := "/webhooks/" + srv.AppID() + "/" + ix.Token
	if res := r.do("PATCH", wh+"/messages/@original", map[string]any{"content": bob.Mention() + " your turn"}); res.Status != 200 {
		t.Fatalf("fill: %d %v", res.Status, res.Body)
	}
	got := ix.Expect()
	if got.Loading || got.Pings(bob) || got.Content != bob.Mention()+" your turn" || len(got.History) != 0 {
		t.Fatalf("filled deferral: %+v", got.Message)
	}
	r.do("POST", wh, map[string]any{"content": bob.Mention() + " your turn"})
	if m := srv.LastMessage(ch); m.Source != "followup" || !m.Pings(bob) {
		t.Fatalf("follow-up: %+v", m)
	}
}

// A create retried with the same nonce and enforce_nonce returns the
// first message within the window and creates a new one after it; a
// callback with with_response=true returns the message it created.
func TestNonceAndWithResponse(t *testing.T) {
	t.Parallel()
	base := time.Now()
	var offset atomic.Int64
	clock := func() time.Time { return base.Add(time.Duration(offset.Load())) }
	srv, r := newRaw(t, discordtest.WithClock(clock))
	guild := srv.NewGuild()
	ch := srv.NewChannel(guild)
	post := func(nonce any, enforce bool) apiResp {
		return r.do("POST", "/channels/"+ch+"/messages", map[string]any{"content": "board", "nonce": nonce, "enforce_nonce": enforce})
	}
	first := post("t1.5", true)
	again := post("t1.5", true)
	if first.Status != 200 || again.Status != 200 || first.Body["id"] != again.Body["id"] || len(srv.Messages(ch)) != 1 || srv.NonceHits() != 1 {
		t.Fatalf("retried create: %v / %v, %d messages", first.Body, again.Body, len(srv.Messages(ch)))
	}
	if res := post("t1.5", false); res.Body["id"] == first.Body["id"] {
		t.Fatal("without enforce_nonce a nonce must not deduplicate")
	}
	offset.Add(int64(discordtest.NonceWindow + time.Second))
	if res := post("t1.5", true); res.Body["id"] == first.Body["id"] {
		t.Fatal("a nonce older than the window still deduplicated")
	}
	if res := post(strings.Repeat("n", 26), true); res.Status != 400 {
		t.Fatalf("a 26-character nonce: %d", res.Status)
	}

	registerPlay(t, srv, r, guild)
	ix := srv.Slash(srv.User("alice"), ch, guild, "play", map[string]any{"game": "flanders"}, "")
	res := r.do("POST", "/interactions/"+ix.ID+"/"+ix.Token+"/callback?with_response=true", map[string]any{"type": 4, "data": map[string]any{"content": "lobby"}})
	resource, _ := res.Body["resource"].(map[string]any)
	msg, _ := resource["message"].(map[string]any)
	if res.Status != 200 || msg == nil || msg["content"] != "lobby" || srv.Message(msg["id"].(string)) == nil {
		t.Fatalf("with_response: %d %v", res.Status, res.Body)
	}
}
