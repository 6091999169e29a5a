//go:build !unix

package unwinnable

import "time"

// cpuTime is not available here: the CPU metric reads zero.
func cpuTime() time.Duration { return 0 }
