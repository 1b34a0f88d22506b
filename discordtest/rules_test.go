package discordtest_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/discordtest"
)

// failureKinds lists the kinds of the recorded failures.
func failureKinds(srv *discordtest.Server) []string {
	var out []string
	for _, f := range srv.Failures() {
		out = append(out, f.Kind)
	}
	return out
}

func hasKind(srv *discordtest.Server, kind string) bool {
	for _, k := range failureKinds(srv) {
		if k == kind {
			return true
		}
	}
	return false
}

// wantCode fails unless the response has the status and Discord error code.
func wantCode(t *testing.T, what string, res apiResp, status, c int) {
	t.Helper()
	if res.Status != status || code(res) != c {
		t.Fatalf("%s: got %d code %d (%v), want %d code %d", what, res.Status, code(res), res.Body, status, c)
	}
}

func payloadOf(t *testing.T, ix *discordtest.Interaction) map[string]any {
	t.Helper()
	var p map[string]any
	if err := json.Unmarshal(ix.Payload(), &p); err != nil {
		t.Fatal(err)
	}
	return p
}

func newThread(t *testing.T, r *rawClient, parent string, typ int) string {
	t.Helper()
	res := r.do("POST", "/channels/"+parent+"/threads", map[string]any{"name": "game", "type": typ, "auto_archive_duration": 60})
	if res.Status != 201 {
		t.Fatalf("thread: %d %v", res.Status, res.Body)
	}
	return res.Body["id"].(string)
}

// Edits of messages in an archived thread are refused with 50083 through
// every endpoint; deleting is still allowed; a new message unarchives an
// unlocked thread and is refused in a locked one.
func TestArchivedThreadRefusesEdits(t *testing.T) {
	t.Parallel()
	srv, r := newRaw(t)
	guild := srv.NewGuild()
	ch := srv.NewChannel(guild)
	registerPlay(t, srv, r, guild)
	th := newThread(t, r, ch, 11)
	alice := srv.User("alice")

	board := r.do("POST", "/channels/"+th+"/messages", map[string]any{"content": "board",
		"components": []any{map[string]any{"type": 1, "components": []any{map[string]any{"type": 2, "label": "Roll", "style": 1, "custom_id": "roll"}}}}})
	other := r.do("POST", "/channels/"+th+"/messages", map[string]any{"content": "chat"})
	slash := srv.Slash(alice, th, guild, "play", map[string]any{"game": "flanders"}, "")
	if res := r.do("POST", "/interactions/"+slash.ID+"/"+slash.Token+"/callback", map[string]any{"type": 4, "data": map[string]any{"content": "hi"}}); res.Status != 204 {
		t.Fatalf("callback: %d %v", res.Status, res.Body)
	}
	msg := srv.Message(board.Body["id"].(string))
	click := srv.Click(alice, msg, "roll")

	if res := r.do("PATCH", "/channels/"+th, map[string]any{"archived": true}); res.Status != 200 {
		t.Fatalf("archive: %d", res.Status)
	}
	wantCode(t, "channel edit", r.do("PATCH", "/channels/"+th+"/messages/"+msg.ID, map[string]any{"content": "x"}), 400, 50083)
	wantCode(t, "@original edit", r.do("PATCH", "/webhooks/"+srv.AppID()+"/"+slash.Token+"/messages/@original", map[string]any{"content": "x"}), 400, 50083)
	wantCode(t, "type 7 update", r.do("POST", "/interactions/"+click.ID+"/"+click.Token+"/callback", map[string]any{"type": 7, "data": map[string]any{"content": "x"}}), 400, 50083)
	wantCode(t, "rename while archived", r.do("PATCH", "/channels/"+th, map[string]any{"name": "x"}), 400, 50083)
	wantCode(t, "add member", r.do("PUT", "/channels/"+th+"/thread-members/"+alice.ID, nil), 400, 50083)
	if !hasKind(srv, "thread-archived") {
		t.Fatalf("refusals not recorded: %v", failureKinds(srv))
	}
	if srv.Message(msg.ID).Content != "board" {
		t.Fatal("a refused edit changed the message")
	}
	// deleting is the one thing allowed in an archived thread
	if res := r.do("DELETE", "/channels/"+th+"/messages/"+other.Body["id"].(string), nil); res.Status != 204 {
		t.Fatalf("delete in archived thread: %d %v", res.Status, res.Body)
	}
	// a new message unarchives it, and edits work again
	if res := r.do("POST", "/channels/"+th+"/messages", map[string]any{"content": "back"}); res.Status != 200 || srv.Thread(th).Archived {
		t.Fatalf("post to archived thread: %d, archived %v", res.Status, srv.Thread(th).Archived)
	}
	if res := r.do("PATCH", "/channels/"+th+"/messages/"+msg.ID, map[string]any{"content": "y"}); res.Status != 200 {
		t.Fatalf("edit after unarchive: %d", res.Status)
	}
	// locked and archived: no new message, no unarchive by posting
	if res := r.do("PATCH", "/channels/"+th, map[string]any{"locked": true, "archived": true}); res.Status != 200 {
		t.Fatalf("lock: %d", res.Status)
	}
	wantCode(t, "post to locked archived thread", r.do("POST", "/channels/"+th+"/messages", map[string]any{"content": "x"}), 400, 50083)
	if !srv.Thread(th).Archived {
		t.Fatal("a locked thread was unarchived by a message")
	}
}

