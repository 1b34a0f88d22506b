package bot

import (
	"bufio"
	"bytes"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// strangerServer is the endpoint behind the server `warroom serve` runs.
func strangerServer(t *testing.T) *httptest.Server {
	srv := httptest.NewUnstartedServer(nil)
	srv.Config = newServer(testEndpoint())
	srv.Start()
	t.Cleanup(srv.Close)
	return srv
}

// withhold opens a connection and sends a POST whose body stops one
// byte short: head is the request line and headers, body what follows.
func withhold(addr, head string, body []byte) (net.Conn, error) {
	c, err := net.Dial("tcp", addr)
	if err != nil {
		return nil, err
	}
	c.SetWriteDeadline(time.Now().Add(3 * time.Second))
	c.Write([]byte(head))
	c.Write(body) // refused early, the server stops reading: ignore errors
	return c, nil
}

// liveHeapPeak samples the live heap (after a collection) until stop
// closes, and returns its highest value.
func liveHeapPeak(stop <-chan struct{}) <-chan uint64 {
	out := make(chan uint64, 1)
	go func() {
		var peak uint64
		var m runtime.MemStats
		for {
			runtime.GC()
			runtime.ReadMemStats(&m)
			peak = max(peak, m.HeapAlloc)
			select {
			case <-stop:
				out <- peak
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	return out
}

// Strangers' connections that send large bodies and withhold their last
// byte hold a bounded amount of memory, whatever their number. Before
// the limits, each held its whole body (up to 1 MiB) until the server's
// ReadTimeout: 200 of them grew the heap by 227 MiB.
func TestEndpointStrangersMemoryBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("opens 300 connections")
	}
	const n = 300
	// maxUnverified bodies (io.ReadAll's copies of a chunked one), the
	// garbage of those refused since the last collection, and some 8 KiB
	// for each connection: with room for other tests' goroutines.
	const limit = 32 << 20
	mib := bytes.Repeat([]byte("x"), 1<<20)
	headers := "POST " + InteractionsPath + " HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" +
		"X-Signature-Ed25519: " + strings.Repeat("00", 64) + "\r\nX-Signature-Timestamp: 1800000000\r\n"
	cases := []struct {
		name, head string
		body       []byte
	}{
		{"declared 1 MiB", headers + fmt.Sprintf("Content-Length: %d\r\n\r\n", 1<<20), mib[:1<<20-1]},
		{"chunked 1 MiB", headers + "Transfer-Encoding: chunked\r\n\r\n100000\r\n", mib[:1<<20-1]},
		{"declared 200 KiB, within the bound", headers + fmt.Sprintf("Content-Length: %d\r\n\r\n", 200<<10), mib[:200<<10-1]},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := strangerServer(t)
			addr := srv.Listener.Addr().String()
			runtime.GC()
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			base := m.HeapAlloc
			stop := make(chan struct{})
			peak := liveHeapPeak(stop)
			var wg sync.WaitGroup
			conns := make(chan net.Conn, n)
			for range n {
				wg.Go(func() {
					if conn, err := withhold(addr, c.head, c.body); err == nil {
						conns <- conn
					}
				})
			}
			wg.Wait()
			time.Sleep(2500 * time.Millisecond) // past slotWait and bodyWait
			close(stop)
			grew := int64(<-peak) - int64(base)
			close(conns)
			for conn := range conns {
				conn.Close()
			}
			t.Logf("%d connections: live heap grew by at most %.1f MiB (%.1f KiB a connection)",
				n, float64(grew)/(1<<20), float64(grew)/n/1024)
			if grew > limit {
				t.Errorf("live heap grew by %.1f MiB with %d withheld bodies, want at most %d MiB",
					float64(grew)/(1<<20), n, limit>>20)
			}
		})
	}
}

// A body declared over the bound is refused with 413 at once, before any
// of it is read: the answer comes while most of it is still unsent.
func TestEndpointRefusesOversizedUnread(t *testing.T) {
	srv := strangerServer(t)
	c, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "POST %s HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n{\"id\":", InteractionsPath, 1<<20)
	c.SetReadDeadline(time.Now().Add(2 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("no answer while the body is withheld: %v", err)
	}
	if resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("status %d, want 413", resp.StatusCode)
	}
}

// A header over maxHeaderBytes is refused (431), not held.
func TestEndpointRefusesLargeHeader(t *testing.T) {
	srv := strangerServer(t)
	req, _ := http.NewRequest(http.MethodPost, srv.URL+InteractionsPath, strings.NewReader("{}"))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Pad", strings.Repeat("p", 2*maxHeaderBytes))
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("status %d, want 431", resp.StatusCode)
	}
}
