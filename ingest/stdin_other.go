//go:build !unix

package ingest

import "os"

// stdinFile returns standard input for reading (see stdin_unix.go).
func stdinFile() (*os.File, func()) { return os.Stdin, nil }