// A thread archives itself after auto_archive_duration minutes without
// activity; a message is activity; users cannot run commands in it then.
func TestThreadAutoArchive(t *testing.T) {
	t.Parallel()
	srv, r := newRaw(t)
	guild := srv.NewGuild()
	ch := srv.NewChannel(guild)
	registerPlay(t, srv, r, guild)
	th := newThread(t, r, ch, 12) // auto_archive_duration 60
	srv.AdvanceClock(59 * time.Minute)
	if srv.Thread(th).Archived {
		t.Fatal("archived before its time")
	}
	r.do("POST", "/channels/"+th+"/messages", map[string]any{"content": "move"})
	srv.AdvanceClock(59 * time.Minute)
	if srv.Thread(th).Archived {
		t.Fatal("a message did not count as activity")
	}
	srv.AdvanceClock(2 * time.Minute)
	got := srv.Thread(th)
	if !got.Archived || !got.ArchivedAt.Equal(got.ActiveAt.Add(time.Hour)) {
		t.Fatalf("not archived after 60 idle minutes: %+v", got)
	}
	if _, err := srv.TrySlash(srv.User("alice"), th, guild, "play", map[string]any{"game": "flanders"}, ""); err == nil {
		t.Fatal("a command ran in an archived thread")
	}
	res := r.do("GET", "/channels/"+th, nil)
	if md, _ := res.Body["thread_metadata"].(map[string]any); md == nil || md["archived"] != true {
		t.Fatalf("GET channel: %v", res.Body)
	}
}

