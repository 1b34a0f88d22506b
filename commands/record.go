package commands

import (
	"context"
	"fmt"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/render"
)

// maxRecordBytes is Discord's default upload limit per file
// (developers/reference.mdx, "Uploading Files": 10 MiB for all users).
const maxRecordBytes = 10 << 20

// record answers "Game record" on a finished board: the game's export as a
// file, privately, so any player can check its dice with `warroom verify`
// without asking an admin. A finished game has nothing hidden left: its
// export is whole, seed included (Export).
func (s *Service) record(ctx context.Context, req Request, l *loaded) Response {
	if l.t.Status != data.StatusFinished {
		return private(req, "core.err.not_finished")
	}
	b, err := s.export(ctx, l.t, false)
	if err != nil {
		return s.internal(req, err)
	}
	if len(b) > maxRecordBytes {
		return private(req, "core.record.too_big")
	}
	name := fmt.Sprintf("warroom-%s-%s.json", l.t.Game, l.t.ID)
	key := "core.record.text"
	if l.t.Seed == nil {
		key = "core.record.no_seed"
	}
	resp := private(req, key, "File", name)
	resp.Reply.Message.Files = []render.File{{Name: name, Data: b}}
	return resp
}
