// Package discordtest is an in-process stand-in for Discord.
package discordtest
