// Package cputime reads the CPU time the process has used, for benchmarks
// that report speed per CPU-second: on a shared machine it is steadier
// than wall time.
package cputime

import "time"

// Now returns the CPU time (user + system, all threads) used by the
// process so far, or 0 where the platform does not say.
func Now() time.Duration { return now() }
