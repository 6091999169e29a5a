package audit

import (
	"sync/atomic"

	"github.com/arbiter-chess/arbiter/report"
)

// helper lends the table writers a second CPU for the last pages of a row
// group (report.Helper), under the tokens: at once when one is free;
// once drained is set (the input is read, the last parts' closes are all
// that is left, and the workers are giving their CPUs back), as soon as
// one frees up; otherwise not at all, since ending every page before the
// close keeps them all in memory at once. A helper still waiting for a
// token when the writer is done gives up: the writer waits, holding its
// own token, only for a helper that holds one too.
func (c cpuTokens) helper(drained *atomic.Bool) report.Helper {
	return func(work func() error) (func() error, bool) {
		release, ok := c.tryAcquire()
		if !ok && !drained.Load() {
			return nil, false
		}
		done := make(chan struct{})
		errc := make(chan error, 1)
		go func() {
			if !ok {
				var got bool
				if release, got = c.acquireUntil(done); !got {
					errc <- nil
					return
				}
			}
			defer release()
			errc <- work()
		}()
		return func() error {
			close(done)
			return <-errc
		}, true
	}
}