// Channel types decide where messages and threads may go.
func TestChannelTypes(t *testing.T) {
	t.Parallel()
	srv, r := newRaw(t)
	guild := srv.NewGuild()
	text := srv.NewChannel(guild)
	forum := srv.NewChannelOfType(guild, discordgo.ChannelTypeGuildForum)
	media := srv.NewChannelOfType(guild, discordgo.ChannelTypeGuildMedia)
	news := srv.NewChannelOfType(guild, discordgo.ChannelTypeGuildNews)
	voice := srv.NewChannelOfType(guild, discordgo.ChannelTypeGuildVoice)
	dm := srv.NewChannelOfType("", discordgo.ChannelTypeDM)

	wantCode(t, "post in forum", r.do("POST", "/channels/"+forum+"/messages", map[string]any{"content": "x"}), 400, 40058)
	wantCode(t, "post in media", r.do("POST", "/channels/"+media+"/messages", map[string]any{"content": "x"}), 400, 40058)
	for _, c := range []string{voice, dm, news} {
		if res := r.do("POST", "/channels/"+c+"/messages", map[string]any{"content": "x"}); res.Status != 200 {
			t.Fatalf("post in channel %s: %d %v", c, res.Status, res.Body)
		}
	}
	// threads
	wantCode(t, "private thread in announcement", r.do("POST", "/channels/"+news+"/threads", map[string]any{"name": "t", "type": 12}), 400, 50024)
	wantCode(t, "announcement thread in text", r.do("POST", "/channels/"+text+"/threads", map[string]any{"name": "t", "type": 10}), 400, 50024)
	wantCode(t, "thread in voice", r.do("POST", "/channels/"+voice+"/threads", map[string]any{"name": "t", "type": 11}), 400, 50024)
	th := newThread(t, r, text, 12)
	wantCode(t, "thread in thread", r.do("POST", "/channels/"+th+"/threads", map[string]any{"name": "t", "type": 11}), 400, 50024)
	if res := r.do("POST", "/channels/"+news+"/threads", map[string]any{"name": "t", "type": 10}); res.Status != 201 || res.Body["type"] != 10.0 {
		t.Fatalf("announcement thread: %d %v", res.Status, res.Body)
	}
	wantCode(t, "forum post without message", r.do("POST", "/channels/"+forum+"/threads", map[string]any{"name": "t"}), 400, 50035)
	post := r.do("POST", "/channels/"+forum+"/threads", map[string]any{"name": "t", "message": map[string]any{"content": "first"}})
	if post.Status != 201 || post.Body["type"] != 11.0 {
		t.Fatalf("forum post: %d %v", post.Status, post.Body)
	}
	if m, _ := post.Body["message"].(map[string]any); m == nil || m["id"] != post.Body["id"] || m["content"] != "first" {
		t.Fatalf("forum post message: %v", post.Body["message"])
	}
	newsMsg := r.do("POST", "/channels/"+news+"/messages", map[string]any{"content": "y"})
	if res := r.do("POST", "/channels/"+news+"/messages/"+newsMsg.Body["id"].(string)+"/threads", map[string]any{"name": "t"}); res.Status != 201 || res.Body["type"] != 10.0 {
		t.Fatalf("thread from announcement message: %d %v", res.Status, res.Body)
	}

	// the interaction carries the channel partial; DMs carry user, no guild
	registerPlay(t, srv, r, guild)
	if res := r.do("PUT", "/applications/"+srv.AppID()+"/commands", testCommands); res.Status != 200 {
		t.Fatalf("global commands: %d", res.Status)
	}
	alice := srv.User("alice")
	p := payloadOf(t, srv.Slash(alice, th, guild, "play", map[string]any{"game": "flanders"}, ""))
	c, _ := p["channel"].(map[string]any)
	if c == nil || c["id"] != th || c["type"] != 12.0 || c["parent_id"] != text {
		t.Fatalf("channel partial in a thread: %v", p["channel"])
	}
	p = payloadOf(t, srv.Slash(alice, dm, "", "play", map[string]any{"game": "flanders"}, ""))
	c, _ = p["channel"].(map[string]any)
	if c == nil || c["type"] != 1.0 || (p["guild_id"] != nil && p["guild_id"] != "") || p["member"] != nil || p["user"] == nil {
		t.Fatalf("DM interaction: channel %v guild %v member %v user %v", p["channel"], p["guild_id"], p["member"], p["user"])
	}
	if _, err := srv.TrySlash(alice, forum, guild, "play", map[string]any{"game": "flanders"}, ""); err == nil {
		t.Fatal("a command ran in a forum channel")
	}
	// a test-made private thread: the bot is not a member and sees it
	// only with MANAGE_THREADS
	priv := srv.NewChannelOfType(guild, discordgo.ChannelTypeGuildPrivateThread)
	if res := r.do("GET", "/channels/"+priv, nil); res.Status != 200 || res.Body["member"] != nil {
		t.Fatalf("private thread with MANAGE_THREADS: %d %v", res.Status, res.Body)
	}
	srv.DenyBot(srv.Thread(priv).ParentID, discordgo.PermissionManageThreads)
	wantCode(t, "private thread without membership", r.do("GET", "/channels/"+priv, nil), 403, 50001)
}

