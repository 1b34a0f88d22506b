package commands

import (
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/games"
	"github.com/warroom/warroom/render"
)

// A permission the bot needs in a channel, with its catalogue key (the
// name Discord's own settings show, so an admin finds it).
type permission struct {
	bit int64
	key string
}

// The permissions behind what the bot does at a table
// (developers/topics/permissions.mdx; developers/resources/message.mdx
// "Create Message"; developers/resources/channel.mdx "Start Thread
// without Message", "Add Thread Member"). Archiving its own team thread
// needs no Manage Threads: "Editing a thread to change the name, archived,
// auto_archive_duration fields requires MANAGE_THREADS or that the current
// user is the thread creator" (developers/topics/threads.mdx).
var (
	permView           = permission{discordgo.PermissionViewChannel, "view_channel"}
	permSend           = permission{discordgo.PermissionSendMessages, "send_messages"}
	permSendInThreads  = permission{discordgo.PermissionSendMessagesInThreads, "send_messages_in_threads"}
	permEmbedLinks     = permission{discordgo.PermissionEmbedLinks, "embed_links"}
	permAttachFiles    = permission{discordgo.PermissionAttachFiles, "attach_files"}
	permPrivateThreads = permission{discordgo.PermissionCreatePrivateThreads, "create_private_threads"}
)

// isThread: posts there need Send Messages in Threads instead of Send
// Messages (developers/topics/permissions.mdx, "Permissions For Threads").
func isThread(t discordgo.ChannelType) bool {
	return t == discordgo.ChannelTypeGuildPublicThread || t == discordgo.ChannelTypeGuildPrivateThread || t == discordgo.ChannelTypeGuildNewsThread
}

// neededHere is what the bot needs in the interaction's channel to post a
// table's messages there; a co-op lobby also opens and fills a private
// team thread.
func (s *Service) neededHere(req Request, coopLobby bool) []permission {
	send := permSend
	if req.Channel != nil && isThread(req.Channel.Type) {
		send = permSendInThreads
	}
	need := []permission{permView, send, permEmbedLinks}
	if s.Images {
		need = append(need, permAttachFiles)
	}
	if coopLobby {
		need = append(need, permPrivateThreads, permSendInThreads)
	}
	return need
}

// missing is what need lacks in the bot's permissions in this channel, as
// Discord reported them with the interaction (app_permissions); nothing
// when Discord did not say.
func missing(req Request, need []permission) []permission {
	if req.AppPermissions == nil {
		return nil
	}
	var out []permission
	for _, p := range need {
		if *req.AppPermissions&p.bit == 0 && !containsPerm(out, p) {
			out = append(out, p)
		}
	}
	return out
}

func containsPerm(ps []permission, p permission) bool {
	for _, x := range ps {
		if x == p {
			return true
		}
	}
	return false
}

// permissionNames lists permissions by their names in Discord's settings,
// in the reader's language.
func permissionNames(rc render.Audience, ps []permission) string {
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = rc.T("core.perm." + p.key)
	}
	return strings.Join(names, ", ")
}

// checkPlace refuses, before anything changes, a request the bot could
// not carry out in this channel: a co-op game where Discord allows no
// private thread, or a channel where the bot lacks a permission. The
// answer is private and names what to do; ok is false then.
func (s *Service) checkPlace(req Request, info games.Info, t *data.Table) (Response, bool) {
	coopLobby := info.Coop && (t == nil || t.Status == data.StatusLobby)
	// "Private threads ... can only be created in GUILD_TEXT channels"
	// (developers/topics/threads.mdx, "Public & Private Threads").
	if coopLobby && req.Channel != nil && req.Channel.Type != discordgo.ChannelTypeGuildText {
		return private(req, "core.err.coop_needs_text_channel", "Game", render.GameName(userCtx(req), info.ID)), false
	}
	if miss := missing(req, s.neededHere(req, coopLobby)); len(miss) > 0 {
		return private(req, "core.err.bot_lacks", "Permissions", permissionNames(userCtx(req), miss)), false
	}
	return Response{}, true
}

// PermissionNotice tells a player privately why a committed move's board
// did not appear (Discord refused it for a missing permission), naming
// what the bot lacks where Discord said so.
func (s *Service) PermissionNotice(req Request) render.Message {
	rc := userCtx(req)
	if miss := missing(req, s.neededHere(req, false)); len(miss) > 0 {
		return render.Notice(rc, "core.err.bot_permissions_named", "Permissions", permissionNames(rc, miss))
	}
	return render.Notice(rc, "core.err.bot_permissions")
}
