//go:build unix

package unwinnable

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time (user + system) used by this process so far,
// so that benchmarks can report time per call on a shared machine.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
