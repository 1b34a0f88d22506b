package discordtest

import "testing"

func TestMatchPath(t *testing.T) {
	for _, c := range []struct {
		pat, path string
		want      bool
	}{
		{"/channels/*/messages", "/channels/1/messages", true},
		{"/channels/*/messages", "/channels/1/messages/2", false},
		{"/channels/*/messages", "/channels/1", false},
		{"/webhooks/*", "/webhooks/1/tok/messages/@original", true},
		{"/webhooks/*", "/webhooks/1", true},
		{"/webhooks/*", "/webhooks", false},
		{"/**/messages/*", "/channels/1/messages/2", true},
		{"/**/messages/*", "/webhooks/1/t/messages/@original", true},
		{"/interactions/**/callback", "/interactions/1/t/callback", true},
		{"/users/@me", "/users/@me", true},
		{"/users/@me", "/users/1", false},
	} {
		if got := matchPath(c.pat, c.path); got != c.want {
			t.Errorf("matchPath(%q, %q) = %v", c.pat, c.path, got)
		}
	}
}
