package audit

import (
	"errors"
	"fmt"
	"syscall"

	"github.com/arbiter-chess/arbiter/ingest"
)

// errOutputFull is what a run that ran out of disk space for its tables
// fails with (it wraps the write's own error).
type errOutputFull struct {
	dir        string
	free, size int64 // bytes; -1 when unknown
	err        error
}

func (e *errOutputFull) Error() string {
	space := ""
	if e.free >= 0 {
		space = fmt.Sprintf(", a file system of %s with %s free", ingest.FormatSize(e.size), ingest.FormatSize(e.free))
	}
	return fmt.Sprintf("no space left in the output folder %s (the run's temporary files were removed%s): %v", e.dir, space, e.err)
}

func (e *errOutputFull) Unwrap() error { return e.err }

// explainWriteError names the output folder and its free space when err
// is a full disk (or a quota), so that the user knows where room is
// wanted.
func explainWriteError(dir string, err error) error {
	if !errors.Is(err, syscall.ENOSPC) && !errors.Is(err, syscall.EDQUOT) {
		return err
	}
	free, size := diskSpace(dir)
	return &errOutputFull{dir: dir, free: free, size: size, err: err}
}
