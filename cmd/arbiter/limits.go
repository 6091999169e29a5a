package main

import (
	"flag"
	"fmt"

	"github.com/arbiter-chess/arbiter/audit"
	"github.com/arbiter-chess/arbiter/ingest"
)

// limitFlags are the limits of each input of an audit: what a hostile or
// damaged file may cost.
type limitFlags struct {
	window, bytes *string
	expansion     *int64
}

func addLimitFlags(fs *flag.FlagSet) limitFlags {
	return limitFlags{
		window: fs.String("max-window", "2GiB", "largest zstd window accepted, the memory a file needs to decompress (`SIZE`, at most 2GiB as zstd --long=31 writes); a file that needs more is refused (window_too_large)"),
		bytes:  fs.String("max-bytes", "0", "stop reading an input after `SIZE` decompressed bytes (0: no limit; input_bomb)"),
		expansion: fs.Int64("max-expansion", ingest.DefaultMaxExpansion,
			"stop reading a compressed input that decompresses to more than `N` times its size, once past 8MiB (0: no limit; input_bomb)"),
	}
}

// apply checks the limits and puts them in cfg.
func (l limitFlags) apply(cfg *audit.Config) error {
	w, err := ingest.ParseSize(*l.window)
	if err != nil {
		return fmt.Errorf("-max-window: %w", err)
	}
	if w < 1<<10 || w > ingest.MaxZstdWindow {
		return fmt.Errorf("-max-window %s: want 1KiB to 2GiB", *l.window)
	}
	b, err := ingest.ParseSize(*l.bytes)
	if err != nil {
		return fmt.Errorf("-max-bytes: %w", err)
	}
	if *l.expansion < 0 {
		return fmt.Errorf("-max-expansion %d: want 0 (no limit) or more", *l.expansion)
	}
	cfg.MaxWindow, cfg.MaxBytes, cfg.MaxExpansion = w, b, *l.expansion
	if *l.expansion == 0 {
		cfg.MaxExpansion = -1 // no limit (0 is ingest's default)
	}
	return nil
}
