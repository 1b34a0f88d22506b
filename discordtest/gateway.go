package discordtest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// gatewayPath is where the WebSocket gateway lives. GET /gateway answers
// ws://host/gateway-ws; discordgo appends "/?v=10&encoding=json".
const gatewayPath = "/gateway-ws"

// gateway state; every field is guarded by Server.mu.
type gateway struct {
	sessions   map[string]*gwSession
	order      []*gwSession
	conns      map[*gwConn]bool
	identifies int
	resumes    int
	handshakes int
	dropped    []*gwSession
	dropMark   int  // handshakes at the last drop
	down       bool // GatewayDown: new connections are refused
	heartbeats int
	replayed   int
	intents    int64
	closeCodes []int

	// resumeHTTP serves the gateway at resume_gateway_url, a different
	// address from GET /gateway's (developers/events/gateway.mdx
	// "Resuming"); it is set once by New.
	resumeHTTP     *httptest.Server
	wrongResumes   int // RESUMEs on the GET /gateway URL
	resumeIdentify int // IDENTIFYs on resume_gateway_url

	// recommended and maxConcurrency are what Get Gateway Bot answers
	// (SetGatewayShards; 0: 1 and 1, unchecked); identified are the
	// IDENTIFY times, checked against max_concurrency per 5 s.
	recommended, maxConcurrency int
	identified                  []time.Time
}

// SetGatewayShards makes Get Gateway Bot recommend n shards with
// max_concurrency conc, and holds IDENTIFYs to it: more than conc within
// 5 seconds is a failure ("Apps also have a limit for concurrent Identify
// requests allowed per 5 seconds", developers/events/gateway.mdx).
func (s *Server) SetGatewayShards(n, conc int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.gw.recommended, s.gw.maxConcurrency = n, conc
}

// GatewayShards lists the [shard_id, num_shards] of the live sessions.
func (s *Server) GatewayShards() [][2]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out [][2]int
	for _, sess := range s.gw.order {
		if !sess.invalid && sess.conn != nil && !sess.conn.closed {
			out = append(out, sess.shard)
		}
	}
	return out
}

// checkIdentifyRate records a failure when an IDENTIFY exceeds
// max_concurrency in the last 5 seconds. Call with s.mu held.
func (s *Server) checkIdentifyRate() {
	if s.gw.maxConcurrency == 0 {
		return
	}
	now := s.cfg.now()
	recent := 0
	for _, t := range s.gw.identified {
		if now.Sub(t) < 5*time.Second {
			recent++
		}
	}
	s.gw.identified = append(s.gw.identified, now)
	if recent >= s.gw.maxConcurrency {
		s.failures = append(s.failures, Failure{Kind: "identify-rate", Status: 0,
			Message: fmt.Sprintf("IDENTIFY %d within 5 s with max_concurrency %d: Discord answers Invalid Session (op 9)", recent+1, s.gw.maxConcurrency)})
	}
}

func (g *gateway) init() {
	g.sessions = map[string]*gwSession{}
	g.conns = map[*gwConn]bool{}
}

type gwSession struct {
	id        string
	shard     [2]int
	seq       int64
	frames    []gwFrame // every dispatch, for RESUME replay
	conn      *gwConn
	invalid   bool
	intents   int64
	readyAt   time.Time
	handshake int // value of gateway.handshakes at its last READY/RESUMED
}

type gwFrame struct {
	seq int64
	raw []byte
}

type gwConn struct {
	ws     *websocket.Conn
	out    chan []byte
	done   chan struct{}
	once   sync.Once
	sess   *gwSession
	closed bool
	// onResumeURL is true for sockets opened on resume_gateway_url.
	onResumeURL bool
}

func (c *gwConn) stop() { c.once.Do(func() { close(c.done) }) }

type gwPayload struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
	S  *int64          `json:"s,omitempty"`
	T  string          `json:"t,omitempty"`
}

