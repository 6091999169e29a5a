//go:build !unix

package output

import (
	"io"
	"os"
)

// lockFolder opens the lock file without locking it: this platform has no
// flock, and a lock file alone would outlive a killed run.
func lockFolder(path string) (io.Closer, error) {
	return os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
}
