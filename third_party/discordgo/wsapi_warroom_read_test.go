package discordgo

import (
	"bytes"
	"testing"

	"github.com/gorilla/websocket"
)

// interactionFrame is a gateway dispatch of an INTERACTION_CREATE.
var interactionFrame = []byte(`{"op":0,"s":7,"t":"INTERACTION_CREATE","d":{"id":"1","type":3,"token":"t","message":{"id":"m","content":"` +
	string(bytes.Repeat([]byte("x"), 4000)) + `"}}}`)

// A raw event keeps nothing of the bytes it was read from (warroom
// patch): listen reads every message into one buffer and overwrites it
// with the next.
func TestOnEventKeepsNoPartOfTheMessage(t *testing.T) {
	s, err := New("Bot x")
	if err != nil {
		t.Fatal(err)
	}
	s.SyncEvents, s.RawEvents = true, map[string]bool{"INTERACTION_CREATE": true}
	var got *Event
	s.AddHandler(func(_ *Session, e *Event) { got = e })
	msg := bytes.Clone(interactionFrame)
	if _, err := s.onEvent(websocket.TextMessage, msg); err != nil {
		t.Fatal(err)
	}
	want := bytes.Clone(got.RawData)
	for i := range msg {
		msg[i] = ' '
	}
	if got == nil || got.Type != "INTERACTION_CREATE" || got.Sequence != 7 || !bytes.Equal(got.RawData, want) || !bytes.Contains(want, []byte(`"token":"t"`)) {
		t.Fatalf("the event changed with the buffer it was read from: %+v", got)
	}
}

// BenchmarkOnEvent: decoding a click's dispatch (warroom patch: from its
// bytes, without a Decoder's growing buffer or the debug line's copy).
func BenchmarkOnEvent(b *testing.B) {
	s, err := New("Bot x")
	if err != nil {
		b.Fatal(err)
	}
	s.SyncEvents, s.RawEvents = true, map[string]bool{"INTERACTION_CREATE": true}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.onEvent(websocket.TextMessage, interactionFrame); err != nil {
			b.Fatal(err)
		}
	}
}