// GatewayStats counts gateway events since the start.
type GatewayStats struct {
	Identifies  int   // IDENTIFY handshakes answered with READY
	Resumes     int   // RESUME handshakes answered with RESUMED
	Heartbeats  int   // op 1 received
	Replayed    int   // dispatches re-sent on RESUME
	Connections int   // sockets open now
	Intents     int64 // of the last IDENTIFY
	CloseCodes  []int // close codes the bot sent
	// ResumesOnWrongURL counts RESUMEs sent on the URL of GET /gateway
	// instead of READY's resume_gateway_url. Discord accepts them, but
	// "If your app doesn't use the resume_gateway_url when reconnecting,
	// it will experience disconnects at a higher rate than normal"
	// (developers/events/gateway.mdx "Resuming"), so the stand-in serves
	// them and counts them.
	ResumesOnWrongURL int
	// IdentifiesOnResumeURL counts IDENTIFYs on resume_gateway_url; after
	// op 9 a bot should reconnect to the cached GET /gateway URL
	// (gateway.mdx "Resuming").
	IdentifiesOnResumeURL int
}

// GatewayStats reports gateway counters.
func (s *Server) GatewayStats() GatewayStats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return GatewayStats{Identifies: s.gw.identifies, Resumes: s.gw.resumes, Heartbeats: s.gw.heartbeats, Replayed: s.gw.replayed,
		Connections: len(s.gw.conns), Intents: s.gw.intents, CloseCodes: append([]int(nil), s.gw.closeCodes...),
		ResumesOnWrongURL: s.gw.wrongResumes, IdentifiesOnResumeURL: s.gw.resumeIdentify}
}

func (s *Server) wsURL() string {
	return "ws" + strings.TrimPrefix(s.URL(), "http") + gatewayPath
}

// ResumeGatewayURL is READY's resume_gateway_url: the gateway on a second
// 127.0.0.1 port.
func (s *Server) ResumeGatewayURL() string {
	return "ws" + strings.TrimPrefix(s.gw.resumeHTTP.URL, "http") + gatewayPath
}

// startResumeListener serves the gateway, and nothing else, on a second
// port for resume_gateway_url.
func (s *Server) startResumeListener() {
	s.gw.resumeHTTP = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == gatewayPath || strings.HasPrefix(r.URL.Path, gatewayPath+"/") {
			s.serveGatewayOn(w, r, true)
			return
		}
		http.NotFound(w, r)
	}))
}

func (s *Server) getGateway(c *call) { c.reply(200, map[string]any{"url": s.wsURL()}) }

func (s *Server) getGatewayBot(c *call) {
	s.mu.Lock()
	n, conc := max(s.gw.recommended, 1), max(s.gw.maxConcurrency, 1)
	s.mu.Unlock()
	c.reply(200, map[string]any{
		"url": s.wsURL(), "shards": n,
		"session_start_limit": map[string]any{"total": 1000, "remaining": 999, "reset_after": 86400000, "max_concurrency": conc},
	})
}

var upgrader = websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}

func (s *Server) serveGateway(w http.ResponseWriter, r *http.Request) { s.serveGatewayOn(w, r, false) }

func (s *Server) serveGatewayOn(w http.ResponseWriter, r *http.Request, resumeURL bool) {
	s.mu.Lock()
	closed := s.closed || s.gw.down
	s.mu.Unlock()
	if closed {
		http.Error(w, "closed", http.StatusServiceUnavailable)
		return
	}
	ws, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	c := &gwConn{ws: ws, out: make(chan []byte, 4096), done: make(chan struct{}), onResumeURL: resumeURL}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		ws.Close()
		return
	}
	s.gw.conns[c] = true
	s.mu.Unlock()
	s.logf("gateway: connect %s (resume URL %v)", r.URL.RequestURI(), resumeURL)

	writerDone := make(chan struct{})
	go s.gwWriter(c, writerDone)
	defer func() {
		c.stop()
		<-writerDone
		ws.Close()
		s.mu.Lock()
		delete(s.gw.conns, c)
		if c.sess != nil && c.sess.conn == c {
			c.sess.conn = nil
		}
		s.notify()
		s.mu.Unlock()
	}()

	q := r.URL.Query()
	if q.Get("v") != "10" || q.Get("encoding") != "json" {
		s.gwClose(c, 4012, "Invalid API version or encoding")
		return
	}
	s.mu.Lock()
	s.gwSend(c, gwPayload{Op: 10, D: mustJSON(map[string]any{"heartbeat_interval": s.cfg.heartbeat.Milliseconds()})})
	s.mu.Unlock()

	for {
		mt, data, err := ws.ReadMessage()
		if err != nil {
			var ce *websocket.CloseError
			if errors.As(err, &ce) {
				s.mu.Lock()
				s.gw.closeCodes = append(s.gw.closeCodes, ce.Code)
				// Discord invalidates the session when the client closes
				// with 1000 or 1001; other codes keep it resumable.
				if c.sess != nil && (ce.Code == websocket.CloseNormalClosure || ce.Code == websocket.CloseGoingAway) {
					c.sess.invalid = true
				}
				s.mu.Unlock()
				s.logf("gateway: client closed with %d", ce.Code)
			}
			return
		}
		if mt != websocket.TextMessage {
			s.logf("gateway: non-text frame %d", mt)
			s.gwClose(c, 4002, "Decode error")
			return
		}
		var p gwPayload
		if err := json.Unmarshal(data, &p); err != nil {
			s.logf("gateway: undecodable payload %q: %v", data, err)
			s.gwClose(c, 4002, "Decode error")
			return
		}
		if !s.gwHandle(c, p) {
			return
		}
	}
}

