module github.com/bwmarrin/discordgo

go 1.26.0

require (
	github.com/gorilla/websocket v1.4.2
	golang.org/x/time v0.16.0
)