// The bot's permissions per channel, inherited by threads, give Discord's
// 403s; interaction callbacks need none; app_permissions reports them.
func TestBotPermissions(t *testing.T) {
	t.Parallel()
	srv, r := newRaw(t)
	guild := srv.NewGuild()
	ch := srv.NewChannel(guild)
	registerPlay(t, srv, r, guild)
	th := newThread(t, r, ch, 12)

	srv.DenyBot(ch, discordgo.PermissionSendMessages)
	wantCode(t, "post without SEND_MESSAGES", r.do("POST", "/channels/"+ch+"/messages", map[string]any{"content": "x"}), 403, 50013)
	if res := r.do("POST", "/channels/"+th+"/messages", map[string]any{"content": "x"}); res.Status != 200 {
		t.Fatalf("SEND_MESSAGES does not govern threads: %d %v", res.Status, res.Body)
	}
	alice := srv.User("alice")
	ix := srv.Slash(alice, ch, guild, "play", map[string]any{"game": "flanders"}, "")
	var d discordgo.Interaction
	if err := json.Unmarshal(ix.Payload(), &d); err != nil || d.AppPermissions != srv.BotPermissions(ch) || d.AppPermissions&discordgo.PermissionSendMessages != 0 {
		t.Fatalf("app_permissions %d, want %d (%v)", d.AppPermissions, srv.BotPermissions(ch), err)
	}
	if res := r.do("POST", "/interactions/"+ix.ID+"/"+ix.Token+"/callback", map[string]any{"type": 4, "data": map[string]any{"content": "ok"}}); res.Status != 204 {
		t.Fatalf("a callback needs no channel permission: %d %v", res.Status, res.Body)
	}
	srv.GrantBot(ch, discordgo.PermissionSendMessages)

	srv.DenyBot(ch, discordgo.PermissionSendMessagesInThreads)
	wantCode(t, "post in thread without SEND_MESSAGES_IN_THREADS", r.do("POST", "/channels/"+th+"/messages", map[string]any{"content": "x"}), 403, 50013)
	srv.GrantBot(ch, discordgo.PermissionSendMessagesInThreads)

	srv.DenyBot(ch, discordgo.PermissionAttachFiles)
	mp := multipartOf(t, map[string]any{"content": "img"}, map[string][]byte{"a.png": boardPNG(t, 4, 4)}, "a.png")
	wantCode(t, "upload without ATTACH_FILES", r.do("POST", "/channels/"+ch+"/messages", mp), 403, 50013)
	srv.DenyBot(ch, discordgo.PermissionEmbedLinks)
	res := r.do("POST", "/channels/"+ch+"/messages", map[string]any{"content": "e", "embeds": []any{map[string]any{"title": "Board"}}})
	if res.Status != 200 || len(srv.Message(res.Body["id"].(string)).Embeds) != 0 || !hasKind(srv, "embeds-hidden") {
		t.Fatalf("embed without EMBED_LINKS: %d, kinds %v", res.Status, failureKinds(srv))
	}

	srv.DenyBot(ch, discordgo.PermissionCreatePrivateThreads)
	wantCode(t, "private thread without CREATE_PRIVATE_THREADS", r.do("POST", "/channels/"+ch+"/threads", map[string]any{"name": "t", "type": 12}), 403, 50013)
	srv.DenyBot(ch, discordgo.PermissionManageThreads)
	wantCode(t, "lock without MANAGE_THREADS", r.do("PATCH", "/channels/"+th, map[string]any{"locked": true}), 403, 50013)
	if res := r.do("PATCH", "/channels/"+th, map[string]any{"archived": true}); res.Status != 200 {
		t.Fatalf("the creator archives its thread without MANAGE_THREADS: %d %v", res.Status, res.Body)
	}
	wantCode(t, "delete thread without MANAGE_THREADS", r.do("DELETE", "/channels/"+th, nil), 403, 50013)

	srv.DenyBot(ch, discordgo.PermissionViewChannel)
	wantCode(t, "post without VIEW_CHANNEL", r.do("POST", "/channels/"+ch+"/messages", map[string]any{"content": "x"}), 403, 50001)
	wantCode(t, "thread without VIEW_CHANNEL", r.do("GET", "/channels/"+th, nil), 403, 50001)
	if !hasKind(srv, "missing-permissions") || !hasKind(srv, "missing-access") {
		t.Fatalf("refusals not recorded: %v", failureKinds(srv))
	}
}

// guild_locale is the guild's, locale the user's.
func TestGuildLocale(t *testing.T) {
	t.Parallel()
	srv, r := newRaw(t)
	pl := srv.NewGuildWithLocale("pl")
	plain := srv.NewGuild()
	registerPlay(t, srv, r, pl)
	registerPlay(t, srv, r, plain)
	alice := srv.User("alice")
	p := payloadOf(t, srv.Slash(alice, srv.NewChannel(pl), pl, "play", map[string]any{"game": "flanders"}, "ru"))
	if p["guild_locale"] != "pl" || p["locale"] != "ru" {
		t.Fatalf("pl guild: guild_locale %v locale %v", p["guild_locale"], p["locale"])
	}
	p = payloadOf(t, srv.Slash(alice, srv.NewChannel(plain), plain, "play", map[string]any{"game": "flanders"}, ""))
	if p["guild_locale"] != "en-US" || p["locale"] != "en-US" {
		t.Fatalf("plain guild: guild_locale %v locale %v", p["guild_locale"], p["locale"])
	}
}