// gwHandle handles one client payload; false ends the connection.
func (s *Server) gwHandle(c *gwConn, p gwPayload) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch p.Op {
	case 1: // heartbeat
		s.gw.heartbeats++
		s.gwSend(c, gwPayload{Op: 11})
		return true
	case 2: // identify
		return s.gwIdentify(c, p)
	case 6: // resume
		return s.gwResume(c, p)
	case 3, 4, 8: // presence, voice state, request members: accepted, ignored
		if c.sess == nil {
			s.gwCloseLocked(c, 4003, "Not authenticated")
			return false
		}
		return true
	default:
		s.gwCloseLocked(c, 4001, "Unknown opcode")
		return false
	}
}

// gwIdentify handles IDENTIFY (op 2): it checks the token and shard,
// opens a session and sends READY; false ends the connection.
// Call with s.mu held.
func (s *Server) gwIdentify(c *gwConn, p gwPayload) bool {
	if c.sess != nil {
		s.gwCloseLocked(c, 4005, "Already authenticated")
		return false
	}
	// discordgo.Identify cannot decode what discordgo itself sends
	// (presence.game.created_at), so decode the fields that matter.
	var id struct {
		Token   string  `json:"token"`
		Intents int64   `json:"intents"`
		Shard   *[2]int `json:"shard"`
	}
	if err := json.Unmarshal(p.D, &id); err != nil {
		s.logf("gateway: undecodable IDENTIFY %s: %v", p.D, err)
		s.gwCloseLocked(c, 4002, "Decode error")
		return false
	}
	if strings.TrimPrefix(id.Token, "Bot ") != s.token {
		s.gwCloseLocked(c, 4004, "Authentication failed")
		return false
	}
	shard := [2]int{0, 1}
	if id.Shard != nil {
		shard = *id.Shard
		if shard[1] < 1 || shard[0] < 0 || shard[0] >= shard[1] {
			s.gwCloseLocked(c, 4010, "Invalid shard")
			return false
		}
	}
	s.checkIdentifyRate()
	sess := &gwSession{id: "s" + s.newID(), shard: shard, intents: id.Intents,
		conn: c, readyAt: s.cfg.now()}
	s.gw.sessions[sess.id] = sess
	s.gw.order = append(s.gw.order, sess)
	c.sess = sess
	s.gw.identifies++
	if c.onResumeURL {
		s.gw.resumeIdentify++
	}
	s.gw.intents = id.Intents
	s.gw.handshakes++
	sess.handshake = s.gw.handshakes
	bot := s.bot.discord()
	bot.Bot = true
	bot.Verified = true
	s.gwDispatch(sess, "READY", map[string]any{
		"v": 10, "user": bot, "guilds": []any{}, "session_id": sess.id,
		"resume_gateway_url": s.ResumeGatewayURL(), "shard": shard,
		"application":      map[string]any{"id": s.appID, "flags": 0},
		"private_channels": []any{}, "relationships": []any{}, "presences": []any{},
		"session_type": "normal", "user_settings": map[string]any{},
	})
	s.logf("gateway: IDENTIFY -> READY session %s shard %v", sess.id, shard)
	s.notify()
	return true
}

