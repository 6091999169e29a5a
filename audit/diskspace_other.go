//go:build !unix

package audit

// diskSpace is unknown here (see diskspace_unix.go).
func diskSpace(string) (free, size int64) { return -1, -1 }
