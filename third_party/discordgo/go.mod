module github.com/bwmarrin/discordgo

go 1.13

require github.com/gorilla/websocket v1.4.2
