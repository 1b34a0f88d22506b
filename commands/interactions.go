package commands

import (
	"context"
	"time"
)

// FirstInteraction records that interaction id is acted on, until
// expires, and reports whether it is the first time: false when this
// process, an earlier run or another replica on the same store took it
// before. The transport calls it before handing a request here, since
// commands are not idempotent per interaction (a second /play opens a
// second lobby).
func (s *Service) FirstInteraction(ctx context.Context, id string, expires time.Time) (bool, error) {
	return s.store.FirstInteraction(ctx, id, expires)
}

// ForgetInteractions drops the ids recorded to expire before the given
// time.
func (s *Service) ForgetInteractions(ctx context.Context, before time.Time) error {
	return s.store.ForgetInteractions(ctx, before)
}
