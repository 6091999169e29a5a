package ingest

import (
	"flag"
)

var (
	update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")
	long   = flag.Bool("long", false, "run the slow tests (large corpus files, benchmarks inputs)")
)
