// Package discordtest is an in-process stand-in for the part of Discord that
// warroom uses, served over real HTTP and WebSocket on 127.0.0.1, so that
// end-to-end tests run the real bot (the vendored discordgo Session, API
// v10) against it and assert on what a Discord user would see.
//
// # Pointing the bot at it
//
// discordgo finds everything through https://discord.com/api/v10/...; give
// the Session an HTTP client that rewrites the scheme and host:
//
//	srv := discordtest.New(t)          // 127.0.0.1:0, closed by t.Cleanup
//	dg, _ := discordgo.New("Bot " + srv.Token())
//	dg.Client = srv.HTTPClient()       // or RewriteTransport(srv.URL(), nil)
//	dg.AddHandler(...)
//	dg.Open()                          // GET /gateway -> ws://127.0.0.1:port/gateway-ws
//
// The gateway URL is returned by GET /gateway and /gateway/bot, so no
// discordgo package variable has to change. The bot must send the token
// srv.Token() (with or without "Bot "), otherwise REST answers 401 and the
// gateway closes with 4004.
//
// # A test reads like what people do and see
//
//	guild := srv.NewGuild()
//	ch := srv.NewChannel(guild)
//	alice, bob := srv.User("alice"), srv.User("bob")
//	// ... start the bot, which registers its commands ...
//	srv.WaitReady(ctx)
//	r := srv.Slash(alice, ch, guild, "play", map[string]any{"game": "flanders"}, "pl").Expect()
//	board := srv.ExpectMessage(ch, func(m *discordtest.Message) bool { return len(m.Buttons()) > 0 })
//	r = srv.ClickLabel(bob, board, "Join").Expect()   // waits for the deferred edit too
//	if !strings.Contains(r.EmbedText(), "Turn 1") { ... }
//	imgs, err := r.Images()                           // decoded PNG attachments
//	ping := srv.ExpectMessage(ch, func(m *discordtest.Message) bool { return m.Pings(alice) })
//	if p := srv.Problems(); len(p) > 0 { t.Fatal(p) } // nothing Discord would refuse
//
// People: Server.User(name) makes a user with a fresh snowflake (the same
// user for the same name); User.Mention is "<@id>". NewGuild (guild_locale
// en-US, as for a non-Community server) or NewGuildWithLocale("pl") and
// NewChannel (a text channel) make ids; NewChannelOfType(guild, type) makes
// voice, announcement, forum, media and DM channels, and threads (with
// their parent) that someone else started. A channel becomes known when
// created so, with AddChannel, or when someone uses the bot in it; the bot
// can post only in known channels and threads (otherwise 404 Unknown
// Channel).
//
// The bot's permissions: every one but ADMINISTRATOR in every channel
// (DefaultBotPermissions) until the test calls SetBotPermissions(channel,
// bits), DenyBot(channel, bit) or GrantBot; threads inherit their parent's.
// BotPermissions(channel) is what interactions send as app_permissions.
//
// Acting (each returns an *Interaction and fails the test when a Discord
// client would not allow the action; the Try* forms return the error and
// may be called from any goroutine, the others only from the test
// goroutine):
//   - Slash(user, channelID, guildID, name, options, locale): a CHAT_INPUT
//     command. name may hold the subcommand path ("game join"), or a
//     subcommand is a nested map: {"join": map[string]any{"table": 3}}. The
//     command must be registered (guild, then global) and options are checked
//     and typed against the registered definition (required, choices,
//     min/max, integer vs number, users resolved).
//   - Autocomplete(user, channelID, guildID, name, options, focused, locale).
//   - Click(user, msg, customID), ClickLabel(user, msg, label),
//     Select(user, msg, customID, values): MESSAGE_COMPONENT interactions.
//     They check msg as the user sees it (the snapshot given): the custom_id
//     must be on it and enabled, the message must still exist, an ephemeral
//     message can be clicked only by its owner and a private thread only by
//     members. The payload carries the message as Discord stores it now, so
//     clicking an old snapshot models a lagging screen (a stale button).
//   - SubmitModal(user, ix, values) answers a modal the bot opened, in the
//     modal's layout (Labels, each with its id) and as Discord's client
//     allows: required inputs filled, min_length/max_length kept. A modal
//     whose Text Inputs are not inside Labels is refused
//     (developers/components/reference.mdx, Text Input).
//   - ForgeSlash, ForgeClick, ForgeSelect, ForgeModalSubmit and
//     Dispatch(*discordgo.Interaction) skip every check, for hostile input
//     (a custom_id never issued, an unknown command, a wrong option type,
//     text past an input's max_length).
//
// The helpers that fail the test fail the test given to New; in a subtest
// use srv.For(t), a view of the same stand-in bound to t.
//
// # HTTP interactions instead of the gateway
//
// The stand-in holds the application's Ed25519 key; PublicKey() is its
// public half in hex, for the bot's --public-key.
// SetInteractionsEndpoint(ctx, url) saves an Interactions Endpoint URL as
// the Developer Portal does: a signed PING must get 200 {"type": 1} as
// JSON and a PING with an invalid signature 401, or the URL is refused.
// From then on every interaction is POSTed there (X-Signature-Ed25519
// over X-Signature-Timestamp, Unix seconds of the stand-in's clock,
// followed by the body, which is the gateway's INTERACTION_CREATE data)
// instead of being dispatched on the gateway. The answer is checked as
// Discord takes it (developers/interactions/receiving-and-responding.mdx,
// "Interaction Callback"): 202 must have no body and come after the bot's
// callback; 200 with an interaction response (JSON) is the callback, run
// through the callback route with its schema and rules; any other status,
// an unreachable endpoint or an answer after the deadline is a failure
// (endpoint-refused, endpoint-unreachable, late-endpoint-answer, ...).
// For hostile requests: HoldNext() keeps the next interaction from being
// sent; ix.Post(ctx, at, forge) sends it signed at at after forge changed
// the headers or body (a 2xx counts it delivered, a refusal not);
// ix.Replay(ctx) sends its last request again byte for byte.
//
// Seeing: an Interaction's Wait(ctx) / Expect() returns the Response the user
// sees: the callback type and Latency, the resulting Message (the original
// response for types 4/5, the component's message for 6/7; a deferral
// counts as answered once @original is edited, a follow-up is sent or the
// message is edited through the channel endpoint), Followups, autocomplete
// Choices, the Modal. WaitAck waits only for the callback; Response() does
// not wait. Message is a snapshot with helpers: Buttons, ButtonLabels (enabled
// ones), Button(id), Selects, EmbedText (titles, descriptions, fields,
// footers, authors, V2 text displays), Text, Images, EmbedImageURLs,
// Mentions/Pings (who was notified), Ephemeral, History (earlier versions).
// Server readers: Messages(ch) (what everyone sees), LastMessage,
// AllMessages (deleted and ephemeral too), Ephemerals(user), Message(id),
// WaitMessage/WaitMessageSince(cursor)/ExpectMessage, Commands(guild) ("" is
// global), WaitCommands, Threads, Thread(id), Interactions, Requests (every
// request in order, with bodies and files), Unexpected (unknown routes),
// Failures (refused calls and unanswered interactions), Problems (both, as
// text), GatewayStats. WaitIdle(ctx, quiet) waits until the bot has answered
// everything and made no request for quiet: use it when what you check
// (a ping, a board edit) follows the interaction's own answer.
//
// Faults: FailNext(method, pathPattern, retryAfter) answers the next matching
// request with 429, Retry-After, X-RateLimit-* and Discord's JSON body
// (discordgo sleeps and retries); patterns are on the path without /api/v10:
// "/channels/*/messages", "/webhooks/*" (a final * covers everything below),
// "/**/messages/*". DropGateway cuts every socket without a
// close frame (the bot should RESUME; dispatches made meanwhile are replayed);
// RequestReconnect sends op 7; InvalidateSessions makes RESUME fail with op 9
// (the bot must IDENTIFY again); WaitReconnected waits for the bot to be back.
// Rate limits: every REST response carries X-RateLimit-Limit, -Remaining,
// -Reset, -Reset-After and -Bucket; over a bucket or the global limit the
// answer is 429 with Retry-After, X-RateLimit-Scope and {message,
// retry_after, global}. A 429 is not a failure (discordgo waits and
// retries); RateLimitStats counts them per bucket, the requests sent into a
// window a 429 announced, and the invalid requests (401, 403, 429): past
// RateLimits.Invalid the stand-in refuses everything for Ban, as
// Cloudflare's ban does (429, an HTML body). WithRateLimits replaces
// DefaultRateLimits (global 50/s, 20 message posts/s per channel, 50/s per
// other route and resource, 1,000 invalid requests a minute: looser than
// Discord so tests stay fast); DiscordRateLimits are Discord's documented
// limits and the stand-in's stated assumptions where the docs give none (5
// posts per 5 s per channel, 5 per 2 s per webhook token).
// Headers (developers/reference.mdx): a User-Agent not of the form
// "DiscordBot ($url, $versionNumber)" is blocked as Cloudflare blocks it
// (403, error code 1010, an HTML body: an assumption); an Authorization
// not "TOKEN_TYPE TOKEN" (and a wrong bot token where one is needed) is
// 401; a body's Content-Type must be one its route takes; an
// X-Audit-Log-Reason must be 1-512 URL-encoded UTF-8 characters.
// Latency: WithLatency(d) makes each request take d, WithUpload(perFile,
// bytesPerSecond) adds each file's upload; both are zero by default (the
// load command sets 80 ms and 300 ms).
// Time: AdvanceClock(d) moves the stand-in's clock (threads archive
// themselves after auto_archive_duration minutes without activity).
// Options: WithDeadline (callback deadline, default 3 s), WithTokenLifetime
// (15 min), WithHeartbeatInterval, WithWaitTimeout (Expect*, 10 s), WithClock,
// WithRateLimits, WithLatency, WithUpload, WithSchemaSample, WithLog.
//
// # What is modelled
//
// Gateway (JSON text frames): HELLO, IDENTIFY (token check, shard [i, n],
// intents recorded) -> READY (user, application id, session_id,
// resume_gateway_url, shard), heartbeats (op 1 -> op 11). resume_gateway_url
// is a second listener on another port (ResumeGatewayURL); a RESUME on the
// GET /gateway URL works, as on Discord, but is counted in
// GatewayStats().ResumesOnWrongURL. RESUME -> replay of
// missed dispatches -> RESUMED, op 9 for unknown or invalidated sessions, op 7
// on demand, close codes 4001-4012 for protocol errors; a client close with
// 1000/1001 ends the session (a bot restart identifies again), other drops
// keep it resumable. INTERACTION_CREATE goes to the session of the guild's
// shard ((guild_id >> 22) % n; DMs to shard 0); with no session at all the
// interaction is recorded as not Delivered, as when a bot is offline.
//
// REST under /api/v10 only (bot token required except on interaction callbacks
// and webhooks): GET /gateway, /gateway/bot, /users/@me, /users/{id},
// /applications/@me; application commands for the app and per guild (GET,
// bulk-overwrite PUT, POST, DELETE) with Discord's validation (lowercase
// names 1-32, descriptions 1-100, at most 25 options and choices, required
// before optional, no choices with autocomplete, subcommand layout,
// localizations with valid locales, 8000 characters) and ids that stay
// stable across overwrites; POST /interactions/{id}/{token}/callback for
// types 4-9 (type checked against the interaction type, EPHEMERAL 64 and
// other allowed flags, JSON or multipart payload_json + files[n]) - a second
// callback is 400 code 40060, one after the deadline is 404 code 10062, and
// both are recorded as failures; follow-ups POST /webhooks/{app}/{token}
// (?wait=true returns the message; the first follow-up after a type 5
// deferral fills in the "thinking" message) and GET/PATCH/DELETE
// .../messages/@original and /messages/{id} (before the callback: 404
// Unknown Message; after the token lifetime: 401 code 50027); channel
// messages POST/GET/PATCH/DELETE (ephemeral messages are invisible there),
// GET list; threads POST /channels/{c}/threads (private, type 12, by
// default) and /channels/{c}/messages/{m}/threads (public, id = the
// message id, once per message: 160004), PUT/DELETE thread members (not on
// an archived thread: 50083), PATCH /channels/{t} (archive, lock, name,
// invitable, auto_archive_duration), GET/DELETE /channels/{t}; a message to
// an archived, unlocked thread unarchives it. Attachment URLs are served by
// the stand-in at /attachments/.... Edits follow API v10
// (developers/resources/message.mdx "Edit Message", reference.mdx "Editing
// Message Attachments"): with an attachments list, exactly the listed
// attachments are present after the edit, old ones by id and new files by
// their files[n] index, so a new file left out of the list is dropped;
// without one, old attachments stay and files are appended. A list entry
// naming neither is refused.
//
// Threads (developers/topics/threads.mdx): editing a message in an archived
// thread is 400 code 50083 through every endpoint (channel PATCH, webhook
// PATCH of @original or a follow-up, type 7 UPDATE_MESSAGE), so is changing
// an archived thread other than unarchiving it, and adding or removing
// members; deleting messages stays allowed; a new message in an archived,
// locked thread is 50083 and does not unarchive it; in a locked thread only
// MANAGE_THREADS may post or edit (160005). Users cannot run commands in
// archived threads (TrySlash errs). Channel types: no messages in forum or
// media channels (40058); forum posts need a message and create a public
// thread whose first message has the thread's id; private threads only in
// text channels, announcement threads only in announcement channels, no
// threads in threads, voice or DMs (50024); interactions carry the channel
// partial (id, type, parent_id for threads), and DMs user without member.
// Permissions (developers/topics/permissions.mdx): VIEW_CHANNEL for every
// channel endpoint (403 code 50001; private threads also need membership
// or MANAGE_THREADS), SEND_MESSAGES to post (SEND_MESSAGES_IN_THREADS in
// threads), ATTACH_FILES to upload, READ_MESSAGE_HISTORY to reply (160002)
// and to read messages, CREATE_PUBLIC/PRIVATE_THREADS, MANAGE_THREADS to
// lock, delete or change a thread the bot did not create, MANAGE_CHANNELS
// to rename a channel (403 code 50013); without VIEW_CHANNEL or
// SEND_MESSAGES the dependent permissions are implicitly denied. Embeds
// sent without EMBED_LINKS are accepted but not shown, recorded as an
// "embeds-hidden" failure. Interaction callbacks and follow-ups need no
// channel permission. All refusals are recorded as failures.
//
// Messages: attachment://name in embeds resolves to the newest attachment
// with that name. An edit with new files and no "attachments" field keeps the old
// files and appends (send attachments: [] to replace an image); with the
// field, only the listed old ones are kept. On an edit (and a type 7
// update), an explicit "embeds": null or "content": null clears the field
// while "components": null changes nothing, as on Discord: discordgo's
// InteractionResponseData always sends "embeds", so a type 7 without Embeds
// removes the embeds. Pings: <@id>/<@!id>, <@&role>
// and @everyone/@here in content, filtered by allowed_mentions (absent =
// all; parse users together with a users list is 400); computed when a
// message is created, never by an edit; filling in a deferred (type 5)
// response, by editing @original or by the first follow-up, is an edit and
// pings nobody (as Discord does: ping with a new message); an ephemeral
// message pings at most its viewer.
//
// # What is checked, and from which source
//
// Every request body (a JSON body, or the payload_json of a multipart one)
// and every interaction callback is first validated, before its route runs,
// against the operation's application/json request schema in Discord's own
// OpenAPI 3.1 document (testdata/discord-openapi.json from
// github.com/discord/discord-api-spec, see testdata/README.md), with the
// JSON Schema 2020-12 validator santhosh-tekuri/jsonschema. Paths match the
// document's after the /api/vN prefix; the document is loaded once per
// process and each operation's schema compiled once (about 0.8 ms per
// validated board callback). Types, enums (callback and component types,
// button styles), required fields, string lengths and array counts come
// from there. Every object schema is treated as closed (only one of the
// document's request schemas says additionalProperties: false): a field
// that no schema reachable through $ref, allOf, oneOf or anyOf names is
// refused with STAND_IN_UNKNOWN_FIELD (Discord itself ignores it, so a
// misspelled field would otherwise pass unnoticed). Before that, every
// request's shape is checked against its operation: a required body that
// is empty or not JSON (50109), a Content-Type the operation does not
// take or a body where it takes none (50035), and query parameters the
// operation does not declare or of the wrong type (wait, with_response:
// true or false). Unicode emojis in buttons and select options must be
// fully-qualified emojis of Unicode's emoji-test.txt (Emoji 15.0,
// testdata/emoji-test.txt; ValidEmoji exports the check); a custom emoji
// needs a snowflake id; otherwise the field is refused with
// BUTTON_COMPONENT_INVALID_EMOJI. Such refusals are 400 code 50035 "Invalid
// Form Body" with Discord's nested errors object ({"components": {"0":
// {"components": {"1": {"emoji": {"name": {"_errors": [...]}}}}}}}).
//
// Then validate.go checks what the schema does not express, each rule
// citing its page in discord-api-docs: content 2000 (the schema allows
// 4000), IS_COMPONENTS_V2 (no content or embeds, up to 40 components in
// all), empty messages (50006), the embed limits measured after trimming
// (fields named, 6000 in total, image urls http(s) or attachment://), 5
// action rows of up to 5 buttons or one select, custom_id required and
// unique in the message, the fields of each button style, unique select
// values and max_values within the options, files up to 10 MiB, 10 per
// message, 25 MiB a request; commands: the naming regex and lowercase,
// description 1-100, options order and layout, choices, locales, 8000
// characters counting the longest localization. A refusal is recorded as a
// failure (Failures, Problems).
//
// # What is not modelled
//
// Role and overwrite arithmetic (the test sets the bot's result per
// channel; users' permissions are default_member_permissions and
// contexts or dm_permission only), MENTION_EVERYONE, guilds, members, roles and
// channels as objects (GUILD_CREATE,
// THREAD_CREATE and other gateway events are not sent), message content
// and MESSAGE_CREATE events, reactions, pins, polls, stickers, webhooks
// other than interaction follow-ups, Discord's own retries and routine
// security probes of an interactions endpoint, zlib
// transport compression (frames are plain JSON text), Discord's real bucket
// sizes (DiscordRateLimits assumes some) and shared buckets across routes,
// server-wide active thread limits, pinned forum
// threads, thread notifications, the 5-follow-up limit of user-installed apps, the
// 15-minute limit on editing ephemeral messages through tokens beyond
// WithTokenLifetime, attachment descriptions in embeds, Components V2 media
// checks, the exact text of Discord's error bodies (codes and statuses are
// Discord's; the schema and emoji errors are nested like Discord's, with
// codes named after the documented BASE_TYPE_* examples, validate.go's are
// one top-level message), headers, formats
// (uri, date-time) in the schema, and the ordering of events
// across several shards.
package discordtest
