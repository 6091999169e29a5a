//go:build unix

package ingest

import "syscall"

func syscallMkfifo(path string) error { return syscall.Mkfifo(path, 0o600) }
