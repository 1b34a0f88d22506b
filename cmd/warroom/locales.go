package main

import (
	"embed"

	"github.com/warroom/warroom/render/i18n"
)

// The terminal's own lines (warroom play), in English, Polish and Russian.
//
//go:embed locales/*.json
var locales embed.FS

func init() { i18n.Register(locales, "locales") }
