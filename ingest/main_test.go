package ingest

import (
	"flag"
	"os"
)

var (
	update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")
	long   = flag.Bool("long", os.Getenv("ARBITER_LONG") != "", "run the slow tests (large corpus files, benchmarks inputs)")
)
