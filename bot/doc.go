// Package bot is warroom's Discord transport: it opens the discordgo
// session, registers the slash commands, turns interactions into
// commands.Request values, answers within Discord's deadlines, and carries
// out what the table service asks for (board messages, pings, threads).
package bot

import _ "github.com/bwmarrin/discordgo" // the Discord client this package wraps