// plainDo makes one request without waiting out 429s.
func plainDo(t *testing.T, srv *discordtest.Server, method, path, body string) (*http.Response, map[string]any) {
	t.Helper()
	req, _ := http.NewRequest(method, "https://discord.com/api/v10"+path, strings.NewReader(body))
	req.Header.Set("Authorization", "Bot "+srv.Token())
	req.Header.Set("User-Agent", testAgent)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := srv.HTTPClient().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	var m map[string]any
	_ = json.Unmarshal(data, &m)
	return resp, m
}

// Per-route buckets and the global limit answer 429 with Discord's
// headers and body; every response carries the X-RateLimit-* headers;
// interaction callbacks ignore the global limit.
func TestRateLimits(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t, discordtest.WithRateLimits(discordtest.RateLimits{
		Global: discordtest.RateLimit{Requests: 4, Per: time.Minute},
		Routes: map[string]discordtest.RateLimit{"POST /channels/{ch}/messages": {Requests: 2, Per: time.Minute}},
	}))
	guild := srv.NewGuild()
	ch, ch2 := srv.NewChannel(guild), srv.NewChannel(guild)
	resp, _ := plainDo(t, srv, "POST", "/channels/"+ch+"/messages", `{"content":"1"}`)
	h := resp.Header
	if resp.StatusCode != 200 || h.Get("X-RateLimit-Limit") != "2" || h.Get("X-RateLimit-Remaining") != "1" ||
		h.Get("X-RateLimit-Bucket") == "" || h.Get("X-RateLimit-Reset") == "" || h.Get("X-RateLimit-Reset-After") == "" {
		t.Fatalf("first post: %d %v", resp.StatusCode, h)
	}
	plainDo(t, srv, "POST", "/channels/"+ch+"/messages", `{"content":"2"}`)
	resp, body := plainDo(t, srv, "POST", "/channels/"+ch+"/messages", `{"content":"3"}`)
	if resp.StatusCode != 429 || resp.Header.Get("Retry-After") == "" || resp.Header.Get("X-RateLimit-Scope") != "user" ||
		body["global"] != false || body["retry_after"] == nil || body["message"] == nil {
		t.Fatalf("third post: %d %v %v", resp.StatusCode, resp.Header, body)
	}
	// another channel is another bucket
	if resp, _ := plainDo(t, srv, "POST", "/channels/"+ch2+"/messages", `{"content":"1"}`); resp.StatusCode != 200 {
		t.Fatalf("other channel: %d", resp.StatusCode)
	}
	// that was the fourth request: the global limit is reached
	resp, body = plainDo(t, srv, "GET", "/users/@me", "")
	if resp.StatusCode != 429 || resp.Header.Get("X-RateLimit-Global") != "true" || resp.Header.Get("X-RateLimit-Scope") != "global" || body["global"] != true {
		t.Fatalf("global: %d %v %v", resp.StatusCode, resp.Header, body)
	}
	// interaction endpoints are exempt from the global limit
	ix := srv.ForgeSlash(srv.User("alice"), ch, guild, "play", nil, "")
	if resp, body := plainDo(t, srv, "POST", "/interactions/"+ix.ID+"/"+ix.Token+"/callback", `{"type":4,"data":{"content":"hi"}}`); resp.StatusCode != 204 {
		t.Fatalf("callback under the global limit: %d %v", resp.StatusCode, body)
	}
	st := srv.RateLimitStats()
	if st.Served != 2 || st.Global != 1 || st.ByBucket[h.Get("X-RateLimit-Bucket")] != 1 {
		t.Fatalf("stats: %+v", st)
	}
	for _, f := range srv.Failures() {
		if f.Status == 429 {
			t.Fatalf("a 429 counted as a failure: %v", f)
		}
	}
}

// discordgo reads the headers and waits: a burst over a small bucket
// arrives complete, in order, with no failure.
func TestDiscordgoHonoursBuckets(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t, discordtest.WithRateLimits(discordtest.RateLimits{
		Routes: map[string]discordtest.RateLimit{"POST /channels/{ch}/messages": {Requests: 3, Per: 300 * time.Millisecond}},
	}))
	guild := srv.NewGuild()
	ch := srv.NewChannel(guild)
	dg, _ := discordgo.New("Bot " + srv.Token())
	dg.Client = srv.HTTPClient()
	start := time.Now()
	for i := 0; i < 7; i++ {
		if _, err := dg.ChannelMessageSend(ch, strings.Repeat("x", i+1)); err != nil {
			t.Fatal(err)
		}
	}
	if got := len(srv.Messages(ch)); got != 7 || time.Since(start) < 500*time.Millisecond {
		t.Fatalf("%d messages in %v", got, time.Since(start))
	}
	if p := srv.Problems(); len(p) > 0 {
		t.Fatal(p)
	}
}

