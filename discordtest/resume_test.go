package discordtest_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/warroom/warroom/discordtest"
)

type wsFrame struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
	S  int64           `json:"s"`
	T  string          `json:"t"`
}

// dialGateway opens a socket and reads HELLO.
func dialGateway(t *testing.T, url string) *websocket.Conn {
	t.Helper()
	ws, _, err := websocket.DefaultDialer.Dial(url+"/?v=10&encoding=json", nil)
	if err != nil {
		t.Fatalf("dial %s: %v", url, err)
	}
	if f := readFrame(t, ws); f.Op != 10 {
		t.Fatalf("want HELLO, got %+v", f)
	}
	return ws
}

func readFrame(t *testing.T, ws *websocket.Conn) wsFrame {
	t.Helper()
	_ = ws.SetReadDeadline(time.Now().Add(5 * time.Second))
	var f wsFrame
	if err := ws.ReadJSON(&f); err != nil {
		t.Fatalf("read: %v", err)
	}
	return f
}

func send(t *testing.T, ws *websocket.Conn, op int, d any) {
	t.Helper()
	if err := ws.WriteJSON(map[string]any{"op": op, "d": d}); err != nil {
		t.Fatal(err)
	}
}

// READY's resume_gateway_url is another address than GET /gateway's; a
// RESUME there counts as right, one on the first URL is served but
// counted in GatewayStats().ResumesOnWrongURL (developers/events/gateway.mdx
// "Resuming").
func TestResumeGatewayURL(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	req, _ := http.NewRequest("GET", "https://discord.com/api/v10/gateway", nil)
	req.Header.Set("User-Agent", testAgent)
	resp, err := srv.HTTPClient().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var g struct{ URL string }
	_ = json.NewDecoder(resp.Body).Decode(&g)
	resp.Body.Close()

	ws := dialGateway(t, g.URL)
	send(t, ws, 2, map[string]any{"token": "Bot " + srv.Token(), "intents": 1, "properties": map[string]any{}})
	ready := readFrame(t, ws)
	var r struct {
		SessionID string `json:"session_id"`
		ResumeURL string `json:"resume_gateway_url"`
	}
	if err := json.Unmarshal(ready.D, &r); err != nil || ready.T != "READY" {
		t.Fatalf("READY: %+v %v", ready, err)
	}
	if r.ResumeURL == g.URL || r.ResumeURL != srv.ResumeGatewayURL() || !strings.HasPrefix(r.ResumeURL, "ws://127.0.0.1:") {
		t.Fatalf("resume_gateway_url %q, gateway %q", r.ResumeURL, g.URL)
	}
	// the resume listener serves only the gateway
	if res, err := http.Get("http" + strings.TrimPrefix(strings.TrimSuffix(r.ResumeURL, "/gateway-ws"), "ws") + "/api/v10/gateway"); err != nil || res.StatusCode != 404 {
		t.Fatalf("REST on the resume listener: %v %v", res, err)
	}

	resume := func(url string) {
		t.Helper()
		_ = ws.NetConn().Close() // a network failure: the session stays resumable
		ws = dialGateway(t, url)
		send(t, ws, 6, map[string]any{"token": "Bot " + srv.Token(), "session_id": r.SessionID, "seq": ready.S})
		if f := readFrame(t, ws); f.T != "RESUMED" {
			t.Fatalf("want RESUMED, got %+v", f)
		}
	}
	resume(r.ResumeURL)
	if st := srv.GatewayStats(); st.Resumes != 1 || st.ResumesOnWrongURL != 0 {
		t.Fatalf("after a resume on resume_gateway_url: %+v", st)
	}
	resume(g.URL)
	if st := srv.GatewayStats(); st.Resumes != 2 || st.ResumesOnWrongURL != 1 {
		t.Fatalf("after a resume on the GET /gateway URL: %+v", st)
	}
	_ = ws.Close()
}

// TestDiscordgoResumesOnResumeURL checks that the bot's discordgo resumes
// on resume_gateway_url. discordgo v0.29.0 ignores that field and resumes
// on the URL of GET /gateway; the test skips then, and passes with a
// discordgo that honours it (HEAD does).
func TestDiscordgoResumesOnResumeURL(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	guild := srv.NewGuild()
	startBot(t, srv, guild)
	srv.DropGateway()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.WaitReconnected(ctx); err != nil {
		t.Fatal(err)
	}
	st := srv.GatewayStats()
	if st.Resumes != 1 {
		t.Fatalf("no RESUME: %+v", st)
	}
	if st.ResumesOnWrongURL > 0 {
		t.Fatalf("discordgo resumed on the GET /gateway URL, not on resume_gateway_url (v0.29.0 did; third_party/discordgo must not): %+v", st)
	}
}
