//go:build unix

package audit

import "syscall"

// diskSpace returns the bytes free (for an unprivileged user) and the
// size of the file system holding dir, or -1, -1.
func diskSpace(dir string) (free, size int64) {
	var st syscall.Statfs_t
	if syscall.Statfs(dir, &st) != nil {
		return -1, -1
	}
	return int64(st.Bavail) * int64(st.Bsize), int64(st.Blocks) * int64(st.Bsize)
}
