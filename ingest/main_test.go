package ingest

import (
	"flag"
	"os"
)

var (
	update   = flag.Bool("update", false, "rewrite the golden files under testdata/golden")
	longFlag = flag.Bool("long", false, "run the slow tests (large corpus files, benchmarks inputs)")
)

// long reports whether the slow tests run: -long, or ARBITER_LONG set in
// the environment. The variable is read here, while a test runs, and not
// when the flag is declared, so that go test's cache keys on it (a read
// during package initialisation is not recorded, and a cached short run
// would stand for a long one).
func long() bool { return *longFlag || os.Getenv("ARBITER_LONG") != "" }