// gwResume handles RESUME (op 6): it moves a known session to this
// connection and replays the events it missed, or answers op 9 when it
// cannot; false ends the connection. Call with s.mu held.
func (s *Server) gwResume(c *gwConn, p gwPayload) bool {
	if c.sess != nil {
		s.gwCloseLocked(c, 4005, "Already authenticated")
		return false
	}
	var r struct {
		Token     string `json:"token"`
		SessionID string `json:"session_id"`
		Seq       int64  `json:"seq"`
	}
	if err := json.Unmarshal(p.D, &r); err != nil {
		s.gwCloseLocked(c, 4002, "Decode error")
		return false
	}
	if strings.TrimPrefix(r.Token, "Bot ") != s.token {
		s.gwCloseLocked(c, 4004, "Authentication failed")
		return false
	}
	sess := s.gw.sessions[r.SessionID]
	if sess == nil || sess.invalid || r.Seq > sess.seq {
		// op 9, not resumable: discordgo identifies again.
		s.gwSend(c, gwPayload{Op: 9, D: json.RawMessage("false")})
		s.logf("gateway: RESUME %s refused (op 9)", r.SessionID)
		return true
	}
	if old := sess.conn; old != nil && old != c {
		s.gwCloseLocked(old, 4009, "Session timed out")
	}
	sess.conn = c
	c.sess = sess
	replayed := 0
	for _, f := range sess.frames {
		if f.seq > r.Seq {
			s.enqueue(c, f.raw)
			replayed++
		}
	}
	s.gw.replayed += replayed
	s.gwDispatch(sess, "RESUMED", map[string]any{})
	s.gw.resumes++
	if !c.onResumeURL {
		s.gw.wrongResumes++
	}
	s.gw.handshakes++
	sess.handshake = s.gw.handshakes
	s.logf("gateway: RESUME %s from seq %d, replayed %d", sess.id, r.Seq, replayed)
	s.notify()
	return true
}

// gwDispatch sends an op 0 event on the session (buffered for replay).
// Call with s.mu held.
func (s *Server) gwDispatch(sess *gwSession, t string, d any) {
	sess.seq++
	seq := sess.seq
	var raw []byte
	if js, ok := d.(json.RawMessage); ok {
		// JSON already (an interaction): framed as is, not re-encoded
		// twice over, which was a tenth of the stand-in's CPU under load.
		raw = fmt.Appendf(nil, `{"op":0,"d":%s,"s":%d,"t":%s}`, js, seq, mustJSON(t))
	} else {
		raw = mustJSON(gwPayload{Op: 0, T: t, S: &seq, D: mustJSON(d)})
	}
	sess.frames = append(sess.frames, gwFrame{seq: seq, raw: raw})
	if sess.conn != nil {
		s.enqueue(sess.conn, raw)
	}
}

func (s *Server) gwSend(c *gwConn, p gwPayload) { s.enqueue(c, mustJSON(p)) }

// enqueue hands a frame to the connection's writer; call with s.mu held.
func (s *Server) enqueue(c *gwConn, raw []byte) {
	if c.closed {
		return
	}
	select {
	case c.out <- raw:
	default: // the bot stopped reading: drop it, as Discord would
		c.closed = true
		_ = c.ws.NetConn().Close()
	}
}

func (s *Server) gwWriter(c *gwConn, done chan struct{}) {
	defer close(done)
	for {
		select {
		case raw := <-c.out:
			_ = c.ws.SetWriteDeadline(time.Now().Add(5 * time.Second))
			if err := c.ws.WriteMessage(websocket.TextMessage, raw); err != nil {
				_ = c.ws.NetConn().Close()
				return
			}
		case <-c.done:
			return
		}
	}
}

func (s *Server) gwClose(c *gwConn, code int, text string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.gwCloseLocked(c, code, text)
}

// gwCloseLocked sends a close frame after the queued frames; call with s.mu held.
func (s *Server) gwCloseLocked(c *gwConn, code int, text string) {
	s.logf("gateway: closing with %d %s", code, text)
	c.closed = true
	go func() {
		// let the writer drain, then close with the code
		deadline := time.Now().Add(time.Second)
		for len(c.out) > 0 && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		_ = c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, text), time.Now().Add(time.Second))
		_ = c.ws.NetConn().Close()
	}()
}

