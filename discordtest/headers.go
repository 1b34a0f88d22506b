package discordtest

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"unicode/utf8"
)

// The request headers Discord requires of every HTTP API call
// (developers/reference.mdx, "Authentication", "User Agent", "Content
// Type"; developers/resources/audit-log.mdx for X-Audit-Log-Reason). The
// body's Content-Type is checked against the route's media types in
// checkShape; the bot token of a route that needs one in admit.

// reUserAgent is "DiscordBot ($url, $versionNumber)", to which "clients
// may append more information".
var reUserAgent = regexp.MustCompile(`^DiscordBot \([^\s,()]+, [^\s,()]+\)`)

// reAuthorization is "Authorization: TOKEN_TYPE TOKEN", a bot's or an
// OAuth2 bearer's.
var reAuthorization = regexp.MustCompile(`^(Bot|Bearer) \S+$`)

// blockedAgent answers a request without a valid User-Agent as Discord's
// docs say it may be: "blocked and return a Cloudflare error". Which
// error is an assumption: Cloudflare's 1010 (a banned browser
// signature), a 403 with an HTML page and none of Discord's headers. It
// reports whether it did.
func (s *Server) blockedAgent(c *call) bool {
	if reUserAgent.MatchString(c.r.Header.Get("User-Agent")) {
		return false
	}
	s.mu.Lock()
	s.failures = append(s.failures, Failure{Kind: "user-agent", Status: http.StatusForbidden,
		Message: "blocked: User-Agent " + quote(c.r.Header.Get("User-Agent")) + " is not \"DiscordBot ($url, $versionNumber)\" (reference.mdx, User Agent)", Request: c.rec})
	s.mu.Unlock()
	c.w.Header().Set("Content-Type", "text/html")
	c.replyRaw(http.StatusForbidden, []byte("<html><body>error code: 1010</body></html>"))
	return true
}

// checkHeaders refuses an Authorization header that is not "TOKEN_TYPE
// TOKEN" (on a route that needs none too: a malformed one is never sent
// by a client that knows the format) and an X-Audit-Log-Reason that is
// not 1-512 URL-encoded UTF-8 characters.
func checkHeaders(h http.Header) *apiError {
	if a, ok := h["Authorization"]; ok && (len(a) != 1 || !reAuthorization.MatchString(a[0])) {
		return &apiError{Status: 401, Code: 0, Message: "401: Unauthorized", kind: "unauthorized"}
	}
	if r, ok := h["X-Audit-Log-Reason"]; ok {
		dec, err := url.PathUnescape(strings.Join(r, ""))
		n := utf8.RuneCountInString(dec)
		if len(r) != 1 || err != nil || !utf8.ValidString(dec) || n < 1 || n > 512 || !isASCII(r[0]) {
			return errInvalid("X-Audit-Log-Reason %s: not 1-512 URL-encoded UTF-8 characters (audit-log.mdx)", quote(strings.Join(r, ",")))
		}
	}
	return nil
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf || s[i] < ' ' {
			return false
		}
	}
	return true
}

func quote(s string) string { return "\"" + strings.ReplaceAll(s, "\"", "\\\"") + "\"" }
