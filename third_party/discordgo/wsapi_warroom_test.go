package discordgo

// warroom patch: CloseWithCode waits for the gateway's close frame in
// answer, not a fixed second.

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// closingGateway accepts one websocket and reads until the client's
// close frame, which gorilla's default handler answers with its own
// (RFC 6455 section 5.5.1), as Discord's gateway does; echo false reads
// on but never answers.
func closingGateway(t *testing.T, echo bool) string {
	t.Helper()
	up := websocket.Upgrader{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := up.Upgrade(w, r, nil)
		if err != nil {
			return
		}
		defer ws.Close()
		if !echo {
			ws.SetCloseHandler(func(int, string) error { return nil })
		}
		for {
			if _, _, err := ws.ReadMessage(); err != nil {
				if !echo {
					time.Sleep(3 * time.Second) // keep the connection open
				}
				return
			}
		}
	}))
	t.Cleanup(srv.Close)
	return "ws" + strings.TrimPrefix(srv.URL, "http")
}

// listeningSession is a Session connected to url with its listen
// goroutine running, as Open leaves it.
func listeningSession(t *testing.T, url string) *Session {
	t.Helper()
	s := &Session{}
	conn, _, err := websocket.DefaultDialer.Dial(url, nil)
	if err != nil {
		t.Fatal(err)
	}
	conn.SetCloseHandler(func(int, string) error { return nil }) // as Open does
	s.wsConn, s.listening, s.readEnded = conn, make(chan interface{}), make(chan struct{})
	go s.listen(s.wsConn, s.listening, s.readEnded)
	return s
}

// TestCloseWaitsForTheAnswerOnly: a gateway that answers the close frame
// lets Close return at once (HEAD slept a whole second: a bot's restart,
// and every test that stops one, waited for it); one that never answers
// still gets the second before the connection is dropped.
func TestCloseWaitsForTheAnswerOnly(t *testing.T) {
	s := listeningSession(t, closingGateway(t, true))
	start := time.Now()
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > 500*time.Millisecond {
		t.Errorf("Close took %v with a gateway that answers at once", took)
	}

	s = listeningSession(t, closingGateway(t, false))
	start = time.Now()
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took < 900*time.Millisecond {
		t.Errorf("Close took %v with a gateway that never answers: it should wait the second", took)
	}
}