func (g *gateway) closeAllLocked() []*gwConn {
	var cs []*gwConn
	for c := range g.conns {
		c.closed = true
		cs = append(cs, c)
	}
	return cs
}

func (s *Server) closeGateway() {
	s.mu.Lock()
	cs := s.gw.closeAllLocked()
	s.mu.Unlock()
	for _, c := range cs {
		_ = c.ws.NetConn().Close()
	}
}

// WaitReady waits until the bot has identified and holds an open gateway
// connection that got READY (or RESUMED).
func (s *Server) WaitReady(ctx context.Context) error {
	return s.waitFor(ctx, "the bot's READY", func() bool {
		for _, sess := range s.gw.order {
			if sess.conn != nil && !sess.invalid {
				return true
			}
		}
		return false
	})
}

// DropGateway closes every gateway connection abruptly (no close frame), as
// a network failure would. The sessions stay resumable: a bot should
// reconnect and RESUME, and get the dispatches it missed.
func (s *Server) DropGateway() {
	s.mu.Lock()
	s.gw.dropped = nil
	s.gw.dropMark = s.gw.handshakes
	var cs []*gwConn
	for c := range s.gw.conns {
		c.closed = true
		cs = append(cs, c)
		if c.sess != nil {
			s.gw.dropped = append(s.gw.dropped, c.sess)
		}
	}
	s.mu.Unlock()
	s.logf("gateway: dropping %d connection(s)", len(cs))
	for _, c := range cs {
		_ = c.ws.NetConn().Close()
	}
}

// GatewayDown drops every connection, as DropGateway does, and refuses
// new ones until GatewayUp: what is dispatched meanwhile waits for the
// bot's resume, however fast it reconnects.
func (s *Server) GatewayDown() {
	s.mu.Lock()
	s.gw.down = true
	s.mu.Unlock()
	s.DropGateway()
}

// GatewayUp accepts gateway connections again.
func (s *Server) GatewayUp() {
	s.mu.Lock()
	s.gw.down = false
	s.mu.Unlock()
}

// InvalidateSessions drops every connection and forgets the sessions, as
// Discord does after a long outage: a RESUME gets op 9 INVALID_SESSION and
// the bot must IDENTIFY again. Dispatches not yet delivered are lost.
func (s *Server) InvalidateSessions() {
	s.mu.Lock()
	for _, sess := range s.gw.order {
		sess.invalid = true
	}
	s.mu.Unlock()
	s.DropGateway()
}

// RequestReconnect sends op 7 RECONNECT on every connection; the bot should
// close, reconnect and RESUME.
func (s *Server) RequestReconnect() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.gw.dropped = nil
	s.gw.dropMark = s.gw.handshakes
	for c := range s.gw.conns {
		if c.sess != nil {
			s.gw.dropped = append(s.gw.dropped, c.sess)
		}
		s.gwSend(c, gwPayload{Op: 7, D: json.RawMessage("null")})
	}
}

// WaitReconnected waits until every session cut by the last DropGateway or
// RequestReconnect has a live connection again, by RESUME or by a fresh
// IDENTIFY for the same shard.
func (s *Server) WaitReconnected(ctx context.Context) error {
	return s.waitFor(ctx, "the bot to reconnect", func() bool {
		live := func(sess *gwSession) bool {
			return sess.conn != nil && !sess.conn.closed && !sess.invalid && sess.handshake > s.gw.dropMark
		}
		for _, d := range s.gw.dropped {
			if live(d) {
				continue
			}
			ok := false
			for _, sess := range s.gw.order {
				ok = ok || sess.shard == d.shard && live(sess)
			}
			if !ok {
				return false
			}
		}
		return true
	})
}

// sessionFor picks the live (or resumable) session that receives events of
// the guild: Discord's shard formula, DMs to shard 0. Call with s.mu held.
func (s *Server) sessionFor(guildID string) *gwSession {
	var best *gwSession
	for _, sess := range s.gw.order {
		if sess.invalid {
			continue
		}
		shard := 0
		if guildID != "" && sess.shard[1] > 1 {
			g, _ := strconv.ParseUint(guildID, 10, 64)
			shard = int((g >> 22) % uint64(sess.shard[1]))
		}
		if sess.shard[0] != shard {
			continue
		}
		if best == nil || sess.conn != nil || best.conn == nil {
			best = sess
		}
	}
	return best
}

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
