module github.com/warroom/warroom

go 1.26.8

require (
	github.com/nicksnyder/go-i18n/v2 v2.7.0
	golang.org/x/image v0.47.0
	golang.org/x/text v0.43.0
	pgregory.net/rapid v1.3.0
)

require golang.org/x/sys v0.49.0 // indirect