// A global command whose contexts name only servers cannot be used in a DM,
// one without contexts can (developers/interactions/application-commands.mdx,
// "Contexts").
func TestCommandContexts(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	guild := srv.NewGuild()
	ch := srv.NewChannel(guild)
	alice := srv.User("alice")
	dg := startBot(t, srv, guild)
	dm := srv.NewChannelOfType("", discordgo.ChannelTypeDM)
	guildOnly := &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild}
	cmds := []*discordgo.ApplicationCommand{
		{Name: "table", Description: "servers only", Contexts: guildOnly},
		{Name: "ping", Description: "anywhere"},
	}
	if _, err := dg.ApplicationCommandBulkOverwrite(srv.AppID(), "", cmds); err != nil {
		t.Fatal(err)
	}
	if _, err := srv.TrySlash(alice, dm, "", "table", nil, ""); err == nil || !strings.Contains(err.Error(), "context") {
		t.Fatalf("a servers-only command in a DM: %v", err)
	}
	if _, err := srv.TrySlash(alice, ch, guild, "table", nil, ""); err != nil {
		t.Fatalf("a servers-only command in a server: %v", err)
	}
	if _, err := srv.TrySlash(alice, dm, "", "ping", nil, ""); err != nil {
		t.Fatalf("a command without contexts in a DM: %v", err)
	}
}

// Bodies and query strings are checked against the operation in Discord's
// OpenAPI document: a required JSON body that is empty or not JSON, a
// Content-Type the operation does not take, a body where it takes none,
// an undeclared query parameter and a boolean that is not true or false.
func TestBodyAndQueryShape(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	guild := srv.NewGuild()
	ch := srv.NewChannel(guild)
	try := func(method, path, ct, body string) (int, float64) {
		t.Helper()
		req, _ := http.NewRequest(method, "https://discord.com/api/v10"+path, strings.NewReader(body))
		req.Header.Set("Authorization", "Bot "+srv.Token())
		req.Header.Set("User-Agent", testAgent)
		if ct != "" {
			req.Header.Set("Content-Type", ct)
		}
		resp, err := srv.HTTPClient().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var m map[string]any
		_ = json.NewDecoder(resp.Body).Decode(&m)
		code, _ := m["code"].(float64)
		return resp.StatusCode, code
	}
	msgs := "/channels/" + ch + "/messages"
	for _, tc := range []struct {
		method, path, ct, body string
		status                 int
		code                   float64
	}{
		{"POST", msgs, "application/json", "", 400, 50109},
		{"POST", msgs, "application/json", `{"content":`, 400, 50109},
		{"POST", msgs, "text/plain", `{"content":"x"}`, 400, 50035},
		{"GET", msgs, "application/json", `{"content":"x"}`, 400, 50035},
		{"GET", msgs + "?limit=101", "", "", 400, 50035},
		{"GET", msgs + "?color=red", "", "", 400, 50035},
		{"GET", msgs + "?limit=5", "", "", 200, 0},
		{"POST", msgs, "application/json", `{"content":"x"}`, 200, 0},
	} {
		if status, code := try(tc.method, tc.path, tc.ct, tc.body); status != tc.status || code != tc.code {
			t.Errorf("%s %s %q %q: %v %v, want %v %v", tc.method, tc.path, tc.ct, tc.body, status, code, tc.status, tc.code)
		}
	}
	ix := srv.ForgeSlash(srv.User("alice"), ch, guild, "play", nil, "")
	if status, _ := try("POST", "/interactions/"+ix.ID+"/"+ix.Token+"/callback?with_response=yes", "application/json", `{"type":5}`); status != 400 {
		t.Fatalf("with_response=yes: %d", status)
	}
	if status, _ := try("POST", "/interactions/"+ix.ID+"/"+ix.Token+"/callback?with_response=true", "application/json", `{"type":5}`); status != 200 {
		t.Fatalf("with_response=true: %d", status)
	}
	if status, _ := try("POST", "/webhooks/"+srv.AppID()+"/"+ix.Token+"?wait=1", "application/json", `{"content":"f"}`); status != 400 {
		t.Fatalf("wait=1: %d", status)
	}
}
