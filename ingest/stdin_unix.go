//go:build unix

package ingest

import (
	"os"
	"syscall"
)

// stdinFile returns standard input for reading. When it is a pipe, a FIFO
// or a socket, it is a duplicate of file descriptor 0 in non-blocking
// mode, read through the runtime's poller, so that closing it wakes a
// read that waits (OpenContext); restore puts descriptor 0 back in
// blocking mode (the mode belongs to the pipe, which other processes may
// share) and is called before the duplicate is closed.
func stdinFile() (f *os.File, restore func()) {
	fi, err := os.Stdin.Stat()
	if err != nil || fi.Mode()&(os.ModeNamedPipe|os.ModeSocket) == 0 {
		return os.Stdin, nil
	}
	fd, err := syscall.Dup(0)
	if err != nil {
		return os.Stdin, nil
	}
	syscall.CloseOnExec(fd)
	if err := syscall.SetNonblock(fd, true); err != nil {
		syscall.Close(fd)
		return os.Stdin, nil
	}
	return os.NewFile(uintptr(fd), "/dev/stdin"), func() { syscall.SetNonblock(0, false) }
}
